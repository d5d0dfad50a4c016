// The dead-stone and ownership analysis: Benson's pass-alive chains (certain), playouts for everything else, and two
// static corrections the playouts need (seki, and eyeless groups enclosed in the opponent's area), then the count.
// docs/scoring.md explains the method and its limits.
#include "tengen/core/analysis.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>

#include "benson.h"
#include "dame.h"
#include "ownership.h"

namespace tengen {

namespace {

using Vertex = Board::Vertex;

constexpr int kNone = -1;

std::array<int, 4> diagonalOffsets(const Board& board) {
  const int s = board.stride();
  return {-s - 1, -s + 1, s - 1, s + 1};
}

// The shape of a small eye space decides whether the opponent can reduce it to one eye with a stone on its vital
// point: square four, pyramid four, bulky five, crossed five and rabbity six give one eye; other spaces of four to
// six points give two.
int eyesOfShape(const Board& board, const std::vector<Vertex>& points) {
  const int n = static_cast<int>(points.size());
  if (n <= 3) return 1;
  if (n >= 7) return 2;
  std::vector<int> degree;
  for (Vertex p : points) {
    int k = 0;
    for (int d : board.neighbourOffsets()) k += std::find(points.begin(), points.end(), p + d) != points.end();
    degree.push_back(k);
  }
  std::sort(degree.rbegin(), degree.rend());
  using D = std::vector<int>;
  const bool killable = degree == D{2, 2, 2, 2} || degree == D{3, 1, 1, 1} || degree == D{3, 2, 2, 2, 1} ||
                        degree == D{4, 1, 1, 1, 1} || degree == D{4, 2, 2, 2, 1, 1};
  return killable ? 1 : 2;
}

// Playouts per analysis: a number fixed by the position alone, so the answer never depends on the time it took.
// At most 3,000 on 9x9, 2,000 on 13x13 and 1,500 above; fewer on an open board, whose playouts are long, so that no
// analysis plays much more than about 400,000 moves (an estimate of an open board is rough whatever the count).
int playoutsFor(const Board& board) {
  const int size = board.size();
  const int most = size <= 9 ? 3000 : size <= 13 ? 2000 : 1500;
  constexpr int kMoveBudget = 400000;
  const int expectedLength = board.emptyCount() * 3 / 2 + 10;
  return std::clamp(kMoveBudget / expectedLength, std::min(most, 300), most);
}

// A chain the playouts keep is still dead when it sits, with no eyes and no pass-alive friend, in an enclosure
// whose points the playouts give to the opponent and whose walls they give to the opponent at least this firmly.
constexpr double kStrongWall = 0.5;
// Fewer points than this are no room for two eyes, whoever the playouts give them to.
constexpr int kRoomForTwoEyes = 7;
// Whether c, whose stone at p would leave its chain in atari, can make that fill safe by first playing the chain's
// last liberty q: a lone stone beside a shared liberty (White B1 beside A1, C1 empty) connects out at C1, then fills
// A1. Not when q is also a liberty of an opponent chain next to p (then it is a shared liberty too), and not when
// playing q leaves the fill without two liberties (filling one's own eye first, as in a seki with an eye each).
// Precondition: c may play p, capturing nothing.
bool fillsAfterConnecting(const Board& board, Color c, Vertex p) {
  Board filled = board;
  filled.play(c, p);
  if (filled.at(p) != c || !filled.inAtari(p)) return false;
  const Vertex q = filled.atariLiberty(p);
  for (int d : board.neighbourOffsets()) {
    const Vertex u = p + d;
    if (board.at(u) != opponent(c)) continue;
    for (int e : board.neighbourOffsets()) {
      if (board.at(q + e) == opponent(c) && board.chainRoot(q + e) == board.chainRoot(u)) return false;
    }
  }
  if (board.check(c, q) != RejectReason::None) return false;
  Board connected = board;
  connected.play(c, q);
  return connected.check(c, p) == RejectReason::None && connected.libertiesAfter(c, p, 2) >= 2;
}

class Analyzer {
 public:
  explicit Analyzer(const Game& game)
      : m_game(game),
        m_board(game.board()),
        m_size(m_board.size()),
        m_end(m_board.vertexEnd()),
        m_dead(static_cast<std::size_t>(m_end), 0),
        m_own(static_cast<std::size_t>(m_end), 0.0),
        m_mark(static_cast<std::size_t>(m_end), 0) {
    for (int row = 0; row < m_size; ++row) {
      for (int col = 0; col < m_size; ++col) m_points.push_back(m_board.vertex({row, col}));
    }
  }

