// The referee: asks a source for a move, reads the answer, checks it with the rules, and on rejection asks again
// naming every point rejected this turn with its reason. It never plays, passes or resigns in the AI's place.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

#include "tengen/ai/answer_parser.h"
#include "tengen/ai/error_log.h"
#include "tengen/ai/move_source.h"
#include "tengen/core/game.h"
#include "tengen/core/types.h"
#include "tengen/json/json.h"

namespace tengen::ai {

// The most bytes of an answer an attempt keeps. A model that ignores max_tokens can answer megabytes, and every
// attempt is echoed in replies, logs and game records; the referee reads the whole answer before it is cut.
inline constexpr std::size_t kAnswerExcerptBytes = 4096;

// What an attempt knows of an answer longer than kAnswerExcerptBytes, of which it keeps only the start.
struct AnswerCut {
  std::size_t bytes = 0;  // the whole answer's length in bytes
  std::string sha256;     // the whole answer's SHA-256, in hex
};

// One request and its verdict, as `--json`, `tengen serve` and the error log show it (docs/error-log.md).
struct Attempt {
  int n = 0;
  // What the source wrote, as it wrote it; of an answer longer than kAnswerExcerptBytes only its start, cut at a
  // UTF-8 character boundary, with `cut` saying how long it was.
  std::string answer;
  std::optional<AnswerCut> cut;  // nothing when `answer` is the whole answer
  std::optional<ReadMove> read;  // the move read from it (its point may lie off the board); nothing when unreadable
  // The board vertex ("Q16"), "pass" or "resign"; nothing when the answer names no point of this board.
  std::optional<std::string> move;
  RejectReason reason = RejectReason::None;  // None when accepted
  long latencyMs = 0;
  // For model sources: the full prompt text and its system part, the sha256 of the image sent ("" when none), the
  // HTTP status and the tokens the server reported.
  std::string prompt;
  std::string system;
  std::string imageSha256;
  int httpStatus = 0;
  std::optional<TokenUsage> tokens;

  bool accepted() const { return reason == RejectReason::None; }
};

// What an attempt named, for a person: the vertex, else the move as read ("(3, 12)" beyond a 9x9 board), else the
// answer quoted (quotedAnswer).
std::string attemptShown(const Attempt& attempt);

// "attempt 1: Q16 rejected (stone already there)" or "attempt 2: D4 accepted": an attempt in one line, in the one
// form every command and page shows it (the reason's words; for an answer that names no point, its text quoted).
std::string attemptLine(const Attempt& attempt);

// How a request for a move ended. Exit codes (docs/cli.md) and HTTP statuses (docs/http-api.md) are read from it.
enum class MoveEnd : std::uint8_t {
  Accepted,     // a legal move
  NoLegalMove,  // every attempt was refused, or the source's own referee found nothing legal
  Unreachable,  // the source could not be reached, or failed below the rules
  Stopped,      // RefereeOptions::cancel was set
  NotInPlay,    // the game had ended: nothing was asked
};

// "accepted", "ai_failed", "model_unavailable", "stopped", "not_in_play": the `error` of the outcome JSON
// (attempt_json.h) and the label of the server's metrics.
std::string_view moveEndCode(MoveEnd end);

struct RefereeOptions {
  // The log every failed move (and with logAccepted every accepted one) is appended to, flushed to disk, before
  // requestMove returns; the record's id is in RefereeOutcome::logId. There is no default: a caller that logs
  // nothing says so with ErrorLog::none().
  explicit RefereeOptions(ErrorLog log) : errorLog(std::move(log)) {}

  ErrorLog errorLog;
  int maxRetries = 4;        // so at most 5 requests per move
  bool logAccepted = false;  // --log-attempts
  // Fields the log record carries after its own (tengen eval adds the record's file and move there).
  json::JsonValue::Object logFields;
  // The mover's clock when the move is first asked for, under timeControl. Every request of the move gets it with the
  // time the earlier attempts took already spent (charge, without a move): an attempt does not stop the clock.
  std::optional<TimeLeft> clock;
  // The game's time control, passed into every request with the clock.
  TimeControl timeControl;
  // Called with each attempt as soon as its verdict is known (accepted, rejected, unparseable or repeated), on the
  // thread that called requestMove, before the next request; the same attempts, in the same order, as the outcome's.
  // A source's failure is not an attempt and is not reported here. It must not throw: it is called from a noexcept
  // context, so an exception ends the program.
  std::function<void(const Attempt&)> onAttempt;
  // When a stop is requested (from any thread), no further request is made: requestMove returns MoveEnd::Stopped with
  // the attempts so far and writes no error-log record. A request already out to a model server or a tengen server
  // is given up within about a second, the built-in engine's search within a playout; a GTP engine's runs to its end.
  std::stop_token cancel{};
  // When a stop is requested (from any thread), the move is wanted now (GTP's `# interrupt`): the built-in engine
  // ends its search and answers the best move it has found, which the referee judges as any other; the other sources
  // answer as they would have.
  std::stop_token interrupt{};
  // Passed into every request: the built-in engine reports its search through it while it thinks (move_source.h).
  SearchProgress progress{};
  // Passed into every request: a move of a cleanup is asked for as move_source.h says.
  MovePurpose purpose = MovePurpose::Play;
};

struct RefereeOutcome {
  MoveEnd end = MoveEnd::NoLegalMove;
  std::optional<Move> move;  // the accepted move; nothing unless end == Accepted
  std::vector<Attempt> attempts;
  // When no move: why, in words for a person ("no legal move in 5 attempts: ..." or the source's failure).
  std::string error;
  std::string logId;     // the error-log record written for this move, "" when none
  std::string logError;  // why the record could not be written, "" when it was (or none was due)
};

// An answer as a message to a person may quote it: printable characters only, one line, at most 40 of them, in
// double quotes. Model text can hold anything, terminal escape sequences included.
std::string quotedAnswer(std::string_view answer);

// Asks `source` for a move by `color` in `game` (which is not changed). An answer that cannot be read is
// `unparseable`; one naming a point already rejected this turn is `repeated`; both count as attempts.
RefereeOutcome requestMove(MoveSource& source, const Game& game, Color color, const RefereeOptions& options);

}  // namespace tengen::ai
