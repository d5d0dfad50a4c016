// What local input costs the real `tengen`: `tengen check` on large files the SGF limits allow (a few MiB of ';',
// of one-property nodes, of properties of one node, a main line of bare moves, a kifu file of thousands of games)
// peaks within ten times the file's size over its start (a main line of a million passes too, refused past the
// record's limit of moves), and `tengen gtp` sent a 300 MB line within a few MiB. The
// peak is the child's own (wait4's rusage). Sanitizers and Debug builds change what memory costs, so the figures are
// asserted only in a Release build without them (TENGEN_MEMORY_ASSERTED); what the commands answer is checked always.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "support/temp_dir.h"

namespace {

// What a finished child said and what it cost.
struct ChildRun {
  int exitCode = -1;
  std::string out;
  long peakKiB = 0;  // the child's peak resident memory
};

// Runs TENGEN_BINARY with `args`, its stdin fed by `feed` (given the write end of a pipe, which it may write to as
// long as it likes; it is closed afterwards), its stdout collected once it has ended.
ChildRun runTengen(const std::vector<std::string>& args, const std::function<void(int)>& feed = {}) {
  ChildRun run;
  int in[2];
  int out[2];
  if (::pipe(in) != 0 || ::pipe(out) != 0) return run;
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::dup2(in[0], 0);
    ::dup2(out[1], 1);
    const int devnull = ::open("/dev/null", O_WRONLY);
    ::dup2(devnull, 2);
    ::close(in[0]);
    ::close(in[1]);
    ::close(out[0]);
    ::close(out[1]);
    std::vector<char*> argv;
    argv.push_back(const_cast<char*>(TENGEN_BINARY));
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    ::execv(TENGEN_BINARY, argv.data());
    ::_exit(127);
  }
  ::close(in[0]);
  ::close(out[1]);
  if (feed) feed(in[1]);
  ::close(in[1]);
  char buffer[4096];
  for (ssize_t n; (n = ::read(out[0], buffer, sizeof buffer)) != 0;) {
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) break;
    run.out.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(out[0]);
  int status = 0;
  rusage usage{};
  if (::wait4(pid, &status, 0, &usage) == pid && WIFEXITED(status)) run.exitCode = WEXITSTATUS(status);
  run.peakKiB = usage.ru_maxrss;
  return run;
}

