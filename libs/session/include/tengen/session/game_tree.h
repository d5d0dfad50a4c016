// The game tree the client holds: the start position (board size, rules, setup, who moves first) and a tree of
// moves below it, each node with its comment and the SGF properties the client does not understand. children[0]
// continues the main line; the others are variations. No Qt: GameModel navigates it and tree_record reads and
// writes it as SGF (docs/client.md, "Variations").
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "tengen/core/game.h"
#include "tengen/core/types.h"
#include "tengen/sgf/sgf.h"

namespace tengen::session {

// Names a node for as long as it is in its tree; never reused within a tree.
using NodeId = std::uint64_t;

struct TreeNode {
  NodeId id = 0;
  // The move that leads here; none at the root.
  std::optional<Move> move;
  // SGF C.
  std::string comment;
  // Properties kept as read for the round trip (markup, times, anything unknown); never B, W or C.
  std::vector<sgf::Property> properties;
  // The dead stones of a score accepted at this node (the second pass), which finished the game here.
  std::optional<std::vector<Point>> acceptedDead;
  // Play was resumed after the two passes that end here.
  bool resumed = false;
  // The player who lost on time here, which finished the game here.
  std::optional<Color> lostOnTime;
  TreeNode* parent = nullptr;
  std::vector<std::unique_ptr<TreeNode>> children;
  // The child the line being looked at goes on to (the last one visited); children[0] when unset.
  TreeNode* next = nullptr;

  TreeNode() = default;
  // Frees the subtree without recursion, so a line of any length does not overflow the stack.
  ~TreeNode();
  TreeNode(const TreeNode&) = delete;
  TreeNode& operator=(const TreeNode&) = delete;

  // The child the current line goes on to, or null at the end of a line.
  TreeNode* lineChild() const;
  // The position of `child` among the children, or -1.
  int indexOf(const TreeNode* child) const;
};

class GameTree {
 public:
  // A tree of no moves over `start`, the position before the first move (its moves, if any, are dropped).
  explicit GameTree(const Game& start = Game());

  GameTree(GameTree&&) noexcept = default;
  GameTree& operator=(GameTree&&) noexcept = default;

  const Game& start() const { return m_start; }
  TreeNode& root() { return *m_root; }
  const TreeNode& root() const { return *m_root; }
  // The node with this id, or null when it is not (or no longer) in the tree.
  TreeNode* find(NodeId id);
  const TreeNode* find(NodeId id) const;
  // How many nodes, the root included.
  std::size_t size() const { return m_index.size(); }

  // A new last child of `parent` with `move`. The caller has checked that the move is legal there.
  TreeNode& addChild(TreeNode& parent, const Move& move);
  // The child of `parent` whose move is `move`, if any.
  static TreeNode* childWith(const TreeNode& parent, const Move& move);
  // Takes `node` and everything below it out of the tree; answers how many nodes went. Precondition: not the root.
  int remove(TreeNode& node);
  // Makes `node` and each of its ancestors the first child of its parent, so that its line becomes the main
  // line. True when anything moved.
  bool promote(TreeNode& node);

  // The end of the main line (the root when there are no moves).
  const TreeNode& mainLineEnd() const;
  // How many moves lead to `node` (0 at the root).
  static int depth(const TreeNode& node);
  // How many nodes the subtree of `node` holds, itself included.
  static int subtreeSize(const TreeNode& node);

  // The game played from the start through the moves that lead to `node`, with the node's accepted score,
  // resumed play or loss on time. Turn order is strict, as the client plays.
  Game gameAt(const TreeNode& node) const;

 private:
  Game m_start;
  std::unique_ptr<TreeNode> m_root;
  std::unordered_map<NodeId, TreeNode*> m_index;
  NodeId m_nextId = 1;
};

}  // namespace tengen::session
