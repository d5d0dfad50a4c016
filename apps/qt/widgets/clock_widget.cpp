#include "widgets/clock_widget.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>

#include "model/game_controller.h"

namespace tengen::qt {

namespace {

using Kind = TimeControl::Kind;

// The last seconds of a main time or period: shown in red, and ticked (docs/client.md).
constexpr std::int64_t kUrgentMs = 10'000;

}  // namespace

QString clockText(std::int64_t ms) {
  ms = std::max<std::int64_t>(0, ms);
  // Tenths with the person's decimal sign (8,5 in Portuguese).
  if (ms < kUrgentMs) return QLocale().toString(static_cast<double>(ms / 100) / 10.0, 'f', 1);
  // Whole seconds, rounded up: a clock never shows 0:00 while time is left.
  const std::int64_t seconds = (ms + 999) / 1000;
  const auto two = [](std::int64_t n) { return QStringLiteral("%1").arg(n, 2, 10, QLatin1Char('0')); };
  if (seconds >= 3600) {
    return QStringLiteral("%1:%2:%3").arg(seconds / 3600).arg(two(seconds / 60 % 60), two(seconds % 60));
  }
  return QStringLiteral("%1:%2").arg(seconds / 60).arg(two(seconds % 60));
}

ClockWidget::ClockWidget(const GameController& controller, QWidget* parent)
    : QFrame(parent), m_controller(controller), m_untimed(new QLabel(tr("No clocks in this game"), this)) {
  setObjectName(QStringLiteral("clocks"));
  auto* layout = new QVBoxLayout(this);
  auto* row = new QHBoxLayout;
  for (const Color side : {Color::Black, Color::White}) {
    Face& f = face(side);
    f.frame = new QFrame(this);
    f.frame->setFrameShape(QFrame::StyledPanel);
    f.name = new QLabel(side == Color::Black ? tr("Black") : tr("White"), f.frame);
    f.time = new QLabel(f.frame);
    QFont big = f.time->font();
    big.setPointSizeF(big.pointSizeF() * 2);
    big.setBold(true);
    f.time->setFont(big);
    f.detail = new QLabel(f.frame);
    auto* column = new QVBoxLayout(f.frame);
    column->addWidget(f.name);
    column->addWidget(f.time);
    column->addWidget(f.detail);
    row->addWidget(f.frame);
  }
  layout->addLayout(row);
  layout->addWidget(m_untimed);
  layout->addStretch(1);
  connect(&controller.clock(), &GameClock::ticked, this, &ClockWidget::refresh);
  connect(&controller, &GameController::changed, this, &ClockWidget::refresh);
  refresh();
}

QString ClockWidget::detailText(const TimeLeft& time, const TimeControl& control) const {
  if (time.flagged) return tr("Time is up");
  const QString period = clockText(static_cast<std::int64_t>(control.periodSeconds) * 1000);
  // Short enough for the panel beside the board: one line under each time.
  switch (control.kind) {
    case Kind::None:
      return {};
    case Kind::Absolute:
      return tr("absolute");
    case Kind::ByoYomi:
      if (!time.inOvertime(control)) return tr("byo-yomi %1 \u00d7 %2").arg(control.periods).arg(period);
      return time.periods == 1 ? tr("last period") : tr("%n period(s) left", nullptr, time.periods);
    case Kind::Canadian:
      if (!time.inOvertime(control)) return tr("Canadian %1 / %2").arg(control.stones).arg(period);
      return tr("%n stone(s) to play", nullptr, time.stones);
  }
  return {};
}

void ClockWidget::refresh() {
  const GameClock& clock = m_controller.clock();
  const TimeControl& control = clock.control();
  m_untimed->setVisible(!clock.timed());
  for (const Color side : {Color::Black, Color::White}) {
    Face& f = face(side);
    f.frame->setVisible(clock.timed());
    const TimeLeft time = clock.time(side);
    f.running = clock.running() == side;
    f.urgent = clock.timed() && !time.flagged && time.stretchMs(control) < kUrgentMs;
    f.time->setText(clockText(time.flagged ? 0 : time.stretchMs(control)));
    f.detail->setText(detailText(time, control));
    // The side to move stands out; its last seconds, and a fallen flag, are red.
    f.frame->setStyleSheet(
        f.running ? QStringLiteral("QFrame { background: palette(highlight); color: palette(highlighted-text); }")
                  : QString());
    f.time->setStyleSheet(f.urgent || time.flagged ? QStringLiteral("color: #d01010") : QString());
  }
}

QString ClockWidget::timeShown(Color side) const { return face(side).time->text(); }
QString ClockWidget::detailShown(Color side) const { return face(side).detail->text(); }
bool ClockWidget::runningShown(Color side) const { return face(side).running; }
bool ClockWidget::urgentShown(Color side) const { return face(side).urgent; }

}  // namespace tengen::qt
