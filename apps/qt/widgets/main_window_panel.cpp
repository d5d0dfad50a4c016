// The main window's side panel: the docks beside the board, kept to a quarter of the window's width when the window
// is shown or resized, hidden or shown from the View menu (the choice kept in the settings), and the attempts panel
// given the room to read a prompt in.
#include <QAction>
#include <QDockWidget>
#include <QMenu>
#include <QResizeEvent>
#include <algorithm>

#include "widgets/attempts_panel.h"
#include "widgets/main_window.h"

namespace tengen::qt {

namespace {

// The side panel's share of the window's width at the most.
constexpr int kSidePanelShare = 4;
// Rows of the move tree and lines of the comment kept in view when the prompt and picture take their room (a line
// of text is counted twice: a tree row is about two lines high).
constexpr int kTreeRowsKept = 5;
constexpr int kCommentRowsKept = 2;

}  // namespace

void MainWindow::addSidePanelAction(QMenu& view) {
  QAction* panel = addAction(QStringLiteral("sidePanel"), tr("Show side &panel"), QKeySequence(Qt::Key_F9),
                             &MainWindow::toggleSidePanel);
  panel->setCheckable(true);
  view.addSeparator();
  view.addAction(panel);
  setSidePanelShown(m_settings->showSidePanel());
}

void MainWindow::toggleSidePanel() { setSidePanelShown(!m_settings->showSidePanel()); }

void MainWindow::setSidePanelShown(bool on) {
  for (QDockWidget* dock : findChildren<QDockWidget*>(Qt::FindDirectChildrenOnly)) dock->setVisible(on);
  m_settings->setShowSidePanel(on);
  action(QStringLiteral("sidePanel"))->setChecked(on);
  if (on) limitSidePanel();
}

void MainWindow::limitSidePanel() {
  const int most = width() / kSidePanelShare;
  QList<QDockWidget*> docks;
  QList<int> widths;
  for (QDockWidget* dock : findChildren<QDockWidget*>(Qt::FindDirectChildrenOnly)) {
    if (dock->isVisible() && !dock->isFloating() && dockWidgetArea(dock) == Qt::RightDockWidgetArea &&
        dock->width() > most) {
      docks << dock;
      widths << most;
    }
  }
  if (!docks.isEmpty()) resizeDocks(docks, widths, Qt::Horizontal);
}

void MainWindow::giveRoomToDetails(bool open) {
  auto* attempts = findChild<QDockWidget*>(QStringLiteral("attemptsDock"), Qt::FindDirectChildrenOnly);
  if (attempts == nullptr || attempts->isFloating() || !attempts->isVisible()) return;
  // The docks below it in the same column that give their height, and the rows of text each keeps.
  QList<QDockWidget*> docks{attempts};
  QList<int> kept{0};
  for (const auto& [name, rows] :
       {std::pair{"moveTreeDock", kTreeRowsKept}, std::pair{"commentDock", kCommentRowsKept}}) {
    auto* dock = findChild<QDockWidget*>(QString::fromLatin1(name), Qt::FindDirectChildrenOnly);
    if (dock == nullptr || dock->isFloating() || !dock->isVisible() ||
        dockWidgetArea(dock) != dockWidgetArea(attempts) || dock->x() != attempts->x()) {
      continue;
    }
    docks << dock;
    kept << rows * dock->fontMetrics().lineSpacing() * 2;
  }
  if (!open) {
    if (m_heightsBeforeDetails.size() == docks.size()) resizeDocks(docks, m_heightsBeforeDetails, Qt::Vertical);
    m_heightsBeforeDetails.clear();
    return;
  }
  m_heightsBeforeDetails.clear();
  QList<int> heights{attempts->height()};
  for (int i = 1; i < docks.size(); ++i) {
    m_heightsBeforeDetails << docks[i]->height();
    heights << std::min(docks[i]->height(), kept[i]);
    heights[0] += docks[i]->height() - heights[i];
  }
  m_heightsBeforeDetails.prepend(attempts->height());
  resizeDocks(docks, heights, Qt::Vertical);
}

void MainWindow::resizeEvent(QResizeEvent* event) {
  QMainWindow::resizeEvent(event);
  limitSidePanel();
}

}  // namespace tengen::qt
