// JsonValue to text through nlohmann-json. Doubles are written by nlohmann's shortest round-trip form, which keeps
// a decimal point on integral values: 7.5 prints as 7.5 and 7.0 as 7.0 (an integer type prints as 7). NaN and
// infinities have no JSON form and print as null.
#include "tengen/json/json.h"

#include <exception>
#include <string>
#include <type_traits>
#include <variant>

#include <nlohmann/json.hpp>

namespace tengen::json {

namespace {

using Json = nlohmann::ordered_json;

Json convert(const JsonValue& value) {
  return std::visit(
      [](const auto& v) -> Json {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, std::nullptr_t>) {
          return nullptr;
        } else if constexpr (std::is_same_v<T, JsonValue::Array>) {
          Json array = Json::array();
          for (const JsonValue& item : v) array.push_back(convert(item));
          return array;
        } else if constexpr (std::is_same_v<T, JsonValue::Object>) {
          Json object = Json::object();
          // ordered_json keeps insertion order; a repeated key keeps its first place and its last value.
          for (const auto& [key, item] : v) object[key] = convert(item);
          return object;
        } else {
          return Json(v);
        }
      },
      value.value);
}

std::string write(const JsonValue& value, int indent) {
  try {
    return convert(value).dump(indent, ' ', false, Json::error_handler_t::replace);
  } catch (const std::exception&) {
    // Only allocation can fail here (invalid UTF-8 is replaced); null is still valid JSON.
    return "null";
  }
}

}  // namespace

std::string toJson(const JsonValue& value) { return write(value, -1); }

std::string toPrettyJson(const JsonValue& value) { return write(value, 2); }

}  // namespace tengen::json
