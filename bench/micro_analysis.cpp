// Google Benchmark micro-benchmarks of the dead-stone and ownership analysis (tengen/core/analysis.h): the result of
// a finished game on 9x9 and 19x19 (records in bench/data, GNU Go against itself ending with two passes), and the
// estimate of a 19x19 game in play, the heaviest case (the playouts run longest on an open board).
#include <benchmark/benchmark.h>

#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "tengen/core/analysis.h"
#include "tengen/core/game.h"
#include "tengen/sgf/sgf.h"

namespace {

using tengen::Game;

Game recordGame(const std::string& name) {
  const std::string path = std::string(TENGEN_BENCH_DATA_DIR) + "/" + name;
  const auto collection = tengen::sgf::parseFile(path);
  if (!collection || collection->games().empty()) throw std::runtime_error("cannot read " + path);
  const auto record = tengen::sgf::readRecord(collection->games().front());
  if (!record) throw std::runtime_error(path + ": " + record.error());
  tengen::sgf::Replay replayed = tengen::sgf::replay(record.value());
  if (replayed.illegal || !replayed.setupError.empty()) throw std::runtime_error(path + ": not a legal record");
  return replayed.game;
}

// A middle game: `moves` seeded random legal moves on 19x19.
Game midGame(int moves, std::uint64_t seed) {
  Game game;
  std::mt19937_64 rng(seed);
  for (int i = 0; i < moves; ++i) {
    std::vector<tengen::Point> legal;
    for (int row = 0; row < game.size(); ++row) {
      for (int col = 0; col < game.size(); ++col) {
        if (game.isLegal(tengen::Move::play(game.toMove(), {row, col}))) legal.push_back({row, col});
      }
    }
    if (legal.empty()) break;
    game.play(tengen::Move::play(game.toMove(), legal[rng() % legal.size()]));
  }
  return game;
}

void analyzeFinished9(benchmark::State& state) {
  const Game game = recordGame("finished-9x9.sgf");
  for (auto _ : state) benchmark::DoNotOptimize(tengen::analyze(game));
}
BENCHMARK(analyzeFinished9)->Unit(benchmark::kMillisecond);

void analyzeFinished19(benchmark::State& state) {
  const Game game = recordGame("finished-19x19.sgf");
  for (auto _ : state) benchmark::DoNotOptimize(tengen::analyze(game));
}
BENCHMARK(analyzeFinished19)->Unit(benchmark::kMillisecond);

void analyzeInPlay19(benchmark::State& state) {
  const Game game = midGame(60, 7);
  for (auto _ : state) benchmark::DoNotOptimize(tengen::analyze(game));
}
BENCHMARK(analyzeInPlay19)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
