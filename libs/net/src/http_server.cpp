// HttpServer over Boost.Beast and Boost.Asio. A few network threads run every socket operation; each connection is
// a Session on a strand of its own, owning its read buffer (so pipelined requests survive between requests) and its
// parser. A parsed request goes to a fixed pool of handler threads, and its reply comes back to the session's strand
// to be written: a slow handler never holds up accepting, reading or the overload answer. Framing is Beast's
// (RFC 9112); tengen's part is answering every framing error with a JSON 400 and closing the connection, the limits
// and deadlines, and the overload count. docs/http-api.md states the limits for users.
#include "tengen/net/http_server.h"

#include <malloc.h>
#include <sys/socket.h>
#include <zlib.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <functional>
#include <list>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include <boost/asio/bind_executor.hpp>
#include <boost/asio/dispatch.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/error.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/empty_body.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>

#include "tengen/core/text.h"
#include "tengen/json/json.h"

namespace tengen::net {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = boost::beast::http;
using tcp = boost::asio::ip::tcp;
using ErrorCode = boost::system::error_code;

namespace {

// Connections beyond threads + maxPending are still read, briefly, to answer them 503; past this many more they are
// closed unanswered, so that a flood of connections cannot take every file descriptor.
constexpr int kMaxOverloadedSessions = 256;
// How long an overloaded connection has to send its request's head.
constexpr auto kOverloadedHeadDeadline = std::chrono::seconds(1);
// After a reply that closes the connection, what the client still sends (the rest of a refused body) is read and
// dropped for up to this long before the socket is closed; closing with unread bytes would send a reset that can
// destroy the reply before the client reads it.
constexpr auto kLingerDeadline = std::chrono::seconds(2);
constexpr std::size_t kLingerBytes = std::size_t{1} << 20;
// Network threads: one per four cores. Socket work is light next to the handlers'; on two cores a second network
// thread cost 6% of the requests per second (more contention on the reactor than work it took over) where one gained
// 11% (docs/benchmarks.md, "The move server under load").
constexpr unsigned kCoresPerNetworkThread = 4;
// When the handlers go idle after this many body bytes, free memory is given back to the system: a burst of large
// requests on many threads otherwise leaves it held by the allocator's per-thread arenas.
constexpr std::size_t kTrimAfterBytes = std::size_t{4} << 20;

std::string_view statusCode(int status) {
  switch (status) {
    case 400:
      return "invalid_request";
    case 404:
      return "not_found";
    case 405:
      return "method_not_allowed";
    case 408:
      return "request_timeout";
    case 413:
      return "payload_too_large";
    case 415:
      return "unsupported_media_type";
    case 431:
      return "headers_too_large";
    default:
      return status >= 500 ? "internal_error" : "invalid_request";
  }
}

constexpr std::string_view kMalformed = "malformed HTTP request";
constexpr std::string_view kBadLength = "Content-Length: must be one number of bytes";
constexpr std::string_view kBadCoding = "Transfer-Encoding: only chunked is supported";
constexpr std::string_view kBothLengths = "Content-Length and Transfer-Encoding together: the body has no one end";

// The path of a request target, without its query, with %XX escapes decoded; an absolute-form target
// ("http://host/path") gives its path.
std::string pathOf(std::string_view target) {
  if (const auto scheme = target.find("://"); scheme != std::string_view::npos && target.front() != '/') {
    const auto slash = target.find('/', scheme + 3);
    target = slash == std::string_view::npos ? std::string_view("/") : target.substr(slash);
  }
  target = target.substr(0, target.find_first_of("?#"));
  std::string path;
  path.reserve(target.size());
  const auto hex = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  for (std::size_t i = 0; i < target.size(); ++i) {
    if (target[i] == '%' && i + 2 < target.size() && hex(target[i + 1]) >= 0 && hex(target[i + 2]) >= 0) {
      path += static_cast<char>(hex(target[i + 1]) * 16 + hex(target[i + 2]));
      i += 2;
    } else {
      path += target[i];
    }
  }
  return path;
}

// Inflates a gzip or zlib ("deflate") body, held to `cap` bytes of output. Nothing when the body is not valid in
// that coding; `tooLarge` when it inflates past the cap.
struct Inflated {
  std::optional<std::string> body;
  bool tooLarge = false;
};

Inflated inflateBody(const std::string& compressed, std::size_t cap) {
  z_stream z{};
  // 15 window bits, +32: a gzip or a zlib header, whichever the stream has.
  if (inflateInit2(&z, 15 + 32) != Z_OK) return {};
  std::string out;
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(compressed.data()));
  z.avail_in = static_cast<uInt>(compressed.size());
  char chunk[16384];
  int code = Z_OK;
  Inflated result;
  while (code == Z_OK) {
    z.next_out = reinterpret_cast<Bytef*>(chunk);
    z.avail_out = sizeof chunk;
    code = inflate(&z, Z_NO_FLUSH);
    const std::size_t produced = sizeof chunk - z.avail_out;
    if (out.size() + produced > cap) {
      result.tooLarge = true;
      break;
    }
    out.append(chunk, produced);
    if (code == Z_BUF_ERROR && z.avail_in == 0) break;  // the input ended before the stream did
  }
  inflateEnd(&z);
  if (!result.tooLarge && code == Z_STREAM_END) result.body = std::move(out);
  return result;
}

// A fixed pool of threads running jobs first come, first served. The line needs no bound of its own: each
// connection has at most one request at a handler, and the connections are counted.
class HandlerPool {
 public:
  explicit HandlerPool(int threads) {
    for (int i = 0; i < std::max(1, threads); ++i) m_threads.emplace_back([this] { work(); });
  }
  ~HandlerPool() {
    {
      std::lock_guard lock(m_mutex);
      m_stopping = true;
    }
    m_wake.notify_all();
    for (std::thread& t : m_threads) t.join();
  }
  HandlerPool(const HandlerPool&) = delete;
  HandlerPool& operator=(const HandlerPool&) = delete;

