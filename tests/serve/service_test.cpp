// The move service of docs/http-api.md over real HTTP on 127.0.0.1: tengen::serve's MoveService behind tengen::net's
// HttpServer, both in this process on a port the kernel picks, asked with cpp-httplib's client. Scripted models are
// the in-process OpenAI-compatible server of tests/support/test_server.h.
#include <gtest/gtest.h>
#include <httplib.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "tengen/ai/move_source.h"
#include "tengen/core/analysis.h"
#include "tengen/core/coords.h"
#include "tengen/core/game.h"
#include "tengen/engine/judgment.h"
#include "tengen/net/http_server.h"
#include "tengen/serve/move_service.h"
#include "tengen/sources/make_source.h"

#include "metrics.h"
#include "support/fake_model.h"
#include "support/temp_dir.h"
#include "support/test_server.h"

namespace tengen::serve {
namespace {

namespace fs = std::filesystem;
using net::fixture::Scripted;
using net::fixture::ScriptedServer;
using nlohmann::json;
using Clock = std::chrono::steady_clock;

// One move of a request's history, ["B", "D4"] (nlohmann would read {{"B", "D4"}} as an object).
json mv(const char* color, const char* vertex) { return json::array({color, vertex}); }

std::string completion(const std::string& content) {
  return json{{"id", "chatcmpl-test"},
              {"object", "chat.completion"},
              {"choices", {{{"index", 0}, {"message", {{"role", "assistant"}, {"content", content}}}}}}}
      .dump();
}

// A fresh directory per test for what it writes, removed afterwards.
struct TempDir : test_support::TempDir {
  TempDir() : test_support::TempDir("tengen-serve-test") {}
};

// A service as `tengen serve` sets one up: its options, and the ENGINE its workers' sources are made from by
// tengen serve's own factory.
struct ServeSetup {
  ServiceOptions service;
  std::string engine = "random";
  sources::SourceOptions source;
};

// The service of `setup`, its workers' sources made by `factory` when one is given, else as `tengen serve` makes
// them (sources::workerSources).
Result<std::unique_ptr<MoveService>> makeService(const ServeSetup& setup, const SourceFactory& factory = {}) {
  ServiceOptions options = setup.service;
  options.errorContext = sources::errorContextOf("serve", setup.engine, setup.source.model);
  return MoveService::make(options, factory ? factory : sources::workerSources(setup.engine, setup.source));
}

// The service and its HTTP server, serving on a thread until destroyed.
class Server {
 public:
  explicit Server(ServeSetup setup, net::HttpServerOptions http = {}, const SourceFactory& factory = {}) {
    setup.service.errorLogPath = (m_dir.path() / "errors.jsonl").string();
    auto service = makeService(setup, factory);
    if (!service) throw std::runtime_error(service.error());
    m_service = std::move(service).value();
    MoveService* handler = m_service.get();
    auto server = net::HttpServer::bind(handler->serverOptions(std::move(http)),
                                        [handler](const net::ServerRequest& r) { return handler->handle(r); });
    if (!server) throw std::runtime_error(server.error());
    m_server = std::move(server).value();
    m_thread = std::thread([this] { m_server->run(); });
  }
  ~Server() {
    m_server->stop();
    m_thread.join();
  }
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  httplib::Client client() const {
    httplib::Client c("127.0.0.1", m_server->port());
    c.set_read_timeout(120, 0);
    c.set_connection_timeout(10, 0);
    return c;
  }
  MoveService& service() { return *m_service; }
  int port() const { return m_server->port(); }
  fs::path errorLog() const { return m_dir.path() / "errors.jsonl"; }

