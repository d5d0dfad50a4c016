// Positions for tests, drawn as rows of text: 'X' black, 'O' white, anything else empty, row 0 (the top) first.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tengen/core/board.h"
#include "tengen/core/game.h"
#include "tengen/core/types.h"

namespace tengen::test_support {

inline std::vector<Point> pointsOf(const std::vector<std::string>& rows, char mark) {
  std::vector<Point> points;
  for (int r = 0; r < static_cast<int>(rows.size()); ++r) {
    for (int c = 0; c < static_cast<int>(rows[static_cast<std::size_t>(r)].size()); ++c) {
      if (rows[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] == mark) points.push_back({r, c});
    }
  }
  return points;
}

// A board holding the diagram's stones, Black's first. Every chain in the diagram must have a liberty, so the order
// in which the stones go down captures nothing; a stone the board refuses fails the test.
inline Board boardFromDiagram(const std::vector<std::string>& rows) {
  Board board(static_cast<int>(rows.size()));
  for (Color c : {Color::Black, Color::White}) {
    for (Point p : pointsOf(rows, c == Color::Black ? 'X' : 'O')) {
      EXPECT_EQ(board.check(c, p), RejectReason::None) << "diagram stone at " << p.row << "," << p.col;
      board.play(c, board.vertex(p));
    }
  }
  return board;
}

// A game whose setup stones are the diagram's, with toMove to play first.
inline Game gameFromDiagram(const std::vector<std::string>& rows, Rules rules, Color toMove = Color::Black,
                            std::optional<double> komi = std::nullopt) {
  GameConfig config;
  config.size = static_cast<int>(rows.size());
  config.rules = rules;
  config.komi = komi;
  Game game(config);
  EXPECT_TRUE(game.addSetupStones(Color::Black, pointsOf(rows, 'X')));
  EXPECT_TRUE(game.addSetupStones(Color::White, pointsOf(rows, 'O')));
  game.setToMove(toMove);
  return game;
}

// The stones of a board as rows of 'X', 'O' and '.', for comparing with a diagram.
inline std::vector<std::string> diagramOf(const Board& board) {
  std::vector<std::string> rows;
  for (int r = 0; r < board.size(); ++r) {
    std::string row;
    for (int c = 0; c < board.size(); ++c) {
      const Color color = board.at(Point{r, c});
      row += color == Color::Black ? 'X' : color == Color::White ? 'O' : '.';
    }
    rows.push_back(row);
  }
  return rows;
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

// The end of a 9x9 game: Black's area left of its wall on D, White's right of its wall on F, dame on E, and a dead
// White stone at B8 (row 1, column 1) inside Black's area, which a count takes off the board.
inline const std::vector<std::string> kDeadStoneInBlacksArea = {
    "...X.O...",  //
    ".O.X.O...",  //
    "...X.O...",  //
    "...X.O...",  //
    "...X.O...",  //
    "...X.O...",  //
    "...X.O...",  //
    "...X.O...",  //
    "...X.O...",  //
};

}  // namespace tengen::test_support
