// SGF FF[4]: a game tree with variations, its reader and writer, and the bridge between a record's main line and
// a Game. The reader says where and why it refuses (line and column, or move number).
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tengen/core/game.h"
#include "tengen/core/result.h"
#include "tengen/core/types.h"

namespace tengen::sgf {

// One property: its identifier and its values, unescaped (a compressed point list such as `aa:cc` stays one
// value; expandPoints() expands it). Unknown properties are kept as read so that a round trip preserves them.
struct Property {
  std::string id;
  std::vector<std::string> values;
};

struct Node {
  std::vector<Property> properties;
  std::vector<std::unique_ptr<Node>> children;  // children[0] continues the main line; the rest are variations

  // The first value of a property, or nothing.
  const std::string* find(std::string_view id) const;
  const Property* property(std::string_view id) const;
  // Replaces (or adds) a property with one value.
  void set(std::string_view id, std::string value);
};

// A file may hold several game trees.
struct Collection {
  std::vector<std::unique_ptr<Node>> games;  // each a root node
};

// Parses SGF text (whitespace anywhere, escapes, several values, several games). The CA charset is honoured:
// text in another charset is converted to UTF-8. Errors read "line 3, column 14: <why>".
Result<Collection> parse(std::string_view text);

// Reads a file and parses it; errors start with the path.
Result<Collection> parseFile(const std::string& path);

// Writes a collection as FF[4] text that other programs read: escaped values, one node per `;`.
std::string write(const Collection& collection);
std::string write(const Node& root);

// Expands one point-list value (`dd` or the compressed `aa:cc`) on a board of the given size.
Result<std::vector<Point>> expandPoints(std::string_view value, int size);

// What tengen needs of a record's main line.
struct GameRecord {
  GameConfig config;  // SZ (default 19), KM, HA as handicap 0 (the stones come as setup), RU when known
  std::vector<std::pair<Color, Point>> setup;  // AB/AW of the root (AE applied)
  std::optional<Color> firstToMove;            // PL
  std::vector<Move> moves;                     // B/W of the main line, passes included
  std::vector<std::string> comments;           // C of each move's node ("" when none), parallel to moves
  std::map<std::string, std::string> info;     // PB PW BR WR DT RE EV PC GN RU ... as read
};

// The main line of a game tree. Refuses GM other than 1, a size outside 2..25, a point outside the board, a
// node with both B and W, setup stones after the first move; errors name the move number.
Result<GameRecord> readRecord(const Node& root);

struct IllegalMove {
  int moveNumber = 0;  // 1-based
  Move move;
  RejectReason reason = RejectReason::None;
};

// A record replayed by the rules: the game up to the first illegal move (or to the end), and that move.
struct Replay {
  Game game;
  std::optional<IllegalMove> illegal;
};

// Replays a record with its own rules, or with `rules` when given. Turn order is not enforced (SGF allows two
// moves of one colour in a row); every other rule is.
Replay replay(const GameRecord& record, std::optional<Rules> rules = std::nullopt);

// An SGF record of a game: GM FF CA SZ KM RU HA AB/AW PL, the moves, and the result when finished. `info` adds or
// overrides root properties (PB, PW, DT, ...); `comments[i]`, when present, becomes C of move i+1's node.
std::string writeGame(const Game& game, const std::map<std::string, std::string>& info = {},
                      const std::vector<std::string>& comments = {});

}  // namespace tengen::sgf
