#include "model/tree_layout.h"

#include <algorithm>
#include <cstddef>

namespace tengen::qt {

std::vector<TreeCell> layoutTree(const session::GameTree& tree) {
  std::vector<TreeCell> cells;
  cells.reserve(tree.size());
  // Per row, the rightmost lane taken so far.
  std::vector<int> taken;
  struct Line {
    const session::TreeNode* first;
    int parent;  // cell index, -1 for the root's line
  };
  std::vector<Line> pending{{&tree.root(), -1}};
  while (!pending.empty()) {
    const Line line = pending.back();
    pending.pop_back();
    const int firstRow = line.parent < 0 ? 0 : cells[static_cast<std::size_t>(line.parent)].row + 1;
    int lane = line.parent < 0 ? 0 : cells[static_cast<std::size_t>(line.parent)].lane + 1;
    int rows = 0;
    for (const session::TreeNode* n = line.first; n != nullptr;
         n = n->children.empty() ? nullptr : n->children[0].get()) {
      const auto row = static_cast<std::size_t>(firstRow + rows++);
      if (row < taken.size()) lane = std::max(lane, taken[row] + 1);
    }
    if (taken.size() < static_cast<std::size_t>(firstRow + rows)) taken.resize(firstRow + rows, -1);
    const std::size_t begin = cells.size();
    int parent = line.parent;
    int row = firstRow;
    for (const session::TreeNode* n = line.first; n != nullptr;
         n = n->children.empty() ? nullptr : n->children[0].get()) {
      taken[static_cast<std::size_t>(row)] = lane;
      cells.push_back({n, row++, lane, parent});
      parent = static_cast<int>(cells.size()) - 1;
    }
    // The line's variations, the shallowest first (the stack gives back what went in last first).
    for (std::size_t i = cells.size(); i-- > begin;) {
      const std::vector<std::unique_ptr<session::TreeNode>>& children = cells[i].node->children;
      for (std::size_t c = children.size(); c-- > 1;) pending.push_back({children[c].get(), static_cast<int>(i)});
    }
  }
  return cells;
}

}  // namespace tengen::qt