  void post(std::function<void()> job) {
    {
      std::lock_guard lock(m_mutex);
      m_jobs.push_back(std::move(job));
    }
    m_wake.notify_one();
  }

 private:
  void work() {
    for (;;) {
      std::function<void()> job;
      {
        std::unique_lock lock(m_mutex);
        m_wake.wait(lock, [&] { return !m_jobs.empty() || m_stopping; });
        if (m_jobs.empty()) return;
        job = std::move(m_jobs.front());
        m_jobs.pop_front();
      }
      job();
    }
  }

  std::mutex m_mutex;
  std::condition_variable m_wake;
  std::deque<std::function<void()>> m_jobs;
  bool m_stopping = false;
  std::vector<std::thread> m_threads;
};

}  // namespace

std::optional<std::string> ServerRequest::header(std::string_view name) const {
  for (const auto& [key, value] : headers) {
    if (equalsIgnoringCase(key, name)) return value;
  }
  return std::nullopt;
}

ServerReply jsonError(int status, std::string_view code, std::string_view detail) {
  ServerReply reply;
  reply.status = status;
  reply.body = json::toJson(json::JsonValue::Object{{"error", std::string(code)}, {"detail", std::string(detail)}});
  return reply;
}

class Session;

// Everything a connection needs of its server (HttpServer::Impl is this).
struct ServerCore {
  HttpServerOptions options;
  ServerHandler handler;
  asio::io_context io;
  tcp::acceptor acceptor{asio::make_strand(io)};
  int port = 0;

  std::mutex mutex;  // guards the three flags below and the pool's creation
  bool stopRequested = false;
  bool running = false;
  bool done = false;
  std::unique_ptr<HandlerPool> pool;

  std::atomic<bool> draining{false};
  std::atomic<int> admitted{0};    // connections held within threads + maxPending
  std::atomic<int> overloaded{0};  // connections beyond them, held only to answer 503
  std::atomic<int> inFlight{0};    // requests at a handler
  std::atomic<std::size_t> bodyBytesSinceTrim{0};

