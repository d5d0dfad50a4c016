#include "widgets/main_window.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>
#include <QToolBar>
#include <algorithm>
#include <utility>

#include "tengen/gtp/process.h"

#include "model/language.h"
#include "widgets/ai_failure_dialog.h"
#include "widgets/app_icon.h"
#include "widgets/attempts_panel.h"
#include "widgets/board_widget.h"
#include "widgets/clock_widget.h"
#include "widgets/comment_panel.h"
#include "widgets/gtp_console.h"
#include "widgets/move_tree_view.h"
#include "widgets/new_game_dialog.h"
#include "widgets/sound_player.h"
#include "widgets/status_message.h"

namespace tengen::qt {

MainWindow::MainWindow(const MainWindowOptions& options, QWidget* parent)
    : QMainWindow(parent), m_settings(std::make_unique<Settings>(*options.store)) {
  m_errorLogPath = options.errorLogPath.isEmpty() ? m_settings->errorLogPath() : options.errorLogPath;
  setWindowIcon(appIcon());
  ControllerOptions controllerOptions;
  controllerOptions.autosavePath = options.autosavePath;
  controllerOptions.errorLogPath = m_errorLogPath;
  controllerOptions.opponent = m_settings->lastSetup().opponent;
  controllerOptions.timeSource = options.timeSource;
  m_controller = new GameController(controllerOptions, this);
  m_controller->ai().setExtraConsoleCommands(m_settings->consoleCommands());

  m_board = new BoardWidget(*m_controller, this);
  m_board->setObjectName(QStringLiteral("board"));
  m_board->setShowMoveNumbers(m_settings->showMoveNumbers());
  m_board->setShowCoordinates(m_settings->showCoordinates());
  m_controller->views().setScoreEstimateShown(m_settings->showScoreEstimate());
  m_controller->views().setAnalysisEngine(m_settings->analysisEngine());
  m_controller->views().setAnalysisShown(m_settings->showAnalysis());
  m_board->setFocusPolicy(Qt::StrongFocus);
  setCentralWidget(m_board);

  // The panels beside the board, top to bottom: the clocks, the AI attempts, the move tree and the comment.
  m_clocks = new ClockWidget(*m_controller, this);
  addRightDock(m_clocks, tr("Clocks"), QStringLiteral("clocksDock"));
  m_attempts = new AttemptsPanel(*m_controller, this);
  addRightDock(m_attempts, tr("AI attempts"), QStringLiteral("attemptsDock"));
  connect(m_attempts, &AttemptsPanel::detailsToggled, this, &MainWindow::giveRoomToDetails);
  addTreeDocks();

  m_sounds = new SoundPlayer(this);
  m_sounds->setEnabled(m_settings->soundOn());
  connect(new SoundCues(*m_controller, this), &SoundCues::cue, m_sounds, &SoundPlayer::play);

  m_message = new StatusMessage(this);
  m_message->setObjectName(QStringLiteral("message"));
  m_turn = new QLabel(this);
  m_captures = new QLabel(this);
  m_moveLabel = new QLabel(this);
  m_moveLabel->setObjectName(QStringLiteral("moveNumber"));
  m_estimate = new QLabel(this);
  m_estimate->setObjectName(QStringLiteral("scoreEstimate"));
  m_analysis = new QLabel(this);
  m_analysis->setObjectName(QStringLiteral("analysis"));
  statusBar()->addWidget(m_message, 1);
  statusBar()->addPermanentWidget(m_analysis);
  statusBar()->addPermanentWidget(m_estimate);
  statusBar()->addPermanentWidget(m_moveLabel);
  statusBar()->addPermanentWidget(m_captures);
  statusBar()->addPermanentWidget(m_turn);

  buildActions();

  connect(m_board, &BoardWidget::pointClicked, m_controller, &GameController::clickPoint);
  connect(m_controller, &GameController::changed, this, &MainWindow::refresh);
  connect(&m_controller->views(), &PositionViews::analysisChanged, this, [this] {
    m_analysis->setText(m_controller->views().analysisText());
    // What the external engine cannot give, or why the built-in engine stands in: said once, and kept in the tip.
    const QString note = m_controller->views().analysisNote();
    m_analysis->setToolTip(note);
    if (!note.isEmpty() && note != m_analysisNote) m_message->setMessage(note);
    m_analysisNote = note;
  });
  connect(m_controller, &GameController::message, m_message, &StatusMessage::setMessage);
  connect(&m_controller->ai(), &AiTurns::aiFailed, this, &MainWindow::showFailure);

  const QByteArray geometry = m_settings->windowGeometry();
  if (!geometry.isEmpty()) {
    restoreGeometry(geometry);
  } else {
    resize(980, 760);
  }
  restoreState(m_settings->windowState());
  refresh();
}

void MainWindow::addRightDock(QWidget* widget, const QString& title, const QString& name) {
  auto* dock = new QDockWidget(title, this);
  dock->setObjectName(name);
  dock->setWidget(widget);
  dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
  addDockWidget(Qt::RightDockWidgetArea, dock);
}

MainWindow::~MainWindow() = default;

template <typename F>
QAction* MainWindow::addAction(const QString& name, const QString& text, const QKeySequence& key, F slot) {
  auto* action = new QAction(text, this);
  action->setObjectName(name);
  if (!key.isEmpty()) action->setShortcut(key);
  action->setShortcutContext(Qt::WindowShortcut);
  connect(action, &QAction::triggered, this, slot);
  QMainWindow::addAction(action);
  return action;
}

QAction* MainWindow::addAction(const QString& name, const QString& text, const QKeySequence& key,
                               void (MainWindow::*slot)()) {
  return addAction(name, text, key, [this, slot] { (this->*slot)(); });
}

void MainWindow::buildActions() {
  addGameMenu();
  addPlayMenu();
  addNavigateMenu();
  addViewMenu();
  QMenu* help = menuBar()->addMenu(tr("&Help"));
  help->addAction(addAction(QStringLiteral("about"), tr("&About tengen-qt"), QKeySequence(), &MainWindow::about));
  addMainToolBar();
}

void MainWindow::addGameMenu() {
  QMenu* game = menuBar()->addMenu(tr("&Game"));
  game->addAction(
      addAction(QStringLiteral("newGame"), tr("&New game\u2026"), QKeySequence::New, &MainWindow::newGameDialog));
  game->addAction(
      addAction(QStringLiteral("open"), tr("&Open SGF\u2026"), QKeySequence::Open, &MainWindow::openDialog));
  addRecentMenu(*game);
  game->addAction(addAction(QStringLiteral("save"), tr("&Save SGF"), QKeySequence::Save, [this] { saveCurrent(); }));
  game->addAction(
      addAction(QStringLiteral("saveAs"), tr("Save SGF &as\u2026"), saveAsKey(), [this] { saveAsDialog(); }));
  game->addSeparator();
  game->addAction(addAction(QStringLiteral("quit"), tr("&Quit"), QKeySequence::Quit, [this] { close(); }));
}

void MainWindow::addPlayMenu() {
  GameController* c = m_controller;
  QMenu* play = menuBar()->addMenu(tr("&Play"));
  play->addAction(addAction(QStringLiteral("pass"), tr("&Pass"), QKeySequence(Qt::Key_P), [c] { c->pass(); }));
  play->addAction(
      addAction(QStringLiteral("undo"), tr("&Undo (with the AI's reply)"), QKeySequence::Undo, [c] { c->undo(); }));
  play->addAction(addAction(QStringLiteral("resign"), tr("&Resign"), QKeySequence(), [this, c] {
    if (c->model().game().phase() != Phase::Playing) return;
    const auto answer = QMessageBox::question(this, tr("Resign"), tr("Resign this game?"));
    if (answer == QMessageBox::Yes) c->resign();
  }));
  play->addSeparator();
  play->addAction(
      addAction(QStringLiteral("askAi"), tr("Ask the AI to &move"), QKeySequence(tr("Ctrl+G")), [c] { c->askAi(); }));
  play->addAction(
      addAction(QStringLiteral("stop"), tr("&Stop the AI"), QKeySequence(Qt::Key_Escape), [c] { c->stop(); }));
  play->addAction(addAction(QStringLiteral("changeOpponent"), tr("&Change opponent\u2026"), QKeySequence(),
                            &MainWindow::changeOpponentDialog));
  play->addSeparator();
  play->addAction(addAction(QStringLiteral("acceptScore"), tr("&Accept the score"), QKeySequence(Qt::Key_Return),
                            [c] { c->acceptScore(); }));
  play->addAction(addAction(QStringLiteral("resume"), tr("Resume p&lay"), QKeySequence(), [c] { c->resumePlay(); }));
}

void MainWindow::addNavigateMenu() {
  GameController* c = m_controller;
  QMenu* navigate = menuBar()->addMenu(tr("&Navigate"));
  navigate->addAction(
      addAction(QStringLiteral("first"), tr("&First move"), QKeySequence(Qt::Key_Home), [c] { c->first(); }));
  navigate->addAction(addAction(QStringLiteral("back"), tr("&Back"), QKeySequence(Qt::Key_Left), [c] { c->back(); }));
  navigate->addAction(
      addAction(QStringLiteral("forward"), tr("F&orward"), QKeySequence(Qt::Key_Right), [c] { c->forward(); }));
  navigate->addAction(
      addAction(QStringLiteral("last"), tr("&Last move"), QKeySequence(Qt::Key_End), [c] { c->last(); }));
  addTreeActions(*navigate);
}

QAction* MainWindow::addViewToggle(QMenu& view, const QString& name, const QString& text, const QKeySequence& key,
                                   const std::function<bool()>& shown, const std::function<void(bool)>& show) {
  QAction* toggle = addAction(name, text, key, [this, name, shown, show] {
    const bool on = !shown();
    show(on);
    action(name)->setChecked(on);
  });
  toggle->setCheckable(true);
  toggle->setChecked(shown());
  view.addAction(toggle);
  return toggle;
}

void MainWindow::addViewMenu() {
  QMenu* view = menuBar()->addMenu(tr("&View"));
  addViewToggle(
      *view, QStringLiteral("moveNumbers"), tr("&Move numbers"), QKeySequence(Qt::Key_M),
      [this] { return m_board->showMoveNumbers(); },
      [this](bool on) {
        m_board->setShowMoveNumbers(on);
        m_settings->setShowMoveNumbers(on);
      });
  addViewToggle(
      *view, QStringLiteral("coordinates"), tr("&Coordinates"), QKeySequence(Qt::Key_C),
      [this] { return m_board->showCoordinates(); },
      [this](bool on) {
        m_board->setShowCoordinates(on);
        m_settings->setShowCoordinates(on);
      });
  // Who owns what and the score, for the position being looked at, at any moment of the game.
  addViewToggle(
      *view, QStringLiteral("scoreEstimate"), tr("Score &estimate"), QKeySequence(Qt::Key_E),
      [this] { return m_controller->views().scoreEstimateShown(); },
      [this](bool on) {
        m_controller->views().setScoreEstimateShown(on);
        m_settings->setShowScoreEstimate(on);
      });
  // The built-in engine's best moves for the position looked at, live, whatever the opponent.
  addViewToggle(
      *view, QStringLiteral("analysis"), tr("&Analysis"), QKeySequence(Qt::Key_A),
      [this] { return m_controller->views().analysisShown(); },
      [this](bool on) {
        m_controller->views().setAnalysisShown(on);
        m_settings->setShowAnalysis(on);
      });
  view->addAction(addAction(QStringLiteral("analysisEngine"), tr("Analysis e&ngine\u2026"), QKeySequence(),
                            [this] { chooseAnalysisEngine(); }));
  auto* sound = new QAction(tr("&Sound"), this);
  sound->setObjectName(QStringLiteral("sound"));
  sound->setCheckable(true);
  sound->setChecked(m_sounds->enabled());
  connect(sound, &QAction::toggled, this, [this](bool on) {
    m_sounds->setEnabled(on);
    m_settings->setSoundOn(on);
  });
  view->addAction(sound);
  view->addAction(addAction(QStringLiteral("gtpConsole"), tr("&GTP console"),
                            QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_T), [this] { showGtpConsole(); }));
  addSidePanelAction(*view);
  addLanguageMenu(*view);
}

