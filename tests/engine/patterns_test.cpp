// The 3x3 pattern table of the built-in engine: a hane, a cut and an edge block are recognised as drawn, rotated,
// mirrored and with the colours swapped; an empty neighbourhood and a lone stone are not; the one-sided shape
// answers only for its own colour.
#include "patterns.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace tengen::engine {
namespace {

// A board with the diagram's stones ('X' black, 'O' white, anything else empty; row 0 at the top).
Board boardFromDiagram(const std::vector<std::string>& rows) {
  Board board(static_cast<int>(rows.size()));
  for (int r = 0; r < static_cast<int>(rows.size()); ++r) {
    for (int c = 0; c < static_cast<int>(rows[static_cast<std::size_t>(r)].size()); ++c) {
      const char ch = rows[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
      if (ch == 'X') board.play(Color::Black, board.vertex({r, c}));
      if (ch == 'O') board.play(Color::White, board.vertex({r, c}));
    }
  }
  return board;
}

bool matchesAt(const PatternTable& table, const Board& board, Point p, Color c) {
  return table.matches(board, board.vertex(p), c);
}

TEST(Patterns, NeighbourhoodCodeReadsColoursAndTheEdge) {
  const Board board = boardFromDiagram({"XO...",  //
                                        ".....",  //
                                        ".....",  //
                                        ".....",  //
                                        "....."});
  // Point (1, 0): north-west, west and south-west are off the board; north black, north-east white.
  const std::uint16_t code = neighbourhoodCode(board, board.vertex({1, 0}));
  EXPECT_EQ(code, 3U | 1U << 2 | 2U << 4 | 3U << 6 | 3U << 10);
  EXPECT_EQ(neighbourhoodCode(board, board.vertex({3, 3})), 0U);
}

TEST(Patterns, RecognisesAHaneInEveryOrientationAndColouring) {
  const PatternTable table;
  // The hane that encloses: X O X above the empty point (2, 2).
  const Board drawn = boardFromDiagram({".....",  //
                                        ".XOX.",  //
                                        ".....",  //
                                        ".....",  //
                                        "....."});
  EXPECT_TRUE(matchesAt(table, drawn, {2, 2}, Color::Black));
  EXPECT_TRUE(matchesAt(table, drawn, {2, 2}, Color::White));
  // Turned a quarter: the shape stands to the left of (2, 2).
  const Board turned = boardFromDiagram({".....",  //
                                         ".X...",  //
                                         ".O...",  //
                                         ".X...",  //
                                         "....."});
  EXPECT_TRUE(matchesAt(table, turned, {2, 2}, Color::Black));
  // Upside down and with the colours swapped: O X O below (2, 2).
  const Board swapped = boardFromDiagram({".....",  //
                                          ".....",  //
                                          ".....",  //
                                          ".OXO.",  //
                                          "....."});
  EXPECT_TRUE(matchesAt(table, swapped, {2, 2}, Color::White));
  EXPECT_TRUE(matchesAt(table, swapped, {2, 2}, Color::Black));
}

TEST(Patterns, RecognisesACutMirroredAndSwapped) {
  const PatternTable table;
  // X at the north-west, O north and west of (2, 2): cutting at (2, 2) separates the two O stones.
  const Board drawn = boardFromDiagram({".....",  //
                                        ".XO..",  //
                                        ".O...",  //
                                        ".....",  //
                                        "....."});
  EXPECT_TRUE(matchesAt(table, drawn, {2, 2}, Color::Black));
  // Mirrored left to right and with the colours swapped.
  const Board mirrored = boardFromDiagram({".....",  //
                                           "..XO.",  //
                                           "...X.",  //
                                           ".....",  //
                                           "....."});
  EXPECT_TRUE(matchesAt(table, mirrored, {2, 2}, Color::White));
}

TEST(Patterns, RecognisesAnEdgeBlockOnEachSide) {
  const PatternTable table;
  // Block the cut on the first line: O X above, X . O on the edge row.
  const Board bottom = boardFromDiagram({".....",  //
                                         ".....",  //
                                         ".....",  //
                                         ".OX..",  //
                                         ".X.O."});
  EXPECT_TRUE(matchesAt(table, bottom, {4, 2}, Color::Black));
  // The same shape on the left edge, turned.
  const Board left = boardFromDiagram({".....",  //
                                       "XO...",  //
                                       ".X...",  //
                                       "O....",  //
                                       "....."});
  EXPECT_TRUE(matchesAt(table, left, {2, 0}, Color::Black));
}

TEST(Patterns, IgnoresEmptyAndLoneStoneNeighbourhoods) {
  const PatternTable table;
  const Board empty(9);
  for (int r = 0; r < 9; ++r) {
    for (int c = 0; c < 9; ++c) {
      EXPECT_FALSE(matchesAt(table, empty, {r, c}, Color::Black)) << r << "," << c;
      EXPECT_FALSE(matchesAt(table, empty, {r, c}, Color::White)) << r << "," << c;
    }
  }
  const Board lone = boardFromDiagram({".....",  //
                                       ".....",  //
                                       "..X..",  //
                                       ".....",  //
                                       "....."});
  for (int r = 0; r < 5; ++r) {
    for (int c = 0; c < 5; ++c) {
      if (r == 2 && c == 2) continue;
      EXPECT_FALSE(matchesAt(table, lone, {r, c}, Color::Black)) << r << "," << c;
      EXPECT_FALSE(matchesAt(table, lone, {r, c}, Color::White)) << r << "," << c;
    }
  }
}

TEST(Patterns, ThinHaneIsOnlyForItsOwnColour) {
  const PatternTable table;
  // X O O above (2, 2) on an otherwise empty board: the thin hane is good for X (Black) only.
  const Board board = boardFromDiagram({".....",  //
                                        ".XOO.",  //
                                        ".....",  //
                                        ".....",  //
                                        "....."});
  EXPECT_TRUE(matchesAt(table, board, {2, 2}, Color::Black));
  EXPECT_FALSE(matchesAt(table, board, {2, 2}, Color::White));
}

}  // namespace
}  // namespace tengen::engine
