// Conversions between points and the three coordinate forms of docs/rules.md: GTP vertices ("D4"), SGF points
// ("dd") and 0-based (row, col) with row 0 at the top. Parsers say why they refuse.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "tengen/core/result.h"
#include "tengen/core/types.h"

namespace tengen {

// A parsed vertex: a point, a pass or a resignation.
struct ParsedVertex {
  MoveKind kind = MoveKind::Pass;
  Point point{};
  friend bool operator==(const ParsedVertex&, const ParsedVertex&) = default;
};

// The GTP letter of a 0-based column: A..Z without I, so 25 columns at most. Precondition: 0 <= col < 25.
char gtpColumnLetter(int col);
// The 0-based column of a GTP column letter in either case; nothing for I or anything that is not one.
std::optional<int> gtpColumnOf(char letter);
// The letters of a board's columns, "ABCDEFGHJ" for 9x9.
std::string gtpColumnLetters(int size);

// Reads what has the shape of a GTP vertex ("D4", "d4", up to nine digits) or "pass"/"resign", any case, blanks
// around, without judging it against a board: the point is where the vertex lies counted on a board of `size`, and
// may be off it ("Z30" or "A0" on 9x9). Nothing when the text has not that shape. The one vertex reader:
// parseGtpVertex, GTP commands and model answers all go through it.
std::optional<ParsedVertex> readGtpVertex(std::string_view text, int size);

// "D4" for a point of a board of the given size (letters skip I). Precondition: the point is on the board.
std::string gtpVertex(Point p, int size);
// "D4", "pass" or "resign" for a move.
std::string gtpMove(const Move& m, int size);

// Reads "D4", "d4", "pass", "resign" (any case, surrounding blanks ignored). The point must lie on the board.
Result<ParsedVertex> parseGtpVertex(std::string_view text, int size);

// "dd": column letter then row letter, a..z then A..Z, from the top-left.
std::string sgfPoint(Point p);

// Reads an SGF point; "" is a pass, and so is "tt" on boards up to 19x19. The point must lie on the board.
Result<ParsedVertex> parseSgfPoint(std::string_view text, int size);

// "(3, 15)".
std::string rowColText(Point p);

// Reads "(3, 15)", "3,15", "3 15" or "[3, 15]": 0-based row then column. The point must lie on the board.
Result<Point> parseRowCol(std::string_view text, int size);

}  // namespace tengen
