// The attempt JSON written by attempt_json.h and read back by parseAttempt, as the Qt client's game record, the
// workbench's dataset and its run comparison read it.
#include "tengen/ai/attempt_json.h"

#include <gtest/gtest.h>

#include "tengen/json/json.h"
#include "tengen/json/parse.h"

namespace tengen::ai {
namespace {

using json::JsonValue;

// The JSON text as another program would receive it, parsed again: the reader sees what was written, not the
// writer's in-memory value.
JsonValue throughText(const JsonValue& json) {
  const Result<JsonValue> parsed = json::parseJson(json::toJson(json));
  EXPECT_TRUE(parsed) << parsed.error();
  return parsed ? *parsed : JsonValue(nullptr);
}

Attempt rejectedModelAttempt() {
  Attempt a;
  a.n = 2;
  a.answer = "I play D4.";
  a.move = "D4";
  a.reason = RejectReason::Occupied;
  a.latencyMs = 812;
  a.prompt = "You are Black.\nThe board:\n...";
  a.system = "You are Black.";
  a.imageSha256 = "ab12";
  a.httpStatus = 200;
  a.tokens = TokenUsage{1234, 7};
  return a;
}

TEST(AttemptJsonTest, LoggedAttemptReadsBackFieldForField) {
  const Attempt written = rejectedModelAttempt();
  const std::optional<Attempt> read = parseAttempt(throughText(loggedAttemptJson(written)));
  ASSERT_TRUE(read);
  EXPECT_EQ(read->n, 2);
  EXPECT_EQ(read->answer, "I play D4.");
  EXPECT_EQ(read->move, std::optional<std::string>("D4"));
  EXPECT_EQ(read->reason, RejectReason::Occupied);
  EXPECT_FALSE(read->accepted());
  EXPECT_EQ(read->latencyMs, 812);
  EXPECT_EQ(read->prompt, written.prompt);
  EXPECT_EQ(read->system, "You are Black.");
  EXPECT_EQ(read->imageSha256, "ab12");
  EXPECT_EQ(read->httpStatus, 200);
  ASSERT_TRUE(read->tokens);
  EXPECT_EQ(read->tokens->prompt, 1234);
  EXPECT_EQ(read->tokens->completion, 7);
}

TEST(AttemptJsonTest, ShortFormLeavesTheLoggedFieldsEmpty) {
  Attempt written;
  written.n = 1;
  written.answer = "pass";
  written.move = "pass";
  const std::optional<Attempt> read = parseAttempt(throughText(attemptJson(written)));
  ASSERT_TRUE(read);
  EXPECT_TRUE(read->accepted());
  EXPECT_EQ(read->move, std::optional<std::string>("pass"));
  EXPECT_TRUE(read->prompt.empty());
  EXPECT_TRUE(read->system.empty());
  EXPECT_EQ(read->httpStatus, 0);
  EXPECT_FALSE(read->tokens);
}

// A cut answer carries its whole length and hash, right after the excerpt; a whole one carries neither, so records
// of ordinary answers read as they always did.
TEST(AttemptJsonTest, ACutAnswerReadsBackAsCutAndAWholeOneAsWhole) {
  Attempt written = rejectedModelAttempt();
  written.cut = AnswerCut{3800004, "29bc662e"};
  const std::string text = json::toJson(loggedAttemptJson(written));
  EXPECT_NE(text.find(R"("answer":"I play D4.","answer_bytes":3800004,"answer_sha256":"29bc662e","move")"),
            std::string::npos)
      << text;
  const std::optional<Attempt> read = parseAttempt(throughText(loggedAttemptJson(written)));
  ASSERT_TRUE(read);
  EXPECT_EQ(read->answer, "I play D4.");
  ASSERT_TRUE(read->cut);
  EXPECT_EQ(read->cut->bytes, 3800004U);
  EXPECT_EQ(read->cut->sha256, "29bc662e");

  const std::string whole = json::toJson(attemptJson(rejectedModelAttempt()));
  EXPECT_EQ(whole.find("answer_"), std::string::npos) << whole;
  EXPECT_FALSE(parseAttempt(throughText(attemptJson(rejectedModelAttempt())))->cut);
}

TEST(AttemptJsonTest, AnAnswerNamingNoPointKeepsNoMove) {
  Attempt written;
  written.n = 3;
  written.answer = "I resign myself to thinking";
  written.reason = RejectReason::Unparseable;
  const std::optional<Attempt> read = parseAttempt(throughText(attemptJson(written)));
  ASSERT_TRUE(read);
  EXPECT_FALSE(read->move);
  EXPECT_EQ(read->reason, RejectReason::Unparseable);
  EXPECT_EQ(read->answer, written.answer);
}

TEST(AttemptJsonTest, EveryRejectionReasonSurvivesTheRoundTrip) {
  for (const RejectReason reason : {RejectReason::GameOver, RejectReason::WrongColor, RejectReason::OutOfBounds,
                                    RejectReason::Occupied, RejectReason::Suicide, RejectReason::Ko,
                                    RejectReason::Superko, RejectReason::Unparseable, RejectReason::Repeated}) {
    Attempt written;
    written.n = 1;
    written.reason = reason;
    const std::optional<Attempt> read = parseAttempt(throughText(attemptJson(written)));
    ASSERT_TRUE(read) << reasonCode(reason);
    EXPECT_EQ(read->reason, reason) << reasonCode(reason);
  }
}

TEST(AttemptJsonTest, RefusesWhatItCannotRead) {
  const auto parse = [](const char* text) {
    const Result<JsonValue> json = json::parseJson(text);
    EXPECT_TRUE(json) << text;
    return json ? parseAttempt(*json) : std::nullopt;
  };
  EXPECT_FALSE(parse(R"({"verdict":"accepted"})")) << "no n";
  EXPECT_FALSE(parse(R"({"n":"1","verdict":"accepted"})")) << "n not a number";
  EXPECT_FALSE(parse(R"({"n":1})")) << "no verdict";
  EXPECT_FALSE(parse(R"({"n":1,"verdict":"maybe"})")) << "an unknown verdict";
  EXPECT_FALSE(parse(R"({"n":1,"verdict":"rejected"})")) << "rejected without a reason";
  EXPECT_FALSE(parse(R"({"n":1,"verdict":"rejected","reason":"bad_vibes"})")) << "an unknown reason";
  EXPECT_FALSE(parse(R"([1,2])")) << "not an object";
  EXPECT_TRUE(parse(R"({"n":1,"verdict":"rejected","reason":"suicide"})"));
}

}  // namespace
}  // namespace tengen::ai
