// The tengen:URL source against a scripted server on 127.0.0.1 (tests/support/test_server.h) standing in for
// `tengen serve`: what it sends, and how each reply maps (a move for the local referee, or a failure that says why).
#include "remote_source.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tengen/ai/move_source.h"
#include "tengen/ai/referee.h"
#include "tengen/core/coords.h"
#include "tengen/core/game.h"
#include "tengen/sources/make_source.h"

#include "support/test_server.h"

namespace tengen::sources {
namespace {

using ai::Attempt;
using ai::ErrorLog;
using ai::MoveEnd;
using ai::MoveSource;
using ai::RefereeOptions;
using ai::RefereeOutcome;
using ai::requestMove;

using net::fixture::Scripted;
using net::fixture::ScriptedServer;
using nlohmann::json;

std::unique_ptr<MoveSource> remote(const ScriptedServer& server, const SourceOptions& options = {}) {
  auto made = makeSource("tengen:" + server.url("/"), options);
  EXPECT_TRUE(made.ok()) << made.error();
  return std::move(made).value();
}

Game handicapGame() {
  GameConfig config;
  config.size = 9;
  config.rules = Rules::Japanese;
  config.handicap = 2;
  Game game(config);
  game.play(Move::play(Color::White, {4, 4}));
  game.play(Move::pass(Color::Black));
  return game;
}

TEST(RemoteSource, SendsTheWholeGameAndPlaysTheServersMove) {
  unsetenv("TENGEN_TOKEN");
  ScriptedServer server;
  server.push(Scripted{200, R"({"move":"C4","color":"W","attempts":[],"elapsed_ms":3})", {}, {}});
  auto source = remote(server);
  const Game game = handicapGame();
  const RefereeOutcome outcome = requestMove(*source, game, Color::White, RefereeOptions(ErrorLog::none()));
  ASSERT_TRUE(outcome.move.has_value()) << outcome.error;
  EXPECT_EQ(gtpMove(*outcome.move, 9), "C4");
  ASSERT_EQ(outcome.attempts.size(), 1u);
  EXPECT_EQ(outcome.attempts[0].httpStatus, 200);

  const auto received = server.received();
  ASSERT_EQ(received.size(), 1u);
  EXPECT_EQ(received[0].path, "/v1/genmove");
  EXPECT_FALSE(received[0].hasHeader("Authorization"));
  const json body = json::parse(received[0].body);
  EXPECT_EQ(body["size"], 9);
  EXPECT_EQ(body["komi"], 6.5);
  EXPECT_EQ(body["rules"], "japanese");
  EXPECT_EQ(body["setup"]["B"], json::array({"C3", "G7"}));  // the handicap stones, as setup
  EXPECT_EQ(body["setup"]["W"], json::array());
  EXPECT_EQ(body["moves"], json::parse(R"([["W","E5"],["B","pass"]])"));
  EXPECT_EQ(body["color"], "W");
  EXPECT_FALSE(body.contains("max_retries"));
}

TEST(RemoteSource, TheLocalRefereeStillChecksTheRemoteMove) {
  ScriptedServer server;
  // A server with other rules could answer a point the local rules refuse.
  server.push(Scripted{200, R"({"move":"E5"})", {}, {}});
  server.push(Scripted{200, R"({"move":"D4"})", {}, {}});
  auto source = remote(server);
  const Game game = handicapGame();
  const RefereeOutcome outcome = requestMove(*source, game, Color::White, RefereeOptions(ErrorLog::none()));
  ASSERT_TRUE(outcome.move.has_value()) << outcome.error;
  EXPECT_EQ(gtpMove(*outcome.move, 9), "D4");
  EXPECT_EQ(outcome.attempts[0].reason, RejectReason::Occupied);
}

TEST(RemoteSource, ARemoteFailureIsNotRetriedAndNamesTheRemoteRecord) {
  ScriptedServer server;
  server.push(Scripted{
      422,
      R"J({"error":"ai_failed","detail":"no legal move in 5 attempts: #1 E5 occupied (error log record R-1)",)J"
      R"J("attempts":[],"log_id":"R-1"})J",
      {},
      {}});
  auto source = remote(server);
  const RefereeOutcome outcome = requestMove(*source, handicapGame(), Color::White, RefereeOptions(ErrorLog::none()));
  EXPECT_FALSE(outcome.move.has_value());
  // The remote AI failed, not the connection: exit 3 locally, like a local model out of attempts.
  EXPECT_NE(outcome.end, MoveEnd::Unreachable);
  EXPECT_NE(outcome.error.find("found no legal move: no legal move in 5 attempts"), std::string::npos) << outcome.error;
  EXPECT_NE(outcome.error.find("R-1"), std::string::npos);
  EXPECT_EQ(server.received().size(), 1u);
}

TEST(RemoteSource, WaitsOutABusyServer) {
  ScriptedServer server;
  server.push(Scripted{503, R"({"error":"overloaded","detail":"busy"})", {{"Retry-After", "0"}}, {}});
  server.push(Scripted{429, R"({"error":"slow down"})", {{"Retry-After", "0"}}, {}});
  server.push(Scripted{200, R"({"move":"D4"})", {}, {}});
  auto source = remote(server);
  const RefereeOutcome outcome = requestMove(*source, handicapGame(), Color::White, RefereeOptions(ErrorLog::none()));
  ASSERT_TRUE(outcome.move.has_value()) << outcome.error;
  EXPECT_EQ(server.received().size(), 3u);
}

// A Retry-After is waited at most 10 s, and never longer than the --timeout of one request.
TEST(RemoteSource, WaitsARetryAfterNoLongerThanTheTimeout) {
  ScriptedServer server;
  server.push(Scripted{503, R"({"error":"overloaded","detail":"busy"})", {{"Retry-After", "99999"}}, {}});
  server.push(Scripted{429, R"({"error":"slow down"})", {{"Retry-After", "1"}}, {}});
  server.push(Scripted{200, R"({"move":"D4"})", {}, {}});
  SourceOptions options;
  options.timeoutSeconds = 2;
  std::vector<double> sleeps;
  const std::string url = server.url("/");
  auto made = RemoteSource::make("tengen:" + url, url, options, nullptr, [&](double s) { sleeps.push_back(s); });
  ASSERT_TRUE(made.ok()) << made.error();
  const RefereeOutcome outcome = requestMove(**made, handicapGame(), Color::White, RefereeOptions(ErrorLog::none()));
  ASSERT_TRUE(outcome.move.has_value()) << outcome.error;
  EXPECT_EQ(sleeps, (std::vector<double>{2.0, 1.0}));
}

TEST(RemoteSource, SendsTheTokenAndNeverShowsIt) {
  setenv("TENGEN_TOKEN", "tok-SECRET-9", 1);
  ScriptedServer server;
  server.push(Scripted{401, R"({"error":"unauthorized","detail":"tok-SECRET-9 is wrong"})", {}, {}});
  auto source = remote(server);
  const RefereeOutcome outcome = requestMove(*source, handicapGame(), Color::White, RefereeOptions(ErrorLog::none()));
  unsetenv("TENGEN_TOKEN");
  EXPECT_EQ(outcome.end, MoveEnd::Unreachable);
  EXPECT_NE(outcome.error.find("refused the token"), std::string::npos) << outcome.error;
  EXPECT_EQ(outcome.error.find("SECRET"), std::string::npos);
  EXPECT_EQ(server.received().at(0).header("Authorization"), "Bearer tok-SECRET-9");
}

// A server that echoes the token in a detail (a proxy's error page, a misconfigured server) must not get it into
// the failure's words, which reach the terminal and the error log.
TEST(RemoteSource, NeverShowsTheTokenAServerEchoes) {
  setenv("TENGEN_TOKEN", "tok-SECRET-9", 1);
  ScriptedServer server;
  server.push(
      Scripted{502, R"({"error":"model_unavailable","detail":"Bearer tok-SECRET-9 cannot reach vllm"})", {}, {}});
  server.push(Scripted{422, R"({"error":"ai_failed","detail":"tok-SECRET-9","log_id":"tok-SECRET-9"})", {}, {}});
  server.push(Scripted{400, R"({"error":"invalid_request","detail":"header was tok-SECRET-9"})", {}, {}});
  server.push(Scripted{200, R"({"move":"tok-SECRET-9"})", {}, {}});
  auto source = remote(server);
  std::vector<RefereeOutcome> outcomes;
  for (int i = 0; i < 3; ++i)
    outcomes.push_back(requestMove(*source, handicapGame(), Color::White, RefereeOptions(ErrorLog::none())));
  RefereeOptions once(ErrorLog::none());
  once.maxRetries = 0;
  outcomes.push_back(requestMove(*source, handicapGame(), Color::White, once));
  unsetenv("TENGEN_TOKEN");
  ASSERT_EQ(server.received().size(), 4u);
  for (const RefereeOutcome& outcome : outcomes) {
    EXPECT_FALSE(outcome.move.has_value());
    EXPECT_EQ(outcome.error.find("SECRET"), std::string::npos) << outcome.error;
    for (const Attempt& a : outcome.attempts) {
      EXPECT_EQ(a.answer.find("SECRET"), std::string::npos) << a.answer;
      EXPECT_EQ(a.move.value_or("").find("SECRET"), std::string::npos);
    }
  }
  EXPECT_NE(outcomes[0].error.find("could not reach its engine"), std::string::npos) << outcomes[0].error;
}

TEST(RemoteSource, FailsOnRepliesThatAreNotTheApi) {
  ScriptedServer server;
  server.push(Scripted{200, "<html>hello</html>", {}, {}});
  server.push(
      Scripted{502, R"({"error":"model_unavailable","detail":"could not connect to \u001b[31m vllm"})", {}, {}});
  auto source = remote(server);
  RefereeOutcome outcome = requestMove(*source, handicapGame(), Color::White, RefereeOptions(ErrorLog::none()));
  EXPECT_EQ(outcome.end, MoveEnd::Unreachable);
  EXPECT_NE(outcome.error.find("answered 200 without a move: invalid JSON at byte 0"), std::string::npos)
      << outcome.error;
  outcome = requestMove(*source, handicapGame(), Color::White, RefereeOptions(ErrorLog::none()));
  EXPECT_EQ(outcome.end, MoveEnd::Unreachable);
  EXPECT_NE(outcome.error.find("could not reach its engine: could not connect to  [31m vllm"), std::string::npos)
      << outcome.error;
  EXPECT_EQ(outcome.error.find('\x1b'), std::string::npos);

  const int port = net::fixture::closedPort();
  auto down = makeSource("tengen:http://127.0.0.1:" + std::to_string(port), {});
  ASSERT_TRUE(down.ok());
  outcome = requestMove(**down, handicapGame(), Color::White, RefereeOptions(ErrorLog::none()));
  EXPECT_EQ(outcome.end, MoveEnd::Unreachable);
}

// A reply nested 100,000 levels deep is read no deeper than 32 levels: a failure that says so, not a crash.
TEST(RemoteSource, AReplyNestedTooDeeplyFailsSayingSo) {
  const std::string nested = std::string(100000, '[') + std::string(100000, ']');
  ScriptedServer server;
  server.push(Scripted{200, R"({"move":)" + nested + "}", {}, {}});
  server.push(Scripted{422, R"({"error":"ai_failed","detail":)" + nested + "}", {}, {}});
  auto source = remote(server);
  RefereeOutcome outcome = requestMove(*source, handicapGame(), Color::White, RefereeOptions(ErrorLog::none()));
  EXPECT_EQ(outcome.end, MoveEnd::Unreachable);
  EXPECT_NE(outcome.error.find("answered 200 without a move: JSON nested deeper than 32 levels"), std::string::npos)
      << outcome.error;
  outcome = requestMove(*source, handicapGame(), Color::White, RefereeOptions(ErrorLog::none()));
  EXPECT_EQ(outcome.end, MoveEnd::NoLegalMove) << outcome.error;
}

}  // namespace
}  // namespace tengen::sources
