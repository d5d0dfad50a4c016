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
  std::vector<Vertex> rootMoves;
  for (const Point p : game.legalPoints(color)) {
    const Vertex v = board.vertex(p);
    if (!board.isSimpleEye(color, v)) rootMoves.push_back(v);
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
