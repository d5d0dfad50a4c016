// The game as the client holds it: the game tree (GameTree: the main line and its variations), the node being looked
// at with the line through it, and in the scoring phase the stones taken as dead. No Qt widgets, no AI: the
// controller drives it and tests use it directly.
#pragma once

#include <cstddef>
#include <vector>

#include "tengen/core/game.h"
#include "tengen/core/types.h"
#include "tengen/session/game_tree.h"

namespace tengen::session {

// The row-major index of a point, as Score::owner and GameModel::moveNumbers() are laid out.
inline std::size_t pointIndex(Point p, int size) {
  return static_cast<std::size_t>(p.row) * static_cast<std::size_t>(size) + static_cast<std::size_t>(p.col);
}

// The moves of a game as its record counts them (`tengen check`, the SGF): every stone and every pass; a
// resignation is the record's result (RE), not a move. Setup stones are no moves either.
int recordedMoves(const Game& game);

// Whether a game is over by two passes, being scored or finished with the count's result, rather than by a
// resignation or on time; false for a game in play. Only such a game has a count to show.
bool endedByCount(const Game& game);

// "The current line" is the path from the root to the node being looked at, continued from there by each node's
// line child (the variation last visited, else the first) to its end. Every query and command that speaks of "the
// record" or "the end" means that line, which is the main line unless a variation was chosen.
class GameModel {
 public:
  explicit GameModel(const GameConfig& config = {});
  // Takes over a tree (a record read from SGF or the autosave); the view is at the end of its main line.
  explicit GameModel(GameTree tree);

  GameModel(GameModel&&) noexcept = default;
  GameModel& operator=(GameModel&&) noexcept = default;

  // The current line played to its end, whatever is being looked at.
  const Game& game() const { return m_line; }
  // The position at the node being looked at; equal to game() when atEnd().
  const Game& view() const { return atEnd() ? m_line : m_view; }
  // How many moves lead to the node being looked at.
  int viewMove() const { return m_viewMove; }
  bool atEnd() const { return m_current->lineChild() == nullptr; }

  const GameTree& tree() const { return m_tree; }
  const TreeNode& current() const { return *m_current; }
  // The last node of the current line.
  const TreeNode& lineEnd() const;

  // Looks at the position after n moves of the current line (clamped to 0..game().moveCount()); the record itself
  // is kept. True when the view moved.
  bool goTo(int n);
  // Looks at the node (the current line becomes the one through it, continued as last visited). False when it is
  // not in the tree or already looked at.
  bool goToNode(NodeId id);
  // Up and down: the previous or next sibling of the nearest node at or above the one looked at that has siblings,
  // followed down its line to the same move number (or its end). False when there is none in that direction.
  bool previousVariation() { return switchVariation(-1); }
  bool nextVariation() { return switchVariation(+1); }

  // Plays a move at the end of the current line; answers the rules' reason and changes nothing when it is illegal.
  // The view follows the move when it was at the end, else it stays where it was (the AI's move while looking back).
  RejectReason play(const Move& move);
  // Plays a move at the node looked at: a new variation there, or the existing child with that move when there is
  // one. The view goes to it.
  RejectReason playHere(const Move& move);
  // Plays a move after node `at` (the AI answering on the line it was asked about): a new child, or the existing
  // one with that move. The view follows only when it was at `at`. Precondition: `at` is in the tree.
  RejectReason playAfter(NodeId at, const Move& move);

  // Ends the game by `player`'s resignation at the end of the current line, on either side's turn (a person need not
  // wait to give up). Precondition: the game is in play.
  void resign(Color player);

  // Ends the game in play at the end of the current line as lost on time by `player` ("W+T"/"B+T"); the view goes
  // there.
  void loseOnTime(Color player);

  // Takes back `player`'s last move of the current line and everything after it (the opponent's reply, and any
  // variations below it), so that it is that player's turn again. Answers how many moves of the line went; 0 when
  // the player has made none.
  int undoLastMoveOf(Color player);

  // Makes the line through the node looked at the main line. True when it was not already.
  bool promoteCurrent();
  // Deletes the node looked at and everything below it; the view goes to its parent. Answers how many nodes went,
  // 0 at the root (which cannot be deleted).
  int deleteCurrent();
  // The comment of the node looked at.
  void setComment(std::string comment) { m_current->comment = std::move(comment); }
  // The kept SGF properties of node `id`, for the clock's times of its move. Precondition: `id` is in the tree.
  std::vector<sgf::Property>& properties(NodeId id);

  // Scoring phase (of the current line's end): the stones taken as dead. Replacing them is allowed only in the
  // scoring phase.
  const std::vector<Point>& deadStones() const { return m_dead; }
  void setDeadStones(std::vector<Point> dead);
  bool isDead(Point p) const;
  // Marks the chain at p dead when any of it is alive, alive otherwise. False when there is no stone at p or the
  // game is not being scored.
  bool toggleDeadChain(Point p);
  // The score with the current dead stones.
  Score score() const { return m_line.score(m_dead); }
  // Ends the game with the current dead stones. Precondition: the scoring phase.
  void finishScoring();
  // Back to play from the scoring phase; the dead stones are forgotten.
  void resumePlay();

  // Per point (row-major) of view(): the number of the move that put the stone there, 0 when the stone is a
  // setup stone or the point is empty.
  std::vector<int> moveNumbers() const;
  // The last move of view(), if any.
  const Move* lastMove() const;

 private:
  bool switchVariation(int step);
  // Looks at `node`, making the line go through it; the line's game is played again.
  void lookAt(TreeNode& node);
  // Plays the current line again from the start to its end, and looks at the node looked at on it.
  void rebuildLine();
  void refreshView();
  TreeNode& mutableLineEnd() const;

  GameTree m_tree;
  TreeNode* m_current;
  // The current line played to its end.
  Game m_line;
  // A copy of the line cut to m_viewMove moves, kept only while looking back.
  Game m_view;
  int m_viewMove = 0;
  std::vector<Point> m_dead;
};

}  // namespace tengen::session
