// The live analysis of one position by the built-in engine: an engine::AnalysisSearch grown on a worker thread of its
// own, whose reports (the best candidates with their winning rates and visits, the ownership) come back to the GUI
// thread as copies every kReportInterval, until the playout cap or stop(). The search is never touched by two threads:
// the worker grows it and reads its reports; the GUI thread only receives them.
#pragma once

#include <QObject>
#include <atomic>
#include <chrono>
#include <optional>
#include <thread>

#include "tengen/core/game.h"
#include "tengen/engine/judgment.h"

namespace tengen::qt {

class AnalysisRunner : public QObject {
  Q_OBJECT

 public:
  // An analysis left alone stops growing here, so that an idle window does not keep a core busy: about 4 s of one
  // core on 9x9 and 20 s on 19x19, with a tree of under 100 MB and 150 MB (the engine's own node limit bounds it too).
  // The tree is freed once the cap is reached; its last report stays.
  static constexpr long kMaxPlayouts = 100'000;
  static constexpr int kMaxCandidates = 5;
  static constexpr int kMaxLine = 10;
  static constexpr std::chrono::milliseconds kReportInterval{300};

  explicit AnalysisRunner(QObject* parent = nullptr);
  // Stops the worker and waits for it.
  ~AnalysisRunner() override;

  // Analyses a copy of `game` for its side to move, up to `maxPlayouts`, after stopping the analysis under way; the
  // last report is forgotten. Precondition: the game is in play.
  void start(const Game& game, long maxPlayouts = kMaxPlayouts);
  // Stops the worker and waits for it (the search looks at its flag every 16 playouts, so it ends within
  // milliseconds); reports still on their way are dropped. The last report stays.
  void stop();
  // Forgets the last report.
  void clear() { m_report.reset(); }

  // Whether a search is growing (started, not stopped, its cap not reached).
  bool running() const { return m_running; }
  // The latest report of the analysis started last; nothing before its first.
  const std::optional<SearchReport>& report() const { return m_report; }

 signals:
  // A new report() arrived, or the search reached its cap (running() is then false).
  void reported();

 private:
  // The worker's loop: grows the search, posting a report every kReportInterval and at the cap.
  void work(const Game& game, unsigned long generation, long maxPlayouts);
  void deliver(unsigned long generation, SearchReport report, bool done);

  std::thread m_thread;
  std::atomic<bool> m_stop{false};
  // The analysis whose reports are wanted; read and changed on the GUI thread only.
  unsigned long m_generation = 0;
  bool m_running = false;
  std::optional<SearchReport> m_report;
};

}  // namespace tengen::qt
