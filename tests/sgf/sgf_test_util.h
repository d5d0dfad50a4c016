// Helpers the SGF tests share: the test data directory, reading a file, comparing trees.
#pragma once

#include <cstddef>
#include <fstream>
#include <iterator>
#include <memory>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "tengen/sgf/sgf.h"

namespace tengen::sgf::testing {

inline std::string dataPath(const std::string& name) { return std::string(TENGEN_SGF_TESTDATA) + "/" + name; }

inline std::string readBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

// A property's values as strings, to compare with a list.
inline std::vector<std::string> values(PropertyView property) {
  std::vector<std::string> out;
  for (std::string_view value : property.values()) out.emplace_back(value);
  return out;
}

// The i-th child of a node. Precondition: it has one.
inline NodeView child(NodeView node, std::size_t i) {
  auto it = node.children().begin();
  std::advance(it, static_cast<std::ptrdiff_t>(i));
  return *it;
}

// "" when both trees hold the same properties (ids, values, order) and the same children; otherwise where the
// first difference is. Iterative, so it copes with trees deeper than the stack.
inline std::string treeDifference(NodeView a, NodeView b) {
  std::vector<std::pair<NodeView, NodeView>> pending = {{a, b}};
  long visited = 0;
  while (!pending.empty()) {
    const auto [x, y] = pending.back();
    pending.pop_back();
    ++visited;
    const std::string where = "node " + std::to_string(visited) + ": ";
    const Properties xp = x.properties();
    const Properties yp = y.properties();
    if (xp.size() != yp.size()) {
      return where + std::to_string(xp.size()) + " vs " + std::to_string(yp.size()) + " properties";
    }
    for (std::size_t i = 0; i < xp.size(); ++i) {
      if (xp[i].id() != yp[i].id()) return where + "id " + std::string(xp[i].id()) + " vs " + std::string(yp[i].id());
      if (values(xp[i]) != values(yp[i])) return where + "values of " + std::string(xp[i].id()) + " differ";
    }
    const std::vector<NodeView> xc(x.children().begin(), x.children().end());
    const std::vector<NodeView> yc(y.children().begin(), y.children().end());
    if (xc.size() != yc.size()) {
      return where + std::to_string(xc.size()) + " vs " + std::to_string(yc.size()) + " children";
    }
    for (std::size_t i = 0; i < xc.size(); ++i) pending.emplace_back(xc[i], yc[i]);
  }
  return {};
}

inline std::string collectionDifference(const Collection& a, const Collection& b) {
  if (a.games().size() != b.games().size()) {
    return std::to_string(a.games().size()) + " vs " + std::to_string(b.games().size()) + " game trees";
  }
  for (std::size_t i = 0; i < a.games().size(); ++i) {
    std::string why = treeDifference(a.games()[i], b.games()[i]);
    if (!why.empty()) return "game " + std::to_string(i + 1) + ", " + why;
  }
  return {};
}

// The nodes of the main line, root included.
inline std::vector<NodeView> mainLine(NodeView root) {
  std::vector<NodeView> out = {root};
  while (!out.back().children().empty()) out.push_back(out.back().children().front());
  return out;
}

}  // namespace tengen::sgf::testing
