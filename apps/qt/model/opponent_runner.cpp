#include "model/opponent_runner.h"

#include <utility>

#include "tengen/ai/error_log.h"
#include "tengen/gtp/client.h"
#include "tengen/sources/make_source.h"

#include "model/language.h"

namespace tengen::qt {

namespace {

// Delivers reports of one request to the runner on its thread, unless the request was cancelled meanwhile.
class Reporter {
 public:
  Reporter(Mailbox mailbox, OpponentRunner* runner, unsigned long ticket, const unsigned long* currentTicket)
      : m_mailbox(std::move(mailbox)), m_runner(runner), m_ticket(ticket), m_current(currentTicket) {}

  template <typename F>
  void post(F report) const {
    m_mailbox.post([runner = m_runner, ticket = m_ticket, current = m_current, report] {
      if (*current == ticket) report(runner);
    });
  }

 private:
  Mailbox m_mailbox;
  OpponentRunner* m_runner;
  unsigned long m_ticket;
  // Read only on the runner's thread, inside posted functions that run only while the runner exists.
  const unsigned long* m_current;
};

// Wraps the opponent only to say when each request goes out; the verdicts come from the referee's onAttempt.
class AnnouncingSource final : public ai::MoveSource {
 public:
  AnnouncingSource(ai::MoveSource& inner, Reporter reporter) : m_inner(inner), m_reporter(std::move(reporter)) {}

  std::string describe() const override { return m_inner.describe(); }

  Result<ai::Answer> propose(const ai::MoveRequest& request) override {
    const int n = ++m_asked;
    m_reporter.post([n](OpponentRunner* runner) { emit runner->asking(n); });
    return m_inner.propose(request);
  }

