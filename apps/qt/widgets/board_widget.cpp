#include "widgets/board_widget.h"

#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QRadialGradient>
#include <algorithm>
#include <cmath>
#include <vector>

namespace tengen::qt {

namespace {

constexpr const char* kColumnLetters = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
const QColor kLineColor(40, 28, 12);
const QColor kWoodLight(232, 193, 120);
const QColor kWoodDark(205, 160, 88);
const QColor kBackground(58, 62, 66);
constexpr double kStoneRadius = 0.48;  // of a cell: stones nearly touch, as on a real board

// The star points as the usual boards have them: the corner points (3-3 below 13x13, else 4-4), the centre of an
// odd board, and the sides' middles from 15x15 up (nine on 19x19, five on 13x13 and 9x9).
std::vector<Point> starPoints(int size) {
  std::vector<Point> points;
  const bool centre = size % 2 == 1 && size >= 5;
  if (size >= 7) {
    const int edge = size >= 13 ? 3 : 2;
    const int far = size - 1 - edge;
    std::vector<int> lines{edge, far};
    if (centre && size >= 15) lines.push_back(size / 2);
    for (const int row : lines) {
      for (const int col : lines) points.push_back({row, col});
    }
  }
  if (centre && !(size >= 15 && size >= 7)) points.push_back({size / 2, size / 2});
  return points;
}

void drawStone(QPainter& painter, QPointF centre, double radius, Color color, double opacity) {
  painter.save();
  painter.setOpacity(opacity);
  painter.setPen(Qt::NoPen);
  if (opacity >= 1.0) {
    // A soft shadow down and to the right, as from a lamp above the top-left corner.
    QRadialGradient shadow(centre + QPointF(radius * 0.12, radius * 0.16), radius * 1.08);
    shadow.setColorAt(0.75, QColor(0, 0, 0, 90));
    shadow.setColorAt(1.0, QColor(0, 0, 0, 0));
    painter.setBrush(shadow);
    painter.drawEllipse(centre + QPointF(radius * 0.12, radius * 0.16), radius * 1.08, radius * 1.08);
  }
  const QPointF light = centre - QPointF(radius * 0.35, radius * 0.4);
  QRadialGradient body(centre, radius, light);
  if (color == Color::Black) {
    body.setColorAt(0.0, QColor(110, 110, 110));
    body.setColorAt(0.35, QColor(40, 40, 40));
    body.setColorAt(1.0, QColor(8, 8, 8));
  } else {
    body.setColorAt(0.0, QColor(255, 255, 255));
    body.setColorAt(0.55, QColor(236, 234, 228));
    body.setColorAt(1.0, QColor(178, 176, 170));
  }
  painter.setBrush(body);
  painter.drawEllipse(centre, radius, radius);
  painter.restore();
}

}  // namespace

BoardWidget::BoardWidget(const GameController& controller, QWidget* parent)
    : QWidget(parent), m_controller(controller) {
  setMouseTracking(true);
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
  setAttribute(Qt::WA_OpaquePaintEvent);
  connect(&controller, &GameController::changed, this, [this] {
    // The point under the mouse may no longer take a stone, or no longer be on the board (a smaller new game).
    if (m_hover && !ghostAt(*m_hover)) m_hover.reset();
    layoutBoard();
    update();
  });
}

void BoardWidget::setShowMoveNumbers(bool on) {
  m_moveNumbers = on;
  update();
}

void BoardWidget::setShowCoordinates(bool on) {
  m_coordinates = on;
  layoutBoard();
  update();
}

double BoardWidget::marginCells() const { return m_coordinates ? 1.15 : 0.7; }

void BoardWidget::layoutBoard() {
  const int size = m_controller.model().game().size();
  m_layoutSize = size;
  const double dpr = devicePixelRatioF();
  m_layoutDpr = dpr;
  const double span = (size - 1) + 2 * marginCells();
  // Whole device pixels between lines keep every line equally sharp; the rest of the space is margin.
  const double cellPixels = std::max(4.0, std::floor(std::min(width(), height()) * dpr / span));
  const double boardPixels = cellPixels * (size - 1);
  const double left = std::floor((width() * dpr - boardPixels) / 2);
  const double top = std::floor((height() * dpr - boardPixels) / 2);
  m_cell = cellPixels / dpr;
  m_origin = QPointF(left / dpr, top / dpr);
}

void BoardWidget::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  layoutBoard();
}

QPointF BoardWidget::centerOf(Point p) const { return m_origin + QPointF(p.col * m_cell, p.row * m_cell); }

std::optional<Point> BoardWidget::pointAt(QPointF position) const {
  const int size = m_controller.model().game().size();
  const QPointF local = (position - m_origin) / m_cell;
  const int col = static_cast<int>(std::lround(local.x()));
  const int row = static_cast<int>(std::lround(local.y()));
  if (row < 0 || row >= size || col < 0 || col >= size) return std::nullopt;
  // Only near the intersection: a click between two lines on the edge should not pick either.
  if (std::abs(local.x() - col) > 0.5 || std::abs(local.y() - row) > 0.5) return std::nullopt;
  return Point{row, col};
}

