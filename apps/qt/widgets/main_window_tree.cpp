// The main window's game tree: the move tree and comment docks, and what the variation actions may do now.
#include <QAction>
#include <QMessageBox>

#include "widgets/comment_panel.h"
#include "widgets/main_window.h"
#include "widgets/move_tree_view.h"

namespace tengen::qt {

void MainWindow::addTreeDocks() {
  m_moveTree = new MoveTreeView(*m_controller, this);
  m_moveTree->setObjectName(QStringLiteral("moveTree"));
  m_comment = new CommentPanel(*m_controller, this);
  m_comment->setObjectName(QStringLiteral("comment"));
  const std::pair<QWidget*, QString> docks[] = {{m_moveTree, tr("Moves")}, {m_comment, tr("Comment")}};
  for (const auto& [widget, title] : docks) addRightDock(widget, title, widget->objectName() + QStringLiteral("Dock"));
}

void MainWindow::refreshTreeActions() {
  const session::TreeNode& current = m_controller->model().current();
  bool mainLine = true;
  for (const session::TreeNode* n = &current; n->parent != nullptr; n = n->parent)
    mainLine = mainLine && n->parent->indexOf(n) == 0;
  action(QStringLiteral("promoteVariation"))->setEnabled(!mainLine);
  action(QStringLiteral("deleteBranch"))->setEnabled(current.parent != nullptr);
}

void MainWindow::confirmDeleteBranch() {
  const session::TreeNode& current = m_controller->model().current();
  if (current.parent == nullptr) return;
  const int moves = session::GameTree::subtreeSize(current);
  if (moves > 1) {
    const auto answer = QMessageBox::question(this, tr("Delete branch"),
                                              tr("Delete this move and the %n move(s) below it?", nullptr, moves - 1));
    if (answer != QMessageBox::Yes) return;
  }
  m_controller->deleteBranch();
}

}  // namespace tengen::qt
