// Boards for tests, drawn as rows of text, and the ladder the engine's tests read.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tengen/core/board.h"

namespace tengen::test_support {

// 'X' black, 'O' white, anything else empty; row 0 at the top. The stones are placed Black first, so every chain of
// the diagram must keep a liberty; a stone the board refuses fails the test.
inline Board boardOf(const std::vector<std::string>& rows) {
  Board board(static_cast<int>(rows.size()));
  for (Color c : {Color::Black, Color::White}) {
    for (int r = 0; r < static_cast<int>(rows.size()); ++r) {
      for (int k = 0; k < static_cast<int>(rows[static_cast<std::size_t>(r)].size()); ++k) {
        if (rows[static_cast<std::size_t>(r)][static_cast<std::size_t>(k)] != (c == Color::Black ? 'X' : 'O')) continue;
        EXPECT_EQ(board.check(c, Point{r, k}), RejectReason::None) << r << "," << k;
        board.play(c, board.vertex({r, k}));
      }
    }
  }
  return board;
}

// White's C3 (row 10, column 2) is in atari at D3; each extension leaves two liberties and the staircase runs to
// the upper right edge.
inline const std::vector<std::string> kLadder = {
    ".............",  //
    ".............",  //
    ".............",  //
    ".............",  //
    ".............",  //
    ".............",  //
    ".............",  //
    ".............",  //
    ".............",  //
    "..X..........",  //
    ".XO..........",  //
    "..XX.........",  //
    ".............",  //
};

}  // namespace tengen::test_support
