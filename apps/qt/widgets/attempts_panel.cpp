#include "widgets/attempts_panel.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

#include "model/game_controller.h"

namespace tengen::qt {

AttemptsPanel::AttemptsPanel(GameController& controller, QWidget* parent)
    : QWidget(parent),
      m_controller(controller),
      m_state(new QLabel(this)),
      m_list(new QListWidget(this)),
      m_stop(new QPushButton(tr("Stop"), this)),
      m_ask(new QPushButton(tr("Ask again"), this)) {
  m_list->setObjectName(QStringLiteral("attemptsList"));
  m_list->setWordWrap(true);
  m_list->setSelectionMode(QAbstractItemView::NoSelection);
  m_stop->setObjectName(QStringLiteral("stopButton"));
  m_stop->setToolTip(tr("Stop the AI thinking (Esc); its answer is dropped"));
  m_ask->setObjectName(QStringLiteral("askButton"));
  m_ask->setToolTip(tr("Ask the AI for its move again (Ctrl+G)"));
  m_state->setWordWrap(true);

  auto* buttons = new QHBoxLayout;
  buttons->addWidget(m_stop);
  buttons->addWidget(m_ask);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(m_state);
  layout->addWidget(m_list, 1);
  layout->addLayout(buttons);

  connect(m_stop, &QPushButton::clicked, &controller, &GameController::stop);
  connect(m_ask, &QPushButton::clicked, &controller, &GameController::askAi);
  connect(&controller, &GameController::attemptsCleared, m_list, &QListWidget::clear);
  connect(&controller, &GameController::attemptReported, this, [this](const QString& line) {
    m_list->addItem(line);
    m_list->scrollToBottom();
  });
  connect(&controller, &GameController::asking, this, [this](int n) {
    m_state->setText(n == 1 ? tr("Asking %1\u2026").arg(m_controller.opponentConfig().displayName())
                            : tr("Asking again (attempt %1)\u2026").arg(n));
  });
  connect(&controller, &GameController::attemptsFinal, this, [this](const QStringList& lines) {
    // The outcome is the record; the live lines were the same verdicts reported one by one.
    m_list->clear();
    m_list->addItems(lines);
    m_list->scrollToBottom();
  });
  connect(&controller, &GameController::changed, this, &AttemptsPanel::refresh);
  refresh();
}

QStringList AttemptsPanel::lines() const {
  QStringList out;
  for (int i = 0; i < m_list->count(); ++i) out << m_list->item(i)->text();
  return out;
}

void AttemptsPanel::refresh() {
  const bool thinking = m_controller.thinking();
  m_stop->setEnabled(thinking);
  const Game& game = m_controller.model().game();
  const bool aiTurn = game.phase() == Phase::Playing && game.toMove() == m_controller.aiColor();
  m_ask->setEnabled(!thinking && aiTurn);
  if (thinking) return;  // the asking() text stays while the AI thinks
  QString text = tr("Opponent: %1").arg(m_controller.opponentConfig().displayName());
  if (aiTurn && m_controller.aiHeld()) text += tr("\nWaiting: ask again or change the opponent.");
  m_state->setText(text);
}

}  // namespace tengen::qt