  Analysis run() {
    Analysis result;
    result.size = m_size;
    const bool ended =
        m_game.phase() == Phase::Scoring ||
        (m_game.phase() == Phase::Finished && !m_game.moves().empty() && m_game.moves().back().kind == MoveKind::Pass);
    result.final = ended;
    if (m_game.ruleSet().rules != Rules::TrompTaylor) {
      m_certain = detail::passAlive(m_board);
      playOut();
      judgeByPlayouts();
      killEnclosed();
      // A game in play whose board this reading closes (a record that stops without passes) is as good as finished:
      // with the stones it takes off, every area belongs to one side or is dame.
      result.final = ended || closed();
    }
    const std::size_t points = static_cast<std::size_t>(m_size) * m_size;
    result.status.assign(points, StoneStatus::Alive);
    for (Vertex v : m_points) {
      if (!m_dead[v]) continue;
      const Point p = m_board.point(v);
      result.status[static_cast<std::size_t>(p.row) * m_size + p.col] = StoneStatus::Dead;
      result.dead.push_back(p);
    }
    const std::vector<bool> seki = sekiStones(m_board, result.dead);
    for (std::size_t i = 0; i < points; ++i) {
      if (!seki[i]) continue;
      result.status[i] = StoneStatus::Seki;
      result.seki.push_back({static_cast<int>(i) / m_size, static_cast<int>(i) % m_size});
    }
    result.score = m_game.score(result.dead);
    result.owner = result.score.owner;
    for (const Point& p : result.seki) result.owner[static_cast<std::size_t>(p.row) * m_size + p.col] = Color::Empty;
    if (!m_ownership.empty()) {
      result.playoutOwnership.assign(points, 0.0F);
      for (Vertex v : m_points) {
        const Point p = m_board.point(v);
        result.playoutOwnership[static_cast<std::size_t>(p.row) * m_size + p.col] =
            static_cast<float>(m_ownership[v]) / static_cast<float>(m_playouts);
      }
    }
    return result;
  }

 private:
  bool live(Vertex v) const { return isPlayer(m_board.at(v)) && !m_dead[v]; }

  // Stones in the opponent's pass-alive territory are dead for certain; the playouts run on the board without
  // them and never play inside pass-alive territory.
  void playOut() {
    Board cleaned(m_size);
    std::vector<std::uint8_t> frozen(static_cast<std::size_t>(m_end), 0);
    for (Color c : {Color::Black, Color::White}) {
      for (Vertex v : m_points) {
        const Color territory = m_certain.territory[v];
        frozen[v] = territory != Color::Empty;
        if (m_board.at(v) != c) continue;
        if (territory != Color::Empty && territory != c) {
          m_dead[v] = 1;
          continue;
        }
        // Live stones of a legal position go down one colour after the other without capturing anything; a stone
        // that could not (a position no game reaches) is left out of the playouts.
        if (cleaned.check(c, v, true) == RejectReason::None) cleaned.play(c, v);
      }
    }
    detail::OwnershipOptions options;
    options.playouts = playoutsFor(cleaned);
    options.seed = kSeed;
    options.frozen = &frozen;
    m_ownership = detail::playoutOwnership(cleaned, m_game.toMove(), options);
    m_playouts = options.playouts;

    // Each chain's share, from its own colour's side: +1 always its own at the end, -1 always the opponent's.
    std::vector<long> sum(static_cast<std::size_t>(m_end), 0);
    std::vector<int> stones(static_cast<std::size_t>(m_end), 0);
    for (Vertex v : m_points) {
      if (!isPlayer(m_board.at(v))) continue;
      const Vertex root = m_board.chainRoot(v);
      sum[root] += m_board.at(v) == Color::Black ? m_ownership[v] : -m_ownership[v];
      stones[root] += 1;
    }
    for (Vertex v : m_points) {
      if (!isPlayer(m_board.at(v))) continue;
      const Vertex root = m_board.chainRoot(v);
      m_own[v] = static_cast<double>(sum[root]) / (static_cast<double>(stones[root]) * m_playouts);
    }
  }

