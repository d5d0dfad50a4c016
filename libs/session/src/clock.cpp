#include "tengen/session/clock.h"

#include <algorithm>
#include <chrono>

namespace tengen::session {

namespace {

using Kind = TimeControl::Kind;

std::int64_t ms(int seconds) { return static_cast<std::int64_t>(seconds) * 1000; }

std::size_t slot(Color side) { return side == Color::Black ? 0 : 1; }

}  // namespace

std::int64_t SteadyTimeSource::nowMs() const {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

SideTime initialTime(const TimeControl& control) {
  if (!control.timed()) return {};
  return {ms(control.mainSeconds), ms(control.periodSeconds), control.periods, control.stones, false};
}

SideTime charge(SideTime time, const TimeControl& control, std::int64_t elapsedMs, bool moved) {
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

ai::MoveRequest::Clock requestClock(const SideTime& time, const TimeControl& control) {
  ai::MoveRequest::Clock clock;
  if (!time.inOvertime(control)) {
    clock.secondsLeft = static_cast<double>(std::max<std::int64_t>(0, time.mainMs)) / 1000.0;
    return clock;
  }
  clock.secondsLeft = static_cast<double>(std::max<std::int64_t>(0, time.periodMs)) / 1000.0;
  if (control.kind == Kind::ByoYomi) {
    clock.stonesLeft = 1;
    clock.periodsLeft = time.periods;
  } else {
    clock.stonesLeft = time.stones;
  }
  return clock;
}

void Clock::reset(const TimeControl& control) {
  m_running.reset();
  m_control = control;
  m_sides = {initialTime(control), initialTime(control)};
  m_reported = {false, false};
}

void Clock::setTime(Color side, const SideTime& time) {
  if (m_running == side) m_running.reset();
  stored(side) = time;
  // A flag that had fallen before was dealt with then.
  m_reported[slot(side)] = time.flagged;
}

void Clock::settle(bool moved) {
  if (!m_running) return;
  SideTime& side = stored(*m_running);
  side = charge(side, m_control, m_time->nowMs() - m_startedMs, moved);
  m_running.reset();
}

void Clock::start(Color side) {
  settle(false);
  if (!timed()) return;
  m_running = side;
  m_startedMs = m_time->nowMs();
}

void Clock::stop() { settle(false); }

SideTime Clock::moveMade(Color mover) {
  if (m_running == mover) {
    settle(true);
  } else {
    settle(false);
    stored(mover) = charge(stored(mover), m_control, 0, true);
  }
  return stored(mover);
}

SideTime Clock::time(Color side) const {
  if (m_running != side) return stored(side);
  return charge(stored(side), m_control, m_time->nowMs() - m_startedMs, false);
}

std::vector<Color> Clock::newlyFlagged() {
  std::vector<Color> fallen;
  for (const Color side : {Color::Black, Color::White}) {
    if (m_reported[slot(side)] || !time(side).flagged) continue;
    m_reported[slot(side)] = true;
    fallen.push_back(side);
  }
  return fallen;
}

}  // namespace tengen::session
