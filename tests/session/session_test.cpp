// The game a person plays against an AI: the person's moves and undo, the AI's turn as the referee decided it and
// where its answer goes when the game moved meanwhile, the count after two passes, and the failure choice.
#include "tengen/session/session.h"

#include <gtest/gtest.h>

#include "tengen/core/coords.h"
#include "tengen/session/tree_record.h"

namespace tengen::session {
namespace {

Point at(const char* vertex, int size = 9) { return parseGtpVertex(vertex, size).value().point; }

GameConfig nineByNine() {
  GameConfig config;
  config.size = 9;
  config.komi = 6.5;
  return config;
}

// What the referee hands back when the AI's move `move` was accepted at its first attempt.
ai::RefereeOutcome accepted(const Move& move) {
  ai::RefereeOutcome outcome;
  outcome.end = ai::MoveEnd::Accepted;
  outcome.move = move;
  ai::Attempt attempt;
  attempt.n = 1;
  attempt.answer = move.kind == MoveKind::Pass ? "pass" : gtpMove(move, 9);
  attempt.move = attempt.answer;
  outcome.attempts.push_back(attempt);
  return outcome;
}

ai::RefereeOutcome failed() {
  ai::RefereeOutcome outcome;
  outcome.end = ai::MoveEnd::NoLegalMove;
  outcome.error = "no legal move in 1 attempt";
  return outcome;
}

TEST(Session, ThePersonMovesOnlyOnTheirTurn) {
  Session session(nineByNine(), Color::White);
  EXPECT_TRUE(session.aiToMove());
  EXPECT_EQ(session.play(at("E5")), RejectReason::WrongColor);
  EXPECT_EQ(session.game().moveCount(), 0);
  session.beginAiTurn();
  ASSERT_EQ(session.finishAiTurn(accepted(Move::play(Color::Black, at("E5"))), nullptr).end, AiTurnEnd::Played);
  EXPECT_FALSE(session.aiToMove());
  EXPECT_EQ(session.play(at("E5")), RejectReason::Occupied);
  EXPECT_EQ(session.play(at("C3")), RejectReason::None);
  EXPECT_EQ(session.game().moveCount(), 2);
  EXPECT_TRUE(session.aiToMove());
}

TEST(Session, UndoTakesBackThePersonsMoveAndTheReply) {
  Session session(nineByNine(), Color::Black);
  EXPECT_EQ(session.undo(), 0);
  ASSERT_EQ(session.play(at("E5")), RejectReason::None);
  session.beginAiTurn();
  ASSERT_EQ(session.finishAiTurn(accepted(Move::play(Color::White, at("C3"))), nullptr).end, AiTurnEnd::Played);
  ASSERT_EQ(session.play(at("G7")), RejectReason::None);
  EXPECT_EQ(session.undo(), 1);  // only G7: the AI has not answered it
  EXPECT_EQ(session.game().moveCount(), 2);
  EXPECT_EQ(session.undo(), 2);  // E5 and the reply C3
  EXPECT_EQ(session.game().moveCount(), 0);
  EXPECT_EQ(session.game().toMove(), Color::Black);
}

TEST(Session, WhatTheAiSawIsKeptOnItsMove) {
  Session session(nineByNine(), Color::Black);
  ASSERT_EQ(session.play(at("E5")), RejectReason::None);
  session.beginAiTurn();
  AiTurnRecord seen;
  seen.opponent = "gtp:gnugo";
  seen.attempts = accepted(Move::play(Color::White, at("C3"))).attempts;
  const AiTurnResult result = session.finishAiTurn(accepted(Move::play(Color::White, at("C3"))), &seen);
  ASSERT_EQ(result.end, AiTurnEnd::Played);
  EXPECT_TRUE(result.onCurrentLine);
  const TreeNode* node = session.tree().find(result.played);
  ASSERT_NE(node, nullptr);
  const std::optional<AiTurnRecord> kept = aiTurnIn(node->properties);
  ASSERT_TRUE(kept);
  EXPECT_EQ(kept->opponent, "gtp:gnugo");
  ASSERT_EQ(kept->attempts.size(), 1U);
  EXPECT_EQ(kept->attempts.front().answer, "C3");
}

TEST(Session, AFailedTurnLeavesTheGameAsItWas) {
  Session session(nineByNine(), Color::Black);
  ASSERT_EQ(session.play(at("E5")), RejectReason::None);
  session.beginAiTurn();
  EXPECT_EQ(session.finishAiTurn(failed(), nullptr).end, AiTurnEnd::Failed);
  EXPECT_EQ(session.game().moveCount(), 1);
  EXPECT_TRUE(session.aiToMove());
}

TEST(Session, AnAnswerForALineLeftMeanwhileGoesToThatLine) {
  Session session(nineByNine(), Color::Black);
  ASSERT_EQ(session.play(at("E5")), RejectReason::None);
  session.beginAiTurn();
  const NodeId asked = session.askedAt();
  // While the AI thinks, the person looks back to the start and plays elsewhere: a variation.
  session.model().goTo(0);
  ASSERT_EQ(session.play(at("C3")), RejectReason::None);
  const AiTurnResult result = session.finishAiTurn(accepted(Move::play(Color::White, at("G7"))), nullptr);
  ASSERT_EQ(result.end, AiTurnEnd::Played);
  EXPECT_FALSE(result.onCurrentLine);
  EXPECT_EQ(session.tree().find(result.played)->parent->id, asked);
  // The line looked at is still the person's variation.
  EXPECT_EQ(session.game().moveCount(), 1);
  EXPECT_EQ(session.game().board().at(at("C3")), Color::Black);
}

TEST(Session, AnAnswerForADeletedLineIsDropped) {
  Session session(nineByNine(), Color::Black);
  ASSERT_EQ(session.play(at("E5")), RejectReason::None);
  session.beginAiTurn();
  EXPECT_EQ(session.model().deleteCurrent(), 1);
  EXPECT_EQ(session.finishAiTurn(accepted(Move::play(Color::White, at("G7"))), nullptr).end, AiTurnEnd::LineGone);
  EXPECT_EQ(session.tree().size(), 1U);
}

TEST(Session, AnAnswerTheRulesNoLongerTakeIsRefused) {
  Session session(nineByNine(), Color::Black);
  ASSERT_EQ(session.play(at("E5")), RejectReason::None);
  session.beginAiTurn();
  // The answer names the point the person took; the referee judged it on the position it was asked about.
  const AiTurnResult result = session.finishAiTurn(accepted(Move::play(Color::White, at("E5"))), nullptr);
  EXPECT_EQ(result.end, AiTurnEnd::NoLongerFits);
  EXPECT_EQ(result.reason, RejectReason::Occupied);
  EXPECT_EQ(session.game().moveCount(), 1);
}

TEST(Session, TheCountAfterTwoPassesProposesTogglesAndAccepts) {
  GameConfig config = nineByNine();
  config.rules = Rules::Japanese;
  Session session(config, Color::Black);
  // A lone white stone inside Black's wall is dead.
  for (const char* v : {"A5", "B5", "C5", "D5", "E5", "F5", "G5", "H5", "J5"}) {
    ASSERT_EQ(session.play(at(v)), RejectReason::None) << v;
    session.beginAiTurn();
    const Move reply = std::string(v) == "A5" ? Move::play(Color::White, at("E2")) : Move::pass(Color::White);
    ASSERT_EQ(session.finishAiTurn(accepted(reply), nullptr).end, AiTurnEnd::Played) << v;
  }
  ASSERT_EQ(session.pass(), RejectReason::None);
  ASSERT_EQ(session.game().phase(), Phase::Scoring);
  EXPECT_FALSE(session.aiToMove());
  EXPECT_TRUE(session.proposeDeadStones().empty());
  ASSERT_EQ(session.model().deadStones().size(), 1U);
  EXPECT_EQ(session.model().deadStones().front(), at("E2"));
  const std::string withDead = session.score().result;
  EXPECT_TRUE(session.toggleDeadChain(at("E2")));
  EXPECT_TRUE(session.model().deadStones().empty());
  EXPECT_NE(session.score().result, withDead);
  EXPECT_FALSE(session.toggleDeadChain(at("A1")));  // no stone there
  EXPECT_TRUE(session.toggleDeadChain(at("E2")));
  session.acceptScore();
  EXPECT_EQ(session.game().phase(), Phase::Finished);
  EXPECT_EQ(session.game().result(), withDead);
  // The record ends in the two passes; read back, its line is to be counted again (which stones were dead is the
  // front end's to keep, as the client's XDEAD does).
  const Result<TreeRecord> read = readTreeRecord(writeTreeRecord(session.tree(), {}));
  ASSERT_TRUE(read) << read.error();
  EXPECT_EQ(read->tree.gameAt(read->tree.mainLineEnd()).phase(), Phase::Scoring);
}

TEST(Session, PlayResumesAfterTwoPasses) {
  Session session(nineByNine(), Color::Black);
  ASSERT_EQ(session.pass(), RejectReason::None);
  session.beginAiTurn();
  ASSERT_EQ(session.finishAiTurn(accepted(Move::pass(Color::White)), nullptr).end, AiTurnEnd::Played);
  ASSERT_EQ(session.game().phase(), Phase::Scoring);
  session.resumePlay();
  EXPECT_EQ(session.game().phase(), Phase::Playing);
  EXPECT_EQ(session.play(at("E5")), RejectReason::None);
}

TEST(Session, ThePersonResignsOnEitherTurn) {
  Session session(nineByNine(), Color::Black);
  ASSERT_EQ(session.play(at("E5")), RejectReason::None);
  ASSERT_TRUE(session.aiToMove());
  session.resign();
  EXPECT_EQ(session.game().phase(), Phase::Finished);
  EXPECT_EQ(session.game().result(), "W+R");
  EXPECT_FALSE(session.aiToMove());
}

TEST(FailureChoice, ReadsWhatAPersonTypes) {
  EXPECT_EQ(parseFailureChoice("ask again"), FailureChoice::AskAgain);
  EXPECT_EQ(parseFailureChoice(" A "), FailureChoice::AskAgain);
  EXPECT_EQ(parseFailureChoice("retry"), FailureChoice::AskAgain);
  EXPECT_EQ(parseFailureChoice("Change"), FailureChoice::ChangeOpponent);
  EXPECT_EQ(parseFailureChoice("c"), FailureChoice::ChangeOpponent);
  EXPECT_EQ(parseFailureChoice("QUIT"), FailureChoice::Quit);
  EXPECT_EQ(parseFailureChoice("q"), FailureChoice::Quit);
  EXPECT_FALSE(parseFailureChoice(""));
  EXPECT_FALSE(parseFailureChoice("D4"));
  EXPECT_FALSE(parseFailureChoice("quitt"));
}

}  // namespace
}  // namespace tengen::session
