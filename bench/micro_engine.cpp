// Playouts per second inside the built-in engine (tree descent, policy, scoring, RAVE update): one genmove of a
// fixed playout count from the empty board per iteration, on 9x9, 13x13 and 19x19, with the early stop off (the whole
// budget, as before it existed) and on (the default); and the visits tree reuse keeps over the opening of a 9x9
// game between two engines; and the engine's estimate of a position (judgment.h) at its default budget, on the empty
// boards and on a 19x19 game in play (bench/data/finished-19x19.sgf cut after 70% of its moves).
// `tengen_microbench_engine`.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "tengen/core/game.h"
#include "tengen/engine/engine.h"
#include "tengen/engine/judgment.h"
#include "tengen/engine/policy_input.h"
#include "tengen/engine/policy_net.h"
#include "tengen/sgf/sgf.h"

namespace {

// The game of a record in bench/data with only the first `share` of its moves played.
tengen::Game recordCut(const std::string& name, double share) {
  const std::string path = std::string(TENGEN_BENCH_DATA_DIR) + "/" + name;
  const auto collection = tengen::sgf::parseFile(path);
  if (!collection || collection->games().empty()) throw std::runtime_error("cannot read " + path);
  const auto record = tengen::sgf::readRecord(collection->games().front());
  if (!record) throw std::runtime_error(path + ": " + record.error());
  const tengen::sgf::Replay replayed = tengen::sgf::replay(record.value());
  if (replayed.illegal || !replayed.setupError.empty()) throw std::runtime_error(path + ": not a legal record");
  tengen::Game game = replayed.game;
  game.undoTo(static_cast<int>(game.moveCount() * share));
  return game;
}

// Arg: board size; the empty board. Counters: the playouts of one estimate.
void estimateEmpty(benchmark::State& state) {
  tengen::GameConfig config;
  config.size = static_cast<int>(state.range(0));
  const tengen::Game game(config);
  for (auto _ : state) benchmark::DoNotOptimize(tengen::engine::estimate(game));
  state.counters["playouts"] = static_cast<double>(tengen::engine::estimatePlayouts(game));
}

// A 19x19 game in play: the estimate alone, and judge() (core's reading of the board first, to see whether it is
// finished, then the estimate).
void estimateInPlay(benchmark::State& state) {
  const tengen::Game game = recordCut("finished-19x19.sgf", 0.7);
  for (auto _ : state) benchmark::DoNotOptimize(tengen::engine::estimate(game));
  state.counters["playouts"] = static_cast<double>(tengen::engine::estimatePlayouts(game));
}

void judgeInPlay(benchmark::State& state) {
  const tengen::Game game = recordCut("finished-19x19.sgf", 0.7);
  for (auto _ : state) benchmark::DoNotOptimize(tengen::engine::judge(game));
}

// Times Black's genmove in GAME with OPTIONS; returns the playouts run over every iteration.
long timeGenmoves(benchmark::State& state, const tengen::Game& game, const tengen::engine::EngineOptions& options) {
  long playouts = 0;
  double network = 0;
  double cache = 0;
  double outcomes = 0;
  long evaluations = 0;
  for (auto _ : state) {
    // A new engine and no answers kept from the last run: the network's evaluations are timed every time.
    state.PauseTiming();
    tengen::engine::forgetEvaluations();
    tengen::engine::Engine engine(options);
    state.ResumeTiming();
    benchmark::DoNotOptimize(engine.genmove(game, tengen::Color::Black));
    const tengen::engine::EngineStats& stats = engine.lastStats();
    playouts += stats.playouts;
    network += stats.networkWait;
    cache += stats.cacheWait;
    outcomes += stats.outcomesWait;
    evaluations += stats.evaluations - stats.cacheHits;
  }
  state.counters["playouts_per_second"] =
      benchmark::Counter(static_cast<double>(playouts), benchmark::Counter::kIsRate);
  // The time a playout waited for each lock, in nanoseconds (summed over the threads, per playout).
  const double perPlayout = playouts > 0 ? 1e9 / static_cast<double>(playouts) : 0;
  state.counters["network_wait_ns"] = network * perPlayout;
  state.counters["cache_wait_ns"] = cache * perPlayout;
  state.counters["outcomes_wait_ns"] = outcomes * perPlayout;
  // The network's evaluations (the cache's answers not counted) per 1,000 playouts: each holds the product lock
  // for most of its time.
  state.counters["evaluations_per_1k"] = static_cast<double>(evaluations) * perPlayout * 1e-6;
  return playouts;
}

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
  const long playouts = timeGenmoves(state, game, options);
  state.counters["playouts_per_move"] =
      benchmark::Counter(static_cast<double>(playouts), benchmark::Counter::kAvgIterations);
}

