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

// The fights of two liberties next to the last move (Fuego's low-liberty rule, simplified). For the last mover's
// chain with two liberties: the atari on one of them after which its escape on the other gives it at most two
// liberties, played only when the stone keeps two itself. For an own chain next to the last move with two
// liberties: the liberty that gives it three or more. Candidates go to `out` (at most 8); returns how many.
int twoLibertyMoves(const Board& board, Color c, Vertex last, Vertex (&out)[8]) {
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
  }
  return count;
}

}  // namespace

std::uint64_t mixSeed(std::uint64_t x) { return splitMix64(x); }

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
    if (fights) {
      Vertex moves[8];
      if (const int count = twoLibertyMoves(board, c, last, moves); count > 0) {
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
