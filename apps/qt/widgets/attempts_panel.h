// The AI's attempts for the current turn, line by line as they arrive, with the buttons to stop it and ask again.
#pragma once

#include <QWidget>

class QLabel;
class QListWidget;
class QPushButton;

namespace tengen::qt {

class GameController;

class AttemptsPanel : public QWidget {
  Q_OBJECT

 public:
  explicit AttemptsPanel(GameController& controller, QWidget* parent = nullptr);

  // The lines shown, top to bottom (for tests and screenshots).
  QStringList lines() const;
  QPushButton* stopButton() const { return m_stop; }
  QPushButton* askButton() const { return m_ask; }

 private:
  void refresh();

  GameController& m_controller;
  QLabel* m_state;
  QListWidget* m_list;
  QPushButton* m_stop;
  QPushButton* m_ask;
};

}  // namespace tengen::qt
