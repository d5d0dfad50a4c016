// The comment of the node looked at (SGF C), shown and edited in place: every edit is stored on the node, and so
// saved with the record and the autosave.
#pragma once

#include <QPlainTextEdit>

#include "model/game_controller.h"

namespace tengen::qt {

class CommentPanel : public QPlainTextEdit {
  Q_OBJECT

 public:
  explicit CommentPanel(GameController& controller, QWidget* parent = nullptr);

  QSize sizeHint() const override { return {180, 120}; }

 private:
  void refresh();

  GameController& m_controller;
};

}  // namespace tengen::qt
