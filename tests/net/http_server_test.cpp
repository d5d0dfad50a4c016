// HttpServer on 127.0.0.1: the handler sees the request, overload is answered 503 at once, and stop() lets the
// requests in flight finish.
#include "tengen/net/http_server.h"

#include <gtest/gtest.h>
#include <httplib.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <future>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "running_server.h"
#include "support/test_server.h"

namespace tengen::net {
namespace {

using fixture::bindsAgain;
using fixture::connectTo;
using fixture::exchange;

using fixture::countReplies;
using fixture::readUntilClosed;
using fixture::Running;

TEST(HttpServer, HandsTheRequestToTheHandlerAndSendsItsReply) {
  ServerRequest seen;
  Running running({}, [&](const ServerRequest& request) {
    seen = request;
    ServerReply reply;
    reply.status = 201;
    reply.body = R"({"ok":true})";
    reply.headers.emplace_back("X-Thing", "1");
    return reply;
  });
  EXPECT_GT(running.server().port(), 0);
  httplib::Client c = running.client();
  const auto res = c.Post("/some/path?q=1", httplib::Headers{{"X-Mixed-Case", "v"}}, "body!", "text/plain");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 201);
  EXPECT_EQ(res->body, R"({"ok":true})");
  EXPECT_EQ(res->get_header_value("Content-Type"), "application/json");
  EXPECT_EQ(res->get_header_value("X-Thing"), "1");
  EXPECT_EQ(seen.method, "POST");
  EXPECT_EQ(seen.path, "/some/path");
  EXPECT_EQ(seen.body, "body!");
  EXPECT_EQ(seen.header("x-mixed-case"), "v");
  EXPECT_EQ(seen.header("X-MIXED-CASE"), "v");
  EXPECT_EQ(seen.overload, Overload::None);
}

// `curl -d` labels every body application/x-www-form-urlencoded; httplib refuses such bodies over 8 KiB on its own
// and parses them as a query. The limit is ours (maxBodyBytes) and the body reaches the handler as sent, whatever
// its label; a multipart body is not read into it.
TEST(HttpServer, TakesBodiesUpToTheLimitWhateverTheirContentType) {
  std::string seen;
  HttpServerOptions options;
  options.maxBodyBytes = 200000;
  Running running(options, [&](const ServerRequest& request) {
    seen = request.body;
    return ServerReply{};
  });
  httplib::Client c = running.client();
  const std::string big = R"({"moves":")" + std::string(150000, 'a') + "\"}";
  auto res = c.Post("/v1/genmove", big, "application/x-www-form-urlencoded");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200) << res->body;
  EXPECT_TRUE(seen == big) << seen.size() << " bytes seen";
  res = c.Post("/v1/genmove", "a=1&b=%20", "application/x-www-form-urlencoded");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200);
  EXPECT_EQ(seen, "a=1&b=%20");
  res = c.Post("/v1/genmove", std::string(200001, 'a'), "application/x-www-form-urlencoded");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 413);
  EXPECT_EQ(res->body, R"({"error":"payload_too_large","detail":"request body too large"})");
  res = c.Post("/v1/genmove", "--xx\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n{}\r\n--xx--\r\n",
               "multipart/form-data; boundary=xx");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200);
  EXPECT_EQ(seen, "");
}

// A request with neither Content-Length nor Transfer-Encoding has no body (`curl -X POST URL` sends one). httplib
// would read a POST, PUT or PATCH until the connection closed and answer 400 after the read timeout; the handler
// must see each at once with an empty body, and the connection must stay usable.
TEST(HttpServer, ServesARequestWithoutContentLengthAtOnceWithAnEmptyBody) {
  HttpServerOptions options;
  options.bodyTimeoutSeconds = 30;  // a wait for the body would show as a reply far later than the bound below
  std::vector<ServerRequest> seen;
  Running running(options, [&](const ServerRequest& request) {
    seen.push_back(request);
    ServerReply reply;
    reply.status = 405;
    reply.body = R"({"method":")" + request.method + "\"}";
    reply.headers.emplace_back("Allow", "GET, HEAD");
    return reply;
  });
  const int fd = connectTo(running.server().port());
  ASSERT_GE(fd, 0);
  const auto start = std::chrono::steady_clock::now();
  std::vector<std::string> replies;
  for (const char* method : {"POST", "PUT", "PATCH", "DELETE"}) {
    replies.push_back(fixture::exchange(fd, std::string(method) + " /metrics HTTP/1.1\r\nHost: x\r\n\r\n"));
  }
  replies.push_back(exchange(fd, "POST /metrics HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}"));
  ::close(fd);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10));
  ASSERT_EQ(seen.size(), 5U);
  const std::vector<std::string> methods = {"POST", "PUT", "PATCH", "DELETE", "POST"};
  for (std::size_t i = 0; i < replies.size(); ++i) {
    EXPECT_EQ(replies[i].rfind("HTTP/1.1 405", 0), 0U) << replies[i];
    EXPECT_NE(replies[i].find("Allow: GET, HEAD\r\n"), std::string::npos) << replies[i];
    EXPECT_NE(replies[i].find(R"({"method":")" + methods[i] + "\"}"), std::string::npos) << replies[i];
    EXPECT_EQ(seen[i].method, methods[i]);
    EXPECT_EQ(seen[i].body, i + 1 < replies.size() ? "" : "{}");
  }
}

