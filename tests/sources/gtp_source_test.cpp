// The gtp: source and the referee over real child processes: a scripted fake engine (tests/gtp/fake_gtp_engine.cpp)
// for every misbehaviour, and GNU Go when it is installed.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "tengen/ai/move_source.h"
#include "tengen/ai/referee.h"
#include "tengen/core/coords.h"
#include "tengen/core/game.h"
#include "tengen/sources/make_source.h"

#include "support/temp_dir.h"

namespace tengen::sources {
namespace {

using ai::ErrorLog;
using ai::MoveEnd;
using ai::MovePurpose;
using ai::MoveSource;
using ai::RefereeOptions;
using ai::RefereeOutcome;
using ai::requestMove;

using Clock = std::chrono::steady_clock;

constexpr const char* kFakeEngine = TENGEN_FAKE_GTP_ENGINE;
constexpr const char* kGnuGo = "/usr/games/gnugo";

using test_support::freshPath;

std::vector<std::string> readLines(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The lines of `log` from index `from` on.
std::vector<std::string> from(const std::vector<std::string>& log, std::size_t start) {
  return {log.begin() + static_cast<long>(std::min(start, log.size())), log.end()};
}

// Named member assignment: new SourceOptions fields then need no change here.
SourceOptions sourceOptions(std::uint64_t seed, double timeoutSeconds) {
  SourceOptions options;
  options.seed = seed;
  options.timeoutSeconds = timeoutSeconds;
  return options;
}

std::unique_ptr<MoveSource> fakeSource(const std::string& args, double timeoutSeconds = 10) {
  Result<std::unique_ptr<MoveSource>> made =
      makeSource(std::string("gtp:") + kFakeEngine + " " + args, sourceOptions(1, timeoutSeconds));
  EXPECT_TRUE(made.ok()) << made.error();
  return made.ok() ? std::move(made).value() : nullptr;
}

void play(Game& game, const std::string& vertex) {
  const Result<ParsedVertex> v = parseGtpVertex(vertex, game.size());
  ASSERT_TRUE(v.ok()) << vertex;
  const Color c = game.toMove();
  ASSERT_EQ(game.play(v->kind == MoveKind::Pass ? Move::pass(c) : Move::play(c, v->point)), RejectReason::None)
      << vertex;
}

Game nineByNine(const std::vector<std::string>& moves) {
  Game game(GameConfig{9, Rules::Chinese, std::nullopt, 0});
  for (const std::string& m : moves) play(game, m);
  return game;
}

TEST(GtpSource, BringsTheEngineToThePositionThenAsksForAMove) {
  const std::string log = freshPath("log");
  std::unique_ptr<MoveSource> source = fakeSource("--genmove C3 --log " + log);
  ASSERT_TRUE(source);
  const Game game = nineByNine({"E5", "D4"});
  const RefereeOutcome out = requestMove(*source, game, Color::Black, RefereeOptions(ErrorLog::none()));
  ASSERT_TRUE(out.move.has_value()) << out.error;
  EXPECT_EQ(gtpMove(*out.move, 9), "C3");
  EXPECT_EQ(readLines(log), (std::vector<std::string>{"protocol_version", "boardsize 9", "clear_board", "komi 7.5",
                                                      "play B E5", "play W D4", "genmove b"}));
}

TEST(GtpSource, SendsOnlyTheNewMovesWhenTheGameContinues) {
  const std::string log = freshPath("log");
  std::unique_ptr<MoveSource> source = fakeSource("--genmove C3,G7 --log " + log);
  Game game = nineByNine({"E5"});
  RefereeOutcome out = requestMove(*source, game, Color::White, RefereeOptions(ErrorLog::none()));
  ASSERT_TRUE(out.move.has_value()) << out.error;
  ASSERT_EQ(game.play(*out.move), RejectReason::None);
  play(game, "F6");
  const std::size_t before = readLines(log).size();
  out = requestMove(*source, game, Color::White, RefereeOptions(ErrorLog::none()));
  ASSERT_TRUE(out.move.has_value()) << out.error;
  EXPECT_EQ(gtpMove(*out.move, 9), "G7");
  EXPECT_EQ(from(readLines(log), before), (std::vector<std::string>{"play B F6", "genmove w"}));
}

// Asks `source` for a move in `game` with a time control and the mover's clock, as tengen-qt does.
RefereeOutcome timedRequest(MoveSource& source, const Game& game, const TimeControl& control, const TimeLeft& clock) {
  RefereeOptions options(ErrorLog::none());
  options.timeControl = control;
  options.clock = clock;
  return requestMove(source, game, game.toMove(), options);
}

TEST(GtpSource, TellsAbsoluteAndCanadianTimeOncePerGameAndTheClockBeforeEachGenmove) {
  const std::string log = freshPath("log");
  std::unique_ptr<MoveSource> source = fakeSource("--genmove C3,G7,A1 --log " + log);
  const TimeControl canadian{TimeControl::Kind::Canadian, 600, 300, 0, 25};
  Game game = nineByNine({"E5"});
  RefereeOutcome out = timedRequest(*source, game, canadian, TimeLeft{.mainMs = 587'900});
  ASSERT_TRUE(out.move.has_value()) << out.error;
  EXPECT_EQ(readLines(log),
            (std::vector<std::string>{"protocol_version", "boardsize 9", "clear_board", "komi 7.5", "play B E5",
                                      "time_settings 600 300 25", "time_left w 587 0", "genmove w"}));
  ASSERT_EQ(game.play(*out.move), RejectReason::None);
  play(game, "F6");
  std::size_t before = readLines(log).size();
  // In the overtime: the period left and the stones still to play in it.
  out = timedRequest(*source, game, canadian, TimeLeft{.periodMs = 212'500, .stones = 24});
  ASSERT_TRUE(out.move.has_value()) << out.error;
  EXPECT_EQ(from(readLines(log), before), (std::vector<std::string>{"play B F6", "time_left w 212 24", "genmove w"}));

  // A new game is a new clear_board, and the time settings come again.
  before = readLines(log).size();
  const TimeControl absolute{TimeControl::Kind::Absolute, 300, 0, 0, 0};
  out = timedRequest(*source, nineByNine({}), absolute, TimeLeft{.mainMs = 300'000});
  ASSERT_TRUE(out.move.has_value()) << out.error;
  EXPECT_EQ(from(readLines(log), before), (std::vector<std::string>{"clear_board", "komi 7.5", "time_settings 300 0 0",
                                                                    "time_left b 300 0", "genmove b"}));
}

TEST(GtpSource, ATypedCommandIsSentOnceTheEngineHoldsTheGame) {
  const std::string log = freshPath("log");
  std::unique_ptr<MoveSource> source = fakeSource("--genmove C3 --log " + log);
  const Result<std::string> name = source->typedCommand(nineByNine({"E5", "C3"}), "name");
  ASSERT_TRUE(name.ok()) << name.error();
  EXPECT_EQ(*name, "= fake");
  EXPECT_EQ(from(readLines(log), 1),
            (std::vector<std::string>{"boardsize 9", "clear_board", "komi 7.5", "play B E5", "play W C3", "name"}));
  // Only what is new is told first; a refusal is the engine's answer, not a failure.
  const std::size_t before = readLines(log).size();
  const Result<std::string> unknown = source->typedCommand(nineByNine({"E5", "C3", "D4"}), "showboard");
  ASSERT_TRUE(unknown.ok()) << unknown.error();
  EXPECT_EQ(*unknown, "? unknown command");
  EXPECT_EQ(from(readLines(log), before), (std::vector<std::string>{"play B D4", "showboard"}));
}

TEST(GtpSource, OnlyAGtpEngineTakesTypedCommands) {
  std::unique_ptr<MoveSource> random = makeSource("random", {}).value();
  const Result<std::string> refused = random->typedCommand(nineByNine({}), "name");
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.errorKind(), ErrorKind::Invalid);
  EXPECT_NE(refused.error().find("only a GTP engine takes typed commands"), std::string::npos) << refused.error();
}

TEST(GtpSource, TellsByoYomiWithKgsTimeSettingsWhenTheEngineListsIt) {
  const std::string log = freshPath("log");
  std::unique_ptr<MoveSource> source = fakeSource("--kgs-time --genmove C3 --log " + log);
  const TimeControl byoYomi{TimeControl::Kind::ByoYomi, 1200, 30, 5, 0};
  const Game game = nineByNine({"E5"});
  // In the fourth of five periods: time_left counts the periods, as KGS does.
  const RefereeOutcome out = timedRequest(*source, game, byoYomi, TimeLeft{.periodMs = 29'200, .periods = 2});
  ASSERT_TRUE(out.move.has_value()) << out.error;
  EXPECT_EQ(from(readLines(log), 1),
            (std::vector<std::string>{"boardsize 9", "clear_board", "komi 7.5", "play B E5", "list_commands",
                                      "kgs-time_settings byoyomi 1200 30 5", "time_left w 29 2", "genmove w"}));
}

TEST(GtpSource, TellsByoYomiAsOneStoneCanadianPeriodsOtherwise) {
  const std::string log = freshPath("log");
  std::unique_ptr<MoveSource> source = fakeSource("--genmove C3 --log " + log);
  const TimeControl byoYomi{TimeControl::Kind::ByoYomi, 1200, 30, 5, 0};
  const RefereeOutcome out =
      timedRequest(*source, nineByNine({"E5"}), byoYomi, TimeLeft{.periodMs = 29'200, .periods = 2});
  ASSERT_TRUE(out.move.has_value()) << out.error;
  EXPECT_EQ(from(readLines(log), 5),
            (std::vector<std::string>{"list_commands", "time_settings 1200 30 1", "time_left w 29 1", "genmove w"}));
}

RefereeOptions cleanupOptions() {
  RefereeOptions options(ErrorLog::none());
  options.purpose = MovePurpose::Cleanup;
  return options;
}

TEST(GtpSource, AsksForACleanupMoveWithKgsGenmoveCleanupWhenTheEngineListsIt) {
  const std::string log = freshPath("log");
  std::unique_ptr<MoveSource> source = fakeSource("--kgs-cleanup --genmove C3,G7,A1 --log " + log);
  Game game = nineByNine({"E5"});
  RefereeOutcome out = requestMove(*source, game, Color::White, cleanupOptions());
  ASSERT_TRUE(out.move.has_value()) << out.error;
  EXPECT_EQ(gtpMove(*out.move, 9), "C3");
  EXPECT_EQ(from(readLines(log), 1), (std::vector<std::string>{"boardsize 9", "clear_board", "komi 7.5", "play B E5",
                                                               "list_commands", "kgs-genmove_cleanup w"}));
  // The list is asked for once; an ordinary move is still a genmove.
  ASSERT_EQ(game.play(*out.move), RejectReason::None);
  play(game, "F6");
  std::size_t before = readLines(log).size();
  out = requestMove(*source, game, Color::White, cleanupOptions());
  ASSERT_TRUE(out.move.has_value()) << out.error;
  EXPECT_EQ(from(readLines(log), before), (std::vector<std::string>{"play B F6", "kgs-genmove_cleanup w"}));
  ASSERT_EQ(game.play(*out.move), RejectReason::None);
  play(game, "F4");
  before = readLines(log).size();
  out = requestMove(*source, game, Color::White, RefereeOptions(ErrorLog::none()));
  ASSERT_TRUE(out.move.has_value()) << out.error;
  EXPECT_EQ(from(readLines(log), before), (std::vector<std::string>{"play B F4", "genmove w"}));
}

TEST(GtpSource, AsksForACleanupMoveWithGenmoveWhenTheEngineDoesNotListKgsGenmoveCleanup) {
  const std::string log = freshPath("log");
  std::unique_ptr<MoveSource> source = fakeSource("--genmove C3 --log " + log);
  const RefereeOutcome out = requestMove(*source, nineByNine({"E5"}), Color::White, cleanupOptions());
  ASSERT_TRUE(out.move.has_value()) << out.error;
  EXPECT_EQ(gtpMove(*out.move, 9), "C3");
  EXPECT_EQ(from(readLines(log), 4), (std::vector<std::string>{"play B E5", "list_commands", "genmove w"}));
}

TEST(GtpSource, AnEngineRefusingTimeCommandsStillPlays) {
  const std::string log = freshPath("log");
  std::unique_ptr<MoveSource> source =
      fakeSource("--refuse time_settings --refuse time_left --genmove C3 --log " + log);
  const TimeControl absolute{TimeControl::Kind::Absolute, 300, 0, 0, 0};
  const RefereeOutcome out = timedRequest(*source, nineByNine({}), absolute, TimeLeft{.mainMs = 300'000});
  ASSERT_TRUE(out.move.has_value()) << out.error;
  EXPECT_EQ(gtpMove(*out.move, 9), "C3");
  EXPECT_EQ(from(readLines(log), 4),
            (std::vector<std::string>{"time_settings 300 0 0", "time_left b 300 0", "genmove b"}));
}

TEST(GtpSource, ReplaysEverythingAfterARejectedAnswer) {
  const std::string log = freshPath("log");
  // E5 is taken: the engine has played it on its own board, so it must be brought back to the game.
  std::unique_ptr<MoveSource> source = fakeSource("--genmove E5,Z99,C3 --log " + log);
  const Game game = nineByNine({"E5", "D4"});
  const RefereeOutcome out = requestMove(*source, game, Color::Black, RefereeOptions(ErrorLog::none()));
  ASSERT_TRUE(out.move.has_value()) << out.error;
  EXPECT_EQ(gtpMove(*out.move, 9), "C3");
  ASSERT_EQ(out.attempts.size(), 3U);
  EXPECT_EQ(out.attempts[0].reason, RejectReason::Occupied);
  EXPECT_EQ(out.attempts[1].reason, RejectReason::OutOfBounds);
  const std::vector<std::string> replay{"clear_board", "komi 7.5", "play B E5", "play W D4", "genmove b"};
  std::vector<std::string> expected{"protocol_version", "boardsize 9"};
  for (int i = 0; i < 3; ++i) expected.insert(expected.end(), replay.begin(), replay.end());
  EXPECT_EQ(readLines(log), expected);
}

TEST(GtpSource, ReplaysEverythingWhenTheGameWentBack) {
  const std::string log = freshPath("log");
  std::unique_ptr<MoveSource> source = fakeSource("--genmove C3 --log " + log);
  Game game = nineByNine({"E5", "D4", "F6"});
  ASSERT_TRUE(requestMove(*source, game, Color::White, RefereeOptions(ErrorLog::none())).move.has_value());
  game.undoTo(1);
  const std::size_t before = readLines(log).size();
  ASSERT_TRUE(requestMove(*source, game, Color::White, RefereeOptions(ErrorLog::none())).move.has_value());
  EXPECT_EQ(from(readLines(log), before),
            (std::vector<std::string>{"clear_board", "komi 7.5", "play B E5", "genmove w"}));
}

TEST(GtpSource, SendsBlackSetupStonesAsAFreeHandicapAndMixedOnesAsPlays) {
  const std::string log = freshPath("log");
  std::unique_ptr<MoveSource> source = fakeSource("--genmove A1 --log " + log);
  Game handicap(GameConfig{9, Rules::Japanese, 0.5, 2});
  ASSERT_TRUE(requestMove(*source, handicap, Color::White, RefereeOptions(ErrorLog::none())).move.has_value());
  std::vector<std::string> lines = readLines(log);
  ASSERT_GE(lines.size(), 3U);
  EXPECT_EQ(from(lines, lines.size() - 3),
            (std::vector<std::string>{"komi 0.5", "set_free_handicap C3 G7", "genmove w"}));

  Game mixed(GameConfig{9, Rules::Chinese, std::nullopt, 0});
  ASSERT_TRUE(mixed.addSetupStones(Color::Black, {{4, 4}}));
  ASSERT_TRUE(mixed.addSetupStones(Color::White, {{3, 3}}));
  const std::size_t before = lines.size();
  ASSERT_TRUE(requestMove(*source, mixed, Color::Black, RefereeOptions(ErrorLog::none())).move.has_value());
  EXPECT_EQ(from(readLines(log), before),
            (std::vector<std::string>{"clear_board", "komi 7.5", "play B E5", "play W D6", "genmove b"}));
}

TEST(GtpSource, AnUnparseableAnswerIsRejectedAndAskedAgain) {
  std::unique_ptr<MoveSource> source = fakeSource("--genmove hello,C3");
  const RefereeOutcome out = requestMove(*source, nineByNine({}), Color::Black, RefereeOptions(ErrorLog::none()));
  ASSERT_TRUE(out.move.has_value()) << out.error;
  ASSERT_EQ(out.attempts.size(), 2U);
  EXPECT_EQ(out.attempts[0].answer, "hello");
  EXPECT_EQ(out.attempts[0].reason, RejectReason::Unparseable);
}

TEST(GtpSource, AnEngineThatKeepsAnsweringTakenPointsExhaustsTheAttempts) {
  std::unique_ptr<MoveSource> source = fakeSource("--genmove E5");
  RefereeOptions options(ErrorLog::none());
  options.maxRetries = 2;
  const RefereeOutcome out = requestMove(*source, nineByNine({"E5"}), Color::White, options);
  EXPECT_FALSE(out.move.has_value());
  EXPECT_NE(out.end, MoveEnd::Unreachable);
  EXPECT_EQ(out.error,
            "no legal move in 3 attempts: attempt 1: E5 rejected (stone already there); attempt 2: E5 rejected (names "
            "a point already rejected this turn); attempt 3: E5 rejected (names a point already rejected this turn)");
}

TEST(GtpSource, ACrashIsATransportFailureWithTheExitStatus) {
  std::unique_ptr<MoveSource> source = fakeSource("--exit-on genmove --exit-code 5 --stderr-text 'out of cheese'");
  const RefereeOutcome out = requestMove(*source, nineByNine({}), Color::Black, RefereeOptions(ErrorLog::none()));
  EXPECT_FALSE(out.move.has_value());
  EXPECT_EQ(out.end, MoveEnd::Unreachable);
  EXPECT_TRUE(out.attempts.empty());
  EXPECT_NE(out.error.find("exited with status 5"), std::string::npos) << out.error;
  EXPECT_NE(out.error.find("genmove b"), std::string::npos) << out.error;
  EXPECT_NE(out.error.find("out of cheese"), std::string::npos) << out.error;
}

TEST(GtpSource, AHangIsATransportFailureAfterTheTimeout) {
  std::unique_ptr<MoveSource> source = fakeSource("--hang-on genmove", 0.3);
  const Clock::time_point start = Clock::now();
  const RefereeOutcome out = requestMove(*source, nineByNine({}), Color::Black, RefereeOptions(ErrorLog::none()));
  const auto elapsed = Clock::now() - start;
  EXPECT_FALSE(out.move.has_value());
  EXPECT_EQ(out.end, MoveEnd::Unreachable);
  EXPECT_NE(out.error.find("did not answer within 300 ms"), std::string::npos) << out.error;
  EXPECT_LT(elapsed, std::chrono::seconds(3));
  // Ending the source must not wait for the hung engine either.
  const Clock::time_point closing = Clock::now();
  source.reset();
  EXPECT_LT(Clock::now() - closing, std::chrono::seconds(2));
}

TEST(GtpSource, AnEngineThatDoesNotSpeakGtpFailsToStartAtOnce) {
  // GNU Go without --mode gtp: GMP bytes without a line end, then it waits for its input to end and complains.
  const std::string engine =
      R"(gtp:/bin/sh -c "printf '\\001\\241\\240\\200'; cat >/dev/null; echo 'System error.' >&2")";
  const Clock::time_point start = Clock::now();
  const Result<std::unique_ptr<MoveSource>> made = makeSource(engine, sourceOptions(1, 30));
  ASSERT_FALSE(made.ok());
  // Far below the timeout, so that only a failure that does not wait for it passes however slow the machine.
  EXPECT_LT(Clock::now() - start, std::chrono::seconds(10));
  EXPECT_EQ(made.errorKind(), ErrorKind::Unreachable);
  EXPECT_NE(made.error().find("it does not speak GTP (GNU Go needs --mode gtp) (command: protocol_version)"),
            std::string::npos)
      << made.error();
  EXPECT_NE(made.error().find("its stderr ends: System error."), std::string::npos) << made.error();
}

TEST(GtpSource, AnEngineThatExitsAtOnceFailsToStartAtOnce) {
  const Clock::time_point start = Clock::now();
  const Result<std::unique_ptr<MoveSource>> made =
      makeSource("gtp:/bin/sh -c \"echo 'no weights' >&2; exit 2\"", sourceOptions(1, 30));
  ASSERT_FALSE(made.ok());
  EXPECT_LT(Clock::now() - start, std::chrono::seconds(10));
  EXPECT_EQ(made.errorKind(), ErrorKind::Unreachable);
  EXPECT_NE(made.error().find("exited with status 2 (command: protocol_version); its stderr ends: no weights"),
            std::string::npos)
      << made.error();
}

TEST(GtpSource, AnEngineSlowToStartIsReportedOnceAndThenPlays) {
  std::vector<std::string> notices;
  SourceOptions options = sourceOptions(1, 10);
  options.slowStartSeconds = 0.3;
  options.notice = [&](const std::string& line) { notices.push_back(line); };
  Result<std::unique_ptr<MoveSource>> made =
      makeSource(std::string("gtp:") + kFakeEngine + " --silent-for 1500 --genmove C3", options);
  ASSERT_TRUE(made.ok()) << made.error();
  ASSERT_EQ(notices.size(), 1U);
  EXPECT_EQ(notices[0], "waiting for engine " + std::string(kFakeEngine) +
                            " to answer protocol_version (300 ms so far; timeout 10 s)");
  const RefereeOutcome out = requestMove(**made, nineByNine({}), Color::Black, RefereeOptions(ErrorLog::none()));
  ASSERT_TRUE(out.move.has_value()) << out.error;
  EXPECT_EQ(gtpMove(*out.move, 9), "C3");
  EXPECT_EQ(notices.size(), 1U);
}

TEST(GtpSource, AnEngineRefusingTheGamesMovesIsATransportFailure) {
  std::unique_ptr<MoveSource> source = fakeSource("--refuse play");
  const RefereeOutcome out = requestMove(*source, nineByNine({"E5"}), Color::White, RefereeOptions(ErrorLog::none()));
  EXPECT_EQ(out.end, MoveEnd::Unreachable);
  EXPECT_NE(out.error.find("refused 'play B E5': refused"), std::string::npos) << out.error;
}

TEST(GtpSource, StartsADeadEngineAgainForTheNextRequest) {
  const std::string marker = freshPath("crashed");
  std::unique_ptr<MoveSource> source = fakeSource("--crash-once " + marker + " --genmove D4");
  const Game game = nineByNine({"E5"});
  const RefereeOutcome first = requestMove(*source, game, Color::White, RefereeOptions(ErrorLog::none()));
  EXPECT_EQ(first.end, MoveEnd::Unreachable);
  const RefereeOutcome second = requestMove(*source, game, Color::White, RefereeOptions(ErrorLog::none()));
  ASSERT_TRUE(second.move.has_value()) << second.error;
  EXPECT_EQ(gtpMove(*second.move, 9), "D4");
}

TEST(MakeSource, KnowsRandomGtpOpenaiAndTengenSpecs) {
  EXPECT_TRUE(makeSource("random", {}).ok());
  // Model and remote sources connect only when asked for a move.
  EXPECT_TRUE(makeSource("openai:http://localhost:8000/v1", {}).ok());
  EXPECT_NE(makeSource("openai:localhost:8000", {}).error().find("base URL"), std::string::npos);
  EXPECT_TRUE(makeSource("tengen:http://localhost:8080", {}).ok());
  EXPECT_NE(makeSource("tengen:localhost:8080", {}).error().find("needs the server's URL"), std::string::npos);
  // A URL curl would take to mean something else is refused at once, saying what is wrong with it.
  EXPECT_EQ(
      makeSource("openai:http://127.0.0.1:/v1", {}).error(),
      "engine spec 'openai:http://127.0.0.1:/v1': openai: the base URL http://127.0.0.1:/v1 has a ':' but no port "
      "after it (e.g. openai:http://127.0.0.1:8000/v1)");
  EXPECT_NE(makeSource("tengen:http://127.0.0.1:99999", {}).error().find("port 99999 is not 1..65535"),
            std::string::npos);
  EXPECT_NE(makeSource("openai:http://:8000/v1", {}).error().find("has no host"), std::string::npos);
  EXPECT_NE(makeSource("openai:http://user:secret@127.0.0.1:80a/v1", {}).error().find("port 80a is not a number"),
            std::string::npos);
  EXPECT_EQ(makeSource("openai:http://user:secret@127.0.0.1:80a/v1", {}).error().find("secret"), std::string::npos);
  EXPECT_TRUE(makeSource("openai:http://[::1]:8000/v1", {}).ok());
  EXPECT_TRUE(makeSource("openai:https://user:pa:ss@models.example.org/v1", {}).ok());
  EXPECT_NE(makeSource("openai:http://[::1/v1", {}).error().find("closing ]"), std::string::npos);
  EXPECT_NE(makeSource("nonsense", {}).error().find("unknown engine spec"), std::string::npos);
  EXPECT_NE(makeSource("gtp:", {}).error().find("needs the engine's command line"), std::string::npos);
  EXPECT_NE(makeSource("gtp:'unterminated", {}).error().find("unterminated"), std::string::npos);
  const Result<std::unique_ptr<MoveSource>> missing = makeSource("gtp:/nonexistent/engine --mode gtp", {});
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().find("No such file or directory"), std::string::npos) << missing.error();
}

TEST(MakeSource, AGtpSourceDescribesItselfByItsSpec) {
  const std::string spec = std::string("gtp:") + kFakeEngine + " --genmove pass";
  Result<std::unique_ptr<MoveSource>> made = makeSource(spec, {});
  ASSERT_TRUE(made.ok()) << made.error();
  EXPECT_EQ((*made)->describe(), spec);
}

TEST(GtpSource, GnuGoPlaysAgainstRandomThroughTheReferee) {
  if (access(kGnuGo, X_OK) != 0) GTEST_SKIP() << kGnuGo << " is not installed (apt-get install gnugo)";
  Result<std::unique_ptr<MoveSource>> gnugo =
      makeSource(std::string("gtp:") + kGnuGo + " --mode gtp --level 0 --chinese-rules --positional-superko",
                 sourceOptions(1, 60));
  ASSERT_TRUE(gnugo.ok()) << gnugo.error();
  Result<std::unique_ptr<MoveSource>> random = makeSource("random", sourceOptions(9, 60));
  ASSERT_TRUE(random.ok());
  Game game(GameConfig{9, Rules::Chinese, std::nullopt, 0});
  int gnugoMoves = 0;
  while (game.phase() == Phase::Playing && game.moveCount() < 40) {
    MoveSource& mover = game.toMove() == Color::White ? **gnugo : **random;
    const RefereeOutcome out = requestMove(mover, game, game.toMove(), RefereeOptions(ErrorLog::none()));
    ASSERT_TRUE(out.move.has_value()) << out.error;
    EXPECT_EQ(out.attempts.size(), 1U) << mover.describe() << " needed retries at move " << game.moveCount() + 1;
    ASSERT_EQ(game.play(*out.move), RejectReason::None);
    if (game.toMove() == Color::Black) ++gnugoMoves;
  }
  EXPECT_GT(gnugoMoves, 5);
}

TEST(GtpSource, GnuGoIsAskedForACleanupMoveWithItsOwnCommand) {
  if (access(kGnuGo, X_OK) != 0) GTEST_SKIP() << kGnuGo << " is not installed (apt-get install gnugo)";
  std::vector<std::string> traffic;
  SourceOptions options = sourceOptions(1, 60);
  // Both directions: the commands sent are among the lines.
  options.gtpTraffic = [&](gtp::Traffic, const std::string& line) { traffic.push_back(line); };
  Result<std::unique_ptr<MoveSource>> gnugo =
      makeSource(std::string("gtp:") + kGnuGo + " --mode gtp --level 0", options);
  ASSERT_TRUE(gnugo.ok()) << gnugo.error();
  const RefereeOutcome out = requestMove(**gnugo, nineByNine({"E5", "C3"}), Color::Black, cleanupOptions());
  ASSERT_TRUE(out.move.has_value()) << out.error;
  EXPECT_EQ(out.attempts.size(), 1U);
  const bool asked = std::any_of(traffic.begin(), traffic.end(), [](const std::string& line) {
    return line.find("kgs-genmove_cleanup b") != std::string::npos;
  });
  EXPECT_TRUE(asked) << "GNU Go lists kgs-genmove_cleanup";
}

}  // namespace
}  // namespace tengen::sources
