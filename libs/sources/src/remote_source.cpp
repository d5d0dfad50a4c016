#include "remote_source.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <string>
#include <thread>
#include <utility>
#include <variant>

#include "tengen/core/coords.h"
#include "tengen/core/text.h"
#include "tengen/json/json.h"
#include "tengen/json/parse.h"

namespace tengen::sources {

namespace {

using ai::Answer;
using ai::MoveRequest;

// A busy server (503, 429) is asked this many times in all, sleeping between.
constexpr int kBusyAttempts = 4;
constexpr double kBusyBackoffSeconds = 0.5;
constexpr double kMaxRetryAfterSeconds = 10;
// The remote referee may ask its model this many times (its default, 4 retries + 1), each up to --timeout.
constexpr double kRemoteAttempts = 5;

// Text from the remote server as a message may quote it: printable ASCII, one line, at most 300 bytes.
std::string shown(std::string_view text) {
  constexpr std::size_t kShown = 300;
  std::string out;
  for (char c : text.substr(0, kShown)) out += std::isprint(static_cast<unsigned char>(c)) ? c : ' ';
  if (text.size() > kShown) out += "...";
  return out;
}

std::string stringMember(const json::JsonValue& object, std::string_view key) {
  const json::JsonValue* v = json::findMember(object, key);
  if (v == nullptr) return "";
  if (const auto* s = std::get_if<std::string>(&v->value)) return *s;
  return "";
}

json::JsonValue requestBody(const MoveRequest& request) {
  const Game& game = *request.game;
  const int size = game.size();
  json::JsonValue::Array black;
  json::JsonValue::Array white;
  // Fixed handicap stones are among the setup stones, so they go as setup and "handicap" stays 0.
  for (const auto& [color, point] : game.setupStones()) {
    (color == Color::Black ? black : white).push_back(gtpVertex(point, size));
  }
  json::JsonValue::Array moves;
  for (const Move& m : game.moves()) {
    moves.push_back(json::JsonValue::Array{std::string(colorLetter(m.color)), gtpMove(m, size)});
  }
  return json::JsonValue::Object{
      {"size", size},
      {"komi", game.komi()},
      {"rules", std::string(game.ruleSet().name)},
      {"setup", json::JsonValue::Object{{"B", black}, {"W", white}}},
      {"moves", moves},
      {"color", std::string(colorLetter(request.color))},
  };
}

}  // namespace

Result<std::unique_ptr<RemoteSource>> RemoteSource::make(std::string_view spec, std::string_view url,
                                                         const SourceOptions& options,
                                                         std::unique_ptr<net::HttpClient> http,
                                                         sources::Sleeper sleep) {
  using R = Result<std::unique_ptr<RemoteSource>>;
  if (!(url.starts_with("http://") || url.starts_with("https://"))) {
    return R::failure("tengen: needs the server's URL, e.g. tengen:http://127.0.0.1:8080");
  }
  if (const std::string problem = net::urlProblem(url); !problem.empty()) {
    return R::failure("tengen: the URL " + displayUrl(url) + " " + problem + " (e.g. tengen:http://127.0.0.1:8080)");
  }
  if (!(std::isfinite(options.timeoutSeconds) && options.timeoutSeconds > 0)) {
    return R::failure("--timeout: must be a positive number of seconds");
  }
  std::unique_ptr<RemoteSource> source(new RemoteSource());
  source->m_spec = displayUrl(spec);
  std::string base(url);
  while (!base.empty() && base.back() == '/') base.pop_back();
  source->m_endpoint = base + "/v1/genmove";
  // The OpenAI key (the default --api-key-env) is not sent to a tengen server; its token has its own variable.
  const std::string variable = options.model.apiKeyEnv.empty() || options.model.apiKeyEnv == "OPENAI_API_KEY"
                                   ? "TENGEN_TOKEN"
                                   : options.model.apiKeyEnv;
  if (const char* token = std::getenv(variable.c_str()); token != nullptr) source->m_token = token;
  source->m_timeoutSeconds = options.timeoutSeconds;
  source->m_http = http ? std::move(http) : net::makeCurlClient();
  source->m_sleep = sleep ? std::move(sleep) : sources::Sleeper([](double seconds) {
    std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
  });
  return source;
}

std::string RemoteSource::redacted(std::string text) const {
  if (m_token.empty()) return text;
  for (auto at = text.find(m_token); at != std::string::npos; at = text.find(m_token, at)) {
    text.replace(at, m_token.size(), "[redacted]");
    at += std::string_view("[redacted]").size();
  }
  return text;
}

// Every word that leaves this source (failures, the answer, the reason for giving up) reaches the terminal and the
// error log, so each is redacted here, once, whichever branch made it.
Result<Answer> RemoteSource::propose(const MoveRequest& request) {
  Result<Answer> answer = exchange(request);
  if (!answer) return Result<Answer>::failure(redacted(answer.error()), answer.errorKind());
  Answer out = std::move(answer).value();
  out.text = redacted(std::move(out.text));
  return out;
}

Result<Answer> RemoteSource::exchange(const MoveRequest& request) {
  using R = Result<Answer>;
  net::HttpRequest http;
  http.cancel = request.cancel;
  http.url = m_endpoint;
  http.headers = {{"Content-Type", "application/json"}, {"Accept", "application/json"}};
  if (!m_token.empty()) http.headers.emplace_back("Authorization", "Bearer " + m_token);
  http.body = json::toJson(requestBody(request));
  http.connectTimeoutSeconds = std::min(10.0, m_timeoutSeconds);
  http.timeoutSeconds = m_timeoutSeconds * kRemoteAttempts;
  http.maxResponseBytes = std::size_t{4} << 20;

  const auto start = std::chrono::steady_clock::now();
  Result<net::HttpResponse> response = Result<net::HttpResponse>::failure("not sent");
  double backoff = kBusyBackoffSeconds;
  for (int attempt = 1;; ++attempt) {
    response = m_http->post(http);
    if (!response) return R::failure(response.error(), ErrorKind::Unreachable);
    const int status = response->status;
    if ((status != 503 && status != 429) || attempt >= kBusyAttempts) break;
    double wait = backoff;
    if (const auto retryAfter = response->header("retry-after")) {
      char* end = nullptr;
      const double seconds = std::strtod(retryAfter->c_str(), &end);
      if (end != retryAfter->c_str() && std::isfinite(seconds) && seconds >= 0) {
        // Never longer than one request may take: the user's --timeout bounds the wait as it bounds the request.
        wait = std::min({seconds, kMaxRetryAfterSeconds, m_timeoutSeconds});
      }
    }
    if (request.cancel.stop_requested()) break;
    m_sleep(wait);
    backoff *= 2;
  }
  const long latencyMs = static_cast<long>(
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count());

  const int status = response->status;
  // Read as every JSON from outside is, nested no deeper than 32 levels, and as large as the reply may be, with no
  // more values than a model server's reply.
  json::JsonLimits limits;
  limits.maxBytes = http.maxResponseBytes;
  limits.maxValues = kMaxReplyValues;
  const Result<json::JsonValue> body = json::parseJson(response->body, limits);
  const std::string detail = body ? shown(stringMember(*body, "detail")) : "";
  const std::string server = "the tengen server at " + displayUrl(m_endpoint);
  if (status == 200) {
    const std::string move = body ? stringMember(*body, "move") : "";
    if (move.empty()) {
      return R::failure(server + " answered 200 without a move" + (body ? "" : ": " + body.error()),
                        ErrorKind::Unreachable);
    }
    Answer answer;
    answer.text = move;
    answer.latencyMs = latencyMs;
    answer.httpStatus = status;
    return answer;
  }
  if (status == 422) {
    // The server refereed its own attempts and found nothing legal: the AI failed, not the transport.
    const std::string logId = body ? shown(stringMember(*body, "log_id")) : "";
    return R::failure(
        server + " found no legal move: " + detail +
            (logId.empty() || detail.find(logId) != std::string::npos ? "" : " (its error log record " + logId + ")"),
        ErrorKind::NoLegalMove);
  }
  if (status == 502) return R::failure(server + " could not reach its engine: " + detail, ErrorKind::Unreachable);
  if (status == 401)
    return R::failure(server + " refused the token (401); set TENGEN_TOKEN or --api-key-env", ErrorKind::Unreachable);
  if (status == 503 || status == 429) {
    return R::failure(
        server + " stayed busy (" + std::to_string(status) + ") after " + std::to_string(kBusyAttempts) + " tries",
        ErrorKind::Unreachable);
  }
  return R::failure(server + " answered " + std::to_string(status) + (detail.empty() ? "" : ": " + detail),
                    ErrorKind::Unreachable);
}

}  // namespace tengen::sources
