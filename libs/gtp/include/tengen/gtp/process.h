// A child process with pipes to its stdin and stdout and its stderr drained in the background: how tengen runs GTP
// engines. Nothing here throws, and a child that dies can never take tengen down with SIGPIPE.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "tengen/core/result.h"

namespace tengen::gtp {

// Splits a command line into words as a POSIX shell does for plain words, 'single quotes', "double quotes" (where
// a backslash escapes only \ " $ ` and the line end) and backslash escapes outside quotes, but runs no shell: no
// variables, globs, ~, pipes or redirections. Refuses a line without words and an unterminated quote or escape.
Result<std::vector<std::string>> splitCommandLine(std::string_view line);

// "gnugo --mode gtp" from words, quoting those that splitCommandLine would otherwise split or unescape.
std::string joinCommandLine(const std::vector<std::string>& words);

struct ProcessOptions {
  // How much of the child's stderr is kept for error messages: its latest bytes.
  std::size_t stderrTailBytes = 8192;
  // A stdout line longer than this is refused rather than buffered without end.
  std::size_t maxLineBytes = 1 << 20;
  // Called with the child's pid on the thread that starts it, as soon as it runs and before anything waits for it
  // (so the pid is still the child's): for a watcher that must be able to end a child that hangs, e.g. through a
  // pidfd (pidfd_open), which cannot name another process once the child is reaped. Empty: nothing is called.
  std::function<void(pid_t pid)> started;
};

class Process {
 public:
  using Clock = std::chrono::steady_clock;

  // Starts argv[0] (looked up on PATH when it has no slash) with the arguments argv[1...], its stdin and stdout
  // connected to this process and its stderr read by a background thread. Fails, saying why, when the program
  // cannot be run. Precondition: argv is not empty.
  static Result<std::unique_ptr<Process>> start(const std::vector<std::string>& argv,
                                                const ProcessOptions& options = {});

  // Ends the child as shutdown() does with a short grace period, if that has not happened yet.
  ~Process();
  Process(const Process&) = delete;
  Process& operator=(const Process&) = delete;

  pid_t pid() const { return m_pid; }
  const std::vector<std::string>& argv() const { return m_argv; }

  // Failures of write() and readLine() are phrases to follow the program's name: "exited with status 3", "did not
  // answer in time", "no longer reads its input".

  // Writes all of data to the child's stdin before the deadline. Whatever the child writes on stdout meanwhile is
  // buffered for readLine(), so a child that answers while it still reads never blocks either side. Fails when
  // the child no longer reads its input (it closed it or ended) or the deadline passes.
  Status write(std::string_view data, Clock::time_point deadline);

  // Looks at the start of a line whose end has not come yet: true when that start already shows the line is
  // wrong, so that waiting for its end (which binary output may never bring) is pointless.
  using PartialLineCheck = std::function<bool(std::string_view partial)>;

  // The next line of the child's stdout without its '\n' (a '\r' before it is removed too). Fails at the end of
  // the output, saying how the child ended when it has, when a line exceeds maxLineBytes, or when the deadline
  // passes. A child that ends fails the read at once even while a process it started holds its stdout open. A
  // last line without a line end is answered as a line, and so is the start of one that `wrongAlready` refuses.
  Result<std::string> readLine(Clock::time_point deadline, const PartialLineCheck& wrongAlready = {});

  // Closes the child's stdin, so that a well-behaved child sees the end of its input.
  void closeStdin();

  // Whether the child has ended; reaps it when it has. Does not wait.
  bool hasExited();

  // Waits until the child ends or the deadline passes; true when it has ended (and has been reaped).
  bool waitForExit(Clock::time_point deadline);

  // How the child ended, e.g. "exited with status 3" or "was killed by signal 11 (SIGSEGV)"; empty while it runs.
  const std::string& exitDescription() const { return m_exitDescription; }

  // Ends the child for good: closes its stdin and waits up to `grace` for it to leave, then sends SIGTERM and
  // waits up to `grace` again, then sends SIGKILL. The child is always reaped and the stderr thread joined.
  void shutdown(std::chrono::milliseconds grace);

  // The latest bytes the child wrote on stderr (at most stderrTailBytes). After shutdown() it includes everything
  // the child wrote before it ended.
  std::string stderrTail() const;

 private:
  Process(std::vector<std::string> argv, const ProcessOptions& options);
  void drainStderr();
  // Reads whatever stderr holds now without waiting.
  void drainAvailable();
  void keepStderr(const char* data, std::size_t size);
  void recordExit(int status);
  // Reads what the child's stdout has now into m_out, stopping once m_out holds more than maxLineBytes; false at its
  // end or on an error.
  bool readAvailable();
  // All of m_out as one line, without a '\r' at its end.
  std::string takeOut();

  std::vector<std::string> m_argv;
  ProcessOptions m_options;
  pid_t m_pid = -1;
  bool m_reaped = false;
  std::string m_exitDescription;

  int m_stdin = -1;   // write end of the child's stdin
  int m_stdout = -1;  // read end of the child's stdout
  bool m_stdoutEnded = false;
  std::string m_out;  // stdout read but not yet answered as lines

  int m_stderr = -1;  // read end of the child's stderr, owned by the drain thread while it runs
  int m_wakeRead = -1;
  int m_wakeWrite = -1;  // written once to stop the drain thread
  std::thread m_drain;
  mutable std::mutex m_tailMutex;
  std::string m_tail;
};

}  // namespace tengen::gtp
