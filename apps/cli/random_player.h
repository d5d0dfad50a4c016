// The `random` opponent: a uniformly random legal move. For tests and baselines only; it is never a fallback for
// another engine (SPEC section 2).
#pragma once

#include <cstdint>
#include <random>

#include "tengen/core/game.h"
#include "tengen/core/types.h"

namespace tengen::cli {

class RandomPlayer {
 public:
  // The same seed and the same games give the same moves on every run and platform.
  explicit RandomPlayer(std::uint64_t seed) : m_rng(seed) {}

  // A point chosen uniformly among every point where the side to move may legally play (Game::check, so superko
  // included); a pass only when there is none. Precondition: game.phase() == Phase::Playing.
  Move chooseMove(const Game& game);

 private:
  // Uniform in [0, n) by rejection, so the choice does not depend on the standard library's distributions.
  std::uint64_t uniformBelow(std::uint64_t n);

  std::mt19937_64 m_rng;
};

}  // namespace tengen::cli