  std::mutex sessionsMutex;
  std::list<std::weak_ptr<Session>> sessions;

  void serverError(int status) {
    if (options.onServerError) options.onServerError(status);
  }

  // Runs the handler, turning an exception into a 500.
  ServerReply handle(const ServerRequest& request) {
    try {
      return handler(request);
    } catch (const std::exception&) {
      serverError(500);
      return jsonError(500, "internal_error", "internal error");
    }
  }

  // Called on a handler thread after a request's reply is made.
  void requestDone() {
    if (inFlight.fetch_sub(1) == 1 && bodyBytesSinceTrim.load() >= kTrimAfterBytes) {
      bodyBytesSinceTrim = 0;
      malloc_trim(0);
    }
  }

  void accept();
  void onAccept(const ErrorCode& ec, tcp::socket socket);
  void closeIdleSessions();
};

struct HttpServer::Impl : ServerCore {};

// One connection: reads a request, hands it to a handler thread (or, overloaded, answers it at once), writes the
// reply, and reads the next, until the client leaves, a deadline passes, a reply closes it, or the server drains.
class Session : public std::enable_shared_from_this<Session> {
 public:
  Session(ServerCore& server, tcp::socket socket, bool overloaded)
      : m_server(server),
        m_stream(std::move(socket)),
        m_buffer(server.options.maxHeadBytes + (std::size_t{16} << 10)),
        m_overloaded(overloaded) {}

  ~Session() {
    (m_overloaded ? m_server.overloaded : m_server.admitted).fetch_sub(1);
    if (m_registered) {
      std::lock_guard lock(m_server.sessionsMutex);
      m_server.sessions.erase(m_place);
    }
  }
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  void start() {
    {
      std::lock_guard lock(m_server.sessionsMutex);
      m_place = m_server.sessions.insert(m_server.sessions.end(), weak_from_this());
      m_registered = true;
    }
    asio::dispatch(m_stream.get_executor(), [self = shared_from_this()] { self->waitForRequest(); });
  }

  // On stop(): an idle connection is closed now; one with a request under way is closed after its reply.
  void drain() {
    asio::dispatch(m_stream.get_executor(), [self = shared_from_this()] {
      if (self->m_state == State::Idle) self->m_stream.socket().cancel();
    });
  }

 private:
  enum class State { Idle, Reading, Handling, Writing, Closing };

  // Between requests: bytes already read (a pipelined request) are parsed at once; otherwise the first byte of the
  // next request is waited for, up to the keep-alive deadline.
  void waitForRequest() {
    if (m_server.draining) return close();
    if (m_buffer.size() > 0) return readHead();
    m_state = State::Idle;
    if (m_overloaded) {
      m_stream.expires_after(kOverloadedHeadDeadline);
    } else {
      m_stream.expires_after(std::chrono::seconds(std::max(1, m_server.options.keepAliveSeconds)));
    }
    const std::size_t room = std::min<std::size_t>(16384, m_buffer.max_size() - m_buffer.size());
    m_stream.async_read_some(m_buffer.prepare(room),
                             [self = shared_from_this()](const ErrorCode& ec, std::size_t bytes) {
                               if (ec) return self->close();  // the client left, the keep-alive passed, or a drain
                               self->m_buffer.commit(bytes);
                               self->readHead();
                             });
  }

  void readHead() {
    m_state = State::Reading;
    m_parser.emplace();
    m_parser->header_limit(
        static_cast<std::uint32_t>(std::min<std::size_t>(m_server.options.maxHeadBytes, UINT32_MAX)));
    m_parser->body_limit(static_cast<std::uint64_t>(m_server.options.maxBodyBytes));
    startDeadline(m_overloaded ? std::chrono::seconds(kOverloadedHeadDeadline)
                               : std::chrono::seconds(std::max(1, m_server.options.headTimeoutSeconds)));
    http::async_read_header(m_stream, m_buffer, *m_parser,
                            [self = shared_from_this()](const ErrorCode& ec, std::size_t) { self->onHead(ec); });
  }

