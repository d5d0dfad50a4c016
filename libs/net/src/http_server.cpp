// HttpServer over Boost.Beast and Boost.Asio. A few network threads run every socket operation; each connection is
// a Session on a strand of its own, owning its read buffer (so pipelined requests survive between requests) and its
// parser. A parsed request goes to a fixed pool of handler threads (or to a lane of its own, or is answered at once
// on the network thread, as HttpServerOptions::route says), and its reply comes back to the session's strand to be
// written: a slow handler never holds up accepting, reading or the overload answer. Framing is Beast's (RFC 9112),
// fed one read at a time; tengen's part is answering every framing error with a JSON 400 and closing the connection,
// the limits and deadlines, the overload count and the drain on stop(). docs/http-api.md states the limits for users.
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
#include <limits>
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
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/serializer.hpp>
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
// Enough for thousands of pipelined requests that will not be answered; a client that sends more than this while
// its connection closes is reset.
constexpr std::size_t kLingerBytes = std::size_t{16} << 20;
// The kernel's send buffer of a connection (Linux doubles it).
constexpr int kSendBufferBytes = 128 << 10;
// After a stop, the I/O of every connection ends this much before its bound, so that the process is gone by then.
constexpr auto kStopMargin = std::chrono::milliseconds(250);
// Network threads: one per four cores. Socket work is light next to the handlers'; on two cores a second network
// thread cost 6% of the requests per second (more contention on the reactor than work it took over) where one gained
// 11% (docs/benchmarks.md, "The move server under load").
constexpr unsigned kCoresPerNetworkThread = 4;
// When the handlers go idle after this many body bytes, free memory is given back to the system: a burst of large
// requests on many threads otherwise leaves it held by the allocator's per-thread arenas.
constexpr std::size_t kTrimAfterBytes = std::size_t{4} << 20;
// The most one read of a socket takes.
constexpr std::size_t kReadBytes = 65536;

using Clock = std::chrono::steady_clock;

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
    case 503:
      return "overloaded";
    default:
      return status >= 500 ? "internal_error" : "invalid_request";
  }
}

constexpr std::string_view kMalformed = "malformed HTTP request";
constexpr std::string_view kBadLength = "Content-Length: must be one number of bytes";
constexpr std::string_view kBadCoding = "Transfer-Encoding: only chunked is supported";
constexpr std::string_view kTrailer =
    "trailer fields after a chunked body are not accepted; send every field in the head";
constexpr std::string_view kStopping = "the server is stopping and the request did not arrive in time; send it again";
constexpr std::string_view kStoppingUnbegun = "the server is stopping and the request had not begun; send it again";
constexpr std::string_view kOneHost = "Host: a request names its host once (and an HTTP/1.1 request must name it)";
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

struct HandlerLane::Impl {
  int threads = 1;
  int maxQueued = 0;
  mutable std::mutex mutex;
  std::condition_variable wake;
  std::deque<std::function<void()>> jobs;
  int busy = 0;
  bool stopping = false;
  std::vector<std::thread> workers;

  void work() {
    for (;;) {
      std::function<void()> job;
      {
        std::unique_lock lock(mutex);
        wake.wait(lock, [&] { return !jobs.empty() || stopping; });
        if (jobs.empty()) return;
        job = std::move(jobs.front());
        jobs.pop_front();
        ++busy;
      }
      job();
      job = nullptr;  // what the job held goes before the thread counts itself idle
      std::lock_guard lock(mutex);
      --busy;
    }
  }
};

HandlerLane::HandlerLane(int threads, int maxQueued) : m_impl(std::make_unique<Impl>()) {
  m_impl->threads = std::max(1, threads);
  m_impl->maxQueued = std::max(0, maxQueued);
  for (int i = 0; i < m_impl->threads; ++i) m_impl->workers.emplace_back([impl = m_impl.get()] { impl->work(); });
}

HandlerLane::~HandlerLane() {
  {
    std::lock_guard lock(m_impl->mutex);
    m_impl->stopping = true;
  }
  m_impl->wake.notify_all();
  for (std::thread& t : m_impl->workers) t.join();
}

