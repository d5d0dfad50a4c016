// The move tree beside the board: the main line down the left, each variation in a lane to its right, a stone per
// move with its number, a dot on moves with a comment, the node looked at ringed and its line drawn heavier. A
// click looks at a node; the keys are the window's (Left, Right, Up, Down, Home, End). The node looked at is scrolled
// into view whenever it changes or the view's size does.
#pragma once

#include <QScrollArea>
#include <optional>
#include <vector>

#include "model/game_controller.h"
#include "model/tree_layout.h"

namespace tengen::qt {

class MoveTreeView : public QScrollArea {
  Q_OBJECT

 public:
  explicit MoveTreeView(GameController& controller, QWidget* parent = nullptr);

  // The widget the tree is drawn on (inside the scroll area), which clicks go to.
  QWidget* canvas() const { return widget(); }
  // The centre of a node's mark on the canvas; nothing when the node is not in the tree.
  std::optional<QPoint> centerOf(session::NodeId id) const;
  // The node whose mark is at a canvas position.
  std::optional<session::NodeId> nodeAt(QPoint position) const;
  // How many lanes the tree takes: 1 when there are no variations.
  int laneCount() const { return m_lanes; }
  // A line of text for a node: "12 W D4", then the start of its comment.
  QString describe(const session::TreeNode& node) const;

  QSize sizeHint() const override { return {180, 320}; }

 protected:
  // The node looked at stays in view when the view's size changes: when the window first shows a record opened
  // with it, and when the panel is resized.
  void resizeEvent(QResizeEvent* event) override;

 private:
  void scrollToCurrent();
  friend class MoveTreeCanvas;
  void refresh();
  void paintTree(QPainter& painter) const;
  QPoint cellCenter(const TreeCell& cell) const;

  GameController& m_controller;
  std::vector<TreeCell> m_cells;
  int m_lanes = 1;
  session::NodeId m_shownCurrent = 0;
};

}  // namespace tengen::qt
