#include "tengen/ai/attempt_json.h"

namespace tengen::ai {

using net::JsonValue;

JsonValue attemptJson(const Attempt& a) {
  return JsonValue::Object{
      {"n", a.n},
      {"answer", a.answer},
      {"move", a.move ? JsonValue(*a.move) : JsonValue(nullptr)},
      {"verdict", a.accepted ? "accepted" : "rejected"},
      {"reason", a.accepted ? JsonValue(nullptr) : JsonValue(a.reason)},
      {"latency_ms", a.latencyMs},
  };
}

JsonValue attemptsJson(const std::vector<Attempt>& attempts) {
  JsonValue::Array out;
  out.reserve(attempts.size());
  for (const Attempt& a : attempts) out.push_back(attemptJson(a));
  return out;
}

}  // namespace tengen::ai
