#include "model/position_views.h"

#include <QLocale>
#include <memory>
#include <utility>

#include "tengen/engine/judgment.h"

#include "model/language.h"

namespace tengen::qt {

PositionViews::PositionViews(const session::GameModel& model, std::function<bool()> thinking, long maxPlayouts,
                             QObject* parent)
    : QObject(parent), m_model(model), m_thinking(std::move(thinking)), m_maxPlayouts(maxPlayouts), m_mailbox(this) {
  connect(&m_analysis, &AnalysisRunner::reported, this, &PositionViews::analysisChanged);
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
  return m_scoreEstimate->final ? tr("Score: %1").arg(result) : tr("Estimate: %1").arg(result);
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
  if (report == nullptr) return tr("Analysing\u2026");
  const int playouts = static_cast<int>(report->playouts);
  if (report->candidates.empty()) return tr("Analysis: %Ln playout(s)", nullptr, playouts);
  const SearchCandidate& best = report->candidates.front();
  const QString text = m_analysis.running() ? tr("Analysis: %1 %2%, %Ln playout(s)", nullptr, playouts)
                                            : tr("Analysis: %1 %2%, %Ln playout(s) (limit reached)", nullptr, playouts);
  return text.arg(moveText(best.move, m_model.view().size()), QLocale().toString(best.winrate * 100, 'f', 1));
}

}  // namespace tengen::qt
