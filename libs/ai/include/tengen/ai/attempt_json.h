// An attempt as tengen shows it to people and programs: `tengen genmove --json`, `tengen serve`'s replies
// and, with the request's details added, the error log.
#pragma once

#include <vector>

#include "tengen/ai/referee.h"
#include "tengen/net/json_line.h"

namespace tengen::ai {

// {"n", "answer", "move" (null when nothing was read), "verdict", "reason" (null when accepted), "latency_ms"}.
net::JsonValue attemptJson(const Attempt& attempt);

// Every attempt of a move, in order.
net::JsonValue attemptsJson(const std::vector<Attempt>& attempts);

}  // namespace tengen::ai
