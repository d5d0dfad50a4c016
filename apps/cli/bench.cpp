#include "bench.h"

#include <algorithm>
#include <cmath>
#include <ostream>
#include <string>
#include <utility>

#include <CLI/CLI.hpp>

#include "tengen/bench/playouts.h"
#include "tengen/core/board.h"

#include "cli_options.h"

namespace tengen::cli {

namespace {

// The reference is one to two orders of magnitude slower and only has to give a rate for the speedup figure: a
// hundredth of the fast run's playouts, or its duration, and never much more than this many seconds.
constexpr double kReferenceSeconds = 2.0;
constexpr long kReferenceShare = 100;

// Why the options cannot run, or an empty string.
std::string validationError(const BenchPlayoutsOptions& options) {
  if (std::string why = checkBoardSize(options.size); !why.empty()) return why;
  if (options.playouts && *options.playouts < 1) {
    return "--playouts " + std::to_string(*options.playouts) + ": must be at least 1";
  }
  if (options.seconds && !(std::isfinite(*options.seconds) && *options.seconds > 0)) {
    return "--seconds: must be a positive number";
  }
  return {};
}

// Runs the reference within its budget. The benchmark's own timer looks at the clock only every few hundred
// playouts, too coarse for the reference on large boards, so one playout measures the rate and sets the count.
bench::PlayoutFigures runReference(const BenchPlayoutsOptions& options, std::function<void(long)> progress) {
  bench::PlayoutOptions ref;
  ref.size = options.size;
  ref.seed = options.seed;
  ref.playouts = 1;
  const double rate = bench::runReferencePlayouts(ref).pps;
  const long affordable =
      std::max(1L, std::lround(rate * std::min(options.seconds.value_or(kReferenceSeconds), kReferenceSeconds)));
  ref.playouts = options.playouts ? std::clamp(*options.playouts / kReferenceShare, 1L, affordable) : affordable;
  ref.progress = std::move(progress);
  return bench::runReferencePlayouts(ref);
}

// A progress callback that rewrites one stderr line, or none when nobody is watching.
std::function<void(long)> progressLine(std::ostream& err, bool show, const char* label) {
  if (!show) return {};
  return [&err, label](long done) { err << '\r' << label << ": " << done << " playouts" << std::flush; };
}

}  // namespace

CLI::App* addBenchCommand(CLI::App& app, BenchPlayoutsOptions* options) {
  CLI::App* bench = app.add_subcommand("bench", "Benchmarks (docs/cli.md)");
  bench->require_subcommand(1);
  CLI::App* playouts = bench->add_subcommand(
      "playouts", "Light random playouts from the empty board; prints one line of key=value figures");
  playouts->add_option("--size", options->size, "Board size, 2..25")->capture_default_str();
  CLI::Option* count = playouts->add_option("--playouts", options->playouts, "Run this many playouts");
  CLI::Option* seconds = playouts->add_option("--seconds", options->seconds,
                                              "Run for this many seconds (default: 3 when neither is given)");
  count->excludes(seconds);
  seconds->excludes(count);
  playouts->add_option("--seed", options->seed, "Seed of the playouts' randomness")
      ->check(notNegative())
      ->capture_default_str();
  playouts->add_flag("--no-reference", options->noReference, "Skip the naive reference run and the speedup figure");
  return playouts;
}

int runBenchPlayouts(const BenchPlayoutsOptions& options, std::ostream& out, std::ostream& err, bool showProgress) {
  if (const std::string why = validationError(options); !why.empty()) {
    err << "tengen bench playouts: " << why << '\n';
    return 2;
  }
  bench::PlayoutOptions fastOptions;
  fastOptions.size = options.size;
  fastOptions.playouts = options.playouts;
  fastOptions.seconds = options.seconds;
  fastOptions.seed = options.seed;
  fastOptions.progress = progressLine(err, showProgress, "fast");
  const bench::PlayoutFigures fast = bench::runFastPlayouts(fastOptions);

  std::optional<bench::PlayoutFigures> reference;
  if (!options.noReference) {
    reference = runReference(options, progressLine(err, showProgress, "reference"));
  }
  // Clears the progress line so the terminal shows only the figures.
  if (showProgress) err << "\r\033[K" << std::flush;
  out << bench::formatFigures(fast, reference ? &*reference : nullptr) << '\n';
  return 0;
}

}  // namespace tengen::cli
