// The FF[4] writer. Like the reader it walks the tree with an explicit stack.
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tengen/sgf/sgf.h"

namespace tengen::sgf {

namespace {

// Lines are broken between nodes once they grow past this, so that line-oriented tools and old readers cope.
constexpr std::size_t kLineWidth = 78;

void appendValue(std::string& out, std::string_view value) {
  out += '[';
  for (char ch : value) {
    if (ch == ']' || ch == '\\') out += '\\';
    out += ch;
  }
  out += ']';
}

// FF[4] identifiers are upper-case letters; anything else in an id is dropped, as a reader ignores it too.
std::string cleanId(std::string_view id) {
  std::string out;
  for (char ch : id) {
    if (ch >= 'A' && ch <= 'Z') out += ch;
  }
  return out;
}

// The two kinds of tree the writer walks, a Node built in memory and a NodeView of what was read, seen alike.
const std::vector<Property>& propertiesOf(const Node* node) { return node->properties; }
Properties propertiesOf(NodeView node) { return node.properties(); }
std::string_view idOf(const Property& property) { return property.id; }
std::string_view idOf(PropertyView property) { return property.id(); }
const std::vector<std::string>& valuesOf(const Property& property) { return property.values; }
Values valuesOf(PropertyView property) { return property.values(); }
bool hasCharset(const Node* node) { return node->property("CA") != nullptr; }
bool hasCharset(NodeView node) { return node.property("CA").has_value(); }

// The node's only child, or nothing when it has none or several.
std::optional<const Node*> onlyChild(const Node* node) {
  if (node->children.size() != 1) return std::nullopt;
  return node->children.front().get();
}
std::optional<NodeView> onlyChild(NodeView node) {
  const Children children = node.children();
  if (children.empty() || std::next(children.begin()) != children.end()) return std::nullopt;
  return children.front();
}

// The children, the main line's first.
std::vector<const Node*> childrenOf(const Node* node) {
  std::vector<const Node*> out;
  for (const std::unique_ptr<Node>& child : node->children) out.push_back(child.get());
  return out;
}
std::vector<NodeView> childrenOf(NodeView node) {
  const Children children = node.children();
  return {children.begin(), children.end()};
}

template <class PropertyType>
void appendProperty(std::string& out, const PropertyType& property) {
  const std::string id = cleanId(idOf(property));
  if (id.empty()) return;
  out += id;
  if (valuesOf(property).empty()) {
    out += "[]";
    return;
  }
  for (std::string_view value : valuesOf(property)) appendValue(out, value);
}

// Whether any value in the tree holds a byte outside ASCII.
template <class NodeRef>
bool holdsNonAscii(NodeRef root) {
  std::vector<NodeRef> pending = {root};
  while (!pending.empty()) {
    const NodeRef node = pending.back();
    pending.pop_back();
    for (const auto& property : propertiesOf(node)) {
      for (std::string_view value : valuesOf(property)) {
        for (char ch : value) {
          if (static_cast<unsigned char>(ch) >= 0x80) return true;
        }
      }
    }
    for (NodeRef child : childrenOf(node)) pending.push_back(child);
  }
  return false;
}

// The root node. Text in memory is UTF-8; a root without CA but with non-ASCII text gets CA[UTF-8] after GM/FF,
// since FF[4] readers otherwise take ISO-8859-1.
template <class NodeRef>
void appendRoot(std::string& out, NodeRef root) {
  out += ';';
  const bool labelCharset = !hasCharset(root) && holdsNonAscii(root);
  bool labelled = false;
  for (const auto& property : propertiesOf(root)) {
    if (labelCharset && !labelled && idOf(property) != "GM" && idOf(property) != "FF") {
      out += "CA[UTF-8]";
      labelled = true;
    }
    appendProperty(out, property);
  }
  if (labelCharset && !labelled) out += "CA[UTF-8]";
}

template <class NodeRef>
void appendNode(std::string& out, NodeRef node) {
  out += ';';
  for (const auto& property : propertiesOf(node)) appendProperty(out, property);
}

std::size_t currentLineLength(const std::string& out) {
  const std::size_t newline = out.rfind('\n');
  return newline == std::string::npos ? out.size() : out.size() - newline - 1;
}

template <class NodeRef>
void appendTree(std::string& out, NodeRef root) {
  // Each entry opens a game tree at a node, or (nothing) closes one.
  std::vector<std::optional<NodeRef>> pending = {root};
  while (!pending.empty()) {
    const std::optional<NodeRef> open = pending.back();
    pending.pop_back();
    if (!open) {
      out += ')';
      continue;
    }
    NodeRef node = *open;
    if (!out.empty() && out.back() != '\n') out += '\n';
    out += '(';
    if (node == root) {
      appendRoot(out, node);
      if (onlyChild(node)) out += '\n';
    } else {
      appendNode(out, node);
    }
    // The sequence: nodes with one child follow one another in the same tree.
    for (std::optional<NodeRef> next = onlyChild(node); next; next = onlyChild(node)) {
      node = *next;
      if (currentLineLength(out) >= kLineWidth) out += '\n';
      appendNode(out, node);
    }
    pending.emplace_back();
    // Reversed so that the first child, the main line, is written first.
    const std::vector<NodeRef> children = childrenOf(node);
    for (auto child = children.rbegin(); child != children.rend(); ++child) pending.emplace_back(*child);
  }
  out += '\n';
}

}  // namespace

std::string write(const Node& root) {
  std::string out;
  appendTree(out, &root);
  return out;
}

std::string write(NodeView root) {
  std::string out;
  appendTree(out, root);
  return out;
}

std::string write(const Collection& collection) {
  std::string out;
  for (NodeView root : collection.games()) appendTree(out, root);
  return out;
}

}  // namespace tengen::sgf