// The empty board of `size`.
tengen::Game emptyGame(std::int64_t size) {
  tengen::GameConfig config;
  config.size = static_cast<int>(size);
  return tengen::Game(config);
}

// One thread, seed 1, exactly `playouts` playouts a move (no early stop) and a new tree each move.
tengen::engine::EngineOptions fullSearch(std::int64_t playouts) {
  tengen::engine::EngineOptions options;
  options.playouts = playouts;
  options.earlyStop = false;
  options.reuse = false;
  options.seed = 1;
  return options;
}

// Args: board size, playouts per move, threads (sharing one tree). From the empty board, without the early stop, so
// every variant runs the same number of playouts.
void engineThreads(benchmark::State& state) {
  tengen::engine::EngineOptions options = fullSearch(state.range(1));
  options.threads = static_cast<int>(state.range(2));
  timeGenmoves(state, emptyGame(state.range(0)), options);
}

// Args: playouts per move, threads. The same from a 19x19 game in play (the bench record cut at 40%), where more
// of the nodes earn the network's evaluation.
void engineThreadsInPlay(benchmark::State& state) {
  tengen::engine::EngineOptions options = fullSearch(state.range(0));
  options.threads = static_cast<int>(state.range(1));
  timeGenmoves(state, recordCut("finished-19x19.sgf", 0.4), options);
}

// A playout switch on against off. Args: board size, playouts per move, the switch (1 on, 0 off). From the empty
// board, one thread, without the early stop.
void timePlayoutSwitch(benchmark::State& state, bool tengen::engine::EngineOptions::*playoutSwitch) {
  tengen::engine::EngineOptions options = fullSearch(state.range(1));
  options.*playoutSwitch = state.range(2) != 0;
  timeGenmoves(state, emptyGame(state.range(0)), options);
}

// The playouts read the fights around the last move.
void enginePlayoutFights(benchmark::State& state) {
  timePlayoutSwitch(state, &tengen::engine::EngineOptions::playoutFights);
}

// Pachi's playout tactics with the weighted AMAF and criticality (the defaults), against the playouts and AMAF
// before them.
void enginePachiTactics(benchmark::State& state) {
  tengen::engine::EngineOptions options = fullSearch(state.range(1));
  if (state.range(2) == 0) options = tengen::engine::presets::withoutPachiTactics(options);
  timeGenmoves(state, emptyGame(state.range(0)), options);
}

