// HttpServer over cpp-httplib. httplib hands each accepted connection to a task queue; ours has a fixed number of
// threads and a bounded waiting line, and gives the connections beyond it to a small "shedding" thread whose
// requests are marked overloaded, so the handler answers them 503 at once. Nothing waits without bound.
#include "tengen/net/http_server.h"

#include <arpa/inet.h>
#include <httplib.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "tengen/net/json_line.h"

namespace tengen::net {

namespace {

// True on the shedding threads: their connections came when every thread was busy.
thread_local bool tShedding = false;
// Whether the handler made this request's reply (set per request), so that the error handler fills in only the
// replies httplib makes itself.
thread_local bool tHandled = false;
// On a shedding thread: more overloaded connections wait behind this one.
thread_local bool tShedBacklog = false;
// The socket of the connection this thread is serving, or -1.
thread_local int tConnection = -1;

constexpr int kSheddingThreads = 2;
// How long a shedding thread waits for an overloaded connection's request when no other waits behind it.
constexpr int kShedWaitMs = 1000;

std::string lowerCase(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

// httplib's TaskQueue with a fixed pool and a bounded line. After shutdown() begins, the connections already
// accepted are still served (HttpServer::stop leaves httplib's socket handle valid so that httplib does not drop
// them unread): that is what lets the requests in flight, and those waiting in the line, finish.
class BoundedPool final : public httplib::TaskQueue {
 public:
  BoundedPool(int threads, int maxPending) : m_maxPending(static_cast<std::size_t>(std::max(0, maxPending))) {
    for (int i = 0; i < std::max(1, threads); ++i) m_threads.emplace_back([this] { work(false); });
    for (int i = 0; i < kSheddingThreads; ++i) m_threads.emplace_back([this] { work(true); });
  }
  ~BoundedPool() override { shutdown(); }
  BoundedPool(const BoundedPool&) = delete;
  BoundedPool& operator=(const BoundedPool&) = delete;

  void enqueue(std::function<void()> fn) override {
    {
      std::lock_guard lock(m_mutex);
      const std::size_t idle =
          m_serving + kSheddingThreads < m_threads.size() ? m_threads.size() - kSheddingThreads - m_serving : 0;
      if (m_pending.size() < idle + m_maxPending) {
        m_pending.push_back(std::move(fn));
      } else {
        m_shed.push_back(std::move(fn));
      }
    }
    m_wake.notify_all();
  }

  void shutdown() override {
    {
      std::lock_guard lock(m_mutex);
      if (m_shutdown) return;
      m_shutdown = true;
    }
    m_wake.notify_all();
    for (std::thread& t : m_threads) t.join();
  }

 private:
  void work(bool shedding) {
    tShedding = shedding;
    std::deque<std::function<void()>>& line = shedding ? m_shed : m_pending;
    for (;;) {
      std::function<void()> fn;
      {
        std::unique_lock lock(m_mutex);
        m_wake.wait(lock, [&] { return !line.empty() || m_shutdown; });
        if (line.empty()) return;  // shutting down with nothing left
        fn = std::move(line.front());
        line.pop_front();
        if (!shedding) ++m_serving;
        tShedBacklog = shedding && !line.empty();
      }
      tHandled = false;
      fn();
      if (!shedding) {
        std::lock_guard lock(m_mutex);
        --m_serving;
      }
    }
  }

  std::size_t m_maxPending;
  std::vector<std::thread> m_threads;
  std::mutex m_mutex;
  std::condition_variable m_wake;
  std::deque<std::function<void()>> m_pending;
  std::deque<std::function<void()>> m_shed;
  std::size_t m_serving = 0;
  bool m_shutdown = false;
};

std::string_view statusCode(int status) {
  switch (status) {
    case 400:
      return "invalid_request";
    case 404:
      return "not_found";
    case 405:
      return "method_not_allowed";
    case 413:
      return "payload_too_large";
    case 414:
      return "uri_too_long";
    case 431:
      return "headers_too_large";
    default:
      return status >= 500 ? "internal_error" : "invalid_request";
  }
}

std::string_view statusWords(int status) {
  switch (status) {
    case 400:
      return "malformed HTTP request";
    case 404:
      return "no such path";
    case 413:
      return "request body too large";
    case 414:
      return "request line too long";
    case 500:
      return "internal error";
    default:
      return "the server could not handle the request";
  }
}

// What is wrong with how a request says where its body ends, or "" when nothing is.
std::string_view framingError(const httplib::Request& in) {
  if (in.has_header("Transfer-Encoding")) {
    if (in.get_header_value_count("Transfer-Encoding") != 1 ||
        lowerCase(in.get_header_value("Transfer-Encoding")) != "chunked") {
      return "Transfer-Encoding: only chunked is supported";
    }
    return {};
  }
  const std::size_t count = in.get_header_value_count("Content-Length");
  const std::string first = in.get_header_value("Content-Length");
  for (std::size_t i = 0; i < count; ++i) {
    const std::string value = in.get_header_value("Content-Length", i);
    if (value.empty() || value.size() > 18 || value.find_first_not_of("0123456789") != std::string::npos ||
        value != first) {
      return "Content-Length: must be one number of bytes";
    }
  }
  return {};
}

}  // namespace

std::optional<std::string> ServerRequest::header(std::string_view name) const {
  const std::string wanted = lowerCase(name);
  for (const auto& [key, value] : headers) {
    if (key == wanted) return value;
  }
  return std::nullopt;
}

ServerReply jsonError(int status, std::string_view code, std::string_view detail) {
  ServerReply reply;
  reply.status = status;
  reply.body = toJson(JsonValue::Object{{"error", std::string(code)}, {"detail", std::string(detail)}});
  return reply;
}

namespace {

// One accepted connection, read through a buffer that lives as long as the connection. httplib's own stream is
// made afresh for each request, so the bytes of a pipelined request read ahead with the one before were lost and
// the client waited for a reply that never came.
class ConnectionStream final : public httplib::Stream {
 public:
  ConnectionStream(int fd, int readTimeoutSeconds, int writeTimeoutSeconds)
      : m_fd(fd), m_readMs(readTimeoutSeconds * 1000), m_writeMs(writeTimeoutSeconds * 1000) {}

