// An HttpServer running on a thread of its own for the length of a test, and what the tests read its replies with.
#pragma once

#include <httplib.h>
#include <sys/socket.h>
#include <sys/time.h>

#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>

#include "tengen/net/http_server.h"

namespace tengen::net::fixture {

class Running {
 public:
  Running(const HttpServerOptions& options, ServerHandler handler) {
    auto server = HttpServer::bind(options, std::move(handler));
    if (!server) throw std::runtime_error(server.error());
    m_server = std::move(server).value();
    m_thread = std::thread([this] { m_server->run(); });
  }
  ~Running() {
    m_server->stop();
    if (m_thread.joinable()) m_thread.join();
  }
  Running(const Running&) = delete;
  Running& operator=(const Running&) = delete;
  HttpServer& server() { return *m_server; }
  void join() { m_thread.join(); }
  httplib::Client client() const {
    httplib::Client c("127.0.0.1", m_server->port());
    c.set_read_timeout(60, 0);
    return c;
  }

 private:
  std::unique_ptr<HttpServer> m_server;
  std::thread m_thread;
};

// Everything the server sends on `fd` until it closes the connection or `seconds` pass.
inline std::string readUntilClosed(int fd, int seconds = 10) {
  timeval wait{seconds, 0};
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, sizeof wait);
  std::string received;
  char buffer[4096];
  for (ssize_t n = 0; (n = ::recv(fd, buffer, sizeof buffer, 0)) > 0;)
    received.append(buffer, static_cast<std::size_t>(n));
  return received;
}

// The status lines in `text`: how many replies it holds.
inline std::size_t countReplies(const std::string& text) {
  std::size_t count = 0;
  for (auto at = text.find("HTTP/1."); at != std::string::npos; at = text.find("HTTP/1.", at + 1)) ++count;
  return count;
}

}  // namespace tengen::net::fixture
