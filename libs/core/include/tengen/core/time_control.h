// A game's time control and what one side has left under it: the thinking time each side has, as tengen-qt's clocks
// keep it, SGF's TM/OT and BL/WL record it, GTP's time_settings and time_left tell an engine, and the built-in engine
// budgets its thinking from (docs/client.md, docs/engines.md).
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

// What one side has left on its clock under a TimeControl.
struct TimeLeft {
  std::int64_t mainMs = 0;    // main time left
  std::int64_t periodMs = 0;  // left in the current overtime period (a whole period before the overtime begins)
  int periods = 0;            // ByoYomi: periods left, the current one included
  int stones = 0;             // Canadian: stones still to play in the current period
  bool flagged = false;       // no time left: the flag fell

  // Whether the main time is over and an overtime runs (never for Absolute or None).
  bool inOvertime(const TimeControl& control) const {
    return mainMs <= 0 && (control.kind == TimeControl::Kind::ByoYomi || control.kind == TimeControl::Kind::Canadian);
  }
  // What is left of the main time, or of the current overtime period: what a display counts down, the last seconds'
  // ticks are about and GTP's time_left tells.
  std::int64_t stretchMs(const TimeControl& control) const { return inOvertime(control) ? periodMs : mainMs; }
  // The stones to play within stretchMs, as GTP's time_left counts them: 0 in the main time, 1 in a byo-yomi period
  // (which each move gets whole), the stones left of a Canadian period.
  int stretchStones(const TimeControl& control) const {
    if (!inOvertime(control)) return 0;
    return control.kind == TimeControl::Kind::ByoYomi ? 1 : stones;
  }
  bool operator==(const TimeLeft&) const = default;
};

// A side's whole time at the start of a game under `control`.
TimeLeft initialTime(const TimeControl& control);

// `time` after `elapsedMs` of thinking, and after a move made at its end when `moved`. Main time goes first, then
// the overtime: a byo-yomi period that runs out is lost and the next one begins, a move within a period gives that
// period back whole; a Canadian period's stones count down with each move and a fresh period begins after its last
// stone. The flag falls when no time is left: the main time of Absolute, the last byo-yomi period, a Canadian
// period before its stones are played. A flagged side's time stays as it is. None never runs out.
TimeLeft charge(TimeLeft time, const TimeControl& control, std::int64_t elapsedMs, bool moved);

}  // namespace tengen
