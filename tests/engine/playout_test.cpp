// The playout policy's reading of fights around the last move: a chain in atari saved by capturing an attacker,
// the atari on the last mover's chain of two liberties, the extension of an own chain of two liberties; the vital
// point of an eye space one move kills; the last good replies; and that the `fights`, `nakade` and replies switches
// turn that reading off.
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
    PlayoutPolicy policy;
    policy.fights = fights;
    policy.nakade = nakade;
    moves.insert(choosePlayoutMove(board, Color::Black, board.vertex(last), Board::kNoVertex, rng, policy));
  }
  return moves;
}

// Black's moves after White's last move with the nakade answer on, and off.
std::set<Vertex> nakadeMoves(const Board& board, Point last, bool nakade) {
  return blackMoves(board, last, true, nakade);
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

// The last good replies of a game of 9x9 vertices.
TEST(PlayoutReplies, StoresTheWinnersRepliesAndForgetsTheLosers) {
  const Board board(9);
  const auto v = [&](int row, int col) { return board.vertex({row, col}); };
  Replies replies(board.vertexEnd());
  EXPECT_EQ(replies.reply(Color::White, v(2, 2), v(4, 4)), Board::kNoVertex);
  // Black E5 (context), White C3 (context), Black G7, White C7, Black G3: Black won.
  replies.learn({v(4, 4), v(6, 2), v(2, 6), v(2, 2), v(6, 6)}, Color::Black, Color::Black);
  // Black's G3 answered White's C7 after Black's G7; White's C7 was the loser's and is not stored.
  EXPECT_EQ(replies.reply(Color::Black, v(2, 6), v(2, 2)), v(6, 6));
  EXPECT_EQ(replies.reply(Color::Black, v(0, 0), v(2, 2)), v(6, 6));  // by the last move alone
  EXPECT_EQ(replies.reply(Color::White, v(6, 2), v(2, 6)), Board::kNoVertex);
  // The first two moves are context only: nothing answers E5.
  EXPECT_EQ(replies.reply(Color::White, Board::kNoVertex, v(4, 4)), Board::kNoVertex);
  // A pass is answered by nothing.
  EXPECT_EQ(replies.reply(Color::Black, v(2, 6), Board::kNoVertex), Board::kNoVertex);

  // The same reply in a game Black lost is forgotten, by the pair and by the last move alone.
  replies.learn({v(4, 4), v(6, 2), v(2, 6), v(2, 2), v(6, 6)}, Color::Black, Color::White);
  EXPECT_EQ(replies.reply(Color::Black, v(2, 6), v(2, 2)), Board::kNoVertex);
  // White won this time: its C7 after Black's G7 is stored.
  EXPECT_EQ(replies.reply(Color::White, v(6, 2), v(2, 6)), v(2, 2));

  // A losing move that is not the stored one leaves the stored one alone.
  replies.learn({v(4, 4), v(6, 2), v(2, 6), v(2, 2), v(6, 6)}, Color::Black, Color::Black);
  replies.learn({v(4, 4), v(6, 2), v(2, 6), v(2, 2), v(7, 7)}, Color::Black, Color::White);
  EXPECT_EQ(replies.reply(Color::Black, v(2, 6), v(2, 2)), v(6, 6));
  // The pair's reply comes before the last move's alone.
  replies.learn({v(0, 8), v(8, 0), v(3, 3), v(2, 2), v(5, 5)}, Color::Black, Color::Black);
  EXPECT_EQ(replies.reply(Color::Black, v(2, 6), v(2, 2)), v(6, 6));
  EXPECT_EQ(replies.reply(Color::Black, v(3, 3), v(2, 2)), v(5, 5));
  EXPECT_EQ(replies.reply(Color::Black, v(0, 0), v(2, 2)), v(5, 5));
}

TEST(PlayoutReplies, ThePolicyPlaysAStoredReplyWhileItIsPlayable) {
  const Board board = boardFromDiagram({".........",  //
                                        ".........",  //
                                        "..O......",  //
                                        ".........",  //
                                        "....X....",  //
                                        ".........",  //
                                        ".........",  //
                                        ".........",  //
                                        "........."});
  const auto v = [&](int row, int col) { return board.vertex({row, col}); };
  Replies replies(board.vertexEnd());
  PlayoutPolicy withReplies;
  withReplies.replies = &replies;
  // Black answered White's C7 with G3 after its E5, and won.
  replies.learn({Board::kNoVertex, Board::kNoVertex, v(4, 4), v(2, 2), v(6, 6)}, Color::Black, Color::Black);
  std::set<Vertex> moves;
  std::set<Vertex> without;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    Rng rng(seed);
    moves.insert(choosePlayoutMove(board, Color::Black, v(2, 2), v(4, 4), rng, withReplies));
    Rng again(seed);
    without.insert(choosePlayoutMove(board, Color::Black, v(2, 2), v(4, 4), again, PlayoutPolicy{}));
  }
  EXPECT_EQ(moves, std::set<Vertex>{v(6, 6)});
  EXPECT_GT(without.size(), 2U);

  // Once the point is taken the reply is not playable, and the policy goes on without it.
  const Board taken = boardFromDiagram({".........",  //
                                        ".........",  //
                                        "..O......",  //
                                        ".........",  //
                                        "....X....",  //
                                        ".........",  //
                                        "......O..",  //
                                        ".........",  //
                                        "........."});
  std::set<Vertex> after;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    Rng rng(seed);
    after.insert(choosePlayoutMove(taken, Color::Black, v(2, 2), v(4, 4), rng, withReplies));
  }
  EXPECT_EQ(after.count(v(6, 6)), 0U);
  EXPECT_GT(after.size(), 2U);
}

