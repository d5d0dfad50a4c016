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

int exitCodeWhenSourceRefused(const std::string& spec) {
  const bool startsAnEngine = spec.rfind("gtp:", 0) == 0 && spec.find_first_not_of(" \t", 4) != std::string::npos;
  return startsAnEngine ? kExitEngineUnreachable : kExitUsage;
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

void addRefereeOptions(CLI::App& cmd, int* maxRetries, std::string* errorLog, bool* logAttempts) {
  cmd.add_option("--max-retries", *maxRetries, "Requests after the first one rejected, per move (0..100)")
      ->capture_default_str();
  cmd.add_option("--error-log", *errorLog, "JSON Lines file every failed AI move is appended to")
      ->capture_default_str();
  cmd.add_flag("--log-attempts", *logAttempts, "Also log the attempts of accepted moves");
}

std::string checkRefereeOptions(int maxRetries, const std::string& errorLog) {
  if (maxRetries < 0 || maxRetries > kMaxRetries) {
    return "--max-retries " + std::to_string(maxRetries) + ": must be 0.." + std::to_string(kMaxRetries);
  }
  if (errorLog.empty()) return "--error-log: needs a file name";
  return "";
}

}  // namespace tengen::cli
