// The referee: asks a source for a move, reads the answer, checks it with the rules, and on rejection asks again
// naming every point rejected this turn with its reason. It never plays, passes or resigns in the AI's place.
#pragma once

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tengen/ai/move_source.h"
#include "tengen/core/game.h"
#include "tengen/core/types.h"

namespace tengen::ai {

// One request and its verdict, as `--json`, `tengen serve` and the error log show it (docs/error-log.md).
struct Attempt {
  int n = 0;
  std::string answer;
  std::optional<std::string> move;  // the vertex read ("Q16", "pass", "resign"), or nothing
  bool accepted = false;
  std::string reason;  // reason code when rejected, "" when accepted
  long latencyMs = 0;
  // For model sources: the full prompt text, the sha256 of the image sent ("" when none) and the HTTP status.
  std::string prompt;
  std::string imageSha256;
  int httpStatus = 0;
};

class ErrorLog;
struct ErrorContext;

struct RefereeOptions {
  int maxRetries = 4;  // so at most 5 requests per move
  // When given, every failed move (and with logAccepted every accepted one) is appended to the log, flushed to
  // disk, before requestMove returns; the record's id is in RefereeOutcome::logId.
  ErrorLog* errorLog = nullptr;
  const ErrorContext* context = nullptr;
  bool logAccepted = false;  // --log-attempts
  // The mover's clock, passed into every request of the move (an attempt does not stop the clock).
  std::optional<MoveRequest::Clock> clock;
  // Called with each attempt as soon as its verdict is known (accepted, rejected, unparseable or repeated), on the
  // thread that called requestMove, before the next request; the same attempts, in the same order, as the outcome's.
  // A transport failure is not an attempt and is not reported here. It must not throw: it is called from a noexcept
  // context, so an exception ends the program.
  std::function<void(const Attempt&)> onAttempt;
  // When given and set (from any thread), no further request is made: requestMove returns with no move, the
  // attempts so far and the error kStoppedError, writes no error-log record and is not a transport failure. A
  // request already out is not interrupted.
  const std::atomic<bool>* cancel = nullptr;
};

// RefereeOutcome::error of a request stopped through RefereeOptions::cancel.
inline constexpr std::string_view kStoppedError = "stopped";

struct RefereeOutcome {
  std::optional<Move> move;  // the accepted move; nothing when the AI failed
  std::vector<Attempt> attempts;
  // When no move: why, in words for a person ("no legal move in 5 attempts: ..." or the transport error).
  std::string error;
  bool transportFailure = false;  // the source could not be reached or kept failing (exit code 4)
  std::string logId;              // the error-log record written for this move, "" when none
  std::string logError;           // why the record could not be written, "" when it was (or none was due)
};

// An answer as a message to a person may quote it: printable characters only, one line, at most 40 of them, in
// double quotes. Model text can hold anything, terminal escape sequences included.
std::string quotedAnswer(std::string_view answer);

// The words for a person of an attempt's reason code: the rules' words ("stone already there"), or the referee's
// own for "unparseable" and "repeated"; an unknown code is returned as it is.
std::string rejectionWords(std::string_view code);

// Asks `source` for a move by `color` in `game` (which is not changed). An answer that cannot be read is
// `unparseable`; one naming a point already rejected this turn is `repeated`; both count as attempts.
RefereeOutcome requestMove(MoveSource& source, const Game& game, Color color, const RefereeOptions& options = {});

}  // namespace tengen::ai