bool BoardWidget::ghostAllowed() const {
  const GameModel& model = m_controller.model();
  const Game& game = model.game();
  return model.atEnd() && game.phase() == Phase::Playing && game.toMove() == m_controller.human() &&
         !m_controller.thinking();
}

bool BoardWidget::ghostAt(Point p) const {
  // Only where a click would play: an empty point that is no suicide and retakes no ko.
  return ghostAllowed() && m_controller.model().game().isLegal(Move::play(m_controller.human(), p));
}

void BoardWidget::mouseMoveEvent(QMouseEvent* event) {
  std::optional<Point> hover = pointAt(event->position());
  if (hover && !ghostAt(*hover)) hover.reset();
  if (hover != m_hover) {
    m_hover = hover;
    update();
  }
}

void BoardWidget::leaveEvent(QEvent* event) {
  QWidget::leaveEvent(event);
  if (m_hover) {
    m_hover.reset();
    update();
  }
}

void BoardWidget::mousePressEvent(QMouseEvent* event) {
  if (event->button() != Qt::LeftButton) return;
  if (const std::optional<Point> p = pointAt(event->position())) {
    m_hover.reset();
    emit pointClicked(*p);
  }
}

void BoardWidget::paintEvent(QPaintEvent* /*event*/) {
  const GameModel& model = m_controller.model();
  const Game& shown = model.view();
  const int size = shown.size();
  // A window moved to a screen of another pixel ratio is repainted before anything else tells the board.
  if (size != m_layoutSize || devicePixelRatioF() != m_layoutDpr) layoutBoard();
  const double dpr = devicePixelRatioF();
  const double cell = m_cell;

  QPainter painter(this);
  painter.fillRect(rect(), kBackground);

  // The wooden board, with a shadow under it and a faint grain.
  const double margin = marginCells() * cell;
  const QRectF boardRect(m_origin.x() - margin, m_origin.y() - margin, cell * (size - 1) + 2 * margin,
                         cell * (size - 1) + 2 * margin);
  painter.setRenderHint(QPainter::Antialiasing, true);
  painter.fillRect(boardRect.translated(3, 4), QColor(0, 0, 0, 80));
  QLinearGradient wood(boardRect.topLeft(), boardRect.bottomRight());
  wood.setColorAt(0.0, kWoodLight);
  wood.setColorAt(0.5, QColor(221, 178, 104));
  wood.setColorAt(1.0, kWoodDark);
  painter.fillRect(boardRect, wood);
  painter.save();
  painter.setClipRect(boardRect);
  for (int i = 0; i < 48; ++i) {
    // Grain as gently waving lines whose spacing varies; fixed, so the same board always looks the same.
    const double y = boardRect.top() + boardRect.height() * (i + 0.5 * std::sin(i * 1.7)) / 48.0;
    QPainterPath grain;
    grain.moveTo(boardRect.left(), y);
    const double amplitude = cell * (0.08 + 0.05 * std::sin(i * 0.9));
    grain.cubicTo(boardRect.left() + boardRect.width() * 0.33, y - amplitude,
                  boardRect.left() + boardRect.width() * 0.66, y + amplitude, boardRect.right(), y);
    painter.setPen(QPen(QColor(150, 105, 45, 18 + (i * 7) % 20), std::max(1.0, cell * 0.05)));
    painter.drawPath(grain);
  }
  painter.restore();

  // Grid lines: whole device pixels wide, centred on pixels, so that they stay sharp.
  painter.setRenderHint(QPainter::Antialiasing, false);
  const double lineDevice = std::max(1.0, std::round(cell * dpr / 40.0));
  const double offset = std::fmod(lineDevice, 2.0) == 1.0 ? 0.5 / dpr : 0.0;
  QPen linePen(kLineColor, lineDevice / dpr);
  linePen.setCapStyle(Qt::SquareCap);
  painter.setPen(linePen);
  const double extent = cell * (size - 1);
  for (int i = 0; i < size; ++i) {
    const double at = i * cell;
    painter.drawLine(QPointF(m_origin.x() + at + offset, m_origin.y() + offset),
                     QPointF(m_origin.x() + at + offset, m_origin.y() + extent + offset));
    painter.drawLine(QPointF(m_origin.x() + offset, m_origin.y() + at + offset),
                     QPointF(m_origin.x() + extent + offset, m_origin.y() + at + offset));
  }
  QPen edgePen(kLineColor, 2 * lineDevice / dpr);
  edgePen.setJoinStyle(Qt::MiterJoin);
  painter.setPen(edgePen);
  painter.drawRect(QRectF(m_origin.x(), m_origin.y(), extent, extent).translated(offset, offset));

  painter.setRenderHint(QPainter::Antialiasing, true);
  painter.setPen(Qt::NoPen);
  painter.setBrush(kLineColor);
  for (const Point p : starPoints(size)) painter.drawEllipse(centerOf(p), cell * 0.1, cell * 0.1);

  if (m_coordinates) {
    QFont font = painter.font();
    font.setPixelSize(std::max(7, static_cast<int>(cell * 0.36)));
    font.setBold(true);
    painter.setFont(font);
    painter.setPen(QColor(70, 48, 20));
    const double gap = cell * 0.72;
    for (int i = 0; i < size; ++i) {
      const QString letter = QString(QLatin1Char(kColumnLetters[i]));
      const QString number = QString::number(size - i);
      const QPointF column = centerOf({0, i});
      const QPointF row = centerOf({i, 0});
      const QSizeF box(cell, cell * 0.6);
      for (const double y : {column.y() - gap, column.y() + extent + gap}) {
        painter.drawText(QRectF(QPointF(column.x() - box.width() / 2, y - box.height() / 2), box), Qt::AlignCenter,
                         letter);
      }
      for (const double x : {row.x() - gap, row.x() + extent + gap}) {
        painter.drawText(QRectF(QPointF(x - box.width() / 2, row.y() - box.height() / 2), box), Qt::AlignCenter,
                         number);
      }
    }
  }

  // While scoring: who owns each point, as small squares, and the dead stones faded with a cross. The score
  // estimate view shows the same for the position being looked at, at any moment.
  const bool scoring = shown.phase() != Phase::Playing && model.atEnd() && !m_controller.estimating() &&
                       (shown.phase() == Phase::Scoring || shown.result().find('R') == std::string::npos);
  std::vector<Color> owner;
  const std::optional<Analysis>& estimate = m_controller.scoreEstimate();
  const bool estimated = !scoring && estimate && estimate->size == size;
  if (scoring) owner = model.score().owner;
  if (estimated) owner = estimate->owner;
  const auto shownDead = [&](Point p) {
    if (scoring) return model.isDead(p);
    return estimated && estimate->status[pointIndex(p, size)] == StoneStatus::Dead;
  };

  const Board& board = shown.board();
  const std::vector<int> numbers = m_moveNumbers ? model.moveNumbers() : std::vector<int>();
  const Move* last = model.lastMove();
  QFont numberFont = painter.font();
  numberFont.setPixelSize(std::max(7, static_cast<int>(cell * (size > 13 ? 0.36 : 0.42))));
  numberFont.setBold(true);
  for (int row = 0; row < size; ++row) {
    for (int col = 0; col < size; ++col) {
      const Point p{row, col};
      const Color c = board.at(p);
      const QPointF centre = centerOf(p);
      const bool dead = isPlayer(c) && shownDead(p);
      if (isPlayer(c)) drawStone(painter, centre, cell * kStoneRadius, c, dead ? 0.45 : 1.0);
      if (dead) {
        painter.setPen(QPen(c == Color::Black ? QColor(250, 250, 250) : QColor(20, 20, 20), cell * 0.07));
        const double d = cell * 0.16;
        painter.drawLine(centre + QPointF(-d, -d), centre + QPointF(d, d));
        painter.drawLine(centre + QPointF(-d, d), centre + QPointF(d, -d));
      }
      if (!owner.empty()) {
        Color own = owner[pointIndex(p, size)];
        double s = cell * 0.22;
        // The estimate of a game in play shades every point by how firmly the playouts give it to one side.
        if (estimated && !estimate->final && !estimate->playoutOwnership.empty() && !isPlayer(own)) {
          const float share = estimate->playoutOwnership[pointIndex(p, size)];
          own = share > 0 ? Color::Black : Color::White;
          s = std::abs(share) < 0.1F ? 0 : cell * 0.22 * std::sqrt(std::abs(share) / 0.2);
          s = std::min(s, cell * 0.22);
        }
        if (isPlayer(own) && s > 0 && (!isPlayer(c) || dead)) {
          painter.setPen(Qt::NoPen);
          painter.setBrush(own == Color::Black ? QColor(15, 15, 15) : QColor(245, 245, 240));
          painter.drawRect(QRectF(centre.x() - s / 2, centre.y() - s / 2, s, s));
        }
      }
      const int number = numbers.empty() ? 0 : numbers[pointIndex(p, size)];
      const bool isLast = last != nullptr && last->kind == MoveKind::Play && last->point == p;
      if (number > 0) {
        painter.setFont(numberFont);
        QColor ink = c == Color::Black ? QColor(240, 240, 240) : QColor(20, 20, 20);
        if (isLast) ink = QColor(220, 40, 30);
        painter.setPen(ink);
        painter.drawText(QRectF(centre.x() - cell / 2, centre.y() - cell / 2, cell, cell), Qt::AlignCenter,
                         QString::number(number));
      } else if (isLast && isPlayer(c)) {
        painter.setPen(QPen(c == Color::Black ? QColor(235, 235, 235) : QColor(30, 30, 30), cell * 0.07));
        painter.setBrush(Qt::NoBrush);
        painter.drawEllipse(centre, cell * 0.22, cell * 0.22);
      }
    }
  }

  if (m_hover && ghostAt(*m_hover)) {
    drawStone(painter, centerOf(*m_hover), cell * kStoneRadius, m_controller.human(), 0.5);
  }
}

}  // namespace tengen::qt
