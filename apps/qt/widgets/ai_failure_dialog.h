// Tells the player that the AI found no legal move (or could not be reached), names the error-log record, and
// offers to ask again or change the opponent. The game is untouched whatever they choose.
#pragma once

#include <QDialog>
#include <QString>

class QLabel;
class QPushButton;

namespace tengen::qt {

class AiFailureDialog : public QDialog {
  Q_OBJECT

 public:
  enum Choice { Close = 0, AskAgain = 1, ChangeOpponent = 2 };

  AiFailureDialog(const QString& opponentName, const QString& error, const QString& logId, const QString& logPath,
                  bool unreachable, QWidget* parent = nullptr);

  // The whole message, as shown (for tests).
  QString text() const;
  QPushButton* askAgainButton() const { return m_askAgain; }
  QPushButton* changeOpponentButton() const { return m_change; }
  QPushButton* closeButton() const { return m_close; }

 private:
  QLabel* m_message;
  QLabel* m_record;
  QPushButton* m_askAgain;
  QPushButton* m_change;
  QPushButton* m_close;
};

}  // namespace tengen::qt
