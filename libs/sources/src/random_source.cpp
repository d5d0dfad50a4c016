#include "random_source.h"

#include <vector>

#include "tengen/core/coords.h"

namespace tengen::sources {

namespace {

using ai::Answer;
using ai::MoveRequest;

}  // namespace

Result<Answer> RandomSource::propose(const MoveRequest& request) {
  // Asked out of turn (GTP's genmove allows it), the colour asked for is judged as if it were its turn.
  const Game& game = *request.game;

  const std::vector<Point> legal = game.legalPoints(request.color);
  Answer answer;
  answer.text = legal.empty() ? "pass" : gtpVertex(legal[uniformBelow(legal.size())], game.size());
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

}  // namespace tengen::sources
