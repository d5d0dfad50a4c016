#include "ownership.h"

#include "tengen/core/random.h"

namespace tengen::detail {

namespace {

using Vertex = Board::Vertex;

// Whether c at v would leave a chain of two or more stones in atari.
bool selfAtari(const Board& board, Color c, Vertex v) {
  if (board.emptyNeighbours(v) >= 2) return false;
  bool joins = false;
  for (int d : board.neighbourOffsets()) joins |= board.at(v + d) == c;
  if (!joins) return false;
  return board.libertiesAfter(c, v, 2) < 2;
}

Vertex chooseMove(const Board& board, Color c, Vertex last, Rng& rng, const std::vector<std::uint8_t>* frozen) {
  if (last != Board::kNoVertex) {
    const Color opp = opponent(c);
    for (int d : {0, -board.stride(), -1, 1, board.stride()}) {
      const Vertex u = last + d;
      if (board.at(u) == opp && board.inAtari(u)) {
        const Vertex lib = board.atariLiberty(u);
        if (board.check(c, lib) == RejectReason::None) return lib;
      }
    }
    for (int d : board.neighbourOffsets()) {
      const Vertex u = last + d;
      if (board.at(u) == c && board.inAtari(u)) {
        const Vertex lib = board.atariLiberty(u);
        if (board.check(c, lib) == RejectReason::None && board.libertiesAfter(c, lib, 2) >= 2) return lib;
      }
    }
  }
  const int n = board.emptyCount();
  if (n == 0) return Board::kNoVertex;
  int i = rng.below(n);
  for (int k = 0; k < n; ++k) {
    const Vertex v = board.emptyAt(i);
    if (++i == n) i = 0;
    if (frozen && (*frozen)[v]) continue;
    const bool ok = board.emptyNeighbours(v) > 0 ? !(v == board.koVertex() && c == board.koColor())
                                                 : !board.isSimpleEye(c, v) && board.check(c, v) == RejectReason::None;
    if (ok && !selfAtari(board, c, v)) return v;
  }
  return Board::kNoVertex;
}

Color ownerAtEnd(const Board& board, Vertex v) {
  const Color here = board.at(v);
  if (here != Color::Empty) return here;
  bool black = false, white = false;
  for (int d : board.neighbourOffsets()) {
    black |= board.at(v + d) == Color::Black;
    white |= board.at(v + d) == Color::White;
  }
  if (black == white) return Color::Empty;
  return black ? Color::Black : Color::White;
}

}  // namespace

std::vector<int> playoutOwnership(const Board& start, Color toMove, const OwnershipOptions& options) {
  std::vector<int> owned(static_cast<std::size_t>(start.vertexEnd()), 0);
  Rng rng(options.seed);
  const int n = start.size();
  const int maxMoves = 3 * n * n;
  for (int i = 0; i < options.playouts; ++i) {
    Board board = start;
    Color c = i % 2 == 0 ? toMove : opponent(toMove);
    Vertex last = Board::kNoVertex;
    int passes = 0;
    for (int moves = 0; passes < 2 && moves < maxMoves; ++moves) {
      const Vertex v = chooseMove(board, c, last, rng, options.frozen);
      if (v == Board::kNoVertex) {
        board.pass();
        ++passes;
      } else {
        board.play(c, v);
        passes = 0;
      }
      last = v;
      c = opponent(c);
    }
    for (int row = 0; row < n; ++row) {
      for (int col = 0; col < n; ++col) {
        const Vertex v = board.vertex({row, col});
        const Color owner = ownerAtEnd(board, v);
        owned[v] += owner == Color::Black ? 1 : owner == Color::White ? -1 : 0;
      }
    }
  }
  return owned;
}

}  // namespace tengen::detail
