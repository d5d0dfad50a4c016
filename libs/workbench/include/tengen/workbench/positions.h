// Positions taken from real game records, for measuring a move source (tengen eval) and for training data
// (tengen dataset): each is the game before one of the record's moves, with that move.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "tengen/core/game.h"
#include "tengen/core/result.h"
#include "tengen/core/types.h"

namespace tengen::workbench {

// The part of a record a move belongs to: the first, middle or last third of its moves.
enum class GamePhase : std::uint8_t { Opening, Middle, End };

// "opening", "middle", "end".
std::string_view phaseName(GamePhase phase);

// A record's main line, shared by all the positions taken from it: the game before its first move (size, rules,
// komi, setup stones, the first player) and its moves.
struct RecordLine {
  Game start;
  std::vector<Move> moves;
};

// A position holds its record's line and how far into it, not a Game of its own: a Game carries the stones of every
// earlier position for superko, so tens of thousands of them (a corpus at --every 10) took gigabytes.
struct Position {
  std::string file;     // the record's path as it was found
  int moveNumber = 0;   // 1-based number of the record's move that follows the position
  int recordMoves = 0;  // how many moves the record's main line has
  Move recordMove;      // what the record played (a point or a pass)
  std::shared_ptr<const RecordLine> line;
  int played = 0;  // how many of line's moves lead to the position (moveNumber - 1 for a record)

  // The position: the line's start with its first `played` moves, history and all, built afresh on each call.
  Game game() const;
  int size() const { return line->start.size(); }
  GamePhase phase() const;
  Color color() const { return recordMove.color; }
  // Makes the position `game` as it stands (a position put together by hand rather than taken from a record).
  void setGame(Game game);
};

struct Sampling {
  int every = 10;          // every K-th move from move 1 (1, 1+K, 1+2K, ...); used when count is 0
  int count = 0;           // when > 0: this many positions drawn at random from every move of every record
  std::uint64_t seed = 1;  // of the draw
  std::vector<int> sizes;  // when not empty: only records of these board sizes
};

struct PositionSet {
  std::vector<Position> positions;  // by file, then move number
  int records = 0;                  // records read (of the sizes asked for)
  int otherSizes = 0;               // records left out because their size was not asked for
  // Records that could not be used, each "FILE: why" (unreadable, not SGF, an illegal move, no moves).
  std::vector<std::string> skipped;
};

// Every *.sgf file under each path (a file, or a directory searched recursively, in name order), each record's
// main line replayed by its own rules. Fails (ErrorKind::Invalid) when a path does not exist or no position is found.
Result<PositionSet> collectPositions(const std::vector<std::string>& paths, const Sampling& sampling);

}  // namespace tengen::workbench
