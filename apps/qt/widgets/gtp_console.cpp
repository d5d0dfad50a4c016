#include "widgets/gtp_console.h"

#include <QApplication>
#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include "model/game_controller.h"
#include "model/settings.h"

namespace tengen::qt {

GtpConsole::GtpConsole(GameController& controller, Settings& settings, QWidget* parent)
    : QDialog(parent),
      m_controller(controller),
      m_settings(settings),
      m_opponent(new QLabel(this)),
      m_text(new QPlainTextEdit(this)),
      m_input(new QLineEdit(this)),
      m_allowed(new QLineEdit(this)) {
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
  // Return belongs to the command line: no button of the dialog takes it (Clear would wipe the traffic).
  for (QAbstractButton* button : buttons->buttons()) {
    if (auto* push = qobject_cast<QPushButton*>(button)) push->setAutoDefault(false);
  }

  m_input->setObjectName(QStringLiteral("gtpInput"));
  m_input->setFont(m_text->font());
  m_input->setPlaceholderText(tr("a command for the engine, e.g. showboard"));
  m_allowed->setObjectName(QStringLiteral("gtpAllowed"));
  m_allowed->setPlaceholderText(tr("the engine's own read-only commands, separated by spaces"));
  m_allowed->setText(settings.consoleCommands().join(QLatin1Char(' ')));
  m_allowed->setToolTip(tr("Sent besides %1").arg(AiTurns::readOnlyGtpCommands().join(QStringLiteral(", "))));
  auto* form = new QFormLayout;
  form->addRow(tr("Command"), m_input);
  form->addRow(tr("Also allowed"), m_allowed);
  connect(m_input, &QLineEdit::returnPressed, this, &GtpConsole::send);
  connect(m_allowed, &QLineEdit::editingFinished, this, [this] {
    const QStringList words = m_allowed->text().split(QLatin1Char(' '), Qt::SkipEmptyParts);
    m_settings.setConsoleCommands(words);
    m_controller.ai().setExtraConsoleCommands(words);
  });

  auto* layout = new QVBoxLayout(this);
  layout->addWidget(m_opponent);
  layout->addWidget(m_text, 1);
  layout->addLayout(form);
  layout->addWidget(buttons);
  resize(640, 420);

  connect(&controller.ai(), &AiTurns::gtpTrafficLine, m_text, &QPlainTextEdit::appendPlainText);
  connect(&controller, &GameController::changed, this, &GtpConsole::refreshOpponent);
  refreshOpponent();
}

QString GtpConsole::text() const { return m_text->toPlainText(); }

void GtpConsole::send() {
  const QString line = m_input->text();
  if (line.trimmed().isEmpty()) return;
  // The engine answers at once for the commands allowed; it may first be started, or be brought to the position.
  QApplication::setOverrideCursor(Qt::WaitCursor);
  const QString refused = m_controller.ai().typeCommand(line);
  QApplication::restoreOverrideCursor();
  if (!refused.isEmpty()) m_text->appendPlainText(QStringLiteral("! ") + refused);
  m_input->clear();
}

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
