// The playout policy's reading of fights around the last move: a chain in atari saved by capturing an attacker,
// the atari on the last mover's chain of two liberties, the extension of an own chain of two liberties, and that the
// `fights` switch turns that reading off; Pachi's tactics (the own last move's shape, the atari rate, lone
// self-ataris, ko retakes).
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
    PlayoutPolicy policy;
    policy.fights = fights;
    moves.insert(choosePlayoutMove(board, Color::Black, board.vertex(last), Board::kNoVertex, rng, policy));
  }
  return moves;
}

// A 9x9 board whose top rows are `rows`, the rest empty.
Board nineByNineFromTop(std::vector<std::string> rows) {
  rows.resize(9, ".........");
  return boardFromDiagram(rows);
}

// White's last move (4,5) stands in atari at (4,6), Black's stones around it.
Board whiteStoneInAtari() {
  return nineByNineFromTop({".........", ".........", ".........", ".....X...", "....XO...", ".....X..."});
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

TEST(PlayoutOwnShape, AnswersTheShapeOfTheMoveBeforeTheLast) {
  const Board board = boardFromDiagram({".........",  //
                                        ".........",  //
                                        "...XOX...",  //
                                        "....O....",  //
                                        ".........",  //
                                        ".........",  //
                                        ".........",  //
                                        ".........",  //
                                        ".......O."});
  const auto v = [&](int row, int col) { return board.vertex({row, col}); };
  const PatternTable patterns;
  std::set<Vertex> answers;
  for (int row = 1; row <= 3; ++row) {
    for (int col = 3; col <= 5; ++col) {
      const Vertex u = v(row, col);
      if (board.at(u) == Color::Empty && patterns.matches(board, u, Color::Black) &&
          board.check(Color::Black, u) == RejectReason::None && board.libertiesAfter(Color::Black, u, 2) >= 2) {
        answers.insert(u);
      }
    }
  }
  ASSERT_FALSE(answers.empty());
  PlayoutPolicy policy;
  policy.patterns = &patterns;
  policy.ownShape = true;
  PlayoutPolicy lastOnly = policy;
  lastOnly.ownShape = false;
  int answered = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    // White's last move (8,7) is far from everything; Black's own before it was (2,4)'s neighbour (2,3).
    Rng rng(seed);
    EXPECT_EQ(answers.count(choosePlayoutMove(board, Color::Black, v(8, 7), v(2, 3), rng, policy)), 1U);
    Rng again(seed);
    answered +=
        static_cast<int>(answers.count(choosePlayoutMove(board, Color::Black, v(8, 7), v(2, 3), again, lastOnly)));
  }
  EXPECT_LT(answered, 10);
}

// Over seeds 1..seeds, how many of Black's playout moves after `last` pass `test`.
template <typename Test>
int blackMovesWhere(const Board& board, Vertex last, const PlayoutPolicy& policy, int seeds, Test test) {
  int count = 0;
  for (int seed = 1; seed <= seeds; ++seed) {
    Rng rng(static_cast<std::uint64_t>(seed));
    count += test(choosePlayoutMove(board, Color::Black, last, Board::kNoVertex, rng, policy)) ? 1 : 0;
  }
  return count;
}

// With atariRate 0 the capture of the last move's stone in atari is left to the scan.
TEST(PlayoutAtariRate, AtZeroTheCaptureIsLeftToChance) {
  const Board board = whiteStoneInAtari();
  const Vertex capture = board.vertex({4, 6});
  const auto captures = [&](Vertex move) { return move == capture; };
  PlayoutPolicy never;
  never.atariRate = 0;
  EXPECT_EQ(blackMovesWhere(board, board.vertex({4, 5}), PlayoutPolicy{}, 40, captures), 40);
  EXPECT_LT(blackMovesWhere(board, board.vertex({4, 5}), never, 40, captures), 10);
}

// Whether Black at v would stand alone with one liberty, capturing nothing: read by playing it on a copy.
bool loneInAtari(const Board& board, Vertex v) {
  if (board.check(Color::Black, v) != RejectReason::None) return false;
  Board copy = board;
  const int stones = copy.emptyCount();
  copy.play(Color::Black, v);
  return copy.emptyCount() == stones - 1 && copy.chainSize(v) == 1 && copy.inAtari(v);
}

// The scan skips a lone stone in atari every time at 100, never at 0. White's stones on the first line leave five
// such points for Black there: (0,0), (0,2), (0,4), (0,6), (0,8).
TEST(PlayoutLoneSelfAtari, TheScanSkipsThemAsOftenAsAsked) {
  const Board board = nineByNineFromTop({".O.O.O.O."});
  int points = 0;
  for (int i = 0; i < board.emptyCount(); ++i) points += loneInAtari(board, board.emptyAt(i));
  ASSERT_EQ(points, 5);
  const auto lone = [&](Vertex move) { return loneInAtari(board, move); };
  PlayoutPolicy skip;
  skip.loneSelfAtari = 100;
  EXPECT_EQ(blackMovesWhere(board, Board::kNoVertex, skip, 400, lone), 0);
  EXPECT_GT(blackMovesWhere(board, Board::kNoVertex, PlayoutPolicy{}, 400, lone), 5);
}

// A ko fight: Black takes the ko at (1,2) as the playout's first move, White plays elsewhere, Black answers, and
// White retakes at (1,1) when koRetake says so; without it White's third move is there only by chance.
TEST(PlayoutKo, RetakesAKoAfterAThreatAndItsAnswer) {
  const Board board = nineByNineFromTop({".XO......",  //
                                         "XO.O.....",  //
                                         ".XO......"});
  const auto v = [&](int row, int col) { return board.vertex({row, col}); };
  const auto thirdMoves = [&](int koRetake) {
    PlayoutPolicy policy;
    policy.koRetake = koRetake;
    int retaken = 0;
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
      Board b = board;
      Rng rng(seed);
      std::vector<Vertex> moves;
      playout(b, Color::Black, v(1, 1), Board::kNoVertex, rng, policy, nullptr, 4, &moves);
      EXPECT_EQ(moves.at(0), v(1, 2));  // Black takes the ko
      retaken += moves.size() == 4 && moves[3] == v(1, 1);
    }
    return retaken;
  };
  EXPECT_GE(thirdMoves(100), 30);
  EXPECT_LE(thirdMoves(0), 5);
}

}  // namespace
}  // namespace tengen::engine
