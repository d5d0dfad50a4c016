#include "tengen/ai/referee.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <string_view>

#include "tengen/ai/answer_parser.h"
#include "tengen/ai/error_log.h"
#include "tengen/core/coords.h"
#include "tengen/core/sha256.h"
#include "tengen/core/text.h"
#include "tengen/core/time_control.h"

namespace tengen::ai {

namespace {

std::string failureText(const std::vector<Attempt>& attempts) {
  std::string text =
      "no legal move in " + std::to_string(attempts.size()) + (attempts.size() == 1 ? " attempt: " : " attempts: ");
  for (const Attempt& a : attempts) text += (a.n == 1 ? "" : "; ") + attemptLine(a);
  return text;
}

// The start of a long answer, cut where a UTF-8 character begins (a continuation byte is 10xxxxxx; at most three
// of them follow the first byte of a character).
std::string answerExcerpt(std::string_view text) {
  std::size_t end = kAnswerExcerptBytes;
  for (int back = 0; back < 3 && end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80; ++back) --end;
  return std::string(text.substr(0, end));
}

Attempt attemptFrom(int n, const Answer& answer) {
  Attempt attempt;
  attempt.n = n;
  if (answer.text.size() > kAnswerExcerptBytes) {
    attempt.answer = answerExcerpt(answer.text);
    attempt.cut = AnswerCut{answer.text.size(), sha256Hex(answer.text)};
  } else {
    attempt.answer = answer.text;
  }
  attempt.latencyMs = answer.latencyMs;
  attempt.prompt = answer.prompt;
  attempt.system = answer.system;
  attempt.tokens = answer.tokens;
  attempt.imageSha256 = answer.imageSha256;
  attempt.httpStatus = answer.httpStatus;
  return attempt;
}

bool sameMove(const ReadMove& a, const ReadMove& b) {
  return a.kind == b.kind && (a.kind != MoveKind::Play || a.point == b.point);
}

// The vertex of a move read from an answer when it names one of this board: "Q16", "pass", "resign".
std::optional<std::string> boardVertex(const ReadMove& read, const Board& board) {
  if (read.kind == MoveKind::Pass) return "pass";
  if (read.kind == MoveKind::Resign) return "resign";
  if (!board.contains(read.point)) return std::nullopt;
  return gtpVertex(read.point, board.size());
}

// The verdict on one answer, read whole (the attempt may keep only its start): what was read from it, and why it is
// refused (None when it is a legal move).
void judge(Attempt& attempt, std::string_view answer, const Game& game, Color color,
           const std::vector<Rejection>& rejected) {
  attempt.read = readMove(answer, game.size());
  if (!attempt.read) {
    attempt.reason = RejectReason::Unparseable;
    return;
  }
  const ReadMove& read = *attempt.read;
  attempt.move = boardVertex(read, game.board());
  const bool seen = std::any_of(rejected.begin(), rejected.end(),
                                [&](const Rejection& r) { return r.read && sameMove(*r.read, read); });
  attempt.reason =
      seen ? RejectReason::Repeated : game.check(Move{color, read.kind, read.point}, Game::TurnRule::AnyColor);
}

// An observer that throws would leave the turn half-reported and its error-log record unwritten; noexcept makes
// that a loud end rather than a quiet one (the contract in referee.h).
void report(const RefereeOptions& options, const Attempt& attempt) noexcept {
  if (options.onAttempt) options.onAttempt(attempt);
}

// The outcome of a move the caller stopped: neither the AI's failure nor the transport's, so nothing is logged.
RefereeOutcome stoppedOutcome(RefereeOutcome outcome) {
  outcome.end = MoveEnd::Stopped;
  outcome.error = "stopped";
  return outcome;
}

// Writes the record before the caller hears of the outcome (docs/error-log.md), and names it in the error a person
// sees so that they can find it.
void logOutcome(const RefereeOptions& options, const Game& game, Color color, RefereeOutcome& outcome) {
  if (!options.errorLog.enabled()) return;
  if (outcome.move && !options.logAccepted) return;
  const Result<std::string> id = options.errorLog.append(game, color, outcome, options.logFields);
  if (!id) {
    outcome.logError = id.error();
    if (!outcome.move) outcome.error += " (the error log could not be written: " + id.error() + ")";
    return;
  }
  outcome.logId = id.value();
  if (!outcome.move) outcome.error += " (error log record " + outcome.logId + ")";
}

// The retry names each rejected point once, with the reason it first had; a repeat or a second unreadable answer
// is an attempt but adds nothing new to say.
void remember(std::vector<Rejection>& rejected, const Attempt& attempt) {
  if (attempt.reason == RejectReason::Repeated) return;
  if (!attempt.read && std::any_of(rejected.begin(), rejected.end(), [](const Rejection& r) { return !r.read; })) {
    return;
  }
  rejected.push_back({attempt.read, attempt.reason});
}

}  // namespace

std::string_view moveEndCode(MoveEnd end) {
  switch (end) {
    case MoveEnd::Accepted:
      return "accepted";
    case MoveEnd::NoLegalMove:
      return "ai_failed";
    case MoveEnd::Unreachable:
      return "model_unavailable";
    case MoveEnd::Stopped:
      return "stopped";
    case MoveEnd::NotInPlay:
      return "not_in_play";
  }
  return "ai_failed";
}

RefereeOutcome requestMove(MoveSource& source, const Game& game, Color color, const RefereeOptions& options) {
  RefereeOutcome outcome;
  if (game.phase() != Phase::Playing) {
    outcome.end = MoveEnd::NotInPlay;
    outcome.error = "the game is not in play: no move was asked for";
    return outcome;
  }
  // Asked out of turn (GTP's genmove allows it), the colour asked for is judged as if it were its turn.
  MoveRequest request{&game, color, {}, options.clock, options.timeControl, options.cancel, options.progress};
  request.purpose = options.purpose;
  request.interrupt = options.interrupt;
  const int maxAttempts = std::max(0, options.maxRetries) + 1;
  const auto started = std::chrono::steady_clock::now();
  for (int n = 1; n <= maxAttempts; ++n) {
    if (n > 1 && options.clock) {
      // A GTP engine's time_left, and the built-in engine's budget, count the time the refused attempts took.
      const auto spent =
          std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started);
      request.clock = charge(*options.clock, options.timeControl, spent.count(), false);
    }
    if (options.cancel.stop_requested()) return stoppedOutcome(std::move(outcome));
    const Result<Answer> answer = source.propose(request);
    // A request the stop cut short (a model request given up) is the stop too.
    if (!answer && options.cancel.stop_requested()) return stoppedOutcome(std::move(outcome));
    if (!answer) {
      // Asking again cannot help when the source itself failed, or ran a referee of its own that found nothing
      // legal; the caller decides whether to try later.
      outcome.end = answer.errorKind() == ErrorKind::NoLegalMove ? MoveEnd::NoLegalMove : MoveEnd::Unreachable;
      outcome.error = source.describe() + ": " + answer.error();
      logOutcome(options, game, color, outcome);
      return outcome;
    }
    Attempt attempt = attemptFrom(n, *answer);
    judge(attempt, answer->text, game, color, request.rejected);
    report(options, attempt);
    if (attempt.accepted()) {
      outcome.end = MoveEnd::Accepted;
      outcome.move = Move{color, attempt.read->kind, attempt.read->point};
      outcome.attempts.push_back(std::move(attempt));
      logOutcome(options, game, color, outcome);
      return outcome;
    }
    remember(request.rejected, attempt);
    outcome.attempts.push_back(std::move(attempt));
  }
  outcome.end = MoveEnd::NoLegalMove;
  outcome.error = failureText(outcome.attempts);
  logOutcome(options, game, color, outcome);
  return outcome;
}

std::string attemptShown(const Attempt& attempt) {
  if (attempt.move) return *attempt.move;
  if (attempt.read) return attempt.read->text;
  return quotedAnswer(attempt.answer);
}

std::string attemptLine(const Attempt& attempt) {
  const std::string head = "attempt " + std::to_string(attempt.n) + ": " + attemptShown(attempt);
  if (attempt.accepted()) return head + " accepted";
  return head + " rejected (" + std::string(reasonWords(attempt.reason)) + ")";
}

std::string quotedAnswer(std::string_view answer) {
  constexpr std::size_t kShown = 40;
  const std::string_view t = trim(answer);
  std::string out = "\"";
  for (char ch : t.substr(0, kShown)) out += std::isprint(static_cast<unsigned char>(ch)) ? ch : ' ';
  return out + (t.size() > kShown ? "...\"" : "\"");
}

}  // namespace tengen::ai
