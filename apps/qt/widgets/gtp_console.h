// A window of the raw GTP traffic between tengen and a GTP engine opponent: every command tengen sent ("> ") and
// every line the engine answered ("< "), as they happen (docs/client.md, "GTP console").
#pragma once

#include <QDialog>

class QLabel;
class QPlainTextEdit;

namespace tengen::qt {

class GameController;

class GtpConsole : public QDialog {
  Q_OBJECT

 public:
  explicit GtpConsole(GameController& controller, QWidget* parent = nullptr);

  // The traffic shown, one line per protocol line.
  QString text() const;

 private:
  void refreshOpponent();

  GameController& m_controller;
  QLabel* m_opponent;
  QPlainTextEdit* m_text;
};

}  // namespace tengen::qt
