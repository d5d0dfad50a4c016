#include "model/position_views.h"

#include <QLocale>
#include <cmath>
#include <memory>
#include <utility>

#include "tengen/core/text.h"
#include "tengen/engine/judgment.h"
#include "tengen/gtp/process.h"

#include "model/language.h"

namespace tengen::qt {

PositionViews::PositionViews(const session::GameModel& model, std::function<bool()> thinking, long maxPlayouts,
                             QObject* parent)
    : QObject(parent), m_model(model), m_thinking(std::move(thinking)), m_maxPlayouts(maxPlayouts), m_mailbox(this) {
  connect(&m_analysis, &AnalysisRunner::reported, this, [this] {
    overlayEngineEstimate();
    emit analysisChanged();
  });
}

void PositionViews::setAnalysisEngine(const QString& commandLine) {
  const QString trimmed = commandLine.trimmed();
  if (trimmed == m_analysisEngine) return;
  m_analysisEngine = trimmed;
  m_analysis.setEngine(trimmed.toStdString());
  m_analysis.clear();
  m_analysisKey.reset();
  refreshAnalysis();
  emit analysisChanged();
}

void PositionViews::releaseAnalysisEngine() {
  setAnalysisShown(false);
  m_analysis.releaseEngine();
}

QString PositionViews::analysisEngineName() const {
  if (m_analysisEngine.isEmpty()) return {};
  const Result<std::vector<std::string>> words = gtp::splitCommandLine(m_analysisEngine.toStdString());
  const QString program = words ? QString::fromStdString(words->front()) : m_analysisEngine;
  return program.section(QLatin1Char('/'), -1);
}

QString PositionViews::analysisNote() const {
  if (!m_analysisShown || m_analysisEngine.isEmpty() || analysis() == nullptr) return {};
  const AnalysisRunner::Source& source = m_analysis.source();
  if (source.origin == AnalysisRunner::Origin::Fallback) {
    return tr("The built-in engine analyses this position: %1").arg(QString::fromStdString(source.why));
  }
  if (source.origin == AnalysisRunner::Origin::External && !source.ownership) {
    return tr("%1 gives no ownership or score (%2): the score estimate is the built-in engine's")
        .arg(analysisEngineName(), QString::fromStdString(source.command));
  }
  return {};
}

void PositionViews::overlayEngineEstimate() {
  const SearchReport* report = analysis();
  if (!m_estimateShown || !m_scoreEstimate || m_scoreEstimate->final || report == nullptr) return;
  const AnalysisRunner::Source& source = m_analysis.source();
  if (source.origin != AnalysisRunner::Origin::External || !source.ownership) return;
  const std::size_t points = static_cast<std::size_t>(m_scoreEstimate->size) * m_scoreEstimate->size;
  if (report->ownership.size() != points) return;
  m_scoreEstimate->playoutOwnership = report->ownership;
  // The engine's lead for the side to move, as the result a player reads.
  const double blackLead = report->toMove == Color::Black ? report->scoreLead : -report->scoreLead;
  const double margin = std::round(std::abs(blackLead) * 2) / 2;
  std::string result = blackLead >= 0 ? "B+" : "W+";
  result += shortestText(margin);
  m_scoreEstimate->score.result = margin == 0 ? std::string("0") : result;
  m_estimateFromEngine = true;
  emit estimateChanged();
}

void PositionViews::setScoreEstimateShown(bool on) {
  if (on == m_estimateShown) return;
  m_estimateShown = on;
  m_estimateKey.reset();
  m_scoreEstimate.reset();
  ++m_scoreEstimateTicket;
  if (on) {
    refreshScoreEstimate();
  } else {
    emit estimateChanged();
  }
}

QString PositionViews::scoreEstimateText() const {
  if (!m_estimateShown || !m_scoreEstimate) return {};
  const QString result = resultText(m_scoreEstimate->score.result);
  if (m_scoreEstimate->final) return tr("Score: %1").arg(result);
  if (m_estimateFromEngine) return tr("Estimate (%1): %2").arg(analysisEngineName(), result);
  return tr("Estimate: %1").arg(result);
}

void PositionViews::refreshScoreEstimate() {
  if (!m_estimateShown) return;
  const Game& shown = m_model.view();
  const auto key = std::make_tuple(m_gameSerial, shown.board().hash(), shown.toMove(), shown.phase(),
                                   m_model.viewMove(), shown.moveCount());
  if (m_estimateKey == key) return;
  m_estimateKey = key;
  m_scoreEstimate.reset();
  ++m_scoreEstimateTicket;
  // One judgment at a time: the one under way starts the next for the position then looked at when it ends, so
  // that stepping through a record never piles up searches.
  if (!m_scoreEstimateRunning) startScoreEstimate();
}

// Works the judgment (tengen/engine/judgment.h) out off the GUI thread: core's count of a game ended by two passes,
// the built-in engine's estimate of one in play (100 to 300 ms on 19x19).
void PositionViews::startScoreEstimate() {
  m_scoreEstimateRunning = true;
  const unsigned long ticket = m_scoreEstimateTicket;
  auto game = std::make_shared<const Game>(m_model.view());
  const Mailbox mailbox = m_mailbox;
  PositionViews* self = this;
  runDetached([game, mailbox, self, ticket] {
    Analysis analysis = engine::judge(*game);
    mailbox.post([self, ticket, analysis = std::move(analysis)]() mutable {
      self->m_scoreEstimateRunning = false;
      if (ticket == self->m_scoreEstimateTicket) {
        self->m_scoreEstimate = std::move(analysis);
        self->m_estimateFromEngine = false;
        self->overlayEngineEstimate();
        emit self->estimateChanged();
      } else if (self->m_estimateShown) {
        // The position looked at changed meanwhile.
        self->startScoreEstimate();
      }
    });
  });
}

void PositionViews::setAnalysisShown(bool on) {
  if (on == m_analysisShown) return;
  m_analysisShown = on;
  refreshAnalysis();
  emit analysisChanged();
}

PositionViews::AnalysisKey PositionViews::shownAnalysisKey() const {
  const Game& shown = m_model.view();
  return {m_gameSerial, m_model.current().id, shown.board().hash(), shown.toMove()};
}

void PositionViews::refreshAnalysis() {
  const Game& shown = m_model.view();
  if (!m_analysisShown || shown.phase() != Phase::Playing || m_thinking()) {
    if (!m_analysisKey) return;
    m_analysis.stop();
    m_analysis.clear();
    m_analysisKey.reset();
    emit analysisChanged();
    return;
  }
  const AnalysisKey key = shownAnalysisKey();
  if (m_analysisKey == key) return;
  m_analysisKey = key;
  m_analysis.start(shown, m_maxPlayouts);
  emit analysisChanged();
}

const SearchReport* PositionViews::analysis() const {
  // Until the queued refresh has run, the report may be of the position looked at before.
  if (!m_analysisKey || *m_analysisKey != shownAnalysisKey() || !m_analysis.report()) return nullptr;
  return &*m_analysis.report();
}

QString PositionViews::analysisText() const {
  if (!m_analysisShown || m_model.view().phase() != Phase::Playing) return {};
  if (m_thinking()) return tr("Analysis: paused while the AI thinks");
  const SearchReport* report = analysis();
  if (report == nullptr) {
    // An engine loading a big network may take a while: the window says so and goes on meanwhile.
    if (m_analysis.starting()) return tr("Analysis: starting %1\u2026").arg(analysisEngineName());
    return tr("Analysing\u2026");
  }
  const int playouts = static_cast<int>(report->playouts);
  if (report->candidates.empty()) return tr("Analysis: %Ln playout(s)", nullptr, playouts);
  const SearchCandidate& best = report->candidates.front();
  if (m_analysis.source().origin == AnalysisRunner::Origin::External) {
    // Its search is over at the cap, or when the engine ends its stream itself (a playout limit of its own).
    const QString text = m_analysis.running()
                             ? tr("Analysis by %1: %2 %3%, %Ln visit(s)", nullptr, playouts)
                             : tr("Analysis by %1: %2 %3%, %Ln visit(s) (search ended)", nullptr, playouts);
    return text.arg(analysisEngineName(), moveText(best.move, m_model.view().size()),
                    QLocale().toString(best.winrate * 100, 'f', 1));
  }
  const QString text = m_analysis.running() ? tr("Analysis: %1 %2%, %Ln playout(s)", nullptr, playouts)
                                            : tr("Analysis: %1 %2%, %Ln playout(s) (limit reached)", nullptr, playouts);
  return text.arg(moveText(best.move, m_model.view().size()), QLocale().toString(best.winrate * 100, 'f', 1));
}

}  // namespace tengen::qt
