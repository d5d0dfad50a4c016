// The GTP client against real engines: the scripted fake engine for each way an engine can fail (crash, signal,
// hang, garbage, wrong ids, closed output, a flood of stderr) and GNU Go when it is installed.
#include "tengen/gtp/client.h"

#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <string>
#include <vector>

#include "support/temp_dir.h"

namespace tengen::gtp {
namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;
using std::chrono::seconds;

constexpr const char* kFakeEngine = TENGEN_FAKE_GTP_ENGINE;
constexpr const char* kGnuGo = "/usr/games/gnugo";

std::unique_ptr<Client> fake(const std::string& args, ClientOptions options = {}) {
  if (options.timeout == ClientOptions{}.timeout) options.timeout = seconds(10);
  Result<std::unique_ptr<Client>> c = Client::start(std::string(kFakeEngine) + " " + args, options);
  EXPECT_TRUE(c.ok()) << c.error();
  return c.ok() ? std::move(c).value() : nullptr;
}

bool contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

TEST(Client, SendsACommandAndReadsItsResult) {
  std::unique_ptr<Client> c = fake("");
  ASSERT_TRUE(c);
  const Result<Response> r = c->send("protocol_version");
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_TRUE(r->success);
  EXPECT_EQ(r->text, "2");
  EXPECT_EQ(*c->call("name"), "fake");
  EXPECT_TRUE(c->alive());
}

TEST(Client, ReadsAResponseOfSeveralLines) {
  std::unique_ptr<Client> c = fake("");
  const Result<std::string> r = c->call("list_commands");
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(*r, "protocol_version\nname\nversion\nlist_commands\ngenmove");
}

TEST(Client, AnErrorResponseIsAnAnswerNotAFailure) {
  std::unique_ptr<Client> c = fake("");
  const Result<Response> r = c->send("frobnicate");
  ASSERT_TRUE(r.ok());
  EXPECT_FALSE(r->success);
  EXPECT_EQ(r->text, "unknown command");
  EXPECT_TRUE(c->alive());
  const Result<std::string> called = c->call("frobnicate now");
  ASSERT_FALSE(called.ok());
  EXPECT_TRUE(contains(called.error(), "refused 'frobnicate now': unknown command")) << called.error();
  EXPECT_TRUE(c->alive());
}

TEST(Client, TrafficSeesEveryLineBothWaysAsItWent) {
  std::vector<std::string> seen;
  ClientOptions options;
  options.traffic = [&seen](Traffic direction, const std::string& line) {
    seen.push_back((direction == Traffic::Sent ? "> " : "< ") + line);
  };
  std::unique_ptr<Client> c = fake("--genmove C3", options);
  ASSERT_TRUE(c);
  ASSERT_TRUE(c->send("list_commands").ok());
  ASSERT_TRUE(c->sendBatch({"frobnicate", "genmove b"}).ok());
  EXPECT_EQ(seen, (std::vector<std::string>{"> 1 list_commands", "< =1 protocol_version", "< name", "< version",
                                            "< list_commands", "< genmove", "< ", "> 2 frobnicate", "> 3 genmove b",
                                            "< ?2 unknown command", "< ", "< =3 C3", "< "}));
}

TEST(Client, SendsABatchAndReadsTheResponsesInOrder) {
  std::unique_ptr<Client> c = fake("--genmove A1,B2,C3");
  std::vector<std::string> commands;
  commands.reserve(2002);
  for (int i = 0; i < 2000; ++i) commands.emplace_back(i % 2 ? "known_command genmove" : "known_command nothing");
  commands.emplace_back("genmove b");
  commands.emplace_back("genmove w");
  const Result<std::vector<Response>> rs = c->sendBatch(commands);
  ASSERT_TRUE(rs.ok()) << rs.error();
  ASSERT_EQ(rs->size(), commands.size());
  for (int i = 0; i < 2000; ++i) ASSERT_EQ((*rs)[i].text, i % 2 ? "true" : "false") << i;
  EXPECT_EQ((*rs)[2000].text, "A1");
  EXPECT_EQ((*rs)[2001].text, "B2");
}

TEST(Client, ACrashIsReportedWithTheExitStatusTheCommandAndTheEnginesLastWords) {
  std::unique_ptr<Client> c = fake("--exit-on genmove --exit-code 3 --stderr-text 'assertion failed: board.cpp:12'");
  ASSERT_TRUE(c->send("name").ok());
  const Result<Response> r = c->send("genmove b");
  ASSERT_FALSE(r.ok());
  EXPECT_TRUE(contains(r.error(), "exited with status 3")) << r.error();
  EXPECT_TRUE(contains(r.error(), "(command: genmove b)")) << r.error();
  EXPECT_TRUE(contains(r.error(), "assertion failed: board.cpp:12")) << r.error();
  EXPECT_TRUE(contains(r.error(), kFakeEngine)) << r.error();
  EXPECT_FALSE(c->alive());
  // Dead for good: later commands fail at once with the same words.
  const Result<Response> again = c->send("name");
  ASSERT_FALSE(again.ok());
  EXPECT_EQ(again.error(), r.error());
  EXPECT_EQ(c->failure(), r.error());
}

TEST(Client, AnEngineKilledByASignalIsReportedSo) {
  std::unique_ptr<Client> c = fake("--kill-self-on genmove");
  const Result<Response> r = c->send("genmove w");
  ASSERT_FALSE(r.ok());
  EXPECT_TRUE(contains(r.error(), "was killed by signal 9 (SIGKILL)")) << r.error();
}

TEST(Client, AnEngineThatExitedBeforeTheCommandIsReportedWithItsStatus) {
  std::unique_ptr<Client> c = fake("--exit-on name --exit-code 7");
  ASSERT_FALSE(c->send("name").ok());
  std::unique_ptr<Client> d = fake("--exit-on name --exit-code 7");
  // Give it a dead pipe to write into: the first command makes it exit, the batch's rest meets the closed pipe.
  std::vector<std::string> many(20000, "version");
  many.insert(many.begin(), "name");
  const Result<std::vector<Response>> rs = d->sendBatch(many);
  ASSERT_FALSE(rs.ok());
  EXPECT_TRUE(contains(rs.error(), "exited with status 7")) << rs.error();
}

TEST(Client, AHungEngineTimesOutQuicklyAndIsEnded) {
  ClientOptions options;
  options.timeout = milliseconds(300);
  std::unique_ptr<Client> c = fake("--hang-on genmove --ignore-term", options);
  const Clock::time_point start = Clock::now();
  const Result<Response> r = c->send("genmove b");
  ASSERT_FALSE(r.ok());
  EXPECT_TRUE(contains(r.error(), "did not answer within 300 ms (command: genmove b)")) << r.error();
  EXPECT_LT(Clock::now() - start, seconds(2));
  EXPECT_FALSE(c->alive());
  const Clock::time_point closing = Clock::now();
  c.reset();
  EXPECT_LT(Clock::now() - closing, seconds(1));
}

TEST(Client, GarbageIsReportedWithWhatTheEngineSaid) {
  std::unique_ptr<Client> c = fake("--garbage-on name");
  const Result<Response> r = c->send("name");
  ASSERT_FALSE(r.ok());
  EXPECT_TRUE(contains(r.error(), "answered something that is not a GTP response: \"this is not a GTP response\""))
      << r.error();
  EXPECT_FALSE(c->alive());
}

// An engine started from a shell script; the timeout is long, so that only a failure that does not wait for it
// passes the tests below however slow the machine.
std::unique_ptr<Client> script(const std::string& text, ClientOptions options = {}) {
  options.timeout = seconds(30);
  Result<std::unique_ptr<Client>> c = Client::start(std::vector<std::string>{"/bin/sh", "-c", text}, options);
  EXPECT_TRUE(c.ok()) << c.error();
  return c.ok() ? std::move(c).value() : nullptr;
}

TEST(Client, BinaryOutputFailsAtOnceNamingTheBytesAndTheEnginesLastWords) {
  // GNU Go without --mode gtp: GMP bytes without a line end, then it waits for its input to end and complains.
  std::unique_ptr<Client> c =
      script(R"(printf '\001\241\240\200'; cat >/dev/null; echo 'Error "System error." occurred.' >&2)");
  const Clock::time_point start = Clock::now();
  const Result<Response> r = c->send("protocol_version");
  ASSERT_FALSE(r.ok());
  EXPECT_LT(Clock::now() - start, seconds(10));
  EXPECT_EQ(r.errorKind(), ErrorKind::Unreachable);
  EXPECT_EQ(r.error(),
            "engine /bin/sh answered something that is not a GTP response: \"\\x01\\xa1\\xa0\\x80\"; it does not speak "
            "GTP (GNU Go needs --mode gtp) (command: protocol_version); its stderr ends: Error \"System error.\" "
            "occurred.");
  EXPECT_FALSE(c->alive());

  std::unique_ptr<Client> d = script(R"(printf '\033\000\377'; exit 1)");
  const Result<Response> exited = d->send("protocol_version");
  ASSERT_FALSE(exited.ok());
  EXPECT_TRUE(contains(exited.error(), "\"\\x1b\\x00\\xff\"; it does not speak GTP")) << exited.error();
}

TEST(Client, TextThatCannotStartAResponseFailsAtOnceWithoutItsLineEnd) {
  std::unique_ptr<Client> c = script("printf 'Loading...'; cat >/dev/null");
  const Clock::time_point start = Clock::now();
  const Result<Response> r = c->send("protocol_version");
  ASSERT_FALSE(r.ok());
  EXPECT_LT(Clock::now() - start, seconds(10));
  EXPECT_TRUE(contains(r.error(), "answered something that is not a GTP response: \"Loading...\" (command: "))
      << r.error();
  EXPECT_FALSE(contains(r.error(), "does not speak GTP")) << r.error();
}

TEST(Client, AnEngineThatExitsAtOnceFailsAtOnce) {
  std::unique_ptr<Client> c = script("echo 'cannot open the weights' >&2; exit 2");
  const Clock::time_point start = Clock::now();
  const Result<Response> r = c->send("protocol_version");
  ASSERT_FALSE(r.ok());
  EXPECT_LT(Clock::now() - start, seconds(10));
  EXPECT_EQ(r.error(),
            "engine /bin/sh exited with status 2 (command: protocol_version); its stderr ends: cannot open the "
            "weights");

  // Its output stays open in a process it started, so only its exit says that no answer will come.
  std::unique_ptr<Client> d = script("sleep 30 & exit 5");
  const Clock::time_point again = Clock::now();
  const Result<Response> orphaned = d->send("protocol_version");
  ASSERT_FALSE(orphaned.ok());
  EXPECT_LT(Clock::now() - again, seconds(10));
  EXPECT_TRUE(contains(orphaned.error(), "exited with status 5 (command: protocol_version)")) << orphaned.error();
}

TEST(Client, AnEngineSlowToStartIsReportedOnceAndThenAnswers) {
  std::vector<std::string> notices;
  ClientOptions options;
  options.slowStartNotice = milliseconds(300);
  options.notice = [&](const std::string& line) { notices.push_back(line); };
  std::unique_ptr<Client> c = fake("--silent-for 1500", options);
  const Result<Response> r = c->send("protocol_version");
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r->text, "2");
  ASSERT_EQ(notices.size(), 1U);
  EXPECT_EQ(notices[0], "waiting for engine " + std::string(kFakeEngine) +
                            " to answer protocol_version (300 ms so far; timeout 10 s)");
  // Once the engine has started, a slow answer is its thinking, not news.
  options.timeout = milliseconds(1000);
  std::unique_ptr<Client> d = fake("--hang-on genmove", options);
  ASSERT_TRUE(d->call("name").ok());
  EXPECT_FALSE(d->send("genmove b").ok());
  EXPECT_EQ(notices.size(), 1U);
}