// Each playout switch off and on, on 9x9 and 19x19.
void playoutSwitchArgs(benchmark::internal::Benchmark* b) {
  b->Args({9, 10000, 0})->Args({9, 10000, 1})->Args({19, 2000, 0})->Args({19, 2000, 1});
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
  long evaluations = 0;
  long cacheHits = 0;
  for (auto _ : state) {
    // Each game starts with no evaluations kept, so the figures are one game's.
    tengen::engine::forgetEvaluations();
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
      evaluations += mover.lastStats().evaluations;
      cacheHits += mover.lastStats().cacheHits;
      ++moves;
    }
  }
  state.counters["reused_visits_per_move"] = static_cast<double>(reused) / static_cast<double>(moves);
  // The network's evaluations a move asked for, and the share the evaluation cache answered.
  state.counters["evaluations_per_move"] = static_cast<double>(evaluations) / static_cast<double>(moves);
  state.counters["cache_answered"] =
      evaluations > 0 ? static_cast<double>(cacheHits) / static_cast<double>(evaluations) : 0.0;
  state.counters["seconds_per_move"] =
      benchmark::Counter(static_cast<double>(moves), benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

// One evaluation of the policy network on one core: the input codes of the position (policy_input.h, ladders read
// included) and the forward pass, on a 19x19 game in play (the record cut at 70%) and on 9x9 and 13x13 boards with
// a few stones. Arg: the board size.
tengen::Game policyPosition(int size) {
  if (size == 19) return recordCut("finished-19x19.sgf", 0.7);
  tengen::GameConfig config;
  config.size = size;
  tengen::Game game(config);
  for (const auto& [row, col] : {std::pair{2, 2}, {2, size - 3}, {size - 3, 2}, {size - 3, size - 3}, {2, 4}}) {
    game.play(tengen::Move::play(game.toMove(), {row, col}));
  }
  return game;
}

void policyCodes(benchmark::State& state) {
  const tengen::Game game = policyPosition(static_cast<int>(state.range(0)));
  const tengen::Board& board = game.board();
  std::vector<std::uint16_t> codes(static_cast<std::size_t>(board.size() * board.size()));
  for (auto _ : state) {
    tengen::engine::policyCodes(board, game.toMove(), tengen::Board::kNoVertex, tengen::Board::kNoVertex, codes.data());
    benchmark::DoNotOptimize(codes.data());
  }
}

void policyEvaluate(benchmark::State& state) {
  const tengen::Game game = policyPosition(static_cast<int>(state.range(0)));
  const tengen::Board& board = game.board();
  std::vector<float> out(static_cast<std::size_t>(board.size() * board.size()));
  const tengen::engine::PolicyNet& net = tengen::engine::PolicyNet::builtin();
  for (auto _ : state) {
    net.evaluate(board, game.toMove(), tengen::Board::kNoVertex, tengen::Board::kNoVertex, out.data());
    benchmark::DoNotOptimize(out.data());
  }
  state.SetLabel(std::to_string(net.blocks()) + " blocks x " + std::to_string(net.channels()) + " channels");
}

// The same evaluation with the judgment heads too: the move probabilities, the value, the score and every point's
// ownership (what the estimate reads once; the search reads all but the ownership).
void policyJudge(benchmark::State& state) {
  const tengen::Game game = policyPosition(static_cast<int>(state.range(0)));
  const tengen::Board& board = game.board();
  const int size = board.size();
  std::vector<std::uint16_t> codes(static_cast<std::size_t>(size * size));
  std::vector<float> policy(codes.size());
  std::vector<float> ownership(codes.size());
  const tengen::engine::PolicyNet& net = tengen::engine::PolicyNet::builtin();
  for (auto _ : state) {
    tengen::engine::policyCodes(board, game.toMove(), tengen::Board::kNoVertex, tengen::Board::kNoVertex, codes.data());
    const tengen::engine::NetJudgment judged = net.judgeCodes(
        codes.data(), size, game.toMove(), tengen::engine::GameTerms{7.5, false}, policy.data(), ownership.data());
    benchmark::DoNotOptimize(judged);
    benchmark::DoNotOptimize(ownership.data());
  }
  state.SetLabel(net.judges() ? "with judgment heads" : "no judgment heads in this network");
}

BENCHMARK(policyCodes)->Arg(9)->Arg(13)->Arg(19)->Unit(benchmark::kMicrosecond);
BENCHMARK(policyEvaluate)->Arg(9)->Arg(13)->Arg(19)->Unit(benchmark::kMillisecond);
BENCHMARK(policyJudge)->Arg(9)->Arg(13)->Arg(19)->Unit(benchmark::kMillisecond);
BENCHMARK(engineGenmove)
    ->Args({9, 10000, 0})
    ->Args({9, 10000, 1})
    ->Args({13, 5000, 0})
    ->Args({13, 5000, 1})
    ->Args({19, 2000, 0})
    ->Args({19, 2000, 1})
    ->Unit(benchmark::kMillisecond);
BENCHMARK(engineThreads)
    ->Args({9, 20000, 1})
    ->Args({9, 20000, 2})
    ->Args({19, 4000, 1})
    ->Args({19, 4000, 2})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(engineThreadsInPlay)->Args({4000, 1})->Args({4000, 2})->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(enginePlayoutFights)->Apply(playoutSwitchArgs)->Unit(benchmark::kMillisecond);
BENCHMARK(enginePachiTactics)->Apply(playoutSwitchArgs)->Unit(benchmark::kMillisecond);
BENCHMARK(estimateEmpty)->Arg(9)->Arg(13)->Arg(19)->Unit(benchmark::kMillisecond);
BENCHMARK(estimateInPlay)->Unit(benchmark::kMillisecond);
BENCHMARK(judgeInPlay)->Unit(benchmark::kMillisecond);
BENCHMARK(engineOpeningWithReuse)->Args({5000, 0})->Args({5000, 1})->Unit(benchmark::kMillisecond)->Iterations(2);

}  // namespace

BENCHMARK_MAIN();
