// The AI's side of the client's game: the opponent and its runner off the GUI thread, whether the AI waits to be
// asked again, the GTP traffic it sees, and what the AI saw per move. The session (tengen/session/session.h) decides
// where an answer goes; this part asks, reports each attempt as it comes, and hands the referee's outcome to the
// session. The controller owns it (GameController::ai()) and gives it its commands.
#pragma once

#include <QObject>
#include <QString>
#include <QStringList>
#include <optional>

#include "tengen/ai/referee.h"
#include "tengen/core/game.h"
#include "tengen/core/time_control.h"
#include "tengen/session/ai_turn_record.h"
#include "tengen/session/session.h"

#include "model/opponent_config.h"
#include "model/opponent_runner.h"

namespace tengen::qt {

class AiTurns : public QObject {
  Q_OBJECT

 public:
  // `session` must outlive this. Failed turns are logged to `errorLogPath` ("" writes no error log).
  AiTurns(session::Session& session, const OpponentConfig& opponent, QString errorLogPath, QObject* parent = nullptr);

  const OpponentConfig& opponent() const { return m_runner.opponent(); }
  bool thinking() const { return m_runner.busy(); }
  // Whether the AI waits to be asked again (after a failure or a stop) rather than moving by itself.
  bool held() const { return m_held; }
  // The raw GTP lines exchanged with GTP engine opponents since the client started, oldest first ("> " before
  // what tengen sent, "< " before the engine's), the latest kGtpTrafficKept of them.
  const QStringList& gtpTraffic() const { return m_gtpTraffic; }
  static constexpr int kGtpTrafficKept = 5000;

  // What the AI saw and answered for the move of node `id`, as kept in the record; nothing for a player's move, a
  // move from an opened file that has no such record, or a record that cannot be read.
  std::optional<session::AiTurnRecord> aiTurnAt(session::NodeId id) const;
  // The position the AI was asked about for the move of node `id` (the game before it). Precondition: a move node.
  Game positionBefore(session::NodeId id) const;

  // The commands the console sends to a GTP engine: those that leave its game as it is.
  static const QStringList& readOnlyGtpCommands();
  // More commands the console may send: the engine's own read-only ones, as the person listed them.
  void setExtraConsoleCommands(const QStringList& words) { m_extraConsoleCommands = words; }
  // A command typed in the console for the GTP engine opponent, in the session's current position; its answer
  // shows in the traffic. "" when it was sent, else why it was not (a command that could change the engine's game,
  // the AI thinking, an opponent that is not a GTP engine, an engine that could not be started).
  QString typeCommand(const QString& line);

  // The controller's commands. Another opponent from now on (what is being asked is dropped).
  void setOpponent(const OpponentConfig& config);
  // Asks the AI about the end of the session's current line (Session::beginAiTurn); the attempts panel empties.
  void ask(std::optional<TimeLeft> clock, const TimeControl& control);
  // Drops what is being asked, if anything; whether the AI is then held is `hold`.
  void cancel() { m_runner.cancel(); }
  void setHeld(bool held) { m_held = held; }
  // A new AI turn begins elsewhere (a new game, an undo): the attempts panel empties.
  void clearAttempts() { emit attemptsCleared(); }
  // The referee's outcome of the turn asked: reported in full (attemptsFinal), played by the session where it was
  // asked (with what the AI saw), the AI held when it found no move or its move no longer fits. What follows is the
  // controller's to say; for a failure it calls reportFailure() once the window has been told of the change.
  session::AiTurnResult finish(const ai::RefereeOutcome& outcome);
  void reportFailure(const ai::RefereeOutcome& outcome);

 signals:
  // The runner's outcome of the turn asked, for the controller (which calls finish()).
  void finished(const ai::RefereeOutcome& outcome);
  // A new AI turn begins: the attempts panel empties.
  void attemptsCleared();
  // The AI is about to be asked (attempt n).
  void asking(int attemptNumber);
  // An attempt as soon as the referee has judged it.
  void attemptReported(const QString& line);
  // The referee's verdicts for the finished turn (the live lines again, as the outcome records them).
  void attemptsFinal(const QStringList& lines);
  // The AI gave no move, for the reason `why`; the game is as it was.
  void aiFailed(const QString& error, const QString& logId, tengen::qt::AiFailure why);
  // A raw GTP line, as gtpTraffic() words it.
  void gtpTrafficLine(const QString& line);

 private:
  session::Session& m_session;
  QString m_errorLogPath;
  OpponentRunner m_runner;
  QStringList m_extraConsoleCommands;
  bool m_held = false;
  QStringList m_gtpTraffic;
};

}  // namespace tengen::qt