  // Whether a request's first byte is here or arrives within `ms` milliseconds.
  bool waitForRequest(int ms) const { return m_next < m_buffer.size() || ready(POLLIN, ms); }

  // The next bytes read begin a request: its head (request line and headers) is counted again from here.
  void beginRequest() {
    m_headBytes = 0;
    m_lineBytes = 0;
    m_inHead = true;
    m_tail = 0;
  }

  bool is_readable() const override { return waitForRequest(m_readMs); }
  bool is_writable() const override { return ready(POLLOUT, m_writeMs); }

  ssize_t read(char* ptr, std::size_t size) override {
    if (m_next == m_buffer.size()) {
      if (!ready(POLLIN, m_readMs)) return -1;
      m_buffer.resize(kBufferBytes);
      const ssize_t n = ::recv(m_fd, m_buffer.data(), m_buffer.size(), 0);
      m_buffer.resize(n > 0 ? static_cast<std::size_t>(n) : 0);
      m_next = 0;
      if (n <= 0) return n;
    }
    std::size_t n = std::min(size, m_buffer.size() - m_next);
    if (m_inHead) {
      // httplib caps each header line but not their number: 200 MB of headers were all read and kept. A head
      // over the cap fails the read, which httplib answers 400.
      for (std::size_t i = 0; i < n; ++i) {
        m_tail = (m_tail << 8) | static_cast<unsigned char>(m_buffer[m_next + i]);
        if (m_tail == kHeadEnd) {
          m_inHead = false;
          n = i + 1;  // the body is not counted: the bytes after the head are left for the next read
          break;
        }
      }
      m_headBytes += n;
      if (m_inHead && m_headBytes > kMaxHeadBytes) return -1;
    } else if (size == 1) {
      // httplib reads lines a byte at a time into a buffer that grows without bound: a chunk-size line of 200 MB
      // with no line end was all kept. Bulk reads are body bytes and end the line.
      m_lineBytes = m_buffer[m_next] == '\n' ? 0 : m_lineBytes + 1;
      if (m_lineBytes > kMaxHeadBytes) return -1;
    } else {
      m_lineBytes = 0;
    }
    std::copy_n(m_buffer.data() + m_next, n, ptr);
    m_next += n;
    return static_cast<ssize_t>(n);
  }

