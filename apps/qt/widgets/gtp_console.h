// A window of the raw GTP traffic between tengen and a GTP engine opponent: every command tengen sent ("> ") and
// every line the engine answered ("< "), as they happen; and a line to type commands to the engine, of those that
// leave its game as it is (AiTurns::typeCommand), with the engine's own read-only commands the person allows
// (docs/client.md, "GTP console").
#pragma once

#include <QDialog>

class QLabel;
class QLineEdit;
class QPlainTextEdit;

namespace tengen::qt {

class GameController;
class Settings;

class GtpConsole : public QDialog {
  Q_OBJECT

 public:
  // `settings` keeps the commands the person allows besides the read-only ones; it must outlive the console.
  GtpConsole(GameController& controller, Settings& settings, QWidget* parent = nullptr);

  // The traffic shown, one line per protocol line.
  QString text() const;

 private:
  void refreshOpponent();
  // Sends the typed line (or says why not, in the traffic as "! ...") and empties the field.
  void send();

  GameController& m_controller;
  Settings& m_settings;
  QLabel* m_opponent;
  QPlainTextEdit* m_text;
  QLineEdit* m_input;
  QLineEdit* m_allowed;
};

}  // namespace tengen::qt
