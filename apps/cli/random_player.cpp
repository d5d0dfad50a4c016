#include "random_player.h"

#include <vector>

namespace tengen::cli {

Move RandomPlayer::chooseMove(const Game& game) {
  const Color me = game.toMove();
  const int size = game.size();
  std::vector<Point> legal;
  legal.reserve(static_cast<std::size_t>(size) * static_cast<std::size_t>(size));
  for (int row = 0; row < size; ++row) {
    for (int col = 0; col < size; ++col) {
      const Move move = Move::play(me, {row, col});
      if (game.check(move) == RejectReason::None) legal.push_back(move.point);
    }
  }
  if (legal.empty()) return Move::pass(me);
  return Move::play(me, legal[uniformBelow(legal.size())]);
}

std::uint64_t RandomPlayer::uniformBelow(std::uint64_t n) {
  // Values below 2^64 mod n would make the low residues likelier; draw again when one comes up.
  const std::uint64_t threshold = (0 - n) % n;
  for (;;) {
    const std::uint64_t r = m_rng();
    if (r >= threshold) return r % n;
  }
}

}  // namespace tengen::cli