  // The deadline of a head or a body. tcp_stream's own timeout would close the socket, leaving no way to answer
  // 408; this one cancels the read instead, which then ends with operation_aborted and m_timedOut set.
  void startDeadline(std::chrono::seconds after) {
    m_stream.expires_never();
    m_timedOut = false;
    m_deadline.expires_after(after);
    m_deadline.async_wait([self = shared_from_this()](const ErrorCode& ec) {
      if (ec || self->m_state != State::Reading) return;
      self->m_timedOut = true;
      ErrorCode ignored;
      self->m_stream.socket().cancel(ignored);
    });
  }

  void endDeadline() { m_deadline.cancel(); }

  void onHead(const ErrorCode& ec) {
    endDeadline();
    if (ec) return readFailed(ec, "head");
    const auto& request = m_parser->get();
    if (request.method() == http::verb::unknown) return refuse(400, kMalformed);
    // Beast takes "chunked" anywhere in the list; only chunked alone says where a body ends.
    if (const auto coding = request.find(http::field::transfer_encoding); coding != request.end()) {
      if (request.count(http::field::transfer_encoding) != 1 || !equalsIgnoringCase(coding->value(), "chunked")) {
        return refuse(400, kBadCoding);
      }
    }
    if (m_parser->is_done()) return dispatch();
    if (m_overloaded) return answerOverloaded();
    if (const auto expect = request.find(http::field::expect);
        expect != request.end() && equalsIgnoringCase(expect->value(), "100-continue")) {
      static constexpr std::string_view kContinue = "HTTP/1.1 100 Continue\r\n\r\n";
      m_stream.expires_after(std::chrono::seconds(std::max(1, m_server.options.bodyTimeoutSeconds)));
      asio::async_write(m_stream, asio::buffer(kContinue.data(), kContinue.size()),
                        [self = shared_from_this()](const ErrorCode& error, std::size_t) {
                          if (error) return self->close();
                          self->readBody();
                        });
      return;
    }
    readBody();
  }

  void readBody() {
    startDeadline(std::chrono::seconds(std::max(1, m_server.options.bodyTimeoutSeconds)));
    http::async_read(m_stream, m_buffer, *m_parser, [self = shared_from_this()](const ErrorCode& ec, std::size_t) {
      self->endDeadline();
      if (ec) return self->readFailed(ec, "body");
      self->dispatch();
    });
  }

  // A request that could not be read: answered when the client may still be listening, and the connection closed.
  void readFailed(const ErrorCode& ec, std::string_view part) {
    if (m_timedOut) {
      if (m_overloaded) return close();
      const int seconds = part == "head" ? m_server.options.headTimeoutSeconds : m_server.options.bodyTimeoutSeconds;
      return refuse(408, "the request's " + std::string(part) + " did not arrive within " +
                             std::to_string(std::max(1, seconds)) + (seconds == 1 ? " second" : " seconds"));
    }
    if (ec == http::error::end_of_stream || ec == http::error::partial_message || ec == asio::error::eof ||
        ec == asio::error::connection_reset || ec == asio::error::operation_aborted) {
      return close();  // the client left (or the server is stopping before this request began)
    }
    if (ec == http::error::header_limit) {
      return refuse(431,
                    "the request's head is larger than " + std::to_string(m_server.options.maxHeadBytes) + " bytes");
    }
    if (ec == http::error::body_limit) return refuse(413, "request body too large");
    const auto& fields = m_parser->get();
    if (ec == http::error::bad_content_length) {
      return refuse(400, fields.count(http::field::transfer_encoding) > 0 ? kBothLengths : kBadLength);
    }
    if (ec == http::error::bad_transfer_encoding) {
      return refuse(400, fields.count(http::field::content_length) > 0 ? kBothLengths : kBadCoding);
    }
    if (ec == http::error::buffer_overflow) return refuse(400, "a line of the request is too long");
    refuse(400, kMalformed);
  }

