// A GameTree as SGF: a record read with every variation, comment and property the client does not understand, each
// line replayed by the rules, and the whole tree written back (docs/client.md, "Records").
#pragma once

#include <QString>
#include <map>
#include <optional>
#include <string>

#include "model/game_tree.h"

namespace tengen::qt {

struct TreeRecord {
  GameTree tree;
  // The root's single-valued game information as sgf::readRecord reads it (PB, PW, DT, RE, EV, ...), without C,
  // which is the root node's comment.
  std::map<std::string, std::string> info;
  // Where the tree was cut, "" when every line was replayed whole: "move 2 (W E5): stone already there; loaded up
  // to move 1" for the main line, likewise naming the variation's move for a variation.
  QString problem;
};

// Reads the first game tree of SGF text. The main line must be a record sgf::readRecord takes (else nothing, and
// *why says why); every line is replayed by the rules from the record's setup, and a line with an illegal move,
// an unreadable move or setup stones in a variation is kept up to the node before it. A node without a move gives
// its comment and properties to the node above it. RE[B+R] or RE[W+R] adds the resignation to the main line, and
// RE[B+T] or RE[W+T] (or +Time) ends it lost on time.
std::optional<TreeRecord> readTreeRecord(const std::string& text, QString* why);

// The tree as SGF: the root sgf::gameRoot writes for the main line's game and `info`, the root's comment and kept
// properties, then every node with its move (B[] for a pass; a resignation only as RE on the main line), C and
// kept properties, children[0] first. readTreeRecord() of the text gives the same tree.
std::string writeTreeRecord(const GameTree& tree, const std::map<std::string, std::string>& info);

}  // namespace tengen::qt
