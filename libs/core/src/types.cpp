#include "tengen/core/types.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string>

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
  std::string lower(text);
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char ch) { return std::tolower(ch); });
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

constexpr std::array<ReasonText, 8> kReasons = {{
    {RejectReason::None, "ok", "legal"},
    {RejectReason::GameOver, "game_over", "the game is not in play"},
    {RejectReason::WrongColor, "wrong_color", "it is not that player's turn"},
    {RejectReason::OutOfBounds, "out_of_bounds", "outside the board"},
    {RejectReason::Occupied, "occupied", "stone already there"},
    {RejectReason::Suicide, "suicide", "suicide"},
    {RejectReason::Ko, "ko", "ko: immediate recapture is forbidden"},
    {RejectReason::Superko, "superko", "ko repetition: recreates an earlier position"},
}};

}  // namespace

std::string_view reasonCode(RejectReason r) { return kReasons[static_cast<int>(r)].code; }

std::string_view reasonWords(RejectReason r) { return kReasons[static_cast<int>(r)].words; }

std::optional<RejectReason> parseReasonCode(std::string_view code) {
  for (const ReasonText& t : kReasons) {
    if (t.code == code) return t.reason;
  }
  return std::nullopt;
}

}  // namespace tengen
