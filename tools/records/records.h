// Reading game records for the tools that learn from them (tools/learn_move_model, tools/export_policy_data): the
// same files in the same order and the same positions, so that what one tool holds out the other does too.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "tengen/core/board.h"
#include "tengen/core/game.h"

namespace tengen::tools {

// The SGF files of `paths` (files as given, directories searched recursively for *.sgf / *.SGF), sorted, so the
// same inputs always give the same order.
std::vector<std::string> recordFiles(const std::vector<std::string>& paths);

// A record replayed to its end, with its result as SGF's RE gives it ("B+Resign", "W+2.5"; empty when it has none).
struct Record {
  Game game;
  std::string result;
};

// The record of `path`, replayed to its end, or nothing when it is not usable: another board size, fewer than ten
// moves, an illegal move or bad setup.
std::optional<Record> usableRecord(const std::string& path, int size);

// The game of usableRecord().
std::optional<Game> usableGame(const std::string& path, int size);

// The usable games among `files`, in order, stopping after `limit` of them (0: all).
std::vector<Game> usableGames(const std::vector<std::string>& files, int size, int limit);

// Replays `game` from its start and calls each(board, colour, move, last, lastOwn, index) before every move played
// on a point; `last` and `lastOwn` are the vertices of the two moves before (kNoVertex for a pass or none) and
// `index` counts every move, passes included, from 0.
template <typename F>
void forEachPosition(const Game& game, F&& each) {
  Game replay = game;
  replay.undoTo(0);
  Board::Vertex last = Board::kNoVertex;
  Board::Vertex lastOwn = Board::kNoVertex;
  int index = 0;
  for (const Move& m : game.moves()) {
    const Board& board = replay.board();
    const Board::Vertex v = m.kind == MoveKind::Play ? board.vertex(m.point) : Board::kNoVertex;
    if (v != Board::kNoVertex) each(board, m.color, v, last, lastOwn, index);
    replay.play(m);
    lastOwn = last;
    last = v;
    ++index;
  }
}

}  // namespace tengen::tools
