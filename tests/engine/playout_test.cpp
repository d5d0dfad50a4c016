// The playout policy's reading of fights around the last move: a chain in atari saved by capturing an attacker,
// the atari on the last mover's chain of two liberties, the extension of an own chain of two liberties; and that
// the `fights` switch turns that reading off.
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
std::set<Vertex> blackMoves(const Board& board, Point last, bool fights) {
  std::set<Vertex> moves;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    Rng rng(seed);
    moves.insert(choosePlayoutMove(board, Color::Black, board.vertex(last), rng, nullptr, fights));
  }
  return moves;
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

}  // namespace
}  // namespace tengen::engine
