// A PNG picture of the board that a vision-language model reads well: wood background, grid, star points, shaded
// stones, the last move marked, and coordinate labels (GTP letters and numbers) on all four sides. Drawn with cairo.
#pragma once

#include <string>

#include "tengen/core/game.h"

namespace tengen::ai {

struct BoardImageOptions {
  int pixels = 800;  // width and height of the square image
  bool markLastMove = true;
  // Also label the 0-based (row, col) indices, for prompts that ask for --coords rowcol.
  bool rowColLabels = false;
};

// The PNG file's bytes.
std::string renderBoardPng(const Game& game, const BoardImageOptions& options = {});

}  // namespace tengen::ai
