// The Board alone: captures, snapback, send-two-return-one, suicide, the simple ko point and the hash.
#include "tengen/core/board.h"

#include <gtest/gtest.h>

#include "support/diagram.h"

namespace tengen {
namespace {

using test_support::boardFromDiagram;
using test_support::diagramOf;

// Plays a move that must be legal and returns the number of stones it removed.
int playLegal(Board& board, Color c, Point p) {
  EXPECT_EQ(board.check(c, p, true), RejectReason::None) << "at " << p.row << "," << p.col;
  return board.play(c, board.vertex(p));
}

void expectInvariants(const Board& board) {
  std::string why;
  EXPECT_TRUE(board.checkInvariants(&why)) << why << "\n" << board.toAscii();
}

TEST(BoardTest, EmptyBoardHasNoStonesAndEveryPointEmpty) {
  for (int size : {Board::kMinSize, 9, 19, Board::kMaxSize}) {
    Board board(size);
    EXPECT_EQ(board.size(), size);
    EXPECT_EQ(board.emptyCount(), size * size);
    EXPECT_EQ(board.koVertex(), Board::kNoVertex);
    EXPECT_EQ(board.at(Point{0, 0}), Color::Empty);
    EXPECT_EQ(board.at(Point{size - 1, size - 1}), Color::Empty);
    EXPECT_EQ(board.at(Point{-1, 0}), Color::OffBoard);
    EXPECT_EQ(board.at(Point{0, size}), Color::OffBoard);
    expectInvariants(board);
  }
}

TEST(BoardTest, CheckAnswersOutOfBoundsForPointsOffTheBoard) {
  Board board(9);
  for (Point p : {Point{-1, 0}, Point{0, -1}, Point{9, 0}, Point{0, 9}, Point{-100, 100}}) {
    EXPECT_EQ(board.check(Color::Black, p), RejectReason::OutOfBounds);
  }
}

TEST(BoardTest, CheckAnswersOccupiedForBothColours) {
  Board board(9);
  playLegal(board, Color::Black, {4, 4});
  EXPECT_EQ(board.check(Color::Black, Point{4, 4}), RejectReason::Occupied);
  EXPECT_EQ(board.check(Color::White, Point{4, 4}), RejectReason::Occupied);
}

TEST(BoardTest, SnapbackRecapturesMoreThanOneStoneAndIsNotKo) {
  Board board = boardFromDiagram({
      "..O..",
      "XXO..",
      "OO...",
      ".....",
      ".....",
  });
  // White throws in at the corner; Black takes it, and is left with one liberty where the stone was.
  EXPECT_EQ(playLegal(board, Color::White, {0, 0}), 0);
  EXPECT_EQ(playLegal(board, Color::Black, {0, 1}), 1);
  EXPECT_EQ(board.koVertex(), Board::kNoVertex) << "the capturing stone joined a chain: no ko";
  EXPECT_TRUE(board.inAtari(board.vertex(Point{0, 1})));
  EXPECT_EQ(board.check(Color::White, Point{0, 0}), RejectReason::None);
  EXPECT_EQ(playLegal(board, Color::White, {0, 0}), 3);
  EXPECT_EQ(diagramOf(board), (std::vector<std::string>{
                                  "O.O..",
                                  "..O..",
                                  "OO...",
                                  ".....",
                                  ".....",
                              }));
  EXPECT_EQ(board.captures(Color::White), 3);
  EXPECT_EQ(board.captures(Color::Black), 1);
  expectInvariants(board);
}

TEST(BoardTest, SendTwoReturnOneTheReturnCaptureIsLegal) {
  Board board = boardFromDiagram({
      "OO.O.",
      "XXO..",
      ".....",
      ".....",
      ".....",
  });
  // Black takes two stones with a stone that is left in atari; taking that one stone back is not a ko, because
  // the capture before it took two stones.
  EXPECT_EQ(playLegal(board, Color::Black, {0, 2}), 2);
  EXPECT_EQ(board.koVertex(), Board::kNoVertex);
  EXPECT_EQ(board.check(Color::White, Point{0, 1}), RejectReason::None);
  EXPECT_EQ(playLegal(board, Color::White, {0, 1}), 1);
  EXPECT_EQ(diagramOf(board), (std::vector<std::string>{
                                  ".O.O.",
                                  "XXO..",
                                  ".....",
                                  ".....",
                                  ".....",
                              }));
  // Black cannot retake at (0, 2): the white stone at (0, 1) still has (0, 0), so it would be suicide.
  EXPECT_EQ(board.check(Color::Black, Point{0, 2}), RejectReason::Suicide);
  expectInvariants(board);
}

TEST(BoardTest, SimpleKoForbidsTheRetakeUntilAnotherMoveOrPass) {
  Board board = boardFromDiagram({
      ".XO..",
      "XO.O.",
      ".XO..",
      ".....",
      ".....",
  });
  EXPECT_EQ(playLegal(board, Color::Black, {1, 2}), 1);
  EXPECT_EQ(board.koVertex(), board.vertex(Point{1, 1}));
  EXPECT_EQ(board.koColor(), Color::White);
  EXPECT_EQ(board.check(Color::White, Point{1, 1}), RejectReason::Ko);
  // The ko point binds only White: Black may fill it.
  EXPECT_EQ(board.check(Color::Black, Point{1, 1}), RejectReason::None);

  Board afterPass = board;
  afterPass.pass();
  EXPECT_EQ(afterPass.koVertex(), Board::kNoVertex);
  EXPECT_EQ(afterPass.check(Color::White, Point{1, 1}), RejectReason::None);

  Board afterMove = board;
  playLegal(afterMove, Color::White, {4, 4});
  playLegal(afterMove, Color::Black, {4, 0});
  EXPECT_EQ(afterMove.check(Color::White, Point{1, 1}), RejectReason::None);
  EXPECT_EQ(playLegal(afterMove, Color::White, {1, 1}), 1);
  EXPECT_EQ(afterMove.koVertex(), afterMove.vertex(Point{1, 2}));
  EXPECT_EQ(afterMove.koColor(), Color::Black);
  expectInvariants(afterMove);
}

TEST(BoardTest, SingleStoneSuicideIsRejectedEvenWhenMultiStoneSuicideIsAllowed) {
  Board board = boardFromDiagram({
      ".O...",
      "O....",
      ".....",
      ".....",
      ".....",
  });
  EXPECT_EQ(board.check(Color::Black, Point{0, 0}, false), RejectReason::Suicide);
  EXPECT_EQ(board.check(Color::Black, Point{0, 0}, true), RejectReason::Suicide);
}

TEST(BoardTest, MultiStoneSuicideRemovesTheOwnChainAndCreditsTheOpponent) {
  Board board = boardFromDiagram({
      ".XO..",
      "OO...",
      ".....",
      ".....",
      ".....",
  });
  EXPECT_EQ(board.check(Color::Black, Point{0, 0}, false), RejectReason::Suicide);
  ASSERT_EQ(board.check(Color::Black, Point{0, 0}, true), RejectReason::None);
  Board expected = boardFromDiagram({
      "..O..",
      "OO...",
      ".....",
      ".....",
      ".....",
  });
  EXPECT_EQ(board.hashAfter(Color::Black, board.vertex(Point{0, 0})), expected.hash());
  EXPECT_EQ(board.play(Color::Black, board.vertex(Point{0, 0})), 2);
  EXPECT_TRUE(board.sameStones(expected));
  EXPECT_EQ(board.hash(), expected.hash());
  EXPECT_EQ(board.captures(Color::White), 2);
  EXPECT_EQ(board.captures(Color::Black), 0);
  expectInvariants(board);
}

TEST(BoardTest, HashDependsOnTheStonesOnlyNotTheOrderTheyWerePlayed) {
  Board a(9);
  playLegal(a, Color::Black, {2, 2});
  playLegal(a, Color::White, {6, 6});
  playLegal(a, Color::Black, {2, 6});
  Board b(9);
  playLegal(b, Color::Black, {2, 6});
  playLegal(b, Color::Black, {2, 2});
  playLegal(b, Color::White, {6, 6});
  EXPECT_EQ(a.hash(), b.hash());
  EXPECT_TRUE(a.sameStones(b));

  Board c(9);
  playLegal(c, Color::White, {2, 6});
  playLegal(c, Color::Black, {2, 2});
  playLegal(c, Color::White, {6, 6});
  EXPECT_NE(a.hash(), c.hash()) << "a stone's colour is part of the hash";
  EXPECT_FALSE(a.sameStones(c));
  EXPECT_NE(Board(9).hash(), a.hash());
}

TEST(BoardTest, HashIsTheSameOnEveryRun) {
  // Two boards built the same way agree, and an empty board's hash is fixed by the size alone.
  EXPECT_EQ(Board(19).hash(), Board(19).hash());
  Board a(19);
  Board b(19);
  playLegal(a, Color::Black, {3, 3});
  playLegal(b, Color::Black, {3, 3});
  EXPECT_EQ(a.hash(), b.hash());
}

TEST(BoardTest, HashAfterPredictsTheHashOfACapturingMove) {
  Board board = boardFromDiagram({
      "..X..",
      ".XOX.",
      ".....",
      ".XOX.",
      ".XOX.",
  });
  const Board::Vertex v = board.vertex(Point{2, 2});
  const std::uint64_t predicted = board.hashAfter(Color::Black, v);
  board.play(Color::Black, v);
  EXPECT_EQ(predicted, board.hash());
}

TEST(BoardTest, ChainQueriesCountStonesAndDistinctLiberties) {
  Board board = boardFromDiagram({
      "XX...",
      "X....",
      ".....",
      "...O.",
      ".....",
  });
  const Board::Vertex corner = board.vertex(Point{0, 0});
  EXPECT_EQ(board.chainSize(corner), 3);
  EXPECT_EQ(board.libertyCount(corner), 3);
  // (1,1) touches two of the three stones: four (stone, liberty) pairs for three liberties.
  EXPECT_EQ(board.pseudoLiberties(corner), 4);
  EXPECT_EQ(board.pseudoLiberties(board.vertex(Point{3, 3})), 4);
  EXPECT_EQ(board.chainRoot(corner), board.chainRoot(board.vertex(Point{1, 0})));
  EXPECT_EQ(board.libertyCount(board.vertex(Point{3, 3})), 4);
  EXPECT_FALSE(board.inAtari(corner));

  playLegal(board, Color::White, {0, 2});
  playLegal(board, Color::White, {1, 1});
  EXPECT_TRUE(board.inAtari(corner));
  EXPECT_EQ(board.atariLiberty(corner), board.vertex(Point{2, 0}));
  expectInvariants(board);
}

TEST(BoardTest, LibertiesAfterCountsTheMergedChainsLibertiesUpToEnough) {
  const Board board = boardFromDiagram({
      "XO...",
      ".XO..",
      "X.X..",
      ".....",
      "....O",
  });
  const auto after = [&](Color c, Point p, int enough) { return board.libertiesAfter(c, board.vertex(p), enough); };
  // White at A4 takes the last liberty of the black stone at A5: a capture counts as enough.
  EXPECT_EQ(after(Color::White, {1, 0}, 2), 2);
  // Black at B3 joins B4, A3 and C3: their liberties A4 A2 B2 C2 D3, counted up to the limit asked.
  EXPECT_EQ(after(Color::Black, {2, 1}, 2), 2);
  EXPECT_EQ(after(Color::Black, {2, 1}, 8), 5);
  // A lone stone in the corner beside nothing has two; on an open point four.
  EXPECT_EQ(after(Color::White, {4, 0}, 8), 2);
  EXPECT_EQ(after(Color::Black, {3, 3}, 8), 4);
  // Black at A4 joins A5, A3 and B4, whose liberties are then A2 and B3 (A4 itself is no longer one).
  EXPECT_EQ(after(Color::Black, {1, 0}, 8), 2);
  // White at A2, below A3: its liberties are A1 and B2.
  EXPECT_EQ(after(Color::White, {3, 0}, 8), 2);
  // Past 8 the count stops at 8.
  EXPECT_LE(after(Color::Black, {3, 2}, 100), 8);
}

TEST(BoardTest, CopiesAreIndependent) {
  Board a(9);
  playLegal(a, Color::Black, {4, 4});
  Board b = a;
  playLegal(b, Color::White, {4, 5});
  EXPECT_EQ(a.at(Point{4, 5}), Color::Empty);
  EXPECT_EQ(b.at(Point{4, 5}), Color::White);
  EXPECT_NE(a.hash(), b.hash());
  Board c(5);
  c = b;
  EXPECT_EQ(c.size(), 9);
  EXPECT_TRUE(c.sameStones(b));
  expectInvariants(c);
}

TEST(BoardTest, ClearEmptiesTheBoardAndResetsKoAndCaptures) {
  Board board = boardFromDiagram({
      "OX...",
      ".....",
      ".....",
      ".....",
      ".....",
  });
  playLegal(board, Color::Black, {1, 0});
  board.clear();
  EXPECT_EQ(board.size(), 5);
  EXPECT_TRUE(board.sameStones(Board(5)));
  EXPECT_EQ(board.hash(), Board(5).hash());
  EXPECT_EQ(board.captures(Color::Black), 0);
  EXPECT_EQ(board.emptyCount(), 25);
  expectInvariants(board);
}

TEST(BoardTest, TwoByTwoBoardFollowsTheRules) {
  Board board(2);
  playLegal(board, Color::Black, {0, 0});
  playLegal(board, Color::White, {1, 1});
  playLegal(board, Color::Black, {0, 1});
  // Black's pair and White's stone share their last liberty (1, 0); whoever fills it captures.
  EXPECT_EQ(board.check(Color::White, Point{1, 0}), RejectReason::None);
  EXPECT_EQ(playLegal(board, Color::White, {1, 0}), 2);
  EXPECT_EQ(board.at(Point{0, 0}), Color::Empty);
  EXPECT_EQ(board.at(Point{0, 1}), Color::Empty);
  // A stone at (0, 0) has (0, 1) free: legal, though White's pair surrounds it on the other side.
  EXPECT_EQ(board.check(Color::Black, Point{0, 0}), RejectReason::None);
  expectInvariants(board);
}

TEST(BoardTest, AsciiDiagramShowsStonesAndLabels) {
  Board board(9);
  playLegal(board, Color::Black, {0, 0});
  playLegal(board, Color::White, {8, 8});
  const std::string text = board.toAscii();
  EXPECT_NE(text.find('X'), std::string::npos);
  EXPECT_NE(text.find('O'), std::string::npos);
  EXPECT_NE(text.find('J'), std::string::npos) << "column letters skip I, so 9x9 ends at J";
  EXPECT_EQ(text.find('I'), std::string::npos);
  EXPECT_NE(text.find('9'), std::string::npos);
}

}  // namespace
}  // namespace tengen
