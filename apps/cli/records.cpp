#include "records.h"

#include "cli_options.h"

namespace tengen::cli {

Result<std::optional<Rules>> rulesOption(const std::optional<std::string>& name) {
  using R = Result<std::optional<Rules>>;
  if (!name) return std::optional<Rules>();
  const Result<Rules> rules = rulesNamed(*name);
  if (!rules) return R::failure(rules.error());
  return std::optional<Rules>(*rules);
}

bool forEachGameTree(const std::vector<std::string>& files,
                     const std::function<void(const std::string& label, sgf::NodeView root)>& each,
                     const std::function<void(const std::string& path, const std::string& why)>& unreadable) {
  bool allRead = true;
  for (const std::string& path : files) {
    const Result<sgf::Collection> collection = sgf::parseFile(path);
    if (!collection) {
      // parseFile's errors start with the path already.
      unreadable(path, collection.error());
      allRead = false;
      continue;
    }
    const sgf::Games games = collection->games();
    for (std::size_t i = 0; i < games.size(); ++i) {
      each(games.size() == 1 ? path : path + "#" + std::to_string(i + 1), games[i]);
    }
  }
  return allRead;
}

}  // namespace tengen::cli
