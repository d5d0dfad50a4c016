// What the commands that read game records (check, score) share: the --rules option and the walk over files.
#pragma once

#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "tengen/core/result.h"
#include "tengen/core/rules.h"
#include "tengen/sgf/sgf.h"

namespace tengen::cli {

// The rule set --rules names, nothing when it was not given (each record's own RU then), or why the name is not
// one: "--rules NAME: unknown rule set; known: ...".
Result<std::optional<Rules>> rulesOption(const std::optional<std::string>& name);

// Calls each(label, root) for every game tree of every file, in order; the label is the path, or "PATH#2" for the
// second tree of a file that holds several. A file that cannot be read or parsed is told to unreadable(path, why),
// where why starts with the path. Returns whether every file could be read.
bool forEachGameTree(const std::vector<std::string>& files,
                     const std::function<void(const std::string& label, sgf::NodeView root)>& each,
                     const std::function<void(const std::string& path, const std::string& why)>& unreadable);

}  // namespace tengen::cli
