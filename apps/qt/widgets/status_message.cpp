#include "widgets/status_message.h"

#include <QResizeEvent>
#include <QTextBoundaryFinder>

namespace tengen::qt {

namespace {

const QString kEllipsis = QStringLiteral("\u2026");

// Whether a break after `c` ends a sentence or a phrase.
bool endsPhrase(QChar c) { return QStringLiteral("\u3002\u3001\uff0c\uff0e.,;:!?\uff01\uff1f").contains(c); }

}  // namespace

QString elideAtBreak(const QString& text, const QFontMetrics& metrics, int width) {
  if (metrics.horizontalAdvance(text) <= width) return text;
  const int room = width - metrics.horizontalAdvance(kEllipsis);
  // Where a line may break: everywhere between two Japanese characters, so a word ends only where a space, a hyphen
  // or a phrase's punctuation is; any break is taken only when there is no such place.
  int lastBreak = -1;
  int lastWordEnd = -1;
  QTextBoundaryFinder breaks(QTextBoundaryFinder::Line, text);
  for (qsizetype at = breaks.toNextBoundary(); at > 0 && at < text.size(); at = breaks.toNextBoundary()) {
    const QString start = text.left(at).trimmed();
    if (metrics.horizontalAdvance(start) > room) break;
    lastBreak = static_cast<int>(at);
    const QChar before = text.at(at - 1);
    if (before.isSpace() || before == QLatin1Char('-') || endsPhrase(before)) lastWordEnd = static_cast<int>(at);
  }
  const int cut = lastWordEnd > 0 ? lastWordEnd : lastBreak;
  if (cut <= 0) return kEllipsis;
  return text.left(cut).trimmed() + kEllipsis;
}

StatusMessage::StatusMessage(QWidget* parent) : QLabel(parent) {}

void StatusMessage::setMessage(const QString& text) {
  m_message = text;
  fit();
}

QSize StatusMessage::minimumSizeHint() const { return {0, QLabel::minimumSizeHint().height()}; }

void StatusMessage::resizeEvent(QResizeEvent* event) {
  QLabel::resizeEvent(event);
  fit();
}

void StatusMessage::fit() {
  const QString shown = elideAtBreak(m_message, fontMetrics(), contentsRect().width());
  setText(shown);
  setToolTip(shown == m_message ? QString() : m_message);
}

}  // namespace tengen::qt
