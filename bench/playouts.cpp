#include "tengen/bench/playouts.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <vector>

#include "tengen/core/board.h"
#include "tengen/core/random.h"
#include "tengen/core/rules.h"
#include "tengen/reference/naive_game.h"

namespace tengen::bench {

namespace {

// One playout by the benchmark's policy (docs/cli.md) on the fast board; returns the number of turns (passes included).
long fastPlayout(Board& board, Rng& rng) {
  const long maxMoves = 3L * board.size() * board.size();
  Color toMove = Color::Black;
  int passes = 0;
  long moves = 0;
  while (passes < 2 && moves < maxMoves) {
    const int n = board.emptyCount();
    Board::Vertex chosen = Board::kNoVertex;
    if (n > 0) {
      int i = rng.below(n);
      for (int k = 0; k < n; ++k) {
        const Board::Vertex v = board.emptyAt(i);
        // A point with an empty neighbour is neither an eye nor suicide: only the ko point can stop it.
        const bool ok = board.emptyNeighbours(v) > 0
                            ? !(v == board.koVertex() && toMove == board.koColor())
                            : !board.isSimpleEye(toMove, v) && board.check(toMove, v) == RejectReason::None;
        if (ok) {
          chosen = v;
          break;
        }
        if (++i == n) i = 0;
      }
    }
    if (chosen != Board::kNoVertex) {
      board.play(toMove, chosen);
      passes = 0;
    } else {
      board.pass();
      ++passes;
    }
    ++moves;
    toMove = opponent(toMove);
  }
  return moves;
}

// The same policy on the naive reference: the empty list is rebuilt by scanning, eyes read point by point.
bool naiveIsSimpleEye(const reference::NaiveGame& game, Color c, int row, int col) {
  const int dr[4] = {-1, 0, 0, 1}, dc[4] = {0, -1, 1, 0};
  for (int d = 0; d < 4; ++d) {
    const Color n = game.at(row + dr[d], col + dc[d]);
    if (n != c && n != Color::OffBoard) return false;
  }
  int bad = 0;
  bool edge = false;
  for (int r : {-1, 1}) {
    for (int k : {-1, 1}) {
      const Color n = game.at(row + r, col + k);
      bad += n == opponent(c);
      edge |= n == Color::OffBoard;
    }
  }
  return bad + (edge ? 1 : 0) <= 1;
}

long referencePlayout(int size, Rng& rng) {
  reference::NaiveGame game(size, Rules::Japanese);  // simple ko, no suicide: the playout rules
  const long maxMoves = 3L * size * size;
  int passes = 0;
  long moves = 0;
  std::vector<int> empties;
  while (passes < 2 && moves < maxMoves) {
    const Color toMove = game.toMove();
    empties.clear();
    for (int p = 0; p < size * size; ++p) {
      if (game.stones()[static_cast<std::size_t>(p)] == Color::Empty) empties.push_back(p);
    }
    const int n = static_cast<int>(empties.size());
    int chosen = -1;
    if (n > 0) {
      int i = rng.below(n);
      for (int k = 0; k < n; ++k) {
        const int row = empties[static_cast<std::size_t>(i)] / size;
        const int col = empties[static_cast<std::size_t>(i)] % size;
        if (!naiveIsSimpleEye(game, toMove, row, col) && game.check(toMove, row, col) == RejectReason::None) {
          chosen = empties[static_cast<std::size_t>(i)];
          break;
        }
        if (++i == n) i = 0;
      }
    }
    if (chosen >= 0) {
      game.play(toMove, chosen / size, chosen % size);
      passes = 0;
    } else {
      game.pass(toMove);
      ++passes;
    }
    ++moves;
  }
  return moves;
}

template <typename PlayoutFn>
PlayoutFigures run(const PlayoutOptions& options, PlayoutFn playout) {
  const bool timed = !options.playouts.has_value();
  const double seconds = options.seconds.value_or(3.0);
  const long wanted = options.playouts.value_or(0);
  Rng rng(options.seed);
  PlayoutFigures f;
  f.size = options.size;
  const auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  while (timed ? true : f.playouts < wanted) {
    f.moves += playout(rng);
    ++f.playouts;
    if ((f.playouts & 255) == 0) {
      if (timed && elapsed() >= seconds) break;
      if (options.progress) options.progress(f.playouts);
    }
  }
  f.seconds = elapsed();
  f.pps = f.seconds > 0 ? static_cast<double>(f.playouts) / f.seconds : 0;
  f.mps = f.seconds > 0 ? static_cast<double>(f.moves) / f.seconds : 0;
  return f;
}

}  // namespace

PlayoutFigures runFastPlayouts(const PlayoutOptions& options) {
  const Board empty(options.size);
  Board board(options.size);
  return run(options, [&](Rng& rng) {
    board = empty;
    return fastPlayout(board, rng);
  });
}

PlayoutFigures runReferencePlayouts(const PlayoutOptions& options) {
  return run(options, [&](Rng& rng) { return referencePlayout(options.size, rng); });
}

std::string formatFigures(const PlayoutFigures& fast, const PlayoutFigures* reference) {
  char line[256];
  std::snprintf(line, sizeof line, "size=%d playouts=%ld moves=%ld seconds=%.3f pps=%.0f mps=%.0f", fast.size,
                fast.playouts, fast.moves, fast.seconds, fast.pps, fast.mps);
  std::string out = line;
  if (reference) {
    std::snprintf(line, sizeof line, " reference_pps=%.0f speedup=%.1f", reference->pps,
                  reference->pps > 0 ? fast.pps / reference->pps : 0.0);
    out += line;
  }
  return out;
}

}  // namespace tengen::bench
