// HTTP servers for the tests of tengen::net and of what talks HTTP, on 127.0.0.1 with a port the kernel picks: one
// that answers from a script and records every request, one that accepts connections and never answers, and a port
// nothing listens on; and a raw connection for requests no client library would send.
#pragma once

#include <arpa/inet.h>
#include <httplib.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <deque>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace tengen::net::fixture {

struct Scripted {
  int status = 200;
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;
  std::chrono::milliseconds delay{0};
};

struct Received {
  std::string method;
  std::string path;
  std::string body;
  httplib::Headers headers;

  bool hasHeader(const std::string& name) const { return headers.find(name) != headers.end(); }
  std::string header(const std::string& name) const {
    const auto it = headers.find(name);  // httplib compares header names case-insensitively
    return it == headers.end() ? std::string() : it->second;
  }
};

// Answers POSTs on any path with the queued responses in order (500 "script exhausted" when none is left), and GETs
// with their own queue (404 when none is left: a server without the path); each kind is recorded on its own.
class ScriptedServer {
 public:
  ScriptedServer() {
    m_server.Post(".*", [this](const httplib::Request& request, httplib::Response& response) {
      answer(request, response, m_script, m_received,
             Scripted{500, R"({"error":{"message":"script exhausted"}})", {}, {}});
    });
    m_server.Get(".*", [this](const httplib::Request& request, httplib::Response& response) {
      answer(request, response, m_getScript, m_receivedGets, Scripted{404, R"({"detail":"Not Found"})", {}, {}});
    });
    m_port = m_server.bind_to_any_port("127.0.0.1");
    if (m_port <= 0) throw std::runtime_error("could not bind a test server on 127.0.0.1");
    m_thread = std::thread([this] { m_server.listen_after_bind(); });
    // stop() is a no-op until the server runs, so wait for it before anything could stop it.
    while (!m_server.is_running()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  ~ScriptedServer() {
    m_server.stop();
    m_thread.join();
  }
  ScriptedServer(const ScriptedServer&) = delete;
  ScriptedServer& operator=(const ScriptedServer&) = delete;

  void pushGet(Scripted response) {
    std::lock_guard lock(m_mutex);
    m_getScript.push_back(std::move(response));
  }
  void push(Scripted response) {
    std::lock_guard lock(m_mutex);
    m_script.push_back(std::move(response));
  }
  std::vector<Received> received() const {
    std::lock_guard lock(m_mutex);
    return m_received;
  }
  std::vector<Received> receivedGets() const {
    std::lock_guard lock(m_mutex);
    return m_receivedGets;
  }
  int port() const { return m_port; }
  std::string url(const std::string& path = "/") const { return "http://127.0.0.1:" + std::to_string(m_port) + path; }

 private:
  httplib::Server m_server;
  int m_port = 0;
  std::thread m_thread;
  mutable std::mutex m_mutex;
  std::deque<Scripted> m_script;
  std::deque<Scripted> m_getScript;
  std::vector<Received> m_received;
  std::vector<Received> m_receivedGets;

  void answer(const httplib::Request& request, httplib::Response& response, std::deque<Scripted>& script,
              std::vector<Received>& received, const Scripted& whenEmpty) {
    Scripted next;
    {
      std::lock_guard lock(m_mutex);
      received.push_back(Received{request.method, request.path, request.body, request.headers});
      if (script.empty()) {
        next = whenEmpty;
      } else {
        next = std::move(script.front());
        script.pop_front();
      }
    }
    if (next.delay.count() > 0) std::this_thread::sleep_for(next.delay);
    response.status = next.status;
    for (const auto& [name, value] : next.headers) response.set_header(name, value);
    response.set_content(next.body, "application/json");
  }
};

inline int boundSocket(sockaddr_in& address) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) throw std::runtime_error("socket() failed");
  address = {};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = 0;
  socklen_t length = sizeof address;
  if (::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) != 0) {
    ::close(fd);
    throw std::runtime_error("bind() failed");
  }
  return fd;
}

