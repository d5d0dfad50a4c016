// The openai: source end to end against a real HTTP server: tengen-fake-model-server (apps/fake_model_server/) runs as
// a child process and answers from a script, recording every request. Driven through makeSource + requestMove, and
// through the `tengen genmove` and `tengen gtp` binaries: every rejection reason then a legal answer, what the retry
// request says, exhaustion and its error-log record, answers in every shape, transport failures (5xx, 429, timeouts,
// malformed, oversized or too deeply nested bodies), the board image, structured output, and the API key never leaking.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "tengen/ai/error_log.h"
#include "tengen/ai/move_source.h"
#include "tengen/ai/referee.h"
#include "tengen/core/coords.h"
#include "tengen/core/game.h"
#include "tengen/core/sha256.h"
#include "tengen/session/ai_turn_record.h"
#include "tengen/sgf/sgf.h"
#include "tengen/sources/chat.h"
#include "tengen/sources/make_source.h"

#include "support/fake_model.h"
#include "support/game_from.h"
#include "support/temp_dir.h"

namespace tengen::sources {
namespace {

using ai::Attempt;
using ai::ErrorLog;
using ai::MoveEnd;
using ai::MoveSource;
using ai::RefereeOptions;
using ai::RefereeOutcome;
using ai::requestMove;

namespace fs = std::filesystem;
using nlohmann::json;

using test_support::FakeServer;
using test_support::readFile;
using test_support::writeFile;

// A fresh directory per test for what it writes, removed afterwards.
struct TempDir : test_support::TempDir {
  TempDir() : test_support::TempDir("tengen-model-e2e") {}
};

std::string content(const std::string& text) { return json{{"content", text}}.dump(); }

// The user text of a recorded chat request.
std::string userText(const json& body) {
  for (const json& message : body["messages"]) {
    if (message["role"] != "user") continue;
    if (message["content"].is_string()) return message["content"];
    for (const json& part : message["content"]) {
      if (part["type"] == "text") return part["text"];
    }
  }
  return "";
}

// The data URL of the image part, or "".
std::string imageUrl(const json& body) {
  for (const json& message : body["messages"]) {
    if (message["role"] != "user" || !message["content"].is_array()) continue;
    for (const json& part : message["content"]) {
      if (part["type"] == "image_url") return part["image_url"]["url"];
    }
  }
  return "";
}

std::string decodeBase64(const std::string& text) {
  std::string out;
  int bits = 0;
  unsigned value = 0;
  for (const char ch : text) {
    int v = -1;
    if (ch >= 'A' && ch <= 'Z') v = ch - 'A';
    if (ch >= 'a' && ch <= 'z') v = ch - 'a' + 26;
    if (ch >= '0' && ch <= '9') v = ch - '0' + 52;
    if (ch == '+') v = 62;
    if (ch == '/') v = 63;
    if (v < 0) continue;
    value = (value << 6) | static_cast<unsigned>(v);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += static_cast<char>((value >> bits) & 0xFF);
    }
  }
  return out;
}

using test_support::gameFrom;

std::unique_ptr<MoveSource> makeModel(const FakeServer& server, SourceOptions options = {}) {
  options.model.model = "lora_mix_qwen_r5";
  Result<std::unique_ptr<MoveSource>> made = makeSource(server.spec(), options);
  EXPECT_TRUE(made.ok()) << made.error();
  return made ? std::move(made).value() : nullptr;
}

// AddressSanitizer's shadow memory and quarantine multiply what a process holds: peaks are asserted only without it.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kPeaksAsserted = false;
#else
constexpr bool kPeaksAsserted = true;
#endif

struct CommandRun {
  int exitCode = -1;
  std::string out;
  std::string err;
  double seconds = 0;
  long peakKib = 0;  // the most memory the command held at once (its VmHWM)
};

// Runs `tengen ARGS` through the shell in dir with extra environment assignments, stdin from a file.
CommandRun runTengen(const fs::path& dir, const std::string& args, const std::string& env = "",
                     const std::string& input = "") {
  writeFile(dir / "stdin.txt", input);
  const std::string command =
      "cd '" + dir.string() + "' && " + env + " '" + TENGEN_CLI + "' " + args + " <stdin.txt >stdout.txt 2>stderr.txt";
  const auto start = std::chrono::steady_clock::now();
  // wait4 rather than std::system: its usage of the shell includes the peak of the tengen it waited for.
  const pid_t pid = fork();
  if (pid == 0) {
    execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  int status = 0;
  rusage usage{};
  if (pid < 0 || wait4(pid, &status, 0, &usage) != pid) status = -1;
  CommandRun run;
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  run.peakKib = usage.ru_maxrss;
  run.exitCode = status != -1 && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  run.out = readFile(dir / "stdout.txt");
  run.err = readFile(dir / "stderr.txt");
  return run;
}

// `tengen genmove OPTIONS` for White's answer to Black's E5 on 9x9, asked of the scripted server, in dir.
CommandRun genmoveAfterE5(const fs::path& dir, const FakeServer& server, const std::string& options,
                          const std::string& env = "") {
  writeFile(dir / "game.sgf", "(;GM[1]FF[4]SZ[9];B[ee])");
  return runTengen(dir, "genmove --sgf game.sgf --engine " + server.spec() + " " + options, env);
}

std::vector<json> logRecords(const fs::path& path) {
  std::vector<json> out;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) out.push_back(json::parse(line, nullptr, false));
  return out;
}

struct ReasonCase {
  const char* name;
  int size;
  Rules rules;
  std::vector<std::string> moves;
  std::vector<std::string> answers;  // the last is legal
  std::string code;                  // of the last rejection
  std::string vertex;                // named in the retry request
  std::string words;
};

class ModelRejectThenAccept : public ::testing::TestWithParam<ReasonCase> {};

TEST_P(ModelRejectThenAccept, TheRetryRequestNamesThePointAndTheReasonsWords) {
  const ReasonCase& c = GetParam();
  std::vector<std::string> script;
  for (const std::string& a : c.answers) script.push_back(content(a));
  FakeServer server(script);
  const Game game = gameFrom(c.size, c.rules, c.moves);
  const std::unique_ptr<MoveSource> source = makeModel(server);
  ASSERT_TRUE(source);
  const RefereeOutcome out = requestMove(*source, game, game.toMove(), RefereeOptions(ErrorLog::none()));

  ASSERT_TRUE(out.move.has_value()) << out.error;
  ASSERT_EQ(out.attempts.size(), c.answers.size());
  const Attempt& rejected = out.attempts[c.answers.size() - 2];
  EXPECT_EQ(reasonCode(rejected.reason), c.code);
  EXPECT_FALSE(rejected.accepted());
  EXPECT_EQ(rejected.httpStatus, 200);
  EXPECT_EQ(rejected.imageSha256.size(), 64U);
  EXPECT_NE(rejected.prompt.find("Go"), std::string::npos);
  EXPECT_TRUE(out.attempts.back().accepted());

  const std::vector<json> bodies = server.bodies();
  ASSERT_EQ(bodies.size(), c.answers.size());
  EXPECT_EQ(userText(bodies[0]).find("were rejected"), std::string::npos);
  const std::string retry = userText(bodies.back());
  EXPECT_NE(retry.find("Your earlier answers were rejected"), std::string::npos) << retry;
  const std::string named = c.vertex.empty() ? "(unreadable answer)" : c.vertex + " (" + c.words + ")";
  EXPECT_NE(retry.find(named), std::string::npos) << retry;
  EXPECT_EQ(bodies[0]["model"], "lora_mix_qwen_r5");
}

INSTANTIATE_TEST_SUITE_P(
    EveryReason, ModelRejectThenAccept,
    ::testing::Values(
        ReasonCase{"occupied",
                   5,
                   Rules::Chinese,
                   {"C3", "D4"},
                   {"I'll take C3.", "B2"},
                   "occupied",
                   "C3",
                   "stone already there"},
        ReasonCase{"suicide", 5, Rules::Chinese, {"E5", "A2", "E4", "B1"}, {"a1", "pass"}, "suicide", "A1", "suicide"},
        ReasonCase{"ko",
                   5,
                   Rules::Japanese,
                   {"B3", "C3", "A2", "D2", "B1", "C1", "E5", "B2", "C2"},
                   {"{\"move\": \"B2\"}", "pass"},
                   "ko",
                   "B2",
                   "ko: immediate recapture is forbidden"},
        ReasonCase{"superko",
                   4,
                   Rules::Chinese,
                   {"C4", "A1", "A3", "B2", "B4", "B3", "A2", "A4"},
                   {"A3", "pass"},
                   "superko",
                   "A3",
                   "ko repetition: recreates an earlier position"},
        ReasonCase{"out_of_bounds", 5, Rules::Chinese, {}, {"F6", "C3"}, "out_of_bounds", "F6", "outside the board"},
        ReasonCase{"unparseable", 5, Rules::Chinese, {}, {"I am not sure.", "C3"}, "unparseable", "", ""},
        ReasonCase{"repeated",
                   5,
                   Rules::Chinese,
                   {"C3"},
                   {"C3", "Final answer: C3", "B2"},
                   "repeated",
                   "C3",
                   "stone already there"}),  // a repeat keeps the point's first reason in the retry
    [](const ::testing::TestParamInfo<ReasonCase>& param) { return std::string(param.param.name); });

TEST(ModelSource, ReadsAnswersInEveryShape) {
  FakeServer server({content("I think the best move here is D4, securing the corner."), content("{\"move\": \"C7\"}"),
                     content("(4, 3)"), content("e3"), content("pass"), content("Resign")});
  const Game game = gameFrom(9, Rules::Chinese, {"E5"});
  const std::unique_ptr<MoveSource> source = makeModel(server);
  ASSERT_TRUE(source);
  RefereeOptions once(ErrorLog::none());
  once.maxRetries = 0;
  const std::vector<Move> expected = {Move::play(Color::White, {5, 3}), Move::play(Color::White, {2, 2}),
                                      Move::play(Color::White, {4, 3}), Move::play(Color::White, {6, 4}),
                                      Move::pass(Color::White),         Move::resign(Color::White)};
  for (const Move& want : expected) {
    const RefereeOutcome out = requestMove(*source, game, Color::White, once);
    ASSERT_TRUE(out.move.has_value()) << out.error;
    EXPECT_EQ(*out.move, want) << out.attempts[0].answer;
  }
}

TEST(ModelSource, WithNoModelNamedItAsksTheServerOnceAndUsesItsOnlyModel) {
  FakeServer server({content("D4")}, "round5");
  const Result<std::unique_ptr<MoveSource>> made = makeSource(server.spec(), {});
  ASSERT_TRUE(made.ok()) << made.error();
  const Game game = gameFrom(9, Rules::Chinese, {});
  RefereeOptions once(ErrorLog::none());
  once.maxRetries = 0;
  for (int i = 0; i < 2; ++i) ASSERT_TRUE(requestMove(**made, game, Color::Black, once).move.has_value());
  const std::vector<json> bodies = server.bodies();
  ASSERT_EQ(bodies.size(), 2U);
  EXPECT_EQ(bodies[0]["model"], "round5");
  EXPECT_EQ(bodies[1]["model"], "round5");
}

TEST(ModelSource, TriesAgainAfterA500) {
  FakeServer server({R"({"status": 500, "body": "{\"error\": \"overloaded\"}"})", content("D4")});
  const Game game = gameFrom(9, Rules::Chinese, {});
  const std::unique_ptr<MoveSource> source = makeModel(server);
  ASSERT_TRUE(source);
  const RefereeOutcome out = requestMove(*source, game, Color::Black, RefereeOptions(ErrorLog::none()));
  ASSERT_TRUE(out.move.has_value()) << out.error;
  EXPECT_EQ(out.attempts.size(), 1U);  // a transport retry is not a referee attempt
  EXPECT_EQ(server.bodies().size(), 2U);
}

TEST(ModelSource, WaitsForRetryAfterOn429) {
  FakeServer server({R"({"status": 429, "body": "{}", "headers": {"Retry-After": "1"}})", content("D4")});
  const Game game = gameFrom(9, Rules::Chinese, {});
  const std::unique_ptr<MoveSource> source = makeModel(server);
  ASSERT_TRUE(source);
  const auto start = std::chrono::steady_clock::now();
  const RefereeOutcome out = requestMove(*source, game, Color::Black, RefereeOptions(ErrorLog::none()));
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_TRUE(out.move.has_value()) << out.error;
  EXPECT_GE(seconds, 0.9);
  EXPECT_EQ(server.bodies().size(), 2U);
}

TEST(ModelSource, ProtocolGarbageIsATransportFailure) {
  const Game game = gameFrom(9, Rules::Chinese, {});
  for (const std::string& reply :
       {std::string(R"({"raw": "{this is not json"})"), std::string(R"({"raw": "{\"choices\": []}"})"),
        std::string(R"({"raw_bytes": 10000000})")}) {
    FakeServer server({reply});
    const std::unique_ptr<MoveSource> source = makeModel(server);
    ASSERT_TRUE(source);
    const RefereeOutcome out = requestMove(*source, game, Color::Black, RefereeOptions(ErrorLog::none()));
    EXPECT_FALSE(out.move.has_value()) << reply;
    EXPECT_EQ(out.end, MoveEnd::Unreachable) << reply;
    EXPECT_TRUE(out.attempts.empty()) << reply;
    EXPECT_FALSE(out.error.empty()) << reply;
  }
}

TEST(ModelSource, SendsAValidPngOfTheBoardOrNoneWithNoImage) {
  FakeServer server({content("D4")});
  const Game game = gameFrom(9, Rules::Chinese, {"E5"});
  const std::unique_ptr<MoveSource> withImage = makeModel(server);
  ASSERT_TRUE(withImage);
  const RefereeOutcome out = requestMove(*withImage, game, Color::White, RefereeOptions(ErrorLog::none()));
  ASSERT_TRUE(out.move.has_value()) << out.error;
  SourceOptions noImage;
  noImage.model.image = false;
  const std::unique_ptr<MoveSource> without = makeModel(server, noImage);
  ASSERT_TRUE(without);
  const RefereeOutcome out2 = requestMove(*without, game, Color::White, RefereeOptions(ErrorLog::none()));
  ASSERT_TRUE(out2.move.has_value()) << out2.error;
  EXPECT_EQ(out2.attempts[0].imageSha256, "");

  const std::vector<json> bodies = server.bodies();
  ASSERT_EQ(bodies.size(), 2U);
  const std::string url = imageUrl(bodies[0]);
  const std::string prefix = "data:image/png;base64,";
  ASSERT_EQ(url.substr(0, prefix.size()), prefix);
  const std::string png = decodeBase64(url.substr(prefix.size()));
  ASSERT_GT(png.size(), 33U);
  EXPECT_EQ(png.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
  EXPECT_EQ(png.substr(12, 4), "IHDR");
  const auto be32 = [&png](std::size_t at) {
    return (static_cast<unsigned>(static_cast<unsigned char>(png[at])) << 24) |
           (static_cast<unsigned>(static_cast<unsigned char>(png[at + 1])) << 16) |
           (static_cast<unsigned>(static_cast<unsigned char>(png[at + 2])) << 8) |
           static_cast<unsigned>(static_cast<unsigned char>(png[at + 3]));
  };
  EXPECT_EQ(be32(16), 640U);
  EXPECT_EQ(be32(20), 640U);
  EXPECT_EQ(out.attempts[0].imageSha256, sha256Hex(png));
  EXPECT_EQ(imageUrl(bodies[1]), "");
}

TEST(ModelSource, AsksForStructuredOutput) {
  FakeServer server({content("D4")});
  const Game game = gameFrom(9, Rules::Chinese, {"E5"});
  SourceOptions regex;
  regex.model.constrain = sources::Constraint::Regex;
  regex.model.image = false;
  ASSERT_TRUE(requestMove(*makeModel(server, regex), game, Color::White, RefereeOptions(ErrorLog::none())).move);
  SourceOptions choice;
  choice.model.constrain = sources::Constraint::Choice;
  choice.model.constrainApi = sources::ConstraintApi::VllmGuided;
  choice.model.coords = sources::CoordFormat::RowCol;
  choice.model.image = false;
  ASSERT_TRUE(requestMove(*makeModel(server, choice), game, Color::White, RefereeOptions(ErrorLog::none())).move);
  const std::vector<json> bodies = server.bodies();
  ASSERT_EQ(bodies.size(), 2U);
  const std::string dump0 = bodies[0].dump();
  EXPECT_NE(dump0.find("structured_outputs"), std::string::npos) << dump0.substr(0, 2000);
  EXPECT_NE(dump0.find("[ABCDEFGHJ]"), std::string::npos);
  ASSERT_TRUE(bodies[1].contains("guided_choice")) << bodies[1].dump().substr(0, 500);
  const json& choices = bodies[1]["guided_choice"];
  EXPECT_EQ(choices.size(), 81U);  // 80 empty points and pass
  EXPECT_EQ(choices.back(), "pass");
  EXPECT_EQ(choices.front(), "(0, 0)");
}

TEST(ModelSource, TheRegexAcceptsExactlyThePointsOfTheBoard) {
  FakeServer server({content("D4")});
  const Game game = gameFrom(9, Rules::Chinese, {});
  for (const char* coords : {"gtp", "rowcol"}) {
    SourceOptions options;
    options.model.constrain = sources::Constraint::Regex;
    options.model.coords = *sources::parseCoordFormat(coords);
    options.model.image = false;
    ASSERT_TRUE(requestMove(*makeModel(server, options), game, Color::Black, RefereeOptions(ErrorLog::none())).move);
  }
  const std::vector<json> bodies = server.bodies();
  ASSERT_EQ(bodies.size(), 2U);
  const std::regex gtp(bodies[0]["structured_outputs"]["regex"].get<std::string>());
  for (const char* yes : {"D4", "A1", "J9", "pass"}) EXPECT_TRUE(std::regex_match(yes, gtp)) << yes;
  for (const char* no : {"I5", "J10", "A0", "K1", "d4", "D 4"}) EXPECT_FALSE(std::regex_match(no, gtp)) << no;
  const std::regex rowcol(bodies[1]["structured_outputs"]["regex"].get<std::string>());
  for (const char* yes : {"(0, 0)", "(8, 8)", "(3, 5)", "pass"}) EXPECT_TRUE(std::regex_match(yes, rowcol)) << yes;
  for (const char* no : {"(9, 0)", "(0,0)", "(10, 1)", "D4"}) EXPECT_FALSE(std::regex_match(no, rowcol)) << no;
}

TEST(ModelSource, ABadPromptTemplateFailsMakeSourceNamingFileAndLine) {
  TempDir dir;
  const fs::path path = dir.path() / "bad.txt";
  writeFile(path, "first line\nsecond {{nonsense}} line\n");
  SourceOptions options;
  options.model.promptTemplatePath = path.string();
  const Result<std::unique_ptr<MoveSource>> made = makeSource("openai:http://127.0.0.1:9/v1", options);
  ASSERT_FALSE(made.ok());
  EXPECT_NE(made.error().find(path.string()), std::string::npos) << made.error();
  EXPECT_NE(made.error().find('2'), std::string::npos) << made.error();
}

TEST(GenmoveCommand, PrintsTheMoveAndTheAttemptJson) {
  FakeServer server({content("D4 is occupied? no: E5"), content("I'll play c3")});
  TempDir dir;
  const CommandRun run = genmoveAfterE5(dir.path(), server, "--json");
  ASSERT_EQ(run.exitCode, 0) << run.err;
  const json out = json::parse(run.out);
  EXPECT_EQ(out["move"], "C3");
  EXPECT_EQ(out["color"], "W");
  ASSERT_EQ(out["attempts"].size(), 2U);
  EXPECT_EQ(out["attempts"][0]["verdict"], "rejected");
  EXPECT_EQ(out["attempts"][0]["reason"], "occupied");
  EXPECT_EQ(out["attempts"][0]["move"], "E5");
  EXPECT_EQ(out["attempts"][1]["verdict"], "accepted");
  EXPECT_TRUE(out["elapsed_ms"].is_number());
  EXPECT_FALSE(fs::exists(dir.path() / "tengen-errors.jsonl"));  // nothing failed, nothing logged
}

TEST(GenmoveCommand, ExhaustionExits3WithACompleteErrorLogRecordAndNoMove) {
  FakeServer server({content("E5")});
  TempDir dir;
  const std::string sgf = "(;GM[1]FF[4]SZ[9]KM[6.5]RU[Japanese];B[ee])";
  writeFile(dir.path() / "game.sgf", sgf);
  const CommandRun run = runTengen(dir.path(),
                                   "genmove --sgf game.sgf --engine " + server.spec() +
                                       " --model lora_mix_qwen_r5 --max-retries 2 --error-log errors.jsonl",
                                   "OPENAI_API_KEY=sk-test-SECRET");
  EXPECT_EQ(run.exitCode, 3) << run.err;
  EXPECT_EQ(run.out, "");
  EXPECT_EQ(readFile(dir.path() / "game.sgf"), sgf);
  EXPECT_EQ(server.bodies().size(), 3U);

  const std::vector<json> records = logRecords(dir.path() / "errors.jsonl");
  ASSERT_EQ(records.size(), 1U);
  const json& r = records[0];
  for (const char* field : {"id", "time", "source", "engine", "model", "size", "komi", "rules", "color", "move_number",
                            "sgf", "board", "attempts", "error"}) {
    EXPECT_TRUE(r.contains(field)) << field;
  }
  const std::string id = r["id"];
  EXPECT_NE(run.err.find("error log record " + id), std::string::npos) << run.err;
  EXPECT_EQ(r["source"], "genmove");
  EXPECT_EQ(r["engine"], server.spec());
  EXPECT_EQ(r["model"], "lora_mix_qwen_r5");
  EXPECT_EQ(r["size"], 9);
  EXPECT_EQ(r["komi"], 6.5);
  EXPECT_EQ(r["rules"], "japanese");
  EXPECT_EQ(r["color"], "W");
  EXPECT_EQ(r["move_number"], 2);
  EXPECT_NE(r["sgf"].get<std::string>().find("B[ee]"), std::string::npos);
  EXPECT_EQ(r["board"].size(), 11U);  // the 9 rows and the two letter lines
  ASSERT_EQ(r["attempts"].size(), 3U);
  const std::vector<std::string> reasons = {"occupied", "repeated", "repeated"};
  for (std::size_t i = 0; i < 3; ++i) {
    const json& a = r["attempts"][i];
    EXPECT_EQ(a["answer"], "E5");
    EXPECT_EQ(a["move"], "E5");
    EXPECT_EQ(a["verdict"], "rejected");
    EXPECT_EQ(a["reason"], reasons[i]);
    EXPECT_EQ(a["http_status"], 200);
    EXPECT_TRUE(a.contains("latency_ms"));
    EXPECT_EQ(a["image_sha256"].get<std::string>().size(), 64U);
    EXPECT_NE(a["prompt"].get<std::string>().find("9x9"), std::string::npos);
  }
  EXPECT_NE(r["error"].get<std::string>().find("no legal move in 3 attempts"), std::string::npos);

  // The key went to the server and nowhere else.
  for (const std::string& headers : server.headers()) {
    EXPECT_NE(headers.find("Authorization: Bearer sk-test-SECRET"), std::string::npos) << headers;
  }
  EXPECT_EQ(readFile(dir.path() / "errors.jsonl").find("sk-test-SECRET"), std::string::npos);
  EXPECT_EQ(run.out.find("sk-test-SECRET"), std::string::npos);
  EXPECT_EQ(run.err.find("sk-test-SECRET"), std::string::npos);
}

// Asked for (row, col), the model answers a point off the 9x9 board: the retry names it as the model wrote it, never
// as a vertex it did not write, and the attempt JSON and the error log keep the answer with no board vertex.
TEST(GenmoveCommand, AnOffBoardRowColAnswerIsNamedAsWrittenInTheRetryTheJsonAndTheLog) {
  FakeServer server({content("(3, 12)"), content("I said (3, 12)"), content("(2, 2)")});
  TempDir dir;
  const CommandRun run =
      genmoveAfterE5(dir.path(), server, "--coords rowcol --json --log-attempts --error-log e.jsonl");
  ASSERT_EQ(run.exitCode, 0) << run.err;
  const json out = json::parse(run.out);
  EXPECT_EQ(out["move"], "C7");
  ASSERT_EQ(out["attempts"].size(), 3U);
  EXPECT_EQ(out["attempts"][0]["answer"], "(3, 12)");
  EXPECT_TRUE(out["attempts"][0]["move"].is_null());
  EXPECT_EQ(out["attempts"][0]["reason"], "out_of_bounds");
  EXPECT_EQ(out["attempts"][1]["answer"], "I said (3, 12)");
  EXPECT_TRUE(out["attempts"][1]["move"].is_null());
  EXPECT_EQ(out["attempts"][1]["reason"], "repeated");
  EXPECT_EQ(out["attempts"][2]["move"], "C7");

  const std::vector<json> bodies = server.bodies();
  ASSERT_EQ(bodies.size(), 3U);
  for (std::size_t i = 1; i < bodies.size(); ++i) {
    const std::string retry = userText(bodies[i]);
    EXPECT_NE(retry.find("Your earlier answers were rejected: (3, 12) (outside the board). Answer with a different "
                         "point."),
              std::string::npos)
        << retry;
    EXPECT_EQ(retry.find("N6"), std::string::npos) << retry;
  }

  const std::vector<json> records = logRecords(dir.path() / "e.jsonl");
  ASSERT_EQ(records.size(), 1U);
  const json& attempts = records[0]["attempts"];
  ASSERT_EQ(attempts.size(), 3U);
  EXPECT_EQ(attempts[0]["answer"], "(3, 12)");
  EXPECT_TRUE(attempts[0]["move"].is_null());
  EXPECT_EQ(attempts[0]["reason"], "out_of_bounds");
  EXPECT_NE(attempts[1]["prompt"].get<std::string>().find("(3, 12) (outside the board)"), std::string::npos);
  EXPECT_EQ(attempts[2]["verdict"], "accepted");
}

// Plain genmove prints the move alone on stdout; each answer the referee refused on the way is a line on stderr, in
// the form every command uses, the answer's own text where it named no point.
TEST(GenmoveCommand, RefusedAttemptsAreToldOnStderrAndStdoutIsTheMoveAlone) {
  FakeServer server({content("E5"), content("no idea"), content("C3")});
  TempDir dir;
  const CommandRun run = genmoveAfterE5(dir.path(), server, "");
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_EQ(run.out, "C3\n");
  EXPECT_NE(run.err.find("tengen genmove: attempt 1: E5 rejected (stone already there)\n"), std::string::npos)
      << run.err;
  EXPECT_NE(run.err.find("tengen genmove: attempt 2: \"no idea\" rejected (no coordinate could be read from the "
                         "answer)\n"),
            std::string::npos)
      << run.err;
  EXPECT_EQ(run.err.find("attempt 3"), std::string::npos) << run.err;
}

TEST(GenmoveCommand, LogAttemptsLogsAcceptedMovesWithoutTheKey) {
  FakeServer server({content("C3")});
  TempDir dir;
  const CommandRun run =
      genmoveAfterE5(dir.path(), server, "--log-attempts --error-log e.jsonl", "OPENAI_API_KEY=sk-test-SECRET");
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_EQ(run.out, "C3\n");
  const std::vector<json> records = logRecords(dir.path() / "e.jsonl");
  ASSERT_EQ(records.size(), 1U);
  EXPECT_EQ(records[0]["attempts"][0]["verdict"], "accepted");
  EXPECT_EQ(readFile(dir.path() / "e.jsonl").find("sk-test-SECRET"), std::string::npos);
}

TEST(GenmoveCommand, ATimeoutExits4Fast) {
  FakeServer server({R"({"delay": 30, "content": "D4"})"});
  TempDir dir;
  writeFile(dir.path() / "game.sgf", "(;GM[1]FF[4]SZ[9])");
  const CommandRun run = runTengen(dir.path(), "genmove --sgf game.sgf --engine " + server.spec() + " --timeout 1");
  EXPECT_EQ(run.exitCode, 4) << run.err;
  EXPECT_LT(run.seconds, 15.0);
  EXPECT_NE(run.err.find("error log record"), std::string::npos) << run.err;
}

// A model server whose reply is nested 100,000 levels deep (200 KB) once killed `tengen genmove` with SIGSEGV and
// nothing on stderr. Whatever the status, it is a model that failed: exit 4, the reason said, the record logged.
TEST(GenmoveCommand, AReplyNestedTooDeeplyExits4WithTheReasonAndItsErrorLogRecord) {
  for (const std::string& step :
       {std::string(R"({"status": 400, "nested": 100000})"), std::string(R"({"status": 200, "nested": 100000})"),
        std::string(R"({"status": 500, "nested": 100000, "under": "detail"})")}) {
    FakeServer server({step});
    TempDir dir;
    writeFile(dir.path() / "game.sgf", "(;GM[1]FF[4]SZ[9])");
    const CommandRun run =
        runTengen(dir.path(), "genmove --sgf game.sgf --engine " + server.spec() + " --json --error-log e.jsonl");
    EXPECT_EQ(run.exitCode, 4) << step << ": " << run.err;
    EXPECT_NE(run.err.find("the reply is nested deeper than 32 levels"), std::string::npos) << step << ": " << run.err;
    const json out = json::parse(run.out, nullptr, false);
    EXPECT_EQ(out["error"], "model_unavailable") << step << ": " << run.out;
    const std::vector<json> records = logRecords(dir.path() / "e.jsonl");
    ASSERT_EQ(records.size(), 1U) << step;
    EXPECT_EQ(records[0]["id"], out["log_id"]) << step;
    EXPECT_EQ(records[0]["source"], "genmove");
    EXPECT_NE(records[0]["error"].get<std::string>().find("the reply is nested deeper than 32 levels"),
              std::string::npos)
        << step << ": " << records[0]["error"];
  }
}

// A model that ignores max_tokens: megabytes of "é " and then its move. The script line, and the answer whole.
std::string paddedStep(const std::string& move, std::size_t bytes = 3800000) {
  return json{{"pad", "é "}, {"pad_bytes", bytes}, {"content", " " + move}}.dump();
}
std::string paddedAnswer(const std::string& move, std::size_t bytes = 3800000) {
  std::string text;
  while (text.size() < bytes) text += "é ";
  return text + " " + move;
}

// Each attempt keeps the first 4 KiB of its answer (4095 bytes: the 4096th is inside an "é"), with the whole
// answer's length and SHA-256 beside it; the move is read from the whole answer, past the excerpt.
void expectCutAnswers(const json& attempts, const std::vector<std::string>& whole) {
  ASSERT_EQ(attempts.size(), whole.size()) << attempts;
  for (std::size_t i = 0; i < whole.size(); ++i) {
    const json& a = attempts[i];
    // Compared by size first and then as a bool: a failure must not print megabytes.
    const std::string answer = a.value("answer", "");
    EXPECT_EQ(answer.size(), 4095U) << i;
    EXPECT_TRUE(answer == whole[i].substr(0, 4095)) << i;
    EXPECT_EQ(a.value("answer_bytes", json()), whole[i].size()) << i;
    EXPECT_EQ(a.value("answer_sha256", json()), sha256Hex(whole[i])) << i;
    EXPECT_EQ(a.value("move", json()), whole[i].substr(whole[i].size() - 2)) << i;
  }
}

// A 3.8 MB answer made `tengen genmove --json` print 19 MB and one error-log record 19 MB.
TEST(GenmoveCommand, AnAnswerOfMegabytesIsKeptAsItsFirst4KiBWithItsLengthAndHash) {
  FakeServer server({paddedStep("E5"), paddedStep("C3")});
  TempDir dir;
  const CommandRun run = genmoveAfterE5(dir.path(), server, "--json --log-attempts --error-log e.jsonl");
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_LT(run.out.size(), 16U * 1024);
  EXPECT_LT(run.err.size(), 1024U) << run.err;
  const json out = json::parse(run.out);
  EXPECT_EQ(out["move"], "C3");
  EXPECT_EQ(out["attempts"][0]["reason"], "occupied");
  expectCutAnswers(out["attempts"], {paddedAnswer("E5"), paddedAnswer("C3")});

  EXPECT_LT(fs::file_size(dir.path() / "e.jsonl"), 32U * 1024);
  const std::vector<json> records = logRecords(dir.path() / "e.jsonl");
  ASSERT_EQ(records.size(), 1U);
  expectCutAnswers(records[0]["attempts"], {paddedAnswer("E5"), paddedAnswer("C3")});
}

// An answer of 4096 bytes is whole; one byte more is cut. Neither is refused for its length.
TEST(GenmoveCommand, AnAnswerOfAtMost4KiBIsKeptWhole) {
  const std::string whole(4094, ' ');
  FakeServer server({json{{"content", whole + "E5"}}.dump(), json{{"content", whole + " C3"}}.dump()});
  TempDir dir;
  const CommandRun run = genmoveAfterE5(dir.path(), server, "--json");
  ASSERT_EQ(run.exitCode, 0) << run.err;
  const json out = json::parse(run.out);
  ASSERT_EQ(out["attempts"].size(), 2U);
  EXPECT_EQ(out["attempts"][0]["answer"], whole + "E5");
  EXPECT_FALSE(out["attempts"][0].contains("answer_bytes"));
  EXPECT_FALSE(out["attempts"][0].contains("answer_sha256"));
  EXPECT_EQ(out["attempts"][1]["answer"], whole + " C");
  EXPECT_EQ(out["attempts"][1].value("answer_bytes", json()), 4097);
  EXPECT_EQ(out["attempts"][1]["move"], "C3");
}

// 4 MiB of [0,0,...] cost 147 MB as a tree of values; refused at the value limit, it is a model that failed (exit 4),
// and the process never holds the tree.
TEST(GenmoveCommand, AReplyOfMillionsOfValuesIsRefusedBeforeItsTreeIsBuilt) {
  FakeServer server({R"({"raw": "[", "repeat": "0,", "times": 2090000, "end": "0]"})"});
  TempDir dir;
  writeFile(dir.path() / "game.sgf", "(;GM[1]FF[4]SZ[9])");
  const CommandRun run =
      runTengen(dir.path(), "genmove --sgf game.sgf --engine " + server.spec() + " --json --error-log e.jsonl");
  EXPECT_EQ(run.exitCode, 4) << run.err;
  EXPECT_NE(run.err.find("the reply holds more than 100000 JSON values"), std::string::npos) << run.err;
  const json out = json::parse(run.out, nullptr, false);
  EXPECT_EQ(out["error"], "model_unavailable") << run.out;
  EXPECT_EQ(logRecords(dir.path() / "e.jsonl").size(), 1U);
  if (kPeaksAsserted) {
    EXPECT_LT(run.peakKib, 64L * 1024) << "peak memory in KiB";
  }
}

// A model server can end a token inside a surrogate pair and write half of it as an escape; the reply is still the
// model's answer, with U+FFFD for the half.
TEST(GenmoveCommand, ALoneSurrogateEscapeInAReplyIsReadAsAReplacementCharacter) {
  FakeServer server(
      {R"({"raw": "{\"choices\":[{\"message\":{\"role\":\"assistant\",\"content\":\"\\ud83d C3\"}}]}"})"});
  TempDir dir;
  const CommandRun run = genmoveAfterE5(dir.path(), server, "--json");
  ASSERT_EQ(run.exitCode, 0) << run.err;
  const json out = json::parse(run.out);
  EXPECT_EQ(out["move"], "C3");
  EXPECT_EQ(out["attempts"][0]["answer"], "\xef\xbf\xbd C3");
}

TEST(GenmoveCommand, ConnectionRefusedExits4) {
  TempDir dir;
  writeFile(dir.path() / "game.sgf", "(;GM[1]FF[4]SZ[9])");
  const CommandRun run = runTengen(dir.path(), "genmove --sgf game.sgf --engine openai:http://127.0.0.1:9/v1 --json");
  EXPECT_EQ(run.exitCode, 4) << run.err;
  const json out = json::parse(run.out);
  EXPECT_EQ(out["error"], "model_unavailable");
  EXPECT_TRUE(out["log_id"].is_string());
}

TEST(GenmoveCommand, AnIllegalRecordExits2NamingFileMoveAndReason) {
  TempDir dir;
  writeFile(dir.path() / "bad.sgf", "(;GM[1]FF[4]SZ[9];B[ee];W[ee])");
  const CommandRun run = runTengen(dir.path(), "genmove --sgf bad.sgf --engine random");
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_NE(run.err.find("bad.sgf: move 2 (W E5): occupied"), std::string::npos) << run.err;
  const CommandRun missing = runTengen(dir.path(), "genmove --sgf nothere.sgf --engine random");
  EXPECT_EQ(missing.exitCode, 2);
  EXPECT_NE(missing.err.find("nothere.sgf"), std::string::npos) << missing.err;
}

TEST(GtpCommand, AFailedGenmoveNamesTheErrorLogRecord) {
  FakeServer server({content("E5")});
  TempDir dir;
  const CommandRun run = runTengen(dir.path(), "gtp --engine " + server.spec() + " --max-retries 1 --error-log g.jsonl",
                                   "", "boardsize 9\nclear_board\nplay b E5\ngenmove w\nquit\n");
  EXPECT_EQ(run.exitCode, 0) << run.err;
  const std::vector<json> records = logRecords(dir.path() / "g.jsonl");
  ASSERT_EQ(records.size(), 1U);
  EXPECT_EQ(records[0]["source"], "gtp");
  const std::string id = records[0]["id"];
  EXPECT_NE(run.out.find("? ai failed: no legal move in 2 attempts: attempt 1: E5 rejected (stone already there); "
                         "attempt 2: E5 rejected (names a point already rejected this turn) "
                         "(error log record " +
                         id + ")"),
            std::string::npos)
      << run.out;
}

TEST(PlayCommand, AnOpponentWithoutALegalMoveExits3NamingTheRecord) {
  FakeServer server({content("E5")});
  TempDir dir;
  const CommandRun run = runTengen(
      dir.path(), "play --size 9 --opponent " + server.spec() + " --max-retries 1 --error-log p.jsonl", "", "E5\n");
  EXPECT_EQ(run.exitCode, 3) << run.err;
  const std::vector<json> records = logRecords(dir.path() / "p.jsonl");
  ASSERT_EQ(records.size(), 1U);
  EXPECT_EQ(records[0]["source"], "play");
  EXPECT_NE(run.out.find("attempt 1: E5 rejected (stone already there)"), std::string::npos) << run.out;
  EXPECT_NE(run.err.find("error log record " + records[0]["id"].get<std::string>()), std::string::npos) << run.err;
}

// With no --model, every command that takes an openai: engine asks the server's GET /v1/models: one model is used
// and named on stderr, several stop before any move with exit 2, and a server without the endpoint asks for --model.
struct ModelChoiceCase {
  const char* name;
  std::string args;  // after the command word, with SPEC standing for the engine and the rest of its options
  std::string input;
};

void PrintTo(const ModelChoiceCase& c, std::ostream* os) { *os << c.name; }

class EveryOpenAiCommand : public ::testing::TestWithParam<ModelChoiceCase> {
 protected:
  static CommandRun run(const FakeServer& server, const fs::path& dir) {
    writeFile(dir / "game.sgf", "(;GM[1]FF[4]SZ[9];B[ee])");
    std::string args = GetParam().args;
    args.replace(args.find("SPEC"), 4, server.spec());
    return runTengen(dir, args, "", GetParam().input);
  }
};

TEST_P(EveryOpenAiCommand, UsesTheServersOnlyModelAndSaysSo) {
  FakeServer server({content("C3")}, "qwen-go-lora");
  TempDir dir;
  const CommandRun r = run(server, dir.path());
  EXPECT_NE(
      r.err.find("model qwen-go-lora: the only model http://127.0.0.1:" + std::to_string(server.port()) + "/v1 serves"),
      std::string::npos)
      << r.err;
  const std::vector<json> bodies = server.bodies();
  ASSERT_FALSE(bodies.empty()) << r.err;
  for (const json& body : bodies) EXPECT_EQ(body["model"], "qwen-go-lora");
}

TEST_P(EveryOpenAiCommand, StopsWithExit2NamingTheModelsWhenTheServerHasSeveral) {
  FakeServer server({content("C3")}, "round4,round5");
  TempDir dir;
  const CommandRun r = run(server, dir.path());
  EXPECT_EQ(r.exitCode, 2) << r.err;
  EXPECT_NE(r.err.find("serves 2 models (round4, round5); choose one with --model"), std::string::npos) << r.err;
  EXPECT_TRUE(server.bodies().empty());
}

TEST_P(EveryOpenAiCommand, AsksForModelWhenTheServerListsNone) {
  FakeServer server({content("C3")}, "none");
  TempDir dir;
  const CommandRun r = run(server, dir.path());
  EXPECT_EQ(r.exitCode, 2) << r.err;
  EXPECT_NE(r.err.find("/v1/models answered HTTP 404"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("name the model with --model"), std::string::npos) << r.err;
  EXPECT_TRUE(server.bodies().empty());
}

INSTANTIATE_TEST_SUITE_P(
    Commands, EveryOpenAiCommand,
    ::testing::Values(ModelChoiceCase{"genmove", "genmove --sgf game.sgf --engine SPEC", ""},
                      ModelChoiceCase{"gtp", "gtp --engine SPEC", "boardsize 9\nclear_board\ngenmove b\nquit\n"},
                      ModelChoiceCase{"play", "play --size 9 --human white --opponent SPEC --no-sgf", "quit\n"},
                      ModelChoiceCase{"match", "match --black SPEC --white random --games 1 --size 5", ""},
                      ModelChoiceCase{"eval", "eval --engine SPEC --sgf game.sgf --every 1", ""}),
    [](const ::testing::TestParamInfo<ModelChoiceCase>& param) { return std::string(param.param.name); });

TEST(PlayCommand, TheRecordKeepsTheModelAndAResumedGameAsksTheSameOne) {
  TempDir dir;
  {
    FakeServer server({content("C3")}, "round5");
    const CommandRun first =
        runTengen(dir.path(), "play --size 9 --opponent " + server.spec() + " --sgf g.sgf", "", "E5\nquit\n");
    EXPECT_EQ(first.exitCode, 0) << first.err;
    const std::string record = readFile(dir.path() / "g.sgf");
    EXPECT_NE(record.find("XMODELW[round5]"), std::string::npos) << record;
    EXPECT_NE(record.find("PW[" + server.spec() + "]"), std::string::npos) << record;
  }
  // The server now serves two models (and, started again, listens on another port, which the record is told).
  FakeServer later({content("G7")}, "round4,round5");
  std::string record = readFile(dir.path() / "g.sgf");
  const std::string spec = "PW[openai:http://127.0.0.1:";
  const std::size_t port = record.find(spec) + spec.size();
  record.replace(port, record.find('/', port) - port, std::to_string(later.port()));
  writeFile(dir.path() / "g.sgf", record);
  const CommandRun resumed = runTengen(dir.path(), "play --resume g.sgf", "", "D6\nquit\n");
  EXPECT_EQ(resumed.exitCode, 0) << resumed.err;
  const std::vector<json> bodies = later.bodies();
  ASSERT_EQ(bodies.size(), 1U) << resumed.err;
  EXPECT_EQ(bodies[0]["model"], "round5");
  EXPECT_NE(resumed.out.find("(model round5)"), std::string::npos) << resumed.out;
}

// The game record keeps each AI move's attempts (XAITURN): a cut answer there is its excerpt, and the record read
// back knows it for one.
TEST(PlayCommand, TheRecordKeepsAnExcerptOfAnAnswerOfMegabytes) {
  FakeServer server({paddedStep("E5"), paddedStep("C3")});
  TempDir dir;
  const CommandRun run =
      runTengen(dir.path(), "play --size 9 --opponent " + server.spec() + " --sgf g.sgf", "", "E5\nquit\n");
  EXPECT_EQ(run.exitCode, 0) << run.err;
  EXPECT_LT(fs::file_size(dir.path() / "g.sgf"), 32U * 1024);
  const Result<sgf::Collection> collection = sgf::parse(readFile(dir.path() / "g.sgf"));
  ASSERT_TRUE(collection.ok()) << collection.error();
  std::optional<session::AiTurnRecord> record;
  for (std::optional<sgf::NodeView> node = collection->games().front(); node && !record;
       node = node->children().empty() ? std::nullopt : std::optional(node->children().front())) {
    std::vector<sgf::Property> properties;
    for (const sgf::PropertyView p : node->properties()) properties.push_back(p.toProperty());
    record = session::aiTurnIn(properties);
  }
  ASSERT_TRUE(record.has_value());
  ASSERT_EQ(record->attempts.size(), 2U);
  for (std::size_t i = 0; i < 2; ++i) {
    const Attempt& a = record->attempts[i];
    const std::string whole = paddedAnswer(i == 0 ? "E5" : "C3");
    EXPECT_EQ(a.answer.size(), 4095U);
    EXPECT_TRUE(a.answer == whole.substr(0, 4095));
    ASSERT_TRUE(a.cut.has_value());
    EXPECT_EQ(a.cut->bytes, whole.size());
    EXPECT_EQ(a.cut->sha256, sha256Hex(whole));
  }
}

TEST(MatchCommand, EachGameRecordNamesTheModelOfItsOpenAiSide) {
  FakeServer server({content("pass")}, "round5");
  TempDir dir;
  const CommandRun run =
      runTengen(dir.path(), "match --black " + server.spec() + " --white random --games 2 --size 5 --sgf-dir games");
  EXPECT_EQ(run.exitCode, 0) << run.err;
  const std::string first = readFile(dir.path() / "games" / "game-001.sgf");
  const std::string second = readFile(dir.path() / "games" / "game-002.sgf");
  EXPECT_NE(first.find("XMODELB[round5]"), std::string::npos) << first;
  EXPECT_EQ(first.find("XMODELW"), std::string::npos) << first;
  EXPECT_NE(second.find("XMODELW[round5]"), std::string::npos) << second;
}

}  // namespace
}  // namespace tengen::sources
