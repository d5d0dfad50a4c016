#include "model/analysis_runner.h"

#include <QMetaObject>
#include <utility>

#include "tengen/gtp/analysis_line.h"
#include "tengen/sources/make_source.h"

namespace tengen::qt {

namespace {

// The engine's analysis commands, KataGo's first: it gives the ownership and the score too.
constexpr std::string_view kKataAnalyze = "kata-analyze";
constexpr std::string_view kLzAnalyze = "lz-analyze";

}  // namespace

AnalysisRunner::AnalysisRunner(QObject* parent) : QObject(parent) {}

AnalysisRunner::~AnalysisRunner() { stop(); }

void AnalysisRunner::setEngine(const std::string& commandLine) {
  if (commandLine == m_commandLine) return;
  stop();
  // No worker runs now: the engine chosen before is let go here (it is sent `quit`).
  m_engine.reset();
  m_engineCommandLine.clear();
  m_engineCommand.clear();
  m_commandLine = commandLine;
  m_source = {};
}

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
  Source source;
  source.commandLine = m_commandLine;
  if (!source.commandLine.empty()) {
    source.origin = Origin::External;
    const Status read = readExternal(game, generation, maxPlayouts, source);
    if (read || m_stop) return;
    source.origin = Origin::Fallback;
    source.why = read.error();
  }
  searchBuiltin(game, generation, maxPlayouts, source);
}

void AnalysisRunner::searchBuiltin(const Game& game, unsigned long generation, long maxPlayouts, const Source& source) {
  using Clock = std::chrono::steady_clock;
  // The candidates a player sees come from the engine's best priors: the analysis preset, with the network.
  engine::AnalysisSearch search(game, game.toMove(), engine::JudgmentOptions::forAnalysis(engine::kJudgmentSeed));
  for (;;) {
    const Clock::time_point due = Clock::now() + kReportInterval;
    search.run(maxPlayouts - search.playouts(), [this, due] { return m_stop.load() || Clock::now() >= due; });
    if (m_stop) return;
    const bool done = search.playouts() >= maxPlayouts;
    deliver(generation, search.report(kMaxCandidates, kMaxLine), done, source);
    if (done) return;
  }
}

Status AnalysisRunner::readExternal(const Game& game, unsigned long generation, long maxPlayouts, Source& source) {
  if (!m_engine || m_engineCommandLine != source.commandLine) {
    m_engine.reset();
    m_engineCommand.clear();
    sources::SourceOptions options;
    // A slow start (loading a network) is no news for a window: the analysis shows "Analysing…" meanwhile.
    options.notice = [](const std::string&) {};
    Result<std::unique_ptr<ai::MoveSource>> made = sources::makeSource("gtp:" + source.commandLine, options);
    if (!made) return Status::failure(made);
    m_engine = std::move(made).value();
    m_engineCommandLine = source.commandLine;
  }
  gtp::AnalysisRelay* relay = sources::analysisRelayOf(*m_engine);
  if (m_engineCommand.empty()) {
    if (relay->relays(kKataAnalyze)) {
      m_engineCommand = kKataAnalyze;
    } else if (relay->relays(kLzAnalyze)) {
      m_engineCommand = kLzAnalyze;
    } else {
      return Status::failure("the engine lists neither kata-analyze nor lz-analyze");
    }
  }
  source.command = m_engineCommand;
  source.ownership = m_engineCommand == kKataAnalyze;
  const gtp::AnalysisFormat format = source.ownership ? gtp::AnalysisFormat::KataGo : gtp::AnalysisFormat::LeelaZero;
  // The interval in centiseconds, as both dialects take it.
  const std::string interval = std::to_string(kReportInterval.count() / 10);
  std::string command = m_engineCommand + (game.toMove() == Color::Black ? " B " : " W ") + interval;
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
    done = report.playouts >= maxPlayouts;
    last = report;
    deliver(generation, std::move(report), done, source);
  };
  const Result<gtp::AnalysisRelay::Outcome> outcome =
      relay->relay(game, command, line, [&] { return m_stop.load() || done || !unreadable.empty(); });
  if (!outcome) return Status::failure(outcome);
  if (!outcome->accepted) return Status::failure("it refused " + m_engineCommand + ": " + outcome->refusal);
  if (!unreadable.empty()) return Status::failure("its analysis cannot be read: " + unreadable);
  // An engine whose search stopped (a playout limit of its own) may end its stream: its last report is final.
  if (!m_stop && !done && last) deliver(generation, std::move(*last), true, source);
  return Done{};
}

void AnalysisRunner::deliver(unsigned long generation, SearchReport report, bool done, const Source& source) {
  // Queued on this object: the destructor joins the worker before the object goes, and Qt drops what is still
  // queued for it then.
  QMetaObject::invokeMethod(
      this,
      [this, generation, report = std::move(report), done, source]() mutable {
        if (generation != m_generation) return;
        m_report = std::move(report);
        m_source = std::move(source);
        if (done) m_running = false;
        emit reported();
      },
      Qt::QueuedConnection);
}

}  // namespace tengen::qt
