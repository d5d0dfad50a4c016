// Benson's algorithm: the chains that no sequence of opponent moves can capture, even if their owner always passes
// ("pass-alive"), and the regions they enclose in which the opponent can never make an eye.
#pragma once

#include <cstdint>
#include <vector>

#include "tengen/core/board.h"
#include "tengen/core/types.h"

namespace tengen::detail {

struct PassAlive {
  // By vertex: 1 when the stone there belongs to a pass-alive chain.
  std::vector<std::uint8_t> stone;
  // By vertex: the colour (as Color) whose pass-alive territory the point lies in, Color::Empty when none. Every
  // empty point of such a region touches a pass-alive chain of that colour, so the opponent can never make an eye
  // there and its stones in it are dead; the region is bordered by pass-alive chains only.
  std::vector<Color> territory;
};

// Both colours at once. Deterministic; linear in the board for each round of the fixpoint (a few rounds in
// practice).
PassAlive passAlive(const Board& board);

}  // namespace tengen::detail
