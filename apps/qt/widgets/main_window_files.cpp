// The main window's files: the question before an unsaved game goes, Save from it, and File → Open Recent.
#include <QAction>
#include <QFileInfo>
#include <QKeySequence>
#include <QMenu>
#include <QMessageBox>

#include "widgets/main_window.h"

namespace tengen::qt {

bool MainWindow::confirmDiscard(bool* discarded) {
  if (!m_controller->unsaved()) return true;
  QMessageBox box(QMessageBox::Warning, tr("Unsaved game"), tr("The current game has not been saved."),
                  QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, this);
  box.setObjectName(QStringLiteral("unsavedQuestion"));
  box.setDefaultButton(QMessageBox::Save);
  switch (box.exec()) {
    case QMessageBox::Save:
      return saveCurrent();
    case QMessageBox::Discard:
      if (discarded != nullptr) *discarded = true;
      return true;
    default:
      return false;
  }
}

bool MainWindow::saveCurrent() { return m_currentFile.isEmpty() ? saveAsDialog() : saveFile(m_currentFile); }

QKeySequence MainWindow::saveAsKey() {
  const QList<QKeySequence> platform = QKeySequence::keyBindings(QKeySequence::SaveAs);
  return platform.isEmpty() ? QKeySequence(tr("Ctrl+Shift+S")) : platform.first();
}

void MainWindow::addRecentMenu(QMenu& game) {
  m_recentMenu = game.addMenu(tr("Open &Recent"));
  m_recentMenu->setObjectName(QStringLiteral("recentMenu"));
  refreshRecentMenu();
}

void MainWindow::refreshRecentMenu() {
  // Later, not now: the entry being triggered may be among the old ones.
  for (QAction* old : m_recentMenu->actions()) {
    m_recentMenu->removeAction(old);
    old->setParent(nullptr);
    old->deleteLater();
  }
  const QStringList files = m_settings->recentFiles();
  for (int i = 0; i < files.size(); ++i) {
    const QString path = files[i];
    const QString name = QFileInfo(path).fileName().replace(QLatin1Char('&'), QStringLiteral("&&"));
    QAction* entry = m_recentMenu->addAction(QStringLiteral("&%1 %2").arg(i + 1).arg(name));
    entry->setObjectName(QStringLiteral("recentFile%1").arg(i));
    entry->setToolTip(path);
    entry->setData(path);
    connect(entry, &QAction::triggered, this, [this, path] { openRecent(path); });
  }
  m_recentMenu->addSeparator();
  QAction* clear = m_recentMenu->addAction(tr("&Clear"));
  clear->setObjectName(QStringLiteral("clearRecentFiles"));
  clear->setEnabled(!files.isEmpty());
  connect(clear, &QAction::triggered, this, [this] {
    m_settings->clearRecentFiles();
    refreshRecentMenu();
  });
}

void MainWindow::openRecent(const QString& path) {
  if (!QFileInfo::exists(path)) {
    m_settings->removeRecentFile(path);
    refreshRecentMenu();
    QMessageBox::warning(this, tr("Open Recent"),
                         tr("%1 no longer exists; it is taken off the recent files.").arg(path.toHtmlEscaped()));
    return;
  }
  if (!confirmDiscard()) return;
  openFile(path);
}

}  // namespace tengen::qt