 private:
  ai::MoveSource& m_inner;
  Reporter m_reporter;
  int m_asked = 0;
};

}  // namespace

QString attemptText(const ai::Attempt& attempt) {
  // The vertex, or the client's word for a pass or a resignation, or the answer quoted when it names no point.
  const QString what = moveText(ai::attemptShown(attempt));
  if (attempt.accepted()) return OpponentRunner::tr("attempt %1: %2 accepted").arg(attempt.n).arg(what);
  return OpponentRunner::tr("attempt %1: %2 rejected (%3)").arg(attempt.n).arg(what, reasonText(attempt.reason));
}

OpponentRunner::OpponentRunner(QObject* parent) : QObject(parent), m_mailbox(this) {}

// The window is closing: a request in flight is given up, so that the built-in engine's search ends with it.
OpponentRunner::~OpponentRunner() { m_stop.request_stop(); }

void OpponentRunner::setOpponent(const OpponentConfig& config, const QString& errorLogPath) {
  const bool sameSource = config.spec() == m_config.spec() && config.modelName == m_config.modelName &&
                          config.modelImage == m_config.modelImage && config.timeoutSeconds == m_config.timeoutSeconds;
  m_config = config;
  m_errorLogPath = errorLogPath;
  if (!sameSource) {
    m_source.reset();
    ++m_sourceGeneration;
  }
}

void OpponentRunner::request(const Game& game, Color color, const std::optional<TimeLeft>& clock,
                             const TimeControl& timeControl) {
  m_busy = true;
  const unsigned long ticket = ++m_ticket;
  m_stop = std::stop_source();
  // Everything the worker needs travels by value: it may outlive this runner. The opponent goes with it (shared
  // only because std::function needs a copyable lambda) and comes back with the outcome.
  auto gameCopy = std::make_shared<const Game>(game);
  auto holder = std::make_shared<std::unique_ptr<ai::MoveSource>>(std::move(m_source));
  const std::string spec = m_config.spec();
  const sources::SourceOptions sourceOptions = this->sourceOptions();
  // An empty path is the person's choice of no log (docs/client.md).
  const std::string logPath = m_errorLogPath.toStdString();
  const ai::ErrorLog log =
      logPath.empty()
          ? ai::ErrorLog::none()
          : ai::ErrorLog(logPath, sources::errorContextOf("qt", m_config.displaySpec(), sourceOptions.model));
  const int maxRetries = m_config.maxRetries;
  const unsigned long sourceGeneration = m_sourceGeneration;
  const Mailbox mailbox = m_mailbox;
  const unsigned long* current = &m_ticket;
  OpponentRunner* self = this;
  const std::stop_token stop = m_stop.get_token();
  runDetached([=] {
    ai::RefereeOutcome outcome;
    AiFailure failure = AiFailure::None;
    if (!*holder) {
      Result<std::unique_ptr<ai::MoveSource>> made = sources::makeSource(spec, sourceOptions);
      if (made) {
        *holder = std::move(made).value();
      } else {
        outcome.error = made.error();
        outcome.end = ai::MoveEnd::Unreachable;  // the opponent could not be made: a fresh one is tried next time
        failure = made.errorKind() == ErrorKind::Invalid ? AiFailure::Unusable : AiFailure::NotStarted;
      }
    }
    if (*holder) {
      const Reporter reporter(mailbox, self, ticket, current);
      AnnouncingSource announcing(**holder, reporter);
      ai::RefereeOptions options(log);
      options.maxRetries = maxRetries;
      options.onAttempt = [&reporter](const ai::Attempt& attempt) {
        reporter.post([line = attemptText(attempt)](OpponentRunner* runner) { emit runner->attemptMade(line); });
      };
      options.cancel = stop;
      options.clock = clock;
      options.timeControl = timeControl;
      outcome = ai::requestMove(announcing, *gameCopy, color, options);
      if (outcome.end == ai::MoveEnd::NoLegalMove) failure = AiFailure::NoLegalMove;
      if (outcome.end == ai::MoveEnd::Unreachable) failure = AiFailure::Unreachable;
    }
    mailbox.post([self, ticket, current, holder, sourceGeneration, outcome, failure] {
      if (*current == ticket) {
        self->deliver(std::move(*holder), sourceGeneration, outcome, failure);
      } else {
        // A cancelled request's opponent is shut down off the GUI thread: a GTP engine's quit can take seconds.
        runDetached([holder] { holder->reset(); });
      }
    });
  });
}

sources::SourceOptions OpponentRunner::sourceOptions() {
  sources::SourceOptions options = m_config.sourceOptions();
  // The engine's raw protocol lines reach the console whatever became of the request they belong to.
  options.gtpTraffic = [mailbox = m_mailbox, self = this](gtp::Traffic direction, const std::string& line) {
    mailbox.post([self, sent = direction == gtp::Traffic::Sent, text = QString::fromStdString(line)] {
      emit self->gtpTraffic(sent, text);
    });
  };
  return options;
}

Result<std::string> OpponentRunner::typedCommand(const Game& game, const std::string& line) {
  using R = Result<std::string>;
  if (m_busy) return R::failure("the engine is thinking about its move; type the command again once it has answered");
  if (m_config.kind != OpponentKind::Gtp) {
    return R::failure("the opponent is not a GTP engine: only a GTP engine takes typed commands");
  }
  if (!m_source) {
    Result<std::unique_ptr<ai::MoveSource>> made = sources::makeSource(m_config.spec(), sourceOptions());
    if (!made) return R::failure(made);
    m_source = std::move(made).value();
  }
  Result<std::string> answer = m_source->typedCommand(game, line);
  // An engine that failed is started afresh for the next move, as after a failed request.
  if (!answer && answer.errorKind() == ErrorKind::Unreachable) m_source.reset();
  return answer;
}

void OpponentRunner::cancel() {
  if (!m_busy) return;
  m_stop.request_stop();
  ++m_ticket;
  m_busy = false;
}

void OpponentRunner::deliver(std::unique_ptr<ai::MoveSource> source, unsigned long sourceGeneration,
                             const ai::RefereeOutcome& outcome, AiFailure failure) {
  m_busy = false;
  m_lastFailure = failure;
  // A source that has just failed at the transport level is not trusted again: the next request starts afresh.
  if (sourceGeneration == m_sourceGeneration && outcome.end != ai::MoveEnd::Unreachable) m_source = std::move(source);
  emit finished(outcome);
}

}  // namespace tengen::qt
