// The engine's judgment of a position in play: the empty board and one stone are nobody's yet, a dead group in the
// opponent's area is dead, the count of a finished game stays core's, the answer is the same every time, and the live
// analysis reports candidates, lines and ownership, also while genmove searches.
#include "tengen/engine/judgment.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "tengen/core/analysis.h"
#include "tengen/core/coords.h"
#include "tengen/core/game.h"
#include "tengen/engine/engine.h"
#include "tengen/engine/policy_net.h"

#include "support/game_from.h"

namespace tengen::engine {
namespace {

using test_support::gameFrom;

double largest(const std::vector<float>& values, Color side) {
  double most = 0;
  for (const float v : values) most = std::max(most, side == Color::Black ? v : -static_cast<double>(v));
  return most;
}

class EmptyBoard : public ::testing::TestWithParam<int> {};

TEST_P(EmptyBoard, IsNobodysYet) {
  const int size = GetParam();
  const Game game(GameConfig{size, Rules::Chinese, 7.5, 0});
  const Analysis a = judge(game);
  EXPECT_FALSE(a.final);
  ASSERT_EQ(a.playoutOwnership.size(), static_cast<std::size_t>(size) * size);
  EXPECT_LE(largest(a.playoutOwnership, Color::Black), 0.3);
  EXPECT_LE(largest(a.playoutOwnership, Color::White), 0.3);
  // White wins by komi or less: the board itself gives White nothing.
  EXPECT_GE(a.score.margin, -(7.5 + 0.5)) << a.score.result;
  EXPECT_TRUE(a.dead.empty());
  for (const Color owner : a.owner) EXPECT_EQ(owner, Color::Empty);
}

INSTANTIATE_TEST_SUITE_P(Sizes, EmptyBoard, ::testing::Values(9, 13, 19));

TEST(Judgment, OneStoneDoesNotTakeTheBoard) {
  // Core's reading of this board as finished gives Black all 81 points; the estimate does not.
  const Game game = gameFrom(9, Rules::Chinese, {"E5"});
  const Analysis a = judge(game);
  EXPECT_FALSE(a.final);
  EXPECT_GE(a.score.margin, -12) << a.score.result;
  EXPECT_LE(a.score.margin, 12) << a.score.result;
  const Analysis counted = analyze(game);
  EXPECT_FALSE(counted.final);
  EXPECT_EQ(counted.score.result, "B+73.5");
}

TEST(Judgment, StonesWithoutRoomInTheOpponentsAreaAreDead) {
  // Black's wall on D and across the corner at row 3 leaves White's B2 C2 six points in Black's corner; White's
  // area is right of its wall on G; E and F are still open, so the game is not finished.
  Game game = gameFrom(9, Rules::Chinese, {});
  auto put = [&](Color c, const std::vector<std::string>& vertices) {
    std::vector<Point> points;
    for (const std::string& v : vertices) points.push_back(parseGtpVertex(v, 9)->point);
    ASSERT_TRUE(game.addSetupStones(c, points));
  };
  put(Color::Black, {"D9", "D8", "D7", "D6", "D5", "D4", "D3", "D2", "D1", "A3", "B3", "C3"});
  put(Color::White, {"G9", "G8", "G7", "G6", "G5", "G4", "G3", "G2", "G1", "B2", "C2"});
  const Analysis a = judge(game);
  EXPECT_FALSE(a.final);
  std::vector<std::string> dead;
  for (const Point& p : a.dead) dead.push_back(gtpVertex(p, 9));
  EXPECT_EQ(dead, (std::vector<std::string>{"B2", "C2"}));
  const std::size_t b2 = 7 * 9 + 1;
  EXPECT_GE(a.playoutOwnership[b2], kDeadOwnership);
  EXPECT_EQ(a.owner[b2], Color::Black);
  EXPECT_EQ(a.status[b2], StoneStatus::Dead);
  // The open columns between the walls are nobody's yet.
  const std::size_t e5 = 4 * 9 + 4;
  EXPECT_EQ(a.owner[e5], Color::Empty);
}

TEST(Judgment, AFinishedGameIsCoresCount) {
  Game game = gameFrom(9, Rules::Chinese, {"E5", "pass", "pass"});
  ASSERT_EQ(game.phase(), Phase::Scoring);
  const Analysis a = judge(game);
  EXPECT_TRUE(a.final);
  EXPECT_EQ(a.score.result, analyze(game).score.result);
}

TEST(Judgment, AResignedGameKeepsItsResult) {
  Game game = gameFrom(9, Rules::Chinese, {"E5", "C3"});
  ASSERT_EQ(game.play(Move::resign(Color::Black)), RejectReason::None);
  const Analysis a = judge(game);
  EXPECT_TRUE(a.final);
  EXPECT_EQ(a.score.result, "W+R");
  EXPECT_EQ(a.playoutOwnership.size(), 81U);  // the position as it stood, judged

  Game timed = gameFrom(9, Rules::Chinese, {"E5"});
  timed.loseOnTime(Color::White);
  EXPECT_EQ(judge(timed).score.result, "B+T");
}

TEST(Judgment, TheSamePositionGivesTheSameAnswer) {
  const Game game = gameFrom(9, Rules::Japanese, {"E5", "C3", "G7", "D6", "F4"});
  const Analysis first = estimate(game);
  const Analysis again = estimate(Game(game));
  EXPECT_EQ(first.playoutOwnership, again.playoutOwnership);
  EXPECT_EQ(first.dead, again.dead);
  EXPECT_EQ(first.score.result, again.score.result);
  EXPECT_EQ(first.score.black, again.score.black);
}

TEST(Judgment, AHandicapIsCompensatedUnderChineseRules) {
  GameConfig config{9, Rules::Chinese, 0.5, 2};
  const Game game(config);
  const Analysis a = judge(game);
  EXPECT_DOUBLE_EQ(a.score.handicap, 2);
  EXPECT_DOUBLE_EQ(a.score.komi, 0.5);
  EXPECT_DOUBLE_EQ(a.score.margin, a.score.black - a.score.white - 2.5);
}

TEST(Judgment, TheBudgetDependsOnThePositionAlone) {
  const Game empty19(GameConfig{19, Rules::Chinese, 7.5, 0});
  const Game empty9(GameConfig{9, Rules::Chinese, 7.5, 0});
  EXPECT_GT(estimatePlayouts(empty9), 0);
  EXPECT_GT(estimatePlayouts(empty19), 0);
  EXPECT_EQ(estimatePlayouts(empty19), estimatePlayouts(Game(empty19)));
  // A fuller board plays shorter playouts, so it gets at least as many.
  const Game later = gameFrom(19, Rules::Chinese, {"D4", "Q16", "D16", "Q4", "C10", "R10"});
  EXPECT_GE(estimatePlayouts(later), estimatePlayouts(empty19));
}

// On 19x19 the live analysis takes kAnalysisNetShare of the shipped network's judgment: its ownership and score
// leads are no longer the playouts' alone, and they stay deterministic and in range.
TEST(Judgment, TheLiveAnalysisTakesTheNetworksShareOn19x19) {
  // The shipped network has judgment heads (PolicyNetForward.MatchesTheTrainingToolOnFixedPositions checks them).
  ASSERT_TRUE(PolicyNet::builtin().judgesSize(19));
  const Game game = gameFrom(19, Rules::Chinese, {"D4", "Q16", "D16", "Q4", "C10", "R10"});
  JudgmentOptions playoutsAlone = JudgmentOptions::forAnalysis(kJudgmentSeed);
  playoutsAlone.search.valueShare = 0;
  playoutsAlone.search.netJudgment = 0;
  AnalysisSearch withNet(game, game.toMove(), JudgmentOptions::forAnalysis(kJudgmentSeed));
  AnalysisSearch again(game, game.toMove(), JudgmentOptions::forAnalysis(kJudgmentSeed));
  AnalysisSearch without(game, game.toMove(), playoutsAlone);
  for (AnalysisSearch* search : {&withNet, &again, &without}) search->run(600);
  const SearchReport a = withNet.report(10);
  const SearchReport b = again.report(10);
  const SearchReport c = without.report(10);
  ASSERT_FALSE(a.candidates.empty());
  ASSERT_EQ(a.candidates.size(), b.candidates.size());
  for (std::size_t i = 0; i < a.candidates.size(); ++i) {
    EXPECT_EQ(a.candidates[i].move, b.candidates[i].move);
    EXPECT_EQ(a.candidates[i].scoreLead, b.candidates[i].scoreLead);
    EXPECT_TRUE(std::isfinite(a.candidates[i].scoreLead));
  }
  ASSERT_EQ(a.ownership.size(), 361U);
  ASSERT_EQ(c.ownership.size(), 361U);
  double differ = 0;
  for (std::size_t i = 0; i < a.ownership.size(); ++i) {
    EXPECT_GE(a.ownership[i], -1.0F);
    EXPECT_LE(a.ownership[i], 1.0F);
    differ += std::abs(a.ownership[i] - c.ownership[i]);
  }
  EXPECT_GT(differ, 1.0);
  EXPECT_NE(a.scoreLead, c.scoreLead);
}

// Every move of the line is legal in turn from the position.
void expectPlayable(const Game& game, const std::vector<Move>& line) {
  Game trial = game;
  trial.setStrictTurn(false);
  for (const Move& m : line) ASSERT_EQ(trial.play(m), RejectReason::None) << gtpMove(m, game.size());
}

TEST(AnalysisSearch, ReportsTheMostVisitedCandidatesWithTheirLines) {
  const Game game = gameFrom(9, Rules::Chinese, {"E5", "E3", "C4"});
  AnalysisSearch search(game, Color::White);
  EXPECT_EQ(search.run(800), 800);
  EXPECT_EQ(search.playouts(), 800);
  const SearchReport report = search.report(5, 6);
  EXPECT_EQ(report.toMove, Color::White);
  EXPECT_EQ(report.playouts, 800);
  ASSERT_FALSE(report.candidates.empty());
  ASSERT_LE(report.candidates.size(), 5U);
  long visits = 0;
  for (std::size_t i = 0; i < report.candidates.size(); ++i) {
    const SearchCandidate& c = report.candidates[i];
    if (i > 0) {
      EXPECT_LE(c.visits, report.candidates[i - 1].visits);
    }
    EXPECT_GT(c.visits, 0);
    EXPECT_GE(c.winrate, 0);
    EXPECT_LE(c.winrate, 1);
    EXPECT_LE(c.lcb, c.winrate);
    EXPECT_GE(c.prior, 0);
    EXPECT_LE(c.prior, 1);
    EXPECT_EQ(c.move.color, Color::White);
    ASSERT_FALSE(c.pv.empty());
    EXPECT_LE(c.pv.size(), 6U);
    EXPECT_EQ(c.pv.front(), c.move);
    for (std::size_t k = 1; k < c.pv.size(); ++k) EXPECT_EQ(c.pv[k].color, opponent(c.pv[k - 1].color));
    expectPlayable(game, c.pv);
    visits += c.visits;
  }
  EXPECT_LE(visits, 800);
  ASSERT_EQ(report.ownership.size(), 81U);
  for (const float o : report.ownership) {
    EXPECT_GE(o, -1.0F);
    EXPECT_LE(o, 1.0F);
  }
  // Growing on and asking again: more playouts, the same kind of answer.
  search.run(200);
  EXPECT_EQ(search.report(5).playouts, 1000);
}

TEST(AnalysisSearch, StopsWhenAsked) {
  const Game game = gameFrom(9, Rules::Chinese, {"E5"});
  AnalysisSearch search(game, Color::White);
  int asked = 0;
  const long ran = search.run(100000, [&] { return ++asked >= 3; });
  EXPECT_EQ(ran, 48);  // checked every 16 playouts
}

TEST(EngineProgress, ReportsWhileGenmoveSearches) {
  const Game game = gameFrom(9, Rules::Chinese, {"E5", "E3"});
  EngineOptions options;
  options.playouts = 3000;
  options.seed = 3;
  Engine engine(options);
  std::vector<SearchReport> reports;
  engine.setProgress([&](const SearchReport& r) { reports.push_back(r); }, std::chrono::milliseconds(0));
  const Move move = engine.genmove(game, Color::Black);
  ASSERT_EQ(move.kind, MoveKind::Play);
  ASSERT_GE(reports.size(), 2U);
  const SearchReport& last = reports.back();
  ASSERT_FALSE(last.candidates.empty());
  EXPECT_EQ(last.candidates.front().move, move);
  EXPECT_EQ(last.ownership.size(), 81U);
  EXPECT_GT(last.playouts, reports.front().playouts);

  // Turned off, it reports nothing.
  engine.setProgress({}, std::chrono::milliseconds(0));
  reports.clear();
  engine.genmove(game, Color::Black);
  EXPECT_TRUE(reports.empty());
}

}  // namespace
}  // namespace tengen::engine
