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

// What the playout policy knows beyond the light scan, each piece a switch the search's options set
// (docs/engine.md, "Playouts").
struct PlayoutPolicy {
  // Answer the last move's shape with a 3x3 pattern; null: no pattern moves.
  const PatternTable* patterns = nullptr;
  // Save a chain in atari by capturing an attacker, and read the fights of two liberties around the last move.
  bool fights = true;
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
// when that gives it three liberties, or two and no ladder catches it; with `fights`, the fights of two liberties
// around `last` (an atari on the last mover's chain of two liberties that its escape cannot answer with three, or a
// move that gives an own chain of two liberties next to `last` three), one chosen at random; with `patterns`, one of
// the points around `last` (the eight neighbours) that matches a pattern, is legal and leaves the new chain two
// liberties, chosen at random (with `ownShape`, the points around `before` too); otherwise the light playouts' scan
// (docs/engine.md) from a random empty point, also skipping self-atari of a chain of two or more stones (and a
// share `loneSelfAtari` of lone stones in atari). The captures and escapes come first only on a share `atariRate`
// of the moves.
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