 private:
  TempDir m_dir;
  std::unique_ptr<MoveService> m_service;
  std::unique_ptr<net::HttpServer> m_server;
  std::thread m_thread;
};

struct Reply {
  int status = 0;
  json body;
  httplib::Headers headers;
  std::string text;
};

// What the server answered, or why nothing came back.
Reply replyOf(const httplib::Result& res) {
  Reply reply;
  if (!res) {
    reply.text = "no reply: " + httplib::to_string(res.error());
    return reply;
  }
  reply.status = res->status;
  reply.text = res->body;
  reply.headers = res->headers;
  reply.body = json::parse(res->body, nullptr, false);
  return reply;
}

Reply post(const Server& server, const std::string& path, const std::string& body,
           const httplib::Headers& headers = {}) {
  httplib::Client c = server.client();
  return replyOf(c.Post(path.c_str(), headers, body, "application/json"));
}

Reply get(const Server& server, const std::string& path, const httplib::Headers& headers = {}) {
  httplib::Client c = server.client();
  return replyOf(c.Get(path.c_str(), headers));
}

// A request written by hand on a fresh connection, for what cpp-httplib's client never sends (a POST without
// Content-Length, as `curl -X POST URL` sends it).
Reply raw(const Server& server, const std::string& request) {
  Reply reply;
  const int fd = net::fixture::connectTo(server.port());
  if (fd < 0) {
    reply.text = "no connection";
    return reply;
  }
  const std::string received = net::fixture::exchange(fd, request);
  ::close(fd);
  const std::size_t end = received.find("\r\n\r\n");
  if (received.rfind("HTTP/1.1 ", 0) != 0 || end == std::string::npos) {
    reply.text = "no reply: " + received;
    return reply;
  }
  reply.status = std::stoi(received.substr(9, 3));
  for (std::size_t line = received.find("\r\n") + 2; line < end;) {
    const std::size_t next = received.find("\r\n", line);
    const std::string header = received.substr(line, next - line);
    const std::size_t colon = header.find(": ");
    if (colon != std::string::npos) reply.headers.emplace(header.substr(0, colon), header.substr(colon + 2));
    line = next + 2;
  }
  reply.text = received.substr(end + 4);
  reply.body = json::parse(reply.text, nullptr, false);
  return reply;
}

ServeSetup randomService(int workers = 2) {
  ServeSetup options;
  options.engine = "random";
  options.service.workers = workers;
  return options;
}

ServeSetup modelService(const ScriptedServer& model, int workers = 1) {
  ServeSetup options;
  options.engine = "openai:" + model.url("/v1");
  options.source.model.image = false;
  options.source.timeoutSeconds = 60;
  options.service.workers = workers;
  return options;
}

// The game of a request body, replayed here to check the server's answer.
Game replayMoves(int size, const json& moves) {
  GameConfig config;
  config.size = size;
  Game game(config);
  game.setStrictTurn(false);
  for (const json& m : moves) {
    const Color c = m[0] == "B" ? Color::Black : Color::White;
    const auto v = parseGtpVertex(m[1].get<std::string>(), size);
    game.play(Move{c, v->kind, v->point});
  }
  return game;
}

// `count` moves of a 19x19 game, every one legal: the random source's own game, with a pass when a thousand
// points in a row are not legal.
json longHistory(std::size_t count = 120) {
  GameConfig config;
  Game game(config);
  json moves = json::array();
  std::uint64_t state = 12345;
  int misses = 0;
  while (moves.size() < count && game.phase() == Phase::Playing) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    const int index = static_cast<int>((state >> 33) % 361);
    const Point p{index / 19, index % 19};
    const Move m = ++misses > 1000 ? Move::pass(game.toMove()) : Move::play(game.toMove(), p);
    if (game.play(m) != RejectReason::None) continue;
    misses = 0;
    moves.push_back(json::array({std::string(colorLetter(m.color)), gtpMove(m, 19)}));
  }
  return moves;
}

TEST(Service, HealthzAnswersOkWithoutATokenToo) {
  ServeSetup options = randomService();
  options.service.token = "s3cret";
  Server server(options);
  const Reply reply = get(server, "/healthz");
  EXPECT_EQ(reply.status, 200);
  EXPECT_EQ(reply.body, json({{"status", "ok"}}));
}

TEST(Service, GenmoveWithRandomAnswersALegalMoveForTheSideToMove) {
  Server server(randomService());
  const json moves = longHistory();
  const json request = {{"size", 19}, {"komi", 7.5}, {"rules", "chinese"}, {"moves", moves}};
  const Reply reply = post(server, "/v1/genmove", request.dump());
  ASSERT_EQ(reply.status, 200) << reply.text;
  EXPECT_EQ(reply.body["color"], "B");  // 120 moves played: Black to move
  ASSERT_EQ(reply.body["attempts"].size(), 1u);
  EXPECT_EQ(reply.body["attempts"][0]["verdict"], "accepted");
  EXPECT_TRUE(reply.body["elapsed_ms"].is_number_integer());
  Game game = replayMoves(19, moves);
  const auto v = parseGtpVertex(reply.body["move"].get<std::string>(), 19);
  ASSERT_TRUE(v.ok());
  EXPECT_TRUE(game.isLegal(Move{Color::Black, v->kind, v->point}));
}

TEST(Service, GenmoveAsksAgainAfterARejectionAndNamesIt) {
  ScriptedServer model;
  model.push(Scripted{200, completion("E5"), {}, {}});
  model.push(Scripted{200, completion("C3"), {}, {}});
  Server server(modelService(model));
  const json request = {{"size", 9}, {"moves", json::array({mv("B", "E5")})}, {"color", "W"}};
  const Reply reply = post(server, "/v1/genmove", request.dump());
  ASSERT_EQ(reply.status, 200) << reply.text;
  EXPECT_EQ(reply.body["move"], "C3");
  EXPECT_EQ(reply.body["color"], "W");
  ASSERT_EQ(reply.body["attempts"].size(), 2u);
  EXPECT_EQ(reply.body["attempts"][0]["move"], "E5");
  EXPECT_EQ(reply.body["attempts"][0]["verdict"], "rejected");
  EXPECT_EQ(reply.body["attempts"][0]["reason"], "occupied");
  EXPECT_EQ(reply.body["attempts"][1]["verdict"], "accepted");
  const auto received = model.received();
  ASSERT_EQ(received.size(), 2u);
  EXPECT_NE(received[1].body.find("E5 (stone already there)"), std::string::npos);
}

TEST(Service, LegalAnswersEachReasonIncludingKo) {
  Server server(randomService());
  // White D4 takes the black stone on E4; Black taking back at once is ko.
  const json ko = {{"size", 9},
                   {"setup", {{"B", {"D5", "C4", "D3", "E4"}}, {"W", {"E5", "F4", "E3"}}}},
                   {"moves", json::array({mv("W", "D4")})}};
  const auto ask = [&](const json& move) {
    json request = ko;
    request["move"] = move;
    return post(server, "/v1/legal", request.dump());
  };
  Reply reply = ask(mv("B", "E4"));
  ASSERT_EQ(reply.status, 200) << reply.text;
  EXPECT_EQ(reply.body,
            json({{"legal", false}, {"reason", "ko"}, {"message", "ko: immediate recapture is forbidden"}}));
  reply = ask(mv("B", "A1"));
  EXPECT_EQ(reply.body["legal"], true);
  EXPECT_EQ(reply.body["reason"], "ok");
  reply = ask(mv("B", "D4"));
  EXPECT_EQ(reply.body["reason"], "occupied");
  reply = ask(mv("W", "A1"));
  EXPECT_EQ(reply.body["reason"], "wrong_color");
  reply = ask(mv("B", "pass"));
  EXPECT_EQ(reply.body["legal"], true);
}

// A position set up with no moves has Black to move unless the body says otherwise: "color" names the side to
// move for /v1/legal as it does for /v1/genmove, or White could never be asked about in such a position.
TEST(Service, LegalTakesTheSideToMoveFromColor) {
  Server server(randomService());
  json request = {{"size", 9}, {"setup", {{"B", {"C3"}}, {"W", json::array()}}}, {"move", mv("W", "D4")}};
  Reply reply = post(server, "/v1/legal", request.dump());
  ASSERT_EQ(reply.status, 200) << reply.text;
  EXPECT_EQ(reply.body["reason"], "wrong_color");
  request["color"] = "W";
  reply = post(server, "/v1/legal", request.dump());
  ASSERT_EQ(reply.status, 200) << reply.text;
  EXPECT_EQ(reply.body, json({{"legal", true}, {"reason", "ok"}, {"message", "legal"}}));
  request["move"] = mv("B", "D4");
  reply = post(server, "/v1/legal", request.dump());
  EXPECT_EQ(reply.body["reason"], "wrong_color");
  request["move"] = mv("W", "C3");
  reply = post(server, "/v1/legal", request.dump());
  EXPECT_EQ(reply.body["reason"], "occupied");
  // After a history too: White just played, but the body asks with White to move.
  request["moves"] = json::array({mv("W", "E5")});
  request["move"] = mv("W", "D4");
  reply = post(server, "/v1/legal", request.dump());
  EXPECT_EQ(reply.body["reason"], "ok");
  request["move"] = mv("W", "E5");
  reply = post(server, "/v1/legal", request.dump());
  EXPECT_EQ(reply.body["reason"], "occupied");
  // A game that is over stays over, whichever colour is named.
  request["moves"] = json::array({mv("W", "pass"), mv("B", "pass")});
  request["color"] = "B";
  reply = post(server, "/v1/legal", request.dump());
  EXPECT_EQ(reply.body["reason"], "game_over");
}

TEST(Service, AcceptsAnSgfRecordInPlaceOfTheMoves) {
  Server server(randomService());
  Reply reply =
      post(server, "/v1/genmove", json({{"sgf", "(;GM[1]FF[4]SZ[9]KM[6.5]RU[Japanese];B[ee];W[dd])"}}).dump());
  ASSERT_EQ(reply.status, 200) << reply.text;
  EXPECT_EQ(reply.body["color"], "B");
  EXPECT_NE(reply.body["move"], "E5");

  reply = post(server, "/v1/genmove", json({{"sgf", "(;GM[1]SZ[9];B[ee];W[ee])"}}).dump());
  EXPECT_EQ(reply.status, 400);
  EXPECT_EQ(reply.body["detail"], "sgf: move 2 W E5: occupied");

  reply = post(server, "/v1/legal",
               json({{"sgf", "(;GM[1]SZ[9];B[ee])"}, {"move", mv("W", "E5")}, {"rules", "japanese"}}).dump());
  EXPECT_EQ(reply.body["reason"], "occupied");

  reply = post(server, "/v1/genmove", json({{"sgf", "(;GM[1]SZ[9])"}, {"size", 9}}).dump());
  EXPECT_EQ(reply.status, 400);
  EXPECT_NE(reply.body["detail"].get<std::string>().find("not both"), std::string::npos);
}

TEST(Service, ChecksAnSgfsHandicapAsItChecksTheHandicapField) {
  Server server(randomService());
  for (const std::string n : {"99", "-99", "99999999", "1", "10"}) {
    Reply reply = post(server, "/v1/genmove", R"({"size":19,"handicap":)" + n + "}");
    EXPECT_EQ(reply.status, 400) << n;
    EXPECT_EQ(reply.body["error"], "invalid_request");
    EXPECT_EQ(reply.body["detail"], "handicap: must be 0 or 2..9, not " + n);

    reply = post(server, "/v1/genmove", json({{"sgf", "(;GM[1]FF[4]SZ[19]HA[" + n + "])"}}).dump());
    EXPECT_EQ(reply.status, 400) << n;
    EXPECT_EQ(reply.body["error"], "invalid_request");
    EXPECT_EQ(reply.body["detail"], "sgf: HA: must be 0 or 2..9, not " + n);
  }
  for (const char* text : {"two", "", "2.5", "99999999999999999999999"}) {
    const Reply reply = post(server, "/v1/score", json({{"sgf", std::string("(;GM[1]SZ[9]HA[") + text + "])"}}).dump());
    EXPECT_EQ(reply.status, 400) << text;
    EXPECT_EQ(reply.body["detail"].get<std::string>().rfind("sgf: HA: must be", 0), 0u) << reply.body["detail"];
  }
  // A record's handicap stones are its AB; HA only says how many there are, and White moves first.
  for (const char* ha : {"HA[0]", "HA[2]", "HA[ 2 ]", ""}) {
    const Reply reply =
        post(server, "/v1/genmove", json({{"sgf", std::string("(;GM[1]SZ[9]") + ha + "AB[cc][gg])"}}).dump());
    EXPECT_EQ(reply.status, 200) << ha << " " << reply.text;
  }
}

// The walls with a lone stone in each territory (/v1/score in docs/http-api.md): the result, the dead stones, the
// ownership rows from the top row down, and whether the game has ended.
json wallsGame(bool passed) {
  json setup = {{"B", json::array()}, {"W", json::array()}};
  for (const char* row : {"1", "2", "3", "4", "5", "6", "7", "8", "9"}) {
    setup["B"].push_back(std::string("D").append(row));
    setup["W"].push_back(std::string("E").append(row));
  }
  setup["W"].push_back("B5");
  setup["B"].push_back("H5");
  json moves = json::array();
  if (passed) moves = json::array({mv("B", "pass"), mv("W", "pass")});
  return {{"size", 9}, {"komi", 7.5}, {"rules", "chinese"}, {"setup", setup}, {"moves", moves}};
}

TEST(Service, ScoreAnswersTheResultDeadStonesAndOwnership) {
  Server server(randomService());
  Reply reply = post(server, "/v1/score", wallsGame(true).dump());
  ASSERT_EQ(reply.status, 200) << reply.text;
  EXPECT_EQ(reply.body["result"], "W+16.5");
  EXPECT_EQ(reply.body["dead"], json::array({"B5", "H5"}));
  EXPECT_EQ(reply.body["seki"], json::array());
  EXPECT_EQ(reply.body["final"], true);
  ASSERT_EQ(reply.body["ownership"].size(), 9U);
  for (const json& row : reply.body["ownership"]) EXPECT_EQ(row, "BBBBWWWWW");

  // Not ended by two passes, but nothing is left to play: the board is closed, so this is the count too.
  reply = post(server, "/v1/score", wallsGame(false).dump());
  ASSERT_EQ(reply.status, 200) << reply.text;
  EXPECT_EQ(reply.body["final"], true);
  EXPECT_EQ(reply.body["result"], "W+16.5");
  // A count's ownership values are its letters' 1, -1 or 0.
  ASSERT_EQ(reply.body["ownership_values"].size(), 9U);
  EXPECT_EQ(reply.body["ownership_values"][0], json::array({1.0, 1.0, 1.0, 1.0, -1.0, -1.0, -1.0, -1.0, -1.0}));

  // Territory rules with the same body: Black 27 + 1 prisoner, White 36 + 1, komi 7.5.
  json japanese = wallsGame(true);
  japanese["rules"] = "japanese";
  reply = post(server, "/v1/score", japanese.dump());
  EXPECT_EQ(reply.body["result"], "W+16.5");
  // Tromp-taylor takes nothing off.
  json trompTaylor = wallsGame(true);
  trompTaylor["rules"] = "tromp-taylor";
  reply = post(server, "/v1/score", trompTaylor.dump());
  EXPECT_EQ(reply.body["result"], "W+7.5");
  EXPECT_EQ(reply.body["dead"], json::array());
  EXPECT_EQ(reply.body["ownership"][4], ".W.BW..B.");
}

TEST(Service, ScoreOfAGameInPlayIsTheJudgeHooksEstimate) {
  ServeSetup options = randomService();
  options.service.judge = [](const Game& game, const std::stop_token& stop) { return engine::judge(game, stop); };
  Server server(options);
  // One stone in the middle of 9x9: core's reading of the board as finished would give Black all 81 points.
  const json body = {{"size", 9}, {"komi", 7.5}, {"moves", json::array({mv("B", "E5")})}};
  const Reply reply = post(server, "/v1/score", body.dump());
  ASSERT_EQ(reply.status, 200) << reply.text;
  EXPECT_EQ(reply.body["final"], false);
  const std::string result = reply.body["result"];
  ASSERT_GE(result.size(), 3U);
  EXPECT_LE(std::stod(result.substr(2)), 12) << result;
  ASSERT_EQ(reply.body["ownership"].size(), 9U);
  ASSERT_EQ(reply.body["ownership_values"].size(), 9U);
  for (const json& row : reply.body["ownership_values"]) {
    ASSERT_EQ(row.size(), 9U);
    for (const json& v : row) {
      EXPECT_GE(v.get<double>(), -1.0);
      EXPECT_LE(v.get<double>(), 1.0);
    }
  }
}

TEST(Service, ScoreNamesSekiStonesAndReadsSgfToo) {
  Server server(randomService());
  // The seki of tests/core/analysis_test.cpp, as an SGF record with two passes.
  const std::string sgf =
      "(;GM[1]FF[4]SZ[7]KM[0.5]RU[Chinese]AB[da][db][eb][fb][gb][dc][dd][ed][fd][gd][de][ee][fe][ge][af][bf][cf][gf]"
      "[bg][gg]AW[ca][ab][bb][cb][cc][ad][bd][cd][ae][be][ce][df][ef][ff][dg][fg]PL[B];B[];W[])";
  Reply reply = post(server, "/v1/score", json({{"sgf", sgf}}).dump());
  ASSERT_EQ(reply.status, 200) << reply.text;
  EXPECT_EQ(reply.body["result"], "B+5.5");
  EXPECT_EQ(reply.body["dead"], json::array());
  EXPECT_EQ(reply.body["seki"], json::array({"A2", "B2", "C2", "D2", "E2", "F2", "B1", "D1", "F1"}));
  EXPECT_EQ(reply.body["ownership"][5], "......B");
  EXPECT_EQ(reply.body["ownership"][6], "B...W.B");

  // An illegal history is refused as for the other endpoints; so is a GET.
  reply = post(server, "/v1/score", json({{"sgf", "(;GM[1]SZ[9];B[ee];W[ee])"}}).dump());
  EXPECT_EQ(reply.status, 400);
  EXPECT_EQ(reply.body["detail"], "sgf: move 2 W E5: occupied");
  reply = get(server, "/v1/score");
  EXPECT_EQ(reply.status, 405);
  EXPECT_EQ(reply.headers.find("Allow")->second, "POST");
}

TEST(Service, RefusesEveryMalformedRequestWith400AndSaysWhy) {
  Server server(randomService());
  json passes = json::array();
  for (int i = 0; i < 10001; ++i) passes.push_back(mv(i % 2 == 0 ? "B" : "W", "pass"));
  std::string deep;
  for (int i = 0; i < 100; ++i) deep += "[";
  for (int i = 0; i < 100; ++i) deep += "]";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {R"({"size":9,)", "invalid JSON at byte"},
      {"", "the request has no body; send the game as JSON"},
      {"[1,2]", "the body must be a JSON object"},
      {R"({"size":"19"})", "size: must be an integer, not a string"},
      {R"({"size":30})", "size: must be 2..25, not 30"},
      {R"({"size":1})", "size: must be 2..25, not 1"},
      {R"({"rules":"klingon"})", "rules: unknown rule set; known: chinese, japanese"},
      {R"({"komi":"7.5"})", "komi: must be a number, not a string"},
      {R"({"handicap":1})", "handicap: must be 0 or 2..9, not 1"},
      {R"({"color":"red"})", R"(color: must be "B" or "W")"},
      {R"({"max_retries":11})", "max_retries: must be 0..10, not 11"},
      {R"({"moves":"D4"})", "moves: must be an array"},
      {R"({"size":9,"moves":[["B","Z99"]]})", "moves[0]: not a vertex of a 9x9 board"},
      {R"({"size":9,"moves":[["X","D4"]]})", R"(moves[0]: must be "B" or "W")"},
      {R"({"size":9,"moves":[["B","D4"],["W","E5"],["B","D4"]]})", "moves[2] B D4: occupied"},
      {R"({"size":9,"setup":{"B":["D4"],"R":[]}})", R"(setup: keys must be "B" and "W")"},
      {R"({"size":9,"setup":{"B":["D4"],"W":["D4"]}})", "setup.W: a stone is on a point already taken"},
      {R"({"size":9,"size":9})", "invalid JSON: a repeated key in one object"},
      {R"({"size":9,"moves":[["B","pass"],["W","pass"]]})", "the game is not in play"},
      {json({{"moves", passes}}).dump(), "moves: at most 10000 moves, not 10001"},
      {deep, "nested deeper than"},
      {R"({"rules":"\u001b[31m"})", "rules: unknown rule set"},
      {std::string("{\"rules\":\"\xff\"}"), "invalid JSON at byte"},
      {std::string("{\"rules\":\"\x1b\"}"), "invalid JSON at byte"},
  };
  for (const auto& [body, detail] : cases) {
    const Reply reply = post(server, "/v1/genmove", body);
    EXPECT_EQ(reply.status, 400) << body.substr(0, 80);
    ASSERT_TRUE(reply.body.is_object()) << reply.text;
    EXPECT_EQ(reply.body["error"], "invalid_request");
    EXPECT_NE(reply.body["detail"].get<std::string>().find(detail), std::string::npos)
        << body.substr(0, 80) << " -> " << reply.body["detail"];
  }
  // /v1/legal needs the move.
  const Reply reply = post(server, "/v1/legal", R"({"size":9})");
  EXPECT_EQ(reply.status, 400);
  EXPECT_EQ(reply.body["detail"], "move: required, e.g. [\"B\", \"D4\"]");
}

// Half a million zeros fit in one mebibyte and once cost the server 40 MB to read. A body is read with at most three
// values a move of the longest history and 2,048 besides, and refused beyond them before its tree is built; the
// reason names the limit and nothing of what was sent.
TEST(Service, RefusesABodyOfMoreValuesThanTheLongestGameNeeds) {
  Server server(randomService());
  std::string zeros = "[0";
  for (int i = 1; i < 500000; ++i) zeros += ",0";
  zeros += "]";
  for (const std::string& body :
       {zeros, R"({"size":9,"marker-5f3a":)" + zeros + "}", R"({"size":9,"moves":)" + zeros + "}"}) {
    ASSERT_LT(body.size(), std::size_t{1} << 20);
    for (const char* path : {"/v1/genmove", "/v1/legal", "/v1/score"}) {
      const Reply reply = post(server, path, body);
      EXPECT_EQ(reply.status, 400) << path << ": " << reply.text;
      EXPECT_EQ(reply.body, json({{"error", "invalid_request"}, {"detail", "JSON with more than 32048 values"}}))
          << path << ": " << reply.text;
      EXPECT_EQ(reply.text.find("marker"), std::string::npos);
    }
  }
  // The longest history allowed still fits, and is refused only for its length.
  json passes = json::array();
  for (int i = 0; i < 10001; ++i) passes.push_back(mv(i % 2 == 0 ? "B" : "W", "pass"));
  const Reply tooLong = post(server, "/v1/genmove", json({{"moves", passes}}).dump());
  EXPECT_EQ(tooLong.body["detail"], "moves: at most 10000 moves, not 10001");
}

// An SGF record in a body is read with a limit of its own: a mebibyte of one-move nodes once cost fifty megabytes.
TEST(Service, RefusesAnSgfOfMoreNodesThanTheLongestGameNeeds) {
  Server server(randomService());
  std::string many = "(;GM[1]SZ[19]";
  while (many.size() < 1000000) many += ";B[aa];W[bb]";
  many += ")";
  const Reply reply = post(server, "/v1/genmove", json({{"sgf", many}}).dump());
  EXPECT_EQ(reply.status, 400) << reply.text;
  const std::string detail = reply.body["detail"];
  EXPECT_EQ(detail.rfind("sgf: line 1, column ", 0), 0u) << detail;
  EXPECT_NE(detail.find(": more than 82048 nodes, properties and values"), std::string::npos) << detail;
  EXPECT_LT(reply.text.size(), 200u);
}

// A long game of 1,000 moves is an ordinary request, with room to spare.
TEST(Service, ServesAThousandMoveGame) {
  Server server(randomService());
  const json moves = longHistory(1000);
  ASSERT_EQ(moves.size(), 1000u);
  const json request = {
      {"size", 19},     {"komi", 6.5},  {"rules", "japanese"}, {"setup", {{"B", json::array()}, {"W", json::array()}}},
      {"moves", moves}, {"color", "B"}, {"max_retries", 2}};
  const Reply reply = post(server, "/v1/genmove", request.dump());
  ASSERT_EQ(reply.status, 200) << reply.text.substr(0, 300);
  Game game = replayMoves(19, moves);
  const auto v = parseGtpVertex(reply.body["move"].get<std::string>(), 19);
  ASSERT_TRUE(v.ok());
  EXPECT_TRUE(game.isLegal(Move{Color::Black, v->kind, v->point}));
  EXPECT_EQ(post(server, "/v1/score", request.dump()).status, 200);

  // The same game as a record with a clock and a comment on every move.
  std::string sgf = "(;GM[1]FF[4]SZ[19]KM[6.5]RU[Japanese]";
  for (const json& m : moves) {
    const std::string color = m[0];
    const auto vertex = parseGtpVertex(m[1].get<std::string>(), 19);
    const std::string point = vertex->kind == MoveKind::Pass ? "" : sgfPoint(vertex->point);
    sgf += ";" + color + "[" + point + "]" + color + "L[1800]C[a thought]";
  }
  sgf += ")";
  const Reply fromSgf = post(server, "/v1/genmove", json({{"sgf", sgf}, {"color", "B"}}).dump());
  EXPECT_EQ(fromSgf.status, 200) << fromSgf.text.substr(0, 300);
}

TEST(Service, NeedsTheBearerTokenWhenGivenOne) {
  ServeSetup options = randomService();
  options.service.token = "s3cret-token";
  Server server(options);
  const std::string body = R"({"size":9})";
  Reply reply = post(server, "/v1/genmove", body);
  EXPECT_EQ(reply.status, 401);
  EXPECT_EQ(reply.body["error"], "unauthorized");
  EXPECT_EQ(reply.headers.find("WWW-Authenticate")->second, "Bearer realm=\"tengen\"");
  EXPECT_EQ(reply.text.find("s3cret"), std::string::npos);
  reply = post(server, "/v1/genmove", body, {{"Authorization", "Bearer s3cret-toke"}});
  EXPECT_EQ(reply.status, 401);
  reply = post(server, "/v1/genmove", body, {{"Authorization", "Basic s3cret-token"}});
  EXPECT_EQ(reply.status, 401);
  reply = get(server, "/metrics");
  EXPECT_EQ(reply.status, 401);
  reply = post(server, "/v1/genmove", body, {{"Authorization", "Bearer s3cret-token"}});
  EXPECT_EQ(reply.status, 200) << reply.text;
  reply = post(server, "/v1/legal", R"({"size":9,"move":["B","D4"]})", {{"Authorization", "bearer s3cret-token"}});
  EXPECT_EQ(reply.status, 200) << reply.text;
}

// Which of two tokens counts would depend on the hop that reads them (a proxy may keep the last, tengen the first),
// so a request that sends two is refused whichever is right.
TEST(Service, RefusesTwoAuthorizationHeaders) {
  ServeSetup options = randomService();
  options.service.token = "s3cret-token";
  auto service = makeService(options);
  ASSERT_TRUE(service.ok()) << service.error();
  net::ServerRequest request;
  request.method = "POST";
  request.path = "/v1/genmove";
  request.body = R"({"size":9})";
  for (const auto& [first, second] :
       std::vector<std::pair<std::string, std::string>>{{"Bearer s3cret-token", "Bearer wrong"},
                                                        {"Bearer wrong", "Bearer s3cret-token"},
                                                        {"Bearer s3cret-token", "Bearer s3cret-token"}}) {
    request.headers = {{"content-type", "application/json"}, {"authorization", first}, {"authorization", second}};
    const net::ServerReply reply = (*service)->handle(request);
    EXPECT_EQ(reply.status, 400) << first << " / " << second;
    const json body = json::parse(reply.body, nullptr, false);
    EXPECT_EQ(body["error"], "invalid_request");
    EXPECT_EQ(body["detail"], "more than one Authorization header; send the token once");
    EXPECT_EQ(reply.body.find("s3cret"), std::string::npos);
  }
  request.path = "/metrics";
  request.method = "GET";
  EXPECT_EQ((*service)->handle(request).status, 400);
  // /healthz takes no token, so its headers are not read.
  request.path = "/healthz";
  EXPECT_EQ((*service)->handle(request).status, 200);
  request.path = "/v1/genmove";
  request.method = "POST";
  request.headers = {{"authorization", "Bearer s3cret-token"}};
  EXPECT_EQ((*service)->handle(request).status, 200);
}

TEST(Service, UnknownPathsAre404AndWrongMethods405WithAllow) {
  Server server(randomService());
  Reply reply = get(server, "/v1/nothing");
  EXPECT_EQ(reply.status, 404);
  EXPECT_EQ(reply.body["error"], "not_found");
  reply = post(server, "/", "{}");
  EXPECT_EQ(reply.status, 404);
  reply = get(server, "/v1/genmove");
  EXPECT_EQ(reply.status, 405);
  EXPECT_EQ(reply.body["error"], "method_not_allowed");
  EXPECT_EQ(reply.headers.find("Allow")->second, "POST");
  reply = post(server, "/healthz", "{}");
  EXPECT_EQ(reply.status, 405);
  EXPECT_EQ(reply.headers.find("Allow")->second, "GET, HEAD");
  httplib::Client c = server.client();
  const auto deleted = c.Delete("/v1/legal");
  ASSERT_TRUE(deleted);
  EXPECT_EQ(deleted->status, 405);
}

// `curl -X POST URL` sends no body and no Content-Length; neither the 405 nor the 400 may wait for a body.
TEST(Service, AWrongMethodIs405WithAllowWithABodyOrWithout) {
  net::HttpServerOptions http;
  http.bodyTimeoutSeconds = 30;  // a wait for the body would end far beyond the bound below
  Server server(randomService(), http);
  const std::string body = "Content-Length: 10\r\n\r\n{\"size\":9}";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"POST /metrics HTTP/1.1\r\nHost: x\r\n\r\n", "GET, HEAD"},
      {"POST /metrics HTTP/1.1\r\nHost: x\r\n" + body, "GET, HEAD"},
      {"PUT /v1/genmove HTTP/1.1\r\nHost: x\r\n\r\n", "POST"},
      {"PUT /v1/genmove HTTP/1.1\r\nHost: x\r\n" + body, "POST"},
      {"DELETE /v1/genmove HTTP/1.1\r\nHost: x\r\n\r\n", "POST"},
      {"DELETE /v1/genmove HTTP/1.1\r\nHost: x\r\n" + body, "POST"},
      {"GET /v1/genmove HTTP/1.1\r\nHost: x\r\n\r\n", "POST"},
  };
  const auto start = std::chrono::steady_clock::now();
  for (const auto& [request, allow] : cases) {
    const Reply reply = raw(server, request);
    EXPECT_EQ(reply.status, 405) << request << " -> " << reply.text;
    const auto header = reply.headers.find("Allow");
    ASSERT_NE(header, reply.headers.end()) << request;
    EXPECT_EQ(header->second, allow) << request;
    EXPECT_EQ(reply.body, json({{"error", "method_not_allowed"}, {"detail", "this path takes " + allow}})) << request;
  }
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10));
}

