#include "model/opponent_runner.h"

#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

#include "tengen/ai/answer_parser.h"
#include "tengen/ai/error_log.h"
#include "tengen/core/coords.h"

namespace tengen::qt {

namespace {

QString wordsOfCode(const std::string& code) {
  if (code == "unparseable") return QStringLiteral("no coordinate could be read from the answer");
  if (code == "repeated") return QStringLiteral("names a point already rejected this turn");
  if (const std::optional<RejectReason> reason = parseReasonCode(code)) {
    return QString::fromUtf8(std::string(reasonWords(*reason)));
  }
  return QString::fromStdString(code);
}

// Wraps the opponent to tell the GUI about every answer the moment it comes, judged the way requestMove will
// judge it; the referee's own outcome stays the record of what happened.
class ObservedSource final : public ai::MoveSource {
 public:
  ObservedSource(ai::MoveSource& inner, Mailbox mailbox, OpponentRunner* runner, unsigned long ticket,
                 const unsigned long* currentTicket)
      : m_inner(inner), m_mailbox(std::move(mailbox)), m_runner(runner), m_ticket(ticket), m_current(currentTicket) {}

  std::string describe() const override { return m_inner.describe(); }

  Result<ai::Answer> propose(const ai::MoveRequest& request) override {
    const int n = ++m_asked;
    post([n](OpponentRunner* runner) { emit runner->asking(n); });
    Result<ai::Answer> answer = m_inner.propose(request);
    if (answer) {
      const ai::Attempt attempt = judge(n, request, answer->text);
      post([attempt](OpponentRunner* runner) { emit runner->attemptMade(attemptLine(attempt)); });
    }
    return answer;
  }

 private:
  // The referee's reading and checks in its order: unreadable, repeated, then the rules for the colour asked.
  static ai::Attempt judge(int n, const ai::MoveRequest& request, const std::string& text) {
    ai::Attempt attempt;
    attempt.n = n;
    attempt.answer = text;
    const Game& game = *request.game;
    const std::optional<ai::ReadMove> read = ai::readMove(text, game.size());
    if (!read) {
      attempt.reason = "unparseable";
      return attempt;
    }
    const bool onBoard = game.board().contains(read->point);
    attempt.move = read->kind == MoveKind::Play && onBoard ? gtpVertex(read->point, game.size()) : read->text;
    const bool seen = std::any_of(request.rejected.begin(), request.rejected.end(),
                                  [&](const ai::Rejection& r) { return r.vertex == *attempt.move; });
    if (seen) {
      attempt.reason = "repeated";
      return attempt;
    }
    Game judgeGame = game;
    judgeGame.setStrictTurn(false);
    const RejectReason reason = judgeGame.check(Move{request.color, read->kind, read->point});
    attempt.accepted = reason == RejectReason::None;
    if (!attempt.accepted) attempt.reason = std::string(reasonCode(reason));
    return attempt;
  }

  // Delivers to the runner on its thread, unless the request was cancelled meanwhile.
  template <typename F>
  void post(F report) {
    m_mailbox.post([runner = m_runner, ticket = m_ticket, current = m_current, report] {
      if (*current == ticket) report(runner);
    });
  }

  ai::MoveSource& m_inner;
  Mailbox m_mailbox;
  OpponentRunner* m_runner;
  unsigned long m_ticket;
  // Read only on the runner's thread, inside posted functions that run only while the runner exists.
  const unsigned long* m_current;
  int m_asked = 0;
};

}  // namespace

QString attemptLine(const ai::Attempt& attempt) {
  const QString what =
      attempt.move ? QString::fromStdString(*attempt.move) : QString::fromStdString(ai::quotedAnswer(attempt.answer));
  if (attempt.accepted) return QStringLiteral("attempt %1: %2 accepted").arg(attempt.n).arg(what);
  return QStringLiteral("attempt %1: %2 rejected \u2014 %3").arg(attempt.n).arg(what, wordsOfCode(attempt.reason));
}

OpponentRunner::OpponentRunner(QObject* parent) : QObject(parent), m_mailbox(this) {}

OpponentRunner::~OpponentRunner() = default;

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

void OpponentRunner::request(const Game& game, Color color) {
  m_busy = true;
  const unsigned long ticket = ++m_ticket;
  // Everything the worker needs travels by value: it may outlive this runner. The opponent goes with it (shared
  // only because std::function needs a copyable lambda) and comes back with the outcome.
  auto gameCopy = std::make_shared<const Game>(game);
  auto holder = std::make_shared<std::unique_ptr<ai::MoveSource>>(std::move(m_source));
  const std::string spec = m_config.spec();
  const ai::SourceOptions sourceOptions = m_config.sourceOptions();
  const ai::ErrorContext context{"qt", m_config.displaySpec(), m_config.modelForLog()};
  const std::string logPath = m_errorLogPath.toStdString();
  const int maxRetries = m_config.maxRetries;
  const unsigned long sourceGeneration = m_sourceGeneration;
  const Mailbox mailbox = m_mailbox;
  const unsigned long* current = &m_ticket;
  OpponentRunner* self = this;
  runDetached([=] {
    ai::RefereeOutcome outcome;
    if (!*holder) {
      Result<std::unique_ptr<ai::MoveSource>> made = ai::makeSource(spec, sourceOptions);
      if (made) {
        *holder = std::move(made).value();
      } else {
        outcome.error = made.error();
        outcome.transportFailure = true;
      }
    }
    if (*holder) {
      ObservedSource observed(**holder, mailbox, self, ticket, current);
      ai::ErrorLog log(logPath);
      ai::RefereeOptions options;
      options.maxRetries = maxRetries;
      if (!logPath.empty()) {
        options.errorLog = &log;
        options.context = &context;
      }
      outcome = ai::requestMove(observed, *gameCopy, color, options);
    }
    mailbox.post([self, ticket, current, holder, sourceGeneration, outcome] {
      if (*current == ticket) {
        self->deliver(std::move(*holder), sourceGeneration, outcome);
      } else {
        // A cancelled request's opponent is shut down off the GUI thread: a GTP engine's quit can take seconds.
        runDetached([holder] { holder->reset(); });
      }
    });
  });
}

void OpponentRunner::cancel() {
  if (!m_busy) return;
  ++m_ticket;
  m_busy = false;
}

void OpponentRunner::deliver(std::unique_ptr<ai::MoveSource> source, unsigned long sourceGeneration,
                             const ai::RefereeOutcome& outcome) {
  m_busy = false;
  // A source that has just failed at the transport level is not trusted again: the next request starts afresh.
  if (sourceGeneration == m_sourceGeneration && !outcome.transportFailure) m_source = std::move(source);
  emit finished(outcome);
}

}  // namespace tengen::qt
