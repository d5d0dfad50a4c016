// The game a person plays against an AI, whichever front end shows it (the terminal's `tengen play`, the Qt
// client): the game tree with the line being looked at (GameModel), which colour the person has, the person's
// moves and undo, the AI's turn as the referee decided it, and the count after two passes with its dead stones.
// It holds no opponent: the terminal hands it the source to ask through the referee (playAiTurn), the client runs
// the referee off its GUI thread and hands the outcome back (beginAiTurn, finishAiTurn). No UI and no threads
// (docs/architecture.md).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tengen/ai/move_source.h"
#include "tengen/ai/referee.h"
#include "tengen/core/game.h"
#include "tengen/core/types.h"
#include "tengen/session/ai_turn_record.h"
#include "tengen/session/game_model.h"
#include "tengen/session/game_tree.h"

namespace tengen::session {

// What the person chooses after the AI's last failed attempt, or when its engine could not be reached.
enum class FailureChoice {
  AskAgain,        // ask the same opponent again
  ChangeOpponent,  // another ENGINE spec for the rest of the game
  Quit,            // leave the game as it is (it stays saved)
};

// "ask", "ask again", "again", "a", "retry" -> AskAgain; "change", "change opponent", "opponent", "c" ->
// ChangeOpponent; "quit", "q", "exit" -> Quit; case and surrounding blanks do not matter. Nothing for anything else.
std::optional<FailureChoice> parseFailureChoice(std::string_view text);

// Where the AI's answer went (Session::finishAiTurn).
enum class AiTurnEnd {
  Played,        // its move is in the tree, after the node it was asked about
  Failed,        // no move: the outcome's error says why; the game is as it was
  GameOver,      // the line it was asked about is no longer in play there (a flag fell meanwhile): nothing played
  LineGone,      // the node it was asked about was deleted meanwhile: nothing played
  NoLongerFits,  // the game changed under the request and the rules refuse the move there now
};

struct AiTurnResult {
  AiTurnEnd end = AiTurnEnd::Failed;
  // The node of the move played (Played only).
  NodeId played = 0;
  // Whether the move was played at the end of the line looked at (else on a line left meanwhile). Played only.
  bool onCurrentLine = false;
  // Why the rules refused the move (NoLongerFits only).
  RejectReason reason = RejectReason::None;
};

// The count core proposes for a game ended by two passes (the end of `game`'s line in the scoring phase): the stones
// its analysis of the board as finished takes as dead, and the seki points a front end shows. It only reads the
// game, so a front end may work it out on another thread and hand it to Session::setDeadStones.
struct ProposedCount {
  std::vector<Point> dead;
  std::vector<Point> seki;
};
ProposedCount proposeCount(const Game& game);

class Session {
 public:
  // A new game under `config` (which Game::validate has accepted).
  Session(const GameConfig& config, Color human);
  // A game taken over from a record or the autosave; the view is at the end of its main line.
  Session(GameTree tree, Color human);

  Session(Session&&) noexcept = default;
  Session& operator=(Session&&) noexcept = default;

  // The tree, the line and the view: navigation, variations, comments, dead stones.
  const GameModel& model() const { return m_model; }
  GameModel& model() { return m_model; }
  // The current line played to its end.
  const Game& game() const { return m_model.game(); }
  const GameTree& tree() const { return m_model.tree(); }

  Color human() const { return m_human; }
  Color aiColor() const { return opponent(m_human); }
  // Another colour for the person (a record that names the human player); the tree is unchanged.
  void setHuman(Color human) { m_human = human; }

  // The person's move at the node looked at: a new variation there when looking back, or the move already played
  // there. Refused with WrongColor when it is not the person's turn there, else with the rules' reason.
  RejectReason play(Point p) { return personMoves(Move::play(m_human, p)); }
  RejectReason pass() { return personMoves(Move::pass(m_human)); }
  // The person gives up, on either side's turn, at the end of the current line. Precondition: it is in play.
  void resign();
  // Takes back the person's last move of the current line and everything after it (the AI's reply), so that it
  // is the person's turn again. Answers how many moves went; 0 when the person has made none.
  int undo() { return m_model.undoLastMoveOf(m_human); }

  // Whether the end of the current line is in play with the AI to move.
  bool aiToMove() const;
  // The AI is about to be asked about the end of the current line: that node is remembered, and its game is the
  // one to ask about (with game().toMove() the colour to ask for).
  const Game& beginAiTurn();
  // The node the AI was last asked about.
  NodeId askedAt() const { return m_askedAt; }
  // The referee's outcome for the node of beginAiTurn(): its move played there (the view follows only when it was
  // looking there), with what the AI saw kept on the move's node when `seen` is given (not for a resignation,
  // which has no node in SGF).
  AiTurnResult finishAiTurn(const ai::RefereeOutcome& outcome, const AiTurnRecord* seen);

  // The whole turn for a front end that waits for the answer (the terminal): beginAiTurn(), `source` asked through
  // the referee now, and finishAiTurn() with what the AI saw (`seen` names the opponent and its coordinates; the
  // attempts are the outcome's). The client asks off its GUI thread instead, between the two halves.
  struct AiTurn {
    ai::RefereeOutcome outcome;
    AiTurnResult result;
  };
  AiTurn playAiTurn(ai::MoveSource& source, const ai::RefereeOptions& referee, AiTurnRecord seen);

  // The count after two passes (the end of the current line in the scoring phase): dead stones proposed by core's
  // analysis of the board as finished, toggled by the person, then accepted or play resumed.
  // Marks the stones proposeCount() takes as dead; answers the seki points, for the front end to show.
  std::vector<Point> proposeDeadStones();
  // Takes `dead` as the dead stones (a proposed count worked out elsewhere, or the ones a record accepted); only
  // stones count, and nothing changes outside the scoring phase.
  void setDeadStones(std::vector<Point> dead) { m_model.setDeadStones(std::move(dead)); }
  bool toggleDeadChain(Point p) { return m_model.toggleDeadChain(p); }
  Score score() const { return m_model.score(); }
  void acceptScore() { m_model.finishScoring(); }
  void resumePlay() { m_model.resumePlay(); }

 private:
  RejectReason personMoves(const Move& move);

  GameModel m_model;
  Color m_human;
  NodeId m_askedAt = 0;
};

}  // namespace tengen::session