  ssize_t write(const char* ptr, std::size_t size) override {
    if (!is_writable()) return -1;
    return ::send(m_fd, ptr, size, MSG_NOSIGNAL);
  }

  void get_remote_ip_and_port(std::string& ip, int& port) const override { address(::getpeername, ip, port); }
  void get_local_ip_and_port(std::string& ip, int& port) const override { address(::getsockname, ip, port); }
  socket_t socket() const override { return m_fd; }

 private:
  static constexpr std::size_t kBufferBytes = 4096;
  static constexpr std::size_t kMaxHeadBytes = std::size_t{64} << 10;
  static constexpr std::uint32_t kHeadEnd = 0x0D0A0D0AU;  // "\r\n\r\n"

  bool ready(short events, int ms) const {
    pollfd p{m_fd, events, 0};
    int n = 0;
    do {
      n = ::poll(&p, 1, ms);
    } while (n < 0 && errno == EINTR);
    return n > 0;
  }

  void address(int (*get)(int, sockaddr*, socklen_t*), std::string& ip, int& port) const {
    sockaddr_storage addr{};
    socklen_t length = sizeof addr;
    ip.clear();
    port = 0;
    if (get(m_fd, reinterpret_cast<sockaddr*>(&addr), &length) != 0) return;
    char text[INET6_ADDRSTRLEN] = {};
    if (addr.ss_family == AF_INET) {
      const auto* in = reinterpret_cast<const sockaddr_in*>(&addr);
      ::inet_ntop(AF_INET, &in->sin_addr, text, sizeof text);
      port = ntohs(in->sin_port);
    } else if (addr.ss_family == AF_INET6) {
      const auto* in6 = reinterpret_cast<const sockaddr_in6*>(&addr);
      ::inet_ntop(AF_INET6, &in6->sin6_addr, text, sizeof text);
      port = ntohs(in6->sin6_port);
    }
    ip = text;
  }

  int m_fd;
  int m_readMs;
  int m_writeMs;
  std::string m_buffer;
  std::size_t m_next = 0;
  std::size_t m_headBytes = 0;
  std::size_t m_lineBytes = 0;  // after the head: bytes of the line being read a byte at a time
  bool m_inHead = true;
  std::uint32_t m_tail = 0;  // the last four bytes of the head read so far
};

// httplib listens with a backlog of 5: a burst of clients overflows it and the kernel drops their handshakes. The
// listening socket is a protected member, so a subclass may widen the backlog (Linux accepts listen() again).
class Server final : public httplib::Server {
 public:
  void widenBacklog(int backlog) { ::listen(svr_sock_, backlog); }

  // Makes the accept loop end without httplib's stop(): that one marks the socket handle invalid, and httplib then
  // closes every connection accepted but not yet read (those waiting in the line, a keep-alive client's next
  // request) without a reply. After shutdown() accept() fails, and the loop closes the socket itself.
  void stopAccepting() { ::shutdown(svr_sock_, SHUT_RDWR); }