  // Ownership of a point from colour c's side, in [-1, 1].
  double ownership(Vertex v, Color c) const {
    const double o = static_cast<double>(m_ownership[v]) / m_playouts;
    return c == Color::Black ? o : -o;
  }

  // A chain is dead when the opponent owns its points in more playouts than its own colour does, unless it is
  // pass-alive or in seki (the playouts break some seki by filling a shared liberty with a lone stone).
  void judgeByPlayouts() {
    for (Vertex v : m_points) {
      if (!isPlayer(m_board.at(v)) || m_dead[v] || m_certain.stone[v] || m_board.chainRoot(v) != v) continue;
      if (m_own[v] >= 0 || unassailable(v)) continue;
      markChain(v, m_dead);
    }
  }

  // Whether both colours have live stones, every area (empty points and dead stones, apart from dame) borders live
  // stones of one colour only, and the playouts agree: at least nine in ten of its empty points (all but one in a
  // small area) are more often that colour's than the other's. Taking one side's stones off an open board closes
  // it, but the playouts disagree; a lone stone on an empty board borders every area alone, and nothing of the other
  // colour lives.
  bool closed() const {
    bool blackLives = false;
    bool whiteLives = false;
    for (Vertex v : m_points) {
      blackLives |= live(v) && m_board.at(v) == Color::Black;
      whiteLives |= live(v) && m_board.at(v) == Color::White;
    }
    if (!blackLives || !whiteLives) return false;
    std::vector<std::uint8_t> seen(static_cast<std::size_t>(m_end), 0);
    std::vector<Vertex> stack;
    auto dame = [&](Vertex v) { return detail::isDame(m_board, v, m_dead); };
    for (Vertex start : m_points) {
      if (live(start) || seen[start] || dame(start)) continue;
      bool black = false, white = false;
      int empty = 0;
      int blackLeaning = 0;
      int whiteLeaning = 0;
      seen[start] = 1;
      stack.assign(1, start);
      while (!stack.empty()) {
        const Vertex u = stack.back();
        stack.pop_back();
        if (m_board.at(u) == Color::Empty) {
          ++empty;
          blackLeaning += m_ownership[u] > 0;
          whiteLeaning += m_ownership[u] < 0;
        }
        for (int d : m_board.neighbourOffsets()) {
          const Vertex w = u + d;
          if (m_board.at(w) == Color::OffBoard || seen[w]) continue;
          if (live(w)) {
            black |= m_board.at(w) == Color::Black;
            white |= m_board.at(w) == Color::White;
          } else if (!dame(w)) {
            seen[w] = 1;
            stack.push_back(w);
          }
        }
      }
      if (black == white) return false;
      const int agreeing = black ? blackLeaning : whiteLeaning;
      if (agreeing < std::min(empty - 1, empty * 9 / 10)) return false;
    }
    return true;
  }

