// The chat-completions client against a scripted server on 127.0.0.1: what it sends, how it retries, and how it
// reads (or refuses) what comes back.
#include "tengen/sources/chat.h"

#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "support/test_server.h"

namespace tengen::sources {
namespace {

namespace fixture = net::fixture;
using fixture::closedPort;
using fixture::Scripted;
using fixture::ScriptedServer;
using fixture::SilentServer;
using net::base64;
using net::HttpClient;
using net::makeCurlClient;
using nlohmann::json;

constexpr const char* kKey = "sk-test-0123456789abcdef";

std::string reply(const std::string& content) {
  return json{{"id", "x"}, {"choices", {{{"index", 0}, {"message", {{"role", "assistant"}, {"content", content}}}}}}}
      .dump();
}

class Chat : public ::testing::Test {
 protected:
  ChatRequest request() const {
    ChatRequest r;
    r.baseUrl = m_server.url("/v1/");
    r.model = "lora_mix_qwen_r5";
    r.system = "You play Go.";
    r.userText = "Black to play. Answer with one point.";
    r.maxTokens = 16;
    r.connectTimeoutSeconds = 2;
    r.timeoutSeconds = 5;
    return r;
  }
  Sleeper sleeper() {
    return [this](double s) { m_sleeps.push_back(s); };
  }
  json sentBody(std::size_t i = 0) const { return json::parse(m_server.received().at(i).body); }

