// The five rule tests the project started from (a single stone captured in the corner, two groups captured at
// once, a capture that is not suicide, a suicide refused, the ko), each checked with the rule functions alone (no
// model, no referee).
#include <gtest/gtest.h>

#include "tengen/core/board.h"
#include "tengen/core/game.h"

#include "support/diagram.h"

namespace tengen {
namespace {

using test_support::boardFromDiagram;
using test_support::diagramOf;
using test_support::gameFromDiagram;

TEST(FiveRulesTest, SingleCornerStoneIsCaptured) {
  Board board = boardFromDiagram({
      "OX...",
      ".....",
      ".....",
      ".....",
      ".....",
  });
  const Point move{1, 0};
  ASSERT_EQ(board.check(Color::Black, move), RejectReason::None);
  EXPECT_EQ(board.play(Color::Black, board.vertex(move)), 1);
  EXPECT_EQ(board.at(Point{0, 0}), Color::Empty);
  EXPECT_EQ(board.captures(Color::Black), 1);
  EXPECT_EQ(board.captures(Color::White), 0);
}

TEST(FiveRulesTest, TwoGroupsAreCapturedAtOnce) {
  // The black stone at (2, 2) takes the single white stone above it and the two-stone group below it.
  Board board = boardFromDiagram({
      "..X..",
      ".XOX.",
      ".....",
      ".XOX.",
      ".XOX.",
  });
  const Point move{2, 2};
  ASSERT_EQ(board.check(Color::Black, move), RejectReason::None);
  EXPECT_EQ(board.play(Color::Black, board.vertex(move)), 3);
  EXPECT_EQ(diagramOf(board), (std::vector<std::string>{
                                  "..X..",
                                  ".X.X.",
                                  "..X..",
                                  ".X.X.",
                                  ".X.X.",
                              }));
  EXPECT_EQ(board.captures(Color::Black), 3);
}

TEST(FiveRulesTest, MoveThatCapturesIsNotSuicide) {
  // (0, 0) has no empty neighbour, but the stone there takes the white stone at (0, 1) and so gains a liberty.
  Board board = boardFromDiagram({
      ".OX..",
      "OX...",
      ".....",
      ".....",
      ".....",
  });
  const Point move{0, 0};
  EXPECT_EQ(board.check(Color::Black, move), RejectReason::None);
  EXPECT_EQ(board.play(Color::Black, board.vertex(move)), 1);
  EXPECT_EQ(board.at(move), Color::Black);
  EXPECT_EQ(board.at(Point{0, 1}), Color::Empty);
  EXPECT_EQ(board.at(Point{1, 0}), Color::White);

  Game game = gameFromDiagram({".OX..", "OX...", ".....", ".....", "....."}, Rules::Chinese);
  EXPECT_EQ(game.check(Move::play(Color::Black, move)), RejectReason::None);
}

TEST(FiveRulesTest, MoveThatIsSuicideIsRejected) {
  Board board = boardFromDiagram({
      ".O...",
      "O....",
      ".....",
      ".....",
      ".....",
  });
  EXPECT_EQ(board.check(Color::Black, Point{0, 0}), RejectReason::Suicide);

  Game game = gameFromDiagram({".O...", "O....", ".....", ".....", "....."}, Rules::Chinese);
  const std::uint64_t hashBefore = game.board().hash();
  EXPECT_EQ(game.play(Move::play(Color::Black, {0, 0})), RejectReason::Suicide);
  EXPECT_EQ(game.board().at(Point{0, 0}), Color::Empty);
  EXPECT_EQ(game.board().hash(), hashBefore);
  EXPECT_EQ(game.toMove(), Color::Black);
  EXPECT_EQ(game.moveCount(), 0);
}

TEST(FiveRulesTest, KoForbidsOnlyTheImmediateRecapture) {
  // Black takes the white stone at (1, 1) by playing (1, 2); White may not take back at once, but may after an
  // exchange elsewhere, because by then the whole board differs from the one the retake would recreate.
  for (Rules rules : {Rules::Chinese, Rules::Japanese}) {
    SCOPED_TRACE(ruleSet(rules).name);
    Game game = gameFromDiagram(
        {
            ".XO..",
            "XO.O.",
            ".XO..",
            ".....",
            ".....",
        },
        rules);
    ASSERT_EQ(game.play(Move::play(Color::Black, {1, 2})), RejectReason::None);
    EXPECT_EQ(game.board().at(Point{1, 1}), Color::Empty);

    const Move retake = Move::play(Color::White, {1, 1});
    EXPECT_EQ(game.check(retake), RejectReason::Ko);
    EXPECT_EQ(game.play(retake), RejectReason::Ko);
    EXPECT_EQ(game.board().at(Point{1, 1}), Color::Empty);

    ASSERT_EQ(game.play(Move::play(Color::White, {4, 4})), RejectReason::None);
    ASSERT_EQ(game.play(Move::play(Color::Black, {4, 0})), RejectReason::None);
    EXPECT_EQ(game.check(retake), RejectReason::None);
    ASSERT_EQ(game.play(retake), RejectReason::None);
    EXPECT_EQ(game.board().at(Point{1, 2}), Color::Empty);
    EXPECT_EQ(game.board().captures(Color::White), 1);
  }
}

}  // namespace
}  // namespace tengen
