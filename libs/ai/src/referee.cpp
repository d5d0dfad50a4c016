#include "tengen/ai/referee.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <string_view>

#include "tengen/ai/answer_parser.h"
#include "tengen/ai/error_log.h"
#include "tengen/core/coords.h"

namespace tengen::ai {

namespace {

constexpr std::string_view kUnparseableWords = "no coordinate could be read from the answer";
constexpr std::string_view kRepeatedWords = "names a point already rejected this turn";
constexpr std::string_view kGtpLetters = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

// The canonical words of a move read from an answer: "Q16", "pass", "resign". A point beyond the board keeps a
// GTP-like form ("Z30") when its column has a letter, else its (row, col), so that it can be named when it is
// rejected as out_of_bounds and recognised when it comes again.
std::string canonicalVertex(const ReadMove& read, int size) {
  if (read.kind == MoveKind::Pass) return "pass";
  if (read.kind == MoveKind::Resign) return "resign";
  const Point p = read.point;
  if (p.row >= 0 && p.row < size && p.col >= 0 && p.col < size) return gtpVertex(p, size);
  const int number = size - p.row;
  if (p.col >= 0 && p.col < static_cast<int>(kGtpLetters.size()) && number >= 1) {
    return std::string(1, kGtpLetters[static_cast<std::size_t>(p.col)]) + std::to_string(number);
  }
  return rowColText(p);
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

std::string failureText(const std::vector<Attempt>& attempts) {
  std::string text =
      "no legal move in " + std::to_string(attempts.size()) + (attempts.size() == 1 ? " attempt:" : " attempts:");
  for (const Attempt& a : attempts) {
    text += (a.n == 1 ? " #" : ", #") + std::to_string(a.n) + " ";
    text += a.move ? *a.move + " " + a.reason : a.reason + " " + quotedAnswer(a.answer);
  }
  return text;
}

Attempt attemptFrom(int n, const Answer& answer) {
  Attempt attempt;
  attempt.n = n;
  attempt.answer = answer.text;
  attempt.latencyMs = answer.latencyMs;
  attempt.prompt = answer.prompt;
  attempt.imageSha256 = answer.imageSha256;
  attempt.httpStatus = answer.httpStatus;
  return attempt;
}

// An observer that throws would leave the turn half-reported and its error-log record unwritten; noexcept makes
// that a loud end rather than a quiet one (the contract in referee.h).
void report(const RefereeOptions& options, const Attempt& attempt) noexcept {
  if (options.onAttempt) options.onAttempt(attempt);
}

bool stopped(const RefereeOptions& options) {
  return options.cancel != nullptr && options.cancel->load(std::memory_order_acquire);
}

// Writes the record before the caller hears of the outcome (docs/error-log.md), and names it in the error a person
// sees so that they can find it.
void logOutcome(const RefereeOptions& options, const Game& game, Color color, RefereeOutcome& outcome) {
  if (options.errorLog == nullptr || options.context == nullptr) return;
  if (outcome.move && !options.logAccepted) return;
  const Result<std::string> id = options.errorLog->append(*options.context, game, color, outcome);
  if (!id) {
    outcome.logError = id.error();
    if (!outcome.move) outcome.error += " (the error log could not be written: " + id.error() + ")";
    return;
  }
  outcome.logId = id.value();
  if (!outcome.move) outcome.error += " (error log record " + outcome.logId + ")";
}

}  // namespace

RefereeOutcome requestMove(MoveSource& source, const Game& game, Color color, const RefereeOptions& options) {
  RefereeOutcome outcome;
  if (game.phase() != Phase::Playing) {
    outcome.error = "the game is not in play: no move was asked for";
    return outcome;
  }
  // Asked out of turn (GTP's genmove allows it), the colour asked for is judged as if it were its turn.

  MoveRequest request{&game, color, {}, options.clock};
  const int maxAttempts = std::max(0, options.maxRetries) + 1;
  for (int n = 1; n <= maxAttempts; ++n) {
    if (stopped(options)) {
      // The caller asked for this, so it is neither the AI's failure nor the transport's: nothing to log.
      outcome.error = std::string(kStoppedError);
      return outcome;
    }
    const Result<Answer> answer = source.propose(request);
    if (!answer) {
      // Asking again cannot help when the source itself failed; the caller decides whether to try later.
      outcome.transportFailure = true;
      outcome.error = source.describe() + ": " + answer.error();
      logOutcome(options, game, color, outcome);
      return outcome;
    }
    if (!answer->gaveUp.empty()) {
      // The source refereed its own attempts and found nothing legal: the AI failed, and asking again would only
      // repeat the remote server's whole retry loop.
      outcome.error = source.describe() + ": " + answer->gaveUp;
      logOutcome(options, game, color, outcome);
      return outcome;
    }
    Attempt attempt = attemptFrom(n, *answer);
    const std::optional<ReadMove> read = readMove(answer->text, game.size());
    Rejection rejection;
    if (!read) {
      rejection = {"", "unparseable", std::string(kUnparseableWords)};
    } else {
      const std::string vertex = canonicalVertex(*read, game.size());
      attempt.move = vertex;
      const bool seen = std::any_of(request.rejected.begin(), request.rejected.end(),
                                    [&](const Rejection& r) { return r.vertex == vertex; });
      if (seen) {
        rejection = {vertex, "repeated", std::string(kRepeatedWords)};
      } else {
        const Move move{color, read->kind, read->point};
        const RejectReason reason = game.check(move, Game::TurnRule::AnyColor);
        if (reason == RejectReason::None) {
          attempt.accepted = true;
          report(options, attempt);
          outcome.attempts.push_back(std::move(attempt));
          outcome.move = move;
          logOutcome(options, game, color, outcome);
          return outcome;
        }
        rejection = {vertex, std::string(reasonCode(reason)), std::string(reasonWords(reason))};
      }
    }
    attempt.reason = rejection.code;
    report(options, attempt);
    outcome.attempts.push_back(std::move(attempt));
    // The retry names each rejected point once, with the reason it first had; a repeat or a second unreadable
    // answer is an attempt but adds nothing new to say.
    const bool alreadyNamed =
        rejection.code == "repeated" ||
        (rejection.vertex.empty() && std::any_of(request.rejected.begin(), request.rejected.end(),
                                                 [](const Rejection& r) { return r.vertex.empty(); }));
    if (!alreadyNamed) request.rejected.push_back(std::move(rejection));
  }
  outcome.error = failureText(outcome.attempts);
  logOutcome(options, game, color, outcome);
  return outcome;
}

std::string rejectionWords(std::string_view code) {
  if (code == "unparseable") return std::string(kUnparseableWords);
  if (code == "repeated") return std::string(kRepeatedWords);
  if (const std::optional<RejectReason> reason = parseReasonCode(code)) return std::string(reasonWords(*reason));
  return std::string(code);
}

std::string quotedAnswer(std::string_view answer) {
  constexpr std::size_t kShown = 40;
  const std::string_view t = trim(answer);
  std::string out = "\"";
  for (char ch : t.substr(0, kShown)) out += std::isprint(static_cast<unsigned char>(ch)) ? ch : ' ';
  return out + (t.size() > kShown ? "...\"" : "\"");
}

}  // namespace tengen::ai
