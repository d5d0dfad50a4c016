#include "model/clock.h"

namespace tengen::qt {

namespace {

// Often enough for a tenth of a second on the display and a tick sound on each whole second.
constexpr int kPollMs = 100;

}  // namespace

GameClock::GameClock(const session::TimeSource& time, QObject* parent) : QObject(parent), m_clock(time) {
  m_timer.setInterval(kPollMs);
  connect(&m_timer, &QTimer::timeout, this, &GameClock::poll);
}

void GameClock::reset(const TimeControl& control) {
  m_timer.stop();
  m_clock.reset(control);
  emit ticked();
}

void GameClock::setTime(Color side, const TimeLeft& time) {
  m_clock.setTime(side, time);
  if (!m_clock.running()) m_timer.stop();
  emit ticked();
}

void GameClock::start(Color side) {
  m_clock.start(side);
  if (m_clock.running()) {
    m_timer.start();
  } else {
    m_timer.stop();
  }
  emit ticked();
}

void GameClock::stop() {
  m_clock.stop();
  m_timer.stop();
  emit ticked();
}

TimeLeft GameClock::moveMade(Color mover) {
  const TimeLeft left = m_clock.moveMade(mover);
  m_timer.stop();
  emit ticked();
  return left;
}

void GameClock::poll() {
  for (const Color side : m_clock.newlyFlagged()) emit flagFell(side);
  emit ticked();
}

}  // namespace tengen::qt