void MainWindow::chooseAnalysisEngine() {
  bool ok = false;
  const QString chosen = QInputDialog::getText(
      this, tr("Analysis engine"),
      tr("The command line of a GTP engine that speaks kata-analyze (KataGo) or lz-analyze (Leela Zero), e.g.\n"
         "/usr/games/leelaz --gtp --noponder -w best-network\n"
         "Leave it empty for the built-in engine."),
      QLineEdit::Normal, m_settings->analysisEngine(), &ok);
  if (!ok) return;
  if (!chosen.trimmed().isEmpty() && !gtp::splitCommandLine(chosen.toStdString())) {
    QMessageBox::warning(this, tr("Analysis engine"),
                         tr("This command line cannot be read: %1")
                             .arg(QString::fromStdString(gtp::splitCommandLine(chosen.toStdString()).error())));
    return;
  }
  m_settings->setAnalysisEngine(chosen);
  m_controller->views().setAnalysisEngine(chosen);
}

void MainWindow::addMainToolBar() {
  QToolBar* tools = addToolBar(tr("Game"));
  tools->setObjectName(QStringLiteral("mainToolBar"));
  tools->setToolButtonStyle(Qt::ToolButtonTextOnly);
  // Short words on the toolbar; the menus keep the full names and show the shortcuts.
  const std::pair<const char*, QString> toolbar[] = {{"newGame", tr("New")},
                                                     {"open", tr("Open")},
                                                     {"save", tr("Save")},
                                                     {"pass", tr("Pass")},
                                                     {"undo", tr("Undo")},
                                                     {"resign", tr("Resign")},
                                                     {"first", tr("|<")},
                                                     {"back", tr("<")},
                                                     {"forward", tr(">")},
                                                     {"last", tr(">|")},
                                                     {"acceptScore", tr("Accept score")},
                                                     {"resume", tr("Resume")}};
  for (const auto& [name, text] : toolbar) {
    QAction* a = action(QString::fromLatin1(name));
    a->setIconText(text);
    a->setToolTip(a->text().remove(QLatin1Char('&')) +
                  (a->shortcut().isEmpty() ? QString() : QStringLiteral(" (%1)").arg(a->shortcut().toString())));
    tools->addAction(a);
  }
}

