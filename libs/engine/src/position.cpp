#include "position.h"

namespace tengen::engine {

using Vertex = Board::Vertex;

Vertex lastVertex(const Game& game, std::size_t back) {
  if (game.moves().size() < back) return Board::kNoVertex;
  const Move& m = game.moves()[game.moves().size() - back];
  return m.kind == MoveKind::Play ? game.board().vertex(m.point) : Board::kNoVertex;
}

std::vector<Vertex> rootMovesFor(const Game& game, Color color) {
  const Board& board = game.board();
  const int size = board.size();
  std::vector<Vertex> rootMoves;
  for (int row = 0; row < size; ++row) {
    for (int col = 0; col < size; ++col) {
      const Vertex v = board.vertex({row, col});
      if (board.at(v) != Color::Empty || board.isSimpleEye(color, v)) continue;
      if (game.check(Move::play(color, {row, col}), Game::TurnRule::AnyColor) == RejectReason::None) {
        rootMoves.push_back(v);
      }
    }
  }
  return rootMoves;
}

// Against a handicap the engine as White would otherwise see every line lost and play at random, and as Black every
// line won and play slack; the pass and resign decisions and every result keep the game's own komi.
double dynamicKomi(const Game& game) {
  const int handicap = game.handicapStones();
  if (handicap < 2) return 0;
  const double points = static_cast<double>(game.size()) * game.size();
  const double left = 1 - static_cast<double>(game.moveCount()) / (points / 2);
  return left > 0 ? 7.0 * handicap * left : 0;
}

}  // namespace tengen::engine