// httplib checks its own cap against Content-Length only; a chunked body or a small gzip one that inflates past the
// cap must get the 413 too, without being read whole into memory or reaching the handler.
TEST(HttpServer, CapsChunkedAndCompressedBodiesToo) {
  std::atomic<int> handled{0};
  std::atomic<int> serverErrors{0};
  std::string seen;
  HttpServerOptions options;
  options.maxBodyBytes = 1000;
  options.onServerError = [&](int status) {
    if (status == 413) ++serverErrors;
  };
  Running running(options, [&](const ServerRequest& request) {
    ++handled;
    seen = request.body;
    return ServerReply{};
  });
  const auto chunked = [](const std::string& body) {
    char size[32];
    std::snprintf(size, sizeof size, "%zx", body.size());
    return "POST /x HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n" + std::string(size) + "\r\n" + body +
           "\r\n0\r\n\r\n";
  };
  int fd = connectTo(running.server().port());
  ASSERT_GE(fd, 0);
  std::string reply = fixture::exchange(fd, chunked(std::string(999, 'a')));
  EXPECT_NE(reply.find("HTTP/1.1 200"), std::string::npos) << reply;
  EXPECT_EQ(seen, std::string(999, 'a'));
  reply = fixture::exchange(fd, chunked(std::string(3000, 'b')));
  ::close(fd);
  EXPECT_NE(reply.find("HTTP/1.1 413"), std::string::npos) << reply;
  EXPECT_NE(reply.find(R"({"error":"payload_too_large","detail":"request body too large"})"), std::string::npos);
  EXPECT_EQ(handled, 1);

  httplib::Client c = running.client();
  c.set_compress(true);  // gzip: 100,000 bytes of one letter inflate from a few hundred
  const auto res = c.Post("/x", std::string(100000, 'c'), "application/json");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 413);
  EXPECT_EQ(handled, 1);
  EXPECT_EQ(serverErrors, 2);
}

TEST(HttpServer, AnswersOversizedBodiesAndThrowingHandlersWithJson) {
  std::atomic<int> serverErrors{0};
  HttpServerOptions options;
  options.maxBodyBytes = 100;
  options.onServerError = [&](int) { ++serverErrors; };
  Running running(options, [](const ServerRequest& request) -> ServerReply {
    if (request.path == "/throw") throw std::runtime_error("boom");
    return {};
  });
  httplib::Client c = running.client();
  auto res = c.Post("/", std::string(101, 'x'), "text/plain");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 413);
  EXPECT_EQ(res->body, R"({"error":"payload_too_large","detail":"request body too large"})");
  res = c.Post("/", std::string(100, 'x'), "text/plain");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200);
  res = c.Get("/throw");
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 500);
  EXPECT_EQ(res->body, R"({"error":"internal_error","detail":"internal error"})");
  EXPECT_EQ(serverErrors, 2);
}