  // A connection's requests in turn, as httplib's own loop serves them, but with one read buffer for the whole
  // connection (so pipelined requests are answered in order), and on a shedding thread a short wait for the
  // request, none at all when more overloaded connections wait behind: idle connections, each holding a shedding
  // thread for the keep-alive timeout, kept the 503 from the clients behind them for minutes.
  bool process_and_close_socket(socket_t sock) override {
    tConnection = sock;
    ConnectionStream stream(sock, static_cast<int>(read_timeout_sec_), static_cast<int>(write_timeout_sec_));
    const int idleMs = static_cast<int>(keep_alive_timeout_sec_) * 1000;
    const int firstMs = !tShedding ? idleMs : tShedBacklog ? 0 : std::min(idleMs, kShedWaitMs);
    tShedBacklog = false;
    bool ok = false;
    for (std::size_t left = keep_alive_max_count_; left > 0; --left) {
      if (!stream.waitForRequest(left == keep_alive_max_count_ ? firstMs : idleMs)) break;
      bool closed = false;
      stream.beginRequest();
      ok = process_request(stream, left == 1, closed, nullptr);
      if (!ok || closed) break;
    }
    tConnection = -1;
    ::shutdown(sock, SHUT_RDWR);
    ::close(sock);
    return ok;
  }

  // After the accept loop has ended: its socket is closed already, so the stale handle is dropped, never closed.
  void forgetSocket() { svr_sock_ = INVALID_SOCKET; }

  // When the accept loop never ran: httplib's destructor does not close a bound socket, so the port would stay
  // taken (and connections to it unanswered) for the life of the process.
  void closeUnusedSocket() {
    const socket_t sock = svr_sock_.exchange(INVALID_SOCKET);
    if (sock != INVALID_SOCKET) ::close(sock);
  }
};

constexpr int kListenBacklog = 1024;

// A request body as read from the connection.
struct BodyRead {
  std::string body;
  bool tooLarge = false;  // more than the cap arrived; the rest is still on the connection
  bool complete = false;  // httplib read the whole body
};

// Reads the body as it comes, holding it to `cap` bytes. httplib checks the cap against Content-Length only: a
// chunked body, or a gzip one it inflates, would be read whole into memory.
BodyRead readBody(const httplib::Request& in, const httplib::ContentReader& read, std::size_t cap) {
  BodyRead out;
  if (in.is_multipart_form_data()) {
    // Not the API's JSON either way: read and dropped, so the handler sees an empty body and says so.
    std::size_t seen = 0;
    out.complete = read([](const httplib::MultipartFormData&) { return true; },
                        [&](const char*, std::size_t length) {
                          seen += length;
                          out.tooLarge = seen > cap;
                          return !out.tooLarge;
                        });
  } else {
    out.complete = read([&](const char* data, std::size_t length) {
      out.tooLarge = length > cap - std::min(cap, out.body.size());
      if (out.tooLarge) return false;
      out.body.append(data, length);
      return true;
    });
  }
  return out;
}

}  // namespace

// Watches the connections whose requests are being handled, ten times a second, and sets a request's flag when its
// client has closed the connection. A thread of its own, started with the first request watched; a request only
// takes a lock to be added and removed, so fast requests pay next to nothing.
class HangUpWatch {
 public:
  HangUpWatch() = default;
  HangUpWatch(const HangUpWatch&) = delete;
  HangUpWatch& operator=(const HangUpWatch&) = delete;
  ~HangUpWatch() {
    {
      std::lock_guard lock(m_mutex);
      m_stopping = true;
    }
    m_wake.notify_all();
    if (m_thread.joinable()) m_thread.join();
  }

  void add(int fd, std::atomic<bool>* gone) {
    std::lock_guard lock(m_mutex);
    m_watched.push_back({fd, gone});
    if (!m_thread.joinable() && !m_stopping) m_thread = std::thread([this] { loop(); });
  }
  void remove(const std::atomic<bool>* gone) {
    std::lock_guard lock(m_mutex);
    std::erase_if(m_watched, [gone](const Watched& w) { return w.gone == gone; });
  }

 private:
  struct Watched {
    int fd;
    std::atomic<bool>* gone;
  };

  // Whether the peer of `fd` has closed its side: end of stream with nothing left to read. Data still waiting (a
  // pipelined request) keeps it open.
  static bool hungUp(int fd) {
    pollfd p{fd, POLLIN | POLLRDHUP, 0};
    if (::poll(&p, 1, 0) <= 0) return false;
    if ((p.revents & (POLLHUP | POLLERR)) != 0) return true;
    char byte = 0;
    const ssize_t n = ::recv(fd, &byte, 1, MSG_PEEK | MSG_DONTWAIT);
    return n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR);
  }

