#include "widgets/move_tree_view.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QResizeEvent>
#include <QToolTip>
#include <algorithm>
#include <unordered_set>

#include "model/language.h"

namespace tengen::qt {

namespace {

constexpr int kStep = 24;    // distance between rows and between lanes
constexpr int kMargin = 16;  // around the tree
constexpr int kRadius = 9;   // of a move's stone

}  // namespace

// Paints and takes clicks for the view; the scroll area around it scrolls.
class MoveTreeCanvas : public QWidget {
 public:
  explicit MoveTreeCanvas(MoveTreeView& view) : m_view(view) { setMouseTracking(false); }

 protected:
  void paintEvent(QPaintEvent*) override {
    QPainter painter(this);
    painter.fillRect(rect(), palette().base());
    m_view.paintTree(painter);
  }
  void mousePressEvent(QMouseEvent* event) override {
    if (event->button() != Qt::LeftButton) return;
    if (const std::optional<session::NodeId> id = m_view.nodeAt(event->position().toPoint()))
      m_view.m_controller.goToNode(*id);
  }
  bool event(QEvent* event) override {
    if (event->type() != QEvent::ToolTip) return QWidget::event(event);
    const auto* help = static_cast<QHelpEvent*>(event);
    const std::optional<session::NodeId> id = m_view.nodeAt(help->pos());
    const session::TreeNode* node = id ? m_view.m_controller.model().tree().find(*id) : nullptr;
    if (node != nullptr) {
      QToolTip::showText(help->globalPos(), m_view.describe(*node), this);
    } else {
      QToolTip::hideText();
    }
    return true;
  }

