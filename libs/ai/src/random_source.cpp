#include "random_source.h"

#include <vector>

#include "tengen/core/coords.h"

namespace tengen::ai {

Result<Answer> RandomSource::propose(const MoveRequest& request) {
  // Asked out of turn (GTP's genmove allows it), the colour asked for is judged as if it were its turn.
  const Game& game = *request.game;

  const int size = game.size();
  std::vector<Point> legal;
  legal.reserve(static_cast<std::size_t>(size) * static_cast<std::size_t>(size));
  for (int row = 0; row < size; ++row) {
    for (int col = 0; col < size; ++col) {
      const Move m = Move::play(request.color, {row, col});
      if (game.check(m, Game::TurnRule::AnyColor) == RejectReason::None) legal.push_back({row, col});
    }
  }
  Answer answer;
  answer.text = legal.empty() ? "pass" : gtpVertex(legal[uniformBelow(legal.size())], size);
  return answer;
}

std::uint64_t RandomSource::uniformBelow(std::uint64_t n) {
  // Values below 2^64 mod n would make the low residues likelier; draw again when one comes up.
  const std::uint64_t threshold = (0 - n) % n;
  for (;;) {
    const std::uint64_t r = m_rng();
    if (r >= threshold) return r % n;
  }
}

}  // namespace tengen::ai