TEST(Client, AResponseWithAnotherCommandsIdIsOutOfStep) {
  std::unique_ptr<Client> c = fake("--wrong-id");
  const Result<Response> r = c->send("name");
  ASSERT_FALSE(r.ok());
  EXPECT_TRUE(contains(r.error(), "answered out of step")) << r.error();
}

TEST(Client, AcceptsResponsesWithoutIdsAndWithCrLf) {
  std::unique_ptr<Client> c = fake("--no-ids --crlf");
  EXPECT_EQ(*c->call("name"), "fake");
  EXPECT_EQ(*c->call("list_commands"), "protocol_version\nname\nversion\nlist_commands\ngenmove");
  ClientOptions noIds;
  noIds.sendIds = false;
  std::unique_ptr<Client> d = fake("", noIds);
  EXPECT_EQ(*d->call("version"), "1.0");
}

TEST(Client, AnEngineClosingItsOutputIsReported) {
  std::unique_ptr<Client> c = fake("--close-stdout-on name");
  const Clock::time_point start = Clock::now();
  const Result<Response> r = c->send("name");
  ASSERT_FALSE(r.ok());
  EXPECT_TRUE(contains(r.error(), "closed its output")) << r.error();
  EXPECT_LT(Clock::now() - start, seconds(3));
}