TEST(HttpServer, MarksConnectionsBeyondItsThreadsAndLineAsOverloaded) {
  HttpServerOptions options;
  options.threads = 1;
  options.maxPending = 0;
  std::atomic<bool> inside{false};
  std::atomic<bool> release{false};
  Running running(options, [&](const ServerRequest& request) {
    if (request.overload != Overload::None) return jsonError(503, "overloaded", "busy");
    inside = true;
    // Busy until the test has seen the overload, however slow the machine.
    const auto start = std::chrono::steady_clock::now();
    while (!release && std::chrono::steady_clock::now() - start < std::chrono::seconds(60)) {
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    return ServerReply{};
  });
  std::thread slow([&] {
    httplib::Client c = running.client();
    const auto res = c.Get("/slow");
    EXPECT_TRUE(res && res->status == 200);
  });
  while (!inside) std::this_thread::sleep_for(std::chrono::milliseconds(2));
  httplib::Client c = running.client();
  const auto res = c.Get("/fast");
  EXPECT_TRUE(res && res->status == 503);
  if (res) {
    EXPECT_EQ(res->get_header_value("Connection"), "close");
    EXPECT_EQ(res->body, R"({"error":"overloaded","detail":"busy"})");
  }

  // The connection is closed after the 503, so that the client comes back on a fresh one once there is room: a
  // second request on it gets no reply.
  const int fd = connectTo(running.server().port());
  ASSERT_GE(fd, 0);
  const std::string first = exchange(fd, "GET /a HTTP/1.1\r\nHost: x\r\n\r\n");
  const std::string second = exchange(fd, "GET /b HTTP/1.1\r\nHost: x\r\n\r\n");
  ::close(fd);
  release = true;
  slow.join();
  EXPECT_NE(first.find("HTTP/1.1 503"), std::string::npos) << first;
  EXPECT_EQ(second, "");
}

// Connections that never send a request must not keep the 503 from the clients behind them: each used to hold a
// shedding thread for the whole keep-alive timeout.
TEST(HttpServer, IdleConnectionsDoNotDelayTheOverloadAnswer) {
  HttpServerOptions options;
  options.threads = 1;
  options.maxPending = 0;
  options.keepAliveSeconds = 30;
  Running running(options, [](const ServerRequest& request) {
    return request.overload != Overload::None ? jsonError(503, "overloaded", "busy") : ServerReply{};
  });
  std::vector<int> idle;
  for (int i = 0; i < 8; ++i) {
    idle.push_back(connectTo(running.server().port()));
    ASSERT_GE(idle.back(), 0);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  const auto start = std::chrono::steady_clock::now();
  const int fd = connectTo(running.server().port());
  ASSERT_GE(fd, 0);
  timeval wait{20, 0};
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, sizeof wait);
  const std::string reply = exchange(fd, "GET /a HTTP/1.1\r\nHost: x\r\n\r\n");
  const auto waited = std::chrono::steady_clock::now() - start;
  ::close(fd);
  for (const int i : idle) ::close(i);
  EXPECT_EQ(reply.rfind("HTTP/1.1 503", 0), 0U) << reply;
  EXPECT_LT(waited, std::chrono::seconds(5));
}

// Requests sent one after another without waiting for the replies (HTTP/1.1 pipelining) are each answered, in order.
TEST(HttpServer, AnswersPipelinedRequestsInOrder) {
  Running running({}, [](const ServerRequest& request) {
    ServerReply reply;
    reply.body = R"({"path":")" + request.path + R"(","body":")" + request.body + "\"}";
    return reply;
  });
  const int fd = connectTo(running.server().port());
  ASSERT_GE(fd, 0);
  timeval wait{20, 0};
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, sizeof wait);
  const std::string requests =
      "POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\nab"
      "GET /b HTTP/1.1\r\nHost: x\r\n\r\n"
      "POST /c HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nConnection: close\r\n\r\nc";
  ASSERT_EQ(::send(fd, requests.data(), requests.size(), MSG_NOSIGNAL), static_cast<ssize_t>(requests.size()));
  std::string replies;
  char buffer[4096];
  for (ssize_t n = 0; (n = ::recv(fd, buffer, sizeof buffer, 0)) > 0;)
    replies.append(buffer, static_cast<std::size_t>(n));
  ::close(fd);
  const auto a = replies.find(R"({"path":"/a","body":"ab"})");
  const auto b = replies.find(R"({"path":"/b","body":""})");
  const auto c = replies.find(R"({"path":"/c","body":"c"})");
  ASSERT_NE(a, std::string::npos) << replies;
  ASSERT_NE(b, std::string::npos) << replies;
  ASSERT_NE(c, std::string::npos) << replies;
  EXPECT_LT(a, b);
  EXPECT_LT(b, c);
}

TEST(HttpServer, AnswersAMalformedRequestWithJsonEvenAfterAGoodOne) {
  Running running({}, [](const ServerRequest&) {
    ServerReply reply;
    reply.body = R"({"fine":true})";
    return reply;
  });
  const int fd = connectTo(running.server().port());
  ASSERT_GE(fd, 0);
  const std::string good = exchange(fd, "GET /a HTTP/1.1\r\nHost: x\r\n\r\n");
  // A method httplib does not know: it refuses the request before any handler sees it.
  const std::string bad = exchange(fd, "BREW /pot HTTP/1.1\r\nHost: x\r\n\r\n");
  ::close(fd);
  EXPECT_NE(good.find(R"({"fine":true})"), std::string::npos) << good;
  EXPECT_NE(bad.find("HTTP/1.1 400"), std::string::npos) << bad;
  EXPECT_NE(bad.find(R"({"error":"invalid_request","detail":"malformed HTTP request"})"), std::string::npos) << bad;
}

