#include "tengen/session/game_model.h"

#include <algorithm>
#include <cassert>
#include <utility>

namespace tengen::session {

int recordedMoves(const Game& game) {
  const std::vector<Move>& moves = game.moves();
  const bool resigned = !moves.empty() && moves.back().kind == MoveKind::Resign;
  return game.moveCount() - (resigned ? 1 : 0);
}

bool endedByCount(const Game& game) {
  if (game.phase() == Phase::Scoring) return true;
  // The other ends leave their mark only in the result (a loss on time is no move).
  return game.phase() == Phase::Finished && !game.result().ends_with("+R") && !game.result().ends_with("+T");
}

GameModel::GameModel(const GameConfig& config) : GameModel(GameTree(Game(config))) {}

GameModel::GameModel(GameTree tree) : m_tree(std::move(tree)), m_current(&m_tree.root()) {
  while (!m_current->children.empty()) m_current = m_current->children.front().get();
  rebuildLine();
}

const TreeNode& GameModel::lineEnd() const { return mutableLineEnd(); }

TreeNode& GameModel::mutableLineEnd() const {
  TreeNode* node = m_current;
  while (TreeNode* next = node->lineChild()) node = next;
  return *node;
}

bool GameModel::goTo(int n) {
  n = std::clamp(n, 0, m_line.moveCount());
  if (n == m_viewMove) return false;
  for (; m_viewMove > n; --m_viewMove) m_current = m_current->parent;
  for (; m_viewMove < n; ++m_viewMove) m_current = m_current->lineChild();
  refreshView();
  return true;
}

bool GameModel::goToNode(NodeId id) {
  TreeNode* node = m_tree.find(id);
  if (node == nullptr || node == m_current) return false;
  // Along the line already shown only the view moves; the line's game stays.
  for (const TreeNode* n = &lineEnd(); n != nullptr; n = n->parent) {
    if (n == node) return goTo(GameTree::depth(*node));
  }
  lookAt(*node);
  return true;
}

bool GameModel::switchVariation(int step) {
  TreeNode* branch = m_current;
  while (branch->parent != nullptr && branch->parent->children.size() < 2) branch = branch->parent;
  if (branch->parent == nullptr) return false;
  const int to = branch->parent->indexOf(branch) + step;
  if (to < 0 || to >= static_cast<int>(branch->parent->children.size())) return false;
  TreeNode* node = branch->parent->children[static_cast<std::size_t>(to)].get();
  for (int d = GameTree::depth(*node); d < m_viewMove && node->lineChild() != nullptr; ++d) node = node->lineChild();
  lookAt(*node);
  return true;
}

void GameModel::lookAt(TreeNode& node) {
  for (TreeNode* n = &node; n->parent != nullptr; n = n->parent) n->parent->next = n;
  m_current = &node;
  rebuildLine();
}

void GameModel::rebuildLine() {
  const TreeNode& end = lineEnd();
  m_line = m_tree.gameAt(end);
  m_dead = end.acceptedDead ? *end.acceptedDead : std::vector<Point>();
  m_viewMove = GameTree::depth(*m_current);
  refreshView();
}

void GameModel::refreshView() {
  if (atEnd()) return;
  m_view = m_line;
  m_view.undoTo(m_viewMove);
}

RejectReason GameModel::play(const Move& move) { return playAfter(lineEnd().id, move); }

RejectReason GameModel::playHere(const Move& move) { return playAfter(m_current->id, move); }

RejectReason GameModel::playAfter(NodeId at, const Move& move) {
  TreeNode* parent = m_tree.find(at);
  assert(parent != nullptr);
  const bool atLineEnd = parent == &lineEnd();
  const bool following = parent == m_current;
  Game game = atLineEnd ? m_line : following ? m_view : m_tree.gameAt(*parent);
  const RejectReason reason = game.play(move);
  if (reason != RejectReason::None) return reason;
  TreeNode* child = GameTree::childWith(*parent, move);
  if (child == nullptr) child = &m_tree.addChild(*parent, move);
  if (following) {
    parent->next = child;
    m_current = child;
    if (child->lineChild() == nullptr) {
      m_line = std::move(game);
      m_viewMove = m_line.moveCount();
      m_dead.clear();
    } else {
      rebuildLine();  // an existing variation followed: its line goes on below
    }
  } else if (atLineEnd) {
    // A player looking back while the AI thought keeps looking there; the cut copy of the line is still right.
    parent->next = child;
    m_line = std::move(game);
    m_dead.clear();
  }
  return RejectReason::None;
}

void GameModel::resign(Color player) {
  TreeNode& end = mutableLineEnd();
  m_line.setStrictTurn(false);
  m_line.play(Move::resign(player));
  m_line.setStrictTurn(true);
  TreeNode& node = m_tree.addChild(end, Move::resign(player));
  end.next = &node;
  m_current = &node;
  m_viewMove = m_line.moveCount();
  m_dead.clear();
}

void GameModel::loseOnTime(Color player) {
  TreeNode& end = mutableLineEnd();
  m_line.loseOnTime(player);
  end.lostOnTime = player;
  m_current = &end;
  m_viewMove = m_line.moveCount();
  m_dead.clear();
}

int GameModel::undoLastMoveOf(Color player) {
  const std::vector<Move>& moves = m_line.moves();
  const auto lastOwn = std::find_if(moves.rbegin(), moves.rend(), [&](const Move& m) { return m.color == player; });
  if (lastOwn == moves.rend()) return 0;
  const int takenBack = static_cast<int>(lastOwn - moves.rbegin()) + 1;
  TreeNode* node = &mutableLineEnd();
  for (int i = 1; i < takenBack; ++i) node = node->parent;
  m_current = node->parent;
  m_tree.remove(*node);
  rebuildLine();
  return takenBack;
}

std::vector<sgf::Property>& GameModel::properties(NodeId id) {
  TreeNode* node = m_tree.find(id);
  assert(node != nullptr);
  return node->properties;
}

bool GameModel::promoteCurrent() { return m_tree.promote(*m_current); }

int GameModel::deleteCurrent() {
  if (m_current->parent == nullptr) return 0;
  TreeNode* parent = m_current->parent;
  const int removed = m_tree.remove(*m_current);
  m_current = parent;
  rebuildLine();
  return removed;
}

void GameModel::setDeadStones(std::vector<Point> dead) {
  if (m_line.phase() != Phase::Scoring) return;
  // Only stones can be dead; an estimate made for another position must not mark empty points.
  dead.erase(std::remove_if(dead.begin(), dead.end(), [&](Point p) { return !isPlayer(m_line.board().at(p)); }),
             dead.end());
  m_dead = std::move(dead);
}

bool GameModel::isDead(Point p) const { return std::find(m_dead.begin(), m_dead.end(), p) != m_dead.end(); }

bool GameModel::toggleDeadChain(Point p) {
  if (m_line.phase() != Phase::Scoring) return false;
  const std::vector<Point> chain = m_line.chainAt(p);
  if (chain.empty()) return false;
  const bool nowDead = !std::all_of(chain.begin(), chain.end(), [&](Point q) { return isDead(q); });
  m_dead.erase(std::remove_if(m_dead.begin(), m_dead.end(),
                              [&](Point q) { return std::find(chain.begin(), chain.end(), q) != chain.end(); }),
               m_dead.end());
  if (nowDead) m_dead.insert(m_dead.end(), chain.begin(), chain.end());
  return true;
}

void GameModel::finishScoring() {
  m_line.finish(m_dead);
  TreeNode& end = mutableLineEnd();
  end.acceptedDead = m_dead;
  end.resumed = false;
  m_current = &end;
  m_viewMove = m_line.moveCount();
}

void GameModel::resumePlay() {
  m_line.resumePlay();
  TreeNode& end = mutableLineEnd();
  end.acceptedDead.reset();
  end.resumed = true;
  m_dead.clear();
  m_current = &end;
  m_viewMove = m_line.moveCount();
}

std::vector<int> GameModel::moveNumbers() const {
  const Game& shown = view();
  const int size = shown.size();
  std::vector<int> numbers(static_cast<std::size_t>(size * size), 0);
  const std::vector<Move>& moves = shown.moves();
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (moves[i].kind != MoveKind::Play) continue;
    const Point p = moves[i].point;
    numbers[pointIndex(p, size)] = static_cast<int>(i) + 1;
  }
  // A number whose stone was captured and not replaced would mislead.
  for (int row = 0; row < size; ++row) {
    for (int col = 0; col < size; ++col) {
      const Point p{row, col};
      if (!isPlayer(shown.board().at(p))) numbers[pointIndex(p, size)] = 0;
    }
  }
  return numbers;
}

const Move* GameModel::lastMove() const {
  const Game& shown = view();
  return shown.moves().empty() ? nullptr : &shown.moves().back();
}

}  // namespace tengen::session