TEST(Client, AFloodOfStderrDoesNotBlockTheEngine) {
  std::unique_ptr<Client> c = fake("--stderr-bytes 3000000");
  const Result<std::string> r = c->call("name");
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(*r, "fake");
  EXPECT_LE(c->stderrTail().size(), ProcessOptions{}.stderrTailBytes);
}

TEST(Client, RefusesACommandOfSeveralLinesWithoutHarm) {
  std::unique_ptr<Client> c = fake("");
  EXPECT_FALSE(c->send("name\nquit").ok());
  EXPECT_TRUE(c->alive());
  EXPECT_EQ(*c->call("name"), "fake");
}

TEST(Client, CloseSaysQuitAndEndsEvenAnEngineThatIgnoresIt) {
  const std::string log = test_support::freshPath("quit_log");
  std::unique_ptr<Client> polite = fake("--log " + log);
  polite->close();
  EXPECT_FALSE(polite->alive());
  std::ifstream in(log);
  std::string line, last;
  while (std::getline(in, line)) last = line;
  EXPECT_EQ(last, "quit");

  ClientOptions options;
  options.quitGrace = milliseconds(100);
  std::unique_ptr<Client> stubborn = fake("--ignore-quit --ignore-term", options);
  const Clock::time_point start = Clock::now();
  stubborn->close();
  EXPECT_LT(Clock::now() - start, seconds(2));
  EXPECT_FALSE(stubborn->send("name").ok());
}

