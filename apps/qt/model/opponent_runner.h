// Asks the opponent for a move through the referee, off the GUI thread, and reports every attempt as it happens.
#pragma once

#include <QObject>
#include <QString>
#include <memory>
#include <optional>
#include <stop_token>
#include <string>

#include "tengen/ai/move_source.h"
#include "tengen/ai/referee.h"
#include "tengen/core/game.h"
#include "tengen/sources/make_source.h"

#include "model/background.h"
#include "model/opponent_config.h"

namespace tengen::qt {

// Why an AI turn gave no move, as the window titles it.
enum class AiFailure {
  None,
  NoLegalMove,  // the AI answered, and nothing it said was legal within its attempts
  Unreachable,  // a model or server could not be reached, or the engine stopped answering during the game
  NotStarted,   // a GTP engine could not be started or did not answer its handshake
  Unusable,     // the opponent's settings cannot make an opponent (a key the engine does not take, a bad URL)
};

// One line of the attempts panel: "attempt 2: Q16 rejected (ko repetition: recreates an earlier position)".
QString attemptText(const ai::Attempt& attempt);

class OpponentRunner : public QObject {
  Q_OBJECT

 public:
  explicit OpponentRunner(QObject* parent = nullptr);
  ~OpponentRunner() override;

  // The opponent for the next request; one already thinking carries on with the old one but its answer is dropped.
  // errorLogPath receives a record for every failed move (docs/error-log.md, source "qt").
  void setOpponent(const OpponentConfig& config, const QString& errorLogPath);
  const OpponentConfig& opponent() const { return m_config; }

  // A GTP command the person typed (the console), sent on this thread to the engine, which is started first when
  // it is not running: the engine's answer ("= ..." or "? ..."), also in the traffic. Refused while a move is asked.
  Result<std::string> typedCommand(const Game& game, const std::string& line);

  // Starts asking for a move by `color` in a copy of `game`, with the mover's clock and the game's time control
  // when it is timed (every attempt of the move gets them). Precondition: !busy().
  void request(const Game& game, Color color, const std::optional<TimeLeft>& clock = std::nullopt,
               const TimeControl& timeControl = {});
  // Forgets the request in flight: its attempts and outcome are dropped when they arrive, and the referee asks the
  // opponent nothing more. The request already out is given up: the built-in engine's search ends within a playout,
  // a model or tengen server's request within about a second; a GTP engine's move is left to finish on the worker's
  // thread with the opponent it took along. The next request makes a fresh one. Destroying the runner does the same.
  void cancel();
  bool busy() const { return m_busy; }
  // Why the last request delivered gave no move (AiFailure::None when it gave one).
  AiFailure lastFailure() const { return m_lastFailure; }

 signals:
  // Before each request to the opponent.
  void asking(int attemptNumber);
  // Each attempt as soon as the referee has judged it, as attemptText words it.
  void attemptMade(const QString& line);
  // A raw line of the GTP protocol between tengen and a GTP engine opponent: `sent` by tengen, else the engine's.
  void gtpTraffic(bool sent, const QString& line);
  // The referee's outcome: the move, or why there is none (with its error-log record).
  void finished(const tengen::ai::RefereeOutcome& outcome);

 private:
  // The opponent's options, with its GTP traffic sent to gtpTraffic from whatever thread it happens on.
  sources::SourceOptions sourceOptions();
  void deliver(std::unique_ptr<ai::MoveSource> source, unsigned long sourceGeneration,
               const ai::RefereeOutcome& outcome, AiFailure failure);

  OpponentConfig m_config;
  QString m_errorLogPath;
  // The opponent between requests; a request takes it to its worker and gives it back with the outcome. Made on
  // the worker the first time (starting a GTP engine can take seconds).
  std::unique_ptr<ai::MoveSource> m_source;
  unsigned long m_sourceGeneration = 0;  // bumped when the opponent changes, so an old one is not handed back
  unsigned long m_ticket = 0;            // the request whose reports are wanted; bumped by cancel()
  // The stop flag of the request in flight, shared with its worker's referee; set by cancel().
  std::stop_source m_stop;
  bool m_busy = false;
  AiFailure m_lastFailure = AiFailure::None;
  Mailbox m_mailbox;
};

}  // namespace tengen::qt
