// parseJson through nlohmann-json's SAX interface: the values are built straight into JsonValue, so the depth limit
// holds before anything deep is built and no nlohmann type leaves this file.
#include "tengen/net/json_parse.h"

#include <cmath>
#include <exception>
#include <limits>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace tengen::net {

namespace {

// The method names are nlohmann's SAX interface, hence not camelCase.
// NOLINTBEGIN(readability-identifier-naming)
class Builder {
 public:
  explicit Builder(int maxDepth) : m_maxDepth(maxDepth) {}

  bool null() { return put(JsonValue(nullptr)); }
  bool boolean(bool b) { return put(JsonValue(b)); }
  bool number_integer(nlohmann::json::number_integer_t n) { return put(JsonValue(static_cast<long long>(n))); }
  bool number_unsigned(nlohmann::json::number_unsigned_t n) {
    if (n <= static_cast<nlohmann::json::number_unsigned_t>(std::numeric_limits<long long>::max())) {
      return put(JsonValue(static_cast<long long>(n)));
    }
    return put(JsonValue(static_cast<double>(n)));
  }
  bool number_float(nlohmann::json::number_float_t d, const std::string& /*text*/) {
    if (!std::isfinite(d)) return fail("a number out of range");
    return put(JsonValue(static_cast<double>(d)));
  }
  bool string(std::string& s) { return put(JsonValue(std::move(s))); }
  bool binary(nlohmann::json::binary_t& /*bytes*/) { return fail("binary data"); }

  bool start_object(std::size_t /*elements*/) { return open(JsonValue(JsonValue::Object{})); }
  bool key(std::string& k) {
    // A set per open object: comparing with every earlier key would be quadratic in a hostile object's size.
    if (!m_seen.back().insert(k).second) return fail("a repeated key in one object");
    m_key = std::move(k);
    m_haveKey = true;
    return true;
  }
  bool end_object() { return close(); }
  bool start_array(std::size_t /*elements*/) { return open(JsonValue(JsonValue::Array{})); }
  bool end_array() { return close(); }

  bool parse_error(std::size_t position, const std::string& /*token*/, const nlohmann::detail::exception& /*e*/) {
    // nlohmann's message quotes the bytes it read; only the offset is kept so that no input is echoed.
    if (m_error.empty()) m_error = "invalid JSON at byte " + std::to_string(position > 0 ? position - 1 : 0);
    return false;
  }

  const std::string& error() const { return m_error; }
  JsonValue take() { return std::move(m_root); }

 private:
  bool fail(const std::string& why) {
    if (m_error.empty()) m_error = "invalid JSON: " + why;
    return false;
  }

  bool put(JsonValue value) {
    if (m_stack.empty()) {
      m_root = std::move(value);
      return true;
    }
    JsonValue& top = m_stack.back();
    if (auto* array = std::get_if<JsonValue::Array>(&top.value)) {
      array->push_back(std::move(value));
    } else {
      std::get<JsonValue::Object>(top.value).emplace_back(std::move(m_key), std::move(value));
      m_haveKey = false;
    }
    return true;
  }

  bool open(JsonValue container) {
    if (static_cast<int>(m_stack.size()) >= m_maxDepth) {
      return fail("nested deeper than " + std::to_string(m_maxDepth) + " levels");
    }
    // The key an object member is opened under is kept beside it until the member is closed.
    m_keys.push_back(m_haveKey ? std::move(m_key) : std::string());
    m_haveKey = false;
    m_stack.push_back(std::move(container));
    m_seen.emplace_back();
    return true;
  }

  bool close() {
    JsonValue done = std::move(m_stack.back());
    m_stack.pop_back();
    m_seen.pop_back();
    m_key = std::move(m_keys.back());
    m_keys.pop_back();
    return put(std::move(done));
  }

  int m_maxDepth;
  std::vector<JsonValue> m_stack;
  std::vector<std::string> m_keys;
  std::vector<std::unordered_set<std::string>> m_seen;
  std::string m_key;
  bool m_haveKey = false;
  JsonValue m_root;
  std::string m_error;
};
// NOLINTEND(readability-identifier-naming)

}  // namespace

Result<JsonValue> parseJson(std::string_view text, const JsonLimits& limits) {
  using R = Result<JsonValue>;
  if (text.size() > limits.maxBytes) {
    return R::failure("JSON text larger than " + std::to_string(limits.maxBytes) + " bytes");
  }
  Builder builder(limits.maxDepth);
  bool ok = false;
  try {
    ok = nlohmann::json::sax_parse(text.begin(), text.end(), &builder, nlohmann::json::input_format_t::json, true,
                                   false);
  } catch (const std::exception&) {
    return R::failure("invalid JSON");
  }
  if (!ok) return R::failure(builder.error().empty() ? "invalid JSON" : builder.error());
  return builder.take();
}

const JsonValue* findMember(const JsonValue& value, std::string_view key) {
  const auto* object = std::get_if<JsonValue::Object>(&value.value);
  if (object == nullptr) return nullptr;
  for (const auto& [name, item] : *object) {
    if (name == key) return &item;
  }
  return nullptr;
}

const std::string* findString(const JsonValue& value, std::string_view key) {
  const JsonValue* member = findMember(value, key);
  return member == nullptr ? nullptr : std::get_if<std::string>(&member->value);
}

}  // namespace tengen::net
