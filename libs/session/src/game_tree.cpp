#include "tengen/session/game_tree.h"

#include <algorithm>
#include <cassert>
#include <utility>

namespace tengen::session {

TreeNode::~TreeNode() {
  std::vector<std::unique_ptr<TreeNode>> pending = std::move(children);
  while (!pending.empty()) {
    std::unique_ptr<TreeNode> node = std::move(pending.back());
    pending.pop_back();
    for (std::unique_ptr<TreeNode>& child : node->children) pending.push_back(std::move(child));
    node->children.clear();
  }
}

TreeNode* TreeNode::lineChild() const {
  if (next != nullptr) return next;
  return children.empty() ? nullptr : children.front().get();
}

int TreeNode::indexOf(const TreeNode* child) const {
  for (std::size_t i = 0; i < children.size(); ++i) {
    if (children[i].get() == child) return static_cast<int>(i);
  }
  return -1;
}

GameTree::GameTree(const Game& start) : m_start(start), m_root(std::make_unique<TreeNode>()) {
  m_start.undoTo(0);
  m_root->id = m_nextId++;
  m_index.emplace(m_root->id, m_root.get());
}

TreeNode* GameTree::find(NodeId id) {
  const auto found = m_index.find(id);
  return found == m_index.end() ? nullptr : found->second;
}

const TreeNode* GameTree::find(NodeId id) const {
  const auto found = m_index.find(id);
  return found == m_index.end() ? nullptr : found->second;
}

TreeNode& GameTree::addChild(TreeNode& parent, const Move& move) {
  auto node = std::make_unique<TreeNode>();
  node->id = m_nextId++;
  node->move = move;
  node->parent = &parent;
  m_index.emplace(node->id, node.get());
  parent.children.push_back(std::move(node));
  return *parent.children.back();
}

TreeNode* GameTree::childWith(const TreeNode& parent, const Move& move) {
  for (const std::unique_ptr<TreeNode>& child : parent.children) {
    if (child->move == move) return child.get();
  }
  return nullptr;
}

int GameTree::remove(TreeNode& node) {
  assert(node.parent != nullptr);
  TreeNode& parent = *node.parent;
  int removed = 0;
  std::vector<const TreeNode*> pending{&node};
  while (!pending.empty()) {
    const TreeNode* n = pending.back();
    pending.pop_back();
    m_index.erase(n->id);
    ++removed;
    for (const std::unique_ptr<TreeNode>& child : n->children) pending.push_back(child.get());
  }
  if (parent.next == &node) parent.next = nullptr;
  parent.children.erase(parent.children.begin() + parent.indexOf(&node));
  return removed;
}

bool GameTree::promote(TreeNode& node) {
  bool moved = false;
  for (TreeNode* n = &node; n->parent != nullptr; n = n->parent) {
    std::vector<std::unique_ptr<TreeNode>>& siblings = n->parent->children;
    const int at = n->parent->indexOf(n);
    if (at <= 0) continue;
    std::rotate(siblings.begin(), siblings.begin() + at, siblings.begin() + at + 1);
    moved = true;
  }
  return moved;
}

const TreeNode& GameTree::mainLineEnd() const {
  const TreeNode* node = m_root.get();
  while (!node->children.empty()) node = node->children.front().get();
  return *node;
}

int GameTree::depth(const TreeNode& node) {
  int d = 0;
  for (const TreeNode* n = &node; n->parent != nullptr; n = n->parent) ++d;
  return d;
}

int GameTree::subtreeSize(const TreeNode& node) {
  int count = 0;
  std::vector<const TreeNode*> pending{&node};
  while (!pending.empty()) {
    const TreeNode* n = pending.back();
    pending.pop_back();
    ++count;
    for (const std::unique_ptr<TreeNode>& child : n->children) pending.push_back(child.get());
  }
  return count;
}

Game GameTree::gameAt(const TreeNode& node) const {
  std::vector<const TreeNode*> path;
  for (const TreeNode* n = &node; n->parent != nullptr; n = n->parent) path.push_back(n);
  Game game = m_start;
  game.setStrictTurn(false);
  for (auto n = path.rbegin(); n != path.rend(); ++n) {
    const Move& move = *(*n)->move;
    // A move after two passes was played after the game resumed (a record's disputed end, or Resume play).
    [[maybe_unused]] const RejectReason reason = game.playRecorded(move);
    assert(reason == RejectReason::None);
  }
  if (game.phase() == Phase::Scoring && node.acceptedDead) game.finish(*node.acceptedDead);
  if (node.resumed) game.resumePlay();
  if (node.lostOnTime) game.loseOnTime(*node.lostOnTime);
  game.setStrictTurn(true);
  return game;
}

}  // namespace tengen::session
