// An HTTP/1.1 server for tengen's own services (cpp-httplib behind it): one handler for every request, a fixed
// number of connection threads, overload answered at once instead of queued without bound, a cap on request
// bodies, and a stop that lets the requests in flight finish.
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tengen/core/result.h"

namespace tengen::net {

struct ServerRequest {
  std::string method;  // "GET", "HEAD", "POST", ... (for HEAD the server drops the body of the reply)
  std::string path;    // without the query string
  std::vector<std::pair<std::string, std::string>> headers;  // names lower-cased
  std::string body;
  // Every connection thread was busy and the waiting line full when this connection came: the handler should
  // answer 503 at once, doing no real work.
  bool overloaded = false;
  // Set, while the handler runs, within about a tenth of a second of the client closing its connection (or its
  // sending half): nobody waits for the reply any more, so long work may be given up. Null when not watched.
  const std::atomic<bool>* clientGone = nullptr;

  // The first header of that name (case-insensitive), or nothing.
  std::optional<std::string> header(std::string_view name) const;
};

struct ServerReply {
  int status = 200;
  std::string contentType = "application/json";
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;
};

using ServerHandler = std::function<ServerReply(const ServerRequest&)>;

struct HttpServerOptions {
  std::string host = "127.0.0.1";
  int port = 0;         // 0: the kernel picks a free port; HttpServer::port() says which
  int threads = 16;     // connections served at once (a keep-alive connection holds its thread between requests)
  int maxPending = 16;  // accepted connections waiting for a thread; beyond them new ones are answered 503 at once
  // Larger bodies (counted as received, so chunked and compressed ones too, whatever their Content-Type) are
  // answered 413 without reaching the handler.
  std::size_t maxBodyBytes = std::size_t{1} << 20;
  int readTimeoutSeconds = 5;  // a client that stops sending mid-request is dropped after this
  int keepAliveSeconds = 5;    // an idle keep-alive connection is closed after this
  // Told the status of every error reply the server makes itself (413, 400 for a malformed request, 500 when the
  // handler threw), so that the layer above can count them.
  std::function<void(int status)> onServerError;
};

class HttpServer {
 public:
  // Binds the listening socket now, so that the port is known before run(). Fails with the reason when the host
  // cannot be resolved or the port is taken.
  static Result<std::unique_ptr<HttpServer>> bind(const HttpServerOptions& options, ServerHandler handler);
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  int port() const;

  // Serves until stop(); returns once every accepted connection has been answered and closed.
  void run();

  // Stops accepting; run() then answers the requests in flight and the connections already accepted (those
  // waiting for a thread included), closing each connection after its reply, and returns. Before run(), the port
  // is given back at once. Thread-safe, callable before, during or after run(), and more than once.
  void stop();

 private:
  struct Impl;
  explicit HttpServer(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> m_impl;
};

// A reply whose body is {"error": code, "detail": detail}, written by the JSON writer so that any text is escaped.
ServerReply jsonError(int status, std::string_view code, std::string_view detail);

}  // namespace tengen::net
