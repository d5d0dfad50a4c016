#include "tengen/gtp/process.h"

#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <string>
#include <system_error>
#include <utility>

extern char** environ;

namespace tengen::gtp {

namespace {

using Clock = Process::Clock;

// How often a read that waits for output looks whether the child has ended: one that ends while a process it
// started holds its stdout open never brings the end of its output.
constexpr std::chrono::milliseconds kExitCheckInterval{100};

std::string errnoText(int error) { return std::generic_category().message(error); }

// Milliseconds from now to the deadline for poll(): never negative, and rounded up so a poll does not return just
// before the deadline and spin.
int pollTimeout(Clock::time_point deadline) {
  const auto left = deadline - Clock::now();
  if (left <= Clock::duration::zero()) return 0;
  const auto ms = std::chrono::ceil<std::chrono::milliseconds>(left).count();
  return static_cast<int>(std::min<long long>(ms, 1 << 30));
}

void closeFd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

// Moves a descriptor above 2, so that dup2 onto the child's 0, 1 and 2 always makes a fresh descriptor without
// close-on-exec even when this process runs with one of its standard streams closed.
bool raiseAboveStdio(int& fd) {
  if (fd > 2) return true;
  const int moved = ::fcntl(fd, F_DUPFD_CLOEXEC, 3);
  if (moved < 0) return false;
  ::close(fd);
  fd = moved;
  return true;
}

struct Pipe {
  int read = -1;
  int write = -1;
};

// A pipe whose ends are close-on-exec, so no other child inherits them.
bool makePipe(Pipe& p) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) return false;
  p.read = fds[0];
  p.write = fds[1];
  return raiseAboveStdio(p.read) && raiseAboveStdio(p.write);
}

void closePipe(Pipe& p) {
  closeFd(p.read);
  closeFd(p.write);
}

void setNonBlocking(int fd) { ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK); }

std::string_view signalName(int sig) {
  switch (sig) {
    case SIGHUP:
      return "SIGHUP";
    case SIGINT:
      return "SIGINT";
    case SIGQUIT:
      return "SIGQUIT";
    case SIGILL:
      return "SIGILL";
    case SIGTRAP:
      return "SIGTRAP";
    case SIGABRT:
      return "SIGABRT";
    case SIGBUS:
      return "SIGBUS";
    case SIGFPE:
      return "SIGFPE";
    case SIGKILL:
      return "SIGKILL";
    case SIGSEGV:
      return "SIGSEGV";
    case SIGPIPE:
      return "SIGPIPE";
    case SIGALRM:
      return "SIGALRM";
    case SIGTERM:
      return "SIGTERM";
    case SIGXCPU:
      return "SIGXCPU";
    default:
      return "";
  }
}

// write() with SIGPIPE held back for this thread only: a child that has closed its stdin makes write() fail with
// EPIPE and raise SIGPIPE, whose default action would end tengen. The signal is blocked, and a SIGPIPE this write
// raised is consumed before the old mask comes back, so nothing of the process's signal handling changes.
ssize_t writeWithoutSigpipe(int fd, const char* data, std::size_t size) {
  sigset_t pipeOnly;
  sigemptyset(&pipeOnly);
  sigaddset(&pipeOnly, SIGPIPE);
  sigset_t old;
  pthread_sigmask(SIG_BLOCK, &pipeOnly, &old);
  sigset_t pending;
  sigpending(&pending);
  const bool wasPending = sigismember(&pending, SIGPIPE) == 1;

  const ssize_t n = ::write(fd, data, size);
  const int savedErrno = errno;
  if (n < 0 && savedErrno == EPIPE && !wasPending) {
    const timespec zero{0, 0};
    while (sigtimedwait(&pipeOnly, nullptr, &zero) < 0 && errno == EINTR) {
    }
  }
  pthread_sigmask(SIG_SETMASK, &old, nullptr);
  errno = savedErrno;
  return n;
}

// Inside double quotes a backslash escapes only these; before anything else it is an ordinary character.
constexpr std::string_view kDoubleQuoteEscapes = "\\\"$`\n";

bool needsQuoting(const std::string& word) {
  if (word.empty()) return true;
  return word.find_first_of(" \t\n'\"\\$`") != std::string::npos;
}

}  // namespace