void MainWindow::addTreeActions(QMenu& navigate) {
  GameController* c = m_controller;
  navigate.addAction(addAction(QStringLiteral("previousVariation"), tr("&Previous variation"), QKeySequence(Qt::Key_Up),
                               [c] { c->previousVariation(); }));
  navigate.addAction(addAction(QStringLiteral("nextVariation"), tr("&Next variation"), QKeySequence(Qt::Key_Down),
                               [c] { c->nextVariation(); }));
  navigate.addSeparator();
  navigate.addAction(addAction(QStringLiteral("promoteVariation"), tr("Pro&mote variation to main line"),
                               QKeySequence(), [c] { c->promoteVariation(); }));
  navigate.addAction(addAction(QStringLiteral("deleteBranch"), tr("&Delete branch\u2026"), QKeySequence(),
                               &MainWindow::confirmDeleteBranch));
}

QAction* MainWindow::action(const QString& name) const { return findChild<QAction*>(name); }

AiFailureDialog* MainWindow::failureDialog() const { return m_failureDialog.data(); }

QString MainWindow::statusMessage() const { return m_message->message(); }

QString MainWindow::turnStatus() const { return m_turn->text() + QStringLiteral(" | ") + m_captures->text(); }

void MainWindow::refresh() {
  const session::GameModel& model = m_controller->model();
  const Game& game = model.game();
  const Board& shown = model.view().board();
  m_turn->setText(m_controller->turnText());
  // At the end of a game being scored or over, the turn's words give the count: the estimate would say it again.
  const bool countShown = model.atEnd() && game.phase() != Phase::Playing;
  m_estimate->setText(countShown ? QString()
                      : m_controller->views().scoreEstimateShown() &&
                              m_controller->views().scoreEstimateText().isEmpty()
                          ? tr("Estimating\u2026")
                          : m_controller->views().scoreEstimateText());
  m_analysis->setText(m_controller->views().analysisText());
  m_captures->setText(
      tr("Captures: black %1, white %2").arg(shown.captures(Color::Black)).arg(shown.captures(Color::White)));
  // Counted as the record and `tengen check` count them: a resignation is no move.
  const int moves = session::recordedMoves(game);
  m_moveLabel->setText(model.atEnd() ? tr("Move %1").arg(moves)
                                     : tr("Move %1 of %2").arg(std::min(model.viewMove(), moves)).arg(moves));
  const bool playing = game.phase() == Phase::Playing;
  const bool scoring = game.phase() == Phase::Scoring;
  action(QStringLiteral("pass"))->setEnabled(model.view().phase() == Phase::Playing && !m_controller->ai().thinking());
  action(QStringLiteral("resign"))->setEnabled(playing);
  action(QStringLiteral("stop"))->setEnabled(m_controller->ai().thinking());
  action(QStringLiteral("acceptScore"))->setEnabled(scoring && !m_controller->estimating());
  action(QStringLiteral("resume"))->setEnabled(scoring);
  action(QStringLiteral("first"))->setEnabled(model.viewMove() > 0);
  action(QStringLiteral("back"))->setEnabled(model.viewMove() > 0);
  action(QStringLiteral("forward"))->setEnabled(!model.atEnd());
  action(QStringLiteral("last"))->setEnabled(!model.atEnd());
  refreshTreeActions();
  const QString file =
      m_currentFile.isEmpty() ? QString() : QFileInfo(m_currentFile).fileName() + QStringLiteral(" \u2014 ");
  setWindowTitle(tr("%1tengen \u2014 %2x%2 against %3")
                     .arg(file)
                     .arg(game.size())
                     .arg(m_controller->ai().opponent().displayName()));
}

