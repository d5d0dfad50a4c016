// The session's SGF tree record (tengen/session/tree_record.h) as the client reads it: where a line was cut worded
// in the person's language.
#pragma once

#include <QString>
#include <map>
#include <optional>
#include <string>

#include "tengen/session/game_tree.h"
#include "tengen/session/tree_record.h"

namespace tengen::qt {

struct TreeRecord {
  session::GameTree tree;
  // The root's game information (session::TreeRecord::info).
  std::map<std::string, std::string> info;
  // Where the tree was cut, "" when every line was replayed whole: "move 2 (W E5): stone already there; loaded up
  // to move 1" for the main line, likewise naming the variation's move for a variation.
  QString problem;
};

// The cut in the person's language.
QString describeCut(const session::TreeCut& cut);

// session::readTreeRecord(), with *why saying in the person's language why nothing could be read.
std::optional<TreeRecord> readTreeRecord(const std::string& text, QString* why);

}  // namespace tengen::qt
