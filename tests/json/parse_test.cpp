// parseJson: what it reads, what it refuses, and that its errors never quote the input.
#include "tengen/json/parse.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

namespace tengen::json {
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
  EXPECT_EQ(parseJson(deep, {1 << 20, 39}).error(), "JSON nested deeper than 39 levels");
  EXPECT_FALSE(parseJson(std::string(200000, '[')).ok());  // no recursion, so no stack to overflow
  EXPECT_EQ(parseJson("[1, 2, 3]", {5, 32}).error(), "JSON text larger than 5 bytes");
}

// Each refusal says which rule was broken, so that a caller can word it (a model's reply "nested deeper than 32
// levels") without reading the words back.
TEST(ParseJson, NamesTheRuleATextBroke) {
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  std::string many = "[0";
  for (int i = 1; i < 40; ++i) many += ",0";
  many += "]";
  const std::vector<std::pair<std::string, JsonFault>> cases = {
      {"{\"a\":", JsonFault::Invalid},
      {R"({"a":1,"a":2})", JsonFault::Invalid},
      {"\"\xff\"", JsonFault::Invalid},
      {"1e999", JsonFault::Invalid},
      {std::string((1 << 20) + 1, ' '), JsonFault::TooLarge},
      {deep, JsonFault::TooDeep},
      {many, JsonFault::TooManyValues},
  };
  for (const auto& [text, want] : cases) {
    JsonFault fault = JsonFault::Invalid;
    const auto parsed = parseJson(text, {1 << 20, 32, 40}, &fault);
    ASSERT_FALSE(parsed.ok()) << text.substr(0, 40);
    EXPECT_EQ(fault, want) << text.substr(0, 40) << ": " << parsed.error();
  }
  // The very first nesting of such a text is refused; 200,000 brackets cost no more than 32 levels do.
  EXPECT_EQ(parseJson("{\"error\":" + deep + "}").error(), "JSON nested deeper than 32 levels");
}

// Every value counts, containers included, and the count stops the text before the tree is built: a mebibyte of
// zeros is half a million values, tens of megabytes as JsonValues.
TEST(ParseJson, RefusesMoreValuesThanTheLimit) {
  EXPECT_TRUE(parseJson("[0,[1],{\"a\":null}]", {1 << 20, 32, 6}).ok());
  EXPECT_EQ(parseJson("[0,[1],{\"a\":null}]", {1 << 20, 32, 5}).error(), "JSON with more than 5 values");
  EXPECT_TRUE(parseJson("\"one\"", {1 << 20, 32, 1}).ok());
  std::string zeros = "[0";
  for (int i = 1; i < 500000; ++i) zeros += ",0";
  zeros += "]";
  JsonFault fault = JsonFault::Invalid;
  const auto parsed = parseJson(zeros, {1 << 20, 32, 40000}, &fault);
  EXPECT_EQ(parsed.error(), "JSON with more than 40000 values");
  EXPECT_EQ(fault, JsonFault::TooManyValues);
  EXPECT_TRUE(parseJson(zeros).ok());  // no value limit unless one is asked for
}

TEST(ParseJson, RefusesInvalidUtf8AndRawControlCharacters) {
  EXPECT_FALSE(parseJson("\"\xff\"").ok());
  EXPECT_FALSE(parseJson("\"\x1b\"").ok());
  EXPECT_TRUE(parseJson("\"\\u001b\"").ok());
}

// Model servers can write half a surrogate pair (a pair split between tokens); asked to, the reader takes it as
// U+FFFD, and only a half: a pair, an escaped backslash before "u", and every other text read as without the option.
TEST(ParseJson, LoneSurrogateEscapesAreReplacementCharactersOnlyWhenAskedFor) {
  JsonLimits lenient;
  lenient.loneSurrogatesAsReplacement = true;
  const auto text = [&](const std::string& json) {
    const auto parsed = parseJson(json, lenient);
    return parsed ? std::get<std::string>(parsed->value) : "refused: " + parsed.error();
  };
  const std::string fffd = "\xef\xbf\xbd";
  const std::string smile = "\xf0\x9f\x98\x80";
  EXPECT_EQ(text(R"("a\ud800b")"), "a" + fffd + "b");
  EXPECT_EQ(text(R"("\uDC00\uD83D")"), fffd + fffd);  // a low half first, a high one last
  EXPECT_EQ(text(R"("\ud83d\ude00")"), smile);        // a pair is one character
  EXPECT_EQ(text(R"("\ud83d\ud83d\ude00")"), fffd + smile);
  EXPECT_EQ(text(R"("\\ud800")"), "\\ud800");  // an escaped backslash, then the letters "ud800"
  EXPECT_EQ(text(R"("\\\ud800")"), "\\" + fffd);
  EXPECT_FALSE(parseJson(R"("a\ud800b")").ok());  // strict unless asked

  // The offsets of errors are those of the text as given.
  EXPECT_EQ(parseJson(R"(["\ud800", tru])", lenient).error(), parseJson(R"(["\u00e9", tru])").error());
  EXPECT_EQ(parseJson(R"(["\ud800", tru])", lenient).error(), "invalid JSON at byte 14");
}

TEST(ParseJson, MembersByKindAreNullOrEmptyWhenAbsentOrOfAnotherKind) {
  const auto parsed = parseJson(R"({"n":7,"d":7.0,"s":"x","b":true})");
  ASSERT_TRUE(parsed.ok()) << parsed.error();
  ASSERT_NE(findInteger(*parsed, "n"), nullptr);
  EXPECT_EQ(*findInteger(*parsed, "n"), 7);
  EXPECT_EQ(findInteger(*parsed, "d"), nullptr) << "a number with a fraction is a double";
  EXPECT_EQ(findInteger(*parsed, "s"), nullptr);
  EXPECT_EQ(findInteger(*parsed, "missing"), nullptr);
  EXPECT_EQ(stringOr(*parsed, "s"), "x");
  EXPECT_EQ(stringOr(*parsed, "b"), "");
  EXPECT_EQ(stringOr(*parsed, "missing"), "");
  EXPECT_EQ(findInteger(JsonValue(JsonValue::Array{7}), "n"), nullptr) << "not an object";
}

}  // namespace
}  // namespace tengen::json
