// The client's game clock: the session's Clock (tengen/session/clock.h, docs/client.md "Clocks") with a timer that
// polls it while a side runs, and signals for the window.
#pragma once

#include <QObject>
#include <QTimer>
#include <array>
#include <cstdint>
#include <optional>

#include "tengen/core/time_control.h"
#include "tengen/core/types.h"
#include "tengen/session/clock.h"

namespace tengen::qt {

class GameClock : public QObject {
  Q_OBJECT

 public:
  // `time` must outlive the clock.
  explicit GameClock(const session::TimeSource& time, QObject* parent = nullptr);

  // A new game under `control`: both sides get its whole time; nothing runs.
  void reset(const TimeControl& control);
  // Puts a side's time back as a record says it was; nothing runs.
  void setTime(Color side, const TimeLeft& time);
  const TimeControl& control() const { return m_clock.control(); }
  bool timed() const { return m_clock.timed(); }

  // Runs for `side` from now; the side that ran before is charged up to now, without a move. Nothing runs when
  // the game is untimed.
  void start(Color side);
  // Nothing runs from now (scoring, the end of the game); the side that ran is charged up to now, without a move.
  void stop();
  // `mover` has made a move now: it is charged its thinking since it started running (nothing when it was not
  // running), with the move, and nothing runs. Answers its time after the move, for the record.
  TimeLeft moveMade(Color mover);
  std::optional<Color> running() const { return m_clock.running(); }

  // A side's time as of now, the running side's thinking so far counted.
  TimeLeft time(Color side) const { return m_clock.time(side); }
  // Checks both sides as of now and emits flagFell once for a side whose time is up (the running one, or one whose
  // last move came too late), then ticked(). The clock's own timer calls it while a side runs; tests call it after
  // moving their fake time.
  void poll();

 signals:
  // The flag of `side` fell: it has no time left. Emitted once per side and game.
  void flagFell(tengen::Color side);
  // The running side's time changed (at each poll), or the clock started or stopped.
  void ticked();

 private:
  session::Clock m_clock;
  QTimer m_timer;
};

}  // namespace tengen::qt
