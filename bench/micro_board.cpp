// Google Benchmark micro-benchmarks of the rules engine's hot calls: the legality check, play, copy, playouts.
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "tengen/bench/playouts.h"
#include "tengen/core/board.h"
#include "tengen/core/game.h"

namespace {

using tengen::Board;
using tengen::Color;
using tengen::RejectReason;

// A middle-game position: `moves` random legal moves from the empty board, seeded.
Board midGame(int size, int moves, std::uint64_t seed) {
  Board board(size);
  std::mt19937_64 rng(seed);
  Color toMove = Color::Black;
  for (int i = 0; i < moves; ++i) {
    std::vector<Board::Vertex> legal;
    for (int k = 0; k < board.emptyCount(); ++k) {
      const Board::Vertex v = board.emptyAt(k);
      if (!board.isSimpleEye(toMove, v) && board.check(toMove, v) == RejectReason::None) legal.push_back(v);
    }
    if (legal.empty()) break;
    board.play(toMove, legal[rng() % legal.size()]);
    toMove = tengen::opponent(toMove);
  }
  return board;
}

void BM_CheckEveryPoint(benchmark::State& state) {
  const int size = static_cast<int>(state.range(0));
  const Board board = midGame(size, size * size / 2, 7);
  long checks = 0;
  for (auto _ : state) {
    for (int row = 0; row < size; ++row) {
      for (int col = 0; col < size; ++col) {
        benchmark::DoNotOptimize(board.check(Color::Black, board.vertex({row, col})));
        ++checks;
      }
    }
  }
  state.SetItemsProcessed(checks);
}
BENCHMARK(BM_CheckEveryPoint)->Arg(9)->Arg(19);

void BM_GameCheckEveryPoint(benchmark::State& state) {
  const int size = static_cast<int>(state.range(0));
  tengen::GameConfig config;
  config.size = size;
  tengen::Game game(config);
  // A middle game played through the game layer, so that the superko history is real.
  std::mt19937_64 rng(7);
  for (int i = 0; i < size * size / 2; ++i) {
    std::vector<tengen::Point> legal;
    for (int row = 0; row < size; ++row) {
      for (int col = 0; col < size; ++col) {
        if (game.isLegal(tengen::Move::play(game.toMove(), {row, col}))) legal.push_back({row, col});
      }
    }
    if (legal.empty()) break;
    game.play(tengen::Move::play(game.toMove(), legal[rng() % legal.size()]));
  }
  long checks = 0;
  for (auto _ : state) {
    for (int row = 0; row < size; ++row) {
      for (int col = 0; col < size; ++col) {
        benchmark::DoNotOptimize(game.check(tengen::Move::play(game.toMove(), {row, col})));
        ++checks;
      }
    }
  }
  state.SetItemsProcessed(checks);
}
BENCHMARK(BM_GameCheckEveryPoint)->Arg(9)->Arg(19);

void BM_PlayRandomGame(benchmark::State& state) {
  const int size = static_cast<int>(state.range(0));
  // Record a game once, then time replaying its moves on a fresh board.
  std::vector<std::pair<Color, Board::Vertex>> moves;
  {
    Board board(size);
    std::mt19937_64 rng(3);
    Color toMove = Color::Black;
    for (int i = 0; i < size * size * 2; ++i) {
      std::vector<Board::Vertex> legal;
      for (int k = 0; k < board.emptyCount(); ++k) {
        const Board::Vertex v = board.emptyAt(k);
        if (!board.isSimpleEye(toMove, v) && board.check(toMove, v) == RejectReason::None) legal.push_back(v);
      }
      if (legal.empty()) break;
      const Board::Vertex v = legal[rng() % legal.size()];
      board.play(toMove, v);
      moves.emplace_back(toMove, v);
      toMove = tengen::opponent(toMove);
    }
  }
  const Board empty(size);
  long played = 0;
  for (auto _ : state) {
    Board board = empty;
    for (const auto& [c, v] : moves) board.play(c, v);
    benchmark::DoNotOptimize(board.hash());
    played += static_cast<long>(moves.size());
  }
  state.SetItemsProcessed(played);
}
BENCHMARK(BM_PlayRandomGame)->Arg(9)->Arg(19);

void BM_CopyBoard(benchmark::State& state) {
  const Board board = midGame(static_cast<int>(state.range(0)), 40, 5);
  for (auto _ : state) {
    Board copy = board;
    benchmark::DoNotOptimize(copy.hash());
  }
}
BENCHMARK(BM_CopyBoard)->Arg(9)->Arg(19);

void BM_Playouts(benchmark::State& state) {
  tengen::bench::PlayoutOptions options;
  options.size = static_cast<int>(state.range(0));
  options.playouts = 100;
  long playouts = 0;
  for (auto _ : state) {
    const auto figures = tengen::bench::runFastPlayouts(options);
    playouts += figures.playouts;
  }
  state.SetItemsProcessed(playouts);
}
BENCHMARK(BM_Playouts)->Arg(9)->Arg(19);

}  // namespace

BENCHMARK_MAIN();
