// JSON text for the error log and machine-readable output, written with nlohmann-json so that every string is
// escaped correctly. The data types are plain so that libraries above need no JSON library of their own.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace tengen::json {

// A JSON value built from plain parts: null, bool, number, string, array, object (keys keep insertion order).
struct JsonValue {
  using Array = std::vector<JsonValue>;
  using Object = std::vector<std::pair<std::string, JsonValue>>;
  std::variant<std::nullptr_t, bool, long long, double, std::string, Array, Object> value = nullptr;

  JsonValue() = default;
  JsonValue(std::nullptr_t) {}                             // NOLINT(google-explicit-constructor)
  JsonValue(bool b) : value(b) {}                          // NOLINT(google-explicit-constructor)
  JsonValue(int n) : value(static_cast<long long>(n)) {}   // NOLINT(google-explicit-constructor)
  JsonValue(long n) : value(static_cast<long long>(n)) {}  // NOLINT(google-explicit-constructor)
  JsonValue(long long n) : value(n) {}                     // NOLINT(google-explicit-constructor)
  JsonValue(double d) : value(d) {}                        // NOLINT(google-explicit-constructor)
  JsonValue(std::string s) : value(std::move(s)) {}        // NOLINT(google-explicit-constructor)
  JsonValue(const char* s) : value(std::string(s)) {}      // NOLINT(google-explicit-constructor)
  JsonValue(Array a) : value(std::move(a)) {}              // NOLINT(google-explicit-constructor)
  JsonValue(Object o) : value(std::move(o)) {}             // NOLINT(google-explicit-constructor)
};

// Compact JSON on one line (no newline at the end); invalid UTF-8 in strings is replaced, never passed through.
std::string toJson(const JsonValue& value);

// Pretty JSON (two-space indent) for files people read.
std::string toPrettyJson(const JsonValue& value);

}  // namespace tengen::json
