// The error log of docs/error-log.md: one JSON line per call with the fields it lists, whole lines under concurrent
// appends, valid JSON whatever the answers hold, and no API key ever written.
#include "tengen/ai/error_log.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "tengen/ai/referee.h"
#include "tengen/core/game.h"
#include "tengen/core/sha256.h"

namespace tengen::ai {
namespace {

using nlohmann::json;

class ErrorLogTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    m_path = ::testing::TempDir() + "tengen_error_log_" + info->name() + ".jsonl";
    std::remove(m_path.c_str());
  }
  void TearDown() override { std::remove(m_path.c_str()); }

  std::vector<std::string> lines() const {
    std::ifstream in(m_path);
    std::vector<std::string> out;
    std::string line;
    while (std::getline(in, line)) out.push_back(line);
    return out;
  }
  std::string contents() const {
    std::ifstream in(m_path);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
  }

  std::string m_path;
};

Game sampleGame() {
  Game game;
  EXPECT_EQ(game.play(Move::play(Color::Black, {3, 15})), RejectReason::None);  // Q16
  EXPECT_EQ(game.play(Move::play(Color::White, {15, 3})), RejectReason::None);  // D4
  return game;
}

RefereeOutcome failedOutcome() {
  RefereeOutcome o;
  Attempt a1;
  a1.n = 1;
  a1.answer = "Q16";
  a1.move = "Q16";
  a1.read = readMove("Q16", 19);
  a1.reason = RejectReason::Occupied;
  a1.latencyMs = 640;
  a1.prompt = "You play black...";
  a1.imageSha256 = sha256Hex("png bytes");
  a1.httpStatus = 200;
  Attempt a2;
  a2.n = 2;
  a2.answer = "I would play the 3-3 point";
  a2.reason = RejectReason::Unparseable;
  a2.latencyMs = 12;
  o.attempts = {a1, a2};
  o.error = "no legal move in 2 attempts: #1 Q16 occupied, #2 unparseable \"I would play the 3-3 point\"";
  return o;
}

const ErrorContext kContext{"genmove", "openai:http://127.0.0.1:8000/v1", "lora_mix_qwen_r5", "gtp"};

TEST_F(ErrorLogTest, RecordHoldsEveryFieldOfTheErrorLogFormat) {
  const ErrorLog log(m_path, kContext);
  const Game game = sampleGame();
  const Result<std::string> id = log.append(game, Color::Black, failedOutcome());
  ASSERT_TRUE(id.ok()) << id.error();

  struct stat st {};
  ASSERT_EQ(::stat(m_path.c_str(), &st), 0);
  const mode_t mask = ::umask(0);
  ::umask(mask);
  EXPECT_EQ(st.st_mode & 0777, 0644u & ~mask);

  const std::vector<std::string> all = lines();
  ASSERT_EQ(all.size(), 1u);
  const json r = json::parse(all[0]);
  EXPECT_EQ(r["id"], *id);
  // id: UTC yyyymmddThhmmssZ, a dash and 12 hex digits.
  ASSERT_EQ(id->size(), 16u + 1 + 12);
  EXPECT_EQ((*id)[8], 'T');
  EXPECT_EQ((*id)[15], 'Z');
  EXPECT_EQ((*id)[16], '-');
  const std::string time = r["time"];
  EXPECT_EQ(time.substr(0, 4), id->substr(0, 4));
  EXPECT_EQ(time[10], 'T');
  EXPECT_EQ(time.back(), 'Z');
  EXPECT_EQ(r["source"], "genmove");
  EXPECT_EQ(r["engine"], "openai:http://127.0.0.1:8000/v1");
  EXPECT_EQ(r["model"], "lora_mix_qwen_r5");
  EXPECT_EQ(r["size"], 19);
  EXPECT_EQ(r["komi"], 7.5);
  EXPECT_EQ(r["rules"], "chinese");
  EXPECT_EQ(r["color"], "B");
  EXPECT_EQ(r["move_number"], 3);
  const std::string sgf = r["sgf"];
  EXPECT_NE(sgf.find(";B[pd]"), std::string::npos) << sgf;
  EXPECT_NE(sgf.find(";W[dp]"), std::string::npos) << sgf;
  ASSERT_TRUE(r["board"].is_array());
  ASSERT_EQ(r["board"].size(), 21u);
  EXPECT_EQ(r["board"][4], "16 . . . + . . . . . + . . . . . X . . . 16");
  ASSERT_EQ(r["attempts"].size(), 2u);
  const json& a1 = r["attempts"][0];
  EXPECT_EQ(a1["n"], 1);
  EXPECT_EQ(a1["answer"], "Q16");
  EXPECT_EQ(a1["move"], "Q16");
  EXPECT_EQ(a1["verdict"], "rejected");
  EXPECT_EQ(a1["reason"], "occupied");
  EXPECT_EQ(a1["latency_ms"], 640);
  EXPECT_EQ(a1["prompt"], "You play black...");
  EXPECT_EQ(a1["image_sha256"], sha256Hex("png bytes"));
  EXPECT_EQ(a1["http_status"], 200);
  const json& a2 = r["attempts"][1];
  EXPECT_TRUE(a2["move"].is_null());
  EXPECT_TRUE(a2["image_sha256"].is_null());
  EXPECT_TRUE(a2["http_status"].is_null());
  EXPECT_EQ(a2["reason"], "unparseable");
  EXPECT_EQ(r["error"], failedOutcome().error);

  // The id's hash is that of the line without the id.
  EXPECT_EQ(id->substr(17), sha256Hex(R"({"time")" + all[0].substr(all[0].find(R"(,"time")") + 7)).substr(0, 12));
}

