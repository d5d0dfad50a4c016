#include "tengen/ai/attempt_json.h"

#include "tengen/core/coords.h"
#include "tengen/json/parse.h"

namespace tengen::ai {

using json::JsonValue;

JsonValue attemptJson(const Attempt& a) {
  JsonValue::Object fields{{"n", a.n}, {"answer", a.answer}};
  // Only a cut answer has them, so that every other record reads as it always did.
  if (a.cut) {
    fields.emplace_back("answer_bytes", static_cast<long long>(a.cut->bytes));
    fields.emplace_back("answer_sha256", a.cut->sha256);
  }
  fields.emplace_back("move", a.move ? JsonValue(*a.move) : JsonValue(nullptr));
  fields.emplace_back("verdict", a.accepted() ? "accepted" : "rejected");
  fields.emplace_back("reason", a.accepted() ? JsonValue(nullptr) : JsonValue(std::string(reasonCode(a.reason))));
  fields.emplace_back("latency_ms", a.latencyMs);
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

std::optional<Attempt> parseAttempt(const JsonValue& fields) {
  const std::string* verdict = json::findString(fields, "verdict");
  const long long* n = json::findInteger(fields, "n");
  if (verdict == nullptr || n == nullptr || (*verdict != "accepted" && *verdict != "rejected")) return std::nullopt;
  Attempt attempt;
  attempt.n = static_cast<int>(*n);
  if (*verdict == "rejected") {
    const std::optional<RejectReason> reason = parseReasonCode(json::stringOr(fields, "reason"));
    if (!reason || *reason == RejectReason::None) return std::nullopt;
    attempt.reason = *reason;
  }
  attempt.answer = json::stringOr(fields, "answer");
  if (const long long* bytes = json::findInteger(fields, "answer_bytes"); bytes != nullptr && *bytes >= 0) {
    attempt.cut = AnswerCut{static_cast<std::size_t>(*bytes), json::stringOr(fields, "answer_sha256")};
  }
  if (const std::string* move = json::findString(fields, "move")) attempt.move = *move;
  if (const long long* latency = json::findInteger(fields, "latency_ms"))
    attempt.latencyMs = static_cast<long>(*latency);
  attempt.prompt = json::stringOr(fields, "prompt");
  attempt.system = json::stringOr(fields, "system");
  attempt.imageSha256 = json::stringOr(fields, "image_sha256");
  if (const long long* status = json::findInteger(fields, "http_status"))
    attempt.httpStatus = static_cast<int>(*status);
  if (const JsonValue* usage = json::findMember(fields, "usage")) {
    const long long* prompt = json::findInteger(*usage, "prompt_tokens");
    const long long* completion = json::findInteger(*usage, "completion_tokens");
    if (prompt != nullptr && completion != nullptr)
      attempt.tokens = TokenUsage{static_cast<long>(*prompt), static_cast<long>(*completion)};
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
