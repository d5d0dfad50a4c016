// `tengen play`: a game in the terminal between a person and an opponent engine (docs/cli.md).
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

// The command line of `tengen play`, as typed; runPlay() validates it.
struct PlayOptions {
  int size = 19;
  std::optional<double> komi;  // defaultKomi(rules, handicap) when not given
  std::string rules = "chinese";
  int handicap = 0;
  std::uint64_t seed = 1;
  // The ENGINE spec of docs/engines.md; when not given, the built-in engine (or, resuming, the one the record names).
  std::optional<std::string> opponent;
  // The person's colour; black when not given (resuming, the record's when it names a human player).
  std::optional<std::string> human;
  sources::ModelOptions model;  // for openai: opponents
  double timeoutSeconds = 60;
  RefereeFlags referee;  // --max-retries, --error-log, --log-attempts
  // The game record, rewritten atomically after every move and at the end; nothing is written when noSgf.
  std::string sgf = "tengen-game.sgf";
  bool noSgf = false;
  // A record to continue (--resume [FILE]); the game is saved back to it.
  std::optional<std::string> resume;
};

// Adds the `play` subcommand to app with its options bound to *options, and returns it so that main can tell
// whether it was chosen. *options must outlive the parse.
CLI::App* addPlayCommand(CLI::App& app, PlayOptions* options);

// Where a game talks to the person: commands come from in, the board and answers go to out, failures to err.
struct PlayTerminal {
  std::istream& in;
  std::ostream& out;
  std::ostream& err;
  // When input is piped rather than typed, each command is echoed after the prompt so that the transcript reads
  // as a dialogue.
  bool echoInput = false;
  // Input is typed at a terminal: after the opponent's last failed attempt the person is asked whether to ask it
  // again, change it or quit, where piped input ends the game with the failure's exit code.
  bool interactive = false;
};

// Validates the options, then plays one game to its end, to `quit` or to the end of input. Returns the exit code
// (docs/cli.md): 0 when the game ended or was left, 2 for bad options, 3 when the opponent found no legal move
// within its attempts, 4 when its engine could not be started or failed at the transport level (at a terminal,
// 3 and 4 only once the person chose to quit after the failure).
int runPlay(const PlayOptions& options, const PlayTerminal& terminal);

}  // namespace tengen::cli
