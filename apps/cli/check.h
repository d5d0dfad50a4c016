// `tengen check`: replays SGF game records by the rules and says whether every move is legal (docs/sgf.md).
#pragma once

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace tengen::cli {

// The command line of `tengen check`, as typed; runCheck() validates it.
struct CheckOptions {
  std::optional<std::string> rules;  // each record's own RU (default chinese) when not given
  bool final = false;                // also print the final stones of every legal record
  std::vector<std::string> files;
};

// Adds the `check` subcommand to app with its options bound to *options, and returns it so that main can tell
// whether it was chosen. *options must outlive the parse.
CLI::App* addCheckCommand(CLI::App& app, CheckOptions* options);

// Checks every game tree of every file. Prints `FILE: ok N moves` (with --final followed by `black: ...` and
// `white: ...`) or `FILE: move K (W D4): occupied` to out, one line per game tree (`FILE#2: ...` when a file holds
// several), and a file that cannot be read or parsed as `FILE: line 3, column 14: ...` to err. Returns 2 when
// an option is bad or a file cannot be read, parsed or taken as a Go record, otherwise 1 when a record holds an
// illegal move or an impossible setup, otherwise 0.
int runCheck(const CheckOptions& options, std::ostream& out, std::ostream& err);

}  // namespace tengen::cli
