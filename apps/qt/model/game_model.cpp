#include "model/game_model.h"

#include <algorithm>
#include <utility>

namespace tengen::qt {

GameModel::GameModel(const GameConfig& config) : m_game(config), m_view(config) {}

GameModel::GameModel(Game game) : m_game(std::move(game)), m_view(m_game.config()), m_viewMove(m_game.moveCount()) {}

bool GameModel::goTo(int n) {
  n = std::clamp(n, 0, m_game.moveCount());
  if (n == m_viewMove) return false;
  m_viewMove = n;
  refreshView();
  return true;
}

void GameModel::refreshView() {
  if (atEnd()) return;
  m_view = m_game;
  m_view.undoTo(m_viewMove);
}

RejectReason GameModel::play(const Move& move) {
  const bool following = atEnd();
  const RejectReason reason = m_game.play(move);
  if (reason == RejectReason::None) {
    // A player looking back while the AI thought keeps looking there; the cut copy of the record is still right.
    if (following) m_viewMove = m_game.moveCount();
    m_dead.clear();
  }
  return reason;
}

void GameModel::resign(Color player) {
  m_game.setStrictTurn(false);
  m_game.play(Move::resign(player));
  m_game.setStrictTurn(true);
  m_viewMove = m_game.moveCount();
  m_dead.clear();
}

void GameModel::loseOnTime(Color player) {
  m_game.loseOnTime(player);
  m_viewMove = m_game.moveCount();
  m_dead.clear();
}

int GameModel::undoLastMoveOf(Color player) {
  const std::vector<Move>& moves = m_game.moves();
  const auto lastOwn = std::find_if(moves.rbegin(), moves.rend(), [&](const Move& m) { return m.color == player; });
  if (lastOwn == moves.rend()) return 0;
  const int keep = static_cast<int>(moves.rend() - lastOwn) - 1;
  const int takenBack = m_game.moveCount() - keep;
  m_game.undoTo(keep);
  m_viewMove = keep;
  m_dead.clear();
  return takenBack;
}

void GameModel::setDeadStones(std::vector<Point> dead) {
  if (m_game.phase() != Phase::Scoring) return;
  // Only stones can be dead; an estimate made for another position must not mark empty points.
  dead.erase(std::remove_if(dead.begin(), dead.end(), [&](Point p) { return !isPlayer(m_game.board().at(p)); }),
             dead.end());
  m_dead = std::move(dead);
}

bool GameModel::isDead(Point p) const { return std::find(m_dead.begin(), m_dead.end(), p) != m_dead.end(); }

bool GameModel::toggleDeadChain(Point p) {
  if (m_game.phase() != Phase::Scoring) return false;
  const std::vector<Point> chain = m_game.chainAt(p);
  if (chain.empty()) return false;
  const bool nowDead = !std::all_of(chain.begin(), chain.end(), [&](Point q) { return isDead(q); });
  m_dead.erase(std::remove_if(m_dead.begin(), m_dead.end(),
                              [&](Point q) { return std::find(chain.begin(), chain.end(), q) != chain.end(); }),
               m_dead.end());
  if (nowDead) m_dead.insert(m_dead.end(), chain.begin(), chain.end());
  return true;
}

void GameModel::finishScoring() {
  m_game.finish(m_dead);
  m_viewMove = m_game.moveCount();
}

void GameModel::resumePlay() {
  m_game.resumePlay();
  m_dead.clear();
  m_viewMove = m_game.moveCount();
}

std::vector<int> GameModel::moveNumbers() const {
  const Game& shown = view();
  const int size = shown.size();
  std::vector<int> numbers(static_cast<std::size_t>(size * size), 0);
  const std::vector<Move>& moves = shown.moves();
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (moves[i].kind != MoveKind::Play) continue;
    const Point p = moves[i].point;
    numbers[pointIndex(p, size)] = static_cast<int>(i) + 1;
  }
  // A number whose stone was captured and not replaced would mislead.
  for (int row = 0; row < size; ++row) {
    for (int col = 0; col < size; ++col) {
      const Point p{row, col};
      if (!isPlayer(shown.board().at(p))) numbers[pointIndex(p, size)] = 0;
    }
  }
  return numbers;
}

const Move* GameModel::lastMove() const {
  const Game& shown = view();
  return shown.moves().empty() ? nullptr : &shown.moves().back();
}

}  // namespace tengen::qt
