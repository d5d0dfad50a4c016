// The main window: the board in the middle, the AI's attempts beside it, menus, toolbar, keyboard shortcuts and
// the status bar (side to move, captures, move number, and why a click was refused).
#pragma once

#include <QMainWindow>
#include <QPointer>
#include <QString>
#include <functional>
#include <memory>

#include "model/game_controller.h"
#include "model/settings.h"

class QAction;
class QLabel;
class QMenu;
class QSettings;

namespace tengen::qt {

class AiFailureDialog;
class AttemptsPanel;
class BoardWidget;
class ClockWidget;
class SoundPlayer;
class StatusMessage;
class CommentPanel;
class GtpConsole;
class MoveTreeView;

struct MainWindowOptions {
  QSettings* store = nullptr;                       // required; the window keeps its settings here
  QString autosavePath;                             // "" turns autosaving off
  QString errorLogPath;                             // "" takes the settings' (AppDataLocation/tengen-errors.jsonl)
  const session::TimeSource* timeSource = nullptr;  // the clocks' time; nullptr for the steady clock
};

class MainWindow : public QMainWindow {
  Q_OBJECT

 public:
  explicit MainWindow(const MainWindowOptions& options, QWidget* parent = nullptr);
  ~MainWindow() override;

  // Brings back the autosaved game, or starts one with the last settings.
  void startUp();
  // Opens an SGF file; false with a message box (or the status bar when quiet) when it cannot be read.
  bool openFile(const QString& path, bool quiet = false);
  // Saves the record; false with the reason in the status bar.
  bool saveFile(const QString& path);

  GameController& controller() { return *m_controller; }
  BoardWidget* board() const { return m_board; }
  AttemptsPanel* attemptsPanel() const { return m_attempts; }
  ClockWidget* clocks() const { return m_clocks; }
  SoundPlayer* sounds() const { return m_sounds; }
  MoveTreeView* moveTree() const { return m_moveTree; }
  CommentPanel* commentPanel() const { return m_comment; }
  // Opens (or raises) the window of the raw GTP traffic with GTP engine opponents.
  GtpConsole* showGtpConsole();
  // The open AI failure dialog, if any.
  AiFailureDialog* failureDialog() const;
  // The status bar's message line, whole (an illegal click's reason, what the AI played); the bar shows as much of it
  // as fits.
  QString statusMessage() const;
  // The permanent status line: side to move and captures.
  QString turnStatus() const;
  QAction* action(const QString& name) const;

 protected:
  void closeEvent(QCloseEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;

 private:
  // The menus and the toolbar, each action named (action()) so that tests and the toolbar find it.
  void buildActions();
  void addGameMenu();
  void addPlayMenu();
  void addNavigateMenu();
  void addViewMenu();
  void addMainToolBar();
  // Asks for the analysis engine's command line (empty: the built-in engine) and keeps it in the settings.
  void chooseAnalysisEngine();
  // A checkable View action: `shown` reads the state, `show` sets it (and remembers it in the settings).
  QAction* addViewToggle(QMenu& view, const QString& name, const QString& text, const QKeySequence& key,
                         const std::function<bool()>& shown, const std::function<void(bool)>& show);
  void refresh();
  void showFailure(const QString& error, const QString& logId, AiFailure why);
  void newGameDialog();
  void changeOpponentDialog();
  void openDialog();
  // False when no file was chosen or it could not be written.
  bool saveAsDialog();
  void about();
  // The game tree's part of the window (main_window_tree.cpp): the move tree and comment docks, the Navigate
  // menu's variation actions, and their enabled states.
  // A movable dock on the right holding `widget`, below the docks added before it; `name` is its object name, which
  // the saved window state goes by.
  void addRightDock(QWidget* widget, const QString& title, const QString& name);
  void addTreeDocks();
  void addTreeActions(QMenu& navigate);
  void refreshTreeActions();
  void confirmDeleteBranch();
  // Files and the question before a game goes (main_window_files.cpp).
  // True when the game may be replaced or the window closed: nothing would be lost, or the player saved it or
  // chose to discard it (then *discarded, when given, is set); false when they cancelled (or the save failed).
  bool confirmDiscard(bool* discarded = nullptr);
  // Save: to the current file, or Save As when there is none. False when nothing was written.
  bool saveCurrent();
  // Save As's keys: the platform's, or Ctrl+Shift+S where the platform has none (Linux and KDE defaults).
  static QKeySequence saveAsKey();
  void addRecentMenu(QMenu& game);
  void refreshRecentMenu();
  void openRecent(const QString& path);
  // The side panel (main_window_panel.cpp): all the docks, shown or hidden together from the View menu, and kept to
  // a quarter of the window's width whenever the window is shown or resized.
  void addSidePanelAction(QMenu& view);
  void toggleSidePanel();
  void setSidePanelShown(bool on);
  void limitSidePanel();
  // The prompt and picture folded out in the attempts panel take the height the move tree and the comment below it
  // can spare, down to a few rows of each; folded away, the panels get back the heights they had.
  void giveRoomToDetails(bool open);
  // View > Language (main_window_language.cpp): the choice the next start reads.
  void addLanguageMenu(QMenu& view);
  QAction* addAction(const QString& name, const QString& text, const QKeySequence& key, void (MainWindow::*slot)());
  template <typename F>
  QAction* addAction(const QString& name, const QString& text, const QKeySequence& key, F slot);

  std::unique_ptr<Settings> m_settings;
  GameController* m_controller;
  BoardWidget* m_board;
  AttemptsPanel* m_attempts;
  ClockWidget* m_clocks;
  SoundPlayer* m_sounds;
  MoveTreeView* m_moveTree = nullptr;
  CommentPanel* m_comment = nullptr;
  StatusMessage* m_message;
  QLabel* m_turn;
  QLabel* m_captures;
  QLabel* m_estimate = nullptr;
  QLabel* m_analysis = nullptr;
  // The analysis's last note (PositionViews::analysisNote), shown once in the message line when it changes.
  QString m_analysisNote;
  QLabel* m_moveLabel;
  QString m_errorLogPath;
  QString m_currentFile;
  QPointer<AiFailureDialog> m_failureDialog;
  QMenu* m_recentMenu = nullptr;
  GtpConsole* m_gtpConsole = nullptr;
  // The heights of the attempts panel and of the panels that gave it room, before the prompt and picture were
  // folded out.
  QList<int> m_heightsBeforeDetails;
};

}  // namespace tengen::qt
