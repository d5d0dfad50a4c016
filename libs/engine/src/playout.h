// Playouts: the move policy the search runs to the end of the game, and area scoring of the final board.
#pragma once

#include <cstdint>
#include <vector>

#include "tengen/core/board.h"
#include "tengen/core/random.h"
#include "tengen/core/types.h"

#include "patterns.h"

namespace tengen::engine {

using tengen::Rng;

// SplitMix64 of x: mixes a seed with a position's move number so each move searches with its own stream.
std::uint64_t mixSeed(std::uint64_t x);

// Last good reply with forgetting (Baier and Drake, "The Power of Forgetting: Improving the Last-Good-Reply
// Policy in Monte Carlo Go", 2010): for each colour, the move that answered the last move, and the last two moves,
// in a playout that colour won. After each playout the winner's replies are stored over what was there and the
// loser's are erased where they are the ones stored, so a reply lives while it keeps winning.
class Replies {
 public:
  explicit Replies(int vertexEnd);
  // c's stored answer to `before` then `last`, else to `last` alone; kNoVertex when neither is stored, or `last`
  // is a pass or no move.
  Board::Vertex reply(Color c, Board::Vertex before, Board::Vertex last) const;
  // Learns from one game: `moves` alternate colours from `first` (kNoVertex a pass), the first two only the
  // context of the third; `winner` won it.
  void learn(const std::vector<Board::Vertex>& moves, Color first, Color winner);

 private:
  // Where c's answer to `last` is kept in m_one, and to `before` then `last` in m_two.
  std::size_t index(Color c, Board::Vertex last) const;
  std::size_t index(Color c, Board::Vertex before, Board::Vertex last) const;

  std::size_t m_vertices;
  std::vector<std::uint16_t> m_one;  // [colour][last]
  std::vector<std::uint16_t> m_two;  // [colour][before][last]
};

// What the playout policy knows beyond the light scan, each piece a switch the search's options set
// (docs/engine.md, "Playouts").
struct PlayoutPolicy {
  // Answer the last move's shape with a 3x3 pattern; null: no pattern moves.
  const PatternTable* patterns = nullptr;
  // Save a chain in atari by capturing an attacker, and read the fights of two liberties around the last move.
  bool fights = true;
  // Take the vital point of an eye space of the last mover's that one move there kills.
  bool nakade = false;
  // Answer with the last good replies stored here; null: none.
  const Replies* replies = nullptr;
  // With `fights`, an own chain of two liberties next to the last move also fights a race: it takes a liberty of an
  // attacker's chain of two around it (that keeps the new stone two liberties), or captures one in atari.
  bool races = false;
  // With `patterns`, also answer the shape of the move before the last one (the mover's own last move).
  bool ownShape = false;
  // In percent: how often the captures, counter-captures and escapes around the last move are read at all (100:
  // always; less lets a playout leave a chain in atari for a while, as Pachi's do).
  int atariRate = 100;
  // In percent: how often the scan skips a lone stone that would stand in atari (a chain of two or more is always
  // skipped).
  int loneSelfAtari = 0;
  // In percent: how often the mover takes back a ko taken up to three moves before, once it is no longer barred
  // (a ko fight: a threat was played and answered).
  int koRetake = 0;
};

// The playout policy's move for c, or kNoVertex for a pass; `before` is the move before `last` (kNoVertex: none or a
// pass). In order: capture a chain of the last mover in atari next to `last`; with `fights`, save an own chain next
// to `last` in atari by capturing an attacker in atari around it; extend an own chain next to `last` out of atari
// when that gives it three liberties, or two and no ladder catches it; with `replies`, c's stored answer to `before`
// then `last`, or to `last` alone, when it is legal, fills no own simple eye and is no big self-atari; with `nakade`,
// the vital point of an eye space of the last mover's next to `last` that a move there kills (three points, the
// pyramid four, the bulky or cross five, the rabbity six; docs/engine.md); with `fights`, the fights of two liberties
// around `last` (an atari on the last mover's chain of two liberties that its escape cannot answer with three, or a
// move that gives an own chain of two liberties next to `last` three), one chosen at random; with `patterns`, one of
// the points around `last` (the eight neighbours) that matches a pattern, is legal and leaves the new chain two
// liberties, chosen at random (with `ownShape`, the points around `before` too); otherwise the light playouts' scan
// (docs/engine.md) from a random empty point, also skipping self-atari of a chain of two or more stones (and a
// share `loneSelfAtari` of lone stones in atari). The captures and escapes come first only on a share `atariRate`
// of the moves; `races` adds race moves to the fights.
Board::Vertex choosePlayoutMove(const Board& board, Color c, Board::Vertex last, Board::Vertex before, Rng& rng,
                                const PlayoutPolicy& policy);

// Whether playing c at v leaves the resulting chain of two or more stones in atari. Precondition: v empty.
bool isBigSelfAtari(const Board& board, Color c, Board::Vertex v);

// Plays the policy on `board` from `toMove`, after `before` then `last`, until two passes in a row or maxMoves
// turns; before asking the policy it retakes a ko as `koRetake` says. When `firstColor` is given (indexed by vertex,
// zeroed by the caller), each vertex played gets the colour that played it first. When `sequence` is given, every move
// played is appended to it (kNoVertex for a pass).
void playout(Board& board, Color toMove, Board::Vertex last, Board::Vertex before, Rng& rng,
             const PlayoutPolicy& policy, std::uint8_t* firstColor, int maxMoves,
             std::vector<Board::Vertex>* sequence = nullptr);

// Who owns v on a finished playout board: its stone's colour, or for an empty point the one colour among its
// orthogonal neighbours' stones (Color::Empty when both or neither).
inline Color areaOwner(const Board& board, Board::Vertex v) {
  const Color here = board.at(v);
  if (here != Color::Empty) return here;
  bool black = false;
  bool white = false;
  for (int d : board.neighbourOffsets()) {
    const Color n = board.at(v + d);
    black |= n == Color::Black;
    white |= n == Color::White;
  }
  if (black == white) return Color::Empty;
  return black ? Color::Black : Color::White;
}

// Black's area minus White's minus komi on a finished playout board (Tromp-Taylor style, one-point regions).
double areaMargin(const Board& board, double komi);

}  // namespace tengen::engine
