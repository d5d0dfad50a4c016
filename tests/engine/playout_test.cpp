// The playout policy's reading of fights around the last move: a chain in atari saved by capturing an attacker,
// the atari on the last mover's chain of two liberties, the extension of an own chain of two liberties; the vital
// point of an eye space one move kills; and that the `fights` and `nakade` switches turn that reading off.
#include "playout.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "support/diagram.h"

namespace tengen::engine {
namespace {

using test_support::boardFromDiagram;
using Vertex = Board::Vertex;

// The policy's moves for Black over 40 seeds, without patterns.
std::set<Vertex> blackMoves(const Board& board, Point last, bool fights, bool nakade = false) {
  std::set<Vertex> moves;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    Rng rng(seed);
    moves.insert(choosePlayoutMove(board, Color::Black, board.vertex(last), rng, nullptr, fights, nakade));
  }
  return moves;
}

// Black's moves after White's last move with the nakade answer on, and off.
std::set<Vertex> nakadeMoves(const Board& board, Point last, bool nakade) {
  return blackMoves(board, last, true, nakade);
}

TEST(PlayoutFights, SavesAChainInAtariByCapturingAnAttacker) {
  // White's last move at (5,3) left Black's (3,3)-(4,3) with the one liberty (3,2); White's (2,3) next to it is in
  // atari at (2,2), away from the last move.
  const Board board = boardFromDiagram({".........",  //
                                        "...X.....",  //
                                        "...OX....",  //
                                        "...XO....",  //
                                        "..OXO....",  //
                                        "...O.....",  //
                                        ".........",  //
                                        ".........",  //
                                        "........."});
  ASSERT_TRUE(board.inAtari(board.vertex({3, 3})));
  ASSERT_TRUE(board.inAtari(board.vertex({2, 3})));
  EXPECT_EQ(blackMoves(board, {5, 3}, true), std::set<Vertex>{board.vertex({2, 2})});
  EXPECT_NE(blackMoves(board, {5, 3}, false), std::set<Vertex>{board.vertex({2, 2})});
}

TEST(PlayoutFights, AtarisTheLastMoversChainOfTwoLibertiesWhereItCannotEscape) {
  // White's last move (4,4) has the liberties (4,5) and (5,4); either atari leaves its escape two liberties.
  const Board board = boardFromDiagram({".........",  //
                                        ".........",  //
                                        ".........",  //
                                        "....X....",  //
                                        "...XO....",  //
                                        "...X.X...",  //
                                        ".........",  //
                                        ".........",  //
                                        "........."});
  const std::set<Vertex> ataris{board.vertex({4, 5}), board.vertex({5, 4})};
  const std::set<Vertex> moves = blackMoves(board, {4, 4}, true);
  EXPECT_EQ(moves, ataris);
  // Off, the scan plays anywhere.
  EXPECT_GT(blackMoves(board, {4, 4}, false).size(), 2U);
}

TEST(PlayoutFights, LeavesAChainOfTwoLibertiesThatEscapesEasilyAlone) {
  // White's (4,4) has the liberties (4,5) and (5,4), and escaping from either atari gives it four: no atari.
  const Board board = boardFromDiagram({".........",  //
                                        ".........",  //
                                        ".........",  //
                                        "....X....",  //
                                        "...XO....",  //
                                        ".........",  //
                                        ".........",  //
                                        ".........",  //
                                        "........."});
  EXPECT_GT(blackMoves(board, {4, 4}, true).size(), 2U);
}

TEST(PlayoutFights, ExtendsAnOwnChainLeftWithTwoLiberties) {
  // White's last move (4,3) left Black's (4,4) the liberties (4,5) and (5,4); each extension gives it four.
  const Board board = boardFromDiagram({".........",  //
                                        ".........",  //
                                        ".........",  //
                                        "....O....",  //
                                        "...OX....",  //
                                        ".........",  //
                                        ".........",  //
                                        ".........",  //
                                        "........."});
  const std::set<Vertex> extensions{board.vertex({4, 5}), board.vertex({5, 4})};
  EXPECT_EQ(blackMoves(board, {4, 3}, true), extensions);
  EXPECT_GT(blackMoves(board, {4, 3}, false).size(), 2U);
}

// A 9x9 board whose bottom rows are `rows` (top row first), every row above them empty.
Board bottomRows(std::vector<std::string> rows) {
  rows.insert(rows.begin(), 9 - rows.size(), ".........");
  return boardFromDiagram(rows);
}

// Each killable shape of White's eye space on the bottom edge, made by White's last move: Black answers on its
// vital point every time, and without the switch anywhere.
TEST(PlayoutNakade, TakesTheVitalPointOfAStraightThree) {
  const Board board = bottomRows({"OOOOO....",  //
                                  "O...O...."});
  EXPECT_EQ(nakadeMoves(board, {7, 2}, true), std::set<Vertex>{board.vertex({8, 2})});
  EXPECT_GT(nakadeMoves(board, {7, 2}, false).size(), 2U);
}

TEST(PlayoutNakade, TakesTheVitalPointOfABentThreeInTheCorner) {
  const Board board = bottomRows({"OOO......",  //
                                  ".OO......",  //
                                  "..O......"});
  EXPECT_EQ(nakadeMoves(board, {8, 2}, true), std::set<Vertex>{board.vertex({8, 0})});
  EXPECT_GT(nakadeMoves(board, {8, 2}, false).size(), 2U);
}

TEST(PlayoutNakade, TakesTheCentreOfAPyramidFour) {
  const Board board = bottomRows({".OOO.....",  //
                                  "OO.OO....",  //
                                  "O...O...."});
  EXPECT_EQ(nakadeMoves(board, {6, 2}, true), std::set<Vertex>{board.vertex({8, 2})});
  EXPECT_GT(nakadeMoves(board, {6, 2}, false).size(), 2U);
}

TEST(PlayoutNakade, TakesTheVitalPointOfABulkyFive) {
  const Board board = bottomRows({"OOOO.....",  //
                                  "O..OO....",  //
                                  "O...O...."});
  EXPECT_EQ(nakadeMoves(board, {6, 2}, true), std::set<Vertex>{board.vertex({8, 2})});
  EXPECT_GT(nakadeMoves(board, {6, 2}, false).size(), 2U);
}

TEST(PlayoutNakade, TakesTheCentreOfACrossFiveAndARabbitySix) {
  const Board cross = bottomRows({"..OOO....",  //
                                  ".OO.OO...",  //
                                  ".O...O...",  //
                                  ".OO.OO...",  //
                                  "..OOO...."});
  EXPECT_EQ(nakadeMoves(cross, {4, 3}, true), std::set<Vertex>{cross.vertex({6, 3})});
  const Board rabbity = bottomRows({"..OOOO...",  //
                                    ".OO..OO..",  //
                                    ".O...O...",  //
                                    ".OO.OO...",  //
                                    "..OOO...."});
  EXPECT_EQ(nakadeMoves(rabbity, {4, 3}, true), std::set<Vertex>{rabbity.vertex({6, 3})});
}

TEST(PlayoutNakade, LeavesSpacesThatLiveOrThatBlackTouches) {
  // A straight four lives whoever plays first: no vital point to take.
  const Board four = bottomRows({"OOOOOO...",  //
                                 "O....O..."});
  EXPECT_GT(nakadeMoves(four, {7, 2}, true).size(), 2U);
  // The straight three with a black stone on its border is not White's eye space alone.
  const Board touched = bottomRows({"OOOOO....",  //
                                    "O...X...."});
  EXPECT_GT(nakadeMoves(touched, {7, 2}, true).size(), 2U);
  // Seven points are too many for a nakade.
  const Board seven = bottomRows({"OOOOOOOOO",  //
                                  "O.......O",  //
                                  "OOOOOOOOO"});
  EXPECT_GT(nakadeMoves(seven, {6, 2}, true).size(), 2U);
}

}  // namespace
}  // namespace tengen::engine
