// Both sides' clocks beside the board: the time left (main time, or the current overtime period), the byo-yomi
// periods or Canadian stones left, the side whose clock runs marked, its last ten seconds in red, a fallen flag.
#pragma once

#include <QFrame>
#include <QString>
#include <array>

#include "tengen/core/time_control.h"
#include "tengen/core/types.h"

#include "model/clock.h"

class QLabel;

namespace tengen::qt {

class GameController;

// "4:59", "1:02:03", "9.4" (tenths in the last ten seconds): a time as a clock shows it.
QString clockText(std::int64_t ms);

class ClockWidget : public QFrame {
  Q_OBJECT

 public:
  explicit ClockWidget(const GameController& controller, QWidget* parent = nullptr);

  // What a side's clock shows (for tests and screenshots): its time, and the line under it.
  QString timeShown(Color side) const;
  QString detailShown(Color side) const;
  // Whether a side is marked as running, and whether its time is shown as running out.
  bool runningShown(Color side) const;
  bool urgentShown(Color side) const;

 private:
  struct Face {
    QFrame* frame = nullptr;
    QLabel* name = nullptr;
    QLabel* time = nullptr;
    QLabel* detail = nullptr;
    bool running = false;
    bool urgent = false;
  };

  void refresh();
  QString detailText(const TimeLeft& time, const TimeControl& control) const;
  Face& face(Color side) { return m_faces[side == Color::Black ? 0 : 1]; }
  const Face& face(Color side) const { return m_faces[side == Color::Black ? 0 : 1]; }

  const GameController& m_controller;
  std::array<Face, 2> m_faces;
  QLabel* m_untimed;
};

}  // namespace tengen::qt
