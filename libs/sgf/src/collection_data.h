// How a Collection is laid out: flat arrays of 32-bit indices and one string of text, so that a node costs 4 bytes
// and a value 4 beyond its text, however many there are. The reader fills it (reader.cpp); the views read it
// (tree.cpp).
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "tengen/sgf/sgf.h"

namespace tengen::sgf {

struct CollectionData {
  // The most entries and bytes a collection can index with its 32-bit numbers; the last value of each is the end
  // marker below.
  static constexpr std::size_t kMaxIndex = std::numeric_limits<std::uint32_t>::max() - 1;

  // Every property's identifier followed by its values, unescaped, back to back.
  std::string text;
  // Where each identifier and value starts in `text`, in order; then text.size().
  std::vector<std::uint32_t> strings;
  // For each property, the index in `strings` of its identifier (its values follow it); then strings.size() - 1.
  std::vector<std::uint32_t> properties;
  // For each property, its node; never decreasing, since nodes are numbered in the order of the text.
  std::vector<std::uint32_t> owners;
  // For each node, in the order of the text (a node before its children, a child before the next one): one past
  // the last node below it. A node's first child, if any, is the next node; the next child starts where the
  // subtree of the one before ends.
  std::vector<std::uint32_t> ends;
  // The root node of each game tree.
  std::vector<std::uint32_t> roots;
};

}  // namespace tengen::sgf
