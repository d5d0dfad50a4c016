#include <algorithm>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tengen/sgf/sgf.h"

namespace tengen::sgf {

Node::~Node() {
  // Children are detached before they die, so every destructor below this one sees no children: no recursion.
  std::vector<std::unique_ptr<Node>> pending = std::move(children);
  while (!pending.empty()) {
    std::unique_ptr<Node> node = std::move(pending.back());
    pending.pop_back();
    for (std::unique_ptr<Node>& child : node->children) pending.push_back(std::move(child));
    node->children.clear();
  }
}

const Property* Node::property(std::string_view id) const {
  for (const Property& p : properties) {
    if (p.id == id) return &p;
  }
  return nullptr;
}

const std::string* Node::find(std::string_view id) const {
  const Property* p = property(id);
  return p && !p->values.empty() ? &p->values.front() : nullptr;
}

void Node::set(std::string_view id, std::string value) {
  auto first = std::find_if(properties.begin(), properties.end(), [&](const Property& p) { return p.id == id; });
  if (first == properties.end()) {
    Property added{std::string(id), {}};
    added.values.push_back(std::move(value));
    properties.push_back(std::move(added));
    return;
  }
  first->values.clear();
  first->values.push_back(std::move(value));
  // A node holds a property once; drop any duplicates a lenient read kept.
  properties.erase(std::remove_if(std::next(first), properties.end(), [&](const Property& p) { return p.id == id; }),
                   properties.end());
}

}  // namespace tengen::sgf
