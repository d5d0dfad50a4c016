#include "cli_options.h"

#include <string>

#include "tengen/core/rules.h"

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

CLI::Validator notNegative() {
  return {[](const std::string& text) { return text.starts_with('-') ? std::string("must not be negative") : ""; }, "",
          "not negative"};
}

void addModelOptions(CLI::App& cmd, ai::ModelOptions* model, double* timeoutSeconds) {
  cmd.add_option("--model", model->model,
                 "Model name for openai: engines (with vLLM and a LoRA adapter: the adapter's name)");
  cmd.add_option("--api-key-env", model->apiKeyEnv,
                 "Environment variable holding the API key (never printed or logged)")
      ->capture_default_str();
  cmd.add_flag("--image,!--no-image", model->image, "Send a PNG of the board with the prompt (default on)");
  cmd.add_option("--coords", model->coords, "Coordinates the model is asked to answer in: gtp or rowcol")
      ->check(CLI::IsMember({"gtp", "rowcol"}))
      ->capture_default_str();
  cmd.add_option("--prompt-template", model->promptTemplatePath, "Prompt template file (docs/serving-models.md)");
  cmd.add_option("--constrain", model->constrain,
                 "Structured output asked of the server: none, regex (a coordinate) or choice (the legal points)")
      ->check(CLI::IsMember({"none", "regex", "choice"}))
      ->capture_default_str();
  cmd.add_option("--constrain-api", model->constrainApi,
                 "How the constraint is sent: vllm, vllm-guided (older vLLM) or llama (llama-server grammar)")
      ->check(CLI::IsMember({"vllm", "vllm-guided", "llama"}))
      ->capture_default_str();
  cmd.add_option("--timeout", *timeoutSeconds, "Seconds one request to the engine or model may take")
      ->capture_default_str();
  cmd.add_option("--temperature", model->temperature, "Sampling temperature sent to the model");
}

void addRefereeOptions(CLI::App& cmd, RefereeFlags* flags) {
  cmd.add_option("--max-retries", flags->maxRetries, "Requests after the first one rejected, per move (0..100)")
      ->capture_default_str();
  cmd.add_option("--error-log", flags->errorLog, "JSON Lines file every failed AI move is appended to")
      ->capture_default_str();
  cmd.add_flag("--log-attempts", flags->logAttempts, "Also log the attempts of accepted moves");
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
