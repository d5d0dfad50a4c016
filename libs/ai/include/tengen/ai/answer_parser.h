// Reading a move out of a model's free-text answer (the rules are in docs/engines.md).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "tengen/core/types.h"

namespace tengen::ai {

struct ReadMove {
  MoveKind kind = MoveKind::Pass;
  // With kind == Play: the point named, which may lie off the board (the rules then say out_of_bounds).
  Point point{};
  // The piece of the answer that was read, e.g. "Q16" or "(3, 15)", for attempts and logs.
  std::string text;
};

// Reads one move from an answer on a board of the given size. Accepted shapes: a GTP vertex in any case ("q16"),
// a 0-based (row, col) pair with row 0 at the top ("(3, 15)", "[3,15]", "row 3, col 15"), JSON such as
// {"move":"D4"} or {"row":3,"col":15}, "pass", "resign", each alone or inside prose. When the answer names several
// different moves, the one marked as the answer wins ("move:", "answer:", "final answer", a JSON "move" field);
// without a mark the last one named wins. Nothing when no move can be read.
std::optional<ReadMove> readMove(std::string_view answer, int size);

}  // namespace tengen::ai
