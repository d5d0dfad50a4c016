#include "model/analysis_runner.h"

#include <QMetaObject>
#include <utility>

namespace tengen::qt {

AnalysisRunner::AnalysisRunner(QObject* parent) : QObject(parent) {}

AnalysisRunner::~AnalysisRunner() { stop(); }

void AnalysisRunner::start(const Game& game, long maxPlayouts) {
  stop();
  m_report.reset();
  m_running = true;
  m_stop = false;
  const unsigned long generation = ++m_generation;
  m_thread = std::thread([this, game, generation, maxPlayouts] { work(game, generation, maxPlayouts); });
}

void AnalysisRunner::stop() {
  m_stop = true;
  if (m_thread.joinable()) m_thread.join();
  m_running = false;
  ++m_generation;
}

void AnalysisRunner::work(const Game& game, unsigned long generation, long maxPlayouts) {
  using Clock = std::chrono::steady_clock;
  // The candidates a player sees come from the engine's best priors: the analysis preset, with the network.
  engine::AnalysisSearch search(game, game.toMove(), engine::JudgmentOptions::forAnalysis(engine::kJudgmentSeed));
  for (;;) {
    const Clock::time_point due = Clock::now() + kReportInterval;
    search.run(maxPlayouts - search.playouts(), [this, due] { return m_stop.load() || Clock::now() >= due; });
    if (m_stop) return;
    const bool done = search.playouts() >= maxPlayouts;
    deliver(generation, search.report(kMaxCandidates, kMaxLine), done);
    if (done) return;
  }
}

void AnalysisRunner::deliver(unsigned long generation, SearchReport report, bool done) {
  // Queued on this object: the destructor joins the worker before the object goes, and Qt drops what is still
  // queued for it then.
  QMetaObject::invokeMethod(
      this,
      [this, generation, report = std::move(report), done]() mutable {
        if (generation != m_generation) return;
        m_report = std::move(report);
        if (done) m_running = false;
        emit reported();
      },
      Qt::QueuedConnection);
}

}  // namespace tengen::qt
