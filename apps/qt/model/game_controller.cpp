#include "model/game_controller.h"

#include <QDate>
#include <QFileInfo>
#include <QLocale>
#include <cassert>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "tengen/core/coords.h"
#include "tengen/engine/judgment.h"
#include "tengen/sgf/sgf.h"

#include "model/language.h"
#include "model/tree_record.h"

namespace tengen::qt {

GameController::GameController(const ControllerOptions& options, QObject* parent)
    : QObject(parent),
      m_options(options),
      m_ai(m_session, options.opponent, options.errorLogPath),
      m_autosave(options.autosavePath),
      m_views(
          m_session.model(), [this] { return thinking(); }, options.analysisPlayouts),
      m_clock(options.timeSource != nullptr ? *options.timeSource : m_steadyTime),
      m_mailbox(this) {
  connect(&m_ai, &AiTurns::finished, this, &GameController::onOpponentFinished);
  // Whatever changed the position, the estimate follows it while it is shown.
  connect(this, &GameController::changed, &m_views, &PositionViews::refreshScoreEstimate);
  connect(&m_views, &PositionViews::estimateChanged, this, &GameController::changed);
  // The analysis too, but queued: a move and the AI's turn it starts are two changes in a row, and the analysis
  // should not start between them only to stop again.
  connect(this, &GameController::changed, &m_views, &PositionViews::refreshAnalysis, Qt::QueuedConnection);
  connect(&m_clock, &GameClock::flagFell, this, &GameController::onFlagFell);
  m_commentSave.setSingleShot(true);
  m_commentSave.setInterval(1000);
  connect(&m_commentSave, &QTimer::timeout, this, &GameController::save);
}

QString GameController::turnText() const {
  const Game& game = m_session.game();
  switch (game.phase()) {
    case Phase::Finished:
      return tr("Game over: %1").arg(resultText(game.result()));
    case Phase::Scoring:
      if (m_estimating) return tr("Scoring: finding the dead stones\u2026");
      return tr("Scoring: %1").arg(resultText(m_session.model().score().result));
    case Phase::Playing:
      break;
  }
  const Color side = game.toMove();
  if (side == m_session.human()) return tr("%1 to move (you)").arg(colorText(side));
  if (thinking()) return tr("%1 is thinking\u2026").arg(colorText(side));
  return tr("%1 to move (%2)").arg(colorText(side), m_ai.opponent().displayName());
}

bool GameController::newGame(const GameSetup& setup) {
  const Result<GameConfig> config = Game::validate(setup.config);
  if (!config) {
    emit message(QString::fromStdString(config.error()));
    return false;
  }
  if (const std::string why = checkTimeControl(setup.timeControl); !why.empty()) {
    emit message(tr("Time control: %1").arg(QString::fromStdString(why)));
    return false;
  }
  cancelWork();
  m_views.newGame();
  m_ai.setOpponent(setup.opponent);
  m_info.clear();
  m_info["DT"] = QDate::currentDate().toString(Qt::ISODate).toStdString();
  m_session = session::Session(config.value(), setup.human);
  m_ai.setHeld(false);
  m_clock.reset(setup.timeControl);
  m_loseOnTime = setup.loseOnTime;
  m_clock.start(m_session.game().toMove());
  m_ai.clearAttempts();
  save();
  m_unsaved = false;
  m_fresh = true;
  m_freshMarks.clear();
  emit changed();
  const QString started = m_session.human() == Color::Black
                              ? tr("New game: %1x%1, %2 rules, komi %3; you play black against %4")
                              : tr("New game: %1x%1, %2 rules, komi %3; you play white against %4");
  // Komi in the person's number format (6,5 in Portuguese).
  emit message(started.arg(m_session.game().size())
                   .arg(rulesText(m_session.game().ruleSet().rules), QLocale().toString(m_session.game().komi()),
                        setup.opponent.displayName()));
  maybeAskAi();
  return true;
}

void GameController::takeGame(session::PlayedRecord played) {
  cancelWork();
  m_views.newGame();
  // The players, the clock's root, RE and XDEAD are read out of the info here and written afresh from the current
  // players and clock (session::writePlayedRecord).
  m_info = std::move(played.record.info);
  m_clock.reset(played.clock.control);
  m_loseOnTime = played.clock.loseOnTime;
  const Color human = played.human.value_or(m_session.human());
  // A model opponent asks the model the record names for the AI's side, as `tengen play --resume` does.
  const std::string recordedModel = played.modelOf(opponent(human));
  m_session = session::Session(std::move(played.record.tree), human);
  // A game the client itself finished by an accepted score: its record ends in two passes (the scoring phase when
  // replayed) and keeps the dead stones that were accepted.
  if (played.acceptedDead && m_session.game().phase() == Phase::Scoring) {
    m_session.setDeadStones(*played.acceptedDead);
    m_session.acceptScore();
  }
  m_ai.setHeld(false);
  if (m_ai.opponent().kind == OpponentKind::Model && !recordedModel.empty() &&
      m_ai.opponent().modelName.toStdString() != recordedModel) {
    OpponentConfig asked = m_ai.opponent();
    asked.modelName = QString::fromStdString(recordedModel);
    m_ai.setOpponent(asked);
  }
  // The clock comes back as the record left it on the line opened: each side's time after its last timed move.
  restoreClock();
  runClock();
  m_ai.clearAttempts();
  emit changed();
  if (m_session.game().phase() == Phase::Scoring) startEstimate();
  maybeAskAi();
}

bool GameController::restoreAutosave(QString* problem) {
  const std::optional<std::string> saved = m_autosave.load();
  if (!saved) return false;
  QString why;
  std::optional<OpenedRecord> loaded = readPlayedRecord(*saved, &why);
  if (!loaded) {
    const QString aside = m_autosave.setAside();
    const QString text = tr("The autosaved game could not be read (%1)%2")
                             .arg(why, aside.isEmpty() ? QString() : tr("; it was kept as %1").arg(aside));
    if (problem != nullptr) *problem = text;
    emit message(text);
    return false;
  }
  takeGame(std::move(loaded->played));
  // Whether it was saved before is not known: it asks before it goes once the player has touched it since.
  m_unsaved = true;
  m_fresh = true;
  m_freshMarks = playerMarks();
  emit message(tr("Restored the last game (%n move(s))", nullptr, session::recordedMoves(m_session.game())));
  return true;
}

QString GameController::openRecord(const QString& path, bool* loaded) {
  if (loaded != nullptr) *loaded = false;
  const Result<sgf::Collection> parsed = sgf::parseFile(path.toStdString());
  if (!parsed) return QString::fromStdString(parsed.error());
  QString why;
  std::optional<OpenedRecord> record = readPlayedRecord(parsed.value(), &why);
  if (!record) return tr("%1: %2").arg(QFileInfo(path).fileName(), why);
  const QString problem = record->problem;
  takeGame(std::move(record->played));
  if (loaded != nullptr) *loaded = true;
  save();
  m_unsaved = false;
  m_fresh = false;
  if (!problem.isEmpty()) return tr("%1: %2").arg(QFileInfo(path).fileName(), problem);
  emit message(
      tr("Opened %1 (%n move(s))", nullptr, session::recordedMoves(m_session.game())).arg(QFileInfo(path).fileName()));
  return {};
}

QString GameController::discardAutosave() {
  stop();
  m_commentSave.stop();
  return m_autosave.remove();
}

std::string GameController::recordText() const {
  std::map<std::string, std::string> info = m_info;
  info["AP"] = "tengen-qt";
  const OpponentConfig& config = m_ai.opponent();
  const session::RecordPlayers players{m_session.human(), config.recordName().toStdString(), config.displaySpec(),
                                       config.modelName.toStdString()};
  return session::writePlayedRecord(m_session.tree(), std::move(info), players, {m_clock.control(), m_loseOnTime});
}

QString GameController::saveRecord(const QString& path) {
  const QString error = writeFileAtomically(path, recordText());
  if (error.isEmpty()) {
    m_unsaved = false;
    m_fresh = false;
  }
  return error;
}

void GameController::save() {
  m_unsaved = true;
  m_commentSave.stop();
  const QString error = m_autosave.save(recordText());
  if (!error.isEmpty()) emit message(tr("Autosave failed: %1").arg(error));
}

void GameController::clickPoint(Point p) {
  // A flag that has fallen ends the game before the move (when losing on time is on).
  m_clock.poll();
  const Game& game = m_session.game();
  const int size = game.size();
  if (game.phase() == Phase::Scoring && m_session.model().atEnd()) {
    if (m_estimating) {
      emit message(tr("Wait a moment: the dead stones are being found"));
      return;
    }
    if (game.ruleSet().rules == Rules::TrompTaylor) {
      emit message(tr("Tromp-Taylor rules score the board as it stands: no stone is taken off"));
      return;
    }
    if (!m_session.toggleDeadChain(p)) {
      emit message(tr("No stone at %1 to mark dead or alive").arg(QString::fromStdString(gtpVertex(p, size))));
      return;
    }
    emit changed();
    // The score that follows is the turn's words in the status bar.
    const QString marked =
        m_session.model().isDead(p) ? tr("The chain at %1 is now dead") : tr("The chain at %1 is now alive");
    emit message(marked.arg(QString::fromStdString(gtpVertex(p, size))));
    return;
  }
  if (game.phase() == Phase::Playing && thinking()) {
    emit message(tr("The AI is thinking: wait for its move or press Esc to stop it"));
    return;
  }
  // Looking back, the move starts a variation there (or follows the one already played).
  const Game& here = m_session.model().view();
  if (here.phase() == Phase::Playing && here.toMove() != m_session.human()) {
    emit message(
        tr("It is %1's turn: ask the AI again (Ctrl+G), change the opponent, or undo").arg(colorText(here.toMove())));
    return;
  }
  if (m_estimating) cancelWork();
  const RejectReason reason = m_session.play(p);
  if (reason != RejectReason::None) {
    emit message(tr("Illegal move %1: %2").arg(QString::fromStdString(gtpVertex(p, size)), reasonText(reason)));
    return;
  }
  afterMove(m_session.model().current().id);
}

void GameController::pass() {
  m_clock.poll();
  if (thinking() || m_session.model().view().phase() != Phase::Playing) {
    emit message(tr("You cannot pass now"));
    return;
  }
  const RejectReason reason = m_session.pass();
  if (reason != RejectReason::None) {
    emit message(tr("You cannot pass now: %1").arg(reasonText(reason)));
    return;
  }
  emit message(tr("You pass"));
  afterMove(m_session.model().current().id);
}

void GameController::resign() {
  if (m_session.game().phase() != Phase::Playing) return;
  cancelWork();
  m_session.resign();
  afterMove(m_session.model().current().id);
}

void GameController::afterMove(session::NodeId played) {
  followClock(played);
  m_ai.setHeld(false);
  save();
  emit changed();
  const Game& game = m_session.game();
  if (game.phase() == Phase::Finished) {
    emit gameEnded(QString::fromStdString(game.result()));
    return;
  }
  if (game.phase() == Phase::Scoring) {
    startEstimate();
    return;
  }
  maybeAskAi();
}

void GameController::maybeAskAi() {
  const Game& game = m_session.game();
  if (!m_session.aiToMove() || thinking() || m_ai.held()) return;
  std::optional<TimeLeft> clock;
  if (m_clock.timed()) clock = m_clock.time(game.toMove());
  m_ai.ask(clock, m_clock.control());
  emit changed();
}

void GameController::askAi() {
  const Game& game = m_session.game();
  if (game.phase() != Phase::Playing) {
    emit message(tr("The game is not in play"));
    return;
  }
  if (game.toMove() == m_session.human()) {
    emit message(tr("It is your turn"));
    return;
  }
  m_ai.setHeld(false);
  maybeAskAi();
}

void GameController::stop() {
  if (!thinking()) return;
  m_ai.cancel();
  m_ai.setHeld(true);
  emit changed();
  emit message(tr("Stopped the AI; ask it again with Ctrl+G, or undo"));
}

void GameController::setOpponent(const OpponentConfig& config) {
  const bool wasThinking = thinking();
  m_ai.setOpponent(config);
  save();
  emit changed();
  emit message(tr("Opponent: %1").arg(config.displayName()));
  if (wasThinking || m_session.game().toMove() != m_session.human()) maybeAskAi();
}

void GameController::onOpponentFinished(const ai::RefereeOutcome& outcome) {
  // A flag that fell while the AI thought on the current line ends the game there before its move.
  m_clock.poll();
  const session::AiTurnResult turn = m_ai.finish(outcome);
  switch (turn.end) {
    case session::AiTurnEnd::GameOver:
    case session::AiTurnEnd::LineGone:  // deleting its line stopped the AI
      return;
    case session::AiTurnEnd::Failed:
      emit changed();
      m_ai.reportFailure(outcome);
      return;
    case session::AiTurnEnd::NoLongerFits:
      emit changed();
      emit message(tr("The AI's move %1 no longer fits the game: %2")
                       .arg(moveText(*outcome.move, m_session.game().size()), reasonText(turn.reason)));
      return;
    case session::AiTurnEnd::Played:
      break;
  }
  const Move move = *outcome.move;
  const QString who = colorText(move.color);
  if (move.kind == MoveKind::Play) {
    emit message(tr("%1 plays %2").arg(who, moveText(move, m_session.game().size())));
  } else if (move.kind == MoveKind::Pass) {
    emit message(tr("%1 passes").arg(who));
  } else {
    emit message(tr("%1 resigns").arg(who));
  }
  if (!turn.onCurrentLine) {
    // A variation chosen meanwhile is not where the AI played: nothing follows there by itself, and the clock,
    // which runs for the current line, records no time on the move.
    save();
    emit changed();
    return;
  }
  afterMove(turn.played);
}

void GameController::followClock(session::NodeId played) {
  const session::TreeNode* node = m_session.tree().find(played);
  if (node != nullptr && node->move && node->move->kind != MoveKind::Resign) {
    const Color mover = node->move->color;
    const TimeLeft left = m_clock.moveMade(mover);
    if (m_clock.timed()) session::setMoveTime(m_session.model().properties(played), mover, left, m_clock.control());
  }
  runClock();
}

void GameController::runClock() {
  const Game& game = m_session.game();
  if (game.phase() == Phase::Playing) {
    m_clock.start(game.toMove());
  } else {
    m_clock.stop();
  }
}

void GameController::restoreClock() {
  const session::LineTimes times = session::lineTimes(m_session.model().lineEnd(), m_clock.control());
  if (times.black) m_clock.setTime(Color::Black, *times.black);
  if (times.white) m_clock.setTime(Color::White, *times.white);
}

void GameController::onFlagFell(Color side) {
  if (m_session.game().phase() != Phase::Playing) return;
  const QString who = colorText(side);
  if (!m_loseOnTime) {
    emit changed();
    emit message(tr("%1's time is up; play goes on (losing on time is off)").arg(who));
    return;
  }
  cancelWork();
  m_session.model().loseOnTime(side);
  m_clock.stop();
  save();
  emit changed();
  emit gameEnded(QString::fromStdString(m_session.game().result()));
  emit message(tr("%1 lost on time").arg(who));
}

// The dead stones proposed after two passes are the session's proposed count (core's reading of the board as
// finished, the count every result comes from, not the engine's estimate of a game in play), worked out off the
// GUI thread.
void GameController::startEstimate() {
  m_estimating = true;
  const unsigned long ticket = ++m_estimateTicket;
  auto game = std::make_shared<const Game>(m_session.game());
  const Mailbox mailbox = m_mailbox;
  GameController* self = this;
  emit changed();
  runDetached([game, mailbox, self, ticket] {
    session::ProposedCount proposed = session::proposeCount(*game);
    mailbox.post([self, ticket, proposed = std::move(proposed), size = game->size()]() mutable {
      if (ticket != self->m_estimateTicket || !self->m_estimating) return;
      self->m_estimating = false;
      self->m_session.setDeadStones(std::move(proposed.dead));
      const std::vector<Point>& seki = proposed.seki;
      emit self->changed();
      emit self->scoringReady();
      const std::size_t count = self->m_session.model().deadStones().size();
      QString text = tr("Two passes. tengen takes %n stone(s) as dead", nullptr, static_cast<int>(count));
      if (!seki.empty()) {
        QStringList points;
        for (const Point& p : seki) points << QString::fromStdString(gtpVertex(p, size));
        text += tr(" (seki: %1)").arg(points.join(QLatin1Char(' ')));
      }
      emit self->message(text + tr(". Click a group to toggle it; Enter accepts"));
    });
  });
}

void GameController::cancelWork() {
  m_ai.cancel();
  m_estimating = false;
  ++m_estimateTicket;
}

void GameController::undo() {
  const Game& game = m_session.game();
  if (game.phase() == Phase::Finished && game.result().ends_with("+T")) {
    emit message(tr("The game was lost on time: start a new game"));
    return;
  }
  const bool wasThinking = thinking();
  cancelWork();
  const int takenBack = m_session.undo();
  m_ai.setHeld(false);
  if (takenBack == 0) {
    emit changed();
    emit message(wasThinking ? tr("Stopped the AI; nothing of yours to take back") : tr("Nothing to undo"));
    if (wasThinking) m_ai.setHeld(true);
    return;
  }
  runClock();
  m_ai.clearAttempts();
  save();
  emit changed();
  emit message(tr("Took back %n move(s)", nullptr, takenBack));
}

void GameController::acceptScore() {
  if (m_session.game().phase() != Phase::Scoring || m_estimating) return;
  m_session.acceptScore();
  m_clock.stop();
  save();
  emit changed();
  emit gameEnded(QString::fromStdString(m_session.game().result()));
  emit message(tr("The score is accepted"));
}

void GameController::resumePlay() {
  if (m_session.game().phase() != Phase::Scoring) return;
  cancelWork();
  m_session.resumePlay();
  m_clock.start(m_session.game().toMove());
  save();
  emit changed();
  emit message(tr("Play resumes"));
  maybeAskAi();
}

void GameController::goTo(int moveNumber) {
  if (!m_session.model().goTo(moveNumber)) return;
  afterNavigation(m_session.model().lineEnd().id);
}

}  // namespace tengen::qt