 private:
  MoveTreeView& m_view;
};

MoveTreeView::MoveTreeView(GameController& controller, QWidget* parent)
    : QScrollArea(parent), m_controller(controller) {
  auto* canvas = new MoveTreeCanvas(*this);
  canvas->setObjectName(QStringLiteral("moveTreeCanvas"));
  setWidget(canvas);
  setWidgetResizable(false);
  setAlignment(Qt::AlignLeft | Qt::AlignTop);
  setBackgroundRole(QPalette::Base);
  connect(&controller, &GameController::changed, this, &MoveTreeView::refresh);
  refresh();
}

QPoint MoveTreeView::cellCenter(const TreeCell& cell) const {
  return {kMargin + cell.lane * kStep, kMargin + cell.row * kStep};
}

std::optional<QPoint> MoveTreeView::centerOf(session::NodeId id) const {
  const auto cell = std::find_if(m_cells.begin(), m_cells.end(), [&](const TreeCell& c) { return c.node->id == id; });
  if (cell == m_cells.end()) return std::nullopt;
  return cellCenter(*cell);
}

std::optional<session::NodeId> MoveTreeView::nodeAt(QPoint position) const {
  // Rows and lanes are a grid, so the cell is found by rounding; half a step around a mark belongs to it.
  const int lane = (position.x() - kMargin + kStep / 2) / kStep;
  const int row = (position.y() - kMargin + kStep / 2) / kStep;
  if (position.x() < kMargin - kStep / 2 || position.y() < kMargin - kStep / 2) return std::nullopt;
  for (const TreeCell& cell : m_cells) {
    if (cell.row == row && cell.lane == lane) return cell.node->id;
  }
  return std::nullopt;
}

QString MoveTreeView::describe(const session::TreeNode& node) const {
  QString text;
  if (!node.move) {
    text = tr("Start");
  } else {
    const Move& move = *node.move;
    text = tr("%1 %2 %3")
               .arg(session::GameTree::depth(node))
               .arg(colorLetterText(move.color), moveText(move, m_controller.model().game().size()));
  }
  if (!node.comment.empty()) {
    QString comment = QString::fromStdString(node.comment).section(QLatin1Char('\n'), 0, 0);
    if (comment.size() > 60) comment = comment.left(60) + QStringLiteral("\u2026");
    text += QStringLiteral(" \u2014 ") + comment;
  }
  return text;
}

void MoveTreeView::refresh() {
  m_cells = layoutTree(m_controller.model().tree());
  int rows = 0;
  m_lanes = 1;
  for (const TreeCell& cell : m_cells) {
    rows = std::max(rows, cell.row + 1);
    m_lanes = std::max(m_lanes, cell.lane + 1);
  }
  widget()->resize(2 * kMargin + (m_lanes - 1) * kStep + kStep, 2 * kMargin + (rows - 1) * kStep);
  widget()->update();
  // Scrolled to the node looked at only when it changes, so that scrolling by hand is not undone at every move.
  const session::NodeId current = m_controller.model().current().id;
  if (current != m_shownCurrent) {
    m_shownCurrent = current;
    scrollToCurrent();
  }
}

void MoveTreeView::scrollToCurrent() {
  if (const std::optional<QPoint> at = centerOf(m_controller.model().current().id))
    ensureVisible(at->x(), at->y(), kStep * 2, kStep * 2);
}

void MoveTreeView::resizeEvent(QResizeEvent* event) {
  QScrollArea::resizeEvent(event);
  scrollToCurrent();
}

void MoveTreeView::paintTree(QPainter& painter) const {
  painter.setRenderHint(QPainter::Antialiasing);
  const session::GameModel& model = m_controller.model();
  // The nodes of the line looked at, root to end, drawn heavier.
  std::unordered_set<const session::TreeNode*> line;
  for (const session::TreeNode* n = &model.lineEnd(); n != nullptr; n = n->parent) line.insert(n);

  const QColor lineEdge = palette().color(QPalette::Text);
  QColor edge = lineEdge;
  edge.setAlpha(120);
  for (const TreeCell& cell : m_cells) {
    if (cell.parent < 0) continue;
    const TreeCell& parent = m_cells[static_cast<std::size_t>(cell.parent)];
    const bool onLine = line.contains(cell.node);
    painter.setPen(QPen(onLine ? lineEdge : edge, onLine ? 2.0 : 1.2));
    const QPoint from = cellCenter(parent);
    const QPoint to = cellCenter(cell);
    if (from.x() == to.x()) {
      painter.drawLine(from, to);
    } else {
      // Across to the variation's lane just above its first move, then down into it.
      const QPoint bend(to.x(), to.y() - kStep / 2);
      painter.drawLine(from, QPoint(from.x() + kStep / 2, bend.y()));
      painter.drawLine(QPoint(from.x() + kStep / 2, bend.y()), bend);
      painter.drawLine(bend, to);
    }
  }

  QFont small = painter.font();
  small.setPixelSize(9);
  painter.setFont(small);
  const QColor comment(40, 110, 220);
  for (const TreeCell& cell : m_cells) {
    const QPoint c = cellCenter(cell);
    const session::TreeNode& node = *cell.node;
    if (&node == &model.current()) {
      painter.setPen(QPen(palette().color(QPalette::Highlight), 3));
      painter.setBrush(Qt::NoBrush);
      painter.drawEllipse(c, kRadius + 3, kRadius + 3);
    }
    if (!node.move) {
      painter.setPen(QPen(lineEdge, 1.2));
      painter.setBrush(palette().color(QPalette::Mid));
      painter.drawRect(QRect(c - QPoint(kRadius - 3, kRadius - 3), QSize(2 * kRadius - 6, 2 * kRadius - 6)));
    } else {
      const bool black = node.move->color == Color::Black;
      painter.setPen(QPen(Qt::black, 1));
      painter.setBrush(black ? QColor(20, 20, 20) : QColor(245, 245, 240));
      if (node.move->kind == MoveKind::Play) {
        painter.drawEllipse(c, kRadius, kRadius);
      } else {
        // A pass or a resignation: a square of the colour, marked P or R.
        painter.drawRect(QRect(c - QPoint(kRadius - 1, kRadius - 1), QSize(2 * kRadius - 2, 2 * kRadius - 2)));
      }
      const QString label = node.move->kind == MoveKind::Play   ? QString::number(cell.row)
                            : node.move->kind == MoveKind::Pass ? tr("P")
                                                                : tr("R");
      painter.setPen(black ? Qt::white : Qt::black);
      painter.drawText(QRect(c - QPoint(kRadius, kRadius), QSize(2 * kRadius, 2 * kRadius)), Qt::AlignCenter, label);
    }
    if (!node.comment.empty()) {
      painter.setPen(Qt::NoPen);
      painter.setBrush(comment);
      painter.drawEllipse(c + QPoint(kRadius, -kRadius), 3, 3);
    }
  }
}

}  // namespace tengen::qt