  void loop() {
    std::unique_lock lock(m_mutex);
    while (!m_stopping) {
      // The sockets are looked at under the lock: a request removed from the list has its socket still open, and
      // its flag still alive, until remove() returns.
      for (Watched& w : m_watched) {
        if (!w.gone->load(std::memory_order_relaxed) && hungUp(w.fd)) w.gone->store(true, std::memory_order_release);
      }
      m_wake.wait_for(lock, std::chrono::milliseconds(100));
    }
  }

  std::mutex m_mutex;
  std::condition_variable m_wake;
  std::vector<Watched> m_watched;
  bool m_stopping = false;
  std::thread m_thread;
};

// A request's place in the watch while its handler runs.
class Watching {
 public:
  Watching(HangUpWatch& watch, int fd, std::atomic<bool>* gone) : m_watch(fd >= 0 ? &watch : nullptr), m_gone(gone) {
    if (m_watch != nullptr) m_watch->add(fd, gone);
  }
  ~Watching() {
    if (m_watch != nullptr) m_watch->remove(m_gone);
  }
  Watching(const Watching&) = delete;
  Watching& operator=(const Watching&) = delete;

 private:
  HangUpWatch* m_watch;
  const std::atomic<bool>* m_gone;
};

struct HttpServer::Impl {
  HttpServerOptions options;
  ServerHandler handler;
  Server server;
  int port = 0;
  std::mutex mutex;
  bool stopRequested = false;
  bool running = false;  // inside run(), between the check of stopRequested and the return
  bool done = false;
  // Set by stop(): every reply from then on closes its connection, so keep-alive clients let the drain end.
  std::atomic<bool> draining{false};
  // The connections of the requests being handled; its thread is joined when the server is destroyed.
  HangUpWatch hangUps;

  void serve(const httplib::Request& in, std::string body, httplib::Response& out) {
    ServerRequest request;
    request.method = in.method;
    request.path = in.path;
    for (const auto& [name, value] : in.headers) request.headers.emplace_back(lowerCase(name), value);
    request.body = std::move(body);
    request.overloaded = tShedding;
    tHandled = true;
    std::atomic<bool> gone{false};
    const Watching watching(hangUps, request.overloaded ? -1 : tConnection, &gone);
    request.clientGone = &gone;
    ServerReply reply;
    try {
      reply = handler(request);
    } catch (const std::exception&) {
      reply = jsonError(500, "internal_error", "internal error");
      if (options.onServerError) options.onServerError(500);
    }
    // An overloaded connection must be closed after its answer, or a keep-alive client would stay on a shedding
    // thread and be refused even once there is room again; so must every connection once stop() is called, or the
    // drain would wait on keep-alive clients.
    send(std::move(reply), out, request.overloaded || draining);
  }

  // Writes `reply` into `out`; with `close`, the connection is closed once the whole reply is sent. httplib 0.11
  // has no call for that: a body provider that writes the whole body and then reports failure makes it drop the
  // connection after a complete reply.
  static void send(ServerReply reply, httplib::Response& out, bool close) {
    out.status = reply.status;
    for (const auto& [name, value] : reply.headers) out.set_header(name, value);
    if (!close) {
      out.set_content(reply.body, reply.contentType.c_str());
      return;
    }
    out.set_header("Connection", "close");
    auto content = std::make_shared<const std::string>(std::move(reply.body));
    out.set_content_provider(content->size(), reply.contentType.c_str(),
                             [content](std::size_t offset, std::size_t length, httplib::DataSink& sink) {
                               sink.write(content->data() + offset, length);
                               return false;
                             });
  }

