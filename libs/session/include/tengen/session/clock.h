// The game clock of docs/client.md: both sides' time under a TimeControl, running for the side to move. Time comes
// from an injected monotonic source, so tests move a fake one by hand instead of sleeping. No timer: a front end
// polls (the client's GameClock every tenth of a second). A side's time and how thinking spends it are core's
// (TimeLeft, charge: tengen/core/time_control.h).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

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

class Clock {
 public:
  // `time` must outlive the clock.
  explicit Clock(const TimeSource& time) : m_time(&time) {}

  // A new game under `control`: both sides get its whole time; nothing runs.
  void reset(const TimeControl& control);
  // Puts a side's time back as a record says it was; nothing runs.
  void setTime(Color side, const TimeLeft& time);
  const TimeControl& control() const { return m_control; }
  bool timed() const { return m_control.timed(); }

  // Runs for `side` from now; the side that ran before is charged up to now, without a move. Nothing runs when
  // the game is untimed.
  void start(Color side);
  // Nothing runs from now (scoring, the end of the game); the side that ran is charged up to now, without a move.
  void stop();
  // `mover` has made a move now: it is charged its thinking since it started running (nothing when it was not
  // running), with the move, and nothing runs. Answers its time after the move, for the record.
  TimeLeft moveMade(Color mover);
  std::optional<Color> running() const { return m_running; }

  // A side's time as of now, the running side's thinking so far counted.
  TimeLeft time(Color side) const;
  // The sides whose flag has fallen as of now (the running one, or one whose last move came too late) and was not
  // reported before: each is reported once per game.
  std::vector<Color> newlyFlagged();

 private:
  TimeLeft& stored(Color side) { return m_sides[side == Color::Black ? 0 : 1]; }
  const TimeLeft& stored(Color side) const { return m_sides[side == Color::Black ? 0 : 1]; }
  // Charges the running side up to now and stops it.
  void settle(bool moved);

  const TimeSource* m_time;
  TimeControl m_control;
  std::array<TimeLeft, 2> m_sides{};  // as of m_startedMs for the running side, else as they are
  std::array<bool, 2> m_reported{};   // whether a fallen flag was reported for each side
  std::optional<Color> m_running;
  std::int64_t m_startedMs = 0;
};

}  // namespace tengen::session
