#include "model/analysis_runner.h"

#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <condition_variable>
#include <csignal>
#include <mutex>
#include <thread>
#include <utility>

#include "tengen/gtp/analysis_line.h"
#include "tengen/sources/make_source.h"

#include "model/background.h"

namespace tengen::qt {

namespace {

using Clock = std::chrono::steady_clock;

// The engine's analysis commands, KataGo's first: it gives the ownership and the score too.
constexpr std::string_view kKataAnalyze = "kata-analyze";
constexpr std::string_view kLzAnalyze = "lz-analyze";

// A worker let go that has not heard from its engine for this long is waiting for an answer (the engine starts or
// hangs): its engine is killed at once rather than after kQuitGrace, which also holds when the program is leaving.
constexpr std::chrono::milliseconds kOutOfTouch{250};

// The kernel's pidfd calls (glibc 2.36's declarations of them lack C linkage for C++).
int openPidfd(pid_t pid) { return static_cast<int>(::syscall(SYS_pidfd_open, pid, 0)); }
void killPidfd(int pidfd) { ::syscall(SYS_pidfd_send_signal, pidfd, SIGKILL, nullptr, 0); }

}  // namespace

struct AnalysisRunner::Worker : std::enable_shared_from_this<AnalysisRunner::Worker> {
  struct Request {
    unsigned long generation;
    Game game;
    long maxPlayouts;
  };

  Worker(AnalysisRunner* owner, std::string line) : runner(owner), commandLine(std::move(line)), mailbox(owner) {}

  // The worker thread: takes the latest request, analyses it until it is stale or done, and ends its engine when
  // it is let go.
  void serve();
  void analyse(const Request& request);
  // Grows the built-in engine's search of the request's game.
  void searchBuiltin(const Request& request, const Source& source);
  // Reads the external engine's analysis of the request's game; fails, saying why, when it cannot give one.
  Status readExternal(const Request& request, Source& source);
  // Starts the external engine; fails, saying why, when it cannot be started or does not answer.
  Status startEngine();
  void deliver(unsigned long generation, SearchReport report, bool done, const Source& source);
  void tellStarting(bool starting);
  // Whether analysis `generation` is no longer wanted (asked by the searches and streams, which also shows that the
  // worker is in touch).
  bool stale(unsigned long generation);

  // Asked on the GUI thread.
  void request(Request request);
  void cancel(unsigned long wanted);
  // Ends the worker: at once when it is idle or in touch; its engine is killed when it is still busy after
  // kQuitGrace, or at once when it is out of touch (waiting for the engine).
  static void letGo(const std::shared_ptr<Worker>& worker);
  void kill();

  // Set on the GUI thread, then read only.
  AnalysisRunner* const runner;  // dereferenced on the GUI thread only, through the mailbox
  const std::string commandLine;
  const Mailbox mailbox;

  std::mutex mutex;
  std::condition_variable changed;
  std::optional<Request> pending;  // the latest request not taken yet
  bool finished = false;           // the worker has ended its engine and left
  int pidfd = -1;                  // the engine's process, to kill it; -1 before it is started
  std::atomic<unsigned long> wanted{0};
  std::atomic<bool> quit{false};
  std::atomic<bool> idle{true};
  std::atomic<Clock::rep> touched{0};  // when the worker last heard from its search or engine