  // Whether the chain is in seki: it has two liberties or more, the opponent can fill none of them (each is
  // suicide, or would put one of the opponent's own chains in atari without capturing), and at least one is shared
  // that way. A lone stone thrown in counts as filling: that is how nakade kills. A chain whose liberties are all
  // suicide points is not spared here: they may be false eyes, which the playouts judge. Nor is one whose shared
  // liberties come from opponent stones wholly inside its own eye space, when that space (those stones included) is
  // a nakade shape: the opponent fills it by sacrificing them (a square four with two stones in it is dead).
  bool unassailable(Vertex root) {
    const Color c = m_board.at(root);
    const Color attacker = opponent(c);
    int liberties = 0;
    std::vector<Vertex> sharing;  // the attacker chains that make a liberty unfillable
    ++m_stamp;
    Vertex s = root;
    do {
      for (int d : m_board.neighbourOffsets()) {
        const Vertex p = s + d;
        if (m_board.at(p) != Color::Empty || m_mark[p] == m_stamp) continue;
        m_mark[p] = m_stamp;
        ++liberties;
        if (m_board.check(attacker, p) != RejectReason::None) continue;
        bool joins = false;
        for (int e : m_board.neighbourOffsets()) joins |= m_board.at(p + e) == attacker;
        if (m_board.libertiesAfter(attacker, p, 2) >= 2 || !joins) return false;
        if (fillsAfterConnecting(m_board, attacker, p)) return false;
        for (int e : m_board.neighbourOffsets()) {
          if (m_board.at(p + e) == attacker) sharing.push_back(m_board.chainRoot(p + e));
        }
      }
      s = m_board.nextInChain(s);
    } while (s != root);
    if (liberties < 2 || sharing.empty()) return false;
    return !nakadeInside(root, sharing);
  }

  // Whether the attacker chains of `sharing` lie wholly inside the enclosure of the chain at root (every point
  // next to them is in it) and form, with the enclosure's empty points, a space worth fewer than two eyes.
  bool nakadeInside(Vertex root, const std::vector<Vertex>& sharing) {
    const Color c = m_board.at(root);
    std::vector<std::uint8_t> inside(static_cast<std::size_t>(m_end), 0);
    std::vector<Vertex> stack{root};
    inside[root] = 1;
    std::vector<Vertex> space;
    while (!stack.empty()) {
      const Vertex u = stack.back();
      stack.pop_back();
      if (m_board.at(u) != c) space.push_back(u);
      for (int d : m_board.neighbourOffsets()) {
        const Vertex w = u + d;
        if (m_board.at(w) == Color::OffBoard || inside[w] || (isPlayer(m_board.at(w)) && m_board.at(w) != c)) continue;
        inside[w] = 1;
        stack.push_back(w);
      }
    }
    for (Vertex chain : sharing) {
      Vertex t = chain;
      do {
        for (int d : m_board.neighbourOffsets()) {
          const Vertex w = t + d;
          const Color cw = m_board.at(w);
          if (cw == Color::OffBoard || (isPlayer(cw) && m_board.chainRoot(w) == chain)) continue;
          if (!inside[w]) return false;
        }
        if (std::find(space.begin(), space.end(), t) == space.end()) space.push_back(t);
        t = m_board.nextInChain(t);
      } while (t != chain);
    }
    return space.size() <= 6 && eyesOfShape(m_board, space) < 2;
  }

