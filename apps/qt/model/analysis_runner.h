// The live analysis of one position by the built-in engine, or by an external GTP engine that speaks kata-analyze
// (KataGo) or lz-analyze (Leela Zero): an engine::AnalysisSearch grown on a worker thread of its own, or the
// engine's stream read there, whose reports (the best candidates with their winning rates and visits, the ownership)
// come back to the GUI thread as copies every kReportInterval, until the playout cap or stop(). The search and the
// engine are never touched by two threads: the worker grows or reads them; the GUI thread only receives reports.
#pragma once

#include <QObject>
#include <atomic>
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <thread>

#include "tengen/ai/move_source.h"
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

  // Where the candidates of the latest report come from.
  enum class Origin {
    Builtin,   // the built-in engine: no external engine is chosen
    External,  // the external engine
    Fallback,  // the built-in engine, because the external one cannot analyse this position (why() says why)
  };

  // Who analyses: the external engine's command line or, "" (the default), the built-in engine.
  struct Source {
    std::string commandLine;
    // The engine's analysis command: "kata-analyze" or "lz-analyze"; "" before the engine has been asked.
    std::string command;
    Origin origin = Origin::Builtin;
    // Why the built-in engine analyses instead (Fallback): the engine's error or refusal, as it said it.
    std::string why;
    // Whether the external engine's reports carry the ownership and the score (kata-analyze).
    bool ownership = false;
  };

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

  // Analyses with the GTP engine started from `commandLine` (split without a shell, as a `gtp:` engine's), or with
  // the built-in engine when it is "". The engine is started by the next start(), on the worker thread, and kept
  // between analyses; a position it cannot analyse (it refuses the board size, lists neither analysis command,
  // cannot be started, crashes) is analysed by the built-in engine, and source() says why. Stops the analysis under
  // way and ends the engine chosen before.
  void setEngine(const std::string& commandLine);
  // Who analyses the position of the latest report (as of the last report; Builtin before the first).
  const Source& source() const { return m_source; }

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
  // Grows the built-in engine's search of `game`.
  void searchBuiltin(const Game& game, unsigned long generation, long maxPlayouts, const Source& source);
  // Reads the external engine's analysis of `game`; fails, saying why, when it cannot give one.
  Status readExternal(const Game& game, unsigned long generation, long maxPlayouts, Source& source);
  void deliver(unsigned long generation, SearchReport report, bool done, const Source& source);

  std::thread m_thread;
  std::atomic<bool> m_stop{false};
  // The analysis whose reports are wanted; read and changed on the GUI thread only.
  unsigned long m_generation = 0;
  bool m_running = false;
  std::optional<SearchReport> m_report;
  Source m_source;
  // The external engine's command line; read and changed on the GUI thread only, copied to the worker.
  std::string m_commandLine;
  // The external engine, started and used by the worker only (one worker at a time: start() joins the last).
  std::unique_ptr<ai::MoveSource> m_engine;
  std::string m_engineCommandLine;  // what m_engine was started from
  std::string m_engineCommand;      // its analysis command, once asked
};

}  // namespace tengen::qt
