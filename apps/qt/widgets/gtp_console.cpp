#include "widgets/gtp_console.h"

#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include "model/game_controller.h"

namespace tengen::qt {

GtpConsole::GtpConsole(GameController& controller, QWidget* parent)
    : QDialog(parent), m_controller(controller), m_opponent(new QLabel(this)), m_text(new QPlainTextEdit(this)) {
  setWindowTitle(tr("GTP console"));
  setObjectName(QStringLiteral("gtpConsole"));
  m_opponent->setWordWrap(true);
  m_text->setObjectName(QStringLiteral("gtpTraffic"));
  m_text->setReadOnly(true);
  m_text->setLineWrapMode(QPlainTextEdit::NoWrap);
  m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  m_text->setMaximumBlockCount(AiTurns::kGtpTrafficKept);
  m_text->setPlainText(controller.ai().gtpTraffic().join(QLatin1Char('\n')));

  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  QPushButton* clear = buttons->addButton(tr("Clear"), QDialogButtonBox::ResetRole);
  connect(clear, &QPushButton::clicked, m_text, &QPlainTextEdit::clear);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);

  auto* layout = new QVBoxLayout(this);
  layout->addWidget(m_opponent);
  layout->addWidget(m_text, 1);
  layout->addWidget(buttons);
  resize(640, 420);

  connect(&controller.ai(), &AiTurns::gtpTrafficLine, m_text, &QPlainTextEdit::appendPlainText);
  connect(&controller, &GameController::changed, this, &GtpConsole::refreshOpponent);
  refreshOpponent();
}

QString GtpConsole::text() const { return m_text->toPlainText(); }

void GtpConsole::refreshOpponent() {
  const OpponentConfig& opponent = m_controller.ai().opponent();
  m_opponent->setText(opponent.kind == OpponentKind::Gtp
                          ? tr("Traffic with %1 (\u201c>\u201d sent by tengen, \u201c<\u201d the engine's answer)")
                                .arg(QString::fromStdString(opponent.displaySpec()))
                          : tr("The opponent, %1, is not a GTP engine: the console shows the traffic of GTP engines "
                               "played earlier, if any.")
                                .arg(opponent.displayName()));
}

}  // namespace tengen::qt
