// A GameTree as SGF: a record read with every variation, comment and property the session does not understand,
// each line replayed by the rules, and the whole tree written back (docs/client.md, "Records").
#pragma once

#include <map>
#include <optional>
#include <string>

#include "tengen/core/result.h"
#include "tengen/core/types.h"
#include "tengen/session/game_tree.h"
#include "tengen/sgf/sgf.h"

namespace tengen::session {

// Where a line of a record was cut and why; each front end words it in its own language (describe() in English).
struct TreeCut {
  enum class Why {
    BothColours,  // a node holds both B and W
    SetupStones,  // AB, AW or AE in a variation or after a move
    NotAMove,     // a B or W value that is no point of this board
    Illegal,      // the rules refuse the move (reason says why)
  };
  Why why = Why::Illegal;
  RejectReason reason = RejectReason::None;
  // The number the cut node's move would have had; its line is kept up to the move before.
  int moveNumber = 0;
  // The node's move as a message shows it: "W E5" for an illegal move, "B[zz]" for one that is not a move, "" for
  // the others.
  std::string move;
  // The main line was cut (else a variation).
  bool mainLine = true;
};

// "move 2 (W E5): stone already there; loaded up to move 1", "a variation's move 3: ...; the variation is kept up
// to move 2".
std::string describe(const TreeCut& cut);

struct TreeRecord {
  GameTree tree;
  // The root's single-valued game information as sgf::readRecord reads it (PB, PW, DT, RE, EV, ...), without C,
  // which is the root node's comment.
  std::map<std::string, std::string> info;
  // The first place the tree was cut, nothing when every line was replayed whole.
  std::optional<TreeCut> cut;
};

// Reads the first game tree of SGF text. The main line must be a record sgf::readRecord takes (else the failure
// says why); every line is replayed by the rules from the record's setup, and a line with an illegal move,
// an unreadable move or setup stones in a variation is kept up to the node before it. A node without a move gives
// its comment and properties to the node above it. RE[B+R] or RE[W+R] adds the resignation to the main line, and
// RE[B+T] or RE[W+T] (or +Time) ends it lost on time.
Result<TreeRecord> readTreeRecord(const std::string& text);
// The same for the first game of a collection already parsed.
Result<TreeRecord> readTreeRecord(const sgf::Collection& collection);

// The tree as SGF: the root sgf::gameRoot writes for the main line's game and `info`, the root's comment and kept
// properties, then every node with its move (B[] for a pass; a resignation only as RE on the main line), C and
// kept properties, children[0] first. readTreeRecord() of the text gives the same tree.
std::string writeTreeRecord(const GameTree& tree, const std::map<std::string, std::string>& info);

}  // namespace tengen::session