TEST(Service, APostWithoutABodyIs400SayingSo) {
  net::HttpServerOptions http;
  http.bodyTimeoutSeconds = 30;
  Server server(randomService(), http);
  const json expected = {{"error", "invalid_request"}, {"detail", "the request has no body; send the game as JSON"}};
  const auto start = std::chrono::steady_clock::now();
  for (const char* path : {"/v1/genmove", "/v1/legal", "/v1/score"}) {
    Reply reply = raw(server, std::string("POST ") + path + " HTTP/1.1\r\nHost: x\r\n\r\n");
    EXPECT_EQ(reply.status, 400) << path << " -> " << reply.text;
    EXPECT_EQ(reply.body, expected) << path;
    reply = raw(server, std::string("POST ") + path + " HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n");
    EXPECT_EQ(reply.status, 400) << path << " -> " << reply.text;
    EXPECT_EQ(reply.body, expected) << path;
  }
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10));
}

TEST(Service, BodiesOverOneMebibyteAre413) {
  Server server(randomService());
  const std::string body = R"({"size":9,"pad":")" + std::string(std::size_t{1} << 20, 'x') + "\"}";
  const Reply reply = post(server, "/v1/genmove", body);
  EXPECT_EQ(reply.status, 413);
  EXPECT_EQ(reply.body["error"], "payload_too_large");
  // Just under the cap is read (and the unknown field ignored).
  const std::string fits = R"({"size":9,"pad":")" + std::string((std::size_t{1} << 20) - 64, 'x') + "\"}";
  EXPECT_EQ(post(server, "/v1/genmove", fits).status, 200);
  EXPECT_NE(server.service().metricsText().find(R"(tengen_http_requests_total{path="other",status="413"} 1)"),
            std::string::npos);
}

