#include "widgets/board_widget.h"

#include <QFontMetricsF>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QRadialGradient>
#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

#include "tengen/core/coords.h"

namespace tengen::qt {

namespace {

const QColor kLineColor(40, 28, 12);
const QColor kWoodLight(232, 193, 120);
const QColor kWoodDark(205, 160, 88);
const QColor kBackground(58, 62, 66);
constexpr double kStoneRadius = 0.48;    // of a cell: stones nearly touch, as on a real board
constexpr double kOwnerMarkSize = 0.22;  // of a cell: the side of the square that shows who owns a point
// How opaque the score estimate's shading is on a point owned outright; less as the ownership is less sure.
constexpr double kShadeAlpha = 0.5;
constexpr double kDeadStoneOpacity = 0.3;
const QColor kDeadCrossColor(215, 25, 25);
const QColor kLastMoveNumberColor(220, 40, 30);
// The analysis's candidates, as Lizzie and KaTrain draw them: the best in blue with a dark ring, the others from
// green (as good as the best) through yellow to red (kCandidateSpread or more below its winning rate).
const QColor kBestCandidate(72, 196, 240);
const QColor kBestCandidateRing(20, 70, 160);
const QColor kGoodCandidate(120, 205, 90);
const QColor kFairCandidate(240, 210, 70);
const QColor kPoorCandidate(235, 110, 60);
constexpr double kCandidateSpread = 0.15;
const QColor kCandidateInk(20, 20, 20);

// The colour of a point owner's square.
QColor ownerColor(Color owner) { return owner == Color::Black ? QColor(15, 15, 15) : QColor(245, 245, 240); }

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

// The wooden board, with a shadow under it and a faint grain.
void paintWood(QPainter& painter, const QRectF& boardRect, double cell) {
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
}

// Who owns each point and which stones are dead, as the board shows them: while scoring, the count with the dead
// stones chosen; with the score estimate on, the estimate of the position being looked at, at any moment.
struct OwnershipView {
  const session::GameModel* scoring = nullptr;  // set while scoring
  const Analysis* estimate = nullptr;           // set while an estimate of the shown board's size is shown
  std::vector<Color> owner;                     // per point, row-major; empty when neither is shown

