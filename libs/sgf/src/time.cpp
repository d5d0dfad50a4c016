// Time controls as the root properties TM and OT: timeControlProperties(), readTimeControl().
#include <charconv>
#include <cmath>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "tengen/core/text.h"
#include "tengen/core/time_control.h"
#include "tengen/sgf/sgf.h"

namespace tengen::sgf {

namespace {

// A whole number of seconds or a count; TM may carry a fraction ("600.0"), which is dropped.
std::optional<int> wholeNumber(std::string_view text) {
  text = trim(text);
  double value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || !std::isfinite(value)) {
    return std::nullopt;
  }
  if (value < 0 || value > 1e9) return std::nullopt;
  return static_cast<int>(value);
}

// "5x30 byo-yomi" or "25/600 Canadian" as the overtime part of a control; nothing when it is neither.
std::optional<TimeControl> overtimeOf(std::string_view ot) {
  ot = trim(ot);
  const std::size_t space = ot.find(' ');
  if (space == std::string_view::npos) return std::nullopt;
  const std::string_view numbers = ot.substr(0, space);
  const std::string word = asciiLower(trim(ot.substr(space + 1)));
  TimeControl control;
  std::size_t sep = std::string_view::npos;
  if (word == "byo-yomi" || word == "byoyomi" || word == "byo yomi") {
    control.kind = TimeControl::Kind::ByoYomi;
    sep = numbers.find_first_of("xX");
  } else if (word == "canadian") {
    control.kind = TimeControl::Kind::Canadian;
    sep = numbers.find('/');
  }
  if (sep == std::string_view::npos) return std::nullopt;
  const std::optional<int> count = wholeNumber(numbers.substr(0, sep));
  const std::optional<int> seconds = wholeNumber(numbers.substr(sep + 1));
  if (!count || !seconds) return std::nullopt;
  control.periodSeconds = *seconds;
  (control.kind == TimeControl::Kind::ByoYomi ? control.periods : control.stones) = *count;
  return control;
}

}  // namespace

std::map<std::string, std::string> timeControlProperties(const TimeControl& control) {
  std::map<std::string, std::string> properties;
  if (!control.timed()) return properties;
  properties["TM"] = std::to_string(control.mainSeconds);
  const std::string period = std::to_string(control.periodSeconds);
  if (control.kind == TimeControl::Kind::ByoYomi) {
    properties["OT"] = std::to_string(control.periods) + "x" + period + " byo-yomi";
  } else if (control.kind == TimeControl::Kind::Canadian) {
    properties["OT"] = std::to_string(control.stones) + "/" + period + " Canadian";
  }
  return properties;
}

TimeControl readTimeControl(const std::map<std::string, std::string>& info) {
  const auto tm = info.find("TM");
  if (tm == info.end()) return {};
  const std::optional<int> main = wholeNumber(tm->second);
  if (!main) return {};
  TimeControl control{TimeControl::Kind::Absolute, *main, 0, 0, 0};
  if (const auto ot = info.find("OT"); ot != info.end()) {
    if (std::optional<TimeControl> overtime = overtimeOf(ot->second)) {
      control = *overtime;
      control.mainSeconds = *main;
    }
  }
  return checkTimeControl(control).empty() ? control : TimeControl{};
}

}  // namespace tengen::sgf
