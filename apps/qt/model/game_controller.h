// The client's game logic without widgets: the player's clicks and commands, the AI's turns (off the GUI thread),
// the end of the game (the analysis's dead stones, toggling, result), the score estimate and analysis views, SGF
// files and the autosave.
#pragma once

#include <QObject>
#include <QString>
#include <QStringList>
#include <QTimer>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "tengen/ai/referee.h"
#include "tengen/core/analysis.h"
#include "tengen/core/game.h"
#include "tengen/core/types.h"
#include "tengen/session/ai_turn_record.h"
#include "tengen/session/clock_record.h"
#include "tengen/session/game_model.h"
#include "tengen/session/played_record.h"
#include "tengen/session/players.h"
#include "tengen/session/session.h"

#include "model/ai_turns.h"
#include "model/analysis_runner.h"
#include "model/autosave.h"
#include "model/background.h"
#include "model/clock.h"
#include "model/opponent_runner.h"
#include "model/position_views.h"
#include "model/settings.h"

namespace tengen::qt {

struct ControllerOptions {
  QString autosavePath;     // "" turns autosaving off
  QString errorLogPath;     // "" writes no error log
  OpponentConfig opponent;  // until a new game or setOpponent says otherwise
  // The clocks' time; nullptr for the steady clock. Must outlive the controller.
  const session::TimeSource* timeSource = nullptr;
  // Where the analysis view's search stops growing (tests lower it).
  long analysisPlayouts = AnalysisRunner::kMaxPlayouts;
};

class GameController : public QObject {
  Q_OBJECT

 public:
  explicit GameController(const ControllerOptions& options, QObject* parent = nullptr);
  // Saves a comment still waiting for its autosave.
  ~GameController() override;

  const session::GameModel& model() const { return m_session.model(); }
  const session::Session& session() const { return m_session; }
  Color human() const { return m_session.human(); }
  Color aiColor() const { return m_session.aiColor(); }
  // The AI's side: its opponent, whether it thinks or waits, the GTP traffic, what it saw per move.
  const AiTurns& ai() const { return m_ai; }
  AiTurns& ai() { return m_ai; }
  // Whether the dead stones proposed after two passes are still being worked out.
  bool estimating() const { return m_estimating; }

  // The score estimate and the analysis view of the position looked at.
  PositionViews& views() { return m_views; }
  const PositionViews& views() const { return m_views; }
  const Autosave& autosave() const { return m_autosave; }
  // Both sides' clocks (docs/client.md), running for the side to move while the game is in play.
  const GameClock& clock() const { return m_clock; }
  bool loseOnTime() const { return m_loseOnTime; }

  // "Black to move (you)", "White is thinking…", "Scoring: B+3.5", "Game over: W+R".
  QString turnText() const;

  // Starts a game (the AI moves at once when it has the first move). False, with a message, for a config the
  // rules refuse.
  bool newGame(const GameSetup& setup);
  // Brings back the autosaved game; false when there is none or it cannot be read (then *problem, when given,
  // says why and where the unreadable file was kept).
  bool restoreAutosave(QString* problem = nullptr);
  // Opens an SGF file; "" on success, else why not (a record with an illegal move is loaded up to it and the
  // answer says where it stopped). *loaded, when given, says whether the file's game replaced the one in play.
  QString openRecord(const QString& path, bool* loaded = nullptr);
  // Forgets the autosaved game, so that the next start begins a new one (the player discarded it on closing); the
  // AI is stopped and a comment waiting for its autosave is dropped. "" or why the file could not be deleted.
  QString discardAutosave();
  // Writes the record as SGF; "" or why not. Once written, the record counts as saved (unsaved() is false).
  QString saveRecord(const QString& path);
  // Whether the record has changed since it was last saved or opened (the autosave does not count), so that
  // discarding it would lose something. A new game, and the autosaved game brought back, count only once the
  // player has moved or commented in them.
  bool unsaved() const;
  // The record as SGF text.
  std::string recordText() const;