TEST(PlayoutReplies, ACaptureComesBeforeTheReply) {
  // White's last move (4,5) stands in atari at (4,6): Black takes it whatever reply is stored.
  const Board board = whiteStoneInAtari();
  const auto v = [&](int row, int col) { return board.vertex({row, col}); };
  ASSERT_TRUE(board.inAtari(v(4, 5)));
  Replies replies(board.vertexEnd());
  PlayoutPolicy withReplies;
  withReplies.replies = &replies;
  replies.learn({Board::kNoVertex, Board::kNoVertex, v(4, 4), v(4, 5), v(8, 8)}, Color::Black, Color::Black);
  ASSERT_EQ(replies.reply(Color::Black, v(4, 4), v(4, 5)), v(8, 8));
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    Rng rng(seed);
    EXPECT_EQ(choosePlayoutMove(board, Color::Black, v(4, 5), v(4, 4), rng, withReplies), v(4, 6));
  }
}

// A race of two liberties against two: White's last move (2,2) took Black's third liberty; Black's four stones and
// White's four beside them have two each. Black fights the race by taking a liberty of White's, (0,5) or (1,5),
// only with races on; without, nothing around the last move answers and the scan plays anywhere.
TEST(PlayoutRaces, TakesALibertyOfTheAttackerInARaceOfTwoLiberties) {
  const Board board = nineByNineFromTop({".XXOO....",  //
                                         ".XXOO....",  //
                                         ".OOXX...."});
  const auto v = [&](int row, int col) { return board.vertex({row, col}); };
  PlayoutPolicy races;
  races.races = true;
  std::set<Vertex> with;
  std::set<Vertex> without;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    Rng rng(seed);
    with.insert(choosePlayoutMove(board, Color::Black, v(2, 2), Board::kNoVertex, rng, races));
    Rng again(seed);
    without.insert(choosePlayoutMove(board, Color::Black, v(2, 2), Board::kNoVertex, again, PlayoutPolicy{}));
  }
  EXPECT_EQ(with, (std::set<Vertex>{v(0, 5), v(1, 5)}));
  EXPECT_GT(without.size(), 10U);
}

// The shape of the mover's own last move is answered with ownShape: every move is a pattern answer around it
// (the test finds them with the table itself), none without.
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
