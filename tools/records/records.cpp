#include "records.h"

#include <algorithm>
#include <filesystem>

#include "tengen/sgf/sgf.h"

namespace tengen::tools {

std::vector<std::string> recordFiles(const std::vector<std::string>& paths) {
  std::vector<std::string> files;
  for (const std::string& p : paths) {
    if (std::filesystem::is_directory(p)) {
      for (const auto& entry : std::filesystem::recursive_directory_iterator(p)) {
        const std::string ext = entry.path().extension().string();
        if (entry.is_regular_file() && (ext == ".sgf" || ext == ".SGF")) files.push_back(entry.path().string());
      }
    } else {
      files.push_back(p);
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::optional<Record> usableRecord(const std::string& path, int size) {
  // Collections gathered for learning may be larger than a person's records: as large as the reader can hold.
  const auto collection = sgf::parseFile(path, sgf::ReadLimits::largest());
  if (!collection || collection->games().empty()) return std::nullopt;
  const auto record = sgf::readRecord(collection->games().front());
  if (!record || record->config.size != size || record->moves.size() < 10) return std::nullopt;
  sgf::Replay replayed = sgf::replay(*record);
  if (replayed.illegal || !replayed.setupError.empty()) return std::nullopt;
  const auto result = record->info.find("RE");
  return Record{std::move(replayed.game), result == record->info.end() ? std::string() : result->second};
}

std::optional<Game> usableGame(const std::string& path, int size) {
  std::optional<Record> record = usableRecord(path, size);
  if (!record) return std::nullopt;
  return std::move(record->game);
}

std::vector<Game> usableGames(const std::vector<std::string>& files, int size, int limit) {
  std::vector<Game> games;
  for (const std::string& f : files) {
    if (limit > 0 && static_cast<int>(games.size()) >= limit) break;
    if (std::optional<Game> g = usableGame(f, size)) games.push_back(std::move(*g));
  }
  return games;
}

}  // namespace tengen::tools
