#include "tengen/engine/policy_input.h"

#include <algorithm>
#include <array>

#include "tengen/engine/move_features.h"

namespace tengen::engine {

namespace {

namespace pc = policy_code;

// Whether c playing at the legal point v puts an opponent chain of two liberties in atari that the ladder then
// catches.
bool laddersAChain(const Board& board, Color c, Board::Vertex v) {
  const Color opp = opponent(c);
  std::array<Board::Vertex, 4> targets{};
  int count = 0;
  for (int off : board.neighbourOffsets()) {
    const Board::Vertex u = v + off;
    if (board.at(u) != opp || board.libertyCount(u) != 2) continue;
    const Board::Vertex root = board.chainRoot(u);
    if (std::find(targets.begin(), targets.begin() + count, root) == targets.begin() + count) targets[count++] = root;
  }
  if (count == 0) return false;
  Board after = board;
  after.play(c, v);
  for (int i = 0; i < count; ++i) {
    // The target may have been captured by the move (it cannot: it had two liberties) or joined nothing; its
    // stones are still where they were.
    const Board::Vertex stone = targets[i];
    if (after.at(stone) == opp && after.inAtari(stone) && ladderCaptures(after, stone)) return true;
  }
  return false;
}

std::uint16_t emptyCode(const Board& board, Color c, Board::Vertex v) {
  std::uint16_t code = 0;
  if (v == board.koVertex() && c == board.koColor()) code |= pc::kKo;
  if (board.check(c, v) != RejectReason::None) return code;
  code |= pc::kLegal;
  const Color opp = opponent(c);
  for (int off : board.neighbourOffsets()) {
    const Board::Vertex u = v + off;
    if (board.at(u) == opp && board.inAtari(u)) {
      code |= pc::kCapture;
      break;
    }
  }
  const int liberties = std::clamp(board.libertiesAfter(c, v, 3), 1, 3);
  code = static_cast<std::uint16_t>(code | ((liberties - 1) << pc::kLibertiesAfterShift));
  if (liberties >= 2 && laddersAChain(board, c, v)) code |= pc::kLadder;
  return code;
}

}  // namespace

void policyCodes(const Board& board, Color toMove, Board::Vertex last, Board::Vertex beforeLast, std::uint16_t* out) {
  const int size = board.size();
  // A chain's code (stone colour, liberties, ladder) is computed once, at its first stone met.
  std::array<std::uint16_t, Board::kMaxVertices> chainCode;
  std::array<bool, Board::kMaxVertices> known{};
  for (int row = 0; row < size; ++row) {
    for (int col = 0; col < size; ++col) {
      const Board::Vertex v = board.vertex({row, col});
      const Color stone = board.at(v);
      std::uint16_t code = 0;
      if (stone == Color::Empty) {
        code = emptyCode(board, toMove, v);
      } else {
        const Board::Vertex root = board.chainRoot(v);
        if (!known[root]) {
          const int liberties = std::min(board.libertyCount(v), 4);
          std::uint16_t c = stone == toMove ? 1 : 2;
          c = static_cast<std::uint16_t>(c | ((liberties - 1) << pc::kLibertiesShift));
          if (stone == toMove && liberties == 1 && ladderCaptures(board, v)) c |= pc::kLadder;
          chainCode[root] = c;
          known[root] = true;
        }
        code = chainCode[root];
      }
      if (v == last) code |= pc::kLast;
      if (v == beforeLast) code |= pc::kBeforeLast;
      out[row * size + col] = code;
    }
  }
}

void policyPlanes(const std::uint16_t* codes, int points, Color toMove, float* out) {
  std::fill(out, out + static_cast<std::ptrdiff_t>(kPolicyPlanes) * points, 0.0F);
  const auto plane = [&](int index) { return out + static_cast<std::ptrdiff_t>(index) * points; };
  const float black = toMove == Color::Black ? 1.0F : 0.0F;
  for (int p = 0; p < points; ++p) {
    const std::uint16_t code = codes[p];
    const int stone = code & pc::kStoneMask;
    plane(stone == 0 ? 2 : stone - 1)[p] = 1.0F;
    if (stone != 0) plane(3 + (stone - 1) * 4 + ((code >> pc::kLibertiesShift) & 3))[p] = 1.0F;
    if (code & pc::kLast) plane(11)[p] = 1.0F;
    if (code & pc::kBeforeLast) plane(12)[p] = 1.0F;
    if (code & pc::kKo) plane(13)[p] = 1.0F;
    if (code & pc::kLegal) {
      plane(14)[p] = 1.0F;
      if (code & pc::kCapture) plane(15)[p] = 1.0F;
      plane(16 + ((code >> pc::kLibertiesAfterShift) & 3))[p] = 1.0F;
      if (code & pc::kLadder) plane(20)[p] = 1.0F;
    } else if (stone == 1 && (code & pc::kLadder)) {
      plane(19)[p] = 1.0F;
    }
    plane(21)[p] = black;
    plane(22)[p] = 1.0F;
  }
}

}  // namespace tengen::engine
