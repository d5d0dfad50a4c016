#include "playout.h"

#include <algorithm>

#include "tengen/engine/move_features.h"

#include "chains.h"

namespace tengen::engine {

using Vertex = Board::Vertex;

namespace {

// One stone of each different chain of colour `c` next to `v`, in neighbour order; returns how many.
inline int neighbourChains(const Board& board, Color c, Vertex v, Vertex (&stones)[4]) {
  Vertex roots[4];
  int count = 0;
  for (int d : board.neighbourOffsets()) {
    const Vertex u = v + d;
    if (board.at(u) != c) continue;
    const Vertex root = board.chainRoot(u);
    bool seen = false;
    for (int i = 0; i < count; ++i) seen |= roots[i] == root;
    if (seen) continue;
    roots[count] = root;
    stones[count++] = u;
  }
  return count;
}

// Whether the chain at `stone` has exactly two liberties; if so they go to `out`, in the order a walk from the
// chain's root meets them.
bool twoLiberties(const Board& board, Vertex stone, Vertex (&out)[2]) {
  // Each liberty touches at most four of the chain's stones: past eight pairs there are more than two.
  if (board.pseudoLiberties(stone) > 8) return false;
  Vertex found[3];
  if (chainLiberties(board, board.chainRoot(stone), found, 3) != 2) return false;
  out[0] = found[0];
  out[1] = found[1];
  return true;
}

// Saves an own chain in atari next to `last` by capturing one of the opponent's chains around it that is in atari
// itself (the attacker next to `last` is taken by the first rule already). Returns kNoVertex when there is none.
Vertex counterCapture(const Board& board, Color c, Vertex last) {
  const Color opp = opponent(c);
  Vertex own[4];
  const int ownCount = neighbourChains(board, c, last, own);
  for (int i = 0; i < ownCount; ++i) {
    if (!board.inAtari(own[i])) continue;
    const Vertex root = board.chainRoot(own[i]);
    Vertex s = root;
    do {
      for (int e : board.neighbourOffsets()) {
        const Vertex u = s + e;
        if (board.at(u) != opp || !board.inAtari(u)) continue;
        const Vertex lib = board.atariLiberty(u);
        if (board.check(c, lib) == RejectReason::None) return lib;
      }
      s = board.nextInChain(s);
    } while (s != root);
  }
  return Board::kNoVertex;
}

// A race around an own chain of two liberties (at `own`): a liberty of each attacker's chain of two liberties
// next to it, when the stone played there keeps two liberties itself, and the capture of each attacker's chain in
// atari. Whoever takes the first liberty in a race of two against two wins it. Appends to `out` from `count` (at
// most 8 in all); returns the new count.
int raceMoves(const Board& board, Color c, Vertex own, Vertex (&out)[8], int count) {
  const Color opp = opponent(c);
  Vertex seen[8];
  int seenCount = 0;
  const Vertex root = board.chainRoot(own);
  Vertex s = root;
  do {
    for (int e : board.neighbourOffsets()) {
      const Vertex u = s + e;
      if (board.at(u) != opp) continue;
      const Vertex theirRoot = board.chainRoot(u);
      if (std::find(seen, seen + seenCount, theirRoot) != seen + seenCount) continue;
      if (seenCount < 8) seen[seenCount++] = theirRoot;
      if (board.inAtari(u)) {
        const Vertex lib = board.atariLiberty(u);
        if (count < 8 && board.check(c, lib) == RejectReason::None) out[count++] = lib;
        continue;
      }
      Vertex theirs[2];
      if (!twoLiberties(board, u, theirs)) continue;
      for (const Vertex lib : theirs) {
        if (count < 8 && board.check(c, lib) == RejectReason::None && board.libertiesAfter(c, lib, 2) >= 2) {
          out[count++] = lib;
        }
      }
    }
    s = board.nextInChain(s);
  } while (s != root && count < 8);
  return count;
}

// The fights of two liberties next to the last move (Fuego's low-liberty rule, simplified). For the last mover's
// chain with two liberties: the atari on one of them after which its escape on the other gives it at most two
// liberties, played only when the stone keeps two itself. For an own chain next to the last move with two
// liberties: the liberty that gives it three or more. Candidates go to `out` (at most 8); returns how many.
int twoLibertyMoves(const Board& board, Color c, Vertex last, bool races, Vertex (&out)[8]) {
  const Color opp = opponent(c);
  int count = 0;
  Vertex libs[2];
  if (board.at(last) == opp && twoLiberties(board, last, libs)) {
    for (int k = 0; k < 2; ++k) {
      const Vertex atari = libs[k];
      const Vertex escape = libs[1 - k];
      // Counted on today's board the escape includes the atari point, which the atari takes away.
      if (board.check(c, atari) != RejectReason::None || board.libertiesAfter(c, atari, 2) < 2) continue;
      if (board.check(opp, escape) != RejectReason::None || board.libertiesAfter(opp, escape, 4) <= 3) {
        out[count++] = atari;
      }
    }
  }
  Vertex own[4];
  const int ownCount = neighbourChains(board, c, last, own);
  for (int i = 0; i < ownCount; ++i) {
    if (!twoLiberties(board, own[i], libs)) continue;
    for (const Vertex lib : libs) {
      if (count < 8 && board.check(c, lib) == RejectReason::None && board.libertiesAfter(c, lib, 3) >= 3) {
        out[count++] = lib;
      }
    }
    if (races) count = raceMoves(board, c, own[i], out, count);
  }
  return count;
}

// The vital point of an eye space of the last mover's next to `last` that one move there keeps from making two
// eyes: an empty region of three to six points bounded by the last mover's stones and the edge alone (no stone of
// c's touches it), shaped as the straight or bent three, the pyramid four, the bulky or cross five or the rabbity
// six. The vital point is the region's one point with the most neighbours in the region. Returns kNoVertex when no
// region next to `last` is such a shape, or when c may not play its vital point.
Vertex nakadeVital(const Board& board, Color c, Vertex last) {
  const std::array<int, 4> offsets = board.neighbourOffsets();
  const int s = board.stride();
  const Color opp = opponent(c);
  // A point of such a region touches no stone of c's: its empty neighbours and the last mover's stones (with the
  // edge) make all four. Read from the board's neighbour counts, without looking at the neighbours.
  const auto clear = [&](Vertex v) { return board.emptyNeighbours(v) + board.ownOrEdgeNeighbours(opp, v) == 4; };
  // The points of the regions already read from another neighbour of `last`, so that none is read twice.
  Vertex done[4 * 7];
  int doneCount = 0;
  Vertex region[6];
  for (int d : offsets) {
    const Vertex start = last + d;
    if (board.at(start) != Color::Empty || !clear(start)) continue;
    if (std::find(done, done + doneCount, start) != done + doneCount) continue;
    int n = 0;
    region[n++] = start;
    // In each of the shapes every point but the vital one has at most two empty neighbours, so a second point with
    // three or four ends the reading: in open space that happens at once.
    int wide = board.emptyNeighbours(start) >= 3 ? 1 : 0;
    bool closed = true;
    for (int i = 0; i < n && closed; ++i) {
      for (int e : offsets) {
        const Vertex u = region[i] + e;
        if (board.at(u) != Color::Empty || std::find(region, region + n, u) != region + n) continue;
        if (n == 6 || !clear(u) || (board.emptyNeighbours(u) >= 3 && ++wide > 1)) {
          closed = false;
          break;
        }
        region[n++] = u;
      }
    }
    for (int i = 0; i < n; ++i) done[doneCount++] = region[i];
    if (!closed || n < 3) continue;
    int best = 0;
    int bestDegree = 0;
    int ties = 0;
    bool square = false;
    for (int i = 0; i < n; ++i) {
      int degree = 0;
      bool right = false;
      bool below = false;
      bool diagonal = false;
      for (int j = 0; j < n; ++j) {
        const Vertex delta = region[j] - region[i];
        degree += delta == 1 || delta == -1 || delta == s || delta == -s;
        right |= delta == 1;
        below |= delta == s;
        diagonal |= delta == s + 1;
      }
      square |= right && below && diagonal;
      if (degree > bestDegree) {
        best = i;
        bestDegree = degree;
        ties = 1;
      } else if (degree == bestDegree) {
        ++ties;
      }
    }
    if (ties != 1) continue;
    const bool killable = n == 3 || (n == 4 && bestDegree == 3) || (n == 5 && (bestDegree == 4 || square)) ||
                          (n == 6 && bestDegree == 4 && square);
    if (killable && board.check(c, region[best]) == RejectReason::None) return region[best];
  }
  return Board::kNoVertex;
}

}  // namespace

std::uint64_t mixSeed(std::uint64_t x) { return splitMix64(x); }

Replies::Replies(int vertexEnd)
    : m_vertices(static_cast<std::size_t>(vertexEnd)),
      m_one(2 * m_vertices, 0),
      m_two(2 * m_vertices * m_vertices, 0) {}

std::size_t Replies::index(Color c, Vertex last) const {
  return (c == Color::Black ? 0 : m_vertices) + static_cast<std::size_t>(last);
}

std::size_t Replies::index(Color c, Vertex before, Vertex last) const {
  return index(c, before) * m_vertices + static_cast<std::size_t>(last);
}

Vertex Replies::reply(Color c, Vertex before, Vertex last) const {
  if (last == Board::kNoVertex) return Board::kNoVertex;
  if (before != Board::kNoVertex) {
    if (const Vertex two = m_two[index(c, before, last)]; two != Board::kNoVertex) return two;
  }
  return m_one[index(c, last)];
}

void Replies::learn(const std::vector<Vertex>& moves, Color first, Color winner) {
  Color c = first;
  for (std::size_t i = 0; i < moves.size(); ++i, c = opponent(c)) {
    if (i < 2 || moves[i] == Board::kNoVertex || moves[i - 1] == Board::kNoVertex) continue;
    const auto move = static_cast<std::uint16_t>(moves[i]);
    std::uint16_t& one = m_one[index(c, moves[i - 1])];
    std::uint16_t* two = moves[i - 2] != Board::kNoVertex ? &m_two[index(c, moves[i - 2], moves[i - 1])] : nullptr;
    if (c == winner) {
      one = move;
      if (two != nullptr) *two = move;
    } else {
      if (one == move) one = 0;
      if (two != nullptr && *two == move) *two = 0;
    }
  }
}

namespace {

// The answers to an atari around the last move, in order: capture a chain of the last mover's in atari next to
// it; with `fights`, save an own chain in atari by capturing an attacker in atari; run with an own chain the last
// move put in atari when that gives it three liberties, or two and no ladder catches it. kNoVertex: none.
Vertex atariAnswer(const Board& board, Color c, Vertex last, bool fights) {
  const Color opp = opponent(c);
  const std::array<int, 4> offsets = board.neighbourOffsets();
  // Capturing the chain the last move left in atari (its own or a neighbour) is almost always right.
  if (board.at(last) == opp && board.inAtari(last)) {
    const Vertex lib = board.atariLiberty(last);
    if (board.check(c, lib) == RejectReason::None) return lib;
  }
  for (int d : offsets) {
    const Vertex u = last + d;
    if (board.at(u) == opp && board.inAtari(u)) {
      const Vertex lib = board.atariLiberty(u);
      if (board.check(c, lib) == RejectReason::None) return lib;
    }
  }
  // An own chain the last move put in atari is saved by taking a chain of the attacker's in atari around it.
  if (fights) {
    if (const Vertex save = counterCapture(board, c, last); save != Board::kNoVertex) return save;
  }
  // An own chain the last move put in atari runs when running gives it room to live: three liberties, or two and
  // no ladder to catch it.
  for (int d : offsets) {
    const Vertex u = last + d;
    if (board.at(u) == c && board.inAtari(u)) {
      const Vertex lib = board.atariLiberty(u);
      if (board.check(c, lib) != RejectReason::None) continue;
      const int libs = board.libertiesAfter(c, lib, 3);
      if (libs >= 3 || (libs == 2 && !ladderCaptures(board, u, 40))) return lib;
    }
  }
  return Board::kNoVertex;
}

// The points around `around` where c answers a 3x3 pattern: legal and leaving the new chain two liberties, and not
// already among the first `count` of `out` (at most 16 in all). Returns the new count.
int patternAnswers(const Board& board, Color c, Vertex around, const PatternTable& patterns, Vertex (&out)[16],
                   int count) {
  const int s = board.stride();
  const int first = count;
  for (int d : {-s - 1, -s, -s + 1, -1, 1, s - 1, s, s + 1}) {
    const Vertex u = around + d;
    if (board.at(u) != Color::Empty || !patterns.matches(board, u, c)) continue;
    if (std::find(out, out + first, u) != out + first) continue;
    if (board.check(c, u) != RejectReason::None || board.libertiesAfter(c, u, 2) < 2) continue;
    out[count++] = u;
  }
  return count;
}

// Whether c at v would be a lone stone in atari that captures nothing. Precondition: v empty and legal for c.
bool isLoneSelfAtari(const Board& board, Color c, Vertex v) {
  if (board.emptyNeighbours(v) >= 2) return false;
  for (int d : board.neighbourOffsets()) {
    if (board.at(v + d) == c) return false;
  }
  return board.libertiesAfter(c, v, 2) < 2;
}

}  // namespace

bool isBigSelfAtari(const Board& board, Color c, Vertex v) {
  // Two empty neighbours are two liberties; most points leave here.
  if (board.emptyNeighbours(v) >= 2) return false;
  int size = 1;
  Vertex chains[4];
  const int chainCount = neighbourChains(board, c, v, chains);
  for (int k = 0; k < chainCount; ++k) size += board.chainSize(chains[k]);
  // A lone stone thrown in is good shape often enough; chains are kept out of atari.
  if (size < 2) return false;
  return board.libertiesAfter(c, v, 2) < 2;
}

Vertex choosePlayoutMove(const Board& board, Color c, Vertex last, Vertex before, Rng& rng,
                         const PlayoutPolicy& policy) {
  const bool fights = policy.fights;
  if (last != Board::kNoVertex) {
    if (policy.atariRate >= 100 || static_cast<int>(rng.below(100)) < policy.atariRate) {
      if (const Vertex v = atariAnswer(board, c, last, fights); v != Board::kNoVertex) return v;
    }
    // The reply that last won a playout after the same move (or the same two moves), while it is playable.
    if (policy.replies != nullptr) {
      const Vertex r = policy.replies->reply(c, before, last);
      if (r != Board::kNoVertex && board.check(c, r) == RejectReason::None && !board.isSimpleEye(c, r) &&
          !isBigSelfAtari(board, c, r)) {
        return r;
      }
    }
    // A move that made or shrank an eye space into a shape one point kills is answered on that point.
    if (policy.nakade) {
      if (const Vertex vital = nakadeVital(board, c, last); vital != Board::kNoVertex) return vital;
    }
    if (fights) {
      Vertex moves[8];
      if (const int count = twoLibertyMoves(board, c, last, policy.races, moves); count > 0) {
        return moves[count == 1 ? 0 : rng.below(count)];
      }
    }
    // Answer the last move's shape locally (hane, cut, edge block), as MoGo does; a self-atari is no answer.
    if (const PatternTable* patterns = policy.patterns) {
      Vertex candidates[16];
      int count = patternAnswers(board, c, last, *patterns, candidates, 0);
      if (policy.ownShape && before != Board::kNoVertex) {
        count = patternAnswers(board, c, before, *patterns, candidates, count);
      }
      if (count > 0) return candidates[count == 1 ? 0 : rng.below(count)];
    }
  }
  const int n = board.emptyCount();
  if (n == 0) return Board::kNoVertex;
  int i = rng.below(n);
  for (int k = 0; k < n; ++k) {
    const Vertex v = board.emptyAt(i);
    // A point with an empty neighbour is neither an eye nor suicide: only the ko point can stop it.
    const bool ok = board.emptyNeighbours(v) > 0 ? !(v == board.koVertex() && c == board.koColor())
                                                 : !board.isSimpleEye(c, v) && board.check(c, v) == RejectReason::None;
    if (ok && !isBigSelfAtari(board, c, v) &&
        !(policy.loneSelfAtari > 0 && isLoneSelfAtari(board, c, v) &&
          static_cast<int>(rng.below(100)) < policy.loneSelfAtari)) {
      return v;
    }
    if (++i == n) i = 0;
  }
  return Board::kNoVertex;
}

namespace {

// Whether c playing at `ko` takes a stone back there: the point is legal for c and touches a chain of the
// opponent's in atari.
bool retakesKo(const Board& board, Color c, Vertex ko) {
  if (board.at(ko) != Color::Empty || board.check(c, ko) != RejectReason::None) return false;
  for (int d : board.neighbourOffsets()) {
    const Vertex u = ko + d;
    if (board.at(u) == opponent(c) && board.inAtari(u)) return true;
  }
  return false;
}

}  // namespace

void playout(Board& board, Color toMove, Vertex last, Vertex before, Rng& rng, const PlayoutPolicy& policy,
             std::uint8_t* firstColor, int maxMoves, std::vector<Vertex>* sequence) {
  int passes = 0;
  // The last ko taken in this playout: the point its capturer barred, and the move that took it.
  Vertex ko = Board::kNoVertex;
  int koMove = 0;
  for (int moves = 0; passes < 2 && moves < maxMoves; ++moves) {
    Vertex v = Board::kNoVertex;
    if (ko != Board::kNoVertex && board.koVertex() == Board::kNoVertex && moves - koMove <= 3 &&
        static_cast<int>(rng.below(100)) < policy.koRetake && retakesKo(board, toMove, ko)) {
      v = ko;
    } else {
      v = choosePlayoutMove(board, toMove, last, before, rng, policy);
    }
    if (sequence != nullptr) sequence->push_back(v);
    if (v != Board::kNoVertex) {
      board.play(toMove, v);
      if (policy.koRetake > 0 && board.koVertex() != Board::kNoVertex) {
        ko = board.koVertex();
        koMove = moves;
      }
      if (firstColor && firstColor[v] == 0) firstColor[v] = static_cast<std::uint8_t>(toMove);
      passes = 0;
    } else {
      board.pass();
      ++passes;
    }
    before = last;
    last = v;
    toMove = opponent(toMove);
  }
}

double areaMargin(const Board& board, double komi) {
  int black = 0;
  int white = 0;
  const int size = board.size();
  for (int row = 0; row < size; ++row) {
    for (int col = 0; col < size; ++col) {
      const Color owner = areaOwner(board, board.vertex({row, col}));
      black += owner == Color::Black;
      white += owner == Color::White;
    }
  }
  return black - white - komi;
}

}  // namespace tengen::engine
