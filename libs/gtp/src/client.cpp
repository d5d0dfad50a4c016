#include "tengen/gtp/client.h"

#include <cctype>
#include <iostream>
#include <string>
#include <utility>

#include "tengen/core/text.h"

namespace tengen::gtp {

namespace {

using Clock = Process::Clock;

// After a transport failure the engine is dead, hung or confused: it gets only a moment before the signals.
constexpr std::chrono::milliseconds kKillGrace{100};
// How long a failed write waits for the child to end, so that the message can give its exit status.
constexpr std::chrono::milliseconds kExitWait{500};
// How much of the engine's stderr an error message quotes.
constexpr std::size_t kStderrQuoted = 400;

std::string durationText(std::chrono::milliseconds d) {
  const long long ms = d.count();
  if (ms < 1000) return std::to_string(ms) + " ms";
  if (ms % 1000 == 0) return std::to_string(ms / 1000) + " s";
  return std::to_string(ms / 1000) + "." + std::to_string(ms % 1000 / 100) + " s";
}

// A line of engine output made printable (other bytes as \xNN) and short enough for a message.
std::string quoted(std::string_view text) {
  constexpr std::size_t kShown = 80;
  constexpr std::string_view kHex = "0123456789abcdef";
  std::string out = "\"";
  for (char ch : text.substr(0, kShown)) {
    const auto byte = static_cast<unsigned char>(ch);
    if (std::isprint(byte)) {
      out += ch;
    } else {
      out += "\\x";
      out += kHex[byte >> 4];
      out += kHex[byte & 0xf];
    }
  }
  return out + (text.size() > kShown ? "...\"" : "\"");
}

bool isBlank(std::string_view line) { return trim(line).empty(); }

// Whether the start of a line already shows that it cannot begin a response: a response starts with '=' or '?'
// in its first column, and a line of blanks (skipped before a response) holds nothing else.
bool cannotBeginResponse(std::string_view partial) {
  const std::size_t first = partial.find_first_not_of(" \t\n\v\f\r");
  if (first == std::string_view::npos) return false;
  return first != 0 || (partial[0] != '=' && partial[0] != '?');
}

// What the engine did when its output cannot begin a response. Output that starts with a byte that is neither
// printable nor blank is another protocol, not GTP text gone wrong: GNU Go without --mode gtp speaks GMP.
std::string notAResponse(std::string_view line) {
  std::string what = "answered something that is not a GTP response: " + quoted(line);
  const std::string_view text = trim(line);
  if (!text.empty() && !std::isprint(static_cast<unsigned char>(text.front()))) {
    what += "; it does not speak GTP (GNU Go needs --mode gtp)";
  }
  return what;
}

void noticeOnStderr(const std::string& line) { std::cerr << "tengen: " + line + "\n" << std::flush; }

}  // namespace

Client::Client(std::unique_ptr<Process> process, ClientOptions options)
    : m_process(std::move(process)), m_argv(m_process->argv()), m_options(std::move(options)) {}

Result<std::unique_ptr<Client>> Client::start(std::string_view commandLine, const ClientOptions& options) {
  const Result<std::vector<std::string>> argv = splitCommandLine(commandLine);
  if (!argv) return Result<std::unique_ptr<Client>>::failure(argv);
  return start(*argv, options);
}

Result<std::unique_ptr<Client>> Client::start(const std::vector<std::string>& argv, const ClientOptions& options) {
  Result<std::unique_ptr<Process>> process = Process::start(argv, options.process);
  if (!process) return Result<std::unique_ptr<Client>>::failure(process);
  return std::unique_ptr<Client>(new Client(std::move(process).value(), options));
}

Client::~Client() { close(); }

std::string Client::stderrTail() const { return m_process ? m_process->stderrTail() : std::string(); }

std::string Client::fail(const std::string& command, const std::string& what) {
  // Ended first, so that the stderr tail holds the engine's last words.
  m_process->shutdown(kKillGrace);
  std::string message = "engine " + m_argv[0] + " " + what;
  if (!command.empty()) message += " (command: " + command + ")";
  std::string tail = stderrTail();
  if (!isBlank(tail)) {
    if (tail.size() > kStderrQuoted) tail = "..." + tail.substr(tail.size() - kStderrQuoted);
    std::string oneLine;
    for (char ch : trim(tail)) {
      if (ch == '\n') {
        oneLine += " | ";
      } else if (ch != '\r') {
        oneLine += std::isprint(static_cast<unsigned char>(ch)) ? ch : '?';
      }
    }
    message += "; its stderr ends: " + oneLine;
  }
  m_failure = message;
  return message;
}

Result<Response> Client::send(std::string_view command) {
  Result<std::vector<Response>> responses = sendBatch({std::string(command)});
  if (!responses) return Result<Response>::failure(responses);
  return std::move(responses.value().front());
}

Result<std::vector<Response>> Client::sendBatch(const std::vector<std::string>& commands) {
  return sendBatch(commands, false);
}

Result<std::vector<Response>> Client::sendBatch(const std::vector<std::string>& commands, bool streamed) {
  using R = Result<std::vector<Response>>;
  if (!alive())
    return R::failure(m_failure.empty() ? "engine " + m_argv[0] + " is closed" : m_failure, ErrorKind::Unreachable);
  // An analysis stream ends when the engine reads a line; its updates must not be read as the next response.
  if (const Status ended = endStream(); !ended) return R::failure(ended);
  for (const std::string& c : commands) {
    if (c.find_first_of("\r\n") != std::string::npos) return R::failure("a GTP command must be one line");
  }

  std::string text;
  std::vector<int> ids;
  for (const std::string& c : commands) {
    const int id = m_options.sendIds ? m_nextId++ : -1;
    ids.push_back(id);
    const std::string line = id >= 0 ? std::to_string(id) + " " + c : c;
    if (m_options.traffic) m_options.traffic(Traffic::Sent, line);
    text += line;
    text += '\n';
  }
  const Status written = m_process->write(text, Clock::now() + m_options.timeout);
  if (!written) {
    // A child that stopped reading has usually ended; what it wrote before (another protocol's greeting) says most
    // about it, and else its exit status says more than the broken pipe.
    const Result<std::string> said = m_process->readLine(Clock::now(), cannotBeginResponse);
    std::string what;
    if (said && cannotBeginResponse(*said)) {
      what = notAResponse(*said);
    } else {
      what = m_process->waitForExit(Clock::now() + kExitWait) ? m_process->exitDescription() : written.error();
    }
    return R::failure(fail(commands.empty() ? std::string() : commands.front(), what), ErrorKind::Unreachable);
  }

  std::vector<Response> responses;
  responses.reserve(commands.size());
  for (std::size_t i = 0; i < commands.size(); ++i) {
    Result<Response> r = readResponse(commands[i], ids[i], streamed);
    if (!r) return R::failure(r);
    responses.push_back(std::move(r).value());
  }
  return responses;
}

Result<Response> Client::readResponse(const std::string& command, int id, bool streamed) {
  using R = Result<Response>;
  const Clock::time_point deadline = Clock::now() + m_options.timeout;
  // Until the engine has answered once it may still be starting; a long wait then is reported, once.
  Clock::time_point noticeAt = Clock::time_point::max();
  if (!m_answered && m_options.slowStartNotice > std::chrono::milliseconds::zero()) {
    noticeAt = Clock::now() + m_options.slowStartNotice;
  }
  const auto readLine = [&](const Process::PartialLineCheck& wrongAlready) -> Result<std::string> {
    for (;;) {
      Result<std::string> line = m_process->readLine(std::min(deadline, noticeAt), wrongAlready);
      if (line) {
        if (m_options.traffic) m_options.traffic(Traffic::Received, *line);
        return line;
      }
      const Clock::time_point now = Clock::now();
      if (now >= noticeAt && now < deadline && !m_process->hasExited()) {
        noticeSlowStart(command);
        noticeAt = Clock::time_point::max();
        continue;
      }
      if (now >= deadline) {
        return Result<std::string>::failure(fail(command, "did not answer within " + durationText(m_options.timeout)),
                                            ErrorKind::Unreachable);
      }
      return Result<std::string>::failure(fail(command, line.error()), ErrorKind::Unreachable);
    }
  };

  // Blank lines before a response carry nothing; some engines print an extra one.
  Result<std::string> first = readLine(cannotBeginResponse);
  while (first && isBlank(*first)) first = readLine(cannotBeginResponse);
  if (!first) return R::failure(first);

  const std::string& head = *first;
  if (head[0] != '=' && head[0] != '?') return R::failure(fail(command, notAResponse(head)), ErrorKind::Unreachable);
  Response response;
  response.success = head[0] == '=';
  std::size_t pos = 1;
  while (pos < head.size() && std::isdigit(static_cast<unsigned char>(head[pos]))) ++pos;
  if (pos > 1) {
    const std::string answeredId = head.substr(1, pos - 1);
    if (id < 0 || answeredId != std::to_string(id)) {
      return R::failure(fail(command, "answered out of step: response id " + answeredId + " to command id " +
                                          (id < 0 ? std::string("(none)") : std::to_string(id))),
                        ErrorKind::Unreachable);
    }
  }
  std::string text = head.substr(pos);
  if (streamed && response.success) {
    // The updates follow; readStreamLine() reads them.
    m_streaming = true;
    m_streamCommand = command;
    m_answered = true;
    response.text = std::string(trim(text));
    return response;
  }
  for (;;) {
    Result<std::string> line = readLine({});
    if (!line) return R::failure(line);
    if (line->empty()) break;
    text += '\n';
    text += *line;
  }
  response.text = std::string(trim(text));
  m_answered = true;
  return response;
}

Result<Response> Client::beginStream(std::string_view command) {
  Result<std::vector<Response>> responses = sendBatch({std::string(command)}, true);
  if (!responses) return Result<Response>::failure(responses);
  return std::move(responses.value().front());
}

Result<std::optional<std::string>> Client::readStreamLine(Clock::time_point deadline) {
  using R = Result<std::optional<std::string>>;
  if (!alive())
    return R::failure(m_failure.empty() ? "engine " + m_argv[0] + " is closed" : m_failure, ErrorKind::Unreachable);
  if (!m_streaming) return R::failure("no analysis stream is open");
  Result<std::string> line = m_process->readLine(deadline);
  if (!line) {
    if (Clock::now() >= deadline && !m_process->hasExited()) return std::optional<std::string>();
    return R::failure(fail(m_streamCommand, line.error()), ErrorKind::Unreachable);
  }
  if (m_options.traffic) m_options.traffic(Traffic::Received, *line);
  if (isBlank(*line)) m_streaming = false;
  return std::optional<std::string>(std::move(line).value());
}

Status Client::endStream() {
  if (!m_streaming) return Done{};
  if (m_options.traffic) m_options.traffic(Traffic::Sent, "");
  const Clock::time_point deadline = Clock::now() + m_options.timeout;
  if (const Status written = m_process->write("\n", deadline); !written) {
    return Status::failure(fail(m_streamCommand, written.error()), ErrorKind::Unreachable);
  }
  while (m_streaming) {
    const Result<std::optional<std::string>> line = readStreamLine(deadline);
    if (!line) return Status::failure(line);
    if (!*line) {
      return Status::failure(fail(m_streamCommand, "did not end its stream within " + durationText(m_options.timeout)),
                             ErrorKind::Unreachable);
    }
  }
  return Done{};
}

void Client::noticeSlowStart(const std::string& command) {
  const std::string line = "waiting for engine " + m_argv[0] + " to answer " + command + " (" +
                           durationText(m_options.slowStartNotice) + " so far; timeout " +
                           durationText(m_options.timeout) + ")";
  if (m_options.notice) {
    m_options.notice(line);
  } else {
    noticeOnStderr(line);
  }
}

Result<std::string> Client::call(std::string_view command) {
  Result<Response> r = send(command);
  if (!r) return Result<std::string>::failure(r);
  if (!r->success) {
    return Result<std::string>::failure("engine " + m_argv[0] + " refused '" + std::string(command) + "': " + r->text,
                                        ErrorKind::Unreachable);
  }
  return std::move(r.value().text);
}

void Client::close() {
  if (m_closed) return;
  if (m_failure.empty()) {
    // A polite quit first: engines save state or print statistics on the way out. Its answer does not matter.
    const std::string quit = m_options.sendIds ? std::to_string(m_nextId++) + " quit\n" : "quit\n";
    const Clock::time_point deadline = Clock::now() + m_options.quitGrace;
    if (m_process->write(quit, deadline)) {
      Result<std::string> line = m_process->readLine(deadline);
      while (line && !line->empty()) line = m_process->readLine(deadline);
    }
    m_process->shutdown(m_options.quitGrace);
  }
  m_closed = true;
}

}  // namespace tengen::gtp
