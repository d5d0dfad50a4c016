// Tells the player why the AI gave no move (no legal move, not reached, not started, settings it cannot use), titled
// by that reason; names the error-log record, and
// offers to ask again or change the opponent. The game is untouched whatever they choose.
#pragma once

#include <QDialog>
#include <QString>

#include "model/opponent_runner.h"

class QLabel;
class QPushButton;

namespace tengen::qt {

class AiFailureDialog : public QDialog {
  Q_OBJECT

 public:
  enum Choice { Close = 0, AskAgain = 1, ChangeOpponent = 2 };

  AiFailureDialog(const QString& opponentName, const QString& error, const QString& logId, const QString& logPath,
                  AiFailure why, QWidget* parent = nullptr);

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
