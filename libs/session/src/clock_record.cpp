#include "tengen/session/clock_record.h"

#include <algorithm>
#include <charconv>
#include <cmath>

#include "tengen/core/text.h"
#include "tengen/sgf/sgf.h"

namespace tengen::session {

namespace {

using Kind = TimeControl::Kind;

constexpr const char* kLoseOnTimeId = "XLOSEONTIME";

std::string secondsText(std::int64_t ms) {
  char buffer[32];
  const auto [end, ec] =
      std::to_chars(buffer, buffer + sizeof buffer, static_cast<double>(std::max<std::int64_t>(0, ms)) / 1000.0,
                    std::chars_format::fixed, 1);
  return ec == std::errc() ? std::string(buffer, end) : std::string("0");
}

std::optional<double> number(const Properties& properties, const std::string& id) {
  const auto found = properties.find(id);
  if (found == properties.end()) return std::nullopt;
  const std::string_view text = trim(found->second);
  double value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || !std::isfinite(value)) {
    return std::nullopt;
  }
  return std::clamp(value, 0.0, 1e9);
}

bool hasOvertime(const TimeControl& control) { return control.kind == Kind::ByoYomi || control.kind == Kind::Canadian; }

std::optional<TimeLeft> timeOf(Color mover, const Properties& properties, const TimeControl& control) {
  const char letter = colorLetter(mover).front();
  const std::optional<double> seconds = number(properties, std::string{letter, 'L'});
  if (!seconds || !control.timed()) return std::nullopt;
  const auto ms = static_cast<std::int64_t>(std::llround(*seconds * 1000.0));
  TimeLeft time = initialTime(control);
  const std::optional<double> count = number(properties, std::string{'O', letter});
  if (count && hasOvertime(control)) {
    time.mainMs = 0;
    time.periodMs = std::min<std::int64_t>(ms, static_cast<std::int64_t>(control.periodSeconds) * 1000);
    if (control.kind == Kind::ByoYomi) {
      time.periods = std::min(static_cast<int>(*count), control.periods);
      time.flagged = time.periods <= 0;
    } else {
      time.stones = std::clamp(static_cast<int>(*count), 1, control.stones);
      time.flagged = time.periodMs <= 0;
    }
  } else {
    time.mainMs = std::min<std::int64_t>(ms, static_cast<std::int64_t>(control.mainSeconds) * 1000);
    time.flagged = control.kind == Kind::Absolute && time.mainMs <= 0;
  }
  return time;
}

}  // namespace

Properties clockRootProperties(const RecordedClock& clock) {
  Properties properties = sgf::timeControlProperties(clock.control);
  if (clock.control.timed() && !clock.loseOnTime) properties.emplace(kLoseOnTimeId, "0");
  return properties;
}

RecordedClock readClockRoot(const Properties& info) {
  RecordedClock clock;
  clock.control = sgf::readTimeControl(info);
  const auto lose = info.find(kLoseOnTimeId);
  clock.loseOnTime = lose == info.end() || lose->second != "0";
  return clock;
}

void setMoveTime(std::vector<sgf::Property>& properties, Color mover, const TimeLeft& time,
                 const TimeControl& control) {
  if (!control.timed()) return;
  const char letter = colorLetter(mover).front();
  const std::string left{letter, 'L'};
  const std::string overtime{'O', letter};
  std::erase_if(properties, [&](const sgf::Property& p) { return p.id == left || p.id == overtime; });
  properties.push_back({left, {secondsText(time.stretchMs(control))}});
  if (time.inOvertime(control)) {
    properties.push_back({overtime, {std::to_string(control.kind == Kind::ByoYomi ? time.periods : time.stones)}});
  }
}

std::optional<TimeLeft> moveTime(const std::vector<sgf::Property>& properties, Color mover,
                                 const TimeControl& control) {
  Properties single;
  for (const sgf::Property& p : properties) {
    if (p.values.size() == 1) single.emplace(p.id, p.values.front());
  }
  return timeOf(mover, single, control);
}

}  // namespace tengen::session