  bool isDead(Point p, int size) const {
    if (scoring) return scoring->isDead(p);
    return estimate && estimate->status[session::pointIndex(p, size)] == StoneStatus::Dead;
  }
};

// The ownership to show over the position `shown`: the count at the end of a game ended by two passes (being
// scored, or finished with the dead stones accepted), else the estimate.
OwnershipView ownershipShown(const GameController& controller, const Game& shown) {
  const session::GameModel& model = controller.model();
  const bool scoring = model.atEnd() && !controller.estimating() && session::endedByCount(shown);
  const std::optional<Analysis>& estimate = controller.views().scoreEstimate();
  OwnershipView view;
  if (scoring) {
    view.scoring = &model;
    view.owner = model.score().owner;
  } else if (estimate && estimate->size == shown.size()) {
    view.estimate = &*estimate;
    view.owner = estimate->owner;
  }
  return view;
}

// A dead stone, unmistakable at a glance: the stone strongly faded, a red cross over it, and in the middle the small
// square of the side that gets the point, the opponent's.
void drawDeadStone(QPainter& painter, QPointF centre, double cell, Color color) {
  drawStone(painter, centre, cell * kStoneRadius, color, kDeadStoneOpacity);
  painter.save();
  QPen cross(kDeadCrossColor, std::max(2.0, cell * 0.08));
  cross.setCapStyle(Qt::RoundCap);
  painter.setPen(cross);
  const double d = cell * 0.28;
  painter.drawLine(centre + QPointF(-d, -d), centre + QPointF(d, d));
  painter.drawLine(centre + QPointF(-d, d), centre + QPointF(d, -d));
  const double s = cell * kOwnerMarkSize;
  painter.setPen(QPen(kLineColor, 1));
  painter.setBrush(ownerColor(opponent(color)));
  painter.drawRect(QRectF(centre.x() - s / 2, centre.y() - s / 2, s, s));
  painter.restore();
}

// The owner of an empty point or a dead stone's point as a small square in its colour.
void drawOwnerMark(QPainter& painter, QPointF centre, double cell, const OwnershipView& view, std::size_t index) {
  Color own = view.owner[index];
  double s = cell * kOwnerMarkSize;
  // The estimate of a game in play shades every point by how firmly the playouts give it to one side.
  if (view.estimate && !view.estimate->final && !view.estimate->playoutOwnership.empty() && !isPlayer(own)) {
    const float share = view.estimate->playoutOwnership[index];
    own = share > 0 ? Color::Black : Color::White;
    s = std::abs(share) < 0.1F ? 0 : cell * kOwnerMarkSize * std::sqrt(std::abs(share) / 0.2);
    s = std::min(s, cell * kOwnerMarkSize);
  }
  if (!isPlayer(own) || s <= 0) return;
  painter.setPen(Qt::NoPen);
  painter.setBrush(ownerColor(own));
  painter.drawRect(QRectF(centre.x() - s / 2, centre.y() - s / 2, s, s));
}

// The score estimate's shading: each point's square of the grid washed in the colour of the side that owns it, as
// strongly as it owns it (in play, the engine's ownership value: 0.4 when the point ends Black's 70% of the time and
// White's 30%; whole for a counted position's territory and dead stones).
void drawOwnershipShade(QPainter& painter, QPointF centre, double cell, const OwnershipView& view, std::size_t index) {
  if (view.estimate == nullptr) return;
  Color own = view.owner[index];
  double strength = isPlayer(own) ? 1.0 : 0.0;
  if (!view.estimate->final && !view.estimate->playoutOwnership.empty()) {
    const float share = view.estimate->playoutOwnership[index];
    own = share > 0 ? Color::Black : Color::White;
    strength = std::min(1.0, static_cast<double>(std::abs(share)));
  }
  if (!isPlayer(own) || strength < 0.1) return;
  QColor wash = ownerColor(own);
  wash.setAlphaF(static_cast<float>(kShadeAlpha * strength));
  painter.fillRect(QRectF(centre.x() - cell / 2, centre.y() - cell / 2, cell, cell), wash);
}

// The largest bold font, up to the size the board has always used, whose `digits`-digit numbers fit inside a stone
// of `radius` with a margin: the text's box must lie within the circle. Nothing when none is legible.
std::optional<QFont> moveNumberFont(const QFont& base, double radius, double largest, int digits) {
  QFont font = base;
  font.setBold(true);
  const QString widest(digits, QLatin1Char('8'));
  const double room = radius * 0.86;
  for (int pixels = static_cast<int>(largest); pixels >= 5; --pixels) {
    font.setPixelSize(pixels);
    const QRectF box = QFontMetricsF(font).tightBoundingRect(widest);
    if (box.width() * box.width() + box.height() * box.height() <= 4 * room * room) return font;
  }
  return std::nullopt;
}

// The move number of a stone, centred on it (its ink, not its line box) in the stone's contrasting colour, red on
// the last move; or else a ring on the last move's stone.
void drawMoveMark(QPainter& painter, QPointF centre, double cell, Color color, int number, bool isLast,
                  const std::optional<QFont>* fonts) {
  if (number > 0 && isPlayer(color)) {
    const QString text = QString::number(number);
    const std::optional<QFont>& font = fonts[std::min<qsizetype>(text.size(), 3) - 1];
    if (!font) return;
    painter.setFont(*font);
    painter.setPen(isLast ? kLastMoveNumberColor : ownerColor(opponent(color)));
    const QRectF ink = QFontMetricsF(*font).tightBoundingRect(text);
    painter.drawText(centre - ink.center(), text);
  } else if (isLast && isPlayer(color)) {
    painter.setPen(QPen(color == Color::Black ? QColor(235, 235, 235) : QColor(30, 30, 30), cell * 0.07));
    painter.setBrush(Qt::NoBrush);
    painter.drawEllipse(centre, cell * 0.22, cell * 0.22);
  }
}

// The colour a share `t` of the way from a to b.
QColor mix(QColor a, QColor b, double t) {
  return QColor::fromRgbF(static_cast<float>(a.redF() + (b.redF() - a.redF()) * t),
                          static_cast<float>(a.greenF() + (b.greenF() - a.greenF()) * t),
                          static_cast<float>(a.blueF() + (b.blueF() - a.blueF()) * t));
}

// The colour of a candidate other than the best, by how far its winning rate lies below the best one's.
QColor candidateColor(double below) {
  const double t = std::clamp(below / kCandidateSpread, 0.0, 1.0);
  return t < 0.5 ? mix(kGoodCandidate, kFairCandidate, t * 2) : mix(kFairCandidate, kPoorCandidate, t * 2 - 1);
}

// A winning rate as a percentage without the sign, one decimal ("54.3", "100"), as the language writes numbers.
QString winrateText(double winrate) {
  const double percent = winrate * 100;
  return percent >= 99.95 ? QLocale().toString(100) : QLocale().toString(percent, 'f', 1);
}

// A visit count in at most four characters: "850", "1.2k", "35k", "1.2M".
QString visitsText(long visits) {
  const QLocale locale;
  if (visits < 1000) return locale.toString(static_cast<qlonglong>(visits));
  if (visits < 10'000) return locale.toString(static_cast<double>(visits) / 1000, 'f', 1) + QLatin1Char('k');
  if (visits < 1'000'000) return locale.toString(static_cast<qlonglong>(visits / 1000)) + QLatin1Char('k');
  return locale.toString(static_cast<double>(visits) / 1'000'000, 'f', 1) + QLatin1Char('M');
}

// The largest bold font in which two lines as wide as "88.8" and "888k" fit inside a disc of `radius` with a margin;
// nothing when none is legible.
std::optional<QFont> candidateFont(const QFont& base, double radius) {
  QFont font = base;
  font.setBold(true);
  const QString top = winrateText(0.888);
  const QString bottom = QStringLiteral("888k");
  const double room = radius * 0.9;
  for (int pixels = static_cast<int>(radius); pixels >= 6; --pixels) {
    font.setPixelSize(pixels);
    const QFontMetricsF metrics(font);
    const double width = std::max(metrics.tightBoundingRect(top).width(), metrics.tightBoundingRect(bottom).width());
    const double height = metrics.tightBoundingRect(QStringLiteral("8")).height() * 2.35;
    if (width * width + height * height <= 4 * room * room) return font;
  }
  return std::nullopt;
}

// `text` with its ink centred on `centre`.
void drawCentred(QPainter& painter, QPointF centre, const QString& text) {
  const QRectF ink = QFontMetricsF(painter.font()).tightBoundingRect(text);
  painter.drawText(centre - ink.center(), text);
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
  connect(&controller.views(), &PositionViews::analysisChanged, this, [this] { update(); });
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
  // Looking back, a click starts a variation, so the ghost shows there too.
  const Game& here = m_controller.model().view();
  return here.phase() == Phase::Playing && here.toMove() == m_controller.human() && !m_controller.ai().thinking();
}

bool BoardWidget::ghostAt(Point p) const {
  // Only where a click would play: an empty point that is no suicide and retakes no ko.
  return ghostAllowed() && m_controller.model().view().isLegal(Move::play(m_controller.human(), p));
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
  const Game& shown = m_controller.model().view();
  const int size = shown.size();
  // A window moved to a screen of another pixel ratio is repainted before anything else tells the board.
  if (size != m_layoutSize || devicePixelRatioF() != m_layoutDpr) layoutBoard();

  QPainter painter(this);
  painter.fillRect(rect(), kBackground);
  const double margin = marginCells() * m_cell;
  const QRectF boardRect(m_origin.x() - margin, m_origin.y() - margin, m_cell * (size - 1) + 2 * margin,
                         m_cell * (size - 1) + 2 * margin);
  paintWood(painter, boardRect, m_cell);
  paintGrid(painter, size);
  paintStarPoints(painter, size);
  if (m_coordinates) paintCoordinates(painter, size);
  paintPoints(painter, shown);
  paintCandidates(painter, shown);
  if (m_hover && ghostAt(*m_hover)) {
    drawStone(painter, centerOf(*m_hover), m_cell * kStoneRadius, m_controller.human(), 0.5);
  }
}

void BoardWidget::paintGrid(QPainter& painter, int size) const {
  // Grid lines: whole device pixels wide, centred on pixels, so that they stay sharp.
  const double dpr = devicePixelRatioF();
  painter.setRenderHint(QPainter::Antialiasing, false);
  const double lineDevice = std::max(1.0, std::round(m_cell * dpr / 40.0));
  const double offset = std::fmod(lineDevice, 2.0) == 1.0 ? 0.5 / dpr : 0.0;
  QPen linePen(kLineColor, lineDevice / dpr);
  linePen.setCapStyle(Qt::SquareCap);
  painter.setPen(linePen);
  const double extent = m_cell * (size - 1);
  for (int i = 0; i < size; ++i) {
    const double at = i * m_cell;
    painter.drawLine(QPointF(m_origin.x() + at + offset, m_origin.y() + offset),
                     QPointF(m_origin.x() + at + offset, m_origin.y() + extent + offset));
    painter.drawLine(QPointF(m_origin.x() + offset, m_origin.y() + at + offset),
                     QPointF(m_origin.x() + extent + offset, m_origin.y() + at + offset));
  }
  QPen edgePen(kLineColor, 2 * lineDevice / dpr);
  edgePen.setJoinStyle(Qt::MiterJoin);
  painter.setPen(edgePen);
  painter.drawRect(QRectF(m_origin.x(), m_origin.y(), extent, extent).translated(offset, offset));
}

void BoardWidget::paintStarPoints(QPainter& painter, int size) const {
  painter.setRenderHint(QPainter::Antialiasing, true);
  painter.setPen(Qt::NoPen);
  painter.setBrush(kLineColor);
  for (const Point p : starPoints(size)) painter.drawEllipse(centerOf(p), m_cell * 0.1, m_cell * 0.1);
}

void BoardWidget::paintCoordinates(QPainter& painter, int size) const {
  const double cell = m_cell;
  QFont font = painter.font();
  font.setPixelSize(std::max(7, static_cast<int>(cell * 0.36)));
  font.setBold(true);
  painter.setFont(font);
  painter.setPen(QColor(70, 48, 20));
  const double gap = cell * 0.72;
  const double extent = cell * (size - 1);
  for (int i = 0; i < size; ++i) {
    const QString letter = QString(QLatin1Char(gtpColumnLetter(i)));
    const QString number = QString::number(size - i);
    const QPointF column = centerOf({0, i});
    const QPointF row = centerOf({i, 0});
    const QSizeF box(cell, cell * 0.6);
    for (const double y : {column.y() - gap, column.y() + extent + gap}) {
      painter.drawText(QRectF(QPointF(column.x() - box.width() / 2, y - box.height() / 2), box), Qt::AlignCenter,
                       letter);
    }
    for (const double x : {row.x() - gap, row.x() + extent + gap}) {
      painter.drawText(QRectF(QPointF(x - box.width() / 2, row.y() - box.height() / 2), box), Qt::AlignCenter, number);
    }
  }
}

void BoardWidget::paintPoints(QPainter& painter, const Game& shown) const {
  const session::GameModel& model = m_controller.model();
  const int size = shown.size();
  const double cell = m_cell;
  const OwnershipView ownership = ownershipShown(m_controller, shown);
  const Board& board = shown.board();
  const std::vector<int> numbers = m_moveNumbers ? model.moveNumbers() : std::vector<int>();
  const Move* last = model.lastMove();
  // One font per number of digits (1, 2, 3): 100 and 1 share no size that suits both.
  std::optional<QFont> numberFonts[3];
  if (!numbers.empty()) {
    const double largest = std::max(7.0, cell * (size > 13 ? 0.36 : 0.42));
    for (int digits = 1; digits <= 3; ++digits) {
      numberFonts[digits - 1] = moveNumberFont(painter.font(), cell * kStoneRadius, largest, digits);
    }
  }
  // The shading goes under every stone, so that it covers whole squares of the grid.
  if (ownership.estimate != nullptr && !ownership.owner.empty()) {
    for (int row = 0; row < size; ++row) {
      for (int col = 0; col < size; ++col) {
        const Point p{row, col};
        const Color c = board.at(p);
        if (!isPlayer(c) || ownership.isDead(p, size)) {
          drawOwnershipShade(painter, centerOf(p), cell, ownership, session::pointIndex(p, size));
        }
      }
    }
  }
  for (int row = 0; row < size; ++row) {
    for (int col = 0; col < size; ++col) {
      const Point p{row, col};
      const Color c = board.at(p);
      const QPointF centre = centerOf(p);
      const bool dead = isPlayer(c) && ownership.isDead(p, size);
      if (dead) {
        drawDeadStone(painter, centre, cell, c);
        continue;
      }
      if (isPlayer(c)) drawStone(painter, centre, cell * kStoneRadius, c, 1.0);
      if (!ownership.owner.empty() && !isPlayer(c)) {
        drawOwnerMark(painter, centre, cell, ownership, session::pointIndex(p, size));
      }
      const int number = numbers.empty() ? 0 : numbers[session::pointIndex(p, size)];
      const bool isLast = last != nullptr && last->kind == MoveKind::Play && last->point == p;
      drawMoveMark(painter, centre, cell, c, number, isLast, numberFonts);
    }
  }
}

void BoardWidget::paintCandidates(QPainter& painter, const Game& shown) const {
  const SearchReport* report = m_controller.views().analysis();
  if (report == nullptr || report->candidates.empty()) return;
  const int size = shown.size();
  const double radius = m_cell * kStoneRadius;
  const std::optional<QFont> font = candidateFont(painter.font(), radius);
  const double line = font ? QFontMetricsF(*font).tightBoundingRect(QStringLiteral("8")).height() : 0;
  const double best = report->candidates.front().winrate;
  painter.save();
  painter.setRenderHint(QPainter::Antialiasing, true);
  if (font) painter.setFont(*font);
  for (std::size_t i = 0; i < report->candidates.size(); ++i) {
    const SearchCandidate& candidate = report->candidates[i];
    const Move& move = candidate.move;
    if (move.kind != MoveKind::Play || move.point.row < 0 || move.point.row >= size || move.point.col < 0 ||
        move.point.col >= size || shown.board().at(move.point) != Color::Empty) {
      continue;
    }
    const QPointF centre = centerOf(move.point);
    QColor fill = i == 0 ? kBestCandidate : candidateColor(best - candidate.winrate);
    fill.setAlpha(235);
    if (i == 0) {
      painter.setPen(QPen(kBestCandidateRing, std::max(2.0, m_cell * 0.07)));
    } else {
      painter.setPen(QPen(QColor(40, 28, 12, 160), std::max(1.0, m_cell * 0.03)));
    }
    painter.setBrush(fill);
    painter.drawEllipse(centre, radius, radius);
    if (!font) continue;
    painter.setPen(kCandidateInk);
    const double offset = line * 0.675;  // half a line and half the gap between the two
    drawCentred(painter, centre - QPointF(0, offset), winrateText(candidate.winrate));
    drawCentred(painter, centre + QPointF(0, offset), visitsText(candidate.visits));
  }
  painter.restore();
}

}  // namespace tengen::qt
