#include "tengen/core/types.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string>

#include "tengen/core/text.h"

namespace tengen {

std::string_view colorLetter(Color c) {
  switch (c) {
    case Color::Black:
      return "B";
    case Color::White:
      return "W";
    default:
      return "";
  }
}

std::string_view colorName(Color c) {
  switch (c) {
    case Color::Black:
      return "black";
    case Color::White:
      return "white";
    case Color::Empty:
      return "empty";
    case Color::OffBoard:
      return "off";
  }
  return "";
}

std::optional<Color> parseColor(std::string_view text) {
  const std::string lower = asciiLower(text);
  if (lower == "b" || lower == "black") return Color::Black;
  if (lower == "w" || lower == "white") return Color::White;
  return std::nullopt;
}

namespace {

struct ReasonText {
  RejectReason reason;
  std::string_view code;
  std::string_view words;
};

// The one table of reason codes and words. The attempt reasons come first, in the order counts list them.
constexpr std::array<ReasonText, 10> kReasons = {{
    {RejectReason::Occupied, "occupied", "stone already there"},
    {RejectReason::Suicide, "suicide", "suicide"},
    {RejectReason::Ko, "ko", "ko: immediate recapture is forbidden"},
    {RejectReason::Superko, "superko", "ko repetition: recreates an earlier position"},
    {RejectReason::OutOfBounds, "out_of_bounds", "outside the board"},
    {RejectReason::Unparseable, "unparseable", "no coordinate could be read from the answer"},
    {RejectReason::Repeated, "repeated", "names a point already rejected this turn"},
    {RejectReason::GameOver, "game_over", "the game is not in play"},
    {RejectReason::WrongColor, "wrong_color", "it is not that player's turn"},
    {RejectReason::None, "ok", "legal"},
}};
constexpr std::size_t kAttemptReasonCount = 7;

constexpr std::array<RejectReason, kAttemptReasonCount> attemptReasonList() {
  std::array<RejectReason, kAttemptReasonCount> out{};
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = kReasons[i].reason;
  return out;
}
constexpr std::array<RejectReason, kAttemptReasonCount> kAttemptReasons = attemptReasonList();

const ReasonText& textOf(RejectReason r) {
  for (const ReasonText& t : kReasons) {
    if (t.reason == r) return t;
  }
  return kReasons.back();  // unreachable: every enumerator is in the table (types_test checks)
}

}  // namespace

std::string_view reasonCode(RejectReason r) { return textOf(r).code; }

std::string_view reasonWords(RejectReason r) { return textOf(r).words; }

std::optional<RejectReason> parseReasonCode(std::string_view code) {
  for (const ReasonText& t : kReasons) {
    if (t.code == code) return t.reason;
  }
  return std::nullopt;
}

std::span<const RejectReason> attemptReasons() { return kAttemptReasons; }

}  // namespace tengen
