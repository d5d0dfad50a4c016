// Reading a chain on the fast board, shared by the move features and the playout policy.
#pragma once

#include <algorithm>

#include "tengen/core/board.h"

namespace tengen::engine {

// The distinct liberties of the chain at `stone`, written to `out` in the order a walk of the chain from `stone`
// meets them, up to `most`: returns how many were found, `most` meaning "at least that many".
inline int chainLiberties(const Board& board, Board::Vertex stone, Board::Vertex* out, int most) {
  int n = 0;
  Board::Vertex s = stone;
  do {
    for (int d : board.neighbourOffsets()) {
      const Board::Vertex u = s + d;
      if (board.at(u) != Color::Empty || std::find(out, out + n, u) != out + n) continue;
      out[n++] = u;
      if (n == most) return n;
    }
    s = board.nextInChain(s);
  } while (s != stone);
  return n;
}

}  // namespace tengen::engine
