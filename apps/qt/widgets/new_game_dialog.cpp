#include "widgets/new_game_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QStackedWidget>
#include <QTime>
#include <QTimeEdit>
#include <QVBoxLayout>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "tengen/ai/move_source.h"
#include "tengen/core/rules.h"
#include "tengen/net/http_client.h"
#include "tengen/sources/chat.h"
#include "tengen/sources/make_source.h"

#include "model/language.h"

namespace tengen::qt {

NewGameDialog::NewGameDialog(const GameSetup& initial, bool opponentOnly, QWidget* parent)
    : QDialog(parent),
      m_gameBox(new QGroupBox(tr("Game"), this)),
      m_size(new QSpinBox(this)),
      m_komi(new QDoubleSpinBox(this)),
      m_handicap(new QSpinBox(this)),
      m_rules(new QComboBox(this)),
      m_color(new QComboBox(this)),
      m_gameForm(nullptr),
      m_timeKind(new QComboBox(this)),
      m_mainTime(new QTimeEdit(this)),
      m_periods(new QSpinBox(this)),
      m_stones(new QSpinBox(this)),
      m_periodSeconds(new QSpinBox(this)),
      m_loseOnTime(new QCheckBox(tr("Lose on time"), this)),
      m_kind(new QComboBox(this)),
      m_pages(new QStackedWidget(this)),
      m_builtinOptions(new QLineEdit(this)),
      m_gtpCommand(new QLineEdit(this)),
      m_modelUrl(new QLineEdit(this)),
      m_modelName(new QComboBox(this)),
      m_modelImage(new QCheckBox(tr("Send a picture of the board"), this)),
      m_remoteUrl(new QLineEdit(this)),
      m_problem(new QLabel(this)),
      m_mailbox(this) {
  setObjectName(QStringLiteral("newGameDialog"));
  setWindowTitle(opponentOnly ? tr("Change opponent") : tr("New game"));

  buildGameBox();
  QGroupBox* opponentBox = buildOpponentBox();

  m_problem->setObjectName(QStringLiteral("problem"));
  m_problem->setWordWrap(true);

  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  m_start = buttons->button(QDialogButtonBox::Ok);
  m_start->setText(opponentOnly ? tr("Change") : tr("Start"));
  connect(buttons, &QDialogButtonBox::accepted, this, &NewGameDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &NewGameDialog::reject);

  auto* layout = new QVBoxLayout(this);
  layout->addWidget(m_gameBox);
  layout->addWidget(opponentBox);
  layout->addWidget(m_problem);
  layout->addWidget(buttons);
  m_gameBox->setVisible(!opponentOnly);
  setMinimumWidth(480);

  connect(m_kind, &QComboBox::currentIndexChanged, m_pages, &QStackedWidget::setCurrentIndex);
  connect(m_rules, &QComboBox::currentIndexChanged, this, &NewGameDialog::rulesChanged);
  connect(m_size, &QSpinBox::valueChanged, this, &NewGameDialog::updateHandicapRange);
  connect(m_handicap, &QSpinBox::valueChanged, this, &NewGameDialog::handicapChanged);
  connect(m_timeKind, &QComboBox::currentIndexChanged, this, &NewGameDialog::timeKindChanged);
  setSetup(initial);
}

void NewGameDialog::buildGameBox() {
  m_size->setRange(Board::kMinSize, Board::kMaxSize);
  m_size->setObjectName(QStringLiteral("size"));
  m_komi->setRange(-100, 100);
  m_komi->setSingleStep(0.5);
  m_komi->setDecimals(1);
  m_komi->setObjectName(QStringLiteral("komi"));
  m_handicap->setObjectName(QStringLiteral("handicap"));
  m_handicap->setSpecialValueText(tr("none"));
  m_rules->setObjectName(QStringLiteral("rules"));
  for (const RuleSet& rules : allRuleSets()) {
    m_rules->addItem(rulesText(rules.rules), static_cast<int>(rules.rules));
  }
  m_color->setObjectName(QStringLiteral("color"));
  m_color->addItem(tr("Black (you move first)"), static_cast<int>(Color::Black));
  m_color->addItem(tr("White"), static_cast<int>(Color::White));

  using Kind = TimeControl::Kind;
  m_timeKind->setObjectName(QStringLiteral("timeKind"));
  m_timeKind->addItem(tr("None"), static_cast<int>(Kind::None));
  m_timeKind->addItem(tr("Absolute (main time only)"), static_cast<int>(Kind::Absolute));
  m_timeKind->addItem(tr("Main time + byo-yomi"), static_cast<int>(Kind::ByoYomi));
  m_timeKind->addItem(tr("Main time + Canadian overtime"), static_cast<int>(Kind::Canadian));
  m_mainTime->setObjectName(QStringLiteral("mainTime"));
  m_mainTime->setDisplayFormat(QStringLiteral("H:mm:ss"));
  m_periods->setObjectName(QStringLiteral("periods"));
  m_periods->setRange(1, 100);
  m_stones->setObjectName(QStringLiteral("stones"));
  m_stones->setRange(1, 100);
  m_periodSeconds->setObjectName(QStringLiteral("periodSeconds"));
  m_periodSeconds->setRange(1, 3600);
  m_periodSeconds->setSuffix(tr(" s"));
  m_loseOnTime->setObjectName(QStringLiteral("loseOnTime"));
  m_loseOnTime->setToolTip(tr("When a flag falls the game ends; otherwise the fallen flag is shown and play goes on"));

  m_gameForm = new QFormLayout(m_gameBox);
  QFormLayout* gameForm = m_gameForm;
  gameForm->addRow(tr("Board size"), m_size);
  gameForm->addRow(tr("Rules"), m_rules);
  gameForm->addRow(tr("Komi"), m_komi);
  gameForm->addRow(tr("Handicap"), m_handicap);
  gameForm->addRow(tr("You play"), m_color);
  gameForm->addRow(tr("Clock"), m_timeKind);
  gameForm->addRow(tr("Main time"), m_mainTime);
  gameForm->addRow(tr("Byo-yomi periods"), m_periods);
  gameForm->addRow(tr("Stones per period"), m_stones);
  gameForm->addRow(tr("Period"), m_periodSeconds);
  gameForm->addRow(QString(), m_loseOnTime);
}

QGroupBox* NewGameDialog::buildOpponentBox() {
  m_kind->setObjectName(QStringLiteral("opponentKind"));
  m_kind->addItem(tr("Built-in engine"), static_cast<int>(OpponentKind::Builtin));
  m_kind->addItem(tr("GTP engine (command)"), static_cast<int>(OpponentKind::Gtp));
  m_kind->addItem(tr("Model endpoint (OpenAI-compatible)"), static_cast<int>(OpponentKind::Model));
  m_kind->addItem(tr("Remote tengen server"), static_cast<int>(OpponentKind::Remote));

  const auto page = [this](QWidget* field, const QString& label, const QString& hint) {
    auto* widget = new QWidget(m_pages);
    auto* form = new QFormLayout(widget);
    form->setContentsMargins(0, 0, 0, 0);
    form->addRow(label, field);
    auto* note = new QLabel(hint, widget);
    note->setWordWrap(true);
    note->setStyleSheet(QStringLiteral("color: palette(mid)"));
    form->addRow(note);
    m_pages->addWidget(widget);
    return form;
  };
  m_builtinOptions->setObjectName(QStringLiteral("builtinOptions"));
  m_builtinOptions->setPlaceholderText(QStringLiteral("playouts=10000"));
  page(m_builtinOptions, tr("Options"),
       tr("Blank for the defaults (it resigns below a 5% winning rate; resign=0 never resigns), or e.g. "
          "time=2,playouts=50000,threads=2"));
  m_gtpCommand->setObjectName(QStringLiteral("gtpCommand"));
  page(m_gtpCommand, tr("Command"), tr("Any GTP engine, e.g. /usr/games/gnugo --mode gtp --level 10"));
  m_modelUrl->setObjectName(QStringLiteral("modelUrl"));
  m_modelName->setObjectName(QStringLiteral("modelName"));
  m_modelName->setEditable(true);
  m_modelName->setInsertPolicy(QComboBox::NoInsert);
  m_modelName->lineEdit()->setPlaceholderText(tr("blank: the one the server serves"));
  m_modelImage->setObjectName(QStringLiteral("modelImage"));
  QFormLayout* modelForm =
      page(m_modelUrl, tr("Base URL"), tr("vLLM, llama-server or Ollama; the API key is read from OPENAI_API_KEY"));
  modelForm->addRow(tr("Model"), m_modelName);
  modelForm->addRow(QString(), m_modelImage);
  m_remoteUrl->setObjectName(QStringLiteral("remoteUrl"));
  page(m_remoteUrl, tr("Server URL"), tr("A `tengen serve` move server, e.g. http://127.0.0.1:8080"));

  auto* opponentBox = new QGroupBox(tr("Opponent"), this);
  auto* opponentLayout = new QVBoxLayout(opponentBox);
  opponentLayout->addWidget(m_kind);
  opponentLayout->addWidget(m_pages);
  return opponentBox;
}

void NewGameDialog::setSetup(const GameSetup& setup) {
  m_hidden = setup.opponent;
  m_size->setValue(setup.config.size);
  m_rules->setCurrentIndex(std::max(0, m_rules->findData(static_cast<int>(setup.config.rules))));
  m_komi->setValue(setup.config.komi.value_or(defaultKomi(setup.config.rules, setup.config.handicap)));
  updateHandicapRange();
  // The setup's komi stays: it was chosen for its handicap.
  m_handicapKomi = setup.config.handicap >= 2;
  m_handicap->setValue(setup.config.handicap);
  handicapChanged();
  m_color->setCurrentIndex(setup.human == Color::White ? 1 : 0);
  const TimeControl& t = setup.timeControl;
  m_timeKind->setCurrentIndex(std::max(0, m_timeKind->findData(static_cast<int>(t.kind))));
  // An untimed setup offers the usual defaults for when a clock is chosen.
  m_mainTime->setTime(QTime(0, 0).addSecs(t.timed() ? t.mainSeconds : 600));
  m_periods->setValue(t.kind == TimeControl::Kind::ByoYomi ? t.periods : 5);
  m_stones->setValue(t.kind == TimeControl::Kind::Canadian ? t.stones : 25);
  m_periodSeconds->setValue(t.periodSeconds > 0 ? t.periodSeconds : 30);
  m_loseOnTime->setChecked(setup.loseOnTime);
  timeKindChanged();
  const OpponentConfig& o = setup.opponent;
  m_kind->setCurrentIndex(std::max(0, m_kind->findData(static_cast<int>(o.kind))));
  m_pages->setCurrentIndex(m_kind->currentIndex());
  m_builtinOptions->setText(o.builtinOptions);
  m_gtpCommand->setText(o.gtpCommand);
  m_modelUrl->setText(o.modelUrl);
  m_modelName->clear();
  m_modelName->setEditText(o.modelName);
  m_modelImage->setChecked(o.modelImage);
  m_remoteUrl->setText(o.remoteUrl);
}

GameSetup NewGameDialog::setup() const {
  GameSetup setup;
  setup.config.size = m_size->value();
  setup.config.rules = chosenRules();
  setup.config.komi = m_komi->value();
  setup.config.handicap = chosenHandicap();
  setup.human = static_cast<Color>(m_color->currentData().toInt());
  TimeControl& t = setup.timeControl;
  t.kind = static_cast<TimeControl::Kind>(m_timeKind->currentData().toInt());
  if (t.timed()) {
    t.mainSeconds = QTime(0, 0).secsTo(m_mainTime->time());
    if (t.kind != TimeControl::Kind::Absolute) t.periodSeconds = m_periodSeconds->value();
    if (t.kind == TimeControl::Kind::ByoYomi) t.periods = m_periods->value();
    if (t.kind == TimeControl::Kind::Canadian) t.stones = m_stones->value();
  }
  setup.loseOnTime = m_loseOnTime->isChecked();
  setup.opponent = m_hidden;
  OpponentConfig& o = setup.opponent;
  o.kind = static_cast<OpponentKind>(m_kind->currentData().toInt());
  o.builtinOptions = m_builtinOptions->text().trimmed();
  o.gtpCommand = m_gtpCommand->text().trimmed();
  o.modelUrl = m_modelUrl->text().trimmed();
  o.modelName = m_modelName->currentText().trimmed();
  o.modelImage = m_modelImage->isChecked();
  o.remoteUrl = m_remoteUrl->text().trimmed();
  return setup;
}

void NewGameDialog::rulesChanged() {
  // A new rule set brings its own komi, as a player expects when switching between Japanese and Chinese; a handicap
  // game keeps its half point under every rule set.
  m_komi->setValue(defaultKomi(chosenRules(), chosenHandicap()));
}

void NewGameDialog::handicapChanged() {
  // Only turning into a handicap game or back changes the komi: one the person set for 3 stones stays at 4.
  const bool handicap = chosenHandicap() >= 2;
  if (handicap != m_handicapKomi) {
    m_handicapKomi = handicap;
    m_komi->setValue(defaultKomi(chosenRules(), chosenHandicap()));
  }
  // Handicap stones are Black's first move, so White plays first.
  m_color->setItemText(0, handicap ? tr("Black (handicap stones; White moves first)") : tr("Black (you move first)"));
  m_color->setItemText(1, handicap ? tr("White (you move first)") : tr("White"));
}

int NewGameDialog::chosenHandicap() const { return m_handicap->value() == 1 ? 0 : m_handicap->value(); }

Rules NewGameDialog::chosenRules() const { return static_cast<Rules>(m_rules->currentData().toInt()); }

void NewGameDialog::timeKindChanged() {
  using Kind = TimeControl::Kind;
  const auto kind = static_cast<Kind>(m_timeKind->currentData().toInt());
  m_gameForm->setRowVisible(m_mainTime, kind != Kind::None);
  m_gameForm->setRowVisible(m_periods, kind == Kind::ByoYomi);
  m_gameForm->setRowVisible(m_stones, kind == Kind::Canadian);
  m_gameForm->setRowVisible(m_periodSeconds, kind == Kind::ByoYomi || kind == Kind::Canadian);
  m_gameForm->setRowVisible(m_loseOnTime, kind != Kind::None);
}

void NewGameDialog::updateHandicapRange() {
  // Fixed handicap placement exists only where the board has star points for it.
  int most = 0;
  for (int h = 9; h >= 2; --h) {
    if (fixedHandicapPoints(m_size->value(), h)) {
      most = h;
      break;
    }
  }
  m_handicap->setRange(0, most);
  m_handicap->setEnabled(most > 0);
}

QString NewGameDialog::problem() const {
  const GameSetup s = setup();
  if (!m_gameBox->isHidden()) {
    if (m_handicap->value() == 1) return tr("A handicap is 2 to 9 stones, or none");
    const Result<GameConfig> config = Game::validate(s.config);
    if (!config) return QString::fromStdString(config.error());
    if (const std::string why = checkTimeControl(s.timeControl); !why.empty()) {
      return tr("Clock: %1").arg(QString::fromStdString(why));
    }
  }
  switch (s.opponent.kind) {
    case OpponentKind::Gtp:
      if (s.opponent.gtpCommand.isEmpty()) return tr("Give the GTP engine's command line");
      break;
    case OpponentKind::Model:
      if (!s.opponent.modelUrl.startsWith(QLatin1String("http://")) &&
          !s.opponent.modelUrl.startsWith(QLatin1String("https://"))) {
        return tr("The model's base URL starts with http:// or https://");
      }
      break;
    case OpponentKind::Remote:
      // makeSource takes tengen:URL only with a scheme; without one the first AI turn would fail instead.
      if (!s.opponent.remoteUrl.startsWith(QLatin1String("http://")) &&
          !s.opponent.remoteUrl.startsWith(QLatin1String("https://"))) {
        return tr("The server's URL starts with http:// or https://");
      }
      break;
    case OpponentKind::Builtin:
      break;
  }
  // The spec as the opponent will be made from it, so that a key the engine does not take is refused here, in the
  // parser's words, and not at the AI's first turn.
  if (s.opponent.kind != OpponentKind::Gtp) {
    const Result<std::unique_ptr<ai::MoveSource>> made =
        sources::makeSource(s.opponent.spec(), s.opponent.sourceOptions());
    if (!made) return QString::fromStdString(made.error());
  }
  return {};
}

bool NewGameDialog::wantsServedModel() const {
  return static_cast<OpponentKind>(m_kind->currentData().toInt()) == OpponentKind::Model &&
         m_modelName->currentText().trimmed().isEmpty();
}

void NewGameDialog::askForServedModels() {
  const OpponentConfig opponent = setup().opponent;
  sources::ModelListRequest request;
  request.baseUrl = opponent.modelUrl.toStdString();
  const std::string keyVariable = opponent.sourceOptions().model.apiKeyEnv;
  if (const char* key = std::getenv(keyVariable.c_str()); key != nullptr) request.apiKey = key;
  request.connectTimeoutSeconds = 5;
  request.timeoutSeconds = 10;
  const unsigned long ticket = ++m_askTicket;
  m_askingUrl = opponent.modelUrl;
  m_start->setEnabled(false);
  showProblem(tr("Asking %1 which models it serves…").arg(opponent.modelUrl), false);
  const Mailbox mailbox = m_mailbox;
  NewGameDialog* self = this;
  runDetached([request, mailbox, self, ticket] {
    Result<std::vector<std::string>> listed = sources::listModels(*net::makeCurlClient(), request);
    mailbox.post([self, ticket, listed = std::move(listed)] { self->servedModelsListed(ticket, listed); });
  });
}

void NewGameDialog::stopAsking() {
  ++m_askTicket;
  m_askingUrl.reset();
  m_start->setEnabled(true);
}

void NewGameDialog::servedModelsListed(unsigned long ticket, const Result<std::vector<std::string>>& listed) {
  if (ticket != m_askTicket) return;
  const std::optional<QString> asked = m_askingUrl;
  stopAsking();
  // Fields changed while the server was asked: the answer is for another question. Start asks again.
  if (!wantsServedModel() || m_modelUrl->text().trimmed() != asked) {
    showProblem({});
    return;
  }
  if (!listed) {
    const QString why = QString::fromStdString(listed.error());
    showProblem(listed.errorKind() == ErrorKind::Unreachable
                    ? tr("The model server could not be reached (%1). Start it, or enter the model's name.").arg(why)
                    : tr("The server does not say which models it serves (%1). Enter the model's name.").arg(why));
    return;
  }
  if (listed->empty()) {
    showProblem(tr("The server lists no model. Enter the model's name."));
    return;
  }
  QStringList names;
  for (const std::string& name : *listed) names << QString::fromStdString(name);
  m_modelName->clear();
  m_modelName->addItems(names);
  if (names.size() == 1) {
    showProblem({});
    QDialog::accept();
    return;
  }
  m_modelName->setEditText(QString());
  m_modelName->setFocus();
  showProblem(tr("The server serves %1 models: choose one in Model.").arg(names.size()));
}

void NewGameDialog::showProblem(const QString& text, bool isProblem) {
  m_problem->setStyleSheet(isProblem ? QStringLiteral("color: #b00020") : QString());
  m_problem->setText(text);
}

void NewGameDialog::accept() {
  if (askingForModels()) return;
  if (const QString why = problem(); !why.isEmpty()) {
    showProblem(why);
    return;
  }
  if (wantsServedModel()) {
    askForServedModels();
    return;
  }
  showProblem({});
  QDialog::accept();
}

void NewGameDialog::reject() {
  if (askingForModels()) {
    stopAsking();
    showProblem({});
  }
  QDialog::reject();
}

}  // namespace tengen::qt
