// Scoring by rule set (area: stones + territory; territory: territory + prisoners), dead stones, seki, and the
// result strings of SGF RE.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tengen/core/game.h"

#include "support/diagram.h"

namespace tengen {
namespace {

using test_support::gameFromDiagram;

constexpr Color kBlack = Color::Black;
constexpr Color kWhite = Color::White;

Color ownerAt(const Score& score, int size, Point p) { return score.owner.at(p.row * size + p.col); }

void endByPasses(Game& game) {
  const Color first = game.toMove();
  ASSERT_EQ(game.play(Move::pass(first)), RejectReason::None);
  ASSERT_EQ(game.play(Move::pass(opponent(first))), RejectReason::None);
  ASSERT_EQ(game.phase(), Phase::Scoring);
}

// Black walls off the two left columns, White the two right ones; a white stone at (2, 1) is dead.
const std::vector<std::string> kDeadStone = {
    "..XO.",  //
    "..XO.",  //
    ".OXO.",  //
    "..XO.",  //
    "..XO.",  //
};

TEST(ScoringTest, AreaScoringCountsStonesAndTerritoryWithDeadStonesRemoved) {
  Game game = gameFromDiagram(kDeadStone, Rules::Chinese);
  endByPasses(game);
  const Score score = game.score({{2, 1}});
  EXPECT_DOUBLE_EQ(score.black, 15);  // 5 stones + 10 points, the dead stone's point included
  EXPECT_DOUBLE_EQ(score.white, 10);  // 5 stones + 5 points
  EXPECT_DOUBLE_EQ(score.komi, 7.5);
  EXPECT_DOUBLE_EQ(score.margin, -2.5);
  EXPECT_EQ(score.result, "W+2.5");
  ASSERT_EQ(score.owner.size(), 25u);
  EXPECT_EQ(ownerAt(score, 5, {2, 1}), kBlack);
  EXPECT_EQ(ownerAt(score, 5, {0, 0}), kBlack);
  EXPECT_EQ(ownerAt(score, 5, {0, 2}), kBlack);
  EXPECT_EQ(ownerAt(score, 5, {0, 3}), kWhite);
  EXPECT_EQ(ownerAt(score, 5, {4, 4}), kWhite);
}

TEST(ScoringTest, WithoutTheDeadStoneTheRegionIsNotBlacksUnderAreaScoring) {
  // The same board with nothing marked dead: the white stone lives, the left region touches both colours.
  Game game = gameFromDiagram(kDeadStone, Rules::Chinese);
  endByPasses(game);
  const Score score = game.score({});
  EXPECT_DOUBLE_EQ(score.black, 5);
  EXPECT_DOUBLE_EQ(score.white, 11);
  EXPECT_EQ(ownerAt(score, 5, {0, 0}), Color::Empty);
}

TEST(ScoringTest, TerritoryScoringCountsTerritoryAndDeadStonesAsPrisoners) {
  Game game = gameFromDiagram(kDeadStone, Rules::Japanese);
  endByPasses(game);
  const Score score = game.score({{2, 1}});
  EXPECT_DOUBLE_EQ(score.black, 11);  // 10 points of territory + 1 dead stone
  EXPECT_DOUBLE_EQ(score.white, 5);
  EXPECT_DOUBLE_EQ(score.komi, 6.5);
  EXPECT_DOUBLE_EQ(score.margin, -0.5);
  EXPECT_EQ(score.result, "W+0.5");
  EXPECT_EQ(ownerAt(score, 5, {2, 1}), kBlack);
  EXPECT_EQ(ownerAt(score, 5, {1, 1}), kBlack);
  EXPECT_EQ(ownerAt(score, 5, {3, 4}), kWhite);
}

TEST(ScoringTest, TerritoryScoringCountsStonesCapturedInPlayButAreaScoringDoesNot) {
  const std::vector<std::string> walls = {"..XO.", "..XO.", "..XO.", "..XO.", "..XO."};
  for (Rules rules : {Rules::Japanese, Rules::Chinese}) {
    SCOPED_TRACE(ruleSet(rules).name);
    Game game = gameFromDiagram(walls, rules, kWhite);
    // White invades at the corner and is captured; Black spends two stones inside its own area.
    for (const Move& m : {Move::play(kWhite, {0, 0}), Move::play(kBlack, {1, 0}), Move::pass(kWhite),
                          Move::play(kBlack, {0, 1}), Move::pass(kWhite), Move::pass(kBlack)}) {
      ASSERT_EQ(game.play(m), RejectReason::None);
    }
    ASSERT_EQ(game.board().captures(kBlack), 1);
    ASSERT_EQ(game.phase(), Phase::Scoring);
    const Score score = game.score({});
    if (rules == Rules::Japanese) {
      EXPECT_DOUBLE_EQ(score.black, 9);  // 8 points of territory + 1 prisoner
      EXPECT_DOUBLE_EQ(score.white, 5);
      EXPECT_DOUBLE_EQ(score.margin, 9 - 5 - 6.5);
    } else {
      EXPECT_DOUBLE_EQ(score.black, 15);  // 7 stones + 8 points
      EXPECT_DOUBLE_EQ(score.white, 10);
      EXPECT_DOUBLE_EQ(score.margin, 15 - 10 - 7.5);
    }
  }
}

// Black's inner group (with the eye at (0, 0)) and White's inner group (eye at (0, 4)) share the liberty at
// (0, 2): whoever fills it is captured, so both live in seki. Below, White owns the left and Black the right.
const std::vector<std::string> kSeki = {
    ".X.O.OO",  //
    "XXXOOOO",  //
    "OOOXXXX",  //
    "..OX...",  //
    "..OX...",  //
    "..OX...",  //
    "..OX...",  //
};

TEST(ScoringTest, SekiIsStableNeitherSideCanFillTheSharedLiberty) {
  Game game = gameFromDiagram(kSeki, Rules::Chinese);
  ASSERT_EQ(game.play(Move::play(kBlack, {0, 2})), RejectReason::None);
  // Black's filling the shared liberty leaves its own group in atari: White takes five stones.
  ASSERT_EQ(game.play(Move::play(kWhite, {0, 0})), RejectReason::None);
  EXPECT_EQ(game.board().captures(kWhite), 5);
}

TEST(ScoringTest, EyesInSekiCountUnderAreaScoring) {
  Game game = gameFromDiagram(kSeki, Rules::Chinese, kBlack, 0.5);
  endByPasses(game);
  const Score score = game.score({});
  EXPECT_DOUBLE_EQ(score.black, 25);  // 12 stones + the seki eye + 12 points
  EXPECT_DOUBLE_EQ(score.white, 23);  // 14 stones + the seki eye + 8 points
  EXPECT_DOUBLE_EQ(score.margin, 1.5);
  EXPECT_EQ(score.result, "B+1.5");
  EXPECT_EQ(ownerAt(score, 7, {0, 0}), kBlack);
  EXPECT_EQ(ownerAt(score, 7, {0, 4}), kWhite);
  EXPECT_EQ(ownerAt(score, 7, {0, 2}), Color::Empty) << "the shared liberty is neutral";
}

TEST(ScoringTest, EyesInSekiAreNotPointsUnderTerritoryScoring) {
  for (Rules rules : {Rules::Japanese, Rules::Korean}) {
    SCOPED_TRACE(ruleSet(rules).name);
    Game game = gameFromDiagram(kSeki, rules, kBlack, 0.5);
    endByPasses(game);
    const Score score = game.score({});
    EXPECT_DOUBLE_EQ(score.black, 12);  // the 12 points at the lower right only
    EXPECT_DOUBLE_EQ(score.white, 8);   // the 8 points at the lower left only
    EXPECT_DOUBLE_EQ(score.margin, 3.5);
    EXPECT_EQ(score.result, "B+3.5");
    EXPECT_EQ(ownerAt(score, 7, {0, 0}), Color::Empty);
    EXPECT_EQ(ownerAt(score, 7, {0, 4}), Color::Empty);
    EXPECT_EQ(ownerAt(score, 7, {0, 2}), Color::Empty);
    EXPECT_EQ(ownerAt(score, 7, {4, 5}), kBlack);
    EXPECT_EQ(ownerAt(score, 7, {4, 0}), kWhite);
  }
}

TEST(ScoringTest, EmptyBoardIsAllNeutralAndKomiDecides) {
  GameConfig config;
  config.size = 9;
  Game game(config);
  endByPasses(game);
  const Score score = game.score({});
  EXPECT_DOUBLE_EQ(score.black, 0);
  EXPECT_DOUBLE_EQ(score.white, 0);
  EXPECT_DOUBLE_EQ(score.margin, -7.5);
  EXPECT_EQ(score.result, "W+7.5");
  ASSERT_EQ(score.owner.size(), 81u);
  for (Color c : score.owner) EXPECT_EQ(c, Color::Empty);
}

TEST(ScoringTest, FinishEndsTheGameWithTheScoresResult) {
  Game game = gameFromDiagram(kDeadStone, Rules::Japanese);
  endByPasses(game);
  const Score score = game.score({{2, 1}});
  EXPECT_TRUE(game.result().empty()) << "no result before the game is finished";
  game.finish({{2, 1}});
  EXPECT_EQ(game.phase(), Phase::Finished);
  EXPECT_EQ(game.result(), score.result);
  EXPECT_EQ(game.result(), "W+0.5");
  EXPECT_EQ(game.check(Move::play(kBlack, {0, 0})), RejectReason::GameOver);
}

TEST(ResultStringTest, FormatsMarginsAsSgfRe) {
  EXPECT_EQ(resultString(3.5), "B+3.5");
  EXPECT_EQ(resultString(-0.5), "W+0.5");
  EXPECT_EQ(resultString(0.5), "B+0.5");
  EXPECT_EQ(resultString(0), "0");
  EXPECT_EQ(resultString(-0.0), "0");
  EXPECT_EQ(resultString(-12), "W+12");
  EXPECT_EQ(resultString(7), "B+7");
  EXPECT_EQ(resultString(-120.5), "W+120.5");
}

TEST(ResultStringTest, ResignationGivesTheOpponentTheWinByR) {
  GameConfig config;
  config.size = 9;
  Game blackResigns(config);
  ASSERT_EQ(blackResigns.play(Move::resign(kBlack)), RejectReason::None);
  EXPECT_EQ(blackResigns.phase(), Phase::Finished);
  EXPECT_EQ(blackResigns.result(), "W+R");

  Game whiteResigns(config);
  ASSERT_EQ(whiteResigns.play(Move::play(kBlack, {4, 4})), RejectReason::None);
  ASSERT_EQ(whiteResigns.play(Move::resign(kWhite)), RejectReason::None);
  EXPECT_EQ(whiteResigns.result(), "B+R");
}

}  // namespace
}  // namespace tengen
