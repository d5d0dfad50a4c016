// The one ownership and dead-stone analysis behind every result tengen gives: which chains are alive, dead or in
// seki, who owns each point, and the score under the game's rules. How it decides: docs/scoring.md.
#pragma once

#include <cstdint>
#include <string>
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
  // stones and the liberties they share, and for points nobody holds (an open border; in an estimate, points whose
  // owner is not yet likely).
  std::vector<Color> owner;
  // Per point, row-major: in [-1, 1], how much more often the point was Black's than White's at the end of the
  // playouts behind the analysis (1 always Black's, -1 always White's): its ownership. Empty when no playouts ran
  // (a finished game under tromp-taylor).
  std::vector<float> playoutOwnership;
  // The dead and seki stones, in reading order (top row first, left to right).
  std::vector<Point> dead;
  std::vector<Point> seki;
  // The count with these dead stones, under the game's rule set, komi and handicap compensation.
  Score score;
  // True when this is the count of a finished game: it ended by two passes, or its board is closed (with the dead
  // stones off, every area belongs to one side or is dame: a record that stops without passes). False otherwise:
  // from analyze(), the count as if the game had ended now, which no consumer shows (they show the engine's
  // estimate, tengen/engine/judgment.h); from the engine, its estimate.
  bool final = false;
};

// Reads the game's current position as finished: which stones are dead or in seki and the count, from Benson's
// pass-alive chains, playouts and structural rules. Deterministic: the same position and rules always give the same
// answer, whatever else the process is doing. Under tromp-taylor rules nothing is removed: the board is scored as it
// stands. `final` says whether the game really is finished (two passes, or a closed board); a game still open is
// judged by the engine's estimate (tengen/engine/judgment.h), which also uses this reading to decide when a game is
// settled enough to pass.
Analysis analyze(const Game& game);

// Who owns each point, a string per row from the top row down and a letter per column from A: 'B', 'W', or '.' for
// nobody (Analysis::owner).
std::vector<std::string> ownershipRows(const Analysis& analysis);

// Each point's ownership from -1 (surely White's) to 1 (surely Black's), a row per board row from the top: the
// playouts' values of an estimate (three decimals), or, for a final count, 1, -1 or 0 as the count gives the point.
std::vector<std::vector<double>> ownershipValueRows(const Analysis& analysis);

// The chains that are in seki when `dead` (stones, any order) are taken off the board: chains of both colours that
// share liberties neither side can fill without putting itself in atari (also after playing its chain's other
// liberty first), and the chains that depend on them. Used
// to score a position whose dead stones a person has chosen. Per point, row-major.
std::vector<bool> sekiStones(const Board& board, const std::vector<Point>& dead);

}  // namespace tengen
