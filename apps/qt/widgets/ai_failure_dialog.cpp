#include "widgets/ai_failure_dialog.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QPushButton>
#include <QStyle>
#include <QVBoxLayout>

namespace tengen::qt {

AiFailureDialog::AiFailureDialog(const QString& opponentName, const QString& error, const QString& logId,
                                 const QString& logPath, AiFailure why, QWidget* parent)
    : QDialog(parent),
      m_message(new QLabel(this)),
      m_record(new QLabel(this)),
      m_askAgain(new QPushButton(tr("Ask again"), this)),
      m_change(new QPushButton(tr("Change opponent\u2026"), this)),
      m_close(new QPushButton(tr("Close"), this)) {
  setObjectName(QStringLiteral("aiFailureDialog"));
  QString headline;
  switch (why) {
    case AiFailure::Unreachable:
      setWindowTitle(tr("The opponent could not be reached"));
      headline = tr("<b>The opponent (%1) could not be reached.</b>");
      break;
    case AiFailure::NotStarted:
      setWindowTitle(tr("The opponent could not be started"));
      headline = tr("<b>The opponent (%1) could not be started.</b>");
      break;
    case AiFailure::Unusable:
      setWindowTitle(tr("The opponent's settings cannot be used"));
      headline = tr("<b>The opponent (%1) cannot be made from its settings.</b>");
      break;
    case AiFailure::None:
    case AiFailure::NoLegalMove:
      setWindowTitle(tr("The AI found no legal move"));
      headline = tr("<b>The opponent (%1) found no legal move.</b>");
      break;
  }
  headline = headline.arg(opponentName.toHtmlEscaped());
  // The record is named on its own line below, so the referee's "(error log record ID)" suffix would repeat it.
  QString details = error;
  const QString suffix = QStringLiteral(" (error log record %1)").arg(logId);
  if (!logId.isEmpty() && details.endsWith(suffix)) details.chop(suffix.size());
  m_message->setText(headline + QStringLiteral("<p>") + details.toHtmlEscaped() + QStringLiteral("</p><p>") +
                     tr("The game is as it was. Ask again, change the opponent, or play on after an undo.") +
                     QStringLiteral("</p>"));
  m_message->setWordWrap(true);
  m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
  if (logId.isEmpty()) {
    m_record->setText(tr("No error-log record was written."));
  } else {
    m_record->setText(tr("Error-log record <b>%1</b> in %2").arg(logId.toHtmlEscaped(), logPath.toHtmlEscaped()));
  }
  m_record->setObjectName(QStringLiteral("logRecord"));
  m_record->setWordWrap(true);
  m_record->setTextInteractionFlags(Qt::TextSelectableByMouse);

  m_askAgain->setObjectName(QStringLiteral("askAgain"));
  m_change->setObjectName(QStringLiteral("changeOpponent"));
  m_close->setObjectName(QStringLiteral("close"));
  auto* buttons = new QDialogButtonBox(this);
  buttons->addButton(m_askAgain, QDialogButtonBox::AcceptRole);
  buttons->addButton(m_change, QDialogButtonBox::ActionRole);
  buttons->addButton(m_close, QDialogButtonBox::RejectRole);
  connect(m_askAgain, &QPushButton::clicked, this, [this] { done(AskAgain); });
  connect(m_change, &QPushButton::clicked, this, [this] { done(ChangeOpponent); });
  connect(m_close, &QPushButton::clicked, this, [this] { done(Close); });

  auto* icon = new QLabel(this);
  icon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxWarning).pixmap(40, 40));
  auto* top = new QHBoxLayout;
  top->addWidget(icon, 0, Qt::AlignTop);
  auto* texts = new QVBoxLayout;
  texts->addWidget(m_message);
  texts->addWidget(m_record);
  top->addLayout(texts, 1);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(top);
  layout->addWidget(buttons);
  setMinimumWidth(460);
}

QString AiFailureDialog::text() const { return m_message->text() + QLatin1Char('\n') + m_record->text(); }

}  // namespace tengen::qt
