// Attempts and outcomes as tengen shows them to programs: `tengen genmove --json`, `tengen serve`'s replies and,
// with the request's details added, the error log (docs/error-log.md, docs/http-api.md).
#pragma once

#include <optional>
#include <vector>

#include "tengen/ai/referee.h"
#include "tengen/json/json.h"

namespace tengen::ai {

// {"n", "answer", "move" (the board vertex, null when the answer names no point of this board), "verdict",
// "reason" (null when accepted), "latency_ms"}; after "answer", "answer_bytes" and "answer_sha256" (the whole
// answer's length and hash) when the answer is cut (Attempt::cut); and "usage" {"prompt_tokens",
// "completion_tokens"} when the model server reported it.
json::JsonValue attemptJson(const Attempt& attempt);

// attemptJson with what the error log keeps besides (docs/error-log.md): "prompt", "system", "image_sha256" and
// "http_status" (null when not over HTTP). tengen-qt keeps the same record of every AI move (docs/client.md).
json::JsonValue loggedAttemptJson(const Attempt& attempt);

// An attempt read back from what attemptJson or loggedAttemptJson wrote (the fields the writer left out stay empty);
// nothing when its "n", "verdict" or, for a rejected one, "reason" cannot be read. An "answer_bytes" makes it a cut
// answer (Attempt::cut). Attempt::read is not kept in the JSON and stays empty.
std::optional<Attempt> parseAttempt(const json::JsonValue& fields);

// Every attempt of a move, in order.
json::JsonValue attemptsJson(const std::vector<Attempt>& attempts);

// The reply to a request for a move: {"move", "color", "attempts", "elapsed_ms"} when one was accepted, else
// {"error" (moveEndCode), "detail", "attempts", "log_id" (null when none)}.
json::JsonValue outcomeJson(const RefereeOutcome& outcome, int size, Color color, long elapsedMs);

}  // namespace tengen::ai
