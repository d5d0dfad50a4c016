// Option helpers that every subcommand shares.
#pragma once

#include <cstdint>
#include <string>

#include <CLI/CLI.hpp>

#include "tengen/ai/move_source.h"

namespace tengen::cli {

// The exit codes of docs/cli.md.
inline constexpr int kExitOk = 0;
inline constexpr int kExitOther = 1;  // `tengen check`: a record holds an illegal move
inline constexpr int kExitUsage = 2;  // bad input or usage; the message says what and where
inline constexpr int kExitNoLegalMove = 3;
inline constexpr int kExitEngineUnreachable = 4;

// The rule-set names of docs/rules.md, comma-separated, for help texts and errors.
std::string knownRuleNames();

// The move-source options of any subcommand's options (its --seed, --timeout and model options), with `seedOffset`
// added to the seed (match gives game i the seed + i).
template <typename Options>
ai::SourceOptions sourceOptionsOf(const Options& options, std::uint64_t seedOffset = 0) {
  ai::SourceOptions source;
  source.seed = options.seed + seedOffset;
  source.timeoutSeconds = options.timeoutSeconds;
  source.model = options.model;
  return source;
}

// The exit code when ai::makeSource refused `spec`: a gtp: spec with a command is well formed, so failing to start
// it is the engine's failure (4); anything else is a bad option (2).
int exitCodeWhenSourceRefused(const std::string& spec);

// Refuses a value that starts with '-': CLI11 would otherwise wrap "-3" around into a huge unsigned seed.
CLI::Validator notNegative();

// The default of --error-log (docs/error-log.md).
inline constexpr const char* kDefaultErrorLog = "./tengen-errors.jsonl";

// Adds the model options of docs/serving-models.md (--model, --api-key-env, --image/--no-image, --coords,
// --prompt-template, --constrain, --constrain-api, --timeout, --temperature) to cmd, bound to *model and
// *timeoutSeconds. Values outside their lists are usage errors at parse time.
void addModelOptions(CLI::App& cmd, ai::ModelOptions* model, double* timeoutSeconds);

// Adds the referee options of docs/serving-models.md (--max-retries, --error-log, --log-attempts) to cmd.
void addRefereeOptions(CLI::App& cmd, int* maxRetries, std::string* errorLog, bool* logAttempts);

// Why the referee options cannot be used ("--max-retries 200: must be 0..100"), or "" when they can.
std::string checkRefereeOptions(int maxRetries, const std::string& errorLog);

}  // namespace tengen::cli
