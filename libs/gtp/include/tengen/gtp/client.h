// The controller side of GTP v2: drives an engine that runs as a child process. An engine that crashes, hangs or
// answers garbage is reported as an error value that says which and during which command; nothing throws.
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tengen/core/result.h"
#include "tengen/gtp/process.h"

namespace tengen::gtp {

// Which way a line of the protocol went.
enum class Traffic { Sent, Received };

struct ClientOptions {
  // The longest wait for one response (for a batch, for each response in turn).
  std::chrono::milliseconds timeout{60000};
  // Number the commands (`7 genmove b`) and check that each response carries its command's id; GTP v2 makes ids
  // optional for the engine, so a response without one is accepted too.
  bool sendIds = true;
  // How long close() waits for the engine to leave after `quit`, and again after SIGTERM.
  std::chrono::milliseconds quitGrace{2000};
  // An engine that has not answered its first command (it is starting: loading weights takes a while) after this
  // long is reported once through `notice`, and the wait goes on up to `timeout`. Zero: never.
  std::chrono::milliseconds slowStartNotice{5000};
  // Receives that report as one line, e.g. "waiting for engine katago to answer protocol_version (5 s so far;
  // timeout 60 s)", on the thread that sent the command. When empty, the line goes to std::cerr after "tengen: ".
  std::function<void(const std::string& line)> notice;
  // Sees the protocol's raw lines on the thread that sends: each command line as written (with its id) before it
  // is sent, and each line of a response as read. For a console that shows the traffic; empty: nothing is shown.
  std::function<void(Traffic direction, const std::string& line)> traffic;
  ProcessOptions process;
};

// One well-formed response: `=` with its result or `?` with the engine's error message.
struct Response {
  bool success = false;
  // The text after the status character and id, lines joined with '\n', blanks around it removed.
  std::string text;
};

class Client {
 public:
  // Starts an engine from a command line split by splitCommandLine (no shell involved).
  static Result<std::unique_ptr<Client>> start(std::string_view commandLine, const ClientOptions& options = {});
  // Starts an engine from its words. Precondition: argv is not empty.
  static Result<std::unique_ptr<Client>> start(const std::vector<std::string>& argv, const ClientOptions& options = {});

  // close().
  ~Client();
  Client(const Client&) = delete;
  Client& operator=(const Client&) = delete;

  // Sends one command and reads its response. A `?` is a Response with success false. Fails when the engine
  // crashed (its exit status or signal is named), hung past the timeout, or answered something that is not a GTP
  // response; the client is then dead: the engine is ended and every later call fails at once with the same
  // message. An engine that ends, or whose output cannot start a response (binary bytes, a line of text), fails
  // the call as soon as that shows, without waiting for the timeout. A command that is not one line fails without
  // touching the engine.
  Result<Response> send(std::string_view command);

  // Writes all the commands at once, then reads their responses in order: one round trip instead of one per
  // command. Fails as send() does, for the first command that fails. An open stream is ended first (endStream).
  Result<std::vector<Response>> sendBatch(const std::vector<std::string>& commands);

  // send(), with a `?` answered as a failure too ("engine refused 'play B D4': illegal move"); for commands that
  // must succeed. Unlike a transport failure, a refusal leaves the client alive.
  Result<std::string> call(std::string_view command);

  // The commands whose response streams until the engine reads its next line (lz-analyze, kata-analyze) or until
  // it ends on its own (the genmove_analyze pair). A stream is begun, read line by line, and ended before any other
  // command is sent; send() and sendBatch() refuse while one is open.

  // Sends `command` and reads up to its `=` line. A `?` (the engine refused it) is answered as a Response with
  // success false and no stream is open; the `=` line's text, if any, is the Response's text. Fails as send() does.
  Result<Response> beginStream(std::string_view command);
  // The next line of the open stream, waiting until `deadline`: nothing when none came by then, "" when the stream
  // has ended (its closing empty line; no stream is open any more). Fails as send() does when the engine crashes.
  Result<std::optional<std::string>> readStreamLine(std::chrono::steady_clock::time_point deadline);
  // Ends the open stream: sends an empty line, which ends an analysis stream and is no command, and reads (dropping
  // them) the updates up to the stream's closing empty line, within the timeout. Does nothing when none is open.
  Status endStream();
  // Whether a stream is open.
  bool streaming() const { return m_streaming; }

  // False once a transport failure has made the client dead, or after close().
  bool alive() const { return m_failure.empty() && !m_closed; }
  // Why the client is dead; empty while it is alive.
  const std::string& failure() const { return m_failure; }

  // The engine's command line, as words.
  const std::vector<std::string>& argv() const { return m_argv; }
  // The latest bytes the engine wrote on stderr.
  std::string stderrTail() const;

  // Sends `quit` when the engine is alive, then ends the process (see Process::shutdown) and reaps it. Idempotent.
  void close();

 private:
  Client(std::unique_ptr<Process> process, ClientOptions options);
  // sendBatch(); with `streamed`, a `=` ends the read at its first line and opens a stream.
  Result<std::vector<Response>> sendBatch(const std::vector<std::string>& commands, bool streamed);
  // One response; with `streamed`, a `=` line opens a stream instead (beginStream).
  Result<Response> readResponse(const std::string& command, int id, bool streamed);
  // Tells options.notice that the engine has not answered `command` yet (see ClientOptions::slowStartNotice).
  void noticeSlowStart(const std::string& command);
  // Marks the client dead with a message naming the engine, the command and what went wrong, ends the engine
  // and answers the message.
  std::string fail(const std::string& command, const std::string& what);

  std::unique_ptr<Process> m_process;
  std::vector<std::string> m_argv;
  ClientOptions m_options;
  int m_nextId = 1;
  bool m_answered = false;  // the engine has answered a command: it has started
  std::string m_failure;
  bool m_closed = false;
  bool m_streaming = false;
  std::string m_streamCommand;  // the command whose stream is open
};

}  // namespace tengen::gtp