  // The request as the handler sees it; its body decoded when it came compressed. False when it was refused.
  bool makeRequest(ServerRequest& out) {
    http::request<http::string_body>& in = m_parser->get();
    out.method = std::string(in.method_string());
    out.path = pathOf(in.target());
    out.headers.reserve(static_cast<std::size_t>(std::distance(in.begin(), in.end())));
    for (const auto& field : in) out.headers.emplace_back(asciiLower(field.name_string()), std::string(field.value()));
    out.overloaded = m_overloaded;
    std::string& body = in.body();
    m_server.bodyBytesSinceTrim += body.size();
    if (const auto coding = in.find(http::field::content_encoding); coding != in.end() && !body.empty()) {
      const std::string_view name = coding->value();
      if (equalsIgnoringCase(name, "gzip") || equalsIgnoringCase(name, "x-gzip") ||
          equalsIgnoringCase(name, "deflate")) {
        Inflated inflated = inflateBody(body, m_server.options.maxBodyBytes);
        if (inflated.tooLarge) return refuse(413, "request body too large"), false;
        if (!inflated.body) return refuse(400, "the body is not valid " + std::string(name) + " data"), false;
        body = std::move(*inflated.body);
      } else if (!equalsIgnoringCase(name, "identity")) {
        return refuse(415, "Content-Encoding: only gzip and deflate are supported"), false;
      }
    }
    // A form upload is not this API's JSON either way: the handler sees an empty body and says so.
    if (const auto type = in.find(http::field::content_type);
        type != in.end() && equalsIgnoringCase(type->value().substr(0, 19), "multipart/form-data")) {
      body.clear();
    }
    out.body = std::move(body);
    return true;
  }

  void dispatch() {
    m_keepAlive = m_parser->get().keep_alive();
    m_head = m_parser->get().method() == http::verb::head;
    m_version = m_parser->get().version();
    ServerRequest request;
    if (!makeRequest(request)) return;
    if (m_overloaded) {
      // Answered here, on the network thread: the handler does no work for it.
      m_keepAlive = false;
      return write(m_server.handle(request));
    }
    m_state = State::Handling;
    m_clientGone = std::stop_source();
    request.clientGone = m_clientGone.get_token();
    watchForHangUp();
    ++m_server.inFlight;
    // The job holds the io_context's work, so run() cannot return while a handler runs.
    auto work =
        std::make_shared<asio::executor_work_guard<asio::io_context::executor_type>>(m_server.io.get_executor());
    m_server.pool->post([self = shared_from_this(), request = std::move(request), work]() mutable {
      ServerReply reply = self->m_server.handle(request);
      asio::post(self->m_stream.get_executor(),
                 [self, reply = std::move(reply)]() mutable { self->onReply(std::move(reply)); });
      self->m_server.requestDone();
    });
  }

