#include "tengen/session/session.h"

#include <utility>

#include "tengen/core/analysis.h"
#include "tengen/core/text.h"

namespace tengen::session {

std::optional<FailureChoice> parseFailureChoice(std::string_view text) {
  const std::string word = asciiLower(trim(text));
  if (word == "ask" || word == "again" || word == "ask again" || word == "a" || word == "retry") {
    return FailureChoice::AskAgain;
  }
  if (word == "change" || word == "c" || word == "opponent" || word == "change opponent") {
    return FailureChoice::ChangeOpponent;
  }
  if (word == "quit" || word == "q" || word == "exit") return FailureChoice::Quit;
  return std::nullopt;
}

Session::Session(const GameConfig& config, Color human) : m_model(config), m_human(human) {}

Session::Session(GameTree tree, Color human) : m_model(std::move(tree)), m_human(human) {}

RejectReason Session::personMoves(const Move& move) {
  const Game& here = m_model.view();
  if (here.phase() == Phase::Playing && here.toMove() != m_human) return RejectReason::WrongColor;
  return m_model.playHere(move);
}

void Session::resign() {
  m_model.goTo(m_model.game().moveCount());
  m_model.resign(m_human);
}

bool Session::aiToMove() const {
  const Game& line = m_model.game();
  return line.phase() == Phase::Playing && line.toMove() != m_human;
}

const Game& Session::beginAiTurn() {
  m_askedAt = m_model.lineEnd().id;
  return m_model.game();
}

AiTurnResult Session::finishAiTurn(const ai::RefereeOutcome& outcome, const AiTurnRecord* seen) {
  AiTurnResult result;
  const TreeNode* asked = m_model.tree().find(m_askedAt);
  if (asked == nullptr) {
    result.end = AiTurnEnd::LineGone;
    return result;
  }
  const bool atLineEnd = m_model.lineEnd().id == m_askedAt;
  if ((atLineEnd ? m_model.game() : m_model.tree().gameAt(*asked)).phase() != Phase::Playing) {
    result.end = AiTurnEnd::GameOver;
    return result;
  }
  if (!outcome.move) {
    result.end = AiTurnEnd::Failed;
    return result;
  }
  const Move move = *outcome.move;
  result.onCurrentLine = atLineEnd;
  result.reason = m_model.playAfter(m_askedAt, move);
  if (result.reason != RejectReason::None) {
    // Only when the game changed under the request; the referee has already checked the move.
    result.end = AiTurnEnd::NoLongerFits;
    return result;
  }
  result.end = AiTurnEnd::Played;
  result.played = GameTree::childWith(*m_model.tree().find(m_askedAt), move)->id;
  // What the AI saw goes with its move into the record (docs/client.md, "What the AI saw"). SGF has no resignation
  // node to keep it on.
  if (seen != nullptr && move.kind != MoveKind::Resign) setAiTurn(m_model.properties(result.played), *seen);
  return result;
}

Session::AiTurn Session::playAiTurn(ai::MoveSource& source, const ai::RefereeOptions& referee, AiTurnRecord seen) {
  AiTurn turn;
  const Game& asked = beginAiTurn();
  turn.outcome = ai::requestMove(source, asked, asked.toMove(), referee);
  seen.attempts = turn.outcome.attempts;
  turn.result = finishAiTurn(turn.outcome, &seen);
  return turn;
}

ProposedCount proposeCount(const Game& game) {
  Analysis analysis = analyze(game);
  return {std::move(analysis.dead), std::move(analysis.seki)};
}

std::vector<Point> Session::proposeDeadStones() {
  ProposedCount count = proposeCount(m_model.game());
  m_model.setDeadStones(std::move(count.dead));
  return count.seki;
}

}  // namespace tengen::session
