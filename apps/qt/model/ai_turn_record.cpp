#include "model/ai_turn_record.h"

#include <utility>

#include "tengen/ai/attempt_json.h"
#include "tengen/ai/error_log.h"
#include "tengen/ai/model_request.h"
#include "tengen/net/json_parse.h"

namespace tengen::qt {

using net::JsonValue;

namespace {

std::optional<long long> integerMember(const JsonValue& object, std::string_view key) {
  const JsonValue* member = net::findMember(object, key);
  if (member == nullptr) return std::nullopt;
  if (const auto* n = std::get_if<long long>(&member->value)) return *n;
  return std::nullopt;
}

std::string stringOr(const JsonValue& object, std::string_view key) {
  const std::string* s = net::findString(object, key);
  return s == nullptr ? std::string() : *s;
}

// One attempt as loggedAttemptJson wrote it; nothing when its verdict or reason cannot be read.
std::optional<ai::Attempt> readAttempt(const JsonValue& json) {
  const std::string* verdict = net::findString(json, "verdict");
  const std::optional<long long> n = integerMember(json, "n");
  if (verdict == nullptr || !n || (*verdict != "accepted" && *verdict != "rejected")) return std::nullopt;
  ai::Attempt attempt;
  attempt.n = static_cast<int>(*n);
  if (*verdict == "rejected") {
    const std::optional<RejectReason> reason = parseReasonCode(stringOr(json, "reason"));
    if (!reason || *reason == RejectReason::None) return std::nullopt;
    attempt.reason = *reason;
  }
  attempt.answer = stringOr(json, "answer");
  if (const std::string* move = net::findString(json, "move")) attempt.move = *move;
  attempt.latencyMs = static_cast<long>(integerMember(json, "latency_ms").value_or(0));
  attempt.prompt = stringOr(json, "prompt");
  attempt.system = stringOr(json, "system");
  attempt.imageSha256 = stringOr(json, "image_sha256");
  attempt.httpStatus = static_cast<int>(integerMember(json, "http_status").value_or(0));
  if (const JsonValue* usage = net::findMember(json, "usage")) {
    const std::optional<long long> prompt = integerMember(*usage, "prompt_tokens");
    const std::optional<long long> completion = integerMember(*usage, "completion_tokens");
    if (prompt && completion)
      attempt.tokens = ai::TokenUsage{static_cast<long>(*prompt), static_cast<long>(*completion)};
  }
  return attempt;
}

}  // namespace

std::string aiTurnJson(const AiTurnRecord& record) {
  JsonValue::Array attempts;
  attempts.reserve(record.attempts.size());
  for (const ai::Attempt& attempt : record.attempts) attempts.push_back(ai::loggedAttemptJson(attempt));
  return net::toJson(JsonValue::Object{
      {"opponent", record.opponent},
      {"coords", record.coords.empty() ? JsonValue(nullptr) : JsonValue(record.coords)},
      {"attempts", std::move(attempts)},
  });
}

std::optional<AiTurnRecord> parseAiTurn(const std::string& json) {
  // A record holds a few prompts; the limit only keeps a damaged file from costing much.
  net::JsonLimits limits;
  limits.maxBytes = std::size_t{16} << 20;
  const Result<JsonValue> parsed = net::parseJson(json, limits);
  if (!parsed) return std::nullopt;
  const JsonValue* attempts = net::findMember(*parsed, "attempts");
  const auto* list = attempts == nullptr ? nullptr : std::get_if<JsonValue::Array>(&attempts->value);
  if (list == nullptr) return std::nullopt;
  AiTurnRecord record;
  record.opponent = stringOr(*parsed, "opponent");
  record.coords = stringOr(*parsed, "coords");
  for (const JsonValue& item : *list) {
    std::optional<ai::Attempt> attempt = readAttempt(item);
    if (!attempt) return std::nullopt;
    record.attempts.push_back(std::move(*attempt));
  }
  return record;
}

const std::string* aiTurnText(const std::vector<sgf::Property>& properties) {
  for (const sgf::Property& p : properties) {
    if (p.id == kAiTurnProperty && p.values.size() == 1) return &p.values.front();
  }
  return nullptr;
}

std::optional<AiTurnRecord> aiTurnIn(const std::vector<sgf::Property>& properties) {
  const std::string* text = aiTurnText(properties);
  return text == nullptr ? std::nullopt : parseAiTurn(*text);
}

void setAiTurn(std::vector<sgf::Property>& properties, const AiTurnRecord& record) {
  std::erase_if(properties, [](const sgf::Property& p) { return p.id == kAiTurnProperty; });
  properties.push_back({kAiTurnProperty, {aiTurnJson(record)}});
}

std::optional<PictureCheck> redrawPicture(const AiTurnRecord& record, const Game& before) {
  const ai::Attempt* shown = nullptr;
  for (const ai::Attempt& attempt : record.attempts) {
    if (!attempt.imageSha256.empty()) {
      shown = &attempt;
      break;
    }
  }
  if (shown == nullptr) return std::nullopt;
  ai::ModelOptions options;
  options.image = true;
  if (!record.coords.empty()) options.coords = record.coords;
  Result<ai::ModelPrompter> made = ai::ModelPrompter::make(options);
  if (!made) return std::nullopt;
  ai::ModelPrompter prompter = std::move(made).value();
  PictureCheck check;
  check.png = prompter.picture(before);
  check.sha256 = ai::sha256Hex(check.png);
  check.recorded = shown->imageSha256;
  return check;
}

}  // namespace tengen::qt