  // The enclosure correction: random playouts let a lone stone or a small group in a large area live too often,
  // because the owner of the area does not answer, and keep groups whose only eye space is a nakade shape, because
  // they do not play nakade. In a finished game a group is dead when its enclosure (the points reachable from it
  // without crossing a live opponent stone) holds fewer than two eyes and no pass-alive friend, its walls are
  // stones the playouts give to the opponent, and the rest of it is either given to the opponent by the playouts
  // or too small for two eyes.
  void killEnclosed() {
    std::vector<int> seen(static_cast<std::size_t>(m_end), 0);
    int enclosure = 0;
    std::vector<Vertex> stack;
    for (Vertex start : m_points) {
      if (!live(start) || seen[start] || m_certain.stone[start]) continue;
      const Color c = m_board.at(start);
      const Color opp = opponent(c);
      ++enclosure;
      std::vector<Vertex> members;  // every point of the enclosure
      bool certainFriend = false;
      bool strongWalls = true;
      seen[start] = enclosure;
      stack.assign(1, start);
      while (!stack.empty()) {
        const Vertex u = stack.back();
        stack.pop_back();
        members.push_back(u);
        certainFriend |= m_board.at(u) == c && m_certain.stone[u] != 0;
        for (int d : m_board.neighbourOffsets()) {
          const Vertex w = u + d;
          const Color cw = m_board.at(w);
          if (cw == Color::OffBoard) continue;
          if (cw == opp && live(w)) {
            strongWalls &= m_certain.stone[w] != 0 || m_own[w] >= kStrongWall;
            continue;
          }
          if (seen[w] == enclosure) continue;
          seen[w] = enclosure;
          stack.push_back(w);
        }
      }
      if (certainFriend || !strongWalls) continue;
      double area = 0;
      int areaPoints = 0;
      for (Vertex u : members) {
        if (live(u)) continue;
        area += ownership(u, c);
        ++areaPoints;
      }
      // Room for two eyes that the playouts give to this colour keeps the group: its territory may be open.
      if (area >= 0 && areaPoints >= kRoomForTwoEyes) continue;
      if (eyesIn(members, c) >= 2) continue;
      for (Vertex u : members) {
        if (live(u) && m_board.chainRoot(u) == u && !unassailable(u)) markChain(u, m_dead);
      }
    }
  }

  // The eyes colour c has inside an enclosure: sets of its points that are not live c stones and touch no live
  // opponent stone, each worth one or two eyes by its size and shape; a one-point eye the opponent holds enough
  // diagonals of is false and worth none.
  int eyesIn(const std::vector<Vertex>& members, Color c) {
    ++m_stamp;
    const int inEnclosure = m_stamp;
    for (Vertex u : members) m_mark[u] = inEnclosure;
    ++m_stamp;
    const int visited = m_stamp;
    int eyes = 0;
    std::vector<Vertex> stack;
    for (Vertex start : members) {
      if (live(start) || m_mark[start] == visited) continue;
      std::vector<Vertex> pocket;
      bool open = false;
      m_mark[start] = visited;
      stack.assign(1, start);
      while (!stack.empty()) {
        const Vertex u = stack.back();
        stack.pop_back();
        pocket.push_back(u);
        for (int d : m_board.neighbourOffsets()) {
          const Vertex w = u + d;
          const Color cw = m_board.at(w);
          if (cw == Color::OffBoard || (cw == c && live(w))) continue;
          if (live(w)) {
            open = true;  // a live opponent stone
            continue;
          }
          if (m_mark[w] != inEnclosure) continue;
          m_mark[w] = visited;
          stack.push_back(w);
        }
      }
      if (open) continue;
      if (pocket.size() == 1 && falseEye(pocket.front(), c)) continue;
      eyes += eyesOfShape(m_board, pocket);
    }
    return eyes;
  }

  bool falseEye(Vertex p, Color c) const {
    int opponents = 0, offBoard = 0;
    for (int d : diagonalOffsets(m_board)) {
      const Color cd = m_board.at(p + d);
      if (cd == Color::OffBoard) {
        ++offBoard;
      } else if (cd == opponent(c) && live(p + d)) {
        ++opponents;
      }
    }
    return opponents >= (offBoard > 0 ? 1 : 2);
  }

  void markChain(Vertex root, std::vector<std::uint8_t>& mask) const {
    Vertex s = root;
    do {
      mask[s] = 1;
      s = m_board.nextInChain(s);
    } while (s != root);
  }

  // The playouts' seed: fixed, so the same position always gives the same answer.
  static constexpr std::uint64_t kSeed = 0x7E6E4A11u;