  ScriptedServer m_server;
  std::unique_ptr<HttpClient> m_http = makeCurlClient();
  std::vector<double> m_sleeps;
};

TEST_F(Chat, PostsModelMessagesAndMaxTokensToChatCompletions) {
  m_server.push(Scripted{200, reply("D4"), {}, {}});
  ChatFailure failure;
  const auto result = complete(*m_http, request(), sleeper(), &failure);
  ASSERT_TRUE(result.ok()) << result.error();
  EXPECT_EQ(result->content, "D4");
  EXPECT_EQ(result->httpStatus, 200);
  EXPECT_EQ(result->transportAttempts, 1);
  EXPECT_GE(result->latencyMs, 0);
  EXPECT_TRUE(m_sleeps.empty());

  const auto received = m_server.received();
  ASSERT_EQ(received.size(), 1u);
  EXPECT_EQ(received[0].path, "/v1/chat/completions");  // the base URL's trailing slash is tolerated
  EXPECT_EQ(received[0].header("Content-Type"), "application/json");
  EXPECT_FALSE(received[0].hasHeader("Authorization"));
  const json body = sentBody();
  EXPECT_EQ(body["model"], "lora_mix_qwen_r5");
  EXPECT_EQ(body["max_tokens"], 16);
  EXPECT_FALSE(body.contains("temperature"));
  EXPECT_FALSE(body.contains("structured_outputs"));
  EXPECT_FALSE(body.contains("grammar"));
  ASSERT_EQ(body["messages"].size(), 2u);
  EXPECT_EQ(body["messages"][0], (json{{"role", "system"}, {"content", "You play Go."}}));
  EXPECT_EQ(body["messages"][1], (json{{"role", "user"}, {"content", "Black to play. Answer with one point."}}));
  EXPECT_EQ(received[0].body, chatRequestBody(request()));
}

TEST_F(Chat, SendsTheImageAsADataUrlPartAndTheTemperatureWhenSet) {
  m_server.push(Scripted{200, reply("Q16"), {}, {}});
  ChatRequest r = request();
  r.png = std::string("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16);
  r.temperature = 0.25;
  const auto result = complete(*m_http, r, sleeper());
  ASSERT_TRUE(result.ok()) << result.error();
  const json body = sentBody();
  EXPECT_EQ(body["temperature"], 0.25);
  const json& content = body["messages"][1]["content"];
  ASSERT_TRUE(content.is_array());
  ASSERT_EQ(content.size(), 2u);
  EXPECT_EQ(content[0], (json{{"type", "text"}, {"text", "Black to play. Answer with one point."}}));
  EXPECT_EQ(content[1]["type"], "image_url");
  const std::string url = content[1]["image_url"]["url"];
  EXPECT_EQ(url.rfind("data:image/png;base64,iVBORw0KGgo", 0), 0u) << url;
  EXPECT_EQ(url, "data:image/png;base64," + base64(*r.png));
}

TEST_F(Chat, SendsTheKeyOnlyAsABearerHeader) {
  m_server.push(Scripted{200, reply("pass"), {}, {}});
  ChatRequest r = request();
  r.apiKey = kKey;
  const auto result = complete(*m_http, r, sleeper());
  ASSERT_TRUE(result.ok()) << result.error();
  const auto received = m_server.received();
  ASSERT_EQ(received.size(), 1u);
  EXPECT_EQ(received[0].header("Authorization"), std::string("Bearer ") + kKey);
  EXPECT_EQ(received[0].body.find(kKey), std::string::npos);
  EXPECT_EQ(chatRequestBody(r).find(kKey), std::string::npos);
}

TEST(ChatRequestBody, AsksVllmStructuredOutputsForARegexOrAChoice) {
  ChatRequest r;
  r.constraint = Constraint::Regex;
  r.regex = "(pass|[A-HJ-T](1[0-9]|[1-9]))";
  json body = json::parse(chatRequestBody(r));
  EXPECT_EQ(body["structured_outputs"], (json{{"regex", r.regex}}));
  r.constraint = Constraint::Choice;
  r.choices = {"D4", "Q16", "pass"};
  body = json::parse(chatRequestBody(r));
  EXPECT_EQ(body["structured_outputs"], (json{{"choice", {"D4", "Q16", "pass"}}}));
  EXPECT_FALSE(body.contains("guided_choice"));
}

TEST(ChatRequestBody, AsksOlderVllmForGuidedRegexOrChoice) {
  ChatRequest r;
  r.constraintApi = ConstraintApi::VllmGuided;
  r.constraint = Constraint::Regex;
  r.regex = "[A-T][0-9]+";
  json body = json::parse(chatRequestBody(r));
  EXPECT_EQ(body["guided_regex"], "[A-T][0-9]+");
  EXPECT_FALSE(body.contains("structured_outputs"));
  r.constraint = Constraint::Choice;
  r.choices = {"C3", "pass"};
  body = json::parse(chatRequestBody(r));
  EXPECT_EQ(body["guided_choice"], (json{"C3", "pass"}));
  EXPECT_FALSE(body.contains("guided_regex"));
}

TEST(ChatRequestBody, AsksLlamaCppForAGbnfGrammar) {
  ChatRequest r;
  r.constraintApi = ConstraintApi::LlamaCppGrammar;
  r.constraint = Constraint::Choice;
  r.choices = {"D4", "Q16", "pass"};
  json body = json::parse(chatRequestBody(r));
  EXPECT_EQ(body["grammar"], R"(root ::= "D4" | "Q16" | "pass")");
  // A regex cannot be given to llama.cpp: the points when known, else any GTP vertex.
  r.constraint = Constraint::Regex;
  r.regex = "(D4|Q16|pass)";
  body = json::parse(chatRequestBody(r));
  EXPECT_EQ(body["grammar"], R"(root ::= "D4" | "Q16" | "pass")");
  r.choices.clear();
  body = json::parse(chatRequestBody(r));
  EXPECT_EQ(body["grammar"], R"(root ::= "pass" | [A-HJ-Z] [1-9] [0-9]?)");
  EXPECT_FALSE(body.contains("structured_outputs"));
  EXPECT_FALSE(body.contains("guided_regex"));
}

TEST(ChatRequestBody, EscapesQuotesInGrammarLiterals) {
  ChatRequest r;
  r.constraintApi = ConstraintApi::LlamaCppGrammar;
  r.constraint = Constraint::Choice;
  r.choices = {"a\"b", "c\\d"};
  EXPECT_EQ(json::parse(chatRequestBody(r))["grammar"], R"(root ::= "a\"b" | "c\\d")");
}

TEST_F(Chat, SendsTheConstraintOverTheWire) {
  m_server.push(Scripted{200, reply("D4"), {}, {}});
  ChatRequest r = request();
  r.constraint = Constraint::Choice;
  r.choices = {"D4", "pass"};
  ASSERT_TRUE(complete(*m_http, r, sleeper()).ok());
  EXPECT_EQ(sentBody()["structured_outputs"], (json{{"choice", {"D4", "pass"}}}));
}

TEST_F(Chat, RetriesA500AndSleepsTheBackoff) {
  m_server.push(Scripted{500, R"({"error":{"message":"engine crashed"}})", {}, {}});
  m_server.push(Scripted{200, reply("C3"), {}, {}});
  const auto result = complete(*m_http, request(), sleeper());
  ASSERT_TRUE(result.ok()) << result.error();
  EXPECT_EQ(result->content, "C3");
  EXPECT_EQ(result->transportAttempts, 2);
  EXPECT_EQ(m_sleeps, (std::vector<double>{0.5}));
  EXPECT_EQ(m_server.received().size(), 2u);
}

TEST_F(Chat, HonoursRetryAfterOnA429) {
  m_server.push(Scripted{429, R"({"error":{"message":"slow down"}})", {{"Retry-After", "2"}}, {}});
  m_server.push(Scripted{200, reply("C3"), {}, {}});
  const auto result = complete(*m_http, request(), sleeper());
  ASSERT_TRUE(result.ok()) << result.error();
  EXPECT_EQ(m_sleeps, (std::vector<double>{2.0}));
}

TEST_F(Chat, CapsRetryAfterAndFallsBackToBackoffForAnHttpDate) {
  m_server.push(Scripted{503, "", {{"Retry-After", "3600"}}, {}});
  m_server.push(Scripted{429, "", {{"Retry-After", "Wed, 21 Oct 2015 07:28:00 GMT"}}, {}});
  m_server.push(Scripted{200, reply("C3"), {}, {}});
  ChatRequest r = request();
  r.maxRetryAfterSeconds = 30;
  r.timeoutSeconds = 45;
  const auto result = complete(*m_http, r, sleeper());
  ASSERT_TRUE(result.ok()) << result.error();
  EXPECT_EQ(result->transportAttempts, 3);
  EXPECT_EQ(m_sleeps, (std::vector<double>{30.0, 1.0}));  // the backoff doubled after the first retry
}

// A Retry-After longer than one request may take is waited only that long: the user's --timeout bounds it too.
TEST_F(Chat, WaitsARetryAfterNoLongerThanTheTimeout) {
  m_server.push(Scripted{503, "", {{"Retry-After", "99999"}}, {}});
  m_server.push(Scripted{429, "", {{"Retry-After", "2"}}, {}});
  m_server.push(Scripted{200, reply("C3"), {}, {}});
  ChatRequest r = request();
  r.timeoutSeconds = 3;
  const auto result = complete(*m_http, r, sleeper());
  ASSERT_TRUE(result.ok()) << result.error();
  EXPECT_EQ(m_sleeps, (std::vector<double>{3.0, 2.0}));
}

TEST_F(Chat, GivesUpAfterTheLastAttempt) {
  for (int i = 0; i < 3; ++i) m_server.push(Scripted{503, R"({"error":{"message":"model is loading"}})", {}, {}});
  ChatRequest r = request();
  r.maxTransportAttempts = 3;
  ChatFailure failure;
  const auto result = complete(*m_http, r, sleeper(), &failure);
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error(), failure.message);
  EXPECT_EQ(failure.httpStatus, 503);
  EXPECT_NE(failure.message.find("gave up after 3 attempts"), std::string::npos) << failure.message;
  EXPECT_NE(failure.message.find("HTTP 503"), std::string::npos) << failure.message;
  EXPECT_NE(failure.message.find("model is loading"), std::string::npos) << failure.message;
  EXPECT_EQ(m_sleeps, (std::vector<double>{0.5, 1.0}));
  EXPECT_EQ(m_server.received().size(), 3u);
}

TEST_F(Chat, FailsAtOnceOn401WithTheServersWords) {
  m_server.push(Scripted{401, R"({"error":{"message":"Incorrect API key provided","type":"auth"}})", {}, {}});
  ChatRequest r = request();
  r.apiKey = kKey;
  ChatFailure failure;
  const auto result = complete(*m_http, r, sleeper(), &failure);
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(failure.httpStatus, 401);
  EXPECT_NE(failure.message.find("HTTP 401"), std::string::npos) << failure.message;
  EXPECT_NE(failure.message.find("Incorrect API key provided"), std::string::npos) << failure.message;
  EXPECT_EQ(failure.message.find(kKey), std::string::npos);
  EXPECT_TRUE(m_sleeps.empty());
  EXPECT_EQ(m_server.received().size(), 1u);
}

TEST_F(Chat, FailsAtOnceOn404WithTheDetail) {
  m_server.push(Scripted{404, R"({"detail":"The model `nope` does not exist."})", {}, {}});
  ChatFailure failure;
  const auto result = complete(*m_http, request(), sleeper(), &failure);
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(failure.httpStatus, 404);
  EXPECT_NE(failure.message.find("HTTP 404"), std::string::npos) << failure.message;
  EXPECT_NE(failure.message.find("does not exist"), std::string::npos) << failure.message;
  EXPECT_EQ(m_server.received().size(), 1u);
}

TEST_F(Chat, SaysWhereARedirectPointsAndThatItIsNotFollowed) {
  m_server.push(Scripted{302, "", {{"Location", "https://user:secret@models.example/v2/chat/completions"}}, {}});
  ChatFailure failure;
  const auto result = complete(*m_http, request(), sleeper(), &failure);
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(failure.httpStatus, 302);
  EXPECT_EQ(failure.message, "HTTP 302 from " + m_server.url("/v1/chat/completions") +
                                 ": a redirect to https://models.example/v2/chat/completions, which tengen does not "
                                 "follow; give the engine the model server's new address");
  EXPECT_EQ(m_server.received().size(), 1u);

  m_server.push(Scripted{307, "", {}, {}});
  ASSERT_FALSE(complete(*m_http, request(), sleeper(), &failure).ok());
  EXPECT_NE(failure.message.find("HTTP 307"), std::string::npos) << failure.message;
  EXPECT_NE(failure.message.find("a redirect without a Location"), std::string::npos) << failure.message;
}

TEST_F(Chat, NeverRepeatsTheKeyEvenWhenTheServerEchoesIt) {
  ChatRequest r = request();
  r.apiKey = kKey;
  m_server.push(
      Scripted{400, std::string(R"({"error":{"message":"bad header Authorization: Bearer )") + kKey + "\"}}", {}, {}});
  ChatFailure failure;
  ASSERT_FALSE(complete(*m_http, r, sleeper(), &failure).ok());
  EXPECT_EQ(failure.message.find(kKey), std::string::npos) << failure.message;
  EXPECT_NE(failure.message.find("[redacted]"), std::string::npos) << failure.message;

  m_server.push(Scripted{200, std::string("not json, your key is ") + kKey, {}, {}});
  ASSERT_FALSE(complete(*m_http, r, sleeper(), &failure).ok());
  EXPECT_EQ(failure.message.find(kKey), std::string::npos) << failure.message;
}

TEST_F(Chat, FailsFastWithoutRetryingOnAServerThatNeverAnswers) {
  SilentServer silent;
  ChatRequest r = request();
  r.baseUrl = silent.url("/v1");
  r.timeoutSeconds = 0.5;
  r.maxTransportAttempts = 2;
  ChatFailure failure;
  const auto start = std::chrono::steady_clock::now();
  const auto result = complete(*m_http, r, sleeper(), &failure);
  ASSERT_FALSE(result.ok());
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(4));
  EXPECT_NE(failure.message.find("timed out after 0.5 s"), std::string::npos) << failure.message;
  EXPECT_EQ(failure.httpStatus, 0);
  EXPECT_TRUE(m_sleeps.empty()) << "a request that used up its time is not tried again";
}

TEST_F(Chat, RetriesARefusedConnectionThenSaysSo) {
  ChatRequest r = request();
  r.baseUrl = "http://127.0.0.1:" + std::to_string(closedPort()) + "/v1";
  r.maxTransportAttempts = 3;
  ChatFailure failure;
  const auto result = complete(*m_http, r, sleeper(), &failure);
  ASSERT_FALSE(result.ok());
  EXPECT_NE(failure.message.find("could not connect to " + r.baseUrl + "/chat/completions"), std::string::npos)
      << failure.message;
  EXPECT_EQ(failure.httpStatus, 0);
  EXPECT_EQ(m_sleeps, (std::vector<double>{0.5, 1.0}));
}

TEST_F(Chat, FailsWithoutRetryingOnMalformedJson) {
  m_server.push(Scripted{200, "<html>gateway</html>", {}, {}});
  ChatFailure failure;
  ASSERT_FALSE(complete(*m_http, request(), sleeper(), &failure).ok());
  EXPECT_NE(failure.message.find("not JSON"), std::string::npos) << failure.message;
  EXPECT_EQ(failure.httpStatus, 200);
  EXPECT_EQ(m_server.received().size(), 1u);
}

TEST_F(Chat, FailsWhenThereAreNoChoices) {
  m_server.push(Scripted{200, R"({"choices":[]})", {}, {}});
  ChatFailure failure;
  ASSERT_FALSE(complete(*m_http, request(), sleeper(), &failure).ok());
  EXPECT_NE(failure.message.find("no choices"), std::string::npos) << failure.message;
}

// A server that answers an error with 200 gets its own words into the failure, not only "no choices".
TEST_F(Chat, SaysWhatTheServerSaidWhenA200CarriesAnError) {
  m_server.push(Scripted{200, R"({"error":{"message":"the model is still loading","type":"server_error"}})", {}, {}});
  ChatFailure failure;
  ASSERT_FALSE(complete(*m_http, request(), sleeper(), &failure).ok());
  EXPECT_NE(failure.message.find("no choices: the model is still loading"), std::string::npos) << failure.message;
  EXPECT_EQ(failure.httpStatus, 200);
  EXPECT_EQ(m_server.received().size(), 1u);
}

TEST_F(Chat, AMessageWithoutContentIsAnEmptyAnswerNotAFailure) {
  m_server.push(Scripted{200, R"({"choices":[{"message":{"role":"assistant","content":null}}]})", {}, {}});
  const auto reply = complete(*m_http, request(), sleeper());
  ASSERT_TRUE(reply.ok()) << reply.error();
  EXPECT_EQ(reply->content, "");
}

TEST_F(Chat, ARefusalIsTheAnswerText) {
  m_server.push(Scripted{200, R"({"choices":[{"message":{"content":null,"refusal":"I cannot play Go."}}]})", {}, {}});
  const auto reply = complete(*m_http, request(), sleeper());
  ASSERT_TRUE(reply.ok()) << reply.error();
  EXPECT_EQ(reply->content, "I cannot play Go.");
}

TEST_F(Chat, FailsWhenTheChoiceHasNoMessage) {
  m_server.push(Scripted{200, R"({"choices":[{"index":0}]})", {}, {}});
  ChatFailure failure;
  ASSERT_FALSE(complete(*m_http, request(), sleeper(), &failure).ok());
  EXPECT_NE(failure.message.find("no message"), std::string::npos) << failure.message;
}

TEST_F(Chat, JoinsContentGivenAsTextParts) {
  m_server.push(
      Scripted{200,
               R"({"choices":[{"message":{"content":[{"type":"text","text":"Q"},{"type":"text","text":"16"}]}}]})",
               {},
               {}});
  const auto result = complete(*m_http, request(), sleeper());
  ASSERT_TRUE(result.ok()) << result.error();
  EXPECT_EQ(result->content, "Q16");
}

// A reply cut inside a character (max_tokens reached in the middle of one) is still the model's answer: the bytes
// that are not UTF-8 are replaced and the rest is read, not refused as "not JSON" (which would end the game as a
// model that cannot be reached). The server's words in an error never carry such bytes to a terminal either.
TEST_F(Chat, ReadsAReplyWithBytesThatAreNotUtf8) {
  m_server.push(Scripted{200, "{\"choices\":[{\"message\":{\"content\":\"D4 \xE5\xA4\"}}]}", {}, {}});
  const auto result = complete(*m_http, request(), sleeper());
  ASSERT_TRUE(result.ok()) << result.error();
  EXPECT_EQ(result->content, "D4 \xEF\xBF\xBD\xEF\xBF\xBD");

  m_server.push(Scripted{400, "{\"error\":{\"message\":\"bad \xFF\xC0\xAF request\"}}", {}, {}});
  ChatFailure failure;
  ASSERT_FALSE(complete(*m_http, request(), sleeper(), &failure).ok());
  EXPECT_NE(failure.message.find("bad \xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD request"), std::string::npos)
      << failure.message;
}

// {"KEY": [[[...]]]} with `depth` brackets each way: 200 KB that once sent the excerpt of an error into a recursion
// as deep as the brackets, and the process down with it.
std::string nestedUnder(const std::string& key, std::size_t depth) {
  return "{\"" + key + "\":" + std::string(depth, '[') + std::string(depth, ']') + "}";
}

// A reply nested deeper than the reader reads is a failed request that says so, whatever the status it comes with.
TEST_F(Chat, AReplyNestedTooDeeplyFailsSayingSo) {
  const std::string words = "the reply is nested deeper than 32 levels";
  m_server.push(Scripted{400, nestedUnder("error", 100000), {}, {}});
  ChatFailure failure;
  ASSERT_FALSE(complete(*m_http, request(), sleeper(), &failure).ok());
  EXPECT_EQ(failure.httpStatus, 400);
  EXPECT_EQ(failure.message, "HTTP 400 from " + request().baseUrl + "chat/completions: " + words);

  m_server.push(Scripted{200, nestedUnder("error", 100000), {}, {}});
  ASSERT_FALSE(complete(*m_http, request(), sleeper(), &failure).ok());
  EXPECT_EQ(failure.httpStatus, 200);
  EXPECT_EQ(failure.message, "HTTP 200 from " + request().baseUrl + "chat/completions but " + words);

  // A 5xx is tried again, and its last words are the same.
  ChatRequest r = request();
  r.maxTransportAttempts = 2;
  m_server.push(Scripted{500, nestedUnder("detail", 100000), {}, {}});
  m_server.push(Scripted{500, nestedUnder("detail", 100000), {}, {}});
  ASSERT_FALSE(complete(*m_http, r, sleeper(), &failure).ok());
  EXPECT_EQ(failure.httpStatus, 500);
  EXPECT_EQ(failure.message,
            "gave up after 2 attempts: HTTP 500 from " + request().baseUrl + "chat/completions: " + words);
  EXPECT_EQ(m_server.received().size(), 4u);
}

// Within the limit, the server's words are written out even when they are not a string, and cut to 200 bytes.
TEST_F(Chat, QuotesErrorWordsThatAreNotAStringWithinTheDepthLimit) {
  m_server.push(Scripted{400, nestedUnder("error", 31), {}, {}});
  ChatFailure failure;
  ASSERT_FALSE(complete(*m_http, request(), sleeper(), &failure).ok());
  EXPECT_NE(failure.message.find(": " + std::string(31, '[') + std::string(31, ']')), std::string::npos)
      << failure.message;
  m_server.push(
      Scripted{422, R"({"detail":[{"loc":["body","messages"],"msg":")" + std::string(300, 'x') + "\"}]}", {}, {}});
  ASSERT_FALSE(complete(*m_http, request(), sleeper(), &failure).ok());
  EXPECT_NE(failure.message.find(R"(HTTP 422 from )"), std::string::npos) << failure.message;
  EXPECT_NE(failure.message.find(R"(: [{"loc":["body","messages"],"msg":"xxx)"), std::string::npos) << failure.message;
  EXPECT_EQ(failure.message.substr(failure.message.size() - 3), "...");
}

// A body that is not JSON at all is quoted from its start, as a person would want to see an HTML error page.
TEST_F(Chat, QuotesTheStartOfAnErrorBodyThatIsNotJson) {
  m_server.push(Scripted{400, "<html><body>Bad Request</body></html>", {}, {}});
  ChatFailure failure;
  ASSERT_FALSE(complete(*m_http, request(), sleeper(), &failure).ok());
  EXPECT_EQ(failure.message,
            "HTTP 400 from " + request().baseUrl + "chat/completions: <html><body>Bad Request</body></html>");
}

// Token counts are read when both are whole numbers of at least zero, and left out otherwise.
TEST_F(Chat, ReadsTheUsageWhenBothCountsAreWholeNumbers) {
  const std::string choices = R"("choices":[{"message":{"content":"D4"}}])";
  m_server.push(Scripted{200, "{" + choices + R"(,"usage":{"prompt_tokens":900,"completion_tokens":2}})", {}, {}});
  m_server.push(Scripted{200, "{" + choices + R"(,"usage":{"prompt_tokens":-1,"completion_tokens":2}})", {}, {}});
  m_server.push(Scripted{200, "{" + choices + R"(,"usage":{"prompt_tokens":9.5,"completion_tokens":2}})", {}, {}});
  m_server.push(Scripted{200, "{" + choices + R"(,"usage":{"prompt_tokens":900}})", {}, {}});
  const auto first = complete(*m_http, request(), sleeper());
  ASSERT_TRUE(first.ok()) << first.error();
  ASSERT_TRUE(first->usage.has_value());
  EXPECT_EQ(first->usage->prompt, 900);
  EXPECT_EQ(first->usage->completion, 2);
  for (int i = 0; i < 3; ++i) {
    const auto other = complete(*m_http, request(), sleeper());
    ASSERT_TRUE(other.ok()) << other.error();
    EXPECT_FALSE(other->usage.has_value()) << i;
  }
}

// Some servers and proxies compress a reply whether the client asked or not.
TEST(ChatReply, DecodesAGzipReply) {
  static const char kGzipped[] =
      "\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\x03\xab\x56\x4a\xce\xc8\xcf\x4c\x4e\x2d\x56\xb2\x8a\xae\x56\xca\x4d\x2d\x2e"
      "\x4e\x4c\x4f\x55\xb2\xaa\x56\x4a\xce\xcf\x2b\x49\xcd\x2b\x51\xb2\x52\x0a\x34\x34\x53\xaa\xad\x8d\xad\x05\x00\x66"
      "\x5e\x21\xf5\x2b\x00\x00\x00";
  const std::string gzipped(kGzipped, sizeof kGzipped - 1);
  fixture::CannedServer server(
      "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\n"
      "Content-Length: " +
      std::to_string(gzipped.size()) + "\r\nConnection: close\r\n\r\n" + gzipped);
  ChatRequest request;
  request.baseUrl = server.url("/v1");
  request.userText = "Black to play.";
  request.timeoutSeconds = 5;
  const std::unique_ptr<HttpClient> http = makeCurlClient();
  const auto result = complete(*http, request, nullptr);
  ASSERT_TRUE(result.ok()) << result.error();
  EXPECT_EQ(result->content, "Q16");
}

TEST_F(Chat, FailsOnAnOversizedReply) {
  m_server.push(Scripted{200, reply(std::string(5000, 'x')), {}, {}});
  ChatRequest r = request();
  r.maxResponseBytes = 1024;
  ChatFailure failure;
  ASSERT_FALSE(complete(*m_http, r, sleeper(), &failure).ok());
  EXPECT_NE(failure.message.find("larger than 1024 bytes"), std::string::npos) << failure.message;
  // A server that sends too much would do it again: not retried.
  EXPECT_EQ(m_server.received().size(), 1u);
  EXPECT_TRUE(m_sleeps.empty());
}

// GET BASE_URL/models, as OpenAI-API clients ask which model a server serves.
class ModelList : public ::testing::Test {
 protected:
  ModelListRequest request() const {
    ModelListRequest r;
    r.baseUrl = m_server.url("/v1/");
    r.apiKey = kKey;
    return r;
  }
  ScriptedServer m_server;
  std::unique_ptr<HttpClient> m_http = makeCurlClient();
};

TEST_F(ModelList, ReadsTheIdsInTheServersOrderWithTheKeyInTheHeaderOnly) {
  m_server.pushGet(
      Scripted{200,
               R"({"object":"list","data":[{"id":"qwen3-vl-8b","object":"model"},{"id":"lora_r5","object":"model"}]})",
               {},
               {}});
  const auto listed = listModels(*m_http, request());
  ASSERT_TRUE(listed.ok()) << listed.error();
  EXPECT_EQ(*listed, (std::vector<std::string>{"qwen3-vl-8b", "lora_r5"}));
  const auto received = m_server.receivedGets();
  ASSERT_EQ(received.size(), 1U);
  EXPECT_EQ(received[0].method, "GET");
  EXPECT_EQ(received[0].path, "/v1/models");
  EXPECT_EQ(received[0].header("Authorization"), std::string("Bearer ") + kKey);
}

TEST_F(ModelList, AServerWithoutTheEndpointIsAUsageErrorAskingForModel) {
  m_server.pushGet(Scripted{404, R"({"detail":"Not Found"})", {}, {}});
  const auto listed = listModels(*m_http, request());
  ASSERT_FALSE(listed.ok());
  EXPECT_EQ(listed.errorKind(), ErrorKind::Invalid);
  EXPECT_NE(listed.error().find("GET " + m_server.url("/v1/models") + " answered HTTP 404: Not Found"),
            std::string::npos)
      << listed.error();
}

TEST_F(ModelList, AReplyThatIsNoListIsAUsageErrorAndNeverShowsTheKey) {
  m_server.pushGet(Scripted{200, std::string(R"({"echo":")") + kKey + R"("})", {}, {}});
  const auto listed = listModels(*m_http, request());
  ASSERT_FALSE(listed.ok());
  EXPECT_EQ(listed.errorKind(), ErrorKind::Invalid);
  EXPECT_NE(listed.error().find("answered with no list of models"), std::string::npos) << listed.error();
  EXPECT_EQ(listed.error().find(kKey), std::string::npos) << listed.error();
}

TEST_F(ModelList, A5xxOrNoServerIsUnreachable) {
  m_server.pushGet(Scripted{503, R"({"error":{"message":"loading"}})", {}, {}});
  const auto busy = listModels(*m_http, request());
  ASSERT_FALSE(busy.ok());
  EXPECT_EQ(busy.errorKind(), ErrorKind::Unreachable);
  EXPECT_NE(busy.error().find("HTTP 503: loading"), std::string::npos) << busy.error();

  ModelListRequest nobody = request();
  nobody.baseUrl = "http://127.0.0.1:9/v1";
  const auto refused = listModels(*m_http, nobody);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.errorKind(), ErrorKind::Unreachable);
}

TEST_F(ModelList, AnEmptyListIsAnEmptySuccess) {
  m_server.pushGet(Scripted{200, R"({"object":"list","data":[]})", {}, {}});
  const auto listed = listModels(*m_http, request());
  ASSERT_TRUE(listed.ok()) << listed.error();
  EXPECT_TRUE(listed->empty());
}

}  // namespace
}  // namespace tengen::sources
