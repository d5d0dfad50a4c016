// Area and territory scoring with a given set of dead stones (docs/scoring.md).
#include <vector>

#include "tengen/core/analysis.h"
#include "tengen/core/game.h"

namespace tengen {

double handicapCompensation(Rules rules, int handicapStones) {
  if (handicapStones < 2) return 0;
  switch (rules) {
    case Rules::Chinese:
      return handicapStones;
    case Rules::Aga:
      return handicapStones - 1;
    case Rules::Japanese:
    case Rules::Korean:
    case Rules::Nz:
    case Rules::TrompTaylor:
      return 0;
  }
  return 0;
}

Score Game::score(const std::vector<Point>& deadStones) const {
  const Board& board = m_board;
  const int n = size();
  const int end = board.vertexEnd();
  const bool trompTaylor = m_ruleSet->rules == Rules::TrompTaylor;
  // Tromp-Taylor scores the board as it stands: nothing is taken off, whoever asks.
  std::vector<bool> dead(static_cast<std::size_t>(end), false);
  for (const Point& p : deadStones) {
    if (!trompTaylor && board.contains(p) && isPlayer(board.at(p))) dead[board.vertex(p)] = true;
  }
  auto live = [&](Board::Vertex v) { return isPlayer(board.at(v)) && !dead[v]; };
  // An empty point next to live stones of both colours is dame: it separates the areas, so a boundary left open
  // by one point does not hand a whole territory to nobody. Tromp-Taylor counts the board as it stands instead.
  auto dame = [&](Board::Vertex v) {
    if (trompTaylor || board.at(v) != Color::Empty) return false;
    bool black = false, white = false;
    for (int d : board.neighbourOffsets()) {
      if (!live(v + d)) continue;
      black |= board.at(v + d) == Color::Black;
      white |= board.at(v + d) == Color::White;
    }
    return black && white;
  };

  // Under territory scoring the eyes of chains in seki are no one's.
  const bool territoryScoring = m_ruleSet->scoring == Scoring::Territory;
  std::vector<bool> sekiChain(static_cast<std::size_t>(end), false);
  if (territoryScoring) {
    const std::vector<bool> seki = sekiStones(board, deadStones);
    for (int row = 0; row < n; ++row) {
      for (int col = 0; col < n; ++col) {
        if (seki[static_cast<std::size_t>(row) * n + col]) sekiChain[board.vertex({row, col})] = true;
      }
    }
  }

  Score s;
  s.komi = m_komi;
  s.handicap = handicapCompensation(m_ruleSet->rules, handicapStones());
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
      if (live(v)) {
        area[static_cast<int>(c)] += 1;
        s.owner[static_cast<std::size_t>(row) * n + col] = c;
        continue;
      }
      if (visited[v]) continue;
      if (dame(v)) {
        visited[v] = true;
        continue;
      }
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
          if (live(u)) {
            bordersBlack |= cu == Color::Black;
            bordersWhite |= cu == Color::White;
            bordersSeki |= sekiChain[u];
          } else if (!visited[u] && !dame(u)) {
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
  s.margin = s.black - s.white - s.komi - s.handicap;
  s.result = resultString(s.margin);
  return s;
}

}  // namespace tengen