  // A request that may have a body: the body read here, held to the cap, then served.
  void serveWithBody(const httplib::Request& in, httplib::Response& out, const httplib::ContentReader& reader) {
    BodyRead read = readBody(in, reader, options.maxBodyBytes);
    if (read.tooLarge) {
      // The rest of the body is still on the connection, so it is closed after the reply.
      if (options.onServerError) options.onServerError(413);
      tHandled = true;  // the reply is made here: the error handler must leave it
      send(jsonError(413, statusCode(413), statusWords(413)), out, true);
      return;
    }
    if (!read.complete) {
      // httplib has set the status (413 over the cap, 400 for a broken body); the error handler writes it.
      tHandled = false;
      return;
    }
    serve(in, std::move(read.body), out);
  }

  // The connection threads, the socket options, the body cap and the timeouts.
  void configureConnections() {
    const int threads = std::max(1, options.threads);
    const int pending = std::max(0, options.maxPending);
    server.new_task_queue = [threads, pending] { return new BoundedPool(threads, pending); };
    // httplib's default also sets SO_REUSEPORT, which would let a second server bind the same port and silently
    // take half the connections; SO_REUSEADDR alone allows a quick restart.
    server.set_socket_options([](socket_t sock) {
      int yes = 1;
      ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    });
    // httplib writes the headers and the body separately; with Nagle on, the body waits for the client's delayed
    // ACK, which adds 40 ms to every reply.
    server.set_tcp_nodelay(true);
    server.set_payload_max_length(options.maxBodyBytes);
    server.set_read_timeout(std::max(1, options.readTimeoutSeconds), 0);
    server.set_write_timeout(std::max(1, options.readTimeoutSeconds), 0);
    server.set_keep_alive_timeout(std::max(1, options.keepAliveSeconds));
    // httplib closes a keep-alive connection after 5 requests by default; reconnecting costs more than the request.
    server.set_keep_alive_max_count(1000);
  }

  // Every method and path to the one handler.
  void routeRequests() {
    const auto route = [this](const httplib::Request& in, httplib::Response& out) { serve(in, in.body, out); };
    // A request with a body is read here rather than by httplib, which refuses a body labelled
    // application/x-www-form-urlencoded (curl -d's default) over 8 KiB whatever set_payload_max_length says, and
    // parses it as a query. The cap still holds: httplib's reader answers 413 beyond it.
    const auto routeWithBody = [this](const httplib::Request& in, httplib::Response& out,
                                      const httplib::ContentReader& read) { serveWithBody(in, out, read); };
    server.Get(".*", route);
    server.Post(".*", route);
    server.Post(".*", routeWithBody);
    server.Put(".*", route);
    server.Put(".*", routeWithBody);
    server.Patch(".*", route);
    server.Patch(".*", routeWithBody);
    server.Delete(".*", route);
    server.Delete(".*", routeWithBody);
    server.Options(".*", route);
  }