// A body that does not arrive within the body deadline is answered 408 and the connection closed: the rest of the
// body, arriving late, must not be read as the next request, and the stalled client must not keep its connection for
// the keep-alive timeout too.
TEST(HttpServer, ClosesTheConnectionAfterARequestItCouldNotRead) {
  HttpServerOptions options;
  options.bodyTimeoutSeconds = 1;
  options.keepAliveSeconds = 30;  // a connection kept open would outlast the wait below by far
  std::atomic<int> handled{0};
  Running running(options, [&](const ServerRequest&) {
    ++handled;
    return ServerReply{};
  });
  const int fd = connectTo(running.server().port());
  ASSERT_GE(fd, 0);
  const std::string reply = exchange(fd, "POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"size\":");
  EXPECT_EQ(reply.rfind("HTTP/1.1 408", 0), 0U) << reply;
  EXPECT_NE(reply.find("Connection: close\r\n"), std::string::npos) << reply;
  EXPECT_NE(reply.find(R"({"error":"request_timeout","detail":"the request's body did not arrive within 1 second"})"),
            std::string::npos)
      << reply;
  timeval wait{5, 0};
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, sizeof wait);
  char byte = 0;
  EXPECT_EQ(::recv(fd, &byte, 1, 0), 0) << "the connection stayed open after the 400";
  ::close(fd);
  EXPECT_EQ(handled.load(), 0);
}

// A request that does not say plainly where its body ends is refused, and its connection closed: httplib read
// "Content-Length: -5" as a huge length (413), "abc" as no body (the body then read as the next request), the first
// of two lengths that disagree, and a body in another transfer coding until the connection closed.
TEST(HttpServer, RefusesARequestWhoseBodyHasNoClearEnd) {
  std::atomic<int> handled{0};
  Running running({}, [&](const ServerRequest&) {
    ++handled;
    return ServerReply{};
  });
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"Content-Length: -5\r\n", "Content-Length: must be one number of bytes"},
      {"Content-Length: abc\r\n", "Content-Length: must be one number of bytes"},
      {"Content-Length: 2\r\nContent-Length: 7\r\n", "Content-Length: must be one number of bytes"},
      {"Transfer-Encoding: gzip\r\n", "Transfer-Encoding: only chunked is supported"},
  };
  for (const auto& [headers, detail] : cases) {
    const int fd = connectTo(running.server().port());
    ASSERT_GE(fd, 0);
    timeval wait{20, 0};
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, sizeof wait);
    const std::string reply = fixture::exchange(fd, "POST /a HTTP/1.1\r\nHost: x\r\n" + headers + "\r\n{}");
    ::close(fd);
    EXPECT_EQ(reply.rfind("HTTP/1.1 400", 0), 0U) << headers << reply;
    EXPECT_NE(reply.find("Connection: close\r\n"), std::string::npos) << headers << reply;
    EXPECT_NE(reply.find(R"({"error":"invalid_request","detail":")" + detail + "\"}"), std::string::npos)
        << headers << reply;
  }
  EXPECT_EQ(handled.load(), 0);
}