TEST(Service, NoLegalAnswerIs422WithTheLogRecord) {
  ScriptedServer model;
  for (int i = 0; i < 3; ++i) model.push(Scripted{200, completion("E5"), {}, {}});
  Server server(modelService(model));
  const json request = {{"size", 9}, {"moves", json::array({mv("B", "E5")})}, {"max_retries", 1}};
  const Reply reply = post(server, "/v1/genmove", request.dump());
  ASSERT_EQ(reply.status, 422) << reply.text;
  EXPECT_EQ(reply.body["error"], "ai_failed");
  ASSERT_EQ(reply.body["attempts"].size(), 2u);
  EXPECT_EQ(reply.body["attempts"][1]["reason"], "repeated");
  const std::string logId = reply.body["log_id"].get<std::string>();
  EXPECT_FALSE(logId.empty());
  EXPECT_NE(reply.body["detail"].get<std::string>().find(logId), std::string::npos);
  std::ifstream log(server.errorLog());
  std::string line;
  ASSERT_TRUE(std::getline(log, line));
  const json record = json::parse(line);
  EXPECT_EQ(record["id"], logId);
  EXPECT_EQ(record["source"], "serve");
  EXPECT_EQ(record["color"], "W");
  EXPECT_EQ(record["attempts"].size(), 2u);
}

