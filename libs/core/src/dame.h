// Dame as scoring and the dead-stone analysis both see it (docs/scoring.md).
#pragma once

#include "tengen/core/board.h"

namespace tengen::detail {

// Whether v is an empty point next to live stones of both colours: dame, which separates two areas, so that a
// boundary left open by one point does not hand a whole territory to nobody. `dead[v]` marks stones taken off.
template <typename DeadMarks>
bool isDame(const Board& board, Board::Vertex v, const DeadMarks& dead) {
  if (board.at(v) != Color::Empty) return false;
  bool black = false;
  bool white = false;
  for (const int d : board.neighbourOffsets()) {
    const Board::Vertex n = v + d;
    if (!isPlayer(board.at(n)) || dead[n]) continue;
    black |= board.at(n) == Color::Black;
    white |= board.at(n) == Color::White;
  }
  return black && white;
}

}  // namespace tengen::detail