// A client must not make the server read and keep hundreds of megabytes of headers: the head of a request is held to
// 64 KiB (431 beyond), and a line inside a chunked body to about as much (400).
TEST(HttpServer, RefusesARequestWithTooManyHeaders) {
  std::atomic<int> handled{0};
  Running running({}, [&](const ServerRequest&) {
    ++handled;
    return ServerReply{};
  });
  const auto request = [](int lines) {
    std::string text = "GET /a HTTP/1.1\r\nHost: x\r\n";
    for (int i = 0; i < lines; ++i) text += "X-Filler: " + std::string(4000, 'a') + "\r\n";
    return text + "\r\n";
  };
  const int fd = connectTo(running.server().port());
  ASSERT_GE(fd, 0);
  const std::string fits = fixture::exchange(fd, request(15));
  const std::string over = fixture::exchange(fd, request(40));
  ::close(fd);
  EXPECT_EQ(fits.rfind("HTTP/1.1 200", 0), 0U) << fits.substr(0, 200);
  EXPECT_EQ(over.rfind("HTTP/1.1 431", 0), 0U) << over.substr(0, 200);
  EXPECT_NE(over.find("Connection: close\r\n"), std::string::npos) << over;
  EXPECT_NE(over.find(R"({"error":"headers_too_large","detail":"the request's head is larger than 65536 bytes"})"),
            std::string::npos)
      << over;

  // Nor may a line inside a chunked body (a chunk size, a trailer) grow without bound.
  const int fd2 = connectTo(running.server().port());
  ASSERT_GE(fd2, 0);
  const std::string longLine =
      fixture::exchange(fd2, "POST /a HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n" +
                                 std::string(std::size_t{100} << 10, '0') + "2\r\n{}\r\n0\r\n\r\n");
  ::close(fd2);
  EXPECT_EQ(longLine.rfind("HTTP/1.1 400", 0), 0U) << longLine.substr(0, 200);
  EXPECT_EQ(handled.load(), 1);
}

// httplib cuts a reply to the bytes a Range header asks for and keeps the handler's status: a 200 with `{"mo`.
// Replies of this API are whole or nothing.
TEST(HttpServer, IgnoresRangeHeaders) {
  Running running({}, [](const ServerRequest&) {
    ServerReply reply;
    reply.body = R"({"move":"D4"})";
    return reply;
  });
  const int fd = connectTo(running.server().port());
  ASSERT_GE(fd, 0);
  const std::string one =
      exchange(fd, "POST /a HTTP/1.1\r\nHost: x\r\nRange: bytes=0-3\r\nContent-Length: 2\r\n\r\n{}");
  const std::string two = exchange(fd, "GET /a HTTP/1.1\r\nHost: x\r\nRange: bytes=1-2,5-6\r\n\r\n");
  const std::string three = exchange(fd, "GET /a HTTP/1.1\r\nHost: x\r\nRange: bytes=99-\r\n\r\n");
  ::close(fd);
  for (const std::string& reply : {one, two, three}) {
    EXPECT_EQ(reply.rfind("HTTP/1.1 200", 0), 0U) << reply;
    EXPECT_EQ(reply.find("Content-Range"), std::string::npos) << reply;
    EXPECT_NE(reply.find("\r\n\r\n{\"move\":\"D4\"}"), std::string::npos) << reply;
  }
}

TEST(HttpServer, StopLetsTheRequestInFlightFinish) {
  std::atomic<bool> inside{false};
  auto running = std::make_unique<Running>(HttpServerOptions{}, [&](const ServerRequest&) {
    inside = true;
    std::this_thread::sleep_for(std::chrono::milliseconds(800));
    ServerReply reply;
    reply.body = R"({"done":true})";
    return reply;
  });
  const int port = running->server().port();
  std::thread client([&] {
    httplib::Client c("127.0.0.1", port);
    c.set_read_timeout(60, 0);
    const auto res = c.Get("/");
    ASSERT_TRUE(res);
    EXPECT_EQ(res->body, R"({"done":true})");
  });
  while (!inside) std::this_thread::sleep_for(std::chrono::milliseconds(2));
  running->server().stop();
  running->join();  // run() has returned: the reply was sent before
  client.join();
  httplib::Client late("127.0.0.1", port);
  late.set_connection_timeout(2, 0);
  EXPECT_FALSE(late.Get("/"));
}

// A connection accepted while every thread was busy waits in the line; a stop() then must still answer it, not
// close it unanswered.
TEST(HttpServer, StopAnswersTheConnectionsWaitingInTheLine) {
  HttpServerOptions options;
  options.threads = 1;
  options.maxPending = 1;
  std::atomic<bool> inside{false};
  std::atomic<bool> release{false};
  auto running = std::make_unique<Running>(options, [&](const ServerRequest& request) {
    if (request.overload != Overload::None) return jsonError(503, "overloaded", "busy");
    if (request.path == "/slow") {
      inside = true;
      const auto start = std::chrono::steady_clock::now();
      while (!release && std::chrono::steady_clock::now() - start < std::chrono::seconds(60)) {
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
      }
    }
    ServerReply reply;
    reply.body = R"({"path":")" + request.path + "\"}";
    return reply;
  });
  const int port = running->server().port();
  std::thread slow([&] {
    httplib::Client c("127.0.0.1", port);
    c.set_read_timeout(60, 0);
    const auto res = c.Get("/slow");
    EXPECT_TRUE(res && res->status == 200);
  });
  while (!inside) std::this_thread::sleep_for(std::chrono::milliseconds(2));
  // The line has room for one: this connection waits in it.
  const int waiting = connectTo(port);
  ASSERT_GE(waiting, 0);
  const std::string request = "GET /queued HTTP/1.1\r\nHost: x\r\n\r\n";
  ASSERT_EQ(::send(waiting, request.data(), request.size(), MSG_NOSIGNAL), static_cast<ssize_t>(request.size()));
  // The next is shed; its 503 proves the server has accepted (and so queued) the one before.
  const int shed = connectTo(port);
  ASSERT_GE(shed, 0);
  const std::string refused = exchange(shed, "GET /shed HTTP/1.1\r\nHost: x\r\n\r\n");
  ::close(shed);
  EXPECT_NE(refused.find("HTTP/1.1 503"), std::string::npos) << refused;

  running->server().stop();
  release = true;
  std::string queued;
  char buffer[4096];
  for (ssize_t n; (n = ::recv(waiting, buffer, sizeof buffer, 0)) > 0;)
    queued.append(buffer, static_cast<std::size_t>(n));
  ::close(waiting);
  slow.join();
  running->join();
  EXPECT_NE(queued.find("HTTP/1.1 200"), std::string::npos) << queued;
  EXPECT_NE(queued.find(R"({"path":"/queued"})"), std::string::npos) << queued;
  // Answered during the drain, the connection is then closed (the recv loop above ended), and nothing listens.
  EXPECT_TRUE(bindsAgain(port));
}

