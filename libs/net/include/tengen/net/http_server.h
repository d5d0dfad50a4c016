// An HTTP/1.1 server for tengen's own services (Boost.Beast over Boost.Asio behind it): one handler for every
// request, run on a fixed pool of threads; overload answered at once instead of queued without bound; strict
// framing (RFC 9112) with the connection closed after any framing error; caps on the request head and body, and a
// deadline for each; and a stop that lets the requests in flight finish. docs/http-api.md describes the limits.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stop_token>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tengen/core/result.h"

namespace tengen::net {

// Why a request is to be answered 503 at once, with no real work, on the server's network thread.
enum class Overload : std::uint8_t {
  None,
  Connections,  // the server already held every connection it serves (threads + maxPending) when this one came
  Lane,         // every thread of the request's lane was busy and its line full (HttpServerOptions::route)
};

struct ServerRequest {
  std::string method;  // "GET", "HEAD", "POST", ... (for HEAD the server drops the body of the reply)
  std::string path;    // without the query string
  std::vector<std::pair<std::string, std::string>> headers;  // names lower-cased
  std::string body;
  // Not None: the handler should answer 503 at once, doing no real work (the body may not have been read). After
  // Overload::Connections the connection is closed after the reply.
  Overload overload = Overload::None;
  // A stop is requested, while the handler runs, as soon as the client closes its connection (or its sending half):
  // nobody waits for the reply any more, so long work may be given up. No stop is possible when not watched.
  std::stop_token clientGone{};

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

// How busy a pool of handler threads is, for gauges.
struct LaneLoad {
  int threads = 0;
  int busy = 0;    // handlers running
  int queued = 0;  // requests waiting for a thread
};

// A fixed pool of handler threads with a bounded line of its own. Requests the server routes to it
// (HttpServerOptions::route) never wait behind the server's other handlers and never hold them: slow work of one
// kind (scoring, say) cannot starve the rest. When every thread is busy and `maxQueued` requests wait, one more is
// answered 503 at once (Overload::Lane).
class HandlerLane {
 public:
  HandlerLane(int threads, int maxQueued);
  // Runs the jobs already queued, then joins the threads.
  ~HandlerLane();
  HandlerLane(const HandlerLane&) = delete;
  HandlerLane& operator=(const HandlerLane&) = delete;

  // Queues `job` to run on one of the threads, first come first served; false, doing nothing, when the line is full.
  bool tryPost(std::function<void()> job);
  LaneLoad load() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> m_impl;
};

// Where the server runs a request's handler, chosen from its method and path as soon as its head is read.
struct Route {
  // On the network thread, at once, even on a connection beyond the server's capacity: only for answers that take
  // microseconds and must come however busy the handlers are (a health check, metrics).
  bool atOnce = false;
  // On this lane's threads; nothing: on the server's own pool of `threads`.
  std::shared_ptr<HandlerLane> lane;
};

// The points of reading a request at which a test may make the deadline in force expire
// (HttpServerOptions::expireDeadlineAt).
enum class ReadPoint : std::uint8_t {
  ReadDone,  // a read of the socket, for the head or the body, has completed; its bytes are not yet parsed
  HeadDone,  // the head is complete; the body's deadline is not yet armed
};

struct HttpServerOptions {
  std::string host = "127.0.0.1";
  int port = 0;  // 0: the kernel picks a free port; HttpServer::port() says which
  // Handlers run at once, each on a thread of a fixed pool; a slow handler never holds up reading, accepting or
  // answering overload.
  int threads = 16;
  // Threads that run the sockets (accepting, reading, writing); 0: one per four cores, at least one.
  int networkThreads = 0;
  // Connections held open beyond `threads` (keep-alive ones included, idle or not). A connection that comes when
  // threads + maxPending are held is marked overloaded (so its request is answered 503 at once) and closed after
  // the reply; past a further margin new connections are closed unanswered.
  int maxPending = 16;
  // Larger bodies (counted as received, so chunked and compressed ones too, whatever their Content-Type) are
  // answered 413 without reaching the handler.
  std::size_t maxBodyBytes = std::size_t{1} << 20;
  std::size_t maxHeadBytes = std::size_t{64} << 10;  // request line and headers; a longer head is answered 431
  // The whole head must arrive within this from its first byte, and the whole body within bodyTimeoutSeconds from
  // the end of the head, or the request is answered 408 and its connection closed: a client that trickles bytes
  // cannot hold a connection. A client must take some of its reply within bodyTimeoutSeconds too, or it is dropped.
  int headTimeoutSeconds = 10;
  int bodyTimeoutSeconds = 30;
  int keepAliveSeconds = 5;  // an idle connection (between requests, or before the first) is closed after this
  // Told the status of every error reply the server makes itself (400 for a malformed request, 408, 413, 415, 431,
  // 500 when the handler threw), so that the layer above can count them.
  std::function<void(int status)> onServerError;
  // Where each request runs (see Route); without it, every request runs on the pool of `threads`. Called on a
  // network thread; it must be quick and must not throw.
  std::function<Route(std::string_view method, std::string_view path)> route;
  // For tests of the deadlines' races, so that they need no luck: asked at each ReadPoint on the connection's strand;
  // true expires the deadline in force as its timer would at that instant. At ReadDone, as if the timer's handler
  // had run just before the read's (no read pending); at HeadDone, as if the timer had fired as the head completed,
  // its handler still queued.
  std::function<bool(ReadPoint point)> expireDeadlineAt;
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

  // Stops accepting; run() then answers the requests in flight and those already being read (those waiting for a
  // handler thread included), closing each connection after its reply (a reply being written completes; a pipelined
  // request behind it is not started; the sending side is shut down and what the client still sends is read and
  // dropped, so that no reset destroys a reply), closes idle connections, and returns. Requests waiting in a lane's
  // line are answered 503 without being begun. Whatever the clients do, each connection is closed within
  // bodyTimeoutSeconds of the stop plus the time its handler ran after it: run() returns within the body timeout
  // plus the longest handler in flight. Before run(), the port is given back at
  // once. Thread-safe, callable before, during or after run(), and more than once.
  void stop();

 private:
  struct Impl;
  explicit HttpServer(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> m_impl;
};

// A reply whose body is {"error": code, "detail": detail}, written by the JSON writer so that any text is escaped.
ServerReply jsonError(int status, std::string_view code, std::string_view detail);

}  // namespace tengen::net
