// What a candidate move is, in the terms of the learned move model (after Coulom, "Computing Elo ratings of move
// patterns in the game of Go", 2007): one level in each of a few families of features. The engine's priors read
// them through MoveModel; the tool that learns the model's weights from game records (tools/learn_move_model)
// computes them with the same code. docs/engine.md describes the families.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "tengen/core/board.h"
#include "tengen/core/types.h"

namespace tengen::engine {

enum class Family : std::uint8_t {
  Pattern,    // the 3x3 neighbourhood, own colour first, up to the eight symmetries (level: its canonical code)
  Shape,      // the same with the four points two lines away added (a diamond of twelve points; level: its
              // canonical 24-bit code, or kUnknownShape for one the model has no weight for)
  Capture,    // 1 saves an own chain in atari, 2 retakes the last move's chain, 3 takes one stone, 4 takes more
  Escape,     // an own chain in atari extended: 1 to three liberties or more, 2 to two and it escapes the ladder,
              // 3 to two and the ladder catches it, 4 to one
  SelfAtari,  // the new chain is in atari without capturing: 1 a single stone, 2 two to four stones, 3 five or more
  Atari,      // an opponent chain put in atari: 1 the ladder catches it, 2 it can run
  DistancePrevious,  // to the last move, dx + dy + max(dx, dy): 2..16, 17 for farther
  DistanceOwn,       // the same to the move before it (the mover's own last move)
  Position,  // the lines from the edges (nearest and farthest, each capped at 6) and whether the 7x7 around is empty
  Count
};

inline constexpr int kFamilies = static_cast<int>(Family::Count);

// "pattern", "capture", ... as the model's data file names them.
std::string_view familyName(Family family);

// The level of each family, 0 where the move has none (the pattern and shape families always have one).
using MoveFeatures = std::array<std::uint32_t, kFamilies>;

// The shape level of the shapes a model has no weight of its own for.
inline constexpr std::uint32_t kUnknownShape = 1U << 24;

// The 3x3 neighbourhood code of v (neighbourhoodCode's layout) as the mover sees it, own stones as Black, reduced to
// the smallest code among the eight symmetries. The same shape always gives the same code.
std::uint16_t canonicalPattern(const Board& board, Board::Vertex v, Color c);

// The twelve-point diamond around v (the 3x3 neighbourhood and the points two lines away north, west, east and
// south), two bits a point as in neighbourhoodCode, own stones as Black, reduced to the smallest of its eight
// symmetries.
std::uint32_t canonicalShape(const Board& board, Board::Vertex v, Color c);

// Whether the chain at `stone`, in atari, is captured in a ladder when its own side moves first: the attacker
// answers each extension that leaves two liberties with an atari on one of them; capturing an attacker chain in
// atari, or reaching three liberties, is an escape. Reads at most `maxMoves` moves ahead (then: not captured).
// Precondition: the chain at `stone` is in atari.
bool ladderCaptures(const Board& board, Board::Vertex stone, int maxMoves = 120);

// The features of c playing at v, where `last` is the move that led to the position and `lastOwn` the one before
// it (kNoVertex for a pass or none). Precondition: the move is legal on the board.
MoveFeatures moveFeatures(const Board& board, Color c, Board::Vertex v, Board::Vertex last, Board::Vertex lastOwn);

}  // namespace tengen::engine