// A server bound but never run gives its port back when stopped or destroyed.
TEST(HttpServer, AServerThatNeverRanReleasesItsPort) {
  int port = 0;
  {
    auto server = HttpServer::bind({}, [](const ServerRequest&) { return ServerReply{}; });
    ASSERT_TRUE(server.ok());
    port = (*server)->port();
  }
  EXPECT_TRUE(bindsAgain(port));
  auto server = HttpServer::bind({}, [](const ServerRequest&) { return ServerReply{}; });
  ASSERT_TRUE(server.ok());
  port = (*server)->port();
  (*server)->stop();
  EXPECT_TRUE(bindsAgain(port));
}

TEST(HttpServer, StopBeforeRunMakesRunReturnAtOnce) {
  auto server = HttpServer::bind({}, [](const ServerRequest&) { return ServerReply{}; });
  ASSERT_TRUE(server.ok());
  const int port = (*server)->port();
  (*server)->stop();
  std::packaged_task<void()> running([&] { (*server)->run(); });
  std::future<void> ran = running.get_future();
  std::thread thread(std::move(running));
  // Nothing could end run() but the stop before it: it returns rather than serve.
  const bool returned = ran.wait_for(std::chrono::seconds(60)) == std::future_status::ready;
  EXPECT_TRUE(returned);
  if (!returned) (*server)->stop();
  thread.join();
  EXPECT_TRUE(bindsAgain(port));
}

TEST(HttpServer, RefusesAPortThatIsTaken) {
  auto first = HttpServer::bind({}, [](const ServerRequest&) { return ServerReply{}; });
  ASSERT_TRUE(first.ok());
  HttpServerOptions options;
  options.port = (*first)->port();
  const auto second = HttpServer::bind(options, [](const ServerRequest&) { return ServerReply{}; });
  EXPECT_FALSE(second.ok());
}

// Request smuggling: where one request ends must be read exactly as RFC 9112 says, or a proxy and tengen disagree
// about it and a request hidden in another's body is answered as a request of its own. A body on a GET is read as
// its body; anything ambiguous is refused with 400 and the connection closed.
TEST(HttpServer, ReadsTheBodyOfAGetAsItsBodyNotAsASecondRequest) {
  std::vector<std::string> paths;
  std::mutex mutex;
  Running running({}, [&](const ServerRequest& request) {
    std::lock_guard lock(mutex);
    paths.push_back(request.method + " " + request.path);
    return ServerReply{};
  });
  const std::string hidden = "POST /v1/legal HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}";
  for (const char* method : {"GET", "HEAD", "OPTIONS"}) {
    const int fd = connectTo(running.server().port());
    ASSERT_GE(fd, 0);
    const std::string request = std::string(method) +
                                " /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: " + std::to_string(hidden.size()) +
                                "\r\nConnection: close\r\n\r\n" + hidden;
    ASSERT_EQ(::send(fd, request.data(), request.size(), MSG_NOSIGNAL), static_cast<ssize_t>(request.size()));
    const std::string replies = readUntilClosed(fd);
    ::close(fd);
    EXPECT_EQ(countReplies(replies), 1U) << method << "\n" << replies;
  }
  std::lock_guard lock(mutex);
  EXPECT_EQ(paths, (std::vector<std::string>{"GET /healthz", "HEAD /healthz", "OPTIONS /healthz"}));
}