// Listens but never accepts: the kernel completes the handshake, takes the request, and nobody ever answers.
class SilentServer {
 public:
  SilentServer() {
    sockaddr_in address{};
    m_fd = boundSocket(address);
    ::listen(m_fd, 8);
    m_port = ntohs(address.sin_port);
  }
  ~SilentServer() { ::close(m_fd); }
  SilentServer(const SilentServer&) = delete;
  SilentServer& operator=(const SilentServer&) = delete;

  std::string url(const std::string& path = "/") const { return "http://127.0.0.1:" + std::to_string(m_port) + path; }

 private:
  int m_fd = -1;
  int m_port = 0;
};

// Reads one whole HTTP message from `fd`: the head and a Content-Length body, or what came before the connection
// ended.
inline std::string readMessage(int fd) {
  std::string received;
  char buffer[4096];
  for (;;) {
    const auto end = received.find("\r\n\r\n");
    if (end != std::string::npos) {
      const auto at = received.find("Content-Length: ");
      const std::size_t length = at == std::string::npos ? 0 : std::stoul(received.substr(at + 16));
      if (received.size() >= end + 4 + length) return received;
    }
    const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
    if (n <= 0) return received;
    received.append(buffer, static_cast<std::size_t>(n));
  }
}

// Answers every connection with the same bytes, written as given (headers a library would not let a handler
// send), once the request's headers and its Content-Length body are in, then closes it.
class CannedServer {
 public:
  explicit CannedServer(std::string reply) : m_reply(std::move(reply)) {
    sockaddr_in address{};
    m_fd = boundSocket(address);
    ::listen(m_fd, 8);
    m_port = ntohs(address.sin_port);
    m_thread = std::thread([this] { serve(); });
  }
  ~CannedServer() {
    ::shutdown(m_fd, SHUT_RDWR);
    m_thread.join();
    ::close(m_fd);
  }
  CannedServer(const CannedServer&) = delete;
  CannedServer& operator=(const CannedServer&) = delete;

  std::string url(const std::string& path = "/") const { return "http://127.0.0.1:" + std::to_string(m_port) + path; }

 private:
  void serve() {
    for (;;) {
      const int client = ::accept(m_fd, nullptr, nullptr);
      if (client < 0) return;
      readMessage(client);
      ::send(client, m_reply.data(), m_reply.size(), MSG_NOSIGNAL);
      ::close(client);
    }
  }

  std::string m_reply;
  int m_fd = -1;
  int m_port = 0;
  std::thread m_thread;
};

// A port that was free a moment ago and has no listener now, so connecting is refused.
inline int closedPort() {
  sockaddr_in address{};
  const int fd = boundSocket(address);
  ::close(fd);
  return ntohs(address.sin_port);
}

// A raw connection to 127.0.0.1:port, for what a client library would hide (pipelining, closing, a POST without
// Content-Length); -1 when nothing listens.
inline int connectTo(int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = htons(static_cast<std::uint16_t>(port));
  if (::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

// Whether 127.0.0.1:port can be listened on now: true once a server has let its port go (connections of its left in
// TIME_WAIT do not count), false while anything listens there. It listens only for the call.
inline bool bindsAgain(int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  const int on = 1;
  ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = htons(static_cast<std::uint16_t>(port));
  const bool bound = ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0 && ::listen(fd, 1) == 0;
  ::close(fd);
  return bound;
}

// Sends `request` and reads one whole reply (headers and a Content-Length body); "" when the connection is closed
// first.
inline std::string exchange(int fd, const std::string& request) {
  if (::send(fd, request.data(), request.size(), MSG_NOSIGNAL) != static_cast<ssize_t>(request.size())) return "";
  return readMessage(fd);
}

}  // namespace tengen::net::fixture
