// The Go board: wood, crisp grid lines aligned to device pixels at any size, star points, coordinates, shaded
// stones, the last-move mark, move numbers, a ghost stone under the mouse, dead stones and territory while scoring
// or estimating, and the analysis's candidate moves. Clicks come out as points.
#pragma once

#include <QPointF>
#include <QWidget>
#include <optional>

#include "tengen/core/types.h"

#include "model/game_controller.h"

class QPainter;

namespace tengen::qt {

class BoardWidget : public QWidget {
  Q_OBJECT

 public:
  explicit BoardWidget(const GameController& controller, QWidget* parent = nullptr);

  void setShowMoveNumbers(bool on);
  bool showMoveNumbers() const { return m_moveNumbers; }
  void setShowCoordinates(bool on);
  bool showCoordinates() const { return m_coordinates; }

  // The widget position of a point's centre, and the point under a widget position (nothing off the grid).
  QPointF centerOf(Point p) const;
  std::optional<Point> pointAt(QPointF position) const;
  // The point the ghost stone is shown on, if any.
  std::optional<Point> hoverPoint() const { return m_hover; }
  // Distance between lines, in widget units.
  double cellSize() const { return m_cell; }

  QSize sizeHint() const override { return {640, 640}; }
  QSize minimumSizeHint() const override { return {160, 160}; }

 signals:
  void pointClicked(tengen::Point point);

 protected:
  void paintEvent(QPaintEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void leaveEvent(QEvent* event) override;

 private:
  void layoutBoard();
  bool ghostAllowed() const;
  // A ghost stone at p: the player may move and p is a legal move for them.
  bool ghostAt(Point p) const;
  double marginCells() const;
  // The phases of paintEvent after the wood, called in this order on its one painter.
  // The grid lines and the heavier edge, on whole device pixels.
  void paintGrid(QPainter& painter, int size) const;
  // The star points as dots on the lines.
  void paintStarPoints(QPainter& painter, int size) const;
  // The column letters and row numbers on all four sides.
  void paintCoordinates(QPainter& painter, int size) const;
  // Point by point: the stones, dead stones' crosses, who owns each point, move numbers and the last-move mark.
  void paintPoints(QPainter& painter, const Game& shown) const;
  // The analysis's candidates: a coloured disc on each point, the best one ringed, with its winning rate and visits.
  void paintCandidates(QPainter& painter, const Game& shown) const;

  const GameController& m_controller;
  bool m_moveNumbers = false;
  bool m_coordinates = true;
  std::optional<Point> m_hover;
  int m_layoutSize = 0;
  double m_layoutDpr = 0;  // the device pixel ratio the layout was made for; another screen needs a new one
  // The centre of point (0, 0) and the line spacing, both whole device pixels so that lines fall on pixels.
  QPointF m_origin;
  double m_cell = 1;
};

}  // namespace tengen::qt
