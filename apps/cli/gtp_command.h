// `tengen gtp`: a GTP v2 engine on stdin/stdout whose genmove goes through the referee (docs/gtp.md).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "tengen/ai/referee.h"
#include "tengen/sources/make_source.h"

#include "cli_options.h"

namespace CLI {
class App;
}

namespace tengen::cli {

// The command line of `tengen gtp`, as typed; runGtp() validates it.
struct GtpOptions {
  std::string engine = "builtin";
  int size = 19;
  std::optional<double> komi;  // the rule set's default when not given
  std::string rules = "chinese";
  std::uint64_t seed = 1;
  RefereeFlags referee;  // --max-retries, --error-log, --log-attempts
  double timeoutSeconds = 60;
  sources::ModelOptions model;  // for openai: engines
  // --override-version: what `version` answers instead of tengen's version (KataGo's option of that name; Lizzie
  // reads the version as Leela Zero's). Nothing: tengen's own.
  std::optional<std::string> overrideVersion;
};

// Adds the `gtp` subcommand to app with its options bound to *options, and returns it so that main can tell whether
// it was chosen. *options must outlive the parse.
CLI::App* addGtpCommand(CLI::App& app, GtpOptions* options);

// Validates the options, makes the move source and answers GTP commands from in on out until `quit` or the end of
// input. Returns the exit code (docs/gtp.md): 0 after quit or the end of input, 2 for bad options or an ENGINE
// spec that cannot be made. A failed AI move does not end the session: it is answered `? ai failed: ...`.
int runGtp(const GtpOptions& options, std::istream& in, std::ostream& out, std::ostream& err);

// The words a failed genmove is answered with, on one line: the referee's error, which lists the attempts
// (`no legal move in 2 attempts: #1 Q16 occupied, #2 unparseable 'hmm'`), or a transport error followed by the
// attempts rejected before it (`...: engine exited with status 1; attempt 1: Q16 rejected (stone already there)`).
std::string failureSummary(const ai::RefereeOutcome& outcome);

}  // namespace tengen::cli
