// parseJson through nlohmann-json's SAX interface: the values are built straight into JsonValue, so the depth limit
// holds before anything deep is built and no nlohmann type leaves this file.
#include "tengen/json/parse.h"

#include <cmath>
#include <exception>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace tengen::json {

namespace {

// The method names are nlohmann's SAX interface, hence not camelCase.
// NOLINTBEGIN(readability-identifier-naming)
class Builder {
 public:
  explicit Builder(const JsonLimits& limits) : m_limits(limits) {}

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
    if (!std::isfinite(d)) return fail(JsonFault::Invalid, "invalid JSON: a number out of range");
    return put(JsonValue(static_cast<double>(d)));
  }
  bool string(std::string& s) { return put(JsonValue(std::move(s))); }
  bool binary(nlohmann::json::binary_t& /*bytes*/) { return fail(JsonFault::Invalid, "invalid JSON: binary data"); }

  bool start_object(std::size_t /*elements*/) { return open(JsonValue(JsonValue::Object{})); }
  bool key(std::string& k) {
    // A set per open object: comparing with every earlier key would be quadratic in a hostile object's size.
    if (!m_seen.back().insert(k).second) return fail(JsonFault::Invalid, "invalid JSON: a repeated key in one object");
    m_key = std::move(k);
    m_haveKey = true;
    return true;
  }
  bool end_object() { return close(); }
  bool start_array(std::size_t /*elements*/) { return open(JsonValue(JsonValue::Array{})); }
  bool end_array() { return close(); }

  bool parse_error(std::size_t position, const std::string& /*token*/, const nlohmann::detail::exception& /*e*/) {
    // nlohmann's message quotes the bytes it read; only the offset is kept so that no input is echoed.
    return fail(JsonFault::Invalid, "invalid JSON at byte " + std::to_string(position > 0 ? position - 1 : 0));
  }

  const std::string& error() const { return m_error; }
  JsonFault fault() const { return m_fault; }
  JsonValue take() { return std::move(m_root); }

 private:
  bool fail(JsonFault fault, std::string why) {
    if (m_error.empty()) {
      m_fault = fault;
      m_error = std::move(why);
    }
    return false;
  }

  // Every value is counted here, before it joins the tree, so a text of many small values stops at the limit.
  bool counted() {
    if (m_values == m_limits.maxValues) {
      return fail(JsonFault::TooManyValues, "JSON with more than " + std::to_string(m_limits.maxValues) + " values");
    }
    ++m_values;
    return true;
  }

  bool put(JsonValue value) { return counted() && attach(std::move(value)); }

  bool attach(JsonValue value) {
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
    if (static_cast<int>(m_stack.size()) >= m_limits.maxDepth) {
      return fail(JsonFault::TooDeep, "JSON nested deeper than " + std::to_string(m_limits.maxDepth) + " levels");
    }
    if (!counted()) return false;
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
    return attach(std::move(done));
  }

  const JsonLimits& m_limits;
  std::size_t m_values = 0;
  std::vector<JsonValue> m_stack;
  std::vector<std::string> m_keys;
  std::vector<std::unordered_set<std::string>> m_seen;
  std::string m_key;
  bool m_haveKey = false;
  JsonValue m_root;
  JsonFault m_fault = JsonFault::Invalid;
  std::string m_error;
};
// NOLINTEND(readability-identifier-naming)

int hexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// The code unit of a \uXXXX escape starting at `at`, or -1 when none starts there.
int escapedUnit(std::string_view text, std::size_t at) {
  if (at + 6 > text.size() || text[at] != '\\' || text[at + 1] != 'u') return -1;
  int unit = 0;
  for (std::size_t k = at + 2; k < at + 6; ++k) {
    const int digit = hexDigit(text[k]);
    if (digit < 0) return -1;
    unit = unit * 16 + digit;
  }
  return unit;
}

bool isHighSurrogate(int unit) { return unit >= 0xD800 && unit <= 0xDBFF; }
bool isLowSurrogate(int unit) { return unit >= 0xDC00 && unit <= 0xDFFF; }

// The text with every lone surrogate escape rewritten to \ufffd, the same six bytes, so that the parser's byte
// offsets still point into the text as given; nothing when there is none. Every backslash in JSON starts an escape,
// of two bytes or of six, so stepping over whole escapes never takes the second backslash of "\\u" for the start of
// one; a backslash outside a string is an error the parser reports at that same offset.
std::optional<std::string> withLoneSurrogatesReplaced(std::string_view text) {
  std::optional<std::string> out;
  std::size_t i = text.find('\\');
  while (i != std::string_view::npos) {
    const int unit = escapedUnit(text, i);
    std::size_t next = i + (unit < 0 ? 2 : 6);
    if (isHighSurrogate(unit) && isLowSurrogate(escapedUnit(text, i + 6))) {
      next = i + 12;
    } else if (isHighSurrogate(unit) || isLowSurrogate(unit)) {
      if (!out) out.emplace(text);
      out->replace(i + 2, 4, "fffd");
    }
    i = text.find('\\', next);
  }
  return out;
}

}  // namespace

Result<JsonValue> parseJson(std::string_view text, const JsonLimits& limits, JsonFault* fault) {
  using R = Result<JsonValue>;
  const auto refuse = [fault](JsonFault why, std::string words) {
    if (fault != nullptr) *fault = why;
    return R::failure(std::move(words));
  };
  if (text.size() > limits.maxBytes) {
    return refuse(JsonFault::TooLarge, "JSON text larger than " + std::to_string(limits.maxBytes) + " bytes");
  }
  std::optional<std::string> replaced;
  if (limits.loneSurrogatesAsReplacement) replaced = withLoneSurrogatesReplaced(text);
  const std::string_view input = replaced ? std::string_view(*replaced) : text;
  Builder builder(limits);
  bool ok = false;
  try {
    ok = nlohmann::json::sax_parse(input.begin(), input.end(), &builder, nlohmann::json::input_format_t::json, true,
                                   false);
  } catch (const std::exception&) {
    return refuse(JsonFault::Invalid, "invalid JSON");
  }
  if (!ok) return refuse(builder.fault(), builder.error().empty() ? "invalid JSON" : builder.error());
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

const long long* findInteger(const JsonValue& value, std::string_view key) {
  const JsonValue* member = findMember(value, key);
  return member == nullptr ? nullptr : std::get_if<long long>(&member->value);
}

std::string stringOr(const JsonValue& value, std::string_view key) {
  const std::string* s = findString(value, key);
  return s == nullptr ? std::string() : *s;
}

}  // namespace tengen::json
