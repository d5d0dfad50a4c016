// Playouts per second inside the built-in engine (tree descent, policy, scoring, RAVE update): one genmove of a
// fixed playout count from the empty board per iteration, on 9x9 and 19x19. `tengen_microbench_engine`.
#include <benchmark/benchmark.h>

#include "tengen/core/game.h"
#include "tengen/engine/engine.h"

namespace {

void engineGenmove(benchmark::State& state) {
  const int size = static_cast<int>(state.range(0));
  tengen::GameConfig config;
  config.size = size;
  const tengen::Game game(config);
  tengen::engine::EngineOptions options;
  options.playouts = state.range(1);
  options.seed = 1;
  tengen::engine::Engine engine(options);
  long playouts = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(engine.genmove(game, tengen::Color::Black));
    playouts += engine.lastStats().playouts;
  }
  state.counters["playouts_per_second"] =
      benchmark::Counter(static_cast<double>(playouts), benchmark::Counter::kIsRate);
}

BENCHMARK(engineGenmove)->Args({9, 10000})->Args({19, 2000})->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