void MainWindow::startUp() {
  QString problem;
  if (m_controller->restoreAutosave(&problem)) return;
  m_controller->newGame(m_settings->lastSetup());
  // The new game's own message would hide why the last one did not come back.
  if (!problem.isEmpty()) m_message->setMessage(problem);
}

void MainWindow::showFailure(const QString& error, const QString& logId, AiFailure why) {
  if (m_failureDialog) m_failureDialog->deleteLater();
  m_failureDialog =
      new AiFailureDialog(m_controller->ai().opponent().displayName(), error, logId, m_errorLogPath, why, this);
  m_failureDialog->setAttribute(Qt::WA_DeleteOnClose);
  connect(m_failureDialog, &QDialog::finished, this, [this](int choice) {
    if (choice == AiFailureDialog::AskAgain) m_controller->askAi();
    // Queued so that the failure dialog has closed before the next one opens.
    if (choice == AiFailureDialog::ChangeOpponent) {
      QMetaObject::invokeMethod(this, &MainWindow::changeOpponentDialog, Qt::QueuedConnection);
    }
  });
  // open(), not exec(): the window and the event loop carry on, so the game can be looked at meanwhile.
  m_failureDialog->open();
  m_message->setMessage(logId.isEmpty() ? tr("The AI failed: %1").arg(error)
                                        : tr("The AI failed (error-log record %1)").arg(logId));
}

