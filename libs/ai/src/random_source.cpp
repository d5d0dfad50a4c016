#include "random_source.h"

#include <optional>
#include <vector>

#include "tengen/core/coords.h"

namespace tengen::ai {

Result<Answer> RandomSource::propose(const MoveRequest& request) {
  const Game& asked = *request.game;
  // Asked out of turn (GTP's genmove allows it), the rules are consulted on a copy that lets that colour move.
  std::optional<Game> outOfTurn;
  if (request.color != asked.toMove()) {
    outOfTurn.emplace(asked);
    outOfTurn->setStrictTurn(false);
  }
  const Game& game = outOfTurn ? *outOfTurn : asked;

  const int size = game.size();
  std::vector<Point> legal;
  legal.reserve(static_cast<std::size_t>(size) * static_cast<std::size_t>(size));
  for (int row = 0; row < size; ++row) {
    for (int col = 0; col < size; ++col) {
      if (game.check(Move::play(request.color, {row, col})) == RejectReason::None) legal.push_back({row, col});
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