TEST(Service, AModelThatIsDownIs502Fast) {
  const int port = net::fixture::closedPort();
  ServeSetup options;
  options.engine = "openai:http://127.0.0.1:" + std::to_string(port) + "/v1";
  options.source.model.image = false;
  options.service.workers = 1;
  Server server(options);
  const auto start = std::chrono::steady_clock::now();
  const Reply reply = post(server, "/v1/genmove", R"({"size":9})");
  const auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_EQ(reply.status, 502) << reply.text;
  EXPECT_EQ(reply.body["error"], "model_unavailable");
  EXPECT_FALSE(reply.body["log_id"].get<std::string>().empty());
  // The server makes no transport retries of its own (the caller decides when to try again), so a refused
  // connection is answered after one try; the bound is generous, the try count is the real check.
  EXPECT_NE(reply.body["detail"].get<std::string>().find("after 1 attempt:"), std::string::npos) << reply.text;
  EXPECT_LT(seconds, 30);
}

// A model whose reply is nested 100,000 levels deep once took the whole server down on the first genmove. It is a
// model that failed: 502 with the reason, a record in the error log, and the server answers the next request.
TEST(Service, AModelReplyNestedTooDeeplyIs502AndTheServerStaysUp) {
  const std::string nested = std::string(100000, '[') + std::string(100000, ']');
  ScriptedServer model;
  model.push(Scripted{400, R"({"error":)" + nested + "}", {}, {}});
  model.push(Scripted{200, R"({"error":)" + nested + "}", {}, {}});
  model.push(Scripted{500, R"({"detail":)" + nested + "}", {}, {}});
  model.push(Scripted{200, completion("C3"), {}, {}});
  Server server(modelService(model));
  for (const char* status : {"HTTP 400", "HTTP 200", "HTTP 500"}) {
    const Reply reply = post(server, "/v1/genmove", R"({"size":9})");
    ASSERT_EQ(reply.status, 502) << status << ": " << reply.text;
    EXPECT_EQ(reply.body["error"], "model_unavailable");
    const std::string detail = reply.body["detail"].get<std::string>();
    EXPECT_NE(detail.find(status), std::string::npos) << detail;
    EXPECT_NE(detail.find("the reply is nested deeper than 32 levels"), std::string::npos) << detail;
    EXPECT_FALSE(reply.body["log_id"].get<std::string>().empty());
  }
  std::ifstream log(server.errorLog());
  int records = 0;
  for (std::string line; std::getline(log, line); ++records) {
    const json record = json::parse(line);
    EXPECT_EQ(record["source"], "serve");
    EXPECT_NE(record["error"].get<std::string>().find("nested deeper than 32 levels"), std::string::npos) << line;
  }
  EXPECT_EQ(records, 3);
  const Reply next = post(server, "/v1/genmove", R"({"size":9})");
  ASSERT_EQ(next.status, 200) << next.text;
  EXPECT_EQ(next.body["move"], "C3");
}