TEST(HttpServer, RefusesAmbiguousFramingAndClosesTheConnection) {
  std::atomic<int> handled{0};
  std::atomic<int> serverErrors{0};
  HttpServerOptions options;
  options.onServerError = [&](int status) {
    if (status == 400) ++serverErrors;
  };
  Running running(options, [&](const ServerRequest&) {
    ++handled;
    return ServerReply{};
  });
  const std::string post = "POST /v1/legal HTTP/1.1\r\nHost: x\r\n";
  const std::string next = "GET /next HTTP/1.1\r\nHost: x\r\n\r\n";
  const std::vector<std::string> cases = {
      // Content-Length with Transfer-Encoding: which one frames the body is for the two ends to disagree about.
      post + "Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n" + next,
      post + "Transfer-Encoding: chunked\r\nContent-Length: 4\r\n\r\n2\r\n{}\r\n0\r\n\r\n" + next,
      // A space before the colon (RFC 9112 5.1): the field must not be ignored and its body read as a request.
      post + "Content-Length : " + std::to_string(next.size()) + "\r\n\r\n" + next,
      // Chunk sizes are bare hex digits, and chunk lines end in CRLF.
      post + "Transfer-Encoding: chunked\r\n\r\n0x02\r\n{}\r\n0\r\n\r\n" + next,
      post + "Transfer-Encoding: chunked\r\n\r\n 2\r\n{}\r\n0\r\n\r\n" + next,
      post + "Transfer-Encoding: chunked\r\n\r\n2\n{}\n0\n\n" + next,
      post + "Transfer-Encoding: chunked\r\n\r\na\r\n{\"size\":9}XX0\r\n\r\n" + next,
      post + "Transfer-Encoding: chunked, chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n" + next,
  };
  for (const std::string& request : cases) {
    const int fd = connectTo(running.server().port());
    ASSERT_GE(fd, 0);
    ASSERT_EQ(::send(fd, request.data(), request.size(), MSG_NOSIGNAL), static_cast<ssize_t>(request.size()));
    const std::string replies = readUntilClosed(fd);
    ::close(fd);
    EXPECT_EQ(replies.rfind("HTTP/1.1 400", 0), 0U) << request << "\n" << replies;
    EXPECT_EQ(countReplies(replies), 1U) << request << "\n" << replies;
    EXPECT_NE(replies.find("Connection: close\r\n"), std::string::npos) << replies;
    EXPECT_NE(replies.find(R"({"error":"invalid_request")"), std::string::npos) << replies;
  }
  EXPECT_EQ(handled.load(), 0);
  EXPECT_EQ(serverErrors.load(), static_cast<int>(cases.size()));
}

// Slowloris: a client that sends a byte now and then must not hold its connection past the head deadline, and while
// slow clients hold connections new requests are still answered.
TEST(HttpServer, CutsOffAClientThatTricklesItsHead) {
  HttpServerOptions options;
  options.threads = 1;
  options.maxPending = 1;
  options.headTimeoutSeconds = 1;
  options.keepAliveSeconds = 30;
  Running running(options, [](const ServerRequest& request) {
    return request.overload != Overload::None ? jsonError(503, "overloaded", "busy") : ServerReply{};
  });
  const std::string head = "POST /v1/genmove HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}";
  std::atomic<bool> trickling{true};
  std::vector<std::string> cutOff(2);
  std::vector<std::thread> slow;
  std::atomic<int> connected{0};
  const auto start = std::chrono::steady_clock::now();
  for (std::size_t i = 0; i < cutOff.size(); ++i) {
    slow.emplace_back([&, i] {
      const int fd = connectTo(running.server().port());
      if (fd < 0) return;
      timeval wait{0, 100000};
      ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, sizeof wait);
      std::string received;
      for (std::size_t sent = 0; trickling && sent < head.size(); ++sent) {
        if (::send(fd, head.data() + sent, 1, MSG_NOSIGNAL) != 1) break;
        if (sent == 0) ++connected;
        char buffer[4096];
        const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
        if (n == 0) break;
        if (n > 0) received.append(buffer, static_cast<std::size_t>(n));
      }
      cutOff[i] = received + readUntilClosed(fd, 5);
      ::close(fd);
    });
  }
  // Both connections the server holds are trickling: a new client is answered at once all the same. Connected
  // after them, it is accepted after them, so it is one too many (503) unless a head timeout has freed a place.
  while (connected < 2 && std::chrono::steady_clock::now() - start < std::chrono::seconds(60)) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  EXPECT_EQ(connected.load(), 2);
  const auto asked = std::chrono::steady_clock::now();
  const int fd = connectTo(running.server().port());
  ASSERT_GE(fd, 0);
  const std::string answer = exchange(fd, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
  ::close(fd);
  if (asked - start < std::chrono::seconds(1)) {
    EXPECT_EQ(answer.rfind("HTTP/1.1 503", 0), 0U) << answer;
  } else {
    EXPECT_TRUE(answer.rfind("HTTP/1.1 503", 0) == 0 || answer.rfind("HTTP/1.1 200", 0) == 0) << answer;
  }
  for (std::thread& t : slow) t.join();
  trickling = false;
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(8));
  for (const std::string& reply : cutOff) {
    EXPECT_EQ(reply.rfind("HTTP/1.1 408", 0), 0U) << reply;
    EXPECT_NE(reply.find(R"({"error":"request_timeout","detail":"the request's head did not arrive within 1 second"})"),
              std::string::npos)
        << reply;
  }
}

