// Area and territory scoring with a given set of dead stones.
#include <vector>

#include "tengen/core/game.h"

namespace tengen {

namespace {

// Whether a stone of colour c at the empty point p would join with its neighbours into a chain with at most one
// liberty: playing there is self-atari.
bool wouldBeSelfAtari(const Board& board, Color c, Board::Vertex p) {
  std::vector<bool> inChain(static_cast<std::size_t>(board.vertexEnd()), false);
  std::vector<bool> isLiberty(static_cast<std::size_t>(board.vertexEnd()), false);
  int liberties = 0;
  auto visitNeighbours = [&](Board::Vertex s) {
    for (int d : board.neighbourOffsets()) {
      const Board::Vertex u = s + d;
      if (u != p && board.at(u) == Color::Empty && !isLiberty[u]) {
        isLiberty[u] = true;
        ++liberties;
      }
    }
  };
  visitNeighbours(p);
  for (int d : board.neighbourOffsets()) {
    const Board::Vertex u = p + d;
    if (board.at(u) != c || inChain[board.chainRoot(u)]) continue;
    inChain[board.chainRoot(u)] = true;
    Board::Vertex s = u;
    do {
      visitNeighbours(s);
      s = board.nextInChain(s);
    } while (s != u);
  }
  return liberties <= 1;
}

}  // namespace

Score Game::score(const std::vector<Point>& deadStones) const {
  const Board& board = m_board;
  const int n = size();
  const int end = board.vertexEnd();
  std::vector<bool> dead(static_cast<std::size_t>(end), false);
  for (const Point& p : deadStones) {
    if (board.contains(p) && isPlayer(board.at(p))) dead[board.vertex(p)] = true;
  }
  auto alive = [&](Board::Vertex v, Color c) { return board.at(v) == c && !dead[v]; };

  // Under territory scoring, eyes of groups in seki are no one's: find the chains beside a shared liberty that
  // neither side can fill without putting itself in atari.
  std::vector<bool> sekiChain(static_cast<std::size_t>(end), false);
  if (m_ruleSet->scoring == Scoring::Territory) {
    for (int row = 0; row < n; ++row) {
      for (int col = 0; col < n; ++col) {
        const Board::Vertex p = board.vertex({row, col});
        if (board.at(p) != Color::Empty) continue;
        bool touchesBlack = false, touchesWhite = false;
        for (int d : board.neighbourOffsets()) {
          touchesBlack |= alive(p + d, Color::Black);
          touchesWhite |= alive(p + d, Color::White);
        }
        if (!touchesBlack || !touchesWhite) continue;
        if (!wouldBeSelfAtari(board, Color::Black, p) || !wouldBeSelfAtari(board, Color::White, p)) continue;
        for (int d : board.neighbourOffsets()) {
          if (isPlayer(board.at(p + d)) && !dead[p + d]) sekiChain[board.chainRoot(p + d)] = true;
        }
      }
    }
  }

  Score s;
  s.komi = m_komi;
  s.owner.assign(static_cast<std::size_t>(n) * n, Color::Empty);
  double area[3] = {0, 0, 0};       // by colour index: live stones plus territory
  double territory[3] = {0, 0, 0};  // empty points and dead stones' points
  double prisoners[3] = {0, 0, 0};  // stones taken: during the game, then the dead ones
  prisoners[1] = board.captures(Color::Black);
  prisoners[2] = board.captures(Color::White);

  std::vector<bool> visited(static_cast<std::size_t>(end), false);
  std::vector<Board::Vertex> region;
  for (int row = 0; row < n; ++row) {
    for (int col = 0; col < n; ++col) {
      const Board::Vertex v = board.vertex({row, col});
      const Color c = board.at(v);
      if (isPlayer(c) && !dead[v]) {
        area[static_cast<int>(c)] += 1;
        s.owner[static_cast<std::size_t>(row) * n + col] = c;
        continue;
      }
      if (visited[v]) continue;
      // A region: empty points and dead stones connected to each other; its owner is the only colour of live
      // stones around it.
      region.assign(1, v);
      visited[v] = true;
      bool bordersBlack = false, bordersWhite = false, bordersSeki = false;
      for (std::size_t i = 0; i < region.size(); ++i) {
        for (int d : board.neighbourOffsets()) {
          const Board::Vertex u = region[i] + d;
          const Color cu = board.at(u);
          if (cu == Color::OffBoard) continue;
          if (isPlayer(cu) && !dead[u]) {
            bordersBlack |= cu == Color::Black;
            bordersWhite |= cu == Color::White;
            bordersSeki |= sekiChain[board.chainRoot(u)];
          } else if (!visited[u]) {
            visited[u] = true;
            region.push_back(u);
          }
        }
      }
      Color owner = Color::Empty;
      if (bordersBlack != bordersWhite && !bordersSeki) owner = bordersBlack ? Color::Black : Color::White;
      for (Board::Vertex u : region) {
        if (dead[u]) prisoners[static_cast<int>(opponent(board.at(u)))] += 1;
        if (owner == Color::Empty) continue;
        const Point p = board.point(u);
        s.owner[static_cast<std::size_t>(p.row) * n + p.col] = owner;
        area[static_cast<int>(owner)] += 1;
        territory[static_cast<int>(owner)] += 1;
      }
    }
  }

  if (m_ruleSet->scoring == Scoring::Area) {
    s.black = area[1];
    s.white = area[2];
  } else {
    s.black = territory[1] + prisoners[1];
    s.white = territory[2] + prisoners[2];
  }
  s.margin = s.black - s.white - s.komi;
  s.result = resultString(s.margin);
  return s;
}

}  // namespace tengen
