// Child processes as the GTP client runs them: command-line splitting, pipes both ways without deadlock, stderr
// drained in the background, timeouts, exit statuses and signals, SIGPIPE, and shutdown that always ends the child.
#include "tengen/gtp/process.h"

#include <gtest/gtest.h>
#include <sys/resource.h>

#include <chrono>
#include <csignal>
#include <string>
#include <vector>

namespace tengen::gtp {
namespace {

using Clock = Process::Clock;
using std::chrono::milliseconds;
using std::chrono::seconds;

std::unique_ptr<Process> startOk(const std::vector<std::string>& argv) {
  Result<std::unique_ptr<Process>> p = Process::start(argv);
  EXPECT_TRUE(p.ok()) << p.error();
  return p.ok() ? std::move(p).value() : nullptr;
}

std::unique_ptr<Process> shell(const std::string& script) { return startOk({"/bin/sh", "-c", script}); }

Clock::time_point in(milliseconds d) { return Clock::now() + d; }

TEST(SplitCommandLine, SplitsWordsAndHonoursQuotesAndEscapes) {
  using V = std::vector<std::string>;
  EXPECT_EQ(*splitCommandLine("/usr/games/gnugo --mode gtp --level 10"),
            (V{"/usr/games/gnugo", "--mode", "gtp", "--level", "10"}));
  EXPECT_EQ(*splitCommandLine("  a\t b  "), (V{"a", "b"}));
  EXPECT_EQ(*splitCommandLine("katago gtp -config 'my config.cfg'"), (V{"katago", "gtp", "-config", "my config.cfg"}));
  EXPECT_EQ(*splitCommandLine(R"(a "b c" d\ e)"), (V{"a", "b c", "d e"}));
  EXPECT_EQ(*splitCommandLine(R"("say \"hi\" \$HOME \x")"), (V{R"(say "hi" $HOME \x)"}));
  EXPECT_EQ(*splitCommandLine(R"('it'\''s' "" x)"), (V{"it's", "", "x"}));
  EXPECT_EQ(*splitCommandLine("$HOME *.cfg ~ a|b >out"), (V{"$HOME", "*.cfg", "~", "a|b", ">out"}));
  EXPECT_EQ(*splitCommandLine("a'b'\"c\"d"), (V{"abcd"}));
}

TEST(SplitCommandLine, RefusesEmptyLinesAndUnfinishedQuotes) {
  EXPECT_FALSE(splitCommandLine("").ok());
  EXPECT_FALSE(splitCommandLine("   ").ok());
  EXPECT_NE(splitCommandLine("a 'b").error().find("unterminated ' quote"), std::string::npos);
  EXPECT_NE(splitCommandLine("a \"b").error().find("unterminated \" quote"), std::string::npos);
  EXPECT_FALSE(splitCommandLine("a \\").ok());
}

TEST(JoinCommandLine, SplitsBackToTheSameWords) {
  const std::vector<std::vector<std::string>> cases{{"gnugo", "--mode", "gtp"},
                                                    {"a b", "", "it's", "\"q\"", "back\\slash", "$x", "t\tab"}};
  for (const auto& words : cases) {
    const Result<std::vector<std::string>> again = splitCommandLine(joinCommandLine(words));
    ASSERT_TRUE(again.ok()) << joinCommandLine(words);
    EXPECT_EQ(*again, words);
  }
  EXPECT_EQ(joinCommandLine({"gnugo", "--mode", "gtp"}), "gnugo --mode gtp");
}

TEST(Process, TalksToAChildBothWays) {
  std::unique_ptr<Process> cat = startOk({"cat"});
  ASSERT_TRUE(cat);
  ASSERT_TRUE(cat->write("hello\r\nworld\n", in(seconds(5))).ok());
  EXPECT_EQ(*cat->readLine(in(seconds(5))), "hello");
  EXPECT_EQ(*cat->readLine(in(seconds(5))), "world");
  cat->shutdown(seconds(2));
  EXPECT_EQ(cat->exitDescription(), "exited with status 0");
}

TEST(Process, TellsTheChildsPidAsSoonAsItRuns) {
  pid_t told = -1;
  ProcessOptions options;
  // The child runs by then: it can be signalled.
  options.started = [&told](pid_t pid) {
    told = pid;
    EXPECT_EQ(::kill(pid, 0), 0);
  };
  Result<std::unique_ptr<Process>> cat = Process::start({"cat"}, options);
  ASSERT_TRUE(cat.ok()) << cat.error();
  EXPECT_EQ(told, (*cat)->pid());
  (*cat)->shutdown(seconds(2));
}

TEST(Process, WritesMoreThanThePipesHoldWhileTheChildAnswers) {
  // cat answers every line while the rest is still being written; without reading meanwhile both would block.
  std::unique_ptr<Process> cat = startOk({"cat"});
  std::string data;
  for (int i = 0; i < 50000; ++i) data += "line " + std::to_string(i) + "\n";
  ASSERT_GT(data.size(), 300000U);
  ASSERT_TRUE(cat->write(data, in(seconds(20))).ok());
  for (int i = 0; i < 50000; ++i) {
    const Result<std::string> line = cat->readLine(in(seconds(5)));
    ASSERT_TRUE(line.ok()) << line.error();
    ASSERT_EQ(*line, "line " + std::to_string(i));
  }
}

TEST(Process, SaysWhyAProgramCannotStart) {
  const Result<std::unique_ptr<Process>> p = Process::start({"/nonexistent/engine", "--mode", "gtp"});
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.error(), "cannot start '/nonexistent/engine': No such file or directory");
  const Result<std::unique_ptr<Process>> q = Process::start({"no-such-program-on-the-path-tengen"});
  ASSERT_FALSE(q.ok());
  EXPECT_NE(q.error().find("No such file or directory"), std::string::npos);
}

TEST(Process, ReportsTheExitStatusAtTheEndOfOutput) {
  std::unique_ptr<Process> p = shell("echo last words; exit 3");
  EXPECT_EQ(*p->readLine(in(seconds(5))), "last words");
  const Result<std::string> end = p->readLine(in(seconds(5)));
  ASSERT_FALSE(end.ok());
  EXPECT_EQ(end.error(), "exited with status 3");
}

TEST(Process, ReportsTheSignalThatKilledTheChild) {
  std::unique_ptr<Process> p = shell("kill -KILL $$");
  const Result<std::string> end = p->readLine(in(seconds(5)));
  ASSERT_FALSE(end.ok());
  EXPECT_EQ(end.error(), "was killed by signal 9 (SIGKILL)");
}

TEST(Process, AnswersALastLineWithoutALineEnd) {
  std::unique_ptr<Process> p = shell("printf 'no newline'");
  EXPECT_EQ(*p->readLine(in(seconds(5))), "no newline");
  EXPECT_FALSE(p->readLine(in(seconds(5))).ok());
}

TEST(Process, AnswersTheStartOfALineAtOnceWhenTheCheckRefusesIt) {
  std::unique_ptr<Process> p = shell("printf 'ok\\nxy'; exec sleep 30");
  const auto startsWithX = [](std::string_view partial) { return partial.front() == 'x'; };
  const Clock::time_point start = Clock::now();
  EXPECT_EQ(*p->readLine(in(seconds(30)), startsWithX), "ok");
  const Result<std::string> partial = p->readLine(in(seconds(30)), startsWithX);
  ASSERT_TRUE(partial.ok()) << partial.error();
  EXPECT_EQ(partial->front(), 'x');
  EXPECT_LT(Clock::now() - start, seconds(10));
}

TEST(Process, ReportsTheExitAtOnceWhileAGrandchildHoldsTheOutputOpen) {
  std::unique_ptr<Process> p = shell("sleep 30 & echo last words; exit 6");
  const Clock::time_point start = Clock::now();
  EXPECT_EQ(*p->readLine(in(seconds(30))), "last words");
  const Result<std::string> end = p->readLine(in(seconds(30)));
  ASSERT_FALSE(end.ok());
  EXPECT_EQ(end.error(), "exited with status 6");
  EXPECT_LT(Clock::now() - start, seconds(10));
}

TEST(Process, TimesOutWhenTheChildSaysNothing) {
  std::unique_ptr<Process> p = startOk({"sleep", "30"});
  const Clock::time_point start = Clock::now();
  const Result<std::string> line = p->readLine(in(milliseconds(200)));
  ASSERT_FALSE(line.ok());
  EXPECT_EQ(line.error(), "did not answer in time");
  EXPECT_LT(Clock::now() - start, seconds(2));
}

TEST(Process, WritingToAChildThatIsGoneFailsWithoutSigpipe) {
  // If SIGPIPE reached this process with its default action, the test binary itself would die here.
  std::unique_ptr<Process> p = startOk({"true"});
  ASSERT_TRUE(p->waitForExit(in(seconds(5))));
  const std::string lots(1 << 20, 'x');
  const Status written = p->write(lots, in(seconds(5)));
  ASSERT_FALSE(written.ok());
  EXPECT_EQ(written.error(), "no longer reads its input");
  sigset_t pending;
  sigpending(&pending);
  EXPECT_EQ(sigismember(&pending, SIGPIPE), 0) << "a SIGPIPE was left pending";
  EXPECT_FALSE(p->write("more\n", in(seconds(1))).ok());
}

TEST(Process, DrainsAFloodOfStderrAndKeepsOnlyItsEnd) {
  // 2 MB on stderr before the answer: with nobody reading stderr the child would block after 64 KiB.
  std::unique_ptr<Process> p = shell("head -c 2000000 /dev/zero | tr '\\0' e >&2; echo done >&2; echo answer");
  const Result<std::string> line = p->readLine(in(seconds(10)));
  ASSERT_TRUE(line.ok()) << line.error();
  EXPECT_EQ(*line, "answer");
  p->shutdown(seconds(2));
  const std::string tail = p->stderrTail();
  EXPECT_EQ(tail.size(), ProcessOptions{}.stderrTailBytes);
  EXPECT_EQ(tail.substr(tail.size() - 5), "done\n");
}

TEST(Process, RefusesAnEndlessLine) {
  ProcessOptions options;
  options.maxLineBytes = 1000;
  Result<std::unique_ptr<Process>> p =
      Process::start({"/bin/sh", "-c", "head -c 5000 /dev/zero | tr '\\0' x"}, options);
  ASSERT_TRUE(p.ok());
  const Result<std::string> line = (*p)->readLine(in(seconds(5)));
  ASSERT_FALSE(line.ok());
  EXPECT_EQ(line.error(), "wrote a line longer than 1000 bytes");
}

// A child that writes without end and without a line end, as fast as the pipe takes it: the line is refused once it
// passes the limit, and what was buffered meanwhile stays near the limit however fast the child writes.
TEST(Process, AnEndlessFastLineIsRefusedWithinTheLimit) {
  ProcessOptions options;
  options.maxLineBytes = 1 << 20;
  Result<std::unique_ptr<Process>> p = Process::start({"cat", "/dev/zero"}, options);
  ASSERT_TRUE(p.ok());
  rusage before{};
  ::getrusage(RUSAGE_SELF, &before);
  const Result<std::string> line = (*p)->readLine(in(seconds(10)));
  rusage after{};
  ::getrusage(RUSAGE_SELF, &after);
  ASSERT_FALSE(line.ok());
  EXPECT_EQ(line.error(), "wrote a line longer than 1048576 bytes");
  // The line's buffer, grown by doubling past the limit: about 2 MiB.
  EXPECT_LT(after.ru_maxrss - before.ru_maxrss, 4 * 1024) << "KiB of peak memory grown while reading";
}

TEST(Process, ShutdownClosesInputFirstForAWellBehavedChild) {
  std::unique_ptr<Process> cat = startOk({"cat"});
  cat->shutdown(seconds(5));
  EXPECT_EQ(cat->exitDescription(), "exited with status 0");
}

TEST(Process, ShutdownEndsAChildThatIgnoresItsInputWithSigterm) {
  std::unique_ptr<Process> p = startOk({"sleep", "30"});
  const Clock::time_point start = Clock::now();
  p->shutdown(milliseconds(100));
  EXPECT_EQ(p->exitDescription(), "was killed by signal 15 (SIGTERM)");
  EXPECT_LT(Clock::now() - start, seconds(2));
}

TEST(Process, ShutdownEndsAChildThatIgnoresSigtermWithSigkill) {
  // An ignored signal stays ignored across exec, so sleep itself ignores SIGTERM.
  std::unique_ptr<Process> p = shell("trap '' TERM; exec sleep 30");
  const Clock::time_point start = Clock::now();
  p->shutdown(milliseconds(100));
  EXPECT_EQ(p->exitDescription(), "was killed by signal 9 (SIGKILL)");
  EXPECT_LT(Clock::now() - start, seconds(2));
}

TEST(Process, ShutdownDoesNotWaitForAGrandchildHoldingStderr) {
  std::unique_ptr<Process> p = shell("sleep 5 & echo started");
  EXPECT_EQ(*p->readLine(in(seconds(5))), "started");
  const Clock::time_point start = Clock::now();
  p->shutdown(milliseconds(100));
  EXPECT_LT(Clock::now() - start, seconds(2));
}

TEST(Process, TheDestructorEndsAChildThatIsStillRunning) {
  const Clock::time_point start = Clock::now();
  { std::unique_ptr<Process> p = startOk({"sleep", "30"}); }
  EXPECT_LT(Clock::now() - start, seconds(3));
}

}  // namespace
}  // namespace tengen::gtp
