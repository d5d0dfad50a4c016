// The game clock of docs/client.md: both sides' time under a TimeControl, running for the side to move. Time comes
// from an injected monotonic source, so tests move a fake one by hand instead of sleeping. No timer: a front end
// polls (the client's GameClock every tenth of a second).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "tengen/ai/move_source.h"
#include "tengen/core/time_control.h"
#include "tengen/core/types.h"

namespace tengen::session {

// A monotonic clock in milliseconds.
class TimeSource {
 public:
  virtual ~TimeSource() = default;
  virtual std::int64_t nowMs() const = 0;
};

// std::chrono::steady_clock.
class SteadyTimeSource final : public TimeSource {
 public:
  std::int64_t nowMs() const override;
};

// One side's time.
struct SideTime {
  std::int64_t mainMs = 0;    // main time left
  std::int64_t periodMs = 0;  // left in the current overtime period (a whole period before the overtime begins)
  int periods = 0;            // ByoYomi: periods left, the current one included
  int stones = 0;             // Canadian: stones still to play in the current period
  bool flagged = false;       // no time left: the flag fell

  // Whether the main time is over and an overtime runs (never for Absolute or None).
  bool inOvertime(const TimeControl& control) const {
    return mainMs <= 0 && (control.kind == TimeControl::Kind::ByoYomi || control.kind == TimeControl::Kind::Canadian);
  }
  // What is left of the main time, or of the current overtime period: what the display counts down and the last
  // seconds' ticks are about.
  std::int64_t stretchMs(const TimeControl& control) const { return inOvertime(control) ? periodMs : mainMs; }
  bool operator==(const SideTime&) const = default;
};

// A side's whole time at the start of a game under `control`.
SideTime initialTime(const TimeControl& control);

// `time` after `elapsedMs` of thinking, and after a move made at its end when `moved`. Main time goes first, then
// the overtime: a byo-yomi period that runs out is lost and the next one begins, a move within a period gives that
// period back whole; a Canadian period's stones count down with each move and a fresh period begins after its last
// stone. The flag falls when no time is left: the main time of Absolute, the last byo-yomi period, a Canadian
// period before its stones are played. A flagged side's time stays as it is. None never runs out.
SideTime charge(SideTime time, const TimeControl& control, std::int64_t elapsedMs, bool moved);

// The clock a move request carries (GTP's time_left, the built-in engine's budget): the main time left with 0
// stones; in byo-yomi the period left with 1 stone and the periods left; in Canadian overtime the period left
// with the stones left.
ai::MoveRequest::Clock requestClock(const SideTime& time, const TimeControl& control);

class Clock {
 public:
  // `time` must outlive the clock.
  explicit Clock(const TimeSource& time) : m_time(&time) {}

  // A new game under `control`: both sides get its whole time; nothing runs.
  void reset(const TimeControl& control);
  // Puts a side's time back as a record says it was; nothing runs.
  void setTime(Color side, const SideTime& time);
  const TimeControl& control() const { return m_control; }
  bool timed() const { return m_control.timed(); }

  // Runs for `side` from now; the side that ran before is charged up to now, without a move. Nothing runs when
  // the game is untimed.
  void start(Color side);
  // Nothing runs from now (scoring, the end of the game); the side that ran is charged up to now, without a move.
  void stop();
  // `mover` has made a move now: it is charged its thinking since it started running (nothing when it was not
  // running), with the move, and nothing runs. Answers its time after the move, for the record.
  SideTime moveMade(Color mover);
  std::optional<Color> running() const { return m_running; }

  // A side's time as of now, the running side's thinking so far counted.
  SideTime time(Color side) const;
  // The sides whose flag has fallen as of now (the running one, or one whose last move came too late) and was not
  // reported before: each is reported once per game.
  std::vector<Color> newlyFlagged();

 private:
  SideTime& stored(Color side) { return m_sides[side == Color::Black ? 0 : 1]; }
  const SideTime& stored(Color side) const { return m_sides[side == Color::Black ? 0 : 1]; }
  // Charges the running side up to now and stops it.
  void settle(bool moved);

  const TimeSource* m_time;
  TimeControl m_control;
  std::array<SideTime, 2> m_sides{};  // as of m_startedMs for the running side, else as they are
  std::array<bool, 2> m_reported{};   // whether a fallen flag was reported for each side
  std::optional<Color> m_running;
  std::int64_t m_startedMs = 0;
};

}  // namespace tengen::session
