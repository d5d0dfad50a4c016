// The light-playout benchmark of docs/cli.md, run on the fast Board and on the naive reference.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace tengen::bench {

struct PlayoutOptions {
  int size = 19;
  // Run this many playouts, or for this many seconds; when neither is set, 3 seconds.
  std::optional<long> playouts;
  std::optional<double> seconds;
  std::uint64_t seed = 1;
  // Called now and then with the playouts done so far (for progress on long runs); may be empty.
  std::function<void(long done)> progress;
};

struct PlayoutFigures {
  int size = 0;
  long playouts = 0;
  long moves = 0;
  double seconds = 0;
  double pps = 0;  // playouts per second
  double mps = 0;  // moves per second
};

// Light random playouts from the empty board with tengen's Board.
PlayoutFigures runFastPlayouts(const PlayoutOptions& options);

// The same policy on the naive reference (copy, flood fill, compare boards), for comparison.
PlayoutFigures runReferencePlayouts(const PlayoutOptions& options);

// "size=9 playouts=20000 moves=2244000 seconds=0.438 pps=45684 mps=5130000", and when reference is given,
// " reference_pps=812 speedup=56.3" after it.
std::string formatFigures(const PlayoutFigures& fast, const PlayoutFigures* reference);

}  // namespace tengen::bench
