// Who ends up owning each point when a position is played out many times by a light random policy.
#pragma once

#include <cstdint>
#include <vector>

#include "tengen/core/board.h"
#include "tengen/core/types.h"

namespace tengen::detail {

struct OwnershipOptions {
  int playouts = 1000;
  std::uint64_t seed = 1;
  // By vertex: 1 where no playout may play (inside territory already certain).
  const std::vector<std::uint8_t>* frozen = nullptr;
};

// By vertex: (playouts that end with the point Black's) - (playouts that end with it White's). Half the playouts
// start with `toMove`, half with the opponent. A point is owned at the end by its stone's colour, or, when empty,
// by the one colour of its neighbours. The policy: capture a chain the last move left in atari, save an own chain it
// put in atari when that gives two liberties, otherwise a random legal point that neither fills an own eye nor puts
// a chain of two or more stones in atari. Deterministic for a seed.
std::vector<int> playoutOwnership(const Board& start, Color toMove, const OwnershipOptions& options);

}  // namespace tengen::detail
