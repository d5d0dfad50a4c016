// The learned move model and its features: canonical patterns and shapes under the board's symmetries, ladder
// reading (a working and a broken ladder), the tactical families (capture, escape, self-atari, atari), distances and
// position, the model file's text both ways, and the shipped model's ranking of moves a player would rank.
#include "tengen/engine/move_model.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tengen/core/board.h"
#include "tengen/core/coords.h"
#include "tengen/engine/move_features.h"

#include "support/diagram.h"

namespace tengen::engine {
namespace {

using test_support::boardFromDiagram;
using test_support::kLadder;

Board::Vertex at(const Board& board, const char* vertex) {
  return board.vertex(parseGtpVertex(vertex, board.size())->point);
}

std::uint32_t level(const MoveFeatures& f, Family family) { return f[static_cast<std::size_t>(family)]; }

// The diagram turned a quarter, mirrored, and with the colours swapped.
std::vector<std::string> transposed(const std::vector<std::string>& rows) {
  std::vector<std::string> out(rows.size(), std::string(rows.size(), '.'));
  for (std::size_t r = 0; r < rows.size(); ++r) {
    for (std::size_t c = 0; c < rows.size(); ++c) out[c][r] = rows[r][c];
  }
  return out;
}

std::vector<std::string> swapped(std::vector<std::string> rows) {
  for (std::string& row : rows) {
    for (char& ch : row) ch = ch == 'X' ? 'O' : ch == 'O' ? 'X' : ch;
  }
  return rows;
}

const std::vector<std::string> kCorner = {
    ".......",  //
    "..O....",  //
    ".XX.O..",  //
    ".......",  //
    ".......",  //
    ".......",  //
    ".......",  //
};

TEST(MoveFeatures, PatternsAndShapesAreTheSameUnderEverySymmetryAndForEitherColour) {
  const Board board = boardFromDiagram(kCorner);
  const Board flipped = boardFromDiagram(transposed(kCorner));
  const Board other = boardFromDiagram(swapped(kCorner));
  // Black at D5 (row 2, col 3): the same shape transposed is Black at C4 (row 3, col 2); swapped, White at D5.
  const Board::Vertex v = board.vertex({2, 3});
  EXPECT_EQ(canonicalPattern(board, v, Color::Black), canonicalPattern(flipped, flipped.vertex({3, 2}), Color::Black));
  EXPECT_EQ(canonicalPattern(board, v, Color::Black), canonicalPattern(other, other.vertex({2, 3}), Color::White));
  EXPECT_EQ(canonicalShape(board, v, Color::Black), canonicalShape(flipped, flipped.vertex({3, 2}), Color::Black));
  EXPECT_EQ(canonicalShape(board, v, Color::Black), canonicalShape(other, other.vertex({2, 3}), Color::White));
  // For the other colour the shape is another one.
  EXPECT_NE(canonicalPattern(board, v, Color::Black), canonicalPattern(board, v, Color::White));
  // The diamond sees two lines away where the 3x3 does not: E3's 3x3 is empty, its diamond holds White's E5.
  const Board::Vertex e3 = at(board, "E3");
  const Board empty(7);
  EXPECT_EQ(canonicalPattern(board, e3, Color::Black), 0U) << "an empty 3x3 is code 0 whatever is farther away";
  EXPECT_NE(canonicalShape(board, e3, Color::Black), canonicalShape(empty, empty.vertex({3, 3}), Color::Black));
}

TEST(Ladder, AWorkingLadderCapturesAndAStoneOnItsPathBreaksIt) {
  const Board board = boardFromDiagram(kLadder);
  const Board::Vertex c3 = at(board, "C3");
  ASSERT_TRUE(board.inAtari(c3));
  EXPECT_TRUE(ladderCaptures(board, c3));
  // A white stone at K10 stands on the staircase's way: the ladder no longer works.
  Board broken = board;
  broken.play(Color::White, at(broken, "K10"));
  EXPECT_FALSE(ladderCaptures(broken, c3));
  // A white stone away from it changes nothing.
  Board aside = board;
  aside.play(Color::White, at(aside, "B12"));
  EXPECT_TRUE(ladderCaptures(aside, c3));
  // With the extension's point taken by Black, there is nothing to read: captured at once.
  Board full = board;
  full.play(Color::Black, at(full, "K12"));
  EXPECT_TRUE(ladderCaptures(full, c3));
}

TEST(Ladder, CapturingAStoneOfTheChaserEscapes) {
  // White's C3 is in atari at D3, but so are Black's C2 D2, at the same point: White takes them instead of running.
  const Board board = boardFromDiagram({".......",  //
                                        ".......",  //
                                        ".......",  //
                                        "..X....",  //
                                        ".XO....",  //
                                        ".OXXO..",  //
                                        "..OO..."});
  const Board::Vertex c3 = board.vertex({4, 2});
  ASSERT_TRUE(board.inAtari(c3));
  ASSERT_TRUE(board.inAtari(board.vertex({5, 2})));
  EXPECT_FALSE(ladderCaptures(board, c3));
}

TEST(MoveFeatures, TacticalFamiliesSayWhatTheMoveDoes) {
  const Board board = boardFromDiagram(kLadder);
  // White running at D3 runs into the ladder; Black taking D3 is a capture of one stone.
  const MoveFeatures run = moveFeatures(board, Color::White, at(board, "D3"), Board::kNoVertex, Board::kNoVertex);
  EXPECT_EQ(level(run, Family::Escape), 3U);
  const MoveFeatures take = moveFeatures(board, Color::Black, at(board, "D3"), Board::kNoVertex, Board::kNoVertex);
  EXPECT_EQ(level(take, Family::Capture), 3U);
  EXPECT_EQ(level(take, Family::Escape), 0U);
  // With the breaker the run escapes the ladder.
  Board broken = board;
  broken.play(Color::White, at(broken, "K10"));
  EXPECT_EQ(
      level(moveFeatures(broken, Color::White, at(broken, "D3"), Board::kNoVertex, Board::kNoVertex), Family::Escape),
      2U);

  // Atari that the ladder turns into a capture, and, with the breaker, one the opponent runs from: the diagram
  // without Black's C2, where Black ataris.
  std::vector<std::string> open = kLadder;
  open[11][2] = '.';
  const Board two = boardFromDiagram(open);
  EXPECT_EQ(level(moveFeatures(two, Color::Black, at(two, "C2"), Board::kNoVertex, Board::kNoVertex), Family::Atari),
            1U);
  Board twoBroken = two;
  twoBroken.play(Color::White, at(twoBroken, "K10"));
  EXPECT_EQ(level(moveFeatures(twoBroken, Color::Black, at(twoBroken, "C2"), Board::kNoVertex, Board::kNoVertex),
                  Family::Atari),
            2U);

  // A self-atari: Black at A1 beside White's A2, with B1 its only liberty.
  const Board corner = boardFromDiagram({".....",  //
                                         ".....",  //
                                         ".....",  //
                                         "O....",  //
                                         "....."});
  const MoveFeatures self =
      moveFeatures(corner, Color::Black, corner.vertex({4, 0}), Board::kNoVertex, Board::kNoVertex);
  EXPECT_EQ(level(self, Family::SelfAtari), 1U);
}

TEST(MoveFeatures, DistancesAndPosition) {
  const Board board(19);
  const Board::Vertex q16 = at(board, "Q16");
  const MoveFeatures f = moveFeatures(board, Color::Black, q16, at(board, "R16"), at(board, "Q10"));
  EXPECT_EQ(level(f, Family::DistancePrevious), 2U);  // 1 + 0 + 1
  EXPECT_EQ(level(f, Family::DistanceOwn), 12U);      // 0 + 6 + 6
  // Q16 is on the fourth line from the top and the fourth from the right, and nothing is within three points.
  EXPECT_EQ(level(f, Family::Position), 1U + ((4 - 1) * 6 + (4 - 1)) * 2 + 1);
  EXPECT_EQ(level(moveFeatures(board, Color::Black, q16, Board::kNoVertex, Board::kNoVertex), Family::DistanceOwn), 0U);
}

TEST(MoveModel, TheFileReadsBackToTheSameBytes) {
  MoveModel model;
  model.setGamma(Family::Capture, 1, 12.5);
  model.setGamma(Family::Pattern, 4096, 0.25);
  model.setGamma(Family::Shape, 123456, 3);
  model.setGamma(Family::Shape, kUnknownShape, 0.5);
  const std::string text = model.write("a test\nof two lines");
  EXPECT_EQ(text.substr(0, 24), "# a test\n# of two lines\n");
  const auto parsed = MoveModel::parse(text);
  ASSERT_TRUE(parsed.ok()) << parsed.error();
  EXPECT_EQ(parsed->write("a test\nof two lines"), text);
  EXPECT_DOUBLE_EQ(parsed->gamma(Family::Capture, 1), 12.5);
  EXPECT_DOUBLE_EQ(parsed->gamma(Family::Shape, 123456), 3);
  EXPECT_DOUBLE_EQ(parsed->gamma(Family::Shape, 42), 0.5) << "an unknown shape has kUnknownShape's weight";
  EXPECT_TRUE(parsed->knowsShape(123456));

  EXPECT_EQ(MoveModel::parse("capture 1\n").error(), "line 1: expected FAMILY LEVEL GAMMA");
  EXPECT_EQ(MoveModel::parse("# c\nnothing 1 2\n").error(), "line 2: unknown family 'nothing'");
  EXPECT_EQ(MoveModel::parse("capture 999 2\n").error(), "line 1: bad level '999'");
  EXPECT_EQ(MoveModel::parse("capture 1 -2\n").error(), "line 1: bad gamma '-2'");
}

TEST(MoveModel, TheShippedModelRanksMovesAsAPlayerWould) {
  const MoveModel& model = MoveModel::builtin();
  // Learned from records: capturing and escaping are strong, self-atari weak.
  EXPECT_GT(model.gamma(Family::Capture, 1), 2);
  EXPECT_GT(model.gamma(Family::Escape, 1), 1);
  EXPECT_LT(model.gamma(Family::SelfAtari, 2), 0.5);
  EXPECT_GT(model.gamma(Family::DistancePrevious, 2), model.gamma(Family::DistancePrevious, 17));

  // On an empty 19x19 board the 3-4 and 4-4 points of the corners outrank the first line and the centre.
  const Board empty(19);
  const auto strength = [&](const char* v) {
    return model.strength(moveFeatures(empty, Color::Black, at(empty, v), Board::kNoVertex, Board::kNoVertex));
  };
  for (const char* corner : {"D4", "Q16", "R16", "C4"}) {
    for (const char* poor : {"A1", "K1", "A10", "K10", "B2", "J2"}) {
      EXPECT_GT(strength(corner), strength(poor)) << corner << " against " << poor;
    }
  }

  // With White's C3 in a ladder, Black's capture at D3 outranks a far first-line move, and White's running into
  // the ladder is no better than the first line.
  const Board ladder = boardFromDiagram(kLadder);
  const auto in = [&](Color c, const char* v) {
    return model.strength(moveFeatures(ladder, c, at(ladder, v), Board::kNoVertex, Board::kNoVertex));
  };
  EXPECT_GT(in(Color::Black, "D3"), 5 * in(Color::Black, "N1"));
  // With a white stone on the staircase's way the same run escapes, and the model ranks it higher than the run
  // into the ladder.
  Board broken = ladder;
  broken.play(Color::White, at(broken, "K10"));
  const double escapes =
      model.strength(moveFeatures(broken, Color::White, at(broken, "D3"), Board::kNoVertex, Board::kNoVertex));
  EXPECT_GT(escapes, 2 * in(Color::White, "D3"));

  // Black's B2 C2 have the liberties B1 and D2. Black at B1 puts the three stones in atari (D2 is left) without
  // capturing anything, and ranks below the extension to D2.
  const Board pair = boardFromDiagram({".......",  //
                                       ".......",  //
                                       ".......",  //
                                       ".......",  //
                                       "OOOO...",  //
                                       "OXX....",  //
                                       "O.OO..."});
  const auto here = [&](const char* v) {
    return model.strength(moveFeatures(pair, Color::Black, at(pair, v), Board::kNoVertex, Board::kNoVertex));
  };
  EXPECT_EQ(
      level(moveFeatures(pair, Color::Black, at(pair, "B1"), Board::kNoVertex, Board::kNoVertex), Family::SelfAtari),
      2U);
  EXPECT_GT(here("D2"), 2 * here("B1"));
}

}  // namespace
}  // namespace tengen::engine
