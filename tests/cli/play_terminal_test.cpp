// `tengen play` at a terminal: the program runs on a pseudo-terminal, as when a person types, and after the
// opponent's last failed attempt it asks whether to ask again, change the opponent or quit. A bad ENGINE spec is
// answered with the parser's message and asked again. (Piped input keeps exit 3: tests/cli/play_test.sh.)
#include <fcntl.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <pty.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "support/temp_dir.h"

namespace {

// A GTP engine whose every genmove is C3: once the person has played C3, it never finds a legal move.
constexpr const char* kStubbornEngine = R"(#!/usr/bin/env bash
while read -r line; do
  case "$line" in
    genmove*) printf '= C3\n\n' ;;
    quit*) printf '= \n\n'; exit 0 ;;
    *) printf '= \n\n' ;;
  esac
done
)";

// `tengen play` on the slave side of a pseudo-terminal in `dir`; the test reads and types on the master side.
class Terminal {
 public:
  Terminal(const std::string& dir, const std::string& opponent) {
    m_pid = forkpty(&m_master, nullptr, nullptr, nullptr);
    if (m_pid == 0) {
      if (chdir(dir.c_str()) != 0) _exit(126);
      execl(TENGEN_BINARY, TENGEN_BINARY, "play", "--size", "5", "--opponent", opponent.c_str(), "--sgf", "game.sgf",
            "--max-retries", "2", static_cast<char*>(nullptr));
      _exit(127);
    }
  }
  ~Terminal() {
    if (m_master >= 0) close(m_master);
    if (m_pid > 0 && !m_exited) {
      kill(m_pid, SIGKILL);
      waitpid(m_pid, nullptr, 0);
    }
  }

  bool started() const { return m_pid > 0; }

  // Reads until `text` has appeared after what earlier waits consumed; false after 60 s or at the end of output.
  bool waitFor(const std::string& text) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    for (;;) {
      const std::size_t found = m_output.find(text, m_consumed);
      if (found != std::string::npos) {
        m_consumed = found + text.size();
        return true;
      }
      const auto left =
          std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0) return false;
      pollfd fd{m_master, POLLIN, 0};
      if (poll(&fd, 1, static_cast<int>(left.count())) <= 0) return false;
      char buffer[4096];
      const ssize_t n = read(m_master, buffer, sizeof buffer);
      if (n <= 0) return false;  // the program ended (EIO on Linux once the slave side is closed)
      m_output.append(buffer, static_cast<std::size_t>(n));
    }
  }

  void type(const std::string& line) {
    const std::string text = line + "\n";
    ASSERT_EQ(write(m_master, text.data(), text.size()), static_cast<ssize_t>(text.size()));
  }

  // The exit code, once the program has ended (reading what is left so that it never blocks on a full terminal).
  int exitCode() {
    while (waitFor("\x01never\x01")) {
    }
    int status = 0;
    waitpid(m_pid, &status, 0);
    m_exited = true;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }

  const std::string& output() const { return m_output; }

 private:
  int m_master = -1;
  pid_t m_pid = -1;
  bool m_exited = false;
  std::string m_output;
  std::size_t m_consumed = 0;
};

std::string readFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

class PlayTerminalTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::ofstream(m_dir.path().string() + "/stubborn.sh") << kStubbornEngine;
    m_stubborn = "gtp:bash " + m_dir.path().string() + "/stubborn.sh";
  }

  tengen::test_support::TempDir m_dir{"tengen-play-terminal"};
  std::string m_stubborn;
};

constexpr const char* kChoice = "ask again, change opponent, or quit> ";
constexpr const char* kEnginePrompt = "Opponent ENGINE (as --opponent takes it; empty to go back)> ";

TEST_F(PlayTerminalTest, AfterTheOpponentFailsThePersonAsksAgainThenChangesIt) {
  Terminal terminal(m_dir.path().string(), m_stubborn);
  ASSERT_TRUE(terminal.started());
  ASSERT_TRUE(terminal.waitFor("Black to move> ")) << terminal.output();
  terminal.type("C3");
  ASSERT_TRUE(terminal.waitFor(kChoice)) << terminal.output();
  // Something it does not know is answered, and the question comes again.
  terminal.type("maybe");
  ASSERT_TRUE(terminal.waitFor("Type ask")) << terminal.output();
  ASSERT_TRUE(terminal.waitFor(kChoice)) << terminal.output();
  // Asked again, the same engine fails again.
  terminal.type("ask");
  ASSERT_TRUE(terminal.waitFor("failed")) << terminal.output();
  ASSERT_TRUE(terminal.waitFor(kChoice)) << terminal.output();
  terminal.type("change");
  ASSERT_TRUE(terminal.waitFor(kEnginePrompt)) << terminal.output();
  // A spec the parser refuses: its message, and the question again.
  terminal.type("nonsense:x");
  ASSERT_TRUE(terminal.waitFor("--opponent nonsense:x: ")) << terminal.output();
  ASSERT_TRUE(terminal.waitFor(kEnginePrompt)) << terminal.output();
  terminal.type("builtin:playouts=50");
  ASSERT_TRUE(terminal.waitFor("Your opponent is now builtin:playouts=50.")) << terminal.output();
  ASSERT_TRUE(terminal.waitFor("White plays ")) << terminal.output();
  ASSERT_TRUE(terminal.waitFor("Black to move> ")) << terminal.output();
  terminal.type("quit");
  EXPECT_EQ(terminal.exitCode(), 0) << terminal.output();
  // The record names the new opponent and holds its move.
  const std::string record = readFile(m_dir.path().string() + "/game.sgf");
  EXPECT_NE(record.find("PW[builtin:playouts=50]"), std::string::npos) << record;
  EXPECT_NE(record.find(";B[cc];W["), std::string::npos) << record;
}

TEST_F(PlayTerminalTest, QuittingAfterTheFailureEndsWithItsExitCodeAndTheGameSaved) {
  Terminal terminal(m_dir.path().string(), m_stubborn);
  ASSERT_TRUE(terminal.started());
  ASSERT_TRUE(terminal.waitFor("Black to move> ")) << terminal.output();
  terminal.type("C3");
  ASSERT_TRUE(terminal.waitFor(kChoice)) << terminal.output();
  terminal.type("change");
  ASSERT_TRUE(terminal.waitFor(kEnginePrompt)) << terminal.output();
  // An empty line goes back to the choice.
  terminal.type("");
  ASSERT_TRUE(terminal.waitFor(kChoice)) << terminal.output();
  terminal.type("quit");
  ASSERT_TRUE(terminal.waitFor("continue it with: tengen play --resume game.sgf")) << terminal.output();
  EXPECT_EQ(terminal.exitCode(), 3) << terminal.output();
  const std::string record = readFile(m_dir.path().string() + "/game.sgf");
  EXPECT_NE(record.find(";B[cc]"), std::string::npos) << record;
}

}  // namespace
