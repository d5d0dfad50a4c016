// The session's SGF tree record (tengen/session/tree_record.h) as the client reads it: where a line was cut worded
// in the person's language.
#pragma once

#include <QString>
#include <map>
#include <optional>
#include <string>

#include "tengen/session/game_tree.h"
#include "tengen/session/played_record.h"
#include "tengen/session/tree_record.h"
#include "tengen/sgf/sgf.h"

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

// A game record the client opens (a file or the autosave): session::readPlayedRecord()'s, with where a line was
// cut in the person's language ("" when nowhere).
struct OpenedRecord {
  session::PlayedRecord played;
  QString problem;
};
// Of SGF text, or of a collection already parsed; *why says why nothing could be read.
std::optional<OpenedRecord> readPlayedRecord(const std::string& text, QString* why);
std::optional<OpenedRecord> readPlayedRecord(const sgf::Collection& collection, QString* why);

}  // namespace tengen::qt
