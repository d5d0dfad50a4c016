// What every search of the engine reads off a game before it starts: the last moves, the root's candidates and the
// komi the playouts count with.
#pragma once

#include <cstddef>
#include <vector>

#include "tengen/core/board.h"
#include "tengen/core/game.h"
#include "tengen/core/types.h"

namespace tengen::engine {

// The move `back` moves ago (1: the one that led to the position), as the playout policy and the move model read
// it; kNoVertex for a pass or before the first move.
Board::Vertex lastVertex(const Game& game, std::size_t back = 1);

// The points the root may play: those legal for `color` (whether or not it is its turn; superko included) that
// fill no simple eye of its own.
std::vector<Board::Vertex> rootMovesFor(const Game& game, Color color);

// Dynamic komi for handicap games: the search counts White this many points more than the game's komi, about seven
// a handicap stone at first and nothing once half the board's points have been played.
double dynamicKomi(const Game& game);

}  // namespace tengen::engine
