// JSON text for the error log: escaping, invalid UTF-8, numbers and key order.
#include "tengen/json/json.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

namespace tengen::json {
namespace {

TEST(ToJson, WritesEveryKindOfValue) {
  EXPECT_EQ(toJson(nullptr), "null");
  EXPECT_EQ(toJson(true), "true");
  EXPECT_EQ(toJson(-42), "-42");
  EXPECT_EQ(toJson(9007199254740993LL), "9007199254740993");
  EXPECT_EQ(toJson("D4"), "\"D4\"");
  EXPECT_EQ(toJson(JsonValue::Array{}), "[]");
  EXPECT_EQ(toJson(JsonValue::Object{}), "{}");
  EXPECT_EQ(toJson(JsonValue::Array{1, "a", nullptr, JsonValue::Array{false}}), R"([1,"a",null,[false]])");
}

TEST(ToJson, KeepsKeysInInsertionOrder) {
  const JsonValue record = JsonValue::Object{{"id", "x1"}, {"time", "2026-01-01T00:00:00Z"}, {"attempts", 3}};
  EXPECT_EQ(toJson(record), R"({"id":"x1","time":"2026-01-01T00:00:00Z","attempts":3})");
}

TEST(ToJson, WritesKomiAsItIs) {
  EXPECT_EQ(toJson(7.5), "7.5");
  EXPECT_EQ(toJson(7.0), "7.0");
  EXPECT_EQ(toJson(7), "7");
  EXPECT_EQ(toJson(0.1), "0.1");
  EXPECT_EQ(toJson(-6.5), "-6.5");
  EXPECT_EQ(toJson(std::nan("")), "null");
  EXPECT_EQ(toJson(std::numeric_limits<double>::infinity()), "null");
}

TEST(ToJson, EscapesQuotesBackslashesAndControlCharacters) {
  EXPECT_EQ(toJson("say \"Q16\"\\"), R"("say \"Q16\"\\")");
  EXPECT_EQ(toJson("a\nb\tc\rd"), R"("a\nb\tc\rd")");
  EXPECT_EQ(toJson(std::string("\x01\x1f\0", 3)), R"("\u0001\u001f\u0000")");
  EXPECT_EQ(toJson("星 D4"), "\"星 D4\"");  // valid UTF-8 passes through as it is
}

TEST(ToJson, ReplacesInvalidUtf8) {
  EXPECT_EQ(toJson("a\xff"
                   "b"),
            "\"a\xEF\xBF\xBD"
            "b\"");
  EXPECT_EQ(toJson("\xe6\x98"), "\"\xEF\xBF\xBD\"");  // a sequence cut short
  EXPECT_EQ(toJson(JsonValue::Object{{"k\xc3", 1}}), "{\"k\xEF\xBF\xBD\":1}");
}

TEST(ToJson, IsOneLine) {
  const JsonValue value = JsonValue::Object{{"board", JsonValue::Array{"X.O", "..."}}, {"note", "line1\nline2"}};
  EXPECT_EQ(toJson(value).find('\n'), std::string::npos);
}

TEST(ToPrettyJson, IndentsByTwoSpaces) {
  const JsonValue value = JsonValue::Object{{"a", 1}, {"b", JsonValue::Array{true}}};
  EXPECT_EQ(toPrettyJson(value), "{\n  \"a\": 1,\n  \"b\": [\n    true\n  ]\n}");
}

}  // namespace
}  // namespace tengen::json
