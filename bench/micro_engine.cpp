// Playouts per second inside the built-in engine (tree descent, policy, scoring, RAVE update): one genmove of a
// fixed playout count from the empty board per iteration, on 9x9, 13x13 and 19x19, with the early stop off (the whole
// budget, as before it existed) and on (the default); and the visits tree reuse keeps over the opening of a 9x9
// game between two engines. `tengen_microbench_engine`.
#include <benchmark/benchmark.h>

#include "tengen/core/game.h"
#include "tengen/engine/engine.h"

namespace {

// Args: board size, playouts per move, early stop (0 or 1).
void engineGenmove(benchmark::State& state) {
  const int size = static_cast<int>(state.range(0));
  tengen::GameConfig config;
  config.size = size;
  const tengen::Game game(config);
  tengen::engine::EngineOptions options;
  options.playouts = state.range(1);
  options.earlyStop = state.range(2) != 0;
  options.seed = 1;
  tengen::engine::Engine engine(options);
  long playouts = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(engine.genmove(game, tengen::Color::Black));
    playouts += engine.lastStats().playouts;
  }
  state.counters["playouts_per_second"] =
      benchmark::Counter(static_cast<double>(playouts), benchmark::Counter::kIsRate);
  state.counters["playouts_per_move"] =
      benchmark::Counter(static_cast<double>(playouts), benchmark::Counter::kAvgIterations);
}

// Args: playouts per move, reuse (0 or 1). One iteration is the first 30 moves of a 9x9 game between two engines
// with the same options; counters are per genmove.
void engineOpeningWithReuse(benchmark::State& state) {
  constexpr int kMoves = 30;
  tengen::engine::EngineOptions options;
  options.playouts = state.range(0);
  options.reuse = state.range(1) != 0;
  long reused = 0;
  long moves = 0;
  for (auto _ : state) {
    tengen::GameConfig config;
    config.size = 9;
    config.komi = 7.5;
    tengen::Game game(config);
    options.seed = 1;
    tengen::engine::Engine black(options);
    options.seed = 2;
    tengen::engine::Engine white(options);
    for (int i = 0; i < kMoves && game.phase() == tengen::Phase::Playing; ++i) {
      tengen::engine::Engine& mover = game.toMove() == tengen::Color::Black ? black : white;
      game.play(mover.genmove(game, game.toMove()));
      reused += mover.lastStats().reusedVisits;
      ++moves;
    }
  }
  state.counters["reused_visits_per_move"] = static_cast<double>(reused) / static_cast<double>(moves);
  state.counters["seconds_per_move"] =
      benchmark::Counter(static_cast<double>(moves), benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

BENCHMARK(engineGenmove)
    ->Args({9, 10000, 0})
    ->Args({9, 10000, 1})
    ->Args({13, 5000, 0})
    ->Args({13, 5000, 1})
    ->Args({19, 2000, 0})
    ->Args({19, 2000, 1})
    ->Unit(benchmark::kMillisecond);
BENCHMARK(engineOpeningWithReuse)->Args({5000, 0})->Args({5000, 1})->Unit(benchmark::kMillisecond)->Iterations(2);

}  // namespace

BENCHMARK_MAIN();
