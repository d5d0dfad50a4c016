// The game as the client holds it: the whole record (a tengen::Game), the move being looked at, and in the scoring
// phase the stones taken as dead. No Qt widgets, no AI: the controller drives it and tests use it directly.
#pragma once

#include <cstddef>
#include <vector>

#include "tengen/core/game.h"
#include "tengen/core/types.h"

namespace tengen::qt {

// The row-major index of a point, as Score::owner and GameModel::moveNumbers() are laid out.
inline std::size_t pointIndex(Point p, int size) {
  return static_cast<std::size_t>(p.row) * static_cast<std::size_t>(size) + static_cast<std::size_t>(p.col);
}

class GameModel {
 public:
  explicit GameModel(const GameConfig& config = {});
  // Takes over a game already played (a record read from SGF or the autosave); the view is at its end.
  explicit GameModel(Game game);

  // The whole record, whatever is being looked at.
  const Game& game() const { return m_game; }
  // The position after viewMove() moves; equal to game() when atEnd().
  const Game& view() const { return atEnd() ? m_game : m_view; }
  int viewMove() const { return m_viewMove; }
  bool atEnd() const { return m_viewMove == m_game.moveCount(); }

  // Looks at the position after n moves (clamped to 0..moveCount()); the record itself is kept. True when the view
  // moved.
  bool goTo(int n);

  // Plays a move at the end of the record; answers the rules' reason and changes nothing when it is illegal. The
  // view follows the move when it was at the end, else it stays where it was (the AI's move while looking back).
  RejectReason play(const Move& move);

  // Ends the game by `player`'s resignation, on either side's turn (a person need not wait to give up).
  // Precondition: the game is in play.
  void resign(Color player);

  // Ends the game in play as lost on time by `player` ("W+T"/"B+T"); the view goes to the end.
  void loseOnTime(Color player);

  // Takes back `player`'s last move and everything played after it (the opponent's reply), so that it is that
  // player's turn again. Answers how many moves went; 0 when the player has made none.
  int undoLastMoveOf(Color player);

  // Scoring phase: the stones taken as dead. Replacing them is allowed only in the scoring phase.
  const std::vector<Point>& deadStones() const { return m_dead; }
  void setDeadStones(std::vector<Point> dead);
  bool isDead(Point p) const;
  // Marks the chain at p dead when any of it is alive, alive otherwise. False when there is no stone at p or the
  // game is not being scored.
  bool toggleDeadChain(Point p);
  // The score with the current dead stones.
  Score score() const { return m_game.score(m_dead); }
  // Ends the game with the current dead stones. Precondition: the scoring phase.
  void finishScoring();
  // Back to play from the scoring phase; the dead stones are forgotten.
  void resumePlay();

  // Per point (row-major) of view(): the number of the move that put the stone there, 0 when the stone is a
  // setup stone or the point is empty.
  std::vector<int> moveNumbers() const;
  // The last move of view(), if any.
  const Move* lastMove() const;

 private:
  void refreshView();

  Game m_game;
  // A copy of the record cut to m_viewMove moves, kept only while looking back.
  Game m_view;
  int m_viewMove = 0;
  std::vector<Point> m_dead;
};

}  // namespace tengen::qt