void MainWindow::newGameDialog() {
  NewGameDialog dialog(m_settings->lastSetup(), false, this);
  if (dialog.exec() != QDialog::Accepted || !confirmDiscard()) return;
  const GameSetup setup = dialog.setup();
  m_settings->setLastSetup(setup);
  // The opponent of the autosaved game is the one in the settings: on disk before the game's first autosave, so
  // that a kill never brings the game back against another opponent.
  m_settings->sync();
  m_currentFile.clear();
  m_controller->newGame(setup);
}

void MainWindow::changeOpponentDialog() {
  GameSetup current = m_settings->lastSetup();
  current.opponent = m_controller->ai().opponent();
  NewGameDialog dialog(current, true, this);
  if (dialog.exec() != QDialog::Accepted) return;
  GameSetup chosen = m_settings->lastSetup();
  chosen.opponent = dialog.setup().opponent;
  m_settings->setLastSetup(chosen);
  m_settings->sync();
  m_controller->setOpponent(chosen.opponent);
}

bool MainWindow::openFile(const QString& path, bool quiet) {
  // The current opponent plays on; the record says only who played which colour.
  // Only a file read whole becomes the file Save writes: saving over one that could not be read would destroy it
  // with another game, and over one read up to an illegal move would cut off the rest of its record.
  bool loaded = false;
  const QString error = m_controller->openRecord(path, &loaded);
  if (!error.isEmpty()) {
    m_message->setMessage(error);
    if (!quiet) QMessageBox::warning(this, tr("Open SGF"), error);
  }
  if (loaded) {
    m_currentFile = error.isEmpty() ? path : QString();
    m_settings->setLastDirectory(QFileInfo(path).absolutePath());
    m_settings->addRecentFile(path);
    refreshRecentMenu();
  }
  refresh();
  return error.isEmpty();
}