TEST(Client, StartFailsForAMissingProgramOrABadCommandLine) {
  EXPECT_NE(Client::start("/nonexistent/gnugo --mode gtp").error().find("No such file or directory"),
            std::string::npos);
  EXPECT_FALSE(Client::start("gnugo 'unterminated").ok());
  EXPECT_FALSE(Client::start("   ").ok());
}

TEST(Client, DrivesGnuGo) {
  if (access(kGnuGo, X_OK) != 0) GTEST_SKIP() << kGnuGo << " is not installed (apt-get install gnugo)";
  Result<std::unique_ptr<Client>> started = Client::start(std::string(kGnuGo) + " --mode gtp --level 0");
  ASSERT_TRUE(started.ok()) << started.error();
  Client& gnugo = **started;
  EXPECT_EQ(*gnugo.call("name"), "GNU Go");
  EXPECT_EQ(*gnugo.call("protocol_version"), "2");
  ASSERT_TRUE(gnugo.call("boardsize 9").ok());
  ASSERT_TRUE(gnugo.call("clear_board").ok());
  ASSERT_TRUE(gnugo.call("play b E5").ok());
  const Result<Response> illegal = gnugo.send("play w E5");
  ASSERT_TRUE(illegal.ok());
  EXPECT_FALSE(illegal->success);
  EXPECT_EQ(illegal->text, "illegal move");
  EXPECT_EQ(*gnugo.call("list_stones black"), "E5");
  const Result<std::string> move = gnugo.call("genmove w");
  ASSERT_TRUE(move.ok()) << move.error();
  EXPECT_FALSE(move->empty());
  const Result<std::string> board = gnugo.call("showboard");
  ASSERT_TRUE(board.ok());
  EXPECT_GT(std::count(board->begin(), board->end(), '\n'), 9);
}

}  // namespace
}  // namespace tengen::gtp
