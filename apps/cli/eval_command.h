// `tengen eval`: measures a move source on positions from real records; `tengen eval compare A.json B.json` puts
// two runs side by side (docs/model-loop.md).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "tengen/sources/make_source.h"

#include "cli_options.h"

namespace CLI {
class App;
}

namespace tengen::cli {

// The command line of `tengen eval` (and of its `compare`), as typed; runEval() validates it.
struct EvalOptions {
  std::string engine;
  std::vector<std::string> sgf;  // files or directories
  int every = 10;
  int positions = 0;  // 0: every K-th move instead
  std::uint64_t seed = 1;
  std::optional<std::string> reference;
  int jobs = 1;
  std::string jsonPath;
  std::string reportDir;  // --report: the HTML page and its pictures
  sources::ModelOptions model;
  double timeoutSeconds = 60;
  RefereeFlags referee;
  std::vector<std::string> compare;  // the two --json files of `eval compare`
};

struct EvalCommands {
  CLI::App* eval = nullptr;
  CLI::App* compare = nullptr;
};

// Adds `eval` and its `compare` subcommand to app, bound to *options.
EvalCommands addEvalCommand(CLI::App& app, EvalOptions* options);

// Runs the evaluation and prints its figures: exit 0 when it ran (failed positions are counted, not fatal), 2 for
// bad input (a --report directory that cannot be made included), 4 when the source cannot be made or reached at the
// start, 1 when the JSON file or the report cannot be written. `progress` draws a progress line on err.
int runEval(const EvalOptions& options, std::ostream& out, std::ostream& err, bool progress);

// Compares two runs: prints a warning on err for each setting they differ in (or a run whose settings are unknown),
// then the table on out, and exits 0; or 2 when a file cannot be read.
int runEvalCompare(const EvalOptions& options, std::ostream& out, std::ostream& err);

}  // namespace tengen::cli