  // While the handler runs, a wait for the socket to become readable: an end of stream then means the client
  // closed (or half-closed) its connection, and the handler is told. Bytes (a pipelined request) are left unread.
  void watchForHangUp() {
    m_watching = true;
    m_stream.socket().async_wait(tcp::socket::wait_read, [self = shared_from_this()](const ErrorCode& ec) {
      if (!self->m_watching || ec == asio::error::operation_aborted) return;
      if (!ec) {
        char byte = 0;
        const ssize_t n = ::recv(self->m_stream.socket().native_handle(), &byte, 1, MSG_PEEK | MSG_DONTWAIT);
        if (n > 0) return;  // data: the client is still there
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) return self->watchForHangUp();
      }
      self->m_watching = false;
      self->m_keepAlive = false;
      self->m_clientGone.request_stop();
    });
  }

  void onReply(ServerReply reply) {
    if (m_watching) {
      m_watching = false;
      ErrorCode ignored;
      m_stream.socket().cancel(ignored);
    }
    write(std::move(reply));
  }

  // An overloaded connection's request that has a body: the handler's 503 is sent without reading the body, and
  // the connection closed after it.
  void answerOverloaded() {
    m_keepAlive = false;
    ServerRequest request;
    request.method = std::string(m_parser->get().method_string());
    request.path = pathOf(m_parser->get().target());
    request.overloaded = true;
    m_version = m_parser->get().version();
    write(m_server.handle(request));
  }

  // Refuses the request being read with a JSON error, counted, and closes the connection after it.
  void refuse(int status, std::string_view detail) {
    m_keepAlive = false;
    m_server.serverError(status);
    if (m_parser) m_version = m_parser->get().version();
    write(jsonError(status, statusCode(status), detail));
  }

  void write(ServerReply reply) {
    m_state = State::Writing;
    const bool close = !m_keepAlive || m_server.draining;
    auto& response = m_response.emplace();
    response.version(m_version == 10 ? 10 : 11);
    response.result(static_cast<unsigned>(reply.status));
    for (auto& [name, value] : reply.headers) response.insert(name, value);
    response.set(http::field::content_type, reply.contentType);
    response.keep_alive(!close);
    if (m_head) {
      response.content_length(reply.body.size());  // a HEAD reply says the length and sends no body
    } else {
      response.body() = std::move(reply.body);
      response.prepare_payload();
    }
    m_stream.expires_after(std::chrono::seconds(std::max(1, m_server.options.bodyTimeoutSeconds)));
    http::async_write(m_stream, response, [self = shared_from_this(), close](const ErrorCode& ec, std::size_t) {
      self->m_response.reset();
      if (ec) return self->close();
      if (close) return self->linger();
      self->m_head = false;
      self->waitForRequest();
    });
  }

  // Ends the sending side, then reads and drops what the client still sends until it closes, briefly.
  void linger() {
    m_state = State::Closing;
    ErrorCode ignored;
    m_stream.socket().shutdown(tcp::socket::shutdown_send, ignored);
    m_buffer.clear();
    m_stream.expires_after(kLingerDeadline);
    lingerRead(0);
  }

  void lingerRead(std::size_t dropped) {
    const std::size_t room = std::min<std::size_t>(16384, m_buffer.max_size());
    m_stream.async_read_some(m_buffer.prepare(room),
                             [self = shared_from_this(), dropped](const ErrorCode& ec, std::size_t bytes) {
                               if (ec || dropped + bytes > kLingerBytes) return self->close();
                               self->lingerRead(dropped + bytes);
                             });
  }

  void close() {
    m_state = State::Closing;
    m_watching = false;
    ErrorCode ignored;
    m_stream.socket().shutdown(tcp::socket::shutdown_both, ignored);
    m_stream.socket().close(ignored);
  }

  ServerCore& m_server;
  beast::tcp_stream m_stream;
  beast::flat_buffer m_buffer;
  asio::steady_timer m_deadline{m_stream.get_executor()};
  bool m_timedOut = false;
  std::optional<http::request_parser<http::string_body>> m_parser;
  std::optional<http::response<http::string_body>> m_response;
  std::stop_source m_clientGone{std::nostopstate};
  State m_state = State::Idle;
  bool m_overloaded;
  bool m_keepAlive = true;
  bool m_head = false;
  bool m_watching = false;
  unsigned m_version = 11;
  bool m_registered = false;
  std::list<std::weak_ptr<Session>>::iterator m_place;
};

void ServerCore::accept() {
  acceptor.async_accept(asio::make_strand(io),
                        [this](const ErrorCode& ec, tcp::socket socket) { onAccept(ec, std::move(socket)); });
}

void ServerCore::onAccept(const ErrorCode& ec, tcp::socket socket) {
  if (ec == asio::error::operation_aborted || !acceptor.is_open()) return;  // stopped
  if (ec) {
    // Out of descriptors, say: try again shortly rather than spin.
    auto timer = std::make_shared<asio::steady_timer>(acceptor.get_executor(), std::chrono::milliseconds(50));
    timer->async_wait([this, timer](const ErrorCode&) {
      if (acceptor.is_open()) accept();
    });
    return;
  }
  ErrorCode ignored;
  socket.set_option(tcp::no_delay(true), ignored);
  const int capacity = std::max(1, options.threads) + std::max(0, options.maxPending);
  bool isOverloaded = false;
  if (admitted.fetch_add(1) >= capacity) {
    admitted.fetch_sub(1);
    if (overloaded.fetch_add(1) >= kMaxOverloadedSessions) {
      overloaded.fetch_sub(1);
      socket.close(ignored);
      return accept();
    }
    isOverloaded = true;
  }
  std::make_shared<Session>(*this, std::move(socket), isOverloaded)->start();
  accept();
}

