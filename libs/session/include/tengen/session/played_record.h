// The record of a game a person plays against an AI, as both front ends save and open it (docs/sgf.md, "Who
// played"): the whole tree (tree_record.h), who played it (PB and PW: "Human" for the person, the engine spec of
// the AI's side; XMODELB or XMODELW, players.h), the clocks (clock_record.h) and, for a game ended by an accepted
// score, the stones accepted as dead (XDEAD). The terminal's `tengen play` and tengen-qt read and write it here, so a
// game saved in one opens in the other with the same person, opponent, clocks and result.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "tengen/core/result.h"
#include "tengen/core/types.h"
#include "tengen/session/clock_record.h"
#include "tengen/session/game_tree.h"
#include "tengen/session/tree_record.h"
#include "tengen/sgf/sgf.h"

namespace tengen::session {

// The person's name in PB or PW. Read without regard to case, so records written as "human" open too.
inline constexpr const char* kHumanName = "Human";
// A private root property: the stones accepted as dead when the game ended by an accepted score, as SGF points
// ("bece"), so that the game comes back finished with the same result rather than to be scored again. Read only
// with a result (RE).
inline constexpr const char* kDeadProperty = "XDEAD";

// Who played a recorded game and what the person's opponent was.
struct RecordPlayers {
  Color human = Color::Black;
  // The opponent's name as the record shows it: the terminal writes the engine spec without credentials
  // (displayUrl), so that a resumed game asks the same opponent; the client a name for people ("built-in
  // engine"), which another front end reads as no spec.
  std::string opponentName;
  // The opponent's engine spec and the model it asked: the model is written (XMODELB or XMODELW) for an `openai:`
  // spec only.
  std::string opponentSpec;
  std::string opponentModel;
};

struct PlayedRecord {
  // The tree and the cut as readTreeRecord() reads them. `info` keeps the root's other game information (EV, DT,
  // ...): the players, the clock's root properties, RE and XDEAD are in the fields below instead, and are written
  // afresh by writePlayedRecord().
  TreeRecord record;
  // The side PB or PW names as the person ("Human", in any case), when exactly one of them does.
  std::optional<Color> human;
  // PB and PW as written ("" when absent), and the model each side's XMODEL names.
  std::string blackName;
  std::string whiteName;
  std::string blackModel;
  std::string whiteModel;
  RecordedClock clock;
  // RE as written, "" when none.
  std::string result;
  // With a result: the stones XDEAD names, when it names points of the board.
  std::optional<std::vector<Point>> acceptedDead;

  // The other side's name and model for a person playing `human`.
  std::string nameOf(Color color) const { return color == Color::Black ? blackName : whiteName; }
  std::string modelOf(Color color) const { return color == Color::Black ? blackModel : whiteModel; }
};

// Reads the first game of a parsed collection, of SGF text, or of a file (read once, with sgf::parseFile's limits);
// a failure says why, a file's naming the file.
Result<PlayedRecord> readPlayedRecord(const sgf::Collection& collection);
Result<PlayedRecord> readPlayedRecord(const std::string& text);
Result<PlayedRecord> readPlayedRecordFile(const std::string& path);

// The whole game as SGF: `info` (the root's other game information, e.g. AP) with PB and PW naming the person and
// the opponent, the opponent's model, the clock's root properties and, when the main line ends in an accepted score,
// XDEAD; then the tree as writeTreeRecord() writes it. readPlayedRecord() of the text gives the same players, clock,
// dead stones and tree.
std::string writePlayedRecord(const GameTree& tree, std::map<std::string, std::string> info,
                              const RecordPlayers& players, const RecordedClock& clock = {});

// Each side's time after its last timed move on the line from the root to `end` (the BL/WL, OB/OW its moves' nodes
// carry), for a clock to start again from: nothing for a side whose moves carry no time.
struct LineTimes {
  std::optional<TimeLeft> black;
  std::optional<TimeLeft> white;
};
LineTimes lineTimes(const TreeNode& end, const TimeControl& control);

}  // namespace tengen::session
