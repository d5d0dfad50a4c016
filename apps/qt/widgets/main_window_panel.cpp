// The main window's side panel: the docks beside the board, kept to a quarter of the window's width when the window
// is shown or resized, and hidden or shown from the View menu (the choice kept in the settings).
#include <QAction>
#include <QDockWidget>
#include <QMenu>
#include <QResizeEvent>

#include "widgets/main_window.h"

namespace tengen::qt {

namespace {

// The side panel's share of the window's width at the most.
constexpr int kSidePanelShare = 4;

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

void MainWindow::resizeEvent(QResizeEvent* event) {
  QMainWindow::resizeEvent(event);
  limitSidePanel();
}

}  // namespace tengen::qt
