// `tengen bench playouts`: the light-playout benchmark of docs/cli.md.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>

namespace CLI {
class App;
}

namespace tengen::cli {

// The command line of `tengen bench playouts`, as typed; runBenchPlayouts() validates it.
struct BenchPlayoutsOptions {
  int size = 19;
  // At most one of the two; with neither, the benchmark's default duration.
  std::optional<long> playouts;
  std::optional<double> seconds;
  std::uint64_t seed = 1;
  bool noReference = false;  // skip timing the naive reference and the speedup figure
};

// Adds `bench` with its `playouts` subcommand to app, the options bound to *options, and returns the `playouts`
// subcommand so that main can tell whether it was chosen. *options must outlive the parse.
CLI::App* addBenchCommand(CLI::App& app, BenchPlayoutsOptions* options);

// Runs the benchmark and prints its one line of figures to out. Progress goes to err, and only when showProgress
// (a person is watching a terminal). Returns the exit code (docs/cli.md).
int runBenchPlayouts(const BenchPlayoutsOptions& options, std::ostream& out, std::ostream& err, bool showProgress);

}  // namespace tengen::cli