  // A click on a point of the board: a move when it is the player's turn, a dead/alive toggle while scoring.
  void clickPoint(Point p);
  void pass();
  void resign();
  // Takes back the player's last move and the AI's reply; stops the AI first if it is thinking.
  void undo();
  // Stops the AI thinking; its answer is dropped and it waits to be asked again.
  void stop();
  // Asks the AI for its move now (after a failure or a stop).
  void askAi();
  // Another opponent for the rest of the game.
  void setOpponent(const OpponentConfig& config);
  // Ends a game being scored with the dead stones shown.
  void acceptScore();
  // Back to play from scoring.
  void resumePlay();

  // Navigation through the record; nothing is lost.
  void goTo(int moveNumber);
  void back() { goTo(model().viewMove() - 1); }
  void forward() { goTo(model().viewMove() + 1); }
  void first() { goTo(0); }
  void last() { goTo(model().game().moveCount()); }

  // The game tree (game_controller_tree.cpp): looking at any node, switching between variations (up and down),
  // making a variation the main line, deleting a branch, and the comment of the node looked at. Each but the
  // navigation is autosaved.
  void goToNode(session::NodeId id);
  void previousVariation();
  void nextVariation();
  void promoteVariation();
  // Deletes the node looked at and everything below it (the window asks first when that is more than one move).
  void deleteBranch();
  // Stores the comment on the node looked at; the autosave follows a moment later, once typing pauses.
  void setComment(const QString& text);

 signals:
  // Anything shown changed: position, view, phase, dead stones, thinking.
  void changed();
  // A line for the status bar: an illegal click's reason, what the AI played, where the view is.
  void message(const QString& text);
  // The game ended with this result in the record's form ("B+R", "W+3.5"; resignation, time or accepted score).
  void gameEnded(const QString& result);
  // The dead-stone estimate is in; scoring can start.
  void scoringReady();

 private:
  bool thinking() const { return m_ai.thinking(); }
  void takeGame(session::PlayedRecord played);
  // After the view moved: the status line, the clock, and the dead stones of a line in the scoring phase it moved
  // to.
  void afterNavigation(session::NodeId lineEndBefore);
  // After the move of node `played` (a resignation too): the clock, the autosave, the end of the game or the AI.
  void afterMove(session::NodeId played);
  // The clock after the move of node `played`: the mover's time is recorded on the node, and the clock runs for the
  // side to move at the end of the current line.
  void followClock(session::NodeId played);
  // The clock runs for the side to move at the end of the current line while its game is in play, else stops.
  void runClock();
  // Both sides' times as the nodes of the current line recorded them (the whole time before a side's first move).
  void restoreClock();
  void onFlagFell(Color side);
  void maybeAskAi();
  void onOpponentFinished(const ai::RefereeOutcome& outcome);
  void startEstimate();
  void cancelWork();
  void save();
  // What the player has put in the tree: the nodes of their moves and every comment, as one text. A game the AI
  // alone has played in has none.
  std::string playerMarks() const;

  ControllerOptions m_options;
  // The game being played: tree, view, the person's colour, the AI's turn, the count.
  session::Session m_session{GameConfig{}, Color::Black};
  AiTurns m_ai;
  Autosave m_autosave;
  bool m_estimating = false;
  unsigned long m_estimateTicket = 0;
  PositionViews m_views;
  // Root properties read from an opened record (event, date, ...), kept when it is saved again.
  std::map<std::string, std::string> m_info;
  session::SteadyTimeSource m_steadyTime;
  GameClock m_clock;
  bool m_loseOnTime = true;
  // Autosaves a comment being typed once typing pauses, not at every key.
  QTimer m_commentSave;
  Mailbox m_mailbox;
  // Changed since the last explicit save or open; set by every autosave, since every change is autosaved.
  bool m_unsaved = false;
  // A new or restored game: unsaved() also asks whether the player has touched it since it was taken up, that is
  // whether playerMarks() differ from what they were then (nothing for a new game, the record's for a restored one).
  bool m_fresh = true;
  std::string m_freshMarks;
};

}  // namespace tengen::qt