Result<std::vector<std::string>> splitCommandLine(std::string_view line) {
  using R = Result<std::vector<std::string>>;
  std::vector<std::string> words;
  std::string word;
  bool inWord = false;  // a word has started, possibly an empty one made of ""
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char ch = line[i];
    if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r') {
      if (inWord) words.push_back(std::move(word));
      word.clear();
      inWord = false;
      continue;
    }
    inWord = true;
    if (ch == '\\') {
      if (i + 1 == line.size()) return R::failure("a backslash ends the command line with nothing to escape");
      ++i;
      if (line[i] != '\n') word += line[i];  // backslash-newline joins lines, as in a shell
      continue;
    }
    if (ch == '\'') {
      const std::size_t close = line.find('\'', i + 1);
      if (close == std::string_view::npos) return R::failure("unterminated ' quote in the command line");
      word += line.substr(i + 1, close - i - 1);
      i = close;
      continue;
    }
    if (ch == '"') {
      std::size_t j = i + 1;
      for (; j < line.size() && line[j] != '"'; ++j) {
        if (line[j] == '\\' && j + 1 < line.size() && kDoubleQuoteEscapes.find(line[j + 1]) != std::string_view::npos) {
          ++j;
          if (line[j] != '\n') word += line[j];
          continue;
        }
        word += line[j];
      }
      if (j == line.size()) return R::failure("unterminated \" quote in the command line");
      i = j;
      continue;
    }
    word += ch;
  }
  if (inWord) words.push_back(std::move(word));
  if (words.empty()) return R::failure("the command line is empty");
  return words;
}

std::string joinCommandLine(const std::vector<std::string>& words) {
  std::string line;
  for (const std::string& word : words) {
    if (!line.empty()) line += ' ';
    if (!needsQuoting(word)) {
      line += word;
      continue;
    }
    // Inside single quotes nothing is special; a single quote itself is closed, escaped and reopened.
    line += '\'';
    for (char ch : word) {
      if (ch == '\'') {
        line += "'\\''";
      } else {
        line += ch;
      }
    }
    line += '\'';
  }
  return line;
}

Process::Process(std::vector<std::string> argv, const ProcessOptions& options)
    : m_argv(std::move(argv)), m_options(options) {}

Result<std::unique_ptr<Process>> Process::start(const std::vector<std::string>& argv, const ProcessOptions& options) {
  using R = Result<std::unique_ptr<Process>>;
  if (argv.empty() || argv[0].empty()) return R::failure("no program to start");
  const std::string what = "cannot start '" + argv[0] + "': ";

  Pipe in, out, err, wake;
  if (!makePipe(in) || !makePipe(out) || !makePipe(err) || !makePipe(wake)) {
    const int error = errno;
    closePipe(in);
    closePipe(out);
    closePipe(err);
    closePipe(wake);
    return R::failure(what + "cannot make pipes: " + errnoText(error), ErrorKind::Unreachable);
  }

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in.read, STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, out.write, STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, err.write, STDERR_FILENO);

  // The child starts with the default SIGPIPE action and no blocked signals whatever this process has set, so it
  // behaves as it would when started from a shell.
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t defaults;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  sigset_t noneBlocked;
  sigemptyset(&noneBlocked);
  posix_spawnattr_setsigmask(&attr, &noneBlocked);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);

  std::vector<char*> args;
  args.reserve(argv.size() + 1);
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);

  pid_t pid = -1;
  const int rc = posix_spawnp(&pid, args[0], &actions, &attr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);

  closeFd(in.read);
  closeFd(out.write);
  closeFd(err.write);
  if (rc != 0) {
    closePipe(in);
    closePipe(out);
    closePipe(err);
    closePipe(wake);
    return R::failure(what + errnoText(rc), ErrorKind::Unreachable);
  }

  std::unique_ptr<Process> p(new Process(argv, options));
  p->m_pid = pid;
  p->m_stdin = in.write;
  p->m_stdout = out.read;
  p->m_stderr = err.read;
  p->m_wakeRead = wake.read;
  p->m_wakeWrite = wake.write;
  setNonBlocking(p->m_stdin);
  setNonBlocking(p->m_stdout);
  setNonBlocking(p->m_stderr);
  p->m_drain = std::thread([raw = p.get()] { raw->drainStderr(); });
  if (options.started) options.started(pid);
  return p;
}

