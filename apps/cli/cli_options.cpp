#include "cli_options.h"

#include <algorithm>
#include <chrono>
#include <memory>
#include <mutex>
#include <ostream>
#include <string>
#include <vector>

#include "tengen/core/board.h"
#include "tengen/core/rules.h"
#include "tengen/core/text.h"
#include "tengen/sources/make_source.h"

namespace tengen::cli {

std::string knownRuleNames() {
  std::string names;
  for (const RuleSet& rs : allRuleSets()) {
    if (!names.empty()) names += ", ";
    names += rs.name;
  }
  return names;
}

namespace {

// The most retries accepted: each is a request to an engine or a model, and a person waits for all of them.
constexpr int kMaxRetries = 100;

}  // namespace

Status settleModel(std::string_view command, const std::string& spec, sources::SourceOptions& source,
                   std::ostream& err) {
  const Result<sources::ChosenModel> chosen = sources::chooseModel(spec, source);
  // A server that cannot be reached fails the first request as it would with a model named (exit 4, the JSON and
  // the error log record of the command); the source asks for the model again once the server answers.
  if (!chosen && chosen.errorKind() == ErrorKind::Unreachable) return Done{};
  if (!chosen) return Status::failure(chosen, displayUrl(spec) + ": ");
  if (chosen->fromServer) err << "tengen " << command << ": " << sources::chosenModelLine(spec, *chosen) << '\n';
  source.model.model = chosen->name;
  return Done{};
}

int exitCodeOf(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::Invalid:
      return kExitUsage;
    case ErrorKind::Unreachable:
      return kExitEngineUnreachable;
    case ErrorKind::NoLegalMove:
      return kExitNoLegalMove;
    case ErrorKind::Failed:
      return kExitOther;
  }
  return kExitOther;
}

int exitCodeOf(ai::MoveEnd end) {
  switch (end) {
    case ai::MoveEnd::Accepted:
      return kExitOk;
    case ai::MoveEnd::NoLegalMove:
      return kExitNoLegalMove;
    case ai::MoveEnd::Unreachable:
      return kExitEngineUnreachable;
    case ai::MoveEnd::NotInPlay:
      return kExitUsage;
    case ai::MoveEnd::Stopped:
      return kExitOther;
  }
  return kExitOther;
}

namespace {

class ReadableHelp : public CLI::Formatter {
 public:
  ReadableHelp() { column_width(34); }

  std::string make_option_name(const CLI::Option* opt, bool positional) const override {
    if (positional) return opt->get_name(true, false);
    std::string out;
    for (const std::string& name : opt->get_snames()) out += (out.empty() ? "-" : ", -") + name;
    for (const std::string& name : opt->get_lnames()) out += (out.empty() ? "--" : ", --") + name;
    return out;
  }

  std::string make_option_opts(const CLI::Option* opt) const override {
    if (opt->get_type_size() == 0) return {};  // a flag
    return " " + placeholder(opt->get_type_name());
  }

  std::string make_option_desc(const CLI::Option* opt) const override {
    std::string desc = opt->get_description();
    if (opt->get_required()) return desc + " (required)";
    const std::string value = opt->get_default_str();
    const bool flag = opt->get_type_size() == 0;
    if (!flag && !value.empty() && desc.find("default") == std::string::npos) desc += " (default: " + value + ")";
    return desc;
  }

 private:
  // "TEXT:{gtp,rowcol}" -> "gtp|rowcol", "INT:INT in [1 - 64]" -> "N", "FLOAT" -> "NUMBER", "ENGINE" as it is.
  static std::string placeholder(const std::string& typeName) {
    const std::size_t open = typeName.find(":{");
    if (open != std::string::npos && typeName.back() == '}') {
      std::string choices = typeName.substr(open + 2, typeName.size() - open - 3);
      std::replace(choices.begin(), choices.end(), ',', '|');
      return choices;
    }
    const std::string base = typeName.substr(0, typeName.find(':'));
    if (base == "INT" || base == "UINT") return "N";
    if (base == "FLOAT") return "NUMBER";
    return base;
  }
};

}  // namespace

void useReadableHelp(CLI::App& app) { app.formatter(std::make_shared<ReadableHelp>()); }

std::string nearestName(const std::string& word, const std::vector<std::string>& names) {
  std::string best;
  std::size_t bestDistance = std::string::npos;
  for (const std::string& name : names) {
    // Levenshtein distance, one row at a time.
    std::vector<std::size_t> row(name.size() + 1);
    for (std::size_t j = 0; j <= name.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= word.size(); ++i) {
      std::size_t diagonal = row[0];
      row[0] = i;
      for (std::size_t j = 1; j <= name.size(); ++j) {
        const std::size_t above = row[j];
        row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (word[i - 1] == name[j - 1] ? 0 : 1)});
        diagonal = above;
      }
    }
    if (row[name.size()] < bestDistance) {
      bestDistance = row[name.size()];
      best = name;
    }
  }
  // A typo changes a letter or two; anything further is another word.
  return bestDistance <= std::max<std::size_t>(2, word.size() / 3) && bestDistance < word.size() ? best : "";
}

CLI::Validator notNegative() {
  return {[](const std::string& text) { return text.starts_with('-') ? std::string("must not be negative") : ""; }, "",
          "not negative"};
}