bool MainWindow::saveFile(const QString& path) {
  const QString error = m_controller->saveRecord(path);
  if (!error.isEmpty()) {
    m_message->setMessage(tr("Could not save: %1").arg(error));
    return false;
  }
  m_currentFile = path;
  m_settings->setLastDirectory(QFileInfo(path).absolutePath());
  m_settings->addRecentFile(path);
  refreshRecentMenu();
  m_message->setMessage(tr("Saved %1").arg(QFileInfo(path).fileName()));
  refresh();
  return true;
}

void MainWindow::openDialog() {
  if (!confirmDiscard()) return;
  const QString path = QFileDialog::getOpenFileName(this, tr("Open SGF"), m_settings->lastDirectory(),
                                                    tr("SGF game records (*.sgf);;All files (*)"));
  if (!path.isEmpty()) openFile(path);
}

bool MainWindow::saveAsDialog() {
  QString path =
      QFileDialog::getSaveFileName(this, tr("Save SGF"), m_settings->lastDirectory(), tr("SGF game records (*.sgf)"));
  if (path.isEmpty()) return false;
  if (!path.endsWith(QLatin1String(".sgf"), Qt::CaseInsensitive)) path += QStringLiteral(".sgf");
  return saveFile(path);
}

void MainWindow::about() {
  QMessageBox::about(this, tr("About tengen-qt"),
                     tr("<b>tengen-qt</b><p>Play Go against the built-in engine, any GTP engine, a vision-language "
                        "model or a tengen server. Every AI move passes the rules referee.</p><p>Failed AI moves are "
                        "logged to %1</p>")
                         .arg(m_errorLogPath.toHtmlEscaped()));
}

void MainWindow::closeEvent(QCloseEvent* event) {
  bool discarded = false;
  if (!confirmDiscard(&discarded)) {
    event->ignore();
    return;
  }
  // Discarded on closing: the next start begins a new game rather than bring this one back.
  if (const QString error = discarded ? m_controller->discardAutosave() : QString(); !error.isEmpty()) {
    QMessageBox::warning(this, tr("Discard"),
                         tr("The autosaved game %1 could not be deleted (%2): the next start brings it back.")
                             .arg(m_controller->autosave().path(), error));
  }
  m_settings->setWindowGeometry(saveGeometry());
  m_settings->setWindowState(saveState());
  m_settings->sync();
  // The game is already autosaved after every move; a thinking AI is left to finish on its own thread. The
  // analysis stops and its external engine is let go without waiting for it: asked to quit, or killed when it does
  // not answer (the setting stays as it was for the next start).
  m_controller->stop();
  m_controller->views().releaseAnalysisEngine();
  event->accept();
}

GtpConsole* MainWindow::showGtpConsole() {
  if (m_gtpConsole == nullptr) m_gtpConsole = new GtpConsole(*m_controller, *m_settings, this);
  m_gtpConsole->show();
  m_gtpConsole->raise();
  m_gtpConsole->activateWindow();
  return m_gtpConsole;
}

}  // namespace tengen::qt
