// Area and territory scoring with a given set of dead stones (docs/scoring.md).
#include <utility>
#include <vector>

#include "tengen/core/analysis.h"
#include "tengen/core/game.h"

#include "dame.h"

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

namespace {

// The stones taken off, by vertex: those of `deadStones` that are stones; none under tromp-taylor, which scores the
// board as it stands whoever asks.
std::vector<bool> deadByVertex(const Board& board, const std::vector<Point>& deadStones, bool trompTaylor) {
  std::vector<bool> dead(static_cast<std::size_t>(board.vertexEnd()), false);
  for (const Point& p : deadStones) {
    if (!trompTaylor && board.contains(p) && isPlayer(board.at(p))) dead[board.vertex(p)] = true;
  }
  return dead;
}

// The stones of chains in seki, by vertex, when `territoryScoring` asks for them (their eyes are no one's); none
// otherwise.
std::vector<bool> sekiByVertex(const Board& board, const std::vector<Point>& deadStones, bool territoryScoring) {
  std::vector<bool> sekiChain(static_cast<std::size_t>(board.vertexEnd()), false);
  if (!territoryScoring) return sekiChain;
  const int n = board.size();
  const std::vector<bool> seki = sekiStones(board, deadStones);
  for (int row = 0; row < n; ++row) {
    for (int col = 0; col < n; ++col) {
      if (seki[static_cast<std::size_t>(row) * n + col]) sekiChain[board.vertex({row, col})] = true;
    }
  }
  return sekiChain;
}

// What the count adds up, by colour index, and who owns each point.
struct Tally {
  double area[3] = {0, 0, 0};       // live stones plus territory
  double territory[3] = {0, 0, 0};  // empty points and dead stones' points
  double prisoners[3] = {0, 0, 0};  // stones taken: during the game, then the dead ones
  std::vector<Color> owner;         // per point, row-major; Color::Empty for no one's
};

// Counts a position once over: each live stone for its colour, dame for no one, and each region of empty points and
// dead stones for the only colour of live stones around it.
class Counter {
 public:
  Counter(const Board& board, std::vector<bool> dead, std::vector<bool> sekiChain, bool trompTaylor)
      : m_board(board),
        m_dead(std::move(dead)),
        m_sekiChain(std::move(sekiChain)),
        m_trompTaylor(trompTaylor),
        m_visited(static_cast<std::size_t>(board.vertexEnd()), false) {}

  // Every point of the board, counted.
  Tally count() {
    const int n = m_board.size();
    Tally tally;
    tally.owner.assign(static_cast<std::size_t>(n) * n, Color::Empty);
    tally.prisoners[1] = m_board.captures(Color::Black);
    tally.prisoners[2] = m_board.captures(Color::White);
    for (int row = 0; row < n; ++row) {
      for (int col = 0; col < n; ++col) {
        const Board::Vertex v = m_board.vertex({row, col});
        const Color c = m_board.at(v);
        if (live(v)) {
          tally.area[static_cast<int>(c)] += 1;
          tally.owner[static_cast<std::size_t>(row) * n + col] = c;
          continue;
        }
        if (m_visited[v]) continue;
        if (dame(v)) {
          m_visited[v] = true;
          continue;
        }
        credit(fillRegion(v), tally);
      }
    }
    return tally;
  }

 private:
  bool live(Board::Vertex v) const { return isPlayer(m_board.at(v)) && !m_dead[v]; }

  // Dame separates the areas (dame.h); Tromp-Taylor counts the board as it stands instead.
  bool dame(Board::Vertex v) const { return !m_trompTaylor && detail::isDame(m_board, v, m_dead); }

  // Gathers into m_region the empty points and dead stones connected to v, and answers their owner: the only colour
  // of live stones around them, and no one when a chain in seki is among those.
  Color fillRegion(Board::Vertex v) {
    m_region.assign(1, v);
    m_visited[v] = true;
    bool bordersBlack = false, bordersWhite = false, bordersSeki = false;
    for (std::size_t i = 0; i < m_region.size(); ++i) {
      for (int d : m_board.neighbourOffsets()) {
        const Board::Vertex u = m_region[i] + d;
        const Color cu = m_board.at(u);
        if (cu == Color::OffBoard) continue;
        if (live(u)) {
          bordersBlack |= cu == Color::Black;
          bordersWhite |= cu == Color::White;
          bordersSeki |= m_sekiChain[u];
        } else if (!m_visited[u] && !dame(u)) {
          m_visited[u] = true;
          m_region.push_back(u);
        }
      }
    }
    if (bordersBlack != bordersWhite && !bordersSeki) return bordersBlack ? Color::Black : Color::White;
    return Color::Empty;
  }

  // Counts m_region: its dead stones as prisoners of their opponent, and its points for its owner, if it has one.
  void credit(Color owner, Tally& tally) const {
    const int n = m_board.size();
    for (Board::Vertex u : m_region) {
      if (m_dead[u]) tally.prisoners[static_cast<int>(opponent(m_board.at(u)))] += 1;
      if (owner == Color::Empty) continue;
      const Point p = m_board.point(u);
      tally.owner[static_cast<std::size_t>(p.row) * n + p.col] = owner;
      tally.area[static_cast<int>(owner)] += 1;
      tally.territory[static_cast<int>(owner)] += 1;
    }
  }

  const Board& m_board;
  std::vector<bool> m_dead;
  std::vector<bool> m_sekiChain;
  bool m_trompTaylor;
  std::vector<bool> m_visited;
  std::vector<Board::Vertex> m_region;
};

}  // namespace

Score Game::score(const std::vector<Point>& deadStones) const {
  const bool trompTaylor = m_ruleSet->rules == Rules::TrompTaylor;
  const bool territoryScoring = m_ruleSet->scoring == Scoring::Territory;
  Counter counter(m_board, deadByVertex(m_board, deadStones, trompTaylor),
                  sekiByVertex(m_board, deadStones, territoryScoring), trompTaylor);
  Tally tally = counter.count();

  Score s;
  s.komi = m_komi;
  s.handicap = handicapCompensation(m_ruleSet->rules, handicapStones());
  s.owner = std::move(tally.owner);
  if (m_ruleSet->scoring == Scoring::Area) {
    s.black = tally.area[1];
    s.white = tally.area[2];
  } else {
    s.black = tally.territory[1] + tally.prisoners[1];
    s.white = tally.territory[2] + tally.prisoners[2];
  }
  s.margin = s.black - s.white - s.komi - s.handicap;
  s.result = resultString(s.margin);
  return s;
}

}  // namespace tengen
