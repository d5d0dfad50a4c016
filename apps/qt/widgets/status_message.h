// The status bar's message line: the whole message when it fits, else as much of it as fits, cut at the end of a
// word, sentence or phrase and ended with "…"; the whole message is then its tooltip.
#pragma once

#include <QFontMetrics>
#include <QLabel>
#include <QString>

namespace tengen::qt {

// The longest start of `text` that ends a word and fits `width` pixels with "…" after it, with the "…"; `text`
// itself when it fits whole. A word ends before a space, after a hyphen or after a sentence's or a phrase's
// punctuation (。、.,;:!?): a Japanese message, whose lines may break between any two characters, is cut after its
// last whole sentence or phrase. Only when no word end fits is it cut where any line may break; "…" alone when
// nothing fits.
QString elideAtBreak(const QString& text, const QFontMetrics& metrics, int width);

class StatusMessage : public QLabel {
  Q_OBJECT

 public:
  explicit StatusMessage(QWidget* parent = nullptr);

  // Shows `text`, cut to the width the status bar gives it.
  void setMessage(const QString& text);
  // The whole message, as it was set.
  const QString& message() const { return m_message; }

  // Any width: the message is cut to fit rather than the window made wider.
  QSize minimumSizeHint() const override;

 protected:
  void resizeEvent(QResizeEvent* event) override;

 private:
  void fit();

  QString m_message;
};

}  // namespace tengen::qt
