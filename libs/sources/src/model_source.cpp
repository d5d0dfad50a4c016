#include "model_source.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <thread>
#include <utility>

#include "tengen/ai/error_log.h"
#include "tengen/core/coords.h"
#include "tengen/core/text.h"
#include "tengen/sources/board_image.h"

namespace tengen::sources {

namespace {

using ai::Answer;
using ai::MoveRequest;

// "19|18|...|1": the longest numbers first, so that a regex engine without backtracking still takes "19" whole.
std::string numberAlternatives(int from, int to) {
  std::string out;
  for (int n = to; n >= from; --n) {
    if (!out.empty()) out += '|';
    out += std::to_string(n);
  }
  return out;
}

}  // namespace

std::string_view coordFormatName(CoordFormat format) { return format == CoordFormat::RowCol ? "rowcol" : "gtp"; }

std::optional<CoordFormat> parseCoordFormat(std::string_view name) {
  if (name == "gtp") return CoordFormat::Gtp;
  if (name == "rowcol") return CoordFormat::RowCol;
  return std::nullopt;
}

std::string_view constraintName(Constraint constraint) {
  switch (constraint) {
    case Constraint::None:
      return "none";
    case Constraint::Regex:
      return "regex";
    case Constraint::Choice:
      return "choice";
  }
  return "none";
}

std::optional<Constraint> parseConstraint(std::string_view name) {
  if (name == "none") return Constraint::None;
  if (name == "regex") return Constraint::Regex;
  if (name == "choice") return Constraint::Choice;
  return std::nullopt;
}

std::string_view constraintApiName(ConstraintApi api) {
  switch (api) {
    case ConstraintApi::VllmStructuredOutputs:
      return "vllm";
    case ConstraintApi::VllmGuided:
      return "vllm-guided";
    case ConstraintApi::LlamaCppGrammar:
      return "llama";
  }
  return "vllm";
}

std::optional<ConstraintApi> parseConstraintApi(std::string_view name) {
  if (name == "vllm") return ConstraintApi::VllmStructuredOutputs;
  if (name == "vllm-guided") return ConstraintApi::VllmGuided;
  if (name == "llama") return ConstraintApi::LlamaCppGrammar;
  return std::nullopt;
}

std::string moveRegex(int size, CoordFormat format) {
  // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) about "literal" + std::string temporaries.
  std::string regex = "(pass|";
  if (format == CoordFormat::RowCol) {
    const std::string index = numberAlternatives(0, size - 1);
    regex += "\\((";
    regex += index;
    regex += "), (";
    regex += index;
    regex += ")\\))";
    return regex;
  }
  regex += '[';
  regex += gtpColumnLetters(size);
  regex += "](";
  regex += numberAlternatives(1, size);
  regex += "))";
  return regex;
}

std::vector<std::string> legalChoices(const Game& game, Color color, CoordFormat format) {
  // Asked out of turn (GTP's genmove allows it), the colour asked for is judged as if it were its turn.
  std::vector<std::string> choices;
  for (const Point p : game.legalPoints(color)) choices.push_back(pointText(p, game.size(), format));
  choices.emplace_back("pass");
  return choices;
}

Result<std::unique_ptr<ModelSource>> ModelSource::make(std::string_view spec, std::string_view baseUrl,
                                                       const SourceOptions& options,
                                                       std::unique_ptr<net::HttpClient> http, sources::Sleeper sleep) {
  using R = Result<std::unique_ptr<ModelSource>>;
  const ModelOptions& model = options.model;
  if (!(baseUrl.starts_with("http://") || baseUrl.starts_with("https://"))) {
    return R::failure("openai: needs the server's base URL, e.g. openai:http://127.0.0.1:8000/v1");
  }
  if (const std::string problem = net::urlProblem(baseUrl); !problem.empty()) {
    return R::failure("openai: the base URL " + displayUrl(baseUrl) + " " + problem +
                      " (e.g. openai:http://127.0.0.1:8000/v1)");
  }
  std::unique_ptr<ModelSource> source(new ModelSource());
  source->m_spec = displayUrl(spec);  // a password in the URL stays out of messages and logs
  source->m_options = options;

  Result<ModelPrompter> prompter = ModelPrompter::make(model);
  if (!prompter) return R::failure(prompter);
  source->m_prompter = std::move(prompter).value();
  if (!(std::isfinite(options.timeoutSeconds) && options.timeoutSeconds > 0)) {
    return R::failure("--timeout: must be a positive number of seconds");
  }
  if (model.temperature && !(std::isfinite(*model.temperature) && *model.temperature >= 0)) {
    return R::failure("--temperature: must be a number of at least 0");
  }

  sources::ChatRequest& base = source->m_base;
  base.baseUrl = std::string(baseUrl);
  base.model = model.model;
  // The key lives only here and in the Authorization header; an absent or empty variable means no key.
  if (!model.apiKeyEnv.empty()) {
    if (const char* key = std::getenv(model.apiKeyEnv.c_str()); key != nullptr) base.apiKey = key;
  }
  base.temperature = model.temperature;
  base.constraint = model.constrain;
  base.constraintApi = model.constrainApi;
  base.timeoutSeconds = options.timeoutSeconds;
  base.maxTransportAttempts = std::max(1, options.transportAttempts);
  base.connectTimeoutSeconds = std::min(base.connectTimeoutSeconds, options.timeoutSeconds);

  source->m_http = http ? std::move(http) : net::makeCurlClient();
  source->m_sleep = sleep ? std::move(sleep) : sources::Sleeper([](double seconds) {
    std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
  });
  return source;
}

namespace {

Result<std::vector<std::string>> askModels(std::string_view baseUrl, const SourceOptions& options,
                                           net::HttpClient& http, std::stop_token cancel = {}) {
  ModelListRequest request;
  request.cancel = std::move(cancel);
  request.baseUrl = std::string(baseUrl);
  if (!options.model.apiKeyEnv.empty()) {
    if (const char* key = std::getenv(options.model.apiKeyEnv.c_str()); key != nullptr) request.apiKey = key;
  }
  if (std::isfinite(options.timeoutSeconds) && options.timeoutSeconds > 0) {
    request.timeoutSeconds = std::min(request.timeoutSeconds, options.timeoutSeconds);
    request.connectTimeoutSeconds = std::min(request.connectTimeoutSeconds, options.timeoutSeconds);
  }
  return listModels(http, request);
}

}  // namespace

Result<ChosenModel> chooseModel(std::string_view spec, const SourceOptions& options) {
  using R = Result<ChosenModel>;
  if (!spec.starts_with("openai:") || !options.model.model.empty()) return ChosenModel{options.model.model, false};
  const std::string_view baseUrl = spec.substr(7);
  if (!net::urlProblem(baseUrl).empty()) return ChosenModel{};  // makeSource says what is wrong with it
  const std::unique_ptr<net::HttpClient> http = net::makeCurlClient();
  const Result<std::vector<std::string>> listed = askModels(baseUrl, options, *http);
  if (!listed && listed.errorKind() == ErrorKind::Invalid) {
    return R::failure(listed.error() + "; name the model with --model", ErrorKind::Invalid);
  }
  if (!listed) return R::failure(listed);
  const std::string server = displayUrl(baseUrl);
  if (listed->empty()) {
    return R::failure("the server at " + server + " lists no model; name the model with --model", ErrorKind::Invalid);
  }
  if (listed->size() > 1) {
    std::string names;
    for (const std::string& name : *listed) names += (names.empty() ? "" : ", ") + name;
    return R::failure("the server at " + server + " serves " + std::to_string(listed->size()) + " models (" + names +
                          "); choose one with --model",
                      ErrorKind::Invalid);
  }
  return ChosenModel{listed->front(), true};
}

std::string chosenModelLine(std::string_view spec, const ChosenModel& model) {
  const std::string server = displayUrl(spec.starts_with("openai:") ? spec.substr(7) : spec);
  return "model " + model.name + ": the only model " + server + " serves (--model chooses another)";
}

Result<Answer> ModelSource::propose(const MoveRequest& request) {
  const Game& game = *request.game;
  ModelTurn turn = m_prompter.turn(game, request.color, request.rejected);
  if (m_base.model.empty() && !m_modelsAsked) {
    // No model was named and none could be asked for when the source was made (the server was down): a server that
    // now lists exactly one gets that one from here on; otherwise the request names none, as it was told. A server
    // that answered is not asked again.
    const Result<std::vector<std::string>> listed = askModels(m_base.baseUrl, m_options, *m_http, request.cancel);
    m_modelsAsked = listed.ok() || listed.errorKind() != ErrorKind::Unreachable;
    if (listed && listed->size() == 1) m_base.model = listed->front();
  }
  sources::ChatRequest chat = m_base;
  chat.cancel = request.cancel;
  chat.system = turn.system;
  chat.userText = turn.user;
  chat.png = std::move(turn.png);
  Answer answer;
  answer.imageSha256 = turn.pngSha256;
  const CoordFormat format = m_prompter.format();
  if (chat.constraint == sources::Constraint::Regex) chat.regex = moveRegex(game.size(), format);
  if (chat.constraint == sources::Constraint::Choice) chat.choices = legalChoices(game, request.color, format);

  sources::ChatFailure failure;
  const Result<sources::ChatReply> reply = sources::complete(*m_http, chat, m_sleep, &failure);
  if (!reply) return Result<Answer>::failure(reply);
  answer.text = reply->content;
  answer.latencyMs = reply->latencyMs;
  answer.prompt = turn.promptText();
  answer.system = std::move(turn.system);
  if (reply->usage) answer.tokens = reply->usage;
  answer.httpStatus = reply->httpStatus;
  return answer;
}

}  // namespace tengen::sources
