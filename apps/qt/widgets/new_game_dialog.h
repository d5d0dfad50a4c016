// The new-game dialog: board size, komi, handicap, rules, the player's colour, the clock (none, absolute, byo-yomi,
// Canadian; lose on time) and the opponent (built-in engine, GTP command, model endpoint with model name and image
// on/off, remote tengen server; with no model named, the server's own list). With opponentOnly it is the
// "Change opponent" dialog and the game's own fields are hidden.
#pragma once

#include <QDialog>
#include <optional>
#include <string>
#include <vector>

#include "tengen/core/result.h"

#include "model/background.h"
#include "model/settings.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QStackedWidget;
class QTimeEdit;

namespace tengen::qt {

class NewGameDialog : public QDialog {
  Q_OBJECT

 public:
  NewGameDialog(const GameSetup& initial, bool opponentOnly, QWidget* parent = nullptr);

  // What the fields say now.
  GameSetup setup() const;
  void setSetup(const GameSetup& setup);

  // Start/Change: the game starts when nothing keeps it from starting. With no model named, the server is
  // asked first, off the GUI thread: Start waits greyed out, and Cancel still cancels at once.
  void accept() override;
  void reject() override;

  // Whether the server's list of models is being waited for.
  bool askingForModels() const { return m_askingUrl.has_value(); }

 private:
  // The fields of the game (size, rules, komi, handicap, colour, clock) in m_gameBox.
  void buildGameBox();
  // The opponent's kind and, on a page per kind, its fields.
  QGroupBox* buildOpponentBox();
  void rulesChanged();
  // Gives the komi of the new handicap or its absence (defaultKomi) when the game turns into a handicap game or back,
  // and words the colour choice for who moves first.
  void handicapChanged();
  void updateHandicapRange();
  // The handicap the game gets: the spin box's value, 1 (refused on Start) counting as none.
  int chosenHandicap() const;
  Rules chosenRules() const;
  // Shows the fields the chosen kind of clock uses.
  void timeKindChanged();
  // What keeps the fields from making a game, "" when nothing does: the game's checks, and the opponent's spec as
  // makeSource reads it (a GTP engine is not started for it).
  QString problem() const;
  // Whether the opponent is a model with no model named, whose name Start asks the server for.
  bool wantsServedModel() const;
  // Asks the server's GET /models on a thread of its own, and answers in servedModelsListed.
  void askForServedModels();
  // The server's answer: one model fills the field and starts the game; several are offered in it, and the
  // problem line says what to do. An answer for a URL or a request no longer current is dropped.
  void servedModelsListed(unsigned long ticket, const Result<std::vector<std::string>>& listed);
  void stopAsking();
  // The problem line, red for what keeps the game from starting, plain for what is under way.
  void showProblem(const QString& text, bool isProblem = true);

  QGroupBox* m_gameBox;
  QSpinBox* m_size;
  QDoubleSpinBox* m_komi;
  QSpinBox* m_handicap;
  QComboBox* m_rules;
  QComboBox* m_color;
  QFormLayout* m_gameForm;
  QComboBox* m_timeKind;
  QTimeEdit* m_mainTime;
  QSpinBox* m_periods;
  QSpinBox* m_stones;
  QSpinBox* m_periodSeconds;
  QCheckBox* m_loseOnTime;
  QComboBox* m_kind;
  QStackedWidget* m_pages;
  QLineEdit* m_builtinOptions;
  QLineEdit* m_gtpCommand;
  QLineEdit* m_modelUrl;
  QComboBox* m_modelName;  // editable: the models the server listed, or any name typed
  QCheckBox* m_modelImage;
  QLineEdit* m_remoteUrl;
  QLabel* m_problem;
  QPushButton* m_start = nullptr;
  Mailbox m_mailbox;
  unsigned long m_askTicket = 0;       // the GET /models whose answer is awaited; bumped to drop an answer
  std::optional<QString> m_askingUrl;  // the base URL asked, while waiting
  OpponentConfig m_hidden;             // options the dialog does not show (timeout, retries), kept as they were
  bool m_handicapKomi = false;         // whether the komi was last given for a handicap game
};

}  // namespace tengen::qt
