// Where the move tree draws each node of a GameTree: one row per move number, one lane (column) per line. No
// widgets: MoveTreeView paints what this answers, and the tests check it without a window.
#pragma once

#include <vector>

#include "tengen/session/game_tree.h"

namespace tengen::qt {

struct TreeCell {
  const session::TreeNode* node;
  int row;     // the move number: 0 for the root
  int lane;    // 0 for the main line
  int parent;  // the parent's index among the cells, -1 for the root
};

// Every node of the tree, the root first. A line takes one lane for its whole length: the main line lane 0, and
// each variation the first lane to the right of its parent's that no line placed before it uses on any of its
// rows, so lines never overlap. Lines are placed in depth-first order, a line's shallower variations first.
std::vector<TreeCell> layoutTree(const session::GameTree& tree);

}  // namespace tengen::qt