  // The worker thread's own.
  std::unique_ptr<ai::MoveSource> engine;
  std::string engineCommand;  // its analysis command, once asked
};

AnalysisRunner::AnalysisRunner(QObject* parent) : QObject(parent), m_worker(makeWorker("")) {}

AnalysisRunner::~AnalysisRunner() { Worker::letGo(m_worker); }

std::shared_ptr<AnalysisRunner::Worker> AnalysisRunner::makeWorker(const std::string& commandLine) {
  auto worker = std::make_shared<Worker>(this, commandLine);
  std::thread([worker] { worker->serve(); }).detach();
  return worker;
}

void AnalysisRunner::setEngine(const std::string& commandLine) {
  if (commandLine == m_commandLine) return;
  stop();
  Worker::letGo(m_worker);
  m_commandLine = commandLine;
  m_worker = makeWorker(commandLine);
  m_source = {};
  m_starting = false;
}

void AnalysisRunner::releaseEngine() {
  stop();
  if (m_commandLine.empty()) return;
  Worker::letGo(m_worker);
  m_worker = makeWorker(m_commandLine);
  m_starting = false;
}

void AnalysisRunner::start(const Game& game, long maxPlayouts) {
  m_report.reset();
  m_running = true;
  m_worker->request({++m_generation, game, maxPlayouts});
}

void AnalysisRunner::stop() {
  m_running = false;
  m_worker->cancel(++m_generation);
}

void AnalysisRunner::receive(unsigned long generation, SearchReport report, bool done, Source source) {
  if (generation != m_generation) return;
  m_report = std::move(report);
  m_source = std::move(source);
  m_starting = false;
  if (done) m_running = false;
  emit reported();
}

void AnalysisRunner::Worker::request(Request request) {
  {
    const std::lock_guard lock(mutex);
    wanted = request.generation;
    pending = std::move(request);
  }
  changed.notify_all();
}

void AnalysisRunner::Worker::cancel(unsigned long generation) {
  const std::lock_guard lock(mutex);
  wanted = generation;
  pending.reset();
}

void AnalysisRunner::Worker::letGo(const std::shared_ptr<Worker>& worker) {
  const Clock::duration silent = Clock::now() - Clock::time_point(Clock::duration(worker->touched.load()));
  {
    const std::lock_guard lock(worker->mutex);
    worker->quit = true;
    worker->pending.reset();
  }
  worker->changed.notify_all();
  if (worker->commandLine.empty()) return;  // the built-in search ends within milliseconds
  if (!worker->idle && silent > kOutOfTouch) {
    worker->kill();
    return;
  }
  // The grace period runs on a thread of its own: nobody waits for it.
  runDetached([worker] {
    std::unique_lock lock(worker->mutex);
    if (worker->changed.wait_for(lock, kQuitGrace, [&] { return worker->finished; })) return;
    lock.unlock();
    worker->kill();
  });
}

void AnalysisRunner::Worker::kill() {
  const std::lock_guard lock(mutex);
  // A pidfd names the engine's process only: once it is reaped, the signal goes nowhere.
  if (pidfd >= 0) killPidfd(pidfd);
}

bool AnalysisRunner::Worker::stale(unsigned long generation) {
  touched = Clock::now().time_since_epoch().count();
  return quit || wanted != generation;
}

void AnalysisRunner::Worker::serve() {
  for (;;) {
    std::optional<Request> next;
    {
      std::unique_lock lock(mutex);
      idle = true;
      changed.wait(lock, [this] { return quit || pending.has_value(); });
      if (quit) break;
      next = std::move(pending);
      pending.reset();
      idle = false;
      touched = Clock::now().time_since_epoch().count();
    }
    analyse(*next);
  }
  // Sends `quit` to the engine and waits for it to leave (see gtp::Client::close).
  engine.reset();
  {
    const std::lock_guard lock(mutex);
    if (pidfd >= 0) ::close(pidfd);
    pidfd = -1;
    finished = true;
  }
  changed.notify_all();
}

void AnalysisRunner::Worker::analyse(const Request& request) {
  Source source;
  source.commandLine = commandLine;
  if (!commandLine.empty()) {
    source.origin = Origin::External;
    const Status read = readExternal(request, source);
    if (read || stale(request.generation)) return;
    source.origin = Origin::Fallback;
    source.why = read.error();
  }
  searchBuiltin(request, source);
}

void AnalysisRunner::Worker::searchBuiltin(const Request& request, const Source& source) {
  const Game& game = request.game;
  // The candidates a player sees come from the engine's best priors: the analysis preset, with the network.
  engine::AnalysisSearch search(game, game.toMove(), engine::JudgmentOptions::forAnalysis(engine::kJudgmentSeed));
  for (;;) {
    const Clock::time_point due = Clock::now() + kReportInterval;
    search.run(request.maxPlayouts - search.playouts(),
               [this, &request, due] { return stale(request.generation) || Clock::now() >= due; });
    if (stale(request.generation)) return;
    const bool done = search.playouts() >= request.maxPlayouts;
    deliver(request.generation, search.report(kMaxCandidates, kMaxLine), done, source);
    if (done) return;
  }
}

Status AnalysisRunner::Worker::startEngine() {
  sources::SourceOptions options;
  // A slow start (loading a network) is no news for a window: the analysis shows "starting" meanwhile.
  options.notice = [](const std::string&) {};
  // The worker thread itself starts the engine, so this is called before anyone can reap the process.
  options.gtpStarted = [this](pid_t pid) {
    const int fd = openPidfd(pid);
    const std::lock_guard lock(mutex);
    if (pidfd >= 0) ::close(pidfd);
    pidfd = fd;
    if (quit && fd >= 0) {
      // Let go while the engine was being started: nobody waits for this one.
      killPidfd(fd);
    }
  };
  tellStarting(true);
  Result<std::unique_ptr<ai::MoveSource>> made = sources::makeSource("gtp:" + commandLine, options);
  tellStarting(false);
  if (!made) return Status::failure(made);
  engine = std::move(made).value();
  return Done{};
}

Status AnalysisRunner::Worker::readExternal(const Request& request, Source& source) {
  const Game& game = request.game;
  if (!engine) {
    engineCommand.clear();
    const Status started = startEngine();
    if (!started) return started;
    if (stale(request.generation)) return Done{};
  }
  gtp::AnalysisRelay* relay = sources::analysisRelayOf(*engine);
  if (engineCommand.empty()) {
    if (relay->relays(kKataAnalyze)) {
      engineCommand = kKataAnalyze;
    } else if (relay->relays(kLzAnalyze)) {
      engineCommand = kLzAnalyze;
    } else {
      return Status::failure("the engine lists neither kata-analyze nor lz-analyze");
    }
  }
  source.command = engineCommand;
  source.ownership = engineCommand == kKataAnalyze;
  const gtp::AnalysisFormat format = source.ownership ? gtp::AnalysisFormat::KataGo : gtp::AnalysisFormat::LeelaZero;
  // The interval in centiseconds, as both dialects take it.
  const std::string interval = std::to_string(kReportInterval.count() / 10);
  std::string command = engineCommand + (game.toMove() == Color::Black ? " B " : " W ") + interval;
  if (source.ownership) command += " ownership true";
  bool done = false;
  std::optional<SearchReport> last;
  std::string unreadable;
  const auto line = [&](std::string_view text) {
    Result<SearchReport> parsed = gtp::parseAnalysisLine(text, game.size(), format, game.toMove());
    if (!parsed) {
      unreadable = parsed.error();
      return;
    }
    SearchReport report = std::move(parsed).value();
    if (report.candidates.size() > static_cast<std::size_t>(kMaxCandidates)) report.candidates.resize(kMaxCandidates);
    for (SearchCandidate& c : report.candidates) {
      if (c.pv.size() > static_cast<std::size_t>(kMaxLine)) c.pv.resize(kMaxLine);
    }
    done = report.playouts >= request.maxPlayouts;
    last = report;
    deliver(request.generation, std::move(report), done, source);
  };
  const Result<gtp::AnalysisRelay::Outcome> outcome =
      relay->relay(game, command, line, [&] { return stale(request.generation) || done || !unreadable.empty(); });
  if (!outcome) return Status::failure(outcome);
  if (!outcome->accepted) return Status::failure("it refused " + engineCommand + ": " + outcome->refusal);
  if (!unreadable.empty()) return Status::failure("its analysis cannot be read: " + unreadable);
  // An engine whose search stopped (a playout limit of its own) may end its stream: its last report is final.
  if (!stale(request.generation) && !done && last) deliver(request.generation, std::move(*last), true, source);
  return Done{};
}

void AnalysisRunner::Worker::deliver(unsigned long generation, SearchReport report, bool done, const Source& source) {
  // The mailbox runs this only while the runner exists.
  AnalysisRunner* const owner = runner;
  mailbox.post([owner, generation, report = std::move(report), done, source]() mutable {
    owner->receive(generation, std::move(report), done, std::move(source));
  });
}

void AnalysisRunner::Worker::tellStarting(bool starting) {
  AnalysisRunner* const owner = runner;
  mailbox.post([owner, self = weak_from_this(), starting] {
    // Only the worker of the engine chosen now speaks for the runner.
    if (owner->m_worker != self.lock()) return;
    owner->m_starting = starting;
    emit owner->reported();
  });
}

}  // namespace tengen::qt
