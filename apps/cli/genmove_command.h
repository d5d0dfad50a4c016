// `tengen genmove`: one refereed AI move for the last position of an SGF record (docs/cli.md).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>

#include "tengen/sources/make_source.h"

#include "cli_options.h"

namespace CLI {
class App;
}

namespace tengen::cli {

// The command line of `tengen genmove`, as typed; runGenmove() validates it.
struct GenmoveOptions {
  std::string sgfPath;
  std::optional<std::string> color;  // the side to move when not given
  std::string engine;
  std::optional<std::string> rules;  // the record's RU when not given
  bool json = false;
  std::uint64_t seed = 1;
  sources::ModelOptions model;
  double timeoutSeconds = 60;
  RefereeFlags referee;  // --max-retries, --error-log, --log-attempts
};

// Adds the `genmove` subcommand to app with its options bound to *options, and returns it. *options must outlive
// the parse.
CLI::App* addGenmoveCommand(CLI::App& app, GenmoveOptions* options);

// Loads the record's last position, asks the engine through the referee and prints the move (or, with --json, the
// move and its attempts as one JSON object). Returns the exit code (docs/cli.md): 0 with a move; 2 for bad options or a
// record that cannot be read or replayed; 3 when no attempt was legal (the message names the error-log record); 4 when
// the engine or model could not be reached.
int runGenmove(const GenmoveOptions& options, std::ostream& out, std::ostream& err);

}  // namespace tengen::cli
