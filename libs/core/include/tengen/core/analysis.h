// The one ownership and dead-stone analysis behind every result tengen gives: which chains are alive, dead or in
// seki, who owns each point, and the score under the game's rules. How it decides: docs/scoring.md.
#pragma once

#include <cstdint>
#include <vector>

#include "tengen/core/game.h"
#include "tengen/core/types.h"

namespace tengen {

enum class StoneStatus : std::uint8_t { Alive, Dead, Seki };

// "alive", "dead", "seki" (as GTP's final_status_list names them).
std::string_view statusName(StoneStatus status);

struct Analysis {
  int size = 0;
  // Per point, row-major (index row * size + col): the status of the stone there; Alive for empty points.
  std::vector<StoneStatus> status;
  // Per point, row-major: whom the point counts for at the end: Black, White, or Color::Empty for dame, for seki
  // stones and the liberties they share, and (in an estimate) for points nobody holds yet.
  std::vector<Color> owner;
  // Per point, row-major: in [-1, 1], how much more often the point was Black's than White's at the end of the
  // playouts behind the analysis (1 always Black's, -1 always White's). Empty when no playouts ran (tromp-taylor).
  std::vector<float> playoutOwnership;
  // The dead and seki stones, in reading order (top row first, left to right).
  std::vector<Point> dead;
  std::vector<Point> seki;
  // The count with these dead stones, under the game's rule set, komi and handicap compensation.
  Score score;
  // True when the game has ended by two passes (the record is finished); false when the analysis is an estimate
  // of a game still in play. A resigned game is scored as its position stands, with final false.
  bool final = false;
};

// Analyses the game's current position. Deterministic: the same position and rules always give the same answer,
// whatever else the process is doing. Under tromp-taylor rules nothing is removed: the board is scored as it
// stands. On a finished game this is the result; on one still in play, an estimate (final false) that also gives
// open areas to the side that holds them.
Analysis analyze(const Game& game);

// The chains that are in seki when `dead` (stones, any order) are taken off the board: chains of both colours that
// share liberties neither side can fill without putting itself in atari (also after playing its chain's other
// liberty first), and the chains that depend on them. Used
// to score a position whose dead stones a person has chosen. Per point, row-major.
std::vector<bool> sekiStones(const Board& board, const std::vector<Point>& dead);

}  // namespace tengen
