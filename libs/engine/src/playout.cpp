#include "playout.h"

#include "tengen/engine/move_features.h"

namespace tengen::engine {

using Vertex = Board::Vertex;

namespace {

// One stone of each different chain of colour `c` next to `v`, in neighbour order; returns how many.
inline int neighbourChains(const Board& board, Color c, Vertex v, Vertex (&stones)[4]) {
  Vertex roots[4];
  int count = 0;
  for (int d : board.neighbourOffsets()) {
    const Vertex u = v + d;
    if (board.at(u) != c) continue;
    const Vertex root = board.chainRoot(u);
    bool seen = false;
    for (int i = 0; i < count; ++i) seen |= roots[i] == root;
    if (seen) continue;
    roots[count] = root;
    stones[count++] = u;
  }
  return count;
}

}  // namespace

std::uint64_t mixSeed(std::uint64_t x) { return splitMix64(x); }

bool isBigSelfAtari(const Board& board, Color c, Vertex v) {
  // Two empty neighbours are two liberties; most points leave here.
  if (board.emptyNeighbours(v) >= 2) return false;
  int size = 1;
  Vertex chains[4];
  const int chainCount = neighbourChains(board, c, v, chains);
  for (int k = 0; k < chainCount; ++k) size += board.chainSize(chains[k]);
  // A lone stone thrown in is good shape often enough; chains are kept out of atari.
  if (size < 2) return false;
  return board.libertiesAfter(c, v, 2) < 2;
}

Vertex choosePlayoutMove(const Board& board, Color c, Vertex last, Rng& rng, const PatternTable* patterns) {
  if (last != Board::kNoVertex) {
    const Color opp = opponent(c);
    const std::array<int, 4> offsets = board.neighbourOffsets();
    // Capturing the chain the last move left in atari (its own or a neighbour) is almost always right.
    if (board.at(last) == opp && board.inAtari(last)) {
      const Vertex lib = board.atariLiberty(last);
      if (board.check(c, lib) == RejectReason::None) return lib;
    }
    for (int d : offsets) {
      const Vertex u = last + d;
      if (board.at(u) == opp && board.inAtari(u)) {
        const Vertex lib = board.atariLiberty(u);
        if (board.check(c, lib) == RejectReason::None) return lib;
      }
    }
    // An own chain the last move put in atari runs when running gives it room to live: three liberties, or two
    // and no ladder to catch it.
    for (int d : offsets) {
      const Vertex u = last + d;
      if (board.at(u) == c && board.inAtari(u)) {
        const Vertex lib = board.atariLiberty(u);
        if (board.check(c, lib) != RejectReason::None) continue;
        const int libs = board.libertiesAfter(c, lib, 3);
        if (libs >= 3 || (libs == 2 && !ladderCaptures(board, u, 40))) return lib;
      }
    }
    // Answer the last move's shape locally (hane, cut, edge block), as MoGo does; a self-atari is no answer.
    if (patterns) {
      const int s = board.stride();
      Vertex candidates[8];
      int count = 0;
      for (int d : {-s - 1, -s, -s + 1, -1, 1, s - 1, s, s + 1}) {
        const Vertex u = last + d;
        if (board.at(u) != Color::Empty || !patterns->matches(board, u, c)) continue;
        if (board.check(c, u) != RejectReason::None || board.libertiesAfter(c, u, 2) < 2) continue;
        candidates[count++] = u;
      }
      if (count > 0) return candidates[count == 1 ? 0 : rng.below(count)];
    }
  }
  const int n = board.emptyCount();
  if (n == 0) return Board::kNoVertex;
  int i = rng.below(n);
  for (int k = 0; k < n; ++k) {
    const Vertex v = board.emptyAt(i);
    // A point with an empty neighbour is neither an eye nor suicide: only the ko point can stop it.
    const bool ok = board.emptyNeighbours(v) > 0 ? !(v == board.koVertex() && c == board.koColor())
                                                 : !board.isSimpleEye(c, v) && board.check(c, v) == RejectReason::None;
    if (ok && !isBigSelfAtari(board, c, v)) return v;
    if (++i == n) i = 0;
  }
  return Board::kNoVertex;
}

void playout(Board& board, Color toMove, Vertex last, Rng& rng, std::uint8_t* firstColor, int maxMoves,
             const PatternTable* patterns) {
  int passes = 0;
  for (int moves = 0; passes < 2 && moves < maxMoves; ++moves) {
    const Vertex v = choosePlayoutMove(board, toMove, last, rng, patterns);
    if (v != Board::kNoVertex) {
      board.play(toMove, v);
      if (firstColor && firstColor[v] == 0) firstColor[v] = static_cast<std::uint8_t>(toMove);
      passes = 0;
    } else {
      board.pass();
      ++passes;
    }
    last = v;
    toMove = opponent(toMove);
  }
}

double areaMargin(const Board& board, double komi) {
  int black = 0;
  int white = 0;
  const int size = board.size();
  for (int row = 0; row < size; ++row) {
    for (int col = 0; col < size; ++col) {
      const Color owner = areaOwner(board, board.vertex({row, col}));
      black += owner == Color::Black;
      white += owner == Color::White;
    }
  }
  return black - white - komi;
}

}  // namespace tengen::engine
