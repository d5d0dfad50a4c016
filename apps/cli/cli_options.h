// Option helpers that every subcommand shares.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "tengen/ai/referee.h"
#include "tengen/core/result.h"
#include "tengen/core/rules.h"
#include "tengen/sources/make_source.h"

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
sources::SourceOptions sourceOptionsOf(const Options& options, std::uint64_t seedOffset = 0) {
  sources::SourceOptions source;
  source.seed = options.seed + seedOffset;
  source.timeoutSeconds = options.timeoutSeconds;
  source.model = options.model;
  return source;
}

// Settles the model an `openai:` ENGINE asks for into source.model.model (sources::chooseModel): when no --model was
// given and the server lists exactly one model, that one, and `err` is told so on a line of its own
// ("tengen COMMAND: model NAME: the only model URL serves ..."). A failure's message names the engine (exit 2: several
// models or none, or no list). A server that cannot be reached is no failure here: the first request fails as it
// would with a model named (exit 4), and the source asks again once the server answers (sources::chooseModel).
Status settleModel(std::string_view command, const std::string& spec, sources::SourceOptions& source,
                   std::ostream& err);

// The exit code of a failure of that kind: bad input 2, an unreachable engine 4, no legal move 3, else 1.
int exitCodeOf(ErrorKind kind);

// The exit code of a request for a move that ended so: a move 0, no legal move 3, an unreachable engine 4, a game
// not in play 2, a stopped request 1.
int exitCodeOf(ai::MoveEnd end);

// Help that reads as a person wrote it: `--engine ENGINE`, `--coords gtp|rowcol`, `--image, --no-image`, each
// default as "(default: X)" after the description, no CLI11 notation. Set on the app before its subcommands are
// added: they take it over.
void useReadableHelp(CLI::App& app);

// The subcommand of `names` nearest to `word` by edit distance, or "" when none is near enough to be a typo.
std::string nearestName(const std::string& word, const std::vector<std::string>& names);

// Refuses a value that starts with '-': CLI11 would otherwise wrap "-3" around into a huge unsigned seed.
CLI::Validator notNegative();

// A progress line redrawn on `err` (a terminal) at most ten times a second: "PREFIX [#####.....] 12/40 UNIT",
// ended with a newline when done == total; with total 0 only the count. Safe to call from several threads.
std::function<void(std::size_t done, std::size_t total)> progressLine(std::ostream& err, std::string prefix,
                                                                      std::string unit);

// Adds what a model is shown (--image/--no-image, --coords, --prompt-template) to cmd, bound to *model.
void addPromptOptions(CLI::App& cmd, sources::ModelOptions* model);

// Adds the model options of docs/serving-models.md (--model, --api-key-env, --image/--no-image, --coords,
// --prompt-template, --constrain, --constrain-api, --timeout, --temperature) to cmd, bound to *model and
// *timeoutSeconds. Values outside their lists are usage errors at parse time.
void addModelOptions(CLI::App& cmd, sources::ModelOptions* model, double* timeoutSeconds);

// Why --size cannot be a board ("--size 40: the board size must be 2..25"), or "" when it can.
std::string checkBoardSize(int size);

// The rule set --rules names, or why the name is not one ("--rules NAME: unknown rule set; known: ...").
Result<Rules> rulesNamed(const std::string& name);

// The referee options of every command that asks an AI for moves (docs/serving-models.md).
struct RefereeFlags {
  int maxRetries = 4;                                // --max-retries
  std::string errorLog = ai::defaultErrorLogPath();  // --error-log
  bool logAttempts = false;                          // --log-attempts
};

// Adds --max-retries, --error-log and --log-attempts to cmd, bound to *flags.
void addRefereeOptions(CLI::App& cmd, RefereeFlags* flags);

// Why the referee options cannot be used ("--max-retries 200: must be 0..100"), or "" when they can.
std::string checkRefereeOptions(const RefereeFlags& flags);

// The referee the flags make, logging with `context`: the one way a command wires it.
ai::RefereeOptions refereeOptionsOf(const RefereeFlags& flags, ai::ErrorContext context);

}  // namespace tengen::cli
