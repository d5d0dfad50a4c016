#include "tengen/ai/attempt_json.h"

#include "tengen/core/coords.h"
#include "tengen/json/parse.h"

namespace tengen::ai {

using json::JsonValue;

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

namespace {

std::optional<long long> integerMember(const JsonValue& object, std::string_view key) {
  const JsonValue* member = json::findMember(object, key);
  if (member == nullptr) return std::nullopt;
  if (const auto* n = std::get_if<long long>(&member->value)) return *n;
  return std::nullopt;
}

std::string stringOr(const JsonValue& object, std::string_view key) {
  const std::string* s = json::findString(object, key);
  return s == nullptr ? std::string() : *s;
}

}  // namespace

std::optional<Attempt> parseAttempt(const JsonValue& json) {
  const std::string* verdict = json::findString(json, "verdict");
  const std::optional<long long> n = integerMember(json, "n");
  if (verdict == nullptr || !n || (*verdict != "accepted" && *verdict != "rejected")) return std::nullopt;
  Attempt attempt;
  attempt.n = static_cast<int>(*n);
  if (*verdict == "rejected") {
    const std::optional<RejectReason> reason = parseReasonCode(stringOr(json, "reason"));
    if (!reason || *reason == RejectReason::None) return std::nullopt;
    attempt.reason = *reason;
  }
  attempt.answer = stringOr(json, "answer");
  if (const std::string* move = json::findString(json, "move")) attempt.move = *move;
  attempt.latencyMs = static_cast<long>(integerMember(json, "latency_ms").value_or(0));
  attempt.prompt = stringOr(json, "prompt");
  attempt.system = stringOr(json, "system");
  attempt.imageSha256 = stringOr(json, "image_sha256");
  attempt.httpStatus = static_cast<int>(integerMember(json, "http_status").value_or(0));
  if (const JsonValue* usage = json::findMember(json, "usage")) {
    const std::optional<long long> prompt = integerMember(*usage, "prompt_tokens");
    const std::optional<long long> completion = integerMember(*usage, "completion_tokens");
    if (prompt && completion) attempt.tokens = TokenUsage{static_cast<long>(*prompt), static_cast<long>(*completion)};
  }
  return attempt;
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
