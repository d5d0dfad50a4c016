// A game's time control: the thinking time each side has, as tengen-qt's clocks keep it, SGF's TM/OT record it and
// GTP's time_settings tells an engine (docs/client.md, docs/engines.md).
#pragma once

#include <cstdint>
#include <string>

namespace tengen {

struct TimeControl {
  enum class Kind : std::uint8_t {
    None,      // no clock
    Absolute,  // main time only: the side that uses it up loses
    ByoYomi,   // main time, then `periods` periods of `periodSeconds`; a move within a period keeps it
    Canadian,  // main time, then `stones` stones to play in each period of `periodSeconds`
  };

  Kind kind = Kind::None;
  int mainSeconds = 0;    // main time; may be 0 with an overtime (byo-yomi from the first move)
  int periodSeconds = 0;  // ByoYomi and Canadian: the length of one period
  int periods = 0;        // ByoYomi: how many periods
  int stones = 0;         // Canadian: stones per period

  bool timed() const { return kind != Kind::None; }
  bool operator==(const TimeControl&) const = default;
};

// Why a time control cannot be played, "" when it can: seconds and counts are not negative and at most a day
// (86400 s) or 1000, an absolute time has main time, an overtime has a period of at least one second and at least
// one period (ByoYomi) or stone (Canadian). None is always playable.
std::string checkTimeControl(const TimeControl& control);

}  // namespace tengen