bool writeAll(int fd, const std::string& bytes) {
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

// Writes a file of `head`, `unit` repeated until the file holds about `bytes`, and `tail`; answers its size.
std::size_t writeRepeated(const std::string& path, const std::string& head, const std::string& unit, std::size_t bytes,
                          const std::string& tail) {
  std::ofstream file(path, std::ios::binary);
  file << head;
  std::string chunk;
  while (chunk.size() < 65536) chunk += unit;
  std::size_t size = head.size();
  for (; size + chunk.size() <= bytes; size += chunk.size()) file << chunk;
  file << tail;
  return size + tail.size();
}

constexpr std::size_t kMiB = std::size_t{1} << 20;

class InputMemoryTest : public ::testing::Test {
 protected:
  // The peak of `tengen check` on a record of one move, which every other run is measured from.
  long baselineKiB() {
    const std::string tiny = (m_dir.path() / "tiny.sgf").string();
    std::ofstream(tiny) << "(;GM[1]SZ[19];B[pd])";
    const ChildRun run = runTengen({"check", tiny});
    EXPECT_EQ(run.exitCode, 0) << run.out;
    return run.peakKiB;
  }

  // `tengen check` on a file `name` of `head`, `unit` repeated to 4 MiB and `tail` prints `expected` (after the
  // file's path; nothing when `expected` is empty) and peaks within `times` the file's size over the start.
  void expectCheckWithin(std::size_t times, const std::string& name, const std::string& head, const std::string& unit,
                         const std::string& tail, const std::string& expected) {
    const std::string file = path(name);
    const std::size_t size = writeRepeated(file, head, unit, 4 * kMiB, tail);
    const long baseline = baselineKiB();
    const ChildRun run = runTengen({"check", file});
    if (expected.empty()) {
      EXPECT_EQ(run.exitCode, 2);
      EXPECT_EQ(run.out, "");
    } else {
      EXPECT_EQ(run.out.substr(0, file.size() + expected.size()), file + expected) << run.out.substr(0, 200);
    }
    const long grown = run.peakKiB - baseline;
    const long allowed = static_cast<long>(times * size / 1024);
    std::printf("%s: %zu bytes, peak %ld KiB over the start (%.1f times the size)\n", name.c_str(), size, grown,
                static_cast<double>(grown) * 1024 / static_cast<double>(size));
#if TENGEN_MEMORY_ASSERTED
    EXPECT_LE(grown, allowed) << name << ": " << size << " bytes";
#else
    (void)allowed;
#endif
  }

  std::string path(const std::string& name) const { return (m_dir.path() / name).string(); }

  tengen::test_support::TempDir m_dir{"input-memory"};
};

TEST_F(InputMemoryTest, NodesWithoutProperties) {
  expectCheckWithin(10, "semicolons.sgf", "(;GM[1]", ";", ")", ": ok 0 moves");
}

TEST_F(InputMemoryTest, NodesOfOneSmallProperty) {
  expectCheckWithin(10, "comments.sgf", "(;GM[1]", ";C[]", ")", ": ok 0 moves");
}

TEST_F(InputMemoryTest, OneNodeOfManySmallProperties) {
  expectCheckWithin(10, "properties.sgf", "(;GM[1]", "XY[]", ")", ": ok 0 moves");
}

// A main line of 340,000 bare moves: read, and its record refused past the limit of moves (exit 2, on stderr).
TEST_F(InputMemoryTest, AMainLineOfBareMoves) {
  expectCheckWithin(10, "moves.sgf", "(;GM[1]SZ[19]", ";B[dd];W[dd]", ")", "");
}

// A million passes, each legal (play resumes after two): a replay keeps every move twice (the record's and the
// game's) and its position's hash, about 60 bytes a move, where a pass is 4 bytes of the file; so a record's main
// line is refused past 100,000 moves (on stderr, exit 2), before anything is replayed.
TEST_F(InputMemoryTest, AMainLineOfAMillionPassesIsRefusedPastTheRecordsLimit) {
  expectCheckWithin(10, "passes.sgf", "(;GM[1]SZ[19]", ";B[];W[]", ")", "");
}

TEST_F(InputMemoryTest, AKifuFileOfThousandsOfGames) {
  const std::string game =
      "(;GM[1]FF[4]CA[UTF-8]SZ[19]KM[7.5]RU[Chinese]PB[Black]PW[White]DT[2024-01-01]RE[B+R]\n"
      ";B[pd];W[dp];B[pp];W[dd];B[fq];W[cn];B[jp];W[qf];B[qh];W[of]C[a comment on the move]\n"
      ";B[nd];W[qc];B[pc];W[qd];B[oe];W[pe](;B[ne];W[qq];B[qp];W[pq])(;B[og]C[a variation]))\n";
  expectCheckWithin(10, "kifu.sgf", "", game, "", "#1: ok 20 moves\n");
}

// The engine reads a line of 300 MB, answers it "? line too long" and the next command; the line is skipped as it
// comes, never kept.
TEST_F(InputMemoryTest, GtpLineOf300Megabytes) {
  const ChildRun start = runTengen({"gtp"}, [](int fd) { writeAll(fd, "name\nquit\n"); });
  ASSERT_EQ(start.exitCode, 0);
  const ChildRun run = runTengen({"gtp"}, [](int fd) {
    writeAll(fd, "1 name\n7 play b ");
    const std::string chunk(kMiB, 'x');
    for (int i = 0; i < 300; ++i) {
      if (!writeAll(fd, chunk)) return;
    }
    writeAll(fd, "\n3 list_stones black\nquit\n");
  });
  EXPECT_EQ(run.exitCode, 0);
  EXPECT_EQ(run.out, "=1 tengen\n\n?7 line too long\n\n=3 \n\n= \n\n");
  const long grown = run.peakKiB - start.peakKiB;
  std::printf("gtp: a line of 300 MiB, peak %ld KiB over the start\n", grown);
#if TENGEN_MEMORY_ASSERTED
  // The 1 MiB of the line that is kept, and the stream's buffers.
  EXPECT_LE(grown, 8 * 1024);
#endif
}

}  // namespace
