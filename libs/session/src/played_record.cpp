#include "tengen/session/played_record.h"

#include <utility>

#include "tengen/core/text.h"
#include "tengen/session/players.h"

namespace tengen::session {

namespace {

std::string deadStonesText(const std::vector<Point>& dead) {
  std::string text;
  for (const Point p : dead) {
    text += static_cast<char>('a' + p.col);
    text += static_cast<char>('a' + p.row);
  }
  return text;
}

// Nothing when the text is not a list of points on the board.
std::optional<std::vector<Point>> parseDeadStones(const std::string& text, int size) {
  if (text.size() % 2 != 0) return std::nullopt;
  std::vector<Point> dead;
  for (std::size_t i = 0; i < text.size(); i += 2) {
    const int col = text[i] - 'a';
    const int row = text[i + 1] - 'a';
    if (col < 0 || col >= size || row < 0 || row >= size) return std::nullopt;
    dead.push_back({row, col});
  }
  return dead;
}

// Takes `id` out of `info`: its value, "" when it was not there.
std::string take(std::map<std::string, std::string>& info, const std::string& id) {
  const auto found = info.find(id);
  if (found == info.end()) return {};
  std::string value = std::move(found->second);
  info.erase(found);
  return value;
}

PlayedRecord playedFrom(TreeRecord read) {
  PlayedRecord out;
  std::map<std::string, std::string>& info = read.info;
  out.clock = readClockRoot(info);
  for (const char* id : kClockRootIds) info.erase(id);
  out.blackName = take(info, "PB");
  out.whiteName = take(info, "PW");
  out.blackModel = take(info, kModelPropertyBlack);
  out.whiteModel = take(info, kModelPropertyWhite);
  out.result = take(info, "RE");
  const std::string dead = take(info, kDeadProperty);
  const bool blackIsThePerson = equalsIgnoringCase(out.blackName, kHumanName);
  const bool whiteIsThePerson = equalsIgnoringCase(out.whiteName, kHumanName);
  if (blackIsThePerson != whiteIsThePerson) out.human = blackIsThePerson ? Color::Black : Color::White;
  if (!dead.empty() && !out.result.empty()) out.acceptedDead = parseDeadStones(dead, read.tree.start().size());
  out.record = std::move(read);
  return out;
}

}  // namespace

Result<PlayedRecord> readPlayedRecord(const sgf::Collection& collection) {
  Result<TreeRecord> read = readTreeRecord(collection);
  if (!read) return Result<PlayedRecord>::failure(read);
  return playedFrom(std::move(read).value());
}

Result<PlayedRecord> readPlayedRecord(const std::string& text) {
  const Result<sgf::Collection> collection = sgf::parse(text);
  if (!collection) return Result<PlayedRecord>::failure(collection);
  return readPlayedRecord(collection.value());
}

Result<PlayedRecord> readPlayedRecordFile(const std::string& path) {
  const Result<sgf::Collection> collection = sgf::parseFile(path);
  if (!collection) return Result<PlayedRecord>::failure(collection);
  Result<PlayedRecord> read = readPlayedRecord(collection.value());
  if (!read) return Result<PlayedRecord>::failure(read, path + ": ");
  return read;
}

std::string writePlayedRecord(const GameTree& tree, std::map<std::string, std::string> info,
                              const RecordPlayers& players, const RecordedClock& clock) {
  const Color human = players.human;
  info["PB"] = human == Color::Black ? kHumanName : players.opponentName;
  info["PW"] = human == Color::White ? kHumanName : players.opponentName;
  info.erase(kModelPropertyBlack);
  info.erase(kModelPropertyWhite);
  recordModel(info, opponent(human), players.opponentSpec, players.opponentModel);
  for (const char* id : kClockRootIds) info.erase(id);
  info.merge(clockRootProperties(clock));
  // RE comes from the main line's game (sgf::gameRoot); XDEAD speaks of the main line too.
  info.erase("RE");
  info.erase(kDeadProperty);
  const TreeNode& end = tree.mainLineEnd();
  if (end.acceptedDead) info[kDeadProperty] = deadStonesText(*end.acceptedDead);
  return writeTreeRecord(tree, info);
}

LineTimes lineTimes(const TreeNode& end, const TimeControl& control) {
  LineTimes times;
  // From the end back to the root: the first time found for a side is its last.
  for (const TreeNode* node = &end; node != nullptr && node->move; node = node->parent) {
    const Color mover = node->move->color;
    std::optional<TimeLeft>& side = mover == Color::Black ? times.black : times.white;
    if (!side) side = moveTime(node->properties, mover, control);
    if (times.black && times.white) break;
  }
  return times;
}

}  // namespace tengen::session
