// Helpers the SGF tests share: the test data directory, reading a file, comparing trees.
#pragma once

#include <fstream>
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

// "" when both trees hold the same properties (ids, values, order) and the same children; otherwise where the
// first difference is. Iterative, so it copes with trees deeper than the stack.
inline std::string treeDifference(const Node& a, const Node& b) {
  std::vector<std::pair<const Node*, const Node*>> pending = {{&a, &b}};
  long visited = 0;
  while (!pending.empty()) {
    const auto [x, y] = pending.back();
    pending.pop_back();
    ++visited;
    const std::string where = "node " + std::to_string(visited) + ": ";
    if (x->properties.size() != y->properties.size()) {
      return where + std::to_string(x->properties.size()) + " vs " + std::to_string(y->properties.size()) +
             " properties";
    }
    for (std::size_t i = 0; i < x->properties.size(); ++i) {
      const Property& p = x->properties[i];
      const Property& q = y->properties[i];
      if (p.id != q.id) return where + "id " + p.id + " vs " + q.id;
      if (p.values != q.values) return where + "values of " + p.id + " differ";
    }
    if (x->children.size() != y->children.size()) {
      return where + std::to_string(x->children.size()) + " vs " + std::to_string(y->children.size()) + " children";
    }
    for (std::size_t i = 0; i < x->children.size(); ++i)
      pending.emplace_back(x->children[i].get(), y->children[i].get());
  }
  return {};
}

inline std::string collectionDifference(const Collection& a, const Collection& b) {
  if (a.games.size() != b.games.size()) {
    return std::to_string(a.games.size()) + " vs " + std::to_string(b.games.size()) + " game trees";
  }
  for (std::size_t i = 0; i < a.games.size(); ++i) {
    std::string why = treeDifference(*a.games[i], *b.games[i]);
    if (!why.empty()) return "game " + std::to_string(i + 1) + ", " + why;
  }
  return {};
}

// The nodes of the main line, root included.
inline std::vector<const Node*> mainLine(const Node& root) {
  std::vector<const Node*> out;
  for (const Node* n = &root; n; n = n->children.empty() ? nullptr : n->children.front().get()) out.push_back(n);
  return out;
}

}  // namespace tengen::sgf::testing