  const Game& m_game;
  const Board& m_board;
  int m_size;
  int m_end;
  std::vector<Vertex> m_points;
  detail::PassAlive m_certain;
  std::vector<std::uint8_t> m_dead;
  std::vector<int> m_ownership;
  int m_playouts = 1;
  std::vector<double> m_own;  // per stone: its chain's ownership from its own colour's side
  std::vector<int> m_mark;
  int m_stamp = 0;
};

}  // namespace

std::string_view statusName(StoneStatus status) {
  switch (status) {
    case StoneStatus::Alive:
      return "alive";
    case StoneStatus::Dead:
      return "dead";
    case StoneStatus::Seki:
      return "seki";
  }
  return "alive";
}

std::vector<bool> sekiStones(const Board& board, const std::vector<Point>& dead) {
  const int n = board.size();
  std::vector<bool> seki(static_cast<std::size_t>(n) * n, false);
  std::vector<std::uint8_t> isDead(static_cast<std::size_t>(board.vertexEnd()), 0);
  for (const Point& p : dead) {
    if (board.contains(p) && isPlayer(board.at(p))) isDead[board.vertex(p)] = 1;
  }
  std::vector<std::uint8_t> sekiChain(static_cast<std::size_t>(board.vertexEnd()), 0);
  // A shared liberty that neither side can fill without self-atari (or that is suicide for both), even after
  // connecting out first, marks the live chains around it as seki.
  for (int row = 0; row < n; ++row) {
    for (int col = 0; col < n; ++col) {
      const Vertex p = board.vertex({row, col});
      if (board.at(p) != Color::Empty) continue;
      bool black = false, white = false;
      for (int d : board.neighbourOffsets()) {
        const Vertex u = p + d;
        if (!isPlayer(board.at(u)) || isDead[u]) continue;
        black |= board.at(u) == Color::Black;
        white |= board.at(u) == Color::White;
      }
      if (!black || !white) continue;
      bool fillable = false;
      for (Color c : {Color::Black, Color::White}) {
        if (board.check(c, p) != RejectReason::None) continue;
        fillable |= board.libertiesAfter(c, p, 2) >= 2 || fillsAfterConnecting(board, c, p);
      }
      if (fillable) continue;
      for (int d : board.neighbourOffsets()) {
        const Vertex u = p + d;
        if (isPlayer(board.at(u)) && !isDead[u]) sekiChain[board.chainRoot(u)] = 1;
      }
    }
  }
  for (int row = 0; row < n; ++row) {
    for (int col = 0; col < n; ++col) {
      const Vertex v = board.vertex({row, col});
      if (isPlayer(board.at(v)) && sekiChain[board.chainRoot(v)]) seki[static_cast<std::size_t>(row) * n + col] = true;
    }
  }
  return seki;
}

Analysis analyze(const Game& game) { return Analyzer(game).run(); }

std::vector<std::string> ownershipRows(const Analysis& analysis) {
  const int size = analysis.size;
  std::vector<std::string> rows;
  for (int row = 0; row < size; ++row) {
    std::string line;
    for (int col = 0; col < size; ++col) {
      const Color owner = analysis.owner[static_cast<std::size_t>(row) * size + col];
      line += owner == Color::Black ? 'B' : owner == Color::White ? 'W' : '.';
    }
    rows.push_back(std::move(line));
  }
  return rows;
}

std::vector<std::vector<double>> ownershipValueRows(const Analysis& analysis) {
  const int size = analysis.size;
  const bool counted = analysis.final || analysis.playoutOwnership.empty();
  std::vector<std::vector<double>> rows;
  for (int row = 0; row < size; ++row) {
    std::vector<double> line;
    for (int col = 0; col < size; ++col) {
      const std::size_t i = static_cast<std::size_t>(row) * size + col;
      if (counted) {
        const Color owner = analysis.owner[i];
        line.push_back(owner == Color::Black ? 1.0 : owner == Color::White ? -1.0 : 0.0);
      } else {
        // Rounded so that the text shows 0.412, not the float's 0.41200000047683716; +0.0 turns -0 into 0.
        line.push_back(std::round(static_cast<double>(analysis.playoutOwnership[i]) * 1000) / 1000 + 0.0);
      }
    }
    rows.push_back(std::move(line));
  }
  return rows;
}

}  // namespace tengen
