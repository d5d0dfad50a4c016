// The live analysis of one position by the built-in engine, or by an external GTP engine that speaks kata-analyze
// (KataGo) or lz-analyze (Leela Zero): an engine::AnalysisSearch grown on a worker thread, or the engine's stream
// read there, whose reports (the best candidates with their winning rates and visits, the ownership) come back to the
// GUI thread as copies every kReportInterval, until the playout cap or stop(). The search and the engine are never
// touched by two threads: a long-lived worker per engine takes "analyse this position" requests, keeping only the
// latest, and stops its search or the engine's stream itself when a request is stale. The GUI thread never waits for
// the worker, so an engine that is slow to start (loading a big network) or hangs never freezes the window; a worker
// let go (another engine chosen, the runner destroyed) ends its engine with `quit`, or when the engine is busy past a
// short grace period, by killing it.
#pragma once

#include <QObject>
#include <chrono>
#include <memory>
#include <optional>
#include <string>

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

  // How long a worker let go may take to end its engine with `quit` before the engine is killed.
  static constexpr std::chrono::milliseconds kQuitGrace{1000};

  explicit AnalysisRunner(QObject* parent = nullptr);
  // Lets the worker go without waiting for it (see setEngine).
  ~AnalysisRunner() override;

  // Analyses a copy of `game` for its side to move, up to `maxPlayouts`, instead of the analysis under way; the last
  // report is forgotten. Returns at once: the worker takes the request when it is free. Precondition: the game is in
  // play.
  void start(const Game& game, long maxPlayouts = kMaxPlayouts);
  // Stops the analysis without waiting for the worker, which ends its search within milliseconds, or the engine's
  // stream; reports still on their way are dropped. The last report stays.
  void stop();
  // Forgets the last report.
  void clear() { m_report.reset(); }

  // Analyses with the GTP engine started from `commandLine` (split without a shell, as a `gtp:` engine's), or with
  // the built-in engine when it is "". The engine is started by the next start(), on the worker thread, and kept
  // between analyses; a position it cannot analyse (it refuses the board size, lists neither analysis command,
  // cannot be started, crashes, times out) is analysed by the built-in engine, and source() says why. Stops the
  // analysis under way and lets the worker of the engine chosen before go, without waiting for it: it sends `quit`
  // to its engine when it is free, and an engine still busy after kQuitGrace (starting, hung) is killed.
  void setEngine(const std::string& commandLine);
  // Stops the analysis and lets the external engine's worker go as setEngine does (the window closes); the next
  // start() starts the engine again.
  void releaseEngine();
  // Who analyses the position of the latest report (as of the last report; Builtin before the first).
  const Source& source() const { return m_source; }
  // Whether the external engine is being started (it has not answered its handshake yet).
  bool starting() const { return m_starting; }

  // Whether a search is growing (started, not stopped, its cap not reached).
  bool running() const { return m_running; }
  // The latest report of the analysis started last; nothing before its first.
  const std::optional<SearchReport>& report() const { return m_report; }

 signals:
  // A new report() arrived, the search reached its cap (running() is then false), or starting() changed.
  void reported();

 private:
  // Lives as long as its worker thread or its runner, whichever lasts longer (worker and runner share it).
  struct Worker;

  // A report of analysis `generation` has come from the worker; dropped when another analysis is wanted since.
  void receive(unsigned long generation, SearchReport report, bool done, Source source);
  // The worker of the engine started from `commandLine`, waiting for requests on a thread of its own.
  std::shared_ptr<Worker> makeWorker(const std::string& commandLine);

  std::shared_ptr<Worker> m_worker;
  // The analysis whose reports are wanted; read and changed on the GUI thread only.
  unsigned long m_generation = 0;
  bool m_running = false;
  bool m_starting = false;
  std::optional<SearchReport> m_report;
  Source m_source;
  // The external engine's command line ("" for the built-in engine).
  std::string m_commandLine;
};

}  // namespace tengen::qt
