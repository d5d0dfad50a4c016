// The FF[4] writer. Like the reader it walks the tree with an explicit stack.
#include <memory>
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

void appendProperty(std::string& out, const Property& property) {
  const std::string id = cleanId(property.id);
  if (id.empty()) return;
  out += id;
  if (property.values.empty()) {
    out += "[]";
    return;
  }
  for (const std::string& value : property.values) appendValue(out, value);
}

// Whether any value in the tree holds a byte outside ASCII.
bool holdsNonAscii(const Node& root) {
  std::vector<const Node*> pending = {&root};
  while (!pending.empty()) {
    const Node* node = pending.back();
    pending.pop_back();
    for (const Property& property : node->properties) {
      for (const std::string& value : property.values) {
        for (char ch : value) {
          if (static_cast<unsigned char>(ch) >= 0x80) return true;
        }
      }
    }
    for (const std::unique_ptr<Node>& child : node->children) pending.push_back(child.get());
  }
  return false;
}

// The root node. Text in memory is UTF-8; a root without CA but with non-ASCII text gets CA[UTF-8] after GM/FF,
// since FF[4] readers otherwise take ISO-8859-1.
void appendRoot(std::string& out, const Node& root) {
  out += ';';
  const bool labelCharset = !root.property("CA") && holdsNonAscii(root);
  bool labelled = false;
  for (const Property& property : root.properties) {
    if (labelCharset && !labelled && property.id != "GM" && property.id != "FF") {
      out += "CA[UTF-8]";
      labelled = true;
    }
    appendProperty(out, property);
  }
  if (labelCharset && !labelled) out += "CA[UTF-8]";
}

void appendNode(std::string& out, const Node& node) {
  out += ';';
  for (const Property& property : node.properties) appendProperty(out, property);
}

std::size_t currentLineLength(const std::string& out) {
  const std::size_t newline = out.rfind('\n');
  return newline == std::string::npos ? out.size() : out.size() - newline - 1;
}

void appendTree(std::string& out, const Node& root) {
  // Each entry opens a game tree at a node, or (node == nullptr) closes one.
  std::vector<const Node*> pending = {&root};
  while (!pending.empty()) {
    const Node* node = pending.back();
    pending.pop_back();
    if (!node) {
      out += ')';
      continue;
    }
    if (!out.empty() && out.back() != '\n') out += '\n';
    out += '(';
    if (node == &root) {
      appendRoot(out, *node);
      if (node->children.size() == 1) out += '\n';
    } else {
      appendNode(out, *node);
    }
    // The sequence: nodes with one child follow one another in the same tree.
    while (node->children.size() == 1) {
      node = node->children.front().get();
      if (currentLineLength(out) >= kLineWidth) out += '\n';
      appendNode(out, *node);
    }
    pending.push_back(nullptr);
    // Reversed so that children[0], the main line, is written first.
    for (std::size_t i = node->children.size(); i-- > 0;) pending.push_back(node->children[i].get());
  }
  out += '\n';
}

}  // namespace

std::string write(const Node& root) {
  std::string out;
  appendTree(out, root);
  return out;
}

std::string write(const Collection& collection) {
  std::string out;
  for (const std::unique_ptr<Node>& root : collection.games) {
    if (root) appendTree(out, *root);
  }
  return out;
}

}  // namespace tengen::sgf
