// The two views of the position looked at that the client works out on its own, whoever the opponent: the score
// estimate and the analysis of the built-in engine. Both follow the view of the game (refresh after every change)
// and work off the GUI thread. The controller owns them (GameController::views()).
#pragma once

#include <QObject>
#include <QString>
#include <cstdint>
#include <functional>
#include <optional>
#include <tuple>

#include "tengen/core/analysis.h"
#include "tengen/core/game.h"
#include "tengen/core/types.h"
#include "tengen/session/game_model.h"

#include "model/analysis_runner.h"
#include "model/background.h"

namespace tengen::qt {

class PositionViews : public QObject {
  Q_OBJECT

 public:
  // `model` is the game whose view is judged and `thinking` says whether the AI is thinking now; both must outlive
  // the views. The analysis's search stops growing at `maxPlayouts`.
  PositionViews(const session::GameModel& model, std::function<bool()> thinking, long maxPlayouts,
                QObject* parent = nullptr);

  // Another game was taken up: the same position in it is another position.
  void newGame() { ++m_gameSerial; }

  // The score estimate view: the judgment (tengen/engine/judgment.h) of the position being looked at, kept up to
  // date while it is shown: the built-in engine's estimate of a position in play (final false), core's count of one
  // ended by two passes (final true), and for a game ended by resignation or on time its result with the judgment of
  // the position as it stood (final true). Nothing while it is off or still being worked out for a new position.
  void setScoreEstimateShown(bool on);
  bool scoreEstimateShown() const { return m_estimateShown; }
  const std::optional<Analysis>& scoreEstimate() const { return m_scoreEstimate; }
  // "Estimate: B+3.5", "Score: W+12.5" (a finished position; "Score: B+R" after a resignation), "" while it is off
  // or being worked out. With an external engine that gives the ownership and the score (kata-analyze), the estimate
  // of a position in play shades its ownership, and reads "Estimate (katago): B+3.5" from its score.
  QString scoreEstimateText() const;

  // The analysis view: the built-in engine's best moves for the position looked at, from a search that grows on a
  // worker thread (AnalysisRunner) while that position is in play and the AI is not thinking. It starts again when
  // the position looked at changes and stops when the view is turned off, when the AI starts thinking, when the
  // position is being scored or over, and at the playout limit.
  void setAnalysisShown(bool on);
  bool analysisShown() const { return m_analysisShown; }
  // The latest report of the search of the position looked at: at most AnalysisRunner::kMaxCandidates candidates,
  // the most visited first. Null while the view is off or stopped, and before the first report of a position.
  const SearchReport* analysis() const;
  // Whether the analysis's search is growing now.
  bool analysing() const { return m_analysis.running(); }
  // "Analysis: D4 54.3%, 12,345 playouts" (the best candidate, its winning rate for the side to move),
  // "Analysis: paused while the AI thinks", "Analysing…"; "" while it is off or the position is not in play. From an
  // external engine, "Analysis by leelaz: D4 54.3%, 1,234 visits", and "Analysis: starting leelaz…" until it has
  // answered its handshake.
  QString analysisText() const;

  // Who analyses: the external GTP engine started from `commandLine` (AnalysisRunner::setEngine), or the built-in
  // engine when it is empty. The analysis under way starts again.
  void setAnalysisEngine(const QString& commandLine);
  // Turns the analysis off and ends the external engine without waiting for it (AnalysisRunner::releaseEngine): the
  // window closes.
  void releaseAnalysisEngine();
  // What the player should know about the external engine's analysis: that its engine gives no ownership and score
  // (Leela Zero's lz-analyze), so the score estimate stays the built-in engine's; or that the built-in engine
  // analyses this position, and why (the engine refused the board size, could not be started...). "" when there is
  // nothing to say: the built-in engine is chosen, the view is off, or the engine gives everything.
  QString analysisNote() const;
  // The program's name of the external engine ("leelaz"); "" for the built-in engine.
  QString analysisEngineName() const;

  // After any change of the game, the view or the AI's thinking: works out what is shown again when its position
  // changed.
  void refreshScoreEstimate();
  void refreshAnalysis();

 signals:
  // The score estimate changed (or was turned off).
  void estimateChanged();
  // The analysis view has a new report, or started, stopped or paused: analysis() and analysisText() changed.
  void analysisChanged();

 private:
  void startScoreEstimate();
  // The position looked at, as the analysis tells positions apart: the game, the node, the board and the side to
  // move.
  using AnalysisKey = std::tuple<unsigned long, session::NodeId, std::uint64_t, Color>;
  AnalysisKey shownAnalysisKey() const;

  const session::GameModel& m_model;
  std::function<bool()> m_thinking;
  long m_maxPlayouts;
  // Counts the games taken up (new, opened, restored), so that the same position of another game is another.
  unsigned long m_gameSerial = 0;
  bool m_estimateShown = false;
  // The position the score estimate is for (game, board hash, side to move, phase, move looked at, moves in the
  // line); the estimate is worked out again only when it changes.
  std::optional<std::tuple<unsigned long, std::uint64_t, Color, Phase, int, int>> m_estimateKey;
  std::optional<Analysis> m_scoreEstimate;
  unsigned long m_scoreEstimateTicket = 0;
  // A judgment is being worked out (for this ticket or an earlier one).
  bool m_scoreEstimateRunning = false;
  // The score estimate with the external engine's ownership and score over it, when its latest report of the
  // position looked at carries them (kata-analyze).
  void overlayEngineEstimate();

  bool m_analysisShown = false;
  QString m_analysisEngine;
  // The score estimate's ownership and score are the external engine's (overlayEngineEstimate).
  bool m_estimateFromEngine = false;
  AnalysisRunner m_analysis;
  // The position being analysed (game, node looked at, board hash, side to move); nothing while none is.
  std::optional<AnalysisKey> m_analysisKey;
  Mailbox m_mailbox;
};

}  // namespace tengen::qt
