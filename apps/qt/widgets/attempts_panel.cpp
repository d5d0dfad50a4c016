#include "widgets/attempts_panel.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPixmap>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QToolButton>
#include <QVBoxLayout>

#include "tengen/sources/model_request.h"

#include "model/game_controller.h"
#include "model/language.h"

namespace tengen::qt {

namespace {

// The picture's width in the panel; the panel is narrow and the picture is there to be recognised, not studied.
constexpr int kPictureWidth = 240;
// The lines of the prompt shown at least, when the panel is tall enough (else the frame scrolls).
constexpr int kPromptLines = 20;

// The first characters of a hash, enough to tell two apart by eye.
QString shortHash(const std::string& hash) { return QString::fromStdString(hash.substr(0, 12)); }

}  // namespace

AttemptsPanel::AttemptsPanel(GameController& controller, QWidget* parent)
    : QWidget(parent),
      m_controller(controller),
      m_state(new QLabel(this)),
      m_title(new QLabel(this)),
      m_list(new QListWidget(this)),
      m_detailsToggle(new QToolButton(this)),
      m_details(new QScrollArea(this)),
      m_prompt(new QPlainTextEdit(this)),
      m_pictureView(new QLabel(this)),
      m_pictureCheck(new QLabel(this)),
      m_stop(new QPushButton(tr("Stop"), this)),
      m_ask(new QPushButton(tr("Ask again"), this)) {
  m_list->setObjectName(QStringLiteral("attemptsList"));
  m_list->setWordWrap(true);
  m_list->setSelectionMode(QAbstractItemView::SingleSelection);
  m_title->setObjectName(QStringLiteral("attemptsTitle"));
  m_title->setWordWrap(true);
  m_stop->setObjectName(QStringLiteral("stopButton"));
  m_stop->setToolTip(tr("Stop the AI thinking (Esc); its answer is dropped"));
  m_ask->setObjectName(QStringLiteral("askButton"));
  m_ask->setToolTip(tr("Ask the AI for its move again (Ctrl+G)"));
  m_state->setWordWrap(true);

  buildDetails();

  auto* buttons = new QHBoxLayout;
  buttons->addWidget(m_stop);
  buttons->addWidget(m_ask);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(m_state);
  layout->addWidget(m_title);
  // Open, the prompt and picture take three parts of the height to the list's one: a turn has a few attempts, a
  // prompt dozens of lines.
  layout->addWidget(m_list, 1);
  layout->addWidget(m_detailsToggle);
  layout->addWidget(m_details, 3);
  layout->addLayout(buttons);

  followController();
  connect(&controller, &GameController::changed, this, &AttemptsPanel::refresh);
  refresh();
}

void AttemptsPanel::buildDetails() {
  m_detailsToggle->setObjectName(QStringLiteral("attemptDetailsToggle"));
  m_detailsToggle->setText(tr("Prompt and picture"));
  m_detailsToggle->setCheckable(true);
  m_detailsToggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
  m_detailsToggle->setArrowType(Qt::RightArrow);
  m_prompt->setObjectName(QStringLiteral("attemptPrompt"));
  m_prompt->setReadOnly(true);
  m_prompt->setLineWrapMode(QPlainTextEdit::WidgetWidth);
  m_pictureView->setObjectName(QStringLiteral("attemptPicture"));
  m_pictureCheck->setObjectName(QStringLiteral("attemptPictureCheck"));
  m_pictureCheck->setWordWrap(true);
  // A prompt tall enough to read a screenful of; the rest of it scrolls in the text, the picture below it in the
  // frame.
  m_prompt->setMinimumHeight(m_prompt->fontMetrics().lineSpacing() * kPromptLines);
  auto* inner = new QWidget;
  auto* details = new QVBoxLayout(inner);
  details->setContentsMargins(0, 0, 0, 0);
  details->addWidget(m_prompt, 1);
  details->addWidget(m_pictureView);
  details->addWidget(m_pictureCheck);
  m_details->setObjectName(QStringLiteral("attemptDetails"));
  m_details->setWidget(inner);
  m_details->setWidgetResizable(true);
  m_details->setFrameShape(QFrame::NoFrame);
  m_details->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  m_details->setVisible(false);
  connect(m_detailsToggle, &QToolButton::toggled, this, [this](bool on) {
    m_detailsToggle->setArrowType(on ? Qt::DownArrow : Qt::RightArrow);
    m_details->setVisible(on);
    emit detailsToggled(on);
  });
}

bool AttemptsPanel::detailsOpen() const { return !m_details->isHidden(); }

void AttemptsPanel::followController() {
  connect(m_stop, &QPushButton::clicked, &m_controller, &GameController::stop);
  connect(m_ask, &QPushButton::clicked, &m_controller, &GameController::askAi);
  connect(m_list, &QListWidget::currentRowChanged, this, &AttemptsPanel::showAttemptDetails);
  connect(&m_controller.ai(), &AiTurns::attemptsCleared, this, [this] {
    m_live.clear();
    refresh();
  });
  connect(&m_controller.ai(), &AiTurns::attemptReported, this, [this](const QString& line) {
    m_live << line;
    refresh();
  });
  connect(&m_controller.ai(), &AiTurns::asking, this, [this](int n) {
    m_state->setText(n == 1 ? tr("Asking %1\u2026").arg(m_controller.ai().opponent().displayName())
                            : tr("Asking again (attempt %1)\u2026").arg(n));
  });
  connect(&m_controller.ai(), &AiTurns::attemptsFinal, this, [this](const QStringList& lines) {
    // The outcome is the record; the live lines were the same verdicts reported one by one.
    m_live = lines;
    refresh();
  });
}

QStringList AttemptsPanel::lines() const {
  QStringList out;
  for (int i = 0; i < m_list->count(); ++i) out << m_list->item(i)->text();
  return out;
}

QString AttemptsPanel::title() const { return m_title->text(); }

QString AttemptsPanel::promptShown() const { return m_prompt->toPlainText(); }

QString AttemptsPanel::pictureVerdict() const { return m_pictureCheck->text(); }

void AttemptsPanel::refresh() {
  const bool thinking = m_controller.ai().thinking();
  m_stop->setEnabled(thinking);
  const session::GameModel& model = m_controller.model();
  const Game& game = model.game();
  const bool aiTurn = game.phase() == Phase::Playing && game.toMove() == m_controller.aiColor();
  m_ask->setEnabled(!thinking && aiTurn);
  if (!thinking) {
    QString text = tr("Opponent: %1").arg(m_controller.ai().opponent().displayName());
    if (aiTurn && m_controller.ai().held()) text += tr("\nWaiting: ask again or change the opponent.");
    m_state->setText(text);
  }  // else the asking() text stays while the AI thinks

  // The turn under way, or the one that failed or was stopped, at the end of the line; else the AI move looked at.
  if (thinking || (m_controller.ai().held() && model.atEnd() && !m_live.isEmpty())) {
    showLive();
    return;
  }
  const session::TreeNode& node = model.current();
  const std::string* text = node.move ? session::aiTurnText(node.properties) : nullptr;
  // changed() comes often (every click, every clock second): the record shown already is not read or drawn again.
  if (text != nullptr && node.id == m_shownNode && *text == m_recordText) return;
  if (std::optional<session::AiTurnRecord> record = text != nullptr ? session::parseAiTurn(*text) : std::nullopt) {
    showRecord(node.id, *text, *record);
  } else {
    showNothing();
  }
}

void AttemptsPanel::showLive() {
  m_shownNode = 0;
  m_record.reset();
  m_recordText.clear();
  m_picture.reset();
  m_title->setText(tr("This turn"));
  if (lines() != m_live) {
    m_list->clear();
    m_list->addItems(m_live);
    m_list->scrollToBottom();
  }
  m_detailsToggle->setVisible(false);
  m_details->setVisible(false);
}

void AttemptsPanel::showRecord(std::uint64_t id, const std::string& text, const session::AiTurnRecord& record) {
  m_shownNode = id;
  m_recordText = text;
  m_record = record;
  const session::TreeNode* node = m_controller.model().tree().find(id);
  const Game before = m_controller.ai().positionBefore(id);
  m_title->setText(tr("Move %1 (%2 %3): %4")
                       .arg(session::GameTree::depth(*node))
                       .arg(colorLetterText(node->move->color), moveText(*node->move, before.size()),
                            QString::fromStdString(record.opponent)));
  m_list->clear();
  for (const ai::Attempt& attempt : record.attempts) m_list->addItem(attemptText(attempt));

  // The picture is drawn again for the position the AI was asked about and checked against the hash it was sent
  // with: a record made by another version of the renderer shows as different.
  m_picture = sources::redrawPicture(record.attempts, record.coords, before);
  if (m_picture) {
    QPixmap pixmap;
    pixmap.loadFromData(reinterpret_cast<const uchar*>(m_picture->png.data()), static_cast<uint>(m_picture->png.size()),
                        "PNG");
    m_pictureView->setPixmap(pixmap.scaledToWidth(kPictureWidth, Qt::SmoothTransformation));
    m_pictureView->setVisible(true);
    m_pictureCheck->setText(
        m_picture->matches()
            ? tr("The picture drawn again is the one the model was sent (SHA-256 %1\u2026).")
                  .arg(shortHash(m_picture->recorded))
            : tr("The picture drawn again differs from the one the model was sent: SHA-256 %1\u2026 recorded, "
                 "%2\u2026 drawn now. This version of tengen draws the board differently from the one that played.")
                  .arg(shortHash(m_picture->recorded), shortHash(m_picture->sha256)));
  } else {
    m_pictureView->clear();
    m_pictureView->setVisible(false);
    m_pictureCheck->clear();
  }
  const bool hasPrompt = std::any_of(record.attempts.begin(), record.attempts.end(),
                                     [](const ai::Attempt& a) { return !a.prompt.empty(); });
  m_detailsToggle->setVisible(hasPrompt || m_picture.has_value());
  m_details->setVisible(m_detailsToggle->isChecked() && m_detailsToggle->isVisible());
  m_list->setCurrentRow(m_list->count() - 1);
  showAttemptDetails(m_list->count() - 1);
}

void AttemptsPanel::showNothing() {
  m_shownNode = 0;
  m_record.reset();
  m_recordText.clear();
  m_picture.reset();
  const session::TreeNode& node = m_controller.model().current();
  m_title->setText(node.move ? tr("No AI attempts are recorded for this move.") : QString());
  m_list->clear();
  m_detailsToggle->setVisible(false);
  m_details->setVisible(false);
  m_prompt->clear();
}

void AttemptsPanel::showAttemptDetails(int row) {
  if (!m_record || row < 0 || row >= static_cast<int>(m_record->attempts.size())) return;
  m_prompt->setPlainText(QString::fromStdString(m_record->attempts[static_cast<std::size_t>(row)].prompt));
}

}  // namespace tengen::qt