Process::~Process() { shutdown(std::chrono::milliseconds(500)); }

// Runs on its own thread from start until the child's stderr ends or shutdown() wakes it: a child that writes a
// lot on stderr must never block because nobody reads it.
void Process::drainStderr() {
  char buffer[4096];
  for (;;) {
    pollfd fds[2] = {{m_stderr, POLLIN, 0}, {m_wakeRead, POLLIN, 0}};
    const int ready = ::poll(fds, 2, -1);
    if (ready < 0) {
      if (errno == EINTR) continue;
      return;
    }
    if (fds[1].revents != 0) {
      // Told to stop: keep what is already in the pipe (a crashed child's last words usually are), then leave.
      drainAvailable();
      return;
    }
    if (fds[0].revents == 0) continue;
    const ssize_t n = ::read(m_stderr, buffer, sizeof buffer);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (n <= 0) return;
    keepStderr(buffer, static_cast<std::size_t>(n));
  }
}

void Process::drainAvailable() {
  char buffer[4096];
  for (;;) {
    const ssize_t n = ::read(m_stderr, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    keepStderr(buffer, static_cast<std::size_t>(n));
  }
}

void Process::keepStderr(const char* data, std::size_t size) {
  const std::lock_guard<std::mutex> lock(m_tailMutex);
  m_tail.append(data, size);
  if (m_tail.size() > m_options.stderrTailBytes) m_tail.erase(0, m_tail.size() - m_options.stderrTailBytes);
}

std::string Process::stderrTail() const {
  const std::lock_guard<std::mutex> lock(m_tailMutex);
  return m_tail;
}

void Process::recordExit(int status) {
  m_reaped = true;
  if (WIFEXITED(status)) {
    m_exitDescription = "exited with status " + std::to_string(WEXITSTATUS(status));
  } else if (WIFSIGNALED(status)) {
    const int sig = WTERMSIG(status);
    m_exitDescription = "was killed by signal " + std::to_string(sig);
    const std::string_view name = signalName(sig);
    if (!name.empty()) m_exitDescription += " (" + std::string(name) + ")";
  } else {
    m_exitDescription = "ended";
  }
}

bool Process::hasExited() {
  if (m_reaped) return true;
  if (m_pid <= 0) return true;
  int status = 0;
  const pid_t r = ::waitpid(m_pid, &status, WNOHANG);
  if (r == m_pid) {
    recordExit(status);
    return true;
  }
  if (r < 0 && errno == ECHILD) {
    // Someone else reaped it (a SIGCHLD handler set to SIG_IGN does that); it is gone all the same.
    m_reaped = true;
    m_exitDescription = "ended";
    return true;
  }
  return false;
}

bool Process::waitForExit(Clock::time_point deadline) {
  // There is no waitpid with a timeout; short sleeps that grow keep a quick exit quick and a slow one cheap.
  auto nap = std::chrono::milliseconds(1);
  for (;;) {
    if (hasExited()) return true;
    const auto now = Clock::now();
    if (now >= deadline) return false;
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now);
    std::this_thread::sleep_for(std::min(nap, left + std::chrono::milliseconds(1)));
    nap = std::min(nap * 2, std::chrono::milliseconds(20));
  }
}

void Process::closeStdin() { closeFd(m_stdin); }

void Process::shutdown(std::chrono::milliseconds grace) {
  closeStdin();
  if (!hasExited()) {
    if (!waitForExit(Clock::now() + grace)) {
      ::kill(m_pid, SIGTERM);
      if (!waitForExit(Clock::now() + grace)) {
        ::kill(m_pid, SIGKILL);
        waitForExit(Clock::time_point::max());
      }
    }
  }
  if (m_drain.joinable()) {
    // The child is gone, but a grandchild may still hold its stderr open; the wake pipe ends the thread anyway.
    const char byte = 0;
    (void)!::write(m_wakeWrite, &byte, 1);
    m_drain.join();
  }
  closeFd(m_stdout);
  closeFd(m_stderr);
  closeFd(m_wakeRead);
  closeFd(m_wakeWrite);
}

