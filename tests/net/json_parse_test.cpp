// parseJson: what it reads, what it refuses, and that its errors never quote the input.
#include "tengen/net/json_parse.h"

#include <gtest/gtest.h>

#include <string>

namespace tengen::net {
namespace {

TEST(ParseJson, ReadsEveryKindOfValueKeepingKeyOrder) {
  const auto parsed = parseJson(R"( {"b":[1,-2,2.5,true,null,"x\u00e9"],"a":{"n":9223372036854775807}} )");
  ASSERT_TRUE(parsed.ok()) << parsed.error();
  EXPECT_EQ(toJson(*parsed), R"({"b":[1,-2,2.5,true,null,"xé"],"a":{"n":9223372036854775807}})");
  const auto& object = std::get<JsonValue::Object>(parsed->value);
  EXPECT_EQ(object[0].first, "b");
  const JsonValue* a = findMember(*parsed, "a");
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(std::get<long long>(findMember(*a, "n")->value), 9223372036854775807LL);
  EXPECT_EQ(findMember(*parsed, "c"), nullptr);
}

TEST(ParseJson, KeepsLargeIntegersAsDoubles) {
  const auto parsed = parseJson("18446744073709551615");
  ASSERT_TRUE(parsed.ok());
  EXPECT_TRUE(std::holds_alternative<double>(parsed->value));
}

TEST(ParseJson, RefusesBrokenTextNamingTheOffsetOnly) {
  for (const char* text : {"", "{", "{\"a\":}", "[1,2", "nul", "{\"a\":1} x", "'a'", "{\"secret-token\" 1}"}) {
    const auto parsed = parseJson(text);
    ASSERT_FALSE(parsed.ok()) << text;
    EXPECT_EQ(parsed.error().rfind("invalid JSON at byte ", 0), 0u) << parsed.error();
    EXPECT_EQ(parsed.error().find("secret"), std::string::npos);
  }
}

TEST(ParseJson, RefusesRepeatedKeysDeepNestingAndOversizedText) {
  EXPECT_EQ(parseJson(R"({"a":1,"b":{"a":2},"a":3})").error(), "invalid JSON: a repeated key in one object");
  EXPECT_TRUE(parseJson(R"({"a":1,"b":{"a":2}})").ok());
  std::string deep(40, '[');
  deep += std::string(40, ']');
  EXPECT_TRUE(parseJson(deep, {1 << 20, 40}).ok());
  EXPECT_EQ(parseJson(deep, {1 << 20, 39}).error(), "invalid JSON: nested deeper than 39 levels");
  EXPECT_FALSE(parseJson(std::string(200000, '[')).ok());  // no recursion, so no stack to overflow
  EXPECT_EQ(parseJson("[1, 2, 3]", {5, 32}).error(), "JSON text larger than 5 bytes");
}

TEST(ParseJson, RefusesInvalidUtf8AndRawControlCharacters) {
  EXPECT_FALSE(parseJson("\"\xff\"").ok());
  EXPECT_FALSE(parseJson("\"\x1b\"").ok());
  EXPECT_TRUE(parseJson("\"\\u001b\"").ok());
}

}  // namespace
}  // namespace tengen::net