void ServerCore::closeIdleSessions() {
  std::vector<std::shared_ptr<Session>> live;
  {
    std::lock_guard lock(sessionsMutex);
    for (const std::weak_ptr<Session>& weak : sessions) {
      if (auto session = weak.lock()) live.push_back(std::move(session));
    }
  }
  for (const auto& session : live) session->drain();
}

HttpServer::HttpServer(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}

HttpServer::~HttpServer() { stop(); }

Result<std::unique_ptr<HttpServer>> HttpServer::bind(const HttpServerOptions& options, ServerHandler handler) {
  using R = Result<std::unique_ptr<HttpServer>>;
  if (options.port < 0 || options.port > 65535) return R::failure("port must be 0..65535");
  auto impl = std::make_unique<Impl>();
  impl->options = options;
  impl->handler = std::move(handler);
  const std::string where = options.host + (options.port == 0 ? " (any port)" : ":" + std::to_string(options.port));
  ErrorCode ec;
  tcp::resolver resolver(impl->io);
  const auto endpoints = resolver.resolve(options.host, std::to_string(options.port),
                                          tcp::resolver::passive | tcp::resolver::numeric_service, ec);
  if (ec || endpoints.empty()) return R::failure("cannot listen on " + where + ": " + ec.message());
  tcp::acceptor& acceptor = impl->acceptor;
  const tcp::endpoint endpoint = endpoints.begin()->endpoint();
  // SO_REUSEADDR allows a quick restart; SO_REUSEPORT is left off, or a second server could bind the same port
  // and silently take half the connections.
  if (acceptor.open(endpoint.protocol(), ec) || acceptor.set_option(asio::socket_base::reuse_address(true), ec) ||
      acceptor.bind(endpoint, ec) || acceptor.listen(asio::socket_base::max_listen_connections, ec)) {
    return R::failure("cannot listen on " + where + ": " + ec.message());
  }
  impl->port = acceptor.local_endpoint(ec).port();
  if (ec) return R::failure("cannot listen on " + where + ": " + ec.message());
  return std::unique_ptr<HttpServer>(new HttpServer(std::move(impl)));
}

int HttpServer::port() const { return m_impl->port; }

void HttpServer::run() {
  Impl& impl = *m_impl;
  {
    std::lock_guard lock(impl.mutex);
    if (impl.stopRequested || impl.done) return;
    impl.running = true;
    impl.pool = std::make_unique<HandlerPool>(impl.options.threads);
  }
  impl.accept();
  const unsigned networkThreads = std::max(1U, std::thread::hardware_concurrency() / kCoresPerNetworkThread);
  std::vector<std::thread> network;
  for (unsigned i = 1; i < networkThreads; ++i) network.emplace_back([&impl] { impl.io.run(); });
  impl.io.run();
  for (std::thread& t : network) t.join();
  std::lock_guard lock(impl.mutex);
  impl.pool.reset();  // every job has posted its reply, or run() would not have returned: the threads just end
  impl.running = false;
  impl.done = true;
}

void HttpServer::stop() {
  Impl& impl = *m_impl;
  std::lock_guard lock(impl.mutex);
  if (impl.stopRequested) return;
  impl.stopRequested = true;
  impl.draining = true;
  if (impl.running) {
    // The acceptor belongs to its strand; closing it there ends the accept loop, and the idle connections are
    // closed so that run() returns once the requests under way are answered.
    asio::post(impl.acceptor.get_executor(), [&impl] {
      ErrorCode ignored;
      impl.acceptor.close(ignored);
      impl.closeIdleSessions();
    });
  } else if (!impl.done) {
    ErrorCode ignored;
    impl.acceptor.close(ignored);
  }
}

}  // namespace tengen::net
