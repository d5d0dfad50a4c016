#include "tengen/ai/referee.h"

#include <algorithm>
#include <cctype>
#include <string_view>

#include "tengen/core/coords.h"

namespace tengen::ai {

namespace {

constexpr std::string_view kUnparseableWords = "no coordinate could be read from the answer";
constexpr std::string_view kRepeatedWords = "names a point already rejected this turn";
constexpr std::string_view kGtpLetters = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

// A move read from an answer: its kind, its vertex in canonical form ("Q16", "pass", "resign") and, for a point,
// where it lies; a well-formed vertex beyond the board keeps its words so that it can be rejected as
// out_of_bounds rather than unparseable.
struct Reading {
  MoveKind kind = MoveKind::Pass;
  std::string vertex;
  Point point{};
};

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// Reads a GTP vertex, pass or resign in any case with blanks around it. Column letters skip I as GTP does; the
// row may be any number of up to three digits, so "Z30" on a small board is read and found out of bounds.
std::optional<Reading> readAnswer(std::string_view answer, int size) {
  const std::string_view t = trim(answer);
  std::string low(t);
  std::transform(low.begin(), low.end(), low.begin(),
                 [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
  if (low == "pass") return Reading{MoveKind::Pass, "pass", {}};
  if (low == "resign") return Reading{MoveKind::Resign, "resign", {}};
  if (low.size() < 2 || low.size() > 4) return std::nullopt;
  const std::size_t col = kGtpLetters.find(static_cast<char>(std::toupper(static_cast<unsigned char>(low[0]))));
  if (col == std::string_view::npos) return std::nullopt;
  int number = 0;
  for (std::size_t i = 1; i < low.size(); ++i) {
    if (low[i] < '0' || low[i] > '9') return std::nullopt;
    number = number * 10 + (low[i] - '0');
  }
  Reading r{MoveKind::Play, std::string(1, kGtpLetters[col]), {size - number, static_cast<int>(col)}};
  r.vertex += std::to_string(number);
  return r;
}

// An answer as a message may quote it: printable, one line, short.
std::string shortQuote(std::string_view text) {
  constexpr std::size_t kShown = 40;
  const std::string_view t = trim(text);
  std::string out = "\"";
  for (char ch : t.substr(0, kShown)) out += std::isprint(static_cast<unsigned char>(ch)) ? ch : ' ';
  return out + (t.size() > kShown ? "...\"" : "\"");
}

std::string failureText(const std::vector<Attempt>& attempts) {
  std::string text =
      "no legal move in " + std::to_string(attempts.size()) + (attempts.size() == 1 ? " attempt:" : " attempts:");
  for (const Attempt& a : attempts) {
    text += (a.n == 1 ? " #" : ", #") + std::to_string(a.n) + " ";
    text += a.move ? *a.move + " " + a.reason : a.reason + " " + shortQuote(a.answer);
  }
  return text;
}

}  // namespace

RefereeOutcome requestMove(MoveSource& source, const Game& game, Color color, const RefereeOptions& options) {
  RefereeOutcome outcome;
  if (game.phase() != Phase::Playing) {
    outcome.error = "the game is not in play: no move was asked for";
    return outcome;
  }
  // Asked out of turn (GTP's genmove allows it), the rules judge on a copy that lets that colour move.
  std::optional<Game> outOfTurn;
  if (color != game.toMove()) {
    outOfTurn.emplace(game);
    outOfTurn->setStrictTurn(false);
  }
  const Game& judge = outOfTurn ? *outOfTurn : game;

  MoveRequest request{&game, color, {}};
  const int maxAttempts = std::max(0, options.maxRetries) + 1;
  for (int n = 1; n <= maxAttempts; ++n) {
    const Result<Answer> answer = source.propose(request);
    if (!answer) {
      // Asking again cannot help when the source itself failed; the caller decides whether to try later.
      outcome.transportFailure = true;
      outcome.error = source.describe() + ": " + answer.error();
      return outcome;
    }
    Attempt attempt;
    attempt.n = n;
    attempt.answer = answer->text;
    attempt.latencyMs = answer->latencyMs;

    const std::optional<Reading> reading = readAnswer(answer->text, game.size());
    Rejection rejection;
    if (!reading) {
      rejection = {"", "unparseable", std::string(kUnparseableWords)};
    } else {
      attempt.move = reading->vertex;
      const bool seen = std::any_of(request.rejected.begin(), request.rejected.end(),
                                    [&](const Rejection& r) { return r.vertex == reading->vertex; });
      if (seen) {
        rejection = {reading->vertex, "repeated", std::string(kRepeatedWords)};
      } else {
        const Move move{color, reading->kind, reading->point};
        const RejectReason reason = judge.check(move);
        if (reason == RejectReason::None) {
          attempt.accepted = true;
          outcome.attempts.push_back(std::move(attempt));
          outcome.move = move;
          return outcome;
        }
        rejection = {reading->vertex, std::string(reasonCode(reason)), std::string(reasonWords(reason))};
      }
    }
    attempt.reason = rejection.code;
    outcome.attempts.push_back(std::move(attempt));
    request.rejected.push_back(std::move(rejection));
  }
  outcome.error = failureText(outcome.attempts);
  return outcome;
}

}  // namespace tengen::ai
