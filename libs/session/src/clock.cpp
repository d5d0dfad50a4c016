#include "tengen/session/clock.h"

#include <chrono>

namespace tengen::session {

namespace {

std::size_t slot(Color side) { return side == Color::Black ? 0 : 1; }

}  // namespace

std::int64_t SteadyTimeSource::nowMs() const {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

void Clock::reset(const TimeControl& control) {
  m_running.reset();
  m_control = control;
  m_sides = {initialTime(control), initialTime(control)};
  m_reported = {false, false};
}

void Clock::setTime(Color side, const TimeLeft& time) {
  if (m_running == side) m_running.reset();
  stored(side) = time;
  // A flag that had fallen before was dealt with then.
  m_reported[slot(side)] = time.flagged;
}

void Clock::settle(bool moved) {
  if (!m_running) return;
  TimeLeft& side = stored(*m_running);
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

TimeLeft Clock::moveMade(Color mover) {
  if (m_running == mover) {
    settle(true);
  } else {
    settle(false);
    stored(mover) = charge(stored(mover), m_control, 0, true);
  }
  return stored(mover);
}

TimeLeft Clock::time(Color side) const {
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