bool HandlerLane::tryPost(std::function<void()> job) {
  {
    std::lock_guard lock(m_impl->mutex);
    // Queued jobs that idle threads are about to take are not waiting: the line is full only when the busy threads
    // and the jobs together reach every thread and every place in the line.
    const long long held = static_cast<long long>(m_impl->busy) + static_cast<long long>(m_impl->jobs.size());
    if (held >= static_cast<long long>(m_impl->threads) + m_impl->maxQueued) return false;
    m_impl->jobs.push_back(std::move(job));
  }
  m_impl->wake.notify_one();
  return true;
}

LaneLoad HandlerLane::load() const {
  std::lock_guard lock(m_impl->mutex);
  return LaneLoad{m_impl->threads, m_impl->busy, static_cast<int>(m_impl->jobs.size())};
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
  // The handler threads of the requests no lane of their own takes; each connection has at most one request at a
  // handler, and the connections are counted, so its line needs no bound of its own.
  std::unique_ptr<HandlerLane> pool;

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

  Route routeOf(std::string_view method, std::string_view path) const {
    return options.route ? options.route(method, path) : Route{};
  }

  // The 503 of a request the server will not serve because it is stopping.
  ServerReply stopping(std::string_view detail) {
    serverError(503);
    ServerReply reply = jsonError(503, statusCode(503), detail);
    reply.headers.emplace_back("Retry-After", "1");
    return reply;
  }

  bool expireAt(ReadPoint point) const { return options.expireDeadlineAt && options.expireDeadlineAt(point); }

  void accept();
  void onAccept(const ErrorCode& ec, tcp::socket socket);
  void drainSessions(Clock::time_point closeBy);
};

struct HttpServer::Impl : ServerCore {};

