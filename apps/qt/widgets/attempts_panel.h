// What the AI saw and answered: while it thinks, the current turn's attempts line by line as they arrive, with the
// buttons to stop it and ask again; at any AI move looked at, that move's attempts as the record keeps them, the
// prompt a model was sent and its picture drawn again, checked against the hash recorded (docs/client.md).
#pragma once

#include <QStringList>
#include <QWidget>
#include <optional>
#include <string>

#include "tengen/session/ai_turn_record.h"
#include "tengen/sources/model_request.h"

class QLabel;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QScrollArea;
class QToolButton;

namespace tengen::qt {

class GameController;

class AttemptsPanel : public QWidget {
  Q_OBJECT

 public:
  explicit AttemptsPanel(GameController& controller, QWidget* parent = nullptr);

  // The lines shown, top to bottom (for tests and screenshots).
  QStringList lines() const;
  // What the list is about: "This turn", "Move 12 (W Q16)", or "" when nothing is shown.
  QString title() const;
  // The prompt shown for the attempt selected (the last one unless another is clicked); "" for an engine.
  QString promptShown() const;
  // The verdict on the picture drawn again: "" when the move had no picture.
  QString pictureVerdict() const;
  // Whether the picture drawn again is the one the model was sent (false when there is none).
  bool pictureMatches() const { return m_picture.has_value() && m_picture->matches(); }
  QPushButton* stopButton() const { return m_stop; }
  QPushButton* askButton() const { return m_ask; }
  // The prompt and picture folded out or away by their button.
  bool detailsOpen() const;

 signals:
  // The prompt and picture were folded out (true) or away: the window gives the panel the room to read them in.
  void detailsToggled(bool open);

 private:
  // The prompt and the picture of the attempt selected, folded away until asked for.
  void buildDetails();
  // The buttons and the controller's signals: the AI's turn as it goes, its attempts one by one and its outcome.
  void followController();
  void refresh();
  // The current turn's lines, as they came.
  void showLive();
  // The record of the AI move of node `id`, read from `text`, its property's value.
  void showRecord(std::uint64_t id, const std::string& text, const session::AiTurnRecord& record);
  void showNothing();
  void showAttemptDetails(int row);

  GameController& m_controller;
  QLabel* m_state;
  QLabel* m_title;
  QListWidget* m_list;
  QToolButton* m_detailsToggle;
  // The prompt and the picture, in a frame that scrolls inside the panel: opening it never grows the window.
  QScrollArea* m_details;
  QPlainTextEdit* m_prompt;
  QLabel* m_pictureView;
  QLabel* m_pictureCheck;
  QPushButton* m_stop;
  QPushButton* m_ask;
  // This turn's lines: cleared when a turn begins, kept after a failure or a stop until the next one.
  QStringList m_live;
  // What is shown: the node whose record it is (0 for the live lines, or nothing), its record and the property's
  // value it was read from.
  std::uint64_t m_shownNode = 0;
  std::optional<session::AiTurnRecord> m_record;
  std::string m_recordText;
  std::optional<sources::PictureCheck> m_picture;
};

}  // namespace tengen::qt
