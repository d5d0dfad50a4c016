#include "tengen/session/ai_turn_record.h"

#include <utility>

#include "tengen/ai/attempt_json.h"
#include "tengen/json/parse.h"

namespace tengen::session {

using json::JsonValue;

std::string aiTurnJson(const AiTurnRecord& record) {
  JsonValue::Array attempts;
  attempts.reserve(record.attempts.size());
  for (const ai::Attempt& attempt : record.attempts) attempts.push_back(ai::loggedAttemptJson(attempt));
  return json::toJson(JsonValue::Object{
      {"opponent", record.opponent},
      {"coords", record.coords.empty() ? JsonValue(nullptr) : JsonValue(record.coords)},
      {"attempts", std::move(attempts)},
  });
}

std::optional<AiTurnRecord> parseAiTurn(const std::string& json) {
  // A record holds a few prompts; the limit only keeps a damaged file from costing much.
  json::JsonLimits limits;
  limits.maxBytes = std::size_t{16} << 20;
  const Result<JsonValue> parsed = json::parseJson(json, limits);
  if (!parsed) return std::nullopt;
  const JsonValue* attempts = json::findMember(*parsed, "attempts");
  const auto* list = attempts == nullptr ? nullptr : std::get_if<JsonValue::Array>(&attempts->value);
  if (list == nullptr) return std::nullopt;
  AiTurnRecord record;
  record.opponent = json::stringOr(*parsed, "opponent");
  record.coords = json::stringOr(*parsed, "coords");
  for (const JsonValue& item : *list) {
    std::optional<ai::Attempt> attempt = ai::parseAttempt(item);
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

}  // namespace tengen::session
