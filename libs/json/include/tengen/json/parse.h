// JSON text read into the plain JsonValue of json.h, with limits, so that layers above can read untrusted
// request bodies without a JSON library of their own.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string_view>

#include "tengen/core/result.h"
#include "tengen/json/json.h"

namespace tengen::json {

struct JsonLimits {
  std::size_t maxBytes = std::size_t{1} << 20;  // longer text is refused before it is read
  int maxDepth = 32;                            // arrays and objects nested deeper are refused
  // Values of every kind (each array, object, string, number, true, false and null) beyond this many are refused
  // before they are built: each costs tens of bytes in a JsonValue, so the bytes alone do not bound the memory.
  std::size_t maxValues = std::numeric_limits<std::size_t>::max();
  // A \uD800-\uDFFF escape that is not half of a surrogate pair is read as U+FFFD rather than refusing the text,
  // for text a model wrote (a token boundary can split a pair); what tengen is sent stays strict.
  bool loneSurrogatesAsReplacement = false;
};

// Which rule a text that parseJson refuses broke, for a caller that says so in its own words.
enum class JsonFault : std::uint8_t {
  Invalid,        // not JSON (or a repeated key, invalid UTF-8, a number out of range)
  TooLarge,       // more than maxBytes
  TooDeep,        // nested deeper than maxDepth
  TooManyValues,  // more than maxValues values
};

// Parses one JSON text (RFC 8259; blanks around it allowed, nothing else after it). Integers that fit a long long
// stay integers, every other number is a double; a repeated key in one object is an error, so that two readers
// can never disagree about which value counts. Errors say what and at which byte offset, or which limit the text
// exceeds, never quoting the input; `fault`, when given, receives which of them it was. Nothing recurses over the
// text, so no nesting can exhaust the stack before the depth limit refuses it.
Result<JsonValue> parseJson(std::string_view text, const JsonLimits& limits = {}, JsonFault* fault = nullptr);

// The member of an object with that key, or null when `value` is not an object or has no such key.
const JsonValue* findMember(const JsonValue& value, std::string_view key);

// The string member of an object with that key, or null when there is none or it is not a string.
const std::string* findString(const JsonValue& value, std::string_view key);

// The integer member of an object with that key, or null when there is none or it is not an integer (a number
// written with a fraction or an exponent is a double, not an integer).
const long long* findInteger(const JsonValue& value, std::string_view key);

// The string member of an object with that key, or "" when there is none or it is not a string.
std::string stringOr(const JsonValue& value, std::string_view key);

}  // namespace tengen::json