std::function<void(std::size_t, std::size_t)> progressLine(std::ostream& err, std::string prefix, std::string unit) {
  struct State {
    std::mutex mutex;
    std::chrono::steady_clock::time_point lastDrawn = std::chrono::steady_clock::now() - std::chrono::seconds(1);
  };
  auto state = std::make_shared<State>();
  return [&err, state, prefix = std::move(prefix), unit = std::move(unit)](std::size_t done, std::size_t total) {
    const std::lock_guard lock(state->mutex);
    const auto now = std::chrono::steady_clock::now();
    const bool finished = total > 0 && done >= total;
    if (!finished && now - state->lastDrawn < std::chrono::milliseconds(100)) return;
    state->lastDrawn = now;
    err << '\r' << prefix << ' ';
    if (total > 0) {
      constexpr std::size_t kWidth = 30;
      const std::size_t filled = std::min(kWidth, done * kWidth / total);
      err << '[' << std::string(filled, '#') << std::string(kWidth - filled, '.') << "] " << done << '/' << total;
    } else {
      err << done;
    }
    err << ' ' << unit << (finished ? "\n" : "") << std::flush;
  };
}

void addPromptOptions(CLI::App& cmd, sources::ModelOptions* model) {
  cmd.add_flag("--image,!--no-image", model->image, "Send a PNG of the board with the prompt (default on)");
  // Each choice is checked as a word (so that a mistake lists the words), then kept as its enum.
  cmd.add_option_function<std::string>(
         "--coords", [model](const std::string& name) { model->coords = *sources::parseCoordFormat(name); },
         "Coordinates the model is asked to answer in: gtp or rowcol")
      ->check(CLI::IsMember({"gtp", "rowcol"}))
      ->default_str(std::string(sources::coordFormatName(model->coords)));
  cmd.add_option("--prompt-template", model->promptTemplatePath, "Prompt template file (docs/serving-models.md)")
      ->type_name("FILE");
}

void addModelOptions(CLI::App& cmd, sources::ModelOptions* model, double* timeoutSeconds) {
  cmd.add_option("--model", model->model,
                 "Model name for openai: engines (with vLLM and a LoRA adapter: the adapter's name)")
      ->type_name("NAME");
  cmd.add_option("--api-key-env", model->apiKeyEnv,
                 "Environment variable holding the API key (never printed or logged)")
      ->type_name("VAR")
      ->capture_default_str();
  addPromptOptions(cmd, model);
  cmd.add_option_function<std::string>(
         "--constrain", [model](const std::string& name) { model->constrain = *sources::parseConstraint(name); },
         "Structured output asked of the server: none, regex (a coordinate) or choice (the legal points)")
      ->check(CLI::IsMember({"none", "regex", "choice"}))
      ->default_str(std::string(sources::constraintName(model->constrain)));
  cmd.add_option_function<std::string>(
         "--constrain-api",
         [model](const std::string& name) { model->constrainApi = *sources::parseConstraintApi(name); },
         "How the constraint is sent: vllm, vllm-guided (older vLLM) or llama (llama-server grammar)")
      ->check(CLI::IsMember({"vllm", "vllm-guided", "llama"}))
      ->default_str(std::string(sources::constraintApiName(model->constrainApi)));
  cmd.add_option("--timeout", *timeoutSeconds, "Seconds one request to the engine or model may take")
      ->capture_default_str();
  cmd.add_option("--temperature", model->temperature, "Sampling temperature sent to the model");
}

void addRefereeOptions(CLI::App& cmd, RefereeFlags* flags) {
  cmd.add_option("--max-retries", flags->maxRetries, "Requests after the first one rejected, per move (0..100)")
      ->capture_default_str();
  cmd.add_option("--error-log", flags->errorLog, "JSON Lines file every failed AI move is appended to")
      ->type_name("FILE")
      ->capture_default_str();
  cmd.add_flag("--log-attempts", flags->logAttempts, "Also log the attempts of accepted moves");
}

std::string checkBoardSize(int size) {
  if (size >= Board::kMinSize && size <= Board::kMaxSize) return {};
  return "--size " + std::to_string(size) + ": the board size must be " + std::to_string(Board::kMinSize) + ".." +
         std::to_string(Board::kMaxSize);
}

Result<Rules> rulesNamed(const std::string& name) {
  const std::optional<Rules> rules = parseRules(name);
  if (!rules) return Result<Rules>::failure("--rules " + name + ": unknown rule set; known: " + knownRuleNames());
  return *rules;
}

std::string checkRefereeOptions(const RefereeFlags& flags) {
  if (flags.maxRetries < 0 || flags.maxRetries > kMaxRetries) {
    return "--max-retries " + std::to_string(flags.maxRetries) + ": must be 0.." + std::to_string(kMaxRetries);
  }
  if (flags.errorLog.empty()) return "--error-log: needs a file name";
  return "";
}

ai::RefereeOptions refereeOptionsOf(const RefereeFlags& flags, ai::ErrorContext context) {
  ai::RefereeOptions options(ai::ErrorLog(flags.errorLog, std::move(context)));
  options.maxRetries = flags.maxRetries;
  options.logAccepted = flags.logAttempts;
  return options;
}

}  // namespace tengen::cli
