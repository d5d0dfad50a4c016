#include "widgets/comment_panel.h"

#include <QSignalBlocker>

namespace tengen::qt {

CommentPanel::CommentPanel(GameController& controller, QWidget* parent)
    : QPlainTextEdit(parent), m_controller(controller) {
  setPlaceholderText(tr("A comment on this move"));
  setTabChangesFocus(true);
  connect(this, &QPlainTextEdit::textChanged, this, [this] { m_controller.setComment(toPlainText()); });
  connect(&controller, &GameController::changed, this, &CommentPanel::refresh);
  refresh();
}

void CommentPanel::refresh() {
  // The text is replaced only when it is not what the node holds (another node, a game opened), never under the
  // typing that put it there.
  const QString comment = QString::fromStdString(m_controller.model().current().comment);
  if (toPlainText() == comment) return;
  const QSignalBlocker quiet(this);
  setPlainText(comment);
}

}  // namespace tengen::qt
