// Basic value types shared by every part of tengen: colours, points, moves and rejection reasons.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace tengen {

enum class Color : std::uint8_t { Empty = 0, Black = 1, White = 2, OffBoard = 3 };

// The other player. Only meaningful for Black and White.
constexpr Color opponent(Color c) { return static_cast<Color>(3 - static_cast<int>(c)); }

constexpr bool isPlayer(Color c) { return c == Color::Black || c == Color::White; }

// "B" / "W" (as in SGF and GTP), "" for anything else.
std::string_view colorLetter(Color c);

// "black" / "white", "empty" or "off".
std::string_view colorName(Color c);

// Accepts b, w, black, white in any case.
std::optional<Color> parseColor(std::string_view text);

// A board intersection, 0-based, row 0 at the top (docs/rules.md).
struct Point {
  int row = 0;
  int col = 0;
  friend bool operator==(const Point&, const Point&) = default;
};

enum class MoveKind : std::uint8_t { Play, Pass, Resign };

struct Move {
  Color color = Color::Black;
  MoveKind kind = MoveKind::Pass;
  Point point{};  // Only meaningful when kind == Play.

  static Move play(Color c, Point p) { return {c, MoveKind::Play, p}; }
  static Move pass(Color c) { return {c, MoveKind::Pass, {}}; }
  static Move resign(Color c) { return {c, MoveKind::Resign, {}}; }
  friend bool operator==(const Move& a, const Move& b) {
    return a.color == b.color && a.kind == b.kind && (a.kind != MoveKind::Play || a.point == b.point);
  }
};

// Why a move is refused: the one vocabulary of the rules, the referee and everything that reports them
// (docs/rules.md). The rules answer GameOver..Superko, checked in this order; Unparseable and Repeated are the
// referee's, for an AI's answer that names no move or a point already refused this turn, and Game::check never
// answers them.
enum class RejectReason : std::uint8_t {
  None = 0,
  GameOver,
  WrongColor,
  OutOfBounds,
  Occupied,
  Suicide,
  Ko,
  Superko,
  Unparseable,
  Repeated,
};

// The reason code of docs/rules.md, e.g. "occupied"; "ok" for None.
std::string_view reasonCode(RejectReason r);

// The words shown to a person and sent to a model, e.g. "stone already there"; "legal" for None.
std::string_view reasonWords(RejectReason r);

// Inverse of reasonCode; "ok" parses as None.
std::optional<RejectReason> parseReasonCode(std::string_view code);

// The reasons an attempt (one answer of an AI) can be refused for, in the order every count of them is listed:
// the match summary, the server's metrics and the reports (docs/rules.md). GameOver and WrongColor are not among
// them: the referee asks only while the game is in play, and judges the colour asked for as the one to move.
std::span<const RejectReason> attemptReasons();

}  // namespace tengen