TEST_F(ErrorLogTest, AcceptedAttemptHasNullReason) {
  const ErrorLog log(m_path, {"play", "random", "", ""});
  RefereeOutcome o;
  Attempt a;
  a.n = 1;
  a.answer = "D4";
  a.move = "D4";
  a.read = readMove("D4", 19);
  o.attempts = {a};
  o.move = Move::play(Color::Black, {15, 3});
  ASSERT_TRUE(log.append(Game(), Color::Black, o).ok());
  const json r = json::parse(lines().at(0));
  EXPECT_EQ(r["attempts"][0]["verdict"], "accepted");
  EXPECT_TRUE(r["attempts"][0]["reason"].is_null());
  EXPECT_TRUE(r["model"].is_null());
}

TEST_F(ErrorLogTest, AppendsOneLinePerCall) {
  const ErrorLog log(m_path, kContext);
  const Game game = sampleGame();
  std::set<std::string> ids;
  for (int i = 0; i < 3; ++i) {
    RefereeOutcome o = failedOutcome();
    o.error += std::to_string(i);
    const Result<std::string> id = log.append(game, Color::Black, o);
    ASSERT_TRUE(id.ok());
    ids.insert(*id);
  }
  EXPECT_EQ(ids.size(), 3u);
  const std::vector<std::string> all = lines();
  ASSERT_EQ(all.size(), 3u);
  for (const std::string& line : all) EXPECT_TRUE(json::accept(line)) << line;
  EXPECT_EQ(contents().back(), '\n');
}

TEST_F(ErrorLogTest, ConcurrentAppendsGiveWholeLines) {
  const ErrorLog log(m_path, kContext);
  const Game game = sampleGame();
  constexpr int kThreads = 4;
  constexpr int kEach = 25;
  std::vector<std::thread> threads;
  threads.reserve(kThreads);
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      RefereeOutcome o = failedOutcome();
      // A long prompt makes each line tens of kilobytes, so torn writes would show.
      o.attempts[0].prompt = std::string(40'000, static_cast<char>('a' + t));
      for (int i = 0; i < kEach; ++i) EXPECT_TRUE(log.append(game, Color::Black, o).ok());
    });
  }
  for (std::thread& t : threads) t.join();
  const std::vector<std::string> all = lines();
  ASSERT_EQ(all.size(), static_cast<std::size_t>(kThreads * kEach));
  for (const std::string& line : all) {
    const json r = json::parse(line);
    const std::string prompt = r["attempts"][0]["prompt"];
    EXPECT_EQ(prompt.size(), 40'000u);
    EXPECT_EQ(prompt.find_first_not_of(prompt[0]), std::string::npos);
  }
}

TEST_F(ErrorLogTest, AnswersWithQuotesNewlinesAndInvalidUtf8StayValidJson) {
  const ErrorLog log(m_path, kContext);
  RefereeOutcome o = failedOutcome();
  o.attempts[0].answer = "He said \"Q16\"\nthen\r\n\t\\ \x01 and \xff\xfe bad \xc3";
  o.attempts[1].prompt = std::string("nul \0 inside", 12);
  o.error = "quote \" newline \n";
  ASSERT_TRUE(log.append(sampleGame(), Color::White, o).ok());
  const std::vector<std::string> all = lines();
  ASSERT_EQ(all.size(), 1u);
  const json r = json::parse(all[0]);
  const std::string answer = r["attempts"][0]["answer"];
  EXPECT_EQ(answer.substr(0, 17), "He said \"Q16\"\nthe");
  EXPECT_EQ(r["error"], "quote \" newline \n");
  EXPECT_EQ(r["color"], "W");
}

TEST_F(ErrorLogTest, ApiKeyInTheEnvironmentNeverAppears) {
  const std::string key = "sk-test-DO-NOT-LOG-0123456789abcdef";
  ::setenv("OPENAI_API_KEY", key.c_str(), 1);
  ::setenv("TENGEN_TOKEN", key.c_str(), 1);
  const ErrorLog log(m_path, kContext);
  ASSERT_TRUE(log.append(sampleGame(), Color::Black, failedOutcome()).ok());
  ::unsetenv("OPENAI_API_KEY");
  ::unsetenv("TENGEN_TOKEN");
  const std::string text = contents();
  EXPECT_FALSE(text.empty());
  EXPECT_EQ(text.find(key), std::string::npos);
  EXPECT_EQ(text.find("Authorization"), std::string::npos);
  EXPECT_EQ(text.find("Bearer"), std::string::npos);
}

TEST_F(ErrorLogTest, UnwritablePathIsAnErrorValue) {
  const ErrorLog log("/nonexistent-dir-for-tengen/log.jsonl", kContext);
  const Result<std::string> id = log.append(sampleGame(), Color::Black, failedOutcome());
  ASSERT_FALSE(id.ok());
  EXPECT_NE(id.error().find("/nonexistent-dir-for-tengen/log.jsonl"), std::string::npos) << id.error();
}

}  // namespace
}  // namespace tengen::ai