// One connection: reads a request, hands it to a handler thread (or, overloaded, answers it at once), writes the
// reply, and reads the next, until the client leaves, a deadline passes, a reply closes it, or the server drains.
//
// A request is read one read of the socket at a time, parsed as its bytes come, and every head and body has a
// deadline of its own: each arming of the deadline timer has a generation, and an expiry of an earlier one (queued
// before the part it was armed for completed) is ignored. An expiry that comes while no read is pending (its handler
// ran between a read's completion and the next read) is kept in m_expired and looked at before the next read.
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

  // On stop(): an idle connection is closed now; from here on every read, write and linger of this connection ends
  // by `closeBy`, which moves on by the time a handler runs (so a move in flight keeps its whole time to be written).
  void drain(Clock::time_point closeBy) {
    asio::dispatch(m_stream.get_executor(), [self = shared_from_this(), closeBy] {
      if (self->m_closeBy) return;
      self->m_closeBy = closeBy;
      self->m_drainedAt = Clock::now();
      if (self->m_state == State::Idle) {
        ErrorCode ignored;
        self->m_stream.socket().cancel(ignored);
      } else if (self->m_state == State::Reading && self->readsEndBy() < self->m_deadlineAt) {
        self->m_deadlineIsStop = true;
        self->armDeadline(self->readsEndBy());
      }
    });
  }

 private:
  enum class State { Idle, Reading, Handling, Writing, Closing };
  enum class Part { Head, Body };

  // After a stop, reads end this much before the connection's bound, so that the 503 for a request cut short has
  // time to be written.
  Clock::duration stopGrace() const {
    return std::min<Clock::duration>(std::chrono::seconds(1),
                                     std::chrono::milliseconds(500) * std::max(1, m_server.options.bodyTimeoutSeconds));
  }
  Clock::time_point readsEndBy() const { return *m_closeBy - stopGrace(); }

  // `after` from now, or the stop's bound when that is sooner.
  Clock::time_point deadlineAfter(Clock::duration after) const {
    const Clock::time_point at = Clock::now() + after;
    return m_closeBy && *m_closeBy < at ? *m_closeBy : at;
  }

  // Between requests: bytes already read (a pipelined request) are parsed at once; otherwise the first byte of the
  // next request is waited for, up to the keep-alive deadline. Once the server drains, no other request is begun.
  void waitForRequest() {
    if (m_server.draining) return linger();
    if (m_buffer.size() > 0) return readHead();
    m_state = State::Idle;
    if (m_overloaded) {
      m_stream.expires_after(kOverloadedHeadDeadline);
    } else {
      m_stream.expires_after(std::chrono::seconds(std::max(1, m_server.options.keepAliveSeconds)));
    }
    const std::size_t room = std::min(kReadBytes, m_buffer.max_size() - m_buffer.size());
    m_stream.async_read_some(m_buffer.prepare(room),
                             [self = shared_from_this()](const ErrorCode& ec, std::size_t bytes) {
                               if (ec) return self->close();  // the client left, the keep-alive passed, or a drain
                               self->m_buffer.commit(bytes);
                               self->readHead();
                             });
  }

  void readHead() {
    m_state = State::Reading;
    m_stream.expires_never();
    m_parser.emplace();
    // The head's size is counted here (headBytes); Beast's own limit only bounds each piece it parses at once.
    m_parser->header_limit(
        static_cast<std::uint32_t>(std::min<std::size_t>(m_server.options.maxHeadBytes, UINT32_MAX)));
    m_parser->body_limit(static_cast<std::uint64_t>(m_server.options.maxBodyBytes));
    m_part = Part::Head;
    m_headBytes = 0;
    m_closeAfterReply = false;
    m_route = Route{};
    startDeadline(m_overloaded ? std::chrono::seconds(kOverloadedHeadDeadline)
                               : std::chrono::seconds(std::max(1, m_server.options.headTimeoutSeconds)));
    readMore();
  }

  void readBody() {
    m_part = Part::Body;
    startDeadline(m_overloaded ? std::chrono::seconds(kOverloadedHeadDeadline)
                               : std::chrono::seconds(std::max(1, m_server.options.bodyTimeoutSeconds)));
    readMore();
  }

  bool partDone() const { return m_part == Part::Head ? m_parser->is_header_done() : m_parser->is_done(); }

  // Parses what is buffered and, while the part being read is not complete, reads the socket once more.
  void readMore() {
    ErrorCode ec;
    parseBuffered(ec);
    if (ec) return readFailed(ec);
    if (partDone()) return partRead();
    if (m_part == Part::Head && m_headBytes + m_buffer.size() > m_server.options.maxHeadBytes) return refuseHead();
    if (m_expired) return readFailed(asio::error::operation_aborted);  // expired while no read was pending
    const std::size_t room = std::min(kReadBytes, m_buffer.max_size() - m_buffer.size());
    if (room == 0) return readFailed(http::error::buffer_overflow);
    m_stream.async_read_some(m_buffer.prepare(room),
                             [self = shared_from_this()](const ErrorCode& error, std::size_t bytes) {
                               if (self->m_server.expireAt(ReadPoint::ReadDone)) self->expire(self->m_generation);
                               self->m_buffer.commit(bytes);
                               if (error) return self->readFailed(error);
                               self->readMore();
                             });
  }

  // Feeds the buffered bytes to the parser until the part is complete or more bytes are needed.
  void parseBuffered(ErrorCode& ec) {
    if (m_part == Part::Head && !m_parser->got_some() && !skipEmptyLines()) return;
    while (m_buffer.size() > 0 && !partDone()) {
      std::size_t used = 0;
      try {
        used = m_parser->put(m_buffer.data(), ec);
      } catch (const std::exception&) {
        // Beast throws for a field it cannot store (a trailer field over 64 KiB, which the head's limit does not
        // reach): a line too long, like any other.
        ec = http::error::buffer_overflow;
        return;
      }
      m_buffer.consume(used);
      if (m_part == Part::Head) m_headBytes += used;
      if (ec == http::error::need_more) {
        ec = {};
        return;
      }
      if (ec || used == 0) return;
    }
  }

  // Empty lines before a request line are ignored (RFC 9112, 2.2: some clients send one after a POST's body); they
  // count towards the head's size. False when what is buffered could still be the start of one (a lone CR).
  bool skipEmptyLines() {
    for (;;) {
      const auto* data = static_cast<const char*>(m_buffer.data().data());
      const std::size_t size = m_buffer.size();
      if (size >= 2 && data[0] == '\r' && data[1] == '\n') {
        m_buffer.consume(2);
        m_headBytes += 2;
        continue;
      }
      return !(size == 1 && data[0] == '\r');
    }
  }

  void partRead() {
    if (m_part == Part::Head) {
      if (m_headBytes > m_server.options.maxHeadBytes) return refuseHead();
      if (m_server.expireAt(ReadPoint::HeadDone)) {
        asio::post(m_stream.get_executor(),
                   [self = shared_from_this(), generation = m_generation] { self->expire(generation); });
      }
      endDeadline();
      return onHead();
    }
    endDeadline();
    // Beast adds a chunked body's trailer fields to the head's; they must never count as header fields (a token or
    // a coding sent after the body, past a proxy that checked the head), so such a request is refused.
    if (static_cast<std::size_t>(std::distance(m_parser->get().begin(), m_parser->get().end())) != m_fieldsInHead) {
      return refuse(400, kTrailer);
    }
    dispatch();
  }

  // The deadline of a head or a body. tcp_stream's own timeout would close the socket, leaving no way to answer
  // 408; this one cancels the read instead, which then ends with operation_aborted and m_expired set.
  void startDeadline(Clock::duration after) {
    const Clock::time_point at = Clock::now() + after;
    m_deadlineIsStop = m_closeBy && readsEndBy() < at;
    armDeadline(m_deadlineIsStop ? readsEndBy() : at);
  }

  void armDeadline(Clock::time_point at) {
    m_expired = false;
    m_deadlineAt = at;
    const std::uint64_t generation = ++m_generation;
    m_deadline.expires_at(at);
    m_deadline.async_wait([self = shared_from_this(), generation](const ErrorCode& ec) {
      if (!ec) self->expire(generation);
    });
  }

  void endDeadline() {
    ++m_generation;
    m_expired = false;
    m_deadline.cancel();
  }

  // The deadline armed as `generation` has passed: the read under way, if any, is cancelled, and none other starts.
  void expire(std::uint64_t generation) {
    if (generation != m_generation || m_state != State::Reading || m_expired) return;
    m_expired = true;
    ErrorCode ignored;
    m_stream.socket().cancel(ignored);
  }

  void onHead() {
    const auto& request = m_parser->get();
    m_head = request.method() == http::verb::head;
    m_version = request.version();
    if (request.method() == http::verb::unknown) return refuse(400, kMalformed);
    // Beast takes "chunked" anywhere in the list; only chunked alone says where a body ends.
    if (const auto coding = request.find(http::field::transfer_encoding); coding != request.end()) {
      if (request.count(http::field::transfer_encoding) != 1 || !equalsIgnoringCase(coding->value(), "chunked")) {
        return refuse(400, kBadCoding);
      }
      // HTTP/1.0 has no chunked coding: such a message is served, then its connection closed (RFC 9112, 6.1).
      if (m_version < 11) m_closeAfterReply = true;
    }
    // Beast takes two equal lengths, or "4, 4", as one; "one number" means one field of digits.
    if (const auto length = request.find(http::field::content_length); length != request.end()) {
      const std::string_view digits = length->value();
      if (request.count(http::field::content_length) != 1 || digits.empty() ||
          digits.find_first_not_of("0123456789") != std::string_view::npos) {
        return refuse(400, kBadLength);
      }
    }
    // RFC 9112, 3.2: exactly one Host in HTTP/1.1, at most one in 1.0.
    if (const std::size_t hosts = request.count(http::field::host); hosts > 1 || (hosts == 0 && m_version >= 11)) {
      return refuse(400, kOneHost);
    }
    m_fieldsInHead = static_cast<std::size_t>(std::distance(request.begin(), request.end()));
    m_route = m_server.routeOf(request.method_string(), pathOf(request.target()));
    if (m_parser->is_done()) return dispatch();
    if (m_overloaded && !m_route.atOnce) return answerOverloaded();
    if (const auto expect = request.find(http::field::expect);
        m_version >= 11 && expect != request.end() && equalsIgnoringCase(expect->value(), "100-continue")) {
      static constexpr std::string_view kContinue = "HTTP/1.1 100 Continue\r\n\r\n";
      m_stream.expires_at(deadlineAfter(std::chrono::seconds(std::max(1, m_server.options.bodyTimeoutSeconds))));
      asio::async_write(m_stream, asio::buffer(kContinue.data(), kContinue.size()),
                        [self = shared_from_this()](const ErrorCode& error, std::size_t) {
                          if (error) return self->close();
                          self->m_stream.expires_never();
                          self->readBody();
                        });
      return;
    }
    readBody();
  }

  void refuseHead() {
    refuse(431, "the request's head is larger than " + std::to_string(m_server.options.maxHeadBytes) + " bytes");
  }

  // A request that could not be read: answered when the client may still be listening, and the connection closed.
  void readFailed(const ErrorCode& ec) {
    if (m_expired) {
      if (m_overloaded) return close();
      if (m_deadlineIsStop) return refuse(503, kStopping);
      const bool head = m_part == Part::Head;
      const int seconds = head ? m_server.options.headTimeoutSeconds : m_server.options.bodyTimeoutSeconds;
      return refuse(408, std::string("the request's ") + (head ? "head" : "body") + " did not arrive within " +
                             std::to_string(std::max(1, seconds)) + (seconds == 1 ? " second" : " seconds"));
    }
    if (ec == http::error::end_of_stream || ec == http::error::partial_message || ec == asio::error::eof ||
        ec == asio::error::connection_reset || ec == asio::error::operation_aborted) {
      return close();  // the client left (or the server is stopping before this request began)
    }
    if (ec == http::error::header_limit) return refuseHead();
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
    out.headers.reserve(m_fieldsInHead);
    for (const auto& field : in) out.headers.emplace_back(asciiLower(field.name_string()), std::string(field.value()));
    std::string& body = in.body();
    m_server.bodyBytesSinceTrim += body.size();
    if (const auto coding = in.find(http::field::content_encoding); coding != in.end() && !body.empty()) {
      const std::string_view name = coding->value();
      const bool one = in.count(http::field::content_encoding) == 1;
      if (one && (equalsIgnoringCase(name, "gzip") || equalsIgnoringCase(name, "x-gzip"))) {
        if (!inflate(body, "gzip")) return false;
      } else if (one && equalsIgnoringCase(name, "deflate")) {
        if (!inflate(body, "deflate")) return false;
      } else if (!one || !equalsIgnoringCase(name, "identity")) {
        return refuse(415, "Content-Encoding: only one of gzip, deflate or identity is supported"), false;
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

  // Inflates a body sent in `coding`; false when it was refused.
  bool inflate(std::string& body, std::string_view coding) {
    Inflated inflated = inflateBody(body, m_server.options.maxBodyBytes);
    if (inflated.tooLarge) return refuse(413, "request body too large"), false;
    if (!inflated.body) return refuse(400, "the body is not valid " + std::string(coding) + " data"), false;
    body = std::move(*inflated.body);
    return true;
  }

  void dispatch() {
    m_keepAlive = m_parser->get().keep_alive() && !m_closeAfterReply;
    auto request = std::make_shared<ServerRequest>();
    if (!makeRequest(*request)) return;
    if (m_route.atOnce || m_overloaded) {
      // Answered here, on the network thread: a quick answer, or an overload the handler does no work for.
      if (m_overloaded) m_keepAlive = false;
      if (!m_route.atOnce) request->overload = Overload::Connections;
      return write(m_server.handle(*request));
    }
    m_clientGone = std::stop_source();
    request->clientGone = m_clientGone.get_token();
    ++m_server.inFlight;
    // The job holds the io_context's work, so run() cannot return while a handler runs.
    auto work =
        std::make_shared<asio::executor_work_guard<asio::io_context::executor_type>>(m_server.io.get_executor());
    HandlerLane& lane = m_route.lane ? *m_route.lane : *m_server.pool;
    // A lane's request still waiting for a thread when the server stops is not begun: its line could hold the stop
    // far longer than its work, and it is cheap to send elsewhere.
    const bool shedOnStop = m_route.lane != nullptr;
    const bool posted = lane.tryPost([self = shared_from_this(), request, work, shedOnStop]() mutable {
      ServerReply reply = shedOnStop && self->m_server.draining ? self->m_server.stopping(kStoppingUnbegun)
                                                                : self->m_server.handle(*request);
      request.reset();
      asio::post(self->m_stream.get_executor(),
                 [self, reply = std::move(reply)]() mutable { self->onReply(std::move(reply)); });
      self->m_server.requestDone();
      // The work goes last: once it is released run() may return and the server go, while a lane's thread (which
      // outlives the server) would still be letting go of the session.
      self.reset();
      work.reset();
    });
    if (!posted) {
      --m_server.inFlight;
      request->overload = Overload::Lane;
      request->clientGone = {};
      return write(m_server.handle(*request));
    }
    m_state = State::Handling;
    m_handlingSince = Clock::now();
    watchForHangUp();
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
    // The handler's time does not count against the stop's bound: the reply gets what was left of it.
    if (m_closeBy) *m_closeBy += Clock::now() - std::max(m_handlingSince, m_drainedAt);
    write(std::move(reply));
  }

  // An overloaded connection's request that has a body: the handler's 503 is sent without reading the body, and
  // the connection closed after it.
  void answerOverloaded() {
    m_keepAlive = false;
    ServerRequest request;
    request.method = std::string(m_parser->get().method_string());
    request.path = pathOf(m_parser->get().target());
    request.overload = Overload::Connections;
    write(m_server.handle(request));
  }

  // Refuses the request being read with a JSON error, counted, and closes the connection after it. A refused HEAD
  // request gets the head of that reply only.
  void refuse(int status, std::string_view detail) {
    m_keepAlive = false;
    if (m_parser) {
      m_version = m_parser->get().version();
      m_head = m_parser->get().method() == http::verb::head;
    }
    if (status == 503) return write(m_server.stopping(detail));
    m_server.serverError(status);
    write(jsonError(status, statusCode(status), detail));
  }

  void write(ServerReply reply) {
    endDeadline();  // reading is over, however it ended; a pending timer would hold run() until it fired
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
    m_serializer.emplace(response);
    writeSome(close);
  }

  // Writes the reply one write of the socket at a time. The deadline is renewed at each: a client must take some of
  // it within the body timeout, but a reply queued behind earlier ones that a slow client is still reading is not
  // cut for that.
  void writeSome(bool close) {
    m_stream.expires_at(deadlineAfter(std::chrono::seconds(std::max(1, m_server.options.bodyTimeoutSeconds))));
    http::async_write_some(m_stream, *m_serializer,
                           [self = shared_from_this(), close](const ErrorCode& ec, std::size_t) {
                             if (!ec && !self->m_serializer->is_done()) return self->writeSome(close);
                             self->m_serializer.reset();
                             self->m_response.reset();
                             if (ec) return self->close();
                             if (close) return self->linger();
                             self->m_head = false;
                             self->waitForRequest();
                           });
  }

  // Ends the sending side, then reads and drops what the client still sends until it closes, briefly: closing with
  // unread bytes would send a reset, which can destroy replies the client has not read yet.
  void linger() {
    m_state = State::Closing;
    ErrorCode ignored;
    m_stream.socket().shutdown(tcp::socket::shutdown_send, ignored);
    m_buffer.clear();
    m_stream.expires_at(deadlineAfter(kLingerDeadline));
    lingerRead(0);
  }

  void lingerRead(std::size_t dropped) {
    const std::size_t room = std::min(kReadBytes, m_buffer.max_size());
    m_stream.async_read_some(m_buffer.prepare(room),
                             [self = shared_from_this(), dropped](const ErrorCode& ec, std::size_t bytes) {
                               if (ec || dropped + bytes > kLingerBytes) return self->close();
                               self->lingerRead(dropped + bytes);
                             });
  }

  void close() {
    endDeadline();
    m_state = State::Closing;
    m_watching = false;
    ErrorCode ignored;
    m_stream.socket().shutdown(tcp::socket::shutdown_both, ignored);
    m_stream.socket().close(ignored);
  }

  ServerCore& m_server;
  beast::tcp_stream m_stream;
  beast::flat_buffer m_buffer;
  std::optional<http::request_parser<http::string_body>> m_parser;
  std::optional<http::response<http::string_body>> m_response;
  std::optional<http::response_serializer<http::string_body>> m_serializer;  // of m_response, while it is written
  State m_state = State::Idle;
  Part m_part = Part::Head;
  std::size_t m_headBytes = 0;     // of the head being read: its bytes so far, empty lines before it included
  std::size_t m_fieldsInHead = 0;  // the head's fields, so that a chunked body's trailer fields are seen
  Route m_route;

  asio::steady_timer m_deadline{m_stream.get_executor()};
  std::uint64_t m_generation = 0;  // of the deadline's arming; an expiry of an earlier one is ignored
  Clock::time_point m_deadlineAt{};
  bool m_expired = false;         // the deadline in force has passed
  bool m_deadlineIsStop = false;  // the deadline in force is the stop's bound, not the head's or body's own

  // Set on stop(): every read, write and linger of this connection ends by then.
  std::optional<Clock::time_point> m_closeBy;
  Clock::time_point m_drainedAt{};
  Clock::time_point m_handlingSince{};

  std::stop_source m_clientGone{std::nostopstate};
  bool m_overloaded;
  bool m_keepAlive = true;
  bool m_closeAfterReply = false;
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
  // A reply is written one write of the socket at a time, each within the body timeout. With the kernel's send
  // buffer grown to megabytes, a write that finds it full waits until a third of it has drained, which takes a slow
  // but steady reader longer than the timeout; this size keeps that wait short (replies are kilobytes).
  socket.set_option(asio::socket_base::send_buffer_size(kSendBufferBytes), ignored);
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

void ServerCore::drainSessions(Clock::time_point closeBy) {
  std::vector<std::shared_ptr<Session>> live;
  {
    std::lock_guard lock(sessionsMutex);
    for (const std::weak_ptr<Session>& weak : sessions) {
      if (auto session = weak.lock()) live.push_back(std::move(session));
    }
  }
  for (const auto& session : live) session->drain(closeBy);
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
    impl.pool = std::make_unique<HandlerLane>(impl.options.threads, std::numeric_limits<int>::max());
  }
  impl.accept();
  const unsigned networkThreads = impl.options.networkThreads > 0
                                      ? static_cast<unsigned>(impl.options.networkThreads)
                                      : std::max(1U, std::thread::hardware_concurrency() / kCoresPerNetworkThread);
  // A handler on a network thread should never throw; should one, the connection it served is lost (its session
  // goes with the handler) and the others are served on.
  const auto serve = [&impl] {
    for (;;) {
      try {
        impl.io.run();
        return;
      } catch (const std::exception&) {
        impl.serverError(500);
      }
    }
  };
  std::vector<std::thread> network;
  for (unsigned i = 1; i < networkThreads; ++i) network.emplace_back(serve);
  serve();
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
    // The acceptor belongs to its strand; closing it there ends the accept loop, and the connections are drained so
    // that run() returns once the requests under way are answered, within the bound of stop()'s contract.
    const Clock::time_point closeBy =
        Clock::now() + std::chrono::seconds(std::max(1, impl.options.bodyTimeoutSeconds)) - kStopMargin;
    asio::post(impl.acceptor.get_executor(), [&impl, closeBy] {
      ErrorCode ignored;
      impl.acceptor.close(ignored);
      impl.drainSessions(closeBy);
    });
  } else if (!impl.done) {
    ErrorCode ignored;
    impl.acceptor.close(ignored);
  }
}

}  // namespace tengen::net
