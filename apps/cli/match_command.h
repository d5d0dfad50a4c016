// `tengen match`: engine-against-engine games, both sides refereed (docs/cli.md).
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

// The command line of `tengen match`, as typed; runMatch() validates it.
struct MatchOptions {
  std::string black;
  std::string white;
  int games = 2;
  int size = 19;
  std::optional<double> komi;  // defaultKomi(rules, handicap) when not given
  std::string rules = "chinese";
  int handicap = 0;
  std::uint64_t seed = 1;  // game i's sources get seed + i
  std::string sgfDir;      // no SGF files when empty
  int jobs = 1;
  std::string jsonPath;  // no JSON file when empty
  sources::ModelOptions model;
  double timeoutSeconds = 60;
  RefereeFlags referee;  // --max-retries, --error-log, --log-attempts
};

// Adds the `match` subcommand to app with its options bound to *options, and returns it. *options must outlive
// the parse.
CLI::App* addMatchCommand(CLI::App& app, MatchOptions* options);

// Plays the games (game i with the specs swapped when i is odd), prints one progress line per finished game on
// err and the summary line of docs/cli.md last on out, and writes the SGF and JSON files asked for. Returns 0
// when the match ran, failed games included; 2 for bad options; 4 when an engine cannot be started.
int runMatch(const MatchOptions& options, std::ostream& out, std::ostream& err);

}  // namespace tengen::cli
