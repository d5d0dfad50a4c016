#include "tengen/ai/attempt_json.h"

#include "tengen/core/coords.h"

namespace tengen::ai {

using net::JsonValue;

JsonValue attemptJson(const Attempt& a) {
  JsonValue::Object fields{
      {"n", a.n},
      {"answer", a.answer},
      {"move", a.move ? JsonValue(*a.move) : JsonValue(nullptr)},
      {"verdict", a.accepted() ? "accepted" : "rejected"},
      {"reason", a.accepted() ? JsonValue(nullptr) : JsonValue(std::string(reasonCode(a.reason)))},
      {"latency_ms", a.latencyMs},
  };
  if (a.tokens) {
    fields.emplace_back(
        "usage", JsonValue::Object{{"prompt_tokens", a.tokens->prompt}, {"completion_tokens", a.tokens->completion}});
  }
  return fields;
}

namespace {

JsonValue stringOrNull(const std::string& s) { return s.empty() ? JsonValue(nullptr) : JsonValue(s); }

}  // namespace

JsonValue loggedAttemptJson(const Attempt& a) {
  JsonValue json = attemptJson(a);
  auto& fields = std::get<JsonValue::Object>(json.value);
  fields.emplace_back("prompt", a.prompt);
  fields.emplace_back("system", stringOrNull(a.system));
  fields.emplace_back("image_sha256", stringOrNull(a.imageSha256));
  fields.emplace_back("http_status", a.httpStatus == 0 ? JsonValue(nullptr) : JsonValue(a.httpStatus));
  return json;
}

JsonValue attemptsJson(const std::vector<Attempt>& attempts) {
  JsonValue::Array out;
  out.reserve(attempts.size());
  for (const Attempt& a : attempts) out.push_back(attemptJson(a));
  return out;
}

JsonValue outcomeJson(const RefereeOutcome& outcome, int size, Color color, long elapsedMs) {
  if (outcome.move) {
    return JsonValue::Object{{"move", gtpMove(*outcome.move, size)},
                             {"color", std::string(colorLetter(color))},
                             {"attempts", attemptsJson(outcome.attempts)},
                             {"elapsed_ms", elapsedMs}};
  }
  return JsonValue::Object{
      {"error", std::string(moveEndCode(outcome.end))},
      {"detail", outcome.error},
      {"attempts", attemptsJson(outcome.attempts)},
      {"log_id", outcome.logId.empty() ? JsonValue(nullptr) : JsonValue(outcome.logId)},
  };
}

}  // namespace tengen::ai