Status Process::write(std::string_view data, Clock::time_point deadline) {
  using R = Status;
  while (!data.empty()) {
    if (m_stdin < 0) return R::failure("has its input closed", ErrorKind::Unreachable);
    // While the child's stdout is open it is read too, or a child answering earlier commands could fill that
    // pipe and stop reading this one.
    pollfd fds[2] = {{m_stdin, POLLOUT, 0}, {m_stdout, POLLIN, 0}};
    const bool watchOutput = m_stdout >= 0 && !m_stdoutEnded && m_out.size() <= m_options.maxLineBytes;
    const int ready = ::poll(fds, watchOutput ? 2 : 1, pollTimeout(deadline));
    if (ready < 0) {
      if (errno == EINTR) continue;
      return R::failure("could not be waited for: " + errnoText(errno), ErrorKind::Unreachable);
    }
    if (ready == 0) return R::failure("did not read its input in time", ErrorKind::Unreachable);
    if (watchOutput && fds[1].revents != 0) readAvailable();
    if ((fds[0].revents & (POLLOUT | POLLERR | POLLHUP)) == 0) continue;
    const ssize_t n = writeWithoutSigpipe(m_stdin, data.data(), data.size());
    if (n < 0) {
      if (errno == EINTR || errno == EAGAIN) continue;
      const int error = errno;
      if (error == EPIPE) {
        closeStdin();
        return R::failure("no longer reads its input", ErrorKind::Unreachable);
      }
      return R::failure("could not be written to: " + errnoText(error), ErrorKind::Unreachable);
    }
    data.remove_prefix(static_cast<std::size_t>(n));
  }
  return Done{};
}

bool Process::readAvailable() {
  char buffer[65536];
  // Past maxLineBytes, readLine() has a line (or a refusal) to answer: what a child writes faster than that waits in
  // its pipe, not here.
  while (m_out.size() <= m_options.maxLineBytes) {
    const ssize_t n = ::read(m_stdout, buffer, sizeof buffer);
    if (n > 0) {
      m_out.append(buffer, static_cast<std::size_t>(n));
      if (static_cast<std::size_t>(n) < sizeof buffer) return true;
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno == EAGAIN) return true;
    m_stdoutEnded = true;
    return false;
  }
  return true;
}

std::string Process::takeOut() {
  std::string line = std::move(m_out);
  m_out.clear();
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return line;
}

Result<std::string> Process::readLine(Clock::time_point deadline, const PartialLineCheck& wrongAlready) {
  using R = Result<std::string>;
  std::size_t searched = 0;
  for (;;) {
    const std::size_t newline = m_out.find('\n', searched);
    if (newline != std::string::npos) {
      std::string line = m_out.substr(0, newline);
      m_out.erase(0, newline + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return line;
    }
    searched = m_out.size();
    if (!m_out.empty() && wrongAlready && wrongAlready(m_out)) return takeOut();
    if (m_out.size() > m_options.maxLineBytes) {
      return R::failure("wrote a line longer than " + std::to_string(m_options.maxLineBytes) + " bytes",
                        ErrorKind::Unreachable);
    }
    if (m_stdoutEnded || m_stdout < 0) {
      if (!m_out.empty()) return takeOut();
      // The output usually ends because the child is ending; give it a moment so the message can say how.
      waitForExit(std::min(deadline, Clock::now() + std::chrono::milliseconds(500)));
      if (m_reaped) return R::failure(m_exitDescription, ErrorKind::Unreachable);
      return R::failure("closed its output", ErrorKind::Unreachable);
    }
    pollfd fd{m_stdout, POLLIN, 0};
    const int ready = ::poll(&fd, 1, pollTimeout(std::min(deadline, Clock::now() + kExitCheckInterval)));
    if (ready < 0) {
      if (errno == EINTR) continue;
      return R::failure("could not be waited for: " + errnoText(errno), ErrorKind::Unreachable);
    }
    if (ready > 0) {
      readAvailable();
    } else if (Clock::now() >= deadline) {
      return R::failure("did not answer in time", ErrorKind::Unreachable);
    } else if (hasExited()) {
      // Ended while a process it started keeps its stdout open: what is in the pipe is all that will come.
      readAvailable();
      m_stdoutEnded = true;
    }
  }
}

}  // namespace tengen::gtp
