// `tengen score`: the result of each game record's final position by the one dead-stone analysis (docs/scoring.md).
#pragma once

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace tengen::cli {

// The command line of `tengen score`, as typed; runScore() validates it.
struct ScoreOptions {
  std::optional<std::string> rules;  // each record's own RU (default chinese) when not given
  bool json = false;                 // JSON Lines instead of text
  // The estimate's search (engine::presets): "judgment", what every judgment runs, or "play", genmove's, for
  // measuring one against the other (docs/benchmarks.md).
  std::string search = "judgment";
  std::vector<std::string> files;
};

// Adds the `score` subcommand to app with its options bound to *options, and returns it so that main can tell
// whether it was chosen. *options must outlive the parse.
CLI::App* addScoreCommand(CLI::App& app, ScoreOptions* options);

// Scores the final position of every game tree of every file: `FILE: B+3.5 (dead: D4 E5)` (`(dead: none)`;
// `(estimate)` after the result when the record does not end with two passes; `(seki: ...)` when there is one; the
// record's RE, e.g. `B+R`, when it was resigned or lost on time), one line per game tree (`FILE#2: ...` when a file
// holds several). With json, one JSON object per line: file, result, dead, seki, final (and error instead of a
// result when the record could not be scored). A file that cannot be read or holds an illegal move is told on err
// as `FILE: line 3, column 14: ...` or `FILE: move K (W D4): occupied`. Returns 2 when an option is bad or any
// record could not be scored, 0 otherwise.
int runScore(const ScoreOptions& options, std::ostream& out, std::ostream& err);

}  // namespace tengen::cli
