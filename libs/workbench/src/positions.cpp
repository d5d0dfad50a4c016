#include "tengen/workbench/positions.h"

#include <algorithm>
#include <filesystem>
#include <numeric>
#include <random>
#include <utility>

#include "tengen/core/text.h"
#include "tengen/sgf/sgf.h"

namespace tengen::workbench {

namespace fs = std::filesystem;

namespace {

// The record files under `path`, sorted, or why there are none.
Result<std::vector<std::string>> recordFiles(const std::string& path) {
  using R = Result<std::vector<std::string>>;
  std::error_code ec;
  const fs::file_status status = fs::status(path, ec);
  if (ec || !fs::exists(status)) return R::failure(path + ": no such file or directory");
  if (!fs::is_directory(status)) return std::vector<std::string>{path};
  std::vector<std::string> files;
  for (fs::recursive_directory_iterator it(path, fs::directory_options::skip_permission_denied, ec), end;
       !ec && it != end; it.increment(ec)) {
    if (!it->is_regular_file()) continue;
    if (asciiLower(it->path().extension().string()) == ".sgf") files.push_back(it->path().string());
  }
  if (ec) return R::failure(path + ": " + ec.message());
  std::sort(files.begin(), files.end());
  return files;
}

// One replayed record, or why it cannot be used.
struct Replayed {
  std::string file;
  std::shared_ptr<const RecordLine> line;
};

// The line of a record replayed to its end. The start is copied out of a game taken back to move 0: the copy
// allocates only what the start needs, where the game taken back keeps the capacity of the whole record's history.
std::shared_ptr<const RecordLine> lineOf(const Game& end) {
  Game start = end;
  start.undoTo(0);
  return std::make_shared<const RecordLine>(RecordLine{Game(start), end.moves()});
}

Result<std::vector<Replayed>> readRecords(const std::string& file) {
  using R = Result<std::vector<Replayed>>;
  const Result<sgf::Collection> collection = sgf::parseFile(file);
  if (!collection) return R::failure(collection.error());
  std::vector<Replayed> out;
  for (std::size_t g = 0; g < collection->games().size(); ++g) {
    const std::string name = collection->games().size() == 1 ? file : file + " (game " + std::to_string(g + 1) + ")";
    const Result<sgf::GameRecord> record = sgf::readRecord(collection->games()[g]);
    if (!record) return R::failure(name + ": " + record.error());
    sgf::Replay replayed = sgf::replay(*record);
    if (!replayed.setupError.empty()) return R::failure(name + ": " + replayed.setupError);
    if (replayed.illegal) return R::failure(name + ": " + sgf::describe(*replayed.illegal, record->config.size));
    if (replayed.game.moveCount() == 0) return R::failure(name + ": the record has no moves");
    out.push_back({name, lineOf(replayed.game)});
  }
  return out;
}

Position positionBefore(const Replayed& record, int moveNumber) {
  Position p;
  p.file = record.file;
  p.moveNumber = moveNumber;
  p.recordMoves = static_cast<int>(record.line->moves.size());
  p.recordMove = record.line->moves[static_cast<std::size_t>(moveNumber - 1)];
  p.line = record.line;
  p.played = moveNumber - 1;
  return p;
}

}  // namespace

std::string_view phaseName(GamePhase phase) {
  switch (phase) {
    case GamePhase::Opening:
      return "opening";
    case GamePhase::Middle:
      return "middle";
    case GamePhase::End:
      return "end";
  }
  return "middle";
}

Game Position::game() const {
  Game game = line->start;
  for (int i = 0; i < played; ++i) {
    game.playRecorded(line->moves[static_cast<std::size_t>(i)]);
  }
  return game;
}

void Position::setGame(Game game) {
  line = std::make_shared<const RecordLine>(RecordLine{std::move(game), {}});
  played = 0;
}

GamePhase Position::phase() const {
  // Thirds of the record's moves: 1..n/3 opening, up to 2n/3 middle, the rest the end.
  if (3 * moveNumber <= recordMoves) return GamePhase::Opening;
  if (3 * moveNumber <= 2 * recordMoves) return GamePhase::Middle;
  return GamePhase::End;
}

Result<PositionSet> collectPositions(const std::vector<std::string>& paths, const Sampling& sampling) {
  using R = Result<PositionSet>;
  if (sampling.count <= 0 && sampling.every < 1) return R::failure("--every: must be at least 1");
  std::vector<std::string> files;
  for (const std::string& path : paths) {
    Result<std::vector<std::string>> found = recordFiles(path);
    if (!found) return R::failure(found);
    files.insert(files.end(), found->begin(), found->end());
  }
  PositionSet set;
  std::vector<Replayed> records;
  for (const std::string& file : files) {
    Result<std::vector<Replayed>> read = readRecords(file);
    if (!read) {
      set.skipped.push_back(read.error());
      continue;
    }
    for (Replayed& r : read.value()) {
      const std::vector<int>& sizes = sampling.sizes;
      if (!sizes.empty() && std::find(sizes.begin(), sizes.end(), r.line->start.size()) == sizes.end()) {
        ++set.otherSizes;
        continue;
      }
      records.push_back(std::move(r));
    }
  }
  set.records = static_cast<int>(records.size());

  // Every candidate as (record, move number), in file and move order.
  std::vector<std::pair<std::size_t, int>> chosen;
  if (sampling.count > 0) {
    std::vector<std::pair<std::size_t, int>> all;
    for (std::size_t r = 0; r < records.size(); ++r) {
      for (int m = 1; m <= static_cast<int>(records[r].line->moves.size()); ++m) all.emplace_back(r, m);
    }
    // A partial Fisher-Yates shuffle with the seed, then back into file and move order.
    std::mt19937_64 random(sampling.seed);
    const std::size_t take = std::min(all.size(), static_cast<std::size_t>(sampling.count));
    for (std::size_t i = 0; i < take; ++i) {
      const std::size_t j = i + static_cast<std::size_t>(random() % (all.size() - i));
      std::swap(all[i], all[j]);
    }
    all.resize(take);
    std::sort(all.begin(), all.end());
    chosen = std::move(all);
  } else {
    for (std::size_t r = 0; r < records.size(); ++r) {
      const int moves = static_cast<int>(records[r].line->moves.size());
      for (int m = 1; m <= moves; m += sampling.every) chosen.emplace_back(r, m);
    }
  }
  set.positions.reserve(chosen.size());
  for (const auto& [r, m] : chosen) set.positions.push_back(positionBefore(records[r], m));
  if (set.positions.empty()) {
    return R::failure("no positions: " + std::to_string(files.size()) + " files, " +
                      std::to_string(set.skipped.size()) + " skipped" +
                      (set.otherSizes > 0 ? ", " + std::to_string(set.otherSizes) + " of other sizes" : "") +
                      (set.skipped.empty() ? "" : " (first: " + set.skipped.front() + ")"));
  }
  return set;
}

}  // namespace tengen::workbench