  // Replies httplib makes itself (body too large, a request it cannot parse) and those after an exception get a
  // JSON body too.
  void answerServerErrors() {
    // tHandled is cleared before each connection, each routed request and after each reply written, so a request
    // httplib refuses before routing (a malformed request line) still gets its JSON body.
    server.set_pre_routing_handler([this](const httplib::Request& in, httplib::Response& out) {
      tHandled = false;
      // httplib answers a Range header by cutting the reply to those bytes, still under the handler's status (a
      // 200 carrying `{"move`). No reply of this API is a resource to fetch in parts, so Range is ignored. The
      // request is httplib's own non-const object, handed here as const.
      const_cast<httplib::Request&>(in).ranges.clear();
      // HTTP/1.1 gives a request with neither Content-Length nor Transfer-Encoding no body. httplib 0.11 reads a
      // POST, PUT or PATCH without them until the connection closes, which a client waiting for the reply never
      // does: `curl -X POST` got 400 "malformed HTTP request" after the read timeout. Such a request is served
      // here instead, with an empty body, so the handler answers it (405 on a path that takes GET, say) at once.
      if (!in.has_header("Content-Length") && !in.has_header("Transfer-Encoding")) {
        serve(in, std::string(), out);
        return httplib::Server::HandlerResponse::Handled;
      }
      // httplib reads "Content-Length: -5" as a huge length (answered 413), "abc" as none (the body then read as
      // the next request), the first of two that disagree, and a body in a transfer coding other than chunked
      // until the connection closes. Each is refused, and the connection closed, since where the body ends is
      // unknown.
      if (const std::string_view why = framingError(in); !why.empty()) {
        tHandled = true;
        if (options.onServerError) options.onServerError(400);
        send(jsonError(400, statusCode(400), why), out, true);
        return httplib::Server::HandlerResponse::Handled;
      }
      return httplib::Server::HandlerResponse::Unhandled;
    });
    server.set_logger([](const httplib::Request&, const httplib::Response&) { tHandled = false; });
    server.set_error_handler(
        httplib::Server::HandlerWithResponse([this](const httplib::Request&, httplib::Response& out) {
          if (tHandled) return httplib::Server::HandlerResponse::Unhandled;
          if (options.onServerError) options.onServerError(out.status);
          // The connection is closed after these: what is left of a request httplib could not read (a body cut
          // short by the read timeout, a broken chunk) would otherwise be read as the next request, and a client
          // that stalled would hold its connection thread for the keep-alive timeout as well.
          send(jsonError(out.status, statusCode(out.status), statusWords(out.status)), out, true);
          return httplib::Server::HandlerResponse::Handled;
        }));
    server.set_exception_handler([this](const httplib::Request&, httplib::Response& out, const std::exception_ptr&) {
      out.status = 500;
      const ServerReply reply = jsonError(500, "internal_error", "internal error");
      out.set_content(reply.body, reply.contentType.c_str());
      if (options.onServerError) options.onServerError(500);
    });
  }

  // Binds the listening socket to the options' host and port (any free one for 0) and widens its backlog; the port
  // bound, or why there is none.
  Result<int> bindPort() {
    if (options.port < 0 || options.port > 65535) return Result<int>::failure("port must be 0..65535");
    int bound = options.port;
    if (options.port == 0) {
      bound = server.bind_to_any_port(options.host);
      if (bound <= 0) return Result<int>::failure("cannot listen on " + options.host + " (any port)");
    } else if (!server.bind_to_port(options.host, options.port)) {
      return Result<int>::failure("cannot listen on " + options.host + ":" + std::to_string(options.port) +
                                  " (address in use or not local)");
    }
    server.widenBacklog(kListenBacklog);
    return bound;
  }
};

HttpServer::HttpServer(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}

HttpServer::~HttpServer() { stop(); }

Result<std::unique_ptr<HttpServer>> HttpServer::bind(const HttpServerOptions& options, ServerHandler handler) {
  auto impl = std::make_unique<Impl>();
  impl->options = options;
  impl->handler = std::move(handler);
  impl->configureConnections();
  impl->routeRequests();
  impl->answerServerErrors();
  const Result<int> port = impl->bindPort();
  if (!port) return Result<std::unique_ptr<HttpServer>>::failure(port.error());
  impl->port = *port;
  return std::unique_ptr<HttpServer>(new HttpServer(std::move(impl)));
}

int HttpServer::port() const { return m_impl->port; }

void HttpServer::run() {
  {
    std::lock_guard lock(m_impl->mutex);
    if (m_impl->stopRequested || m_impl->done) return;
    m_impl->running = true;
  }
  m_impl->server.listen_after_bind();
  std::lock_guard lock(m_impl->mutex);
  m_impl->server.forgetSocket();
  m_impl->running = false;
  m_impl->done = true;
}

void HttpServer::stop() {
  std::lock_guard lock(m_impl->mutex);
  if (m_impl->stopRequested) return;
  m_impl->stopRequested = true;
  m_impl->draining = true;
  if (m_impl->running) {
    // Also right when run() has only just been entered: accept() on a shut-down socket fails at once.
    m_impl->server.stopAccepting();
  } else if (!m_impl->done) {
    m_impl->server.closeUnusedSocket();
  }
}

}  // namespace tengen::net