// The handler is told when its client hangs up, through the request's stop token, so long work can be given up.
TEST(HttpServer, TellsTheHandlerWhenItsClientHangsUp) {
  std::atomic<bool> inside{false};
  std::atomic<bool> told{false};
  Running running({}, [&](const ServerRequest& request) {
    EXPECT_TRUE(request.clientGone.stop_possible());
    inside = true;
    const auto start = std::chrono::steady_clock::now();
    while (!request.clientGone.stop_requested() && std::chrono::steady_clock::now() - start < std::chrono::seconds(20))
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    told = request.clientGone.stop_requested();
    return ServerReply{};
  });
  const int fd = connectTo(running.server().port());
  ASSERT_GE(fd, 0);
  const std::string request = "POST /v1/genmove HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}";
  ASSERT_EQ(::send(fd, request.data(), request.size(), MSG_NOSIGNAL), static_cast<ssize_t>(request.size()));
  while (!inside) std::this_thread::sleep_for(std::chrono::milliseconds(2));
  const auto closed = std::chrono::steady_clock::now();
  ::close(fd);
  while (!told && std::chrono::steady_clock::now() - closed < std::chrono::seconds(20))
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  EXPECT_TRUE(told.load());
  EXPECT_LT(std::chrono::steady_clock::now() - closed, std::chrono::seconds(2));
}

// A pipelined request waiting behind the one at the handler is not taken for a hang-up.
TEST(HttpServer, APipelinedRequestIsNotAHangUp) {
  std::atomic<int> stopped{0};
  Running running({}, [&](const ServerRequest& request) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    if (request.clientGone.stop_requested()) ++stopped;
    ServerReply reply;
    reply.body = R"({"path":")" + request.path + "\"}";
    return reply;
  });
  const int fd = connectTo(running.server().port());
  ASSERT_GE(fd, 0);
  const std::string requests =
      "GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
  ASSERT_EQ(::send(fd, requests.data(), requests.size(), MSG_NOSIGNAL), static_cast<ssize_t>(requests.size()));
  const std::string replies = readUntilClosed(fd);
  ::close(fd);
  EXPECT_EQ(countReplies(replies), 2U) << replies;
  EXPECT_NE(replies.find(R"({"path":"/b"})"), std::string::npos) << replies;
  EXPECT_EQ(stopped.load(), 0);
}

// A HEAD reply says the length of the body it does not send; a client that asks to be told before it sends a body
// (Expect: 100-continue, as curl does for large ones) is told.
TEST(HttpServer, AnswersHeadWithoutABodyAndExpectWithContinue) {
  std::string seen;
  Running running({}, [&](const ServerRequest& request) {
    seen = request.body;
    ServerReply reply;
    reply.body = R"({"status":"ok"})";
    return reply;
  });
  const int fd = connectTo(running.server().port());
  ASSERT_GE(fd, 0);
  const std::string headRequest = "HEAD /healthz HTTP/1.1\r\nHost: x\r\n\r\n";
  ASSERT_EQ(::send(fd, headRequest.data(), headRequest.size(), MSG_NOSIGNAL), static_cast<ssize_t>(headRequest.size()));
  std::string head;
  char buffer[256];
  while (head.find("\r\n\r\n") == std::string::npos) {
    const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
    ASSERT_GT(n, 0);
    head.append(buffer, static_cast<std::size_t>(n));
  }
  EXPECT_EQ(head.rfind("HTTP/1.1 200", 0), 0U) << head;
  EXPECT_NE(head.find("Content-Length: 15\r\n"), std::string::npos) << head;
  EXPECT_EQ(head.size(), head.find("\r\n\r\n") + 4) << head;
  const std::string asked = "POST /v1/legal HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nExpect: 100-continue\r\n\r\n";
  ASSERT_EQ(::send(fd, asked.data(), asked.size(), MSG_NOSIGNAL), static_cast<ssize_t>(asked.size()));
  const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
  ASSERT_GT(n, 0);
  EXPECT_EQ(std::string(buffer, static_cast<std::size_t>(n)), "HTTP/1.1 100 Continue\r\n\r\n");
  const std::string reply = exchange(fd, "{}");
  ::close(fd);
  EXPECT_EQ(reply.rfind("HTTP/1.1 200", 0), 0U) << reply;
  EXPECT_EQ(seen, "{}");
}

}  // namespace
}  // namespace tengen::net