TEST(Service, AnswersBusyWith503RatherThanQueueing) {
  ScriptedServer model;
  model.push(Scripted{200, completion("D4"), {}, std::chrono::milliseconds(2500)});
  model.push(Scripted{200, completion("D4"), {}, {}});
  ServeSetup options = modelService(model, 1);
  options.service.maxWaiting = 0;
  Server server(options);
  Reply slow;
  std::thread first([&] { slow = post(server, "/v1/genmove", R"({"size":9})"); });
  // Wait until the one worker is busy.
  for (int i = 0; i < 2000 && server.service().metricsText().find("tengen_workers_busy 1") == std::string::npos; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  const Reply busy = post(server, "/v1/genmove", R"({"size":9})");
  first.join();
  EXPECT_EQ(busy.status, 503) << busy.text;
  EXPECT_EQ(busy.body["error"], "overloaded");
  EXPECT_EQ(busy.headers.find("Retry-After")->second, "1");
  EXPECT_EQ(slow.status, 200) << slow.text;
  // Health checks are still answered while the workers are busy.
  EXPECT_EQ(get(server, "/healthz").status, 200);
}

// A client that hangs up while its move is being asked frees the worker within about a second: the model request
// out is given up, nothing is logged, and the next client is answered without waiting for the first one's model
// (two minutes here, longer than the next client waits).
TEST(Service, AClientThatHangsUpFreesItsWorker) {
  test_support::FakeServer model({R"({"delay": 120, "content": "D4"})", R"({"content": "C3"})"});
  ServeSetup options;
  options.engine = model.spec();
  options.source.model.image = false;
  options.source.timeoutSeconds = 110;  // the first answer would hold the worker longer than `next` waits
  options.service.workers = 1;
  Server server(options);
  const std::string body = R"({"size":9})";
  const int fd = net::fixture::connectTo(server.port());
  ASSERT_GE(fd, 0);
  const std::string request =
      "POST /v1/genmove HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
      "Content-Length: " +
      std::to_string(body.size()) + "\r\n\r\n" + body;
  ASSERT_EQ(::send(fd, request.data(), request.size(), MSG_NOSIGNAL), static_cast<ssize_t>(request.size()));
  // Hang up once the model has the request.
  for (int i = 0; i < 6000 && model.bodies().empty(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  ASSERT_EQ(model.bodies().size(), 1U);
  ::close(fd);

  httplib::Client next = server.client();
  next.set_read_timeout(60, 0);
  const Reply reply = replyOf(next.Post("/v1/genmove", body, "application/json"));
  ASSERT_EQ(reply.status, 200) << reply.text;
  EXPECT_EQ(reply.body["move"], "C3");
  EXPECT_TRUE(!fs::exists(server.errorLog()) || fs::file_size(server.errorLog()) == 0);
  EXPECT_NE(server.service().metricsText().find(R"(tengen_http_requests_total{path="/v1/genmove",status="499"} 1)"),
            std::string::npos)
      << server.service().metricsText();
}

TEST(Service, AnswersManyRequestsAtOnceEachForItsOwnGame) {
  Server server(randomService(4));
  constexpr int kClients = 16;
  std::vector<Reply> replies(kClients);
  std::vector<json> games(kClients);
  std::vector<std::thread> threads;
  for (int i = 0; i < kClients; ++i) {
    // Client i has filled the first i points of the top row; the other points are all free.
    json moves = json::array();
    for (int k = 0; k < i; ++k) moves.push_back(json::array({k % 2 == 0 ? "B" : "W", gtpVertex(Point{0, k}, 19)}));
    games[i] = moves;
    threads.emplace_back([&, i] { replies[i] = post(server, "/v1/genmove", json({{"moves", games[i]}}).dump()); });
  }
  for (std::thread& t : threads) t.join();
  for (int i = 0; i < kClients; ++i) {
    ASSERT_EQ(replies[i].status, 200) << replies[i].text;
    EXPECT_EQ(replies[i].body["color"], i % 2 == 0 ? "B" : "W");
    Game game = replayMoves(19, games[i]);
    const auto v = parseGtpVertex(replies[i].body["move"].get<std::string>(), 19);
    ASSERT_TRUE(v.ok());
    EXPECT_TRUE(game.isLegal(Move{game.toMove(), v->kind, v->point})) << i;
  }
  EXPECT_NE(server.service().metricsText().find(R"(tengen_http_requests_total{path="/v1/genmove",status="200"} 16)"),
            std::string::npos);
}

// The built-in engine, one per worker, searching for several requests at once: each worker's engine is its own
// (run under ThreadSanitizer, this is the check that they share no mutable state).
TEST(Service, BuiltinWorkersSearchAtOnceEachForItsOwnGame) {
  ServeSetup options;
  options.engine = "builtin:playouts=64";
  options.service.workers = 3;
  options.service.maxWaiting = 16;
  Server server(options);
  constexpr int kClients = 6;
  std::vector<Reply> replies(kClients);
  std::vector<json> games(kClients);
  std::vector<std::thread> threads;
  for (int i = 0; i < kClients; ++i) {
    json moves = json::array();
    for (int k = 0; k < i; ++k) moves.push_back(json::array({k % 2 == 0 ? "B" : "W", gtpVertex(Point{0, k}, 9)}));
    games[i] = moves;
    threads.emplace_back([&, i] {
      replies[i] = post(server, "/v1/genmove", json({{"size", 9}, {"moves", games[i]}}).dump());
    });
  }
  for (std::thread& t : threads) t.join();
  for (int i = 0; i < kClients; ++i) {
    ASSERT_EQ(replies[i].status, 200) << replies[i].text;
    Game game = replayMoves(9, games[i]);
    const auto v = parseGtpVertex(replies[i].body["move"].get<std::string>(), 9);
    ASSERT_TRUE(v.ok());
    EXPECT_TRUE(game.isLegal(Move{game.toMove(), v->kind, v->point})) << i;
  }
}

TEST(Service, MetricsCountRequestsAttemptsRejectionsAndLatency) {
  ScriptedServer model;
  model.push(Scripted{200, completion("E5"), {}, {}});
  model.push(Scripted{200, completion("nonsense"), {}, {}});
  model.push(Scripted{200, completion("C3"), {}, {}});
  Server server(modelService(model));
  ASSERT_EQ(post(server, "/v1/genmove", R"({"size":9,"moves":[["B","E5"]]})").status, 200);
  ASSERT_EQ(post(server, "/v1/genmove", R"({"size":99})").status, 400);
  const Reply reply = get(server, "/metrics");
  ASSERT_EQ(reply.status, 200);
  EXPECT_EQ(reply.headers.find("Content-Type")->second, "text/plain; version=0.0.4; charset=utf-8");
  for (const char* line : {
           R"(tengen_http_requests_total{path="/v1/genmove",status="200"} 1)",
           R"(tengen_http_requests_total{path="/v1/genmove",status="400"} 1)",
           "tengen_attempts_total 3",
           R"(tengen_rejections_total{reason="occupied"} 1)",
           R"(tengen_rejections_total{reason="unparseable"} 1)",
           R"(tengen_genmove_total{outcome="accepted"} 1)",
           R"(tengen_model_latency_seconds_bucket{le="+Inf"} 3)",
           "tengen_model_latency_seconds_count 3",
           "# TYPE tengen_model_latency_seconds histogram",
       }) {
    EXPECT_NE(reply.text.find(line), std::string::npos) << line << "\n" << reply.text;
  }
}

// The latency sum keeps every digit it needs: a busy server's sum passes a million seconds within days.
TEST(Service, MetricsWriteTheLatencySumInFull) {
  Metrics metrics;
  ai::RefereeOutcome outcome;
  outcome.attempts.resize(2);
  outcome.attempts[0].latencyMs = 1234567891;
  outcome.attempts[1].latencyMs = 5;
  outcome.attempts[0].reason = RejectReason::Occupied;
  metrics.countOutcome(outcome);
  const std::string text = metrics.text(Gauges{1, 0, 0, {}});
  EXPECT_NE(text.find("tengen_model_latency_seconds_sum 1234567.896\n"), std::string::npos) << text;
  EXPECT_NE(text.find("tengen_model_latency_seconds_bucket{le=\"0.005\"} 1\n"), std::string::npos) << text;
  EXPECT_NE(text.find("tengen_model_latency_seconds_bucket{le=\"2.5\"} 1\n"), std::string::npos) << text;
}

TEST(Service, AnswersEveryMutatedBodyWithJson) {
  // Straight to the handler (no sockets), so thousands of bodies take well under a second.
  ServeSetup options = randomService(1);
  options.service.errorLogPath = "/nonexistent-dir/errors.jsonl";
  auto made = makeService(options);
  ASSERT_TRUE(made.ok());
  MoveService& service = **made;
  const std::vector<std::string> seeds = {
      R"J({"size":9,"komi":6.5,"rules":"japanese","handicap":2,"setup":{"B":["E5"],"W":["C7"]},)J"
      R"J("moves":[["W","D4"],["B","pass"],["W","F6"]],"color":"B","max_retries":2,"move":["B","A1"]})J",
      R"J({"sgf":"(;GM[1]FF[4]SZ[9]AB[ee]AW[dd];B[cc];W[];B[])","rules":"tt","move":["W","E5"]})J",
  };
  std::uint64_t state = 7;
  const auto next = [&state](std::uint64_t n) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (state >> 33) % n;
  };
  constexpr char kAlphabet[] = "{}[]\",:0123456789-.eE BWpassD4tnulfr\\u\x00\xff";
  const std::string alphabet(kAlphabet, sizeof kAlphabet - 1);
  int answered = 0;
  for (int i = 0; i < 3000; ++i) {
    std::string body = seeds[next(seeds.size())];
    const std::uint64_t edits = 1 + next(4);
    for (std::uint64_t e = 0; e < edits && !body.empty(); ++e) {
      const std::size_t at = next(body.size());
      const char c = alphabet[next(alphabet.size())];
      switch (next(3)) {
        case 0:
          body[at] = c;
          break;
        case 1:
          body.insert(body.begin() + static_cast<std::ptrdiff_t>(at), c);
          break;
        default:
          body.erase(at, 1 + next(8));
          break;
      }
    }
    net::ServerRequest request;
    request.method = "POST";
    request.path = next(2) == 0 ? "/v1/genmove" : "/v1/legal";
    request.body = body;
    const net::ServerReply reply = service.handle(request);
    EXPECT_TRUE(reply.status == 200 || reply.status == 400 || reply.status == 422) << reply.status << " " << body;
    const json parsed = json::parse(reply.body, nullptr, false);
    ASSERT_TRUE(parsed.is_object()) << body;
    if (reply.status == 200) {
      ++answered;
    } else {
      EXPECT_TRUE(parsed["detail"].is_string());
    }
  }
  // The mutations are small enough that some bodies still make a game.
  EXPECT_GT(answered, 100);
}

TEST(Service, RefusesToStartWhenASourceCannotBeMade) {
  ServeSetup options;
  options.engine = "nonsense:";
  EXPECT_FALSE(makeService(options).ok());
  options.engine = "random";
  options.service.workers = 0;
  EXPECT_FALSE(makeService(options).ok());
  // The service makes no source of its own.
  EXPECT_FALSE(MoveService::make(ServiceOptions{}, SourceFactory{}).ok());
}

// Work held until the test lets it go.
class Gate {
 public:
  void wait() {
    ++m_waiting;
    for (int i = 0; i < 30000 && !m_open; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  void open() { m_open = true; }

 private:
  std::atomic<bool> m_open{false};
  std::atomic<int> m_waiting{0};
};

// A move source that passes once its gate opens.
class GatedSource final : public ai::MoveSource {
 public:
  explicit GatedSource(Gate& gate) : m_gate(gate) {}
  std::string describe() const override { return "gated"; }
  Result<ai::Answer> propose(const ai::MoveRequest&) override {
    m_gate.wait();
    ai::Answer answer;
    answer.text = "pass";
    return answer;
  }

 private:
  Gate& m_gate;
};

// Waits until /metrics shows every one of `lines`.
bool metricsShow(MoveService& service, const std::vector<std::string>& lines) {
  for (int i = 0; i < 6000; ++i) {
    const std::string text = service.metricsText();
    if (std::all_of(lines.begin(), lines.end(),
                    [&](const std::string& line) { return text.find("\n" + line + "\n") != std::string::npos; })) {
      return true;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return false;
}

// Scoring runs on threads of its own with a bounded line: a score never waits for a move source nor holds the
// threads that ask them, and one too many is answered 503 at once, while moves and health checks go on.
TEST(Service, ScoreRunsOnThreadsOfItsOwnAndRefusesWhenTheirLineIsFull) {
  Gate gate;
  ServeSetup options = randomService();
  options.service.scoreThreads = 1;
  options.service.scoreQueue = 1;
  options.service.judge = [&gate](const Game& game, const std::stop_token&) {
    gate.wait();
    return analyze(game);
  };
  Server server(options);
  std::vector<Reply> held(2);
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i < held.size(); ++i) {
    threads.emplace_back([&, i] { held[i] = post(server, "/v1/score", R"({"size":9})"); });
  }
  ASSERT_TRUE(
      metricsShow(server.service(), {"tengen_score_threads 1", "tengen_score_busy 1", "tengen_score_waiting 1"}))
      << server.service().metricsText();
  const Reply refused = post(server, "/v1/score", R"({"size":9})");
  EXPECT_EQ(refused.status, 503) << refused.text;
  EXPECT_EQ(refused.body["error"], "overloaded");
  EXPECT_EQ(refused.body["detail"],
            "every scoring thread is busy and 1 requests are waiting for one; try again shortly");
  EXPECT_EQ(refused.headers.find("Retry-After")->second, "1");
  const Reply move = post(server, "/v1/genmove", R"({"size":9})");
  EXPECT_EQ(move.status, 200) << move.text;
  EXPECT_EQ(get(server, "/healthz").status, 200);
  gate.open();
  for (std::thread& t : threads) t.join();
  for (const Reply& reply : held) EXPECT_EQ(reply.status, 200) << reply.text;
  EXPECT_NE(server.service().metricsText().find(R"(tengen_http_requests_total{path="/v1/score",status="503"} 1)"),
            std::string::npos);
}

// /healthz and /metrics are answered on the network thread at once, however many score and move requests hold every
// worker, every scoring thread and every connection the server serves (the 50 ms bound holds in the Release build;
// the sanitizers' build checks that they answer).
TEST(Service, HealthzAndMetricsAnswerAtOnceUnderAFloodOfScoreAndMoveRequests) {
  Gate gate;
  ServeSetup options = randomService(2);
  options.service.scoreThreads = 2;
  options.service.scoreQueue = 8;
  options.service.maxWaiting = 8;
  options.service.judge = [&gate](const Game& game, const std::stop_token&) {
    gate.wait();
    return analyze(game);
  };
  net::HttpServerOptions http;
  http.threads = 16;
  http.maxPending = 16;
  Server server(options, http, [&gate](int) -> Result<std::unique_ptr<ai::MoveSource>> {
    return std::unique_ptr<ai::MoveSource>(std::make_unique<GatedSource>(gate));
  });
  std::atomic<bool> flooding{true};
  std::atomic<int> shed{0};
  std::vector<std::thread> flood;
  for (int i = 0; i < 48; ++i) {
    flood.emplace_back([&, i] {
      while (flooding) {
        const Reply reply =
            i % 2 == 0 ? post(server, "/v1/score", R"({"size":19})") : post(server, "/v1/genmove", R"({"size":19})");
        if (reply.status == 503) {
          ++shed;
          std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
      }
    });
  }
  ASSERT_TRUE(metricsShow(server.service(), {"tengen_workers_busy 2", "tengen_score_busy 2", "tengen_score_waiting 8"}))
      << server.service().metricsText();
  ASSERT_TRUE(metricsShow(server.service(), {"tengen_genmove_waiting 8"})) << server.service().metricsText();
  std::vector<Clock::duration> took;
  for (int i = 0; i < 40; ++i) {
    const std::string path = i % 2 == 0 ? "/healthz" : "/metrics";
    const auto start = Clock::now();
    const Reply reply = raw(server, "GET " + path + " HTTP/1.1\r\nHost: t\r\n\r\n");
    took.push_back(Clock::now() - start);
    EXPECT_EQ(reply.status, 200) << path << " " << reply.text;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_GT(shed.load(), 0);  // the server was past what it serves
  flooding = false;
  gate.open();
  for (std::thread& t : flood) t.join();
#ifdef NDEBUG
  // Nine in ten within 50 ms: the odd probe may lose its core to something else on the machine, not to the flood.
  std::sort(took.begin(), took.end());
  EXPECT_LT(took[took.size() * 9 / 10], std::chrono::milliseconds(50))
      << "the slowest answered in " << std::chrono::duration_cast<std::chrono::milliseconds>(took.back()).count()
      << " ms";
#endif
}

// The built-in engine's search ends with its client: a worker searching a move it was given an hour for is free
// within 50 ms of the client hanging up (the best of three; the bound holds in the Release build, the sanitizers'
// build checks that it is freed at all).
TEST(Service, AClientThatHangsUpStopsTheBuiltInEnginesSearch) {
  ServeSetup options;
  options.engine = "builtin:time=3600";
  options.service.workers = 1;
  Server server(options);
  const std::string body = R"({"size":19})";
  const std::string request =
      "POST /v1/genmove HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
      "Content-Length: " +
      std::to_string(body.size()) + "\r\n\r\n" + body;
  Clock::duration best = Clock::duration::max();
  for (int round = 0; round < 3; ++round) {
    const int fd = net::fixture::connectTo(server.port());
    ASSERT_GE(fd, 0);
    ASSERT_EQ(::send(fd, request.data(), request.size(), MSG_NOSIGNAL), static_cast<ssize_t>(request.size()));
    ASSERT_TRUE(metricsShow(server.service(), {"tengen_workers_busy 1"})) << server.service().metricsText();
    const Clock::time_point hungUp = Clock::now();
    ::close(fd);
    bool freed = false;
    while (!freed && Clock::now() - hungUp < std::chrono::seconds(60)) {
      freed = server.service().metricsText().find("\ntengen_workers_busy 0\n") != std::string::npos;
      if (!freed) std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
    ASSERT_TRUE(freed) << "round " << round << ": the search went on after its client hung up";
    best = std::min(best, Clock::now() - hungUp);
  }
  // The worker is freed before the request is counted: wait for the third count rather than read it at once.
  EXPECT_TRUE(metricsShow(server.service(), {R"(tengen_http_requests_total{path="/v1/genmove",status="499"} 3)"}))
      << server.service().metricsText();
#ifdef NDEBUG
  EXPECT_LT(best, std::chrono::milliseconds(50))
      << std::chrono::duration_cast<std::chrono::milliseconds>(best).count() << " ms";
#endif
}

// A chunked body's trailer fields are not header fields: a token sent after the body does not pass the token check.
TEST(Service, ATrailerCannotCarryTheToken) {
  ServeSetup options = randomService();
  options.service.token = "s3cret-token";
  Server server(options);
  const std::string body = R"({"size":9,"move":["B","D4"]})";
  std::ostringstream chunk;
  chunk << std::hex << body.size();
  const std::string chunked = chunk.str() + "\r\n" + body + "\r\n0\r\n";
  const std::string trailer = "Authorization: Bearer s3cret-token\r\n\r\n";
  Reply reply =
      raw(server, "POST /v1/legal HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n" + chunked + trailer);
  EXPECT_EQ(reply.status, 400) << reply.text;
  reply = raw(server, "GET /metrics HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n" + trailer);
  EXPECT_EQ(reply.status, 400) << reply.text;
  EXPECT_EQ(reply.text.find("s3cret"), std::string::npos);
  // The token in the head, with the same chunked body, is taken.
  reply = raw(server,
              "POST /v1/legal HTTP/1.1\r\nHost: t\r\nAuthorization: Bearer s3cret-token\r\n"
              "Transfer-Encoding: chunked\r\n\r\n" +
                  chunked + "\r\n");
  EXPECT_EQ(reply.status, 200) << reply.text;
  EXPECT_EQ(reply.body["legal"], true);
}

}  // namespace
}  // namespace tengen::serve
