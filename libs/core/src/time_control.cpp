#include "tengen/core/time_control.h"

#include <algorithm>

namespace tengen {

namespace {

using Kind = TimeControl::Kind;

constexpr int kMostSeconds = 86400;
constexpr int kMostCount = 1000;

std::int64_t ms(int seconds) { return static_cast<std::int64_t>(seconds) * 1000; }

}  // namespace

std::string checkTimeControl(const TimeControl& control) {
  if (control.kind == Kind::None) return {};
  if (control.mainSeconds < 0 || control.mainSeconds > kMostSeconds) return "main time must be 0 to 86400 seconds";
  if (control.kind == Kind::Absolute) {
    return control.mainSeconds > 0 ? std::string() : "absolute time needs a main time";
  }
  if (control.periodSeconds < 1 || control.periodSeconds > kMostSeconds) {
    return "an overtime period must be 1 to 86400 seconds";
  }
  if (control.kind == Kind::ByoYomi && (control.periods < 1 || control.periods > kMostCount)) {
    return "byo-yomi needs 1 to 1000 periods";
  }
  if (control.kind == Kind::Canadian && (control.stones < 1 || control.stones > kMostCount)) {
    return "Canadian overtime needs 1 to 1000 stones per period";
  }
  return {};
}

TimeLeft initialTime(const TimeControl& control) {
  if (!control.timed()) return {};
  return {ms(control.mainSeconds), ms(control.periodSeconds), control.periods, control.stones, false};
}

TimeLeft charge(TimeLeft time, const TimeControl& control, std::int64_t elapsedMs, bool moved) {
  if (!control.timed() || time.flagged) return time;
  std::int64_t elapsed = std::max<std::int64_t>(0, elapsedMs);
  if (time.mainMs > 0) {
    const std::int64_t used = std::min(time.mainMs, elapsed);
    time.mainMs -= used;
    elapsed -= used;
    if (time.mainMs > 0) return time;
  }
  switch (control.kind) {
    case Kind::None:
      return time;
    case Kind::Absolute:
      time.flagged = true;
      return time;
    case Kind::ByoYomi:
      // Each period that runs out is gone; the move, if it came in time, keeps the one it was made in.
      while (elapsed >= time.periodMs) {
        elapsed -= time.periodMs;
        if (--time.periods <= 0) {
          time.periods = 0;
          time.periodMs = 0;
          time.flagged = true;
          return time;
        }
        time.periodMs = ms(control.periodSeconds);
      }
      time.periodMs = moved ? ms(control.periodSeconds) : time.periodMs - elapsed;
      return time;
    case Kind::Canadian:
      if (elapsed >= time.periodMs) {
        time.periodMs = 0;
        time.flagged = true;
        return time;
      }
      time.periodMs -= elapsed;
      if (moved && --time.stones <= 0) {
        time.stones = control.stones;
        time.periodMs = ms(control.periodSeconds);
      }
      return time;
  }
  return time;
}

}  // namespace tengen
