// The edges of HttpServer that hostile clients go for: deadlines racing with reads (made to expire at an exact step
// through HttpServerOptions::expireDeadlineAt, so that no test needs luck), a stop whatever the clients do, chunked
// trailers, HTTP/1.0, HEAD, the head's limits, a stop while replies to pipelined requests are written, and the routes
// that keep quick answers quick while every handler is busy.
#include <errno.h>
#include <gtest/gtest.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "tengen/net/http_server.h"

#include "running_server.h"
#include "support/test_server.h"

namespace tengen::net {
namespace {

using fixture::connectTo;
using fixture::countReplies;
using fixture::readUntilClosed;
using fixture::Running;
using Clock = std::chrono::steady_clock;

bool sendAll(int fd, const std::string& bytes) {
  return ::send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(bytes.size());
}

// A handler that counts the requests it is given and answers each 200.
ServerHandler counting(std::atomic<int>& handled) {
  return [&handled](const ServerRequest&) {
    ++handled;
    return ServerReply{};
  };
}

// Waits until `done` holds, for at most a minute.
template <typename Condition>
bool waitFor(Condition done) {
  const auto start = Clock::now();
  while (!done()) {
    if (Clock::now() - start > std::chrono::seconds(60)) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  return true;
}

// A handler's work held until the test lets it go.
class Gate {
 public:
  void wait() {
    ++m_waiting;
    waitFor([this] { return m_open.load(); });
  }
  void open() { m_open = true; }
  int waiting() const { return m_waiting.load(); }

 private:
  std::atomic<bool> m_open{false};
  std::atomic<int> m_waiting{0};
};

// The replies in `text`, each whole (head and Content-Length body); false when the text ends inside one.
bool wholeReplies(const std::string& text, std::size_t& count) {
  count = 0;
  std::size_t at = 0;
  while (at < text.size()) {
    const auto end = text.find("\r\n\r\n", at);
    if (end == std::string::npos) return false;
    const auto length = text.find("Content-Length: ", at);
    if (length == std::string::npos || length > end) return false;
    const std::size_t size = std::stoul(text.substr(length + 16));
    if (text.size() < end + 4 + size) return false;
    at = end + 4 + size;
    ++count;
  }
  return true;
}

// Two network threads, as a machine of eight cores or more runs: a deadline whose timer fires between two reads of a
// head (its handler running while no read is pending, so cancelling the socket cancels nothing) must still end the
// read. The client goes on sending header lines; the 408 comes at once all the same.
TEST(HttpServerDeadlines, AHeadDeadlineThatPassesBetweenTwoReadsIsKept) {
  HttpServerOptions options;
  options.networkThreads = 2;
  options.headTimeoutSeconds = 30;
  std::atomic<int> reads{0};
  options.expireDeadlineAt = [&](ReadPoint point) { return point == ReadPoint::ReadDone && reads++ == 0; };
  std::atomic<int> handled{0};
  Running running(options, counting(handled));
  const int fd = connectTo(running.server().port());
  ASSERT_GE(fd, 0);
  ASSERT_TRUE(sendAll(fd, "POST /v1/legal HTTP/1.1\r\nHost: x\r\n"));
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  const auto start = Clock::now();
  std::atomic<bool> stop{false};
  std::thread trickle([&] {
    for (int i = 0; i < 400 && !stop; ++i) {
      if (!sendAll(fd, "X-Line-" + std::to_string(i) + ": a\r\n")) return;
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    sendAll(fd, "Content-Length: 2\r\n\r\n{}");
  });
  const std::string reply = readUntilClosed(fd, 20);
  const auto waited = Clock::now() - start;
  stop = true;
  trickle.join();
  ::close(fd);
  EXPECT_EQ(reply.rfind("HTTP/1.1 408", 0), 0U) << reply;
  EXPECT_NE(reply.find("the request's head did not arrive within 30 seconds"), std::string::npos) << reply;
  EXPECT_LT(waited, std::chrono::seconds(5));
  EXPECT_EQ(handled.load(), 0);
  EXPECT_GE(reads.load(), 1);
}

// The same for a body: its deadline expires between two of its reads, and the rest of it is not waited for.
TEST(HttpServerDeadlines, ABodyDeadlineThatPassesBetweenTwoReadsIsKept) {
  HttpServerOptions options;
  options.networkThreads = 2;
  options.bodyTimeoutSeconds = 30;
  std::atomic<bool> headDone{false};
  options.expireDeadlineAt = [&](ReadPoint point) {
    if (point == ReadPoint::HeadDone) headDone = true;
    return point == ReadPoint::ReadDone && headDone.load();
  };
  std::atomic<int> handled{0};
  Running running(options, counting(handled));
  const int fd = connectTo(running.server().port());
  ASSERT_GE(fd, 0);
  ASSERT_TRUE(sendAll(fd, "POST /v1/legal HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{"));
  ASSERT_TRUE(waitFor([&] { return headDone.load(); }));
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  ASSERT_TRUE(sendAll(fd, "\"a\":"));
  const std::string reply = readUntilClosed(fd, 20);
  ::close(fd);
  EXPECT_EQ(reply.rfind("HTTP/1.1 408", 0), 0U) << reply;
  EXPECT_NE(reply.find("the request's body did not arrive within 30 seconds"), std::string::npos) << reply;
  EXPECT_EQ(handled.load(), 0);
}

// A head deadline whose timer fired just as the head completed, its handler still queued: that expiry belongs to the
// head, which came in time, and must not cut the body that follows.
TEST(HttpServerDeadlines, AnExpiryQueuedAsTheHeadCompletesDoesNotCutTheBody) {
  HttpServerOptions options;
  options.networkThreads = 2;
  std::atomic<int> heads{0};
  options.expireDeadlineAt = [&](ReadPoint point) { return point == ReadPoint::HeadDone && ++heads > 0; };
  std::string seen;
  std::mutex mutex;
  Running running(options, [&](const ServerRequest& request) {
    std::lock_guard lock(mutex);
    seen = request.body;
    return ServerReply{};
  });
  const int fd = connectTo(running.server().port());
  ASSERT_GE(fd, 0);
  ASSERT_TRUE(sendAll(fd, "POST /v1/legal HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n"));
  ASSERT_TRUE(waitFor([&] { return heads.load() == 1; }));
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  const std::string reply = fixture::exchange(fd, "{}");
  // And a second request on the same connection, its head and body in one piece.
  const std::string again = fixture::exchange(fd, "POST /v1/legal HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n[]");
  ::close(fd);
  EXPECT_EQ(reply.rfind("HTTP/1.1 200", 0), 0U) << reply;
  EXPECT_EQ(again.rfind("HTTP/1.1 200", 0), 0U) << again;
  EXPECT_EQ(heads.load(), 2);
  std::lock_guard lock(mutex);
  EXPECT_EQ(seen, "[]");
}

// However the clients behave, every connection is closed within the body timeout of the stop, plus the time its own
// handler ran after it: a head trickled under a long head timeout is cut at that bound (503: the server is going), a
// client that never reads its reply is dropped, and a handler in flight still gets its reply written.
TEST(HttpServerDeadlines, StopClosesEveryConnectionWithinTheBodyTimeoutPlusItsHandler) {
  HttpServerOptions options;
  options.networkThreads = 2;
  options.headTimeoutSeconds = 60;
  options.bodyTimeoutSeconds = 2;
  options.keepAliveSeconds = 60;
  std::atomic<bool> slowInside{false};
  auto running = std::make_unique<Running>(options, [&](const ServerRequest& request) {
    ServerReply reply;
    if (request.path == "/slow") {
      slowInside = true;
      std::this_thread::sleep_for(std::chrono::milliseconds(1500));
      reply.body = R"({"slow":true})";
    } else {
      reply.body = std::string(256 << 10, 'x');  // more than a socket's buffers hold
    }
    return reply;
  });
  const int port = running->server().port();

  std::atomic<bool> stopTrickling{false};
  std::string trickled;
  std::thread trickler([&] {
    const int fd = connectTo(port);
    if (fd < 0) return;
    sendAll(fd, "POST /v1/legal HTTP/1.1\r\n");
    std::thread reader([&] { trickled = readUntilClosed(fd, 30); });
    for (int i = 0; !stopTrickling && i < 20000; ++i) {
      if (!sendAll(fd, "X-" + std::to_string(i) + ": a\r\n")) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(3));
    }
    reader.join();
    ::close(fd);
  });
  // Pipelines requests for large replies and reads none of them.
  const int deaf = connectTo(port);
  ASSERT_GE(deaf, 0);
  int small = 2048;
  ::setsockopt(deaf, SOL_SOCKET, SO_RCVBUF, &small, sizeof small);
  std::string many;
  for (int i = 0; i < 50; ++i) many += "GET /big HTTP/1.1\r\nHost: x\r\n\r\n";
  ASSERT_TRUE(sendAll(deaf, many));
  std::string slowReply;
  std::thread slow([&] {
    const int fd = connectTo(port);
    if (fd < 0) return;
    slowReply = fixture::exchange(fd, "GET /slow HTTP/1.1\r\nHost: x\r\n\r\n");
    ::close(fd);
  });
  ASSERT_TRUE(waitFor([&] { return slowInside.load(); }));
  std::this_thread::sleep_for(std::chrono::milliseconds(200));

  const auto stopped = Clock::now();
  running->server().stop();
  running->join();
  const auto took = Clock::now() - stopped;
  stopTrickling = true;
  trickler.join();
  slow.join();
  ::close(deaf);
  EXPECT_LT(took, std::chrono::milliseconds(2000 + 1500 + 1000));
  EXPECT_EQ(trickled.rfind("HTTP/1.1 503", 0), 0U) << trickled.substr(0, 300);
  EXPECT_NE(trickled.find("the server is stopping"), std::string::npos) << trickled.substr(0, 300);
  EXPECT_NE(trickled.find("Retry-After: 1\r\n"), std::string::npos) << trickled.substr(0, 300);
  EXPECT_EQ(slowReply.rfind("HTTP/1.1 200", 0), 0U) << slowReply;
  EXPECT_NE(slowReply.find(R"({"slow":true})"), std::string::npos) << slowReply;
}

// Trailer fields after a chunked body are never taken as header fields (RFC 9110, 6.5): a token, a coding or a
// Connection sent after the body, past a proxy that checked only the head, would change what the request means.
TEST(HttpServer, RefusesTrailerFieldsAfterAChunkedBody) {
  std::atomic<int> handled{0};
  Running running({}, counting(handled));
  const std::string head = "POST /v1/legal HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n";
  for (const std::string& trailer : std::vector<std::string>{
           "Authorization: Bearer secret\r\n", "Content-Encoding: gzip\r\n", "Connection: close\r\n",
           "Content-Type: multipart/form-data; boundary=x\r\n", "X-Anything: 1\r\nX-More: 2\r\n"}) {
    const int fd = connectTo(running.server().port());
    ASSERT_GE(fd, 0);
    ASSERT_TRUE(sendAll(fd, head + trailer + "\r\nGET /next HTTP/1.1\r\nHost: x\r\n\r\n"));
    const std::string replies = readUntilClosed(fd);
    ::close(fd);
    EXPECT_EQ(replies.rfind("HTTP/1.1 400", 0), 0U) << trailer << replies;
    EXPECT_EQ(countReplies(replies), 1U) << trailer << replies;
    EXPECT_NE(replies.find("Connection: close\r\n"), std::string::npos) << replies;
    EXPECT_NE(replies.find("trailer fields after a chunked body are not accepted"), std::string::npos) << replies;
  }
  // A trailer field larger than Beast can store (it throws for one over 64 KiB, which the head's limit does not
  // reach) is a 400 too, and the server goes on.
  for (const std::size_t size : {std::size_t{65530}, std::size_t{70000}, std::size_t{81000}, std::size_t{90000}}) {
    for (const bool inName : {false, true}) {
      const int fd = connectTo(running.server().port());
      ASSERT_GE(fd, 0);
      const std::string field = inName ? std::string(size, 'a') + ": b" : "X: " + std::string(size, 'a');
      sendAll(fd, "GET /healthz HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n" + field + "\r\n\r\n");
      const std::string reply = readUntilClosed(fd);
      ::close(fd);
      EXPECT_EQ(reply.rfind("HTTP/1.1 400", 0), 0U) << size << " " << reply.substr(0, 200);
    }
  }
  EXPECT_EQ(handled.load(), 0);
  // Without a trailer the same body is served, and the connection kept.
  const int fd = connectTo(running.server().port());
  ASSERT_GE(fd, 0);
  const std::string reply = fixture::exchange(fd, head + "\r\n");
  const std::string next = fixture::exchange(fd, "GET /next HTTP/1.1\r\nHost: x\r\n\r\n");
  ::close(fd);
  EXPECT_EQ(reply.rfind("HTTP/1.1 200", 0), 0U) << reply;
  EXPECT_EQ(next.rfind("HTTP/1.1 200", 0), 0U) << next;
  EXPECT_EQ(handled.load(), 2);
}

// HTTP/1.0 has no chunked coding: a 1.0 request that uses it is served, then its connection closed whatever its
// Connection says (RFC 9112, 6.1); nor is a 1.0 client sent "100 Continue", which it cannot know.
TEST(HttpServer, ClosesAnHttp10ChunkedRequestsConnectionAndSendsNoContinueTo10) {
  std::vector<std::string> bodies;
  std::mutex mutex;
  Running running({}, [&](const ServerRequest& request) {
    std::lock_guard lock(mutex);
    bodies.push_back(request.body);
    return ServerReply{};
  });
  int fd = connectTo(running.server().port());
  ASSERT_GE(fd, 0);
  ASSERT_TRUE(
      sendAll(fd,
              "POST /a HTTP/1.0\r\nConnection: keep-alive\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n"
              "GET /b HTTP/1.0\r\nConnection: keep-alive\r\n\r\n"));
  std::string replies = readUntilClosed(fd, 5);
  ::close(fd);
  EXPECT_EQ(replies.rfind("HTTP/1.0 200", 0), 0U) << replies;
  EXPECT_EQ(countReplies(replies), 1U) << replies;
  EXPECT_EQ(replies.find("keep-alive"), std::string::npos) << replies;

  fd = connectTo(running.server().port());
  ASSERT_GE(fd, 0);
  ASSERT_TRUE(sendAll(fd, "POST /c HTTP/1.0\r\nContent-Length: 2\r\nExpect: 100-continue\r\n\r\n"));
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  ASSERT_TRUE(sendAll(fd, "[]"));
  replies = readUntilClosed(fd, 5);
  ::close(fd);
  EXPECT_EQ(replies.find("100 Continue"), std::string::npos) << replies;
  EXPECT_EQ(replies.rfind("HTTP/1.0 200", 0), 0U) << replies;
  std::lock_guard lock(mutex);
  EXPECT_EQ(bodies, (std::vector<std::string>{"{}", "[]"}));
}

// A HEAD request is answered with a head only, a refusal too: the client reads no body after it.
TEST(HttpServer, ARefusedHeadRequestGetsAHeadOnly) {
  Running running({}, [](const ServerRequest&) { return ServerReply{}; });
  for (const std::string& request :
       std::vector<std::string>{std::string("HEAD /a HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n"),
                                std::string("HEAD /a HTTP/1.1\r\nHost: x\r\nContent-Length: 2, 2\r\n\r\n{}"),
                                "HEAD /a HTTP/1.1\r\nHost: x\r\n" + std::string(70000, 'a') + ": b\r\n\r\n"}) {
    const int fd = connectTo(running.server().port());
    ASSERT_GE(fd, 0);
    sendAll(fd, request);
    const std::string reply = readUntilClosed(fd);
    ::close(fd);
    EXPECT_TRUE(reply.rfind("HTTP/1.1 400", 0) == 0 || reply.rfind("HTTP/1.1 431", 0) == 0) << reply;
    EXPECT_NE(reply.find("Content-Length: "), std::string::npos) << reply;
    EXPECT_EQ(reply.size(), reply.find("\r\n\r\n") + 4) << reply;
  }
}

// RFC 9112, 2.2: empty lines before a request line are ignored (a client may send one after a POST's body), even a
// CRLF split between two reads.
TEST(HttpServer, IgnoresEmptyLinesBeforeARequestLine) {
  std::vector<std::string> paths;
  std::mutex mutex;
  Running running({}, [&](const ServerRequest& request) {
    std::lock_guard lock(mutex);
    paths.push_back(request.path);
    return ServerReply{};
  });
  const int fd = connectTo(running.server().port());
  ASSERT_GE(fd, 0);
  const std::string first = fixture::exchange(fd, "\r\n\r\nGET /a HTTP/1.1\r\nHost: x\r\n\r\n");
  ASSERT_TRUE(sendAll(fd, "POST /b HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}\r\n"));
  const std::string second = fixture::readMessage(fd);
  ASSERT_TRUE(sendAll(fd, "\r"));
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  const std::string third = fixture::exchange(fd, "\nGET /c HTTP/1.1\r\nHost: x\r\n\r\n");
  ::close(fd);
  for (const std::string& reply : {first, second, third}) EXPECT_EQ(reply.rfind("HTTP/1.1 200", 0), 0U) << reply;
  std::lock_guard lock(mutex);
  EXPECT_EQ(paths, (std::vector<std::string>{"/a", "/b", "/c"}));
}

// Every byte of the head counts against its 64 KiB, however many fields it is cut into and however it arrives.
TEST(HttpServer, CountsEveryByteOfTheHeadAgainstItsLimit) {
  std::atomic<int> handled{0};
  Running running({}, counting(handled));
  const auto headOf = [](int fields) {
    std::string head = "GET /a HTTP/1.1\r\nHost: x\r\n";
    for (int i = 0; i < fields; ++i) head += "X-F: " + std::to_string(i % 10) + "\r\n";
    return head + "\r\n";
  };
  const std::string fits = headOf(8000);  // 64,028 bytes
  const std::string over = headOf(9000);  // 72,028 bytes: under what the read buffer holds
  ASSERT_LT(fits.size(), 65536U);
  ASSERT_GT(over.size(), 65536U);
  for (const bool inPieces : {false, true}) {
    for (const std::string* head : {&fits, &over}) {
      const int fd = connectTo(running.server().port());
      ASSERT_GE(fd, 0);
      const std::size_t piece = inPieces ? 1000 : head->size();
      for (std::size_t at = 0; at < head->size(); at += piece) {
        if (!sendAll(fd, head->substr(at, piece))) break;
        if (inPieces) std::this_thread::sleep_for(std::chrono::milliseconds(1));
      }
      const std::string reply = fixture::readMessage(fd);
      ::close(fd);
      if (head == &fits) {
        EXPECT_EQ(reply.rfind("HTTP/1.1 200", 0), 0U) << reply.substr(0, 200);
      } else {
        EXPECT_EQ(reply.rfind("HTTP/1.1 431", 0), 0U) << inPieces << " " << reply.substr(0, 200);
      }
    }
  }
  EXPECT_EQ(handled.load(), 2);
}

// RFC 9112, 3.2: an HTTP/1.1 request names its host once; an HTTP/1.0 one may leave it out.
TEST(HttpServer, RefusesARequestWithoutOneHost) {
  std::atomic<int> handled{0};
  Running running({}, counting(handled));
  for (const std::string& request :
       std::vector<std::string>{"GET /a HTTP/1.1\r\n\r\n", "GET /a HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n",
                                "GET /a HTTP/1.0\r\nHost: x\r\nHost: x\r\n\r\n"}) {
    const int fd = connectTo(running.server().port());
    ASSERT_GE(fd, 0);
    const std::string answer = fixture::exchange(fd, request);
    ::close(fd);
    EXPECT_EQ(answer.rfind("HTTP/1.", 0), 0U) << request;
    EXPECT_NE(answer.find(" 400 "), std::string::npos) << request << answer;
    EXPECT_NE(answer.find("Host: a request names its host once"), std::string::npos) << answer;
  }
  EXPECT_EQ(handled.load(), 0);
  const int fd = connectTo(running.server().port());
  ASSERT_GE(fd, 0);
  const std::string old = fixture::exchange(fd, "GET /a HTTP/1.0\r\n\r\n");
  ::close(fd);
  EXPECT_EQ(old.rfind("HTTP/1.0 200", 0), 0U) << old;
}

// "Content-Length must be one number": two fields, equal or not, and a list of equal numbers are refused, not read
// as one (a proxy in front may read them otherwise).
TEST(HttpServer, RefusesAContentLengthThatIsNotOneNumber) {
  std::atomic<int> handled{0};
  Running running({}, counting(handled));
  for (const std::string& lengths : std::vector<std::string>{"Content-Length: 2\r\nContent-Length: 2\r\n",
                                                             "Content-Length: 2\r\nContent-Length: 3\r\n",
                                                             "Content-Length: 2, 2\r\n", "Content-Length: 2,2\r\n"}) {
    const int fd = connectTo(running.server().port());
    ASSERT_GE(fd, 0);
    ASSERT_TRUE(sendAll(fd, "POST /a HTTP/1.1\r\nHost: x\r\n" + lengths + "\r\n{}GET /b HTTP/1.1\r\nHost: x\r\n\r\n"));
    const std::string replies = readUntilClosed(fd);
    ::close(fd);
    EXPECT_EQ(replies.rfind("HTTP/1.1 400", 0), 0U) << lengths << replies;
    EXPECT_EQ(countReplies(replies), 1U) << replies;
    EXPECT_NE(replies.find("Content-Length: must be one number of bytes"), std::string::npos) << replies;
  }
  EXPECT_EQ(handled.load(), 0);
}

// A stop while the replies to thousands of pipelined requests are being written to a slow reader: the reply being
// written completes, no other pipelined request is begun, and the connection ends with an orderly close, never a
// reset (which can destroy replies the client has not read yet).
TEST(HttpServer, AStopDuringPipelinedRepliesEndsThemWithoutAReset) {
  auto running = std::make_unique<Running>(HttpServerOptions{}, [](const ServerRequest&) {
    ServerReply reply;
    reply.contentType = "text/plain";
    reply.body = std::string(8000, 'm');  // 3,000 of them are more than the sockets' buffers hold
    return reply;
  });
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  int small = 4096;
  ::setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &small, sizeof small);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = htons(static_cast<std::uint16_t>(running->server().port()));
  ASSERT_EQ(::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
  std::thread sender([fd] {
    // Requests of a kilobyte each, as clients with many headers send them: 3 MB to read and drop after the stop.
    std::string requests;
    for (int i = 0; i < 3000; ++i) {
      requests += "GET /metrics HTTP/1.1\r\nHost: x\r\nX-Padding: " + std::string(960, 'p') + "\r\n\r\n";
    }
    ::send(fd, requests.data(), requests.size(), MSG_NOSIGNAL);
  });
  std::string received;
  char buffer[1024];
  std::thread stopper;
  int error = 0;
  for (;;) {
    const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
    if (n < 0) {
      error = errno;
      break;
    }
    if (n == 0) break;
    received.append(buffer, static_cast<std::size_t>(n));
    if (!stopper.joinable() && received.size() > 400000) {
      stopper = std::thread([&running] { running->server().stop(); });
    }
    std::this_thread::sleep_for(std::chrono::microseconds(200));
  }
  stopper.join();
  sender.join();
  running->join();
  ::close(fd);
  EXPECT_EQ(error, 0) << "the connection ended with errno " << error;
  std::size_t count = 0;
  EXPECT_TRUE(wholeReplies(received, count)) << "the last reply is cut: " << received.substr(received.size() - 200);
  EXPECT_GT(count, 40U);
  EXPECT_LT(count, 3000U);
}

// A client that reads its pipelined replies slowly but steadily gets them all: the body timeout bounds how long it
// may take nothing, not how long a reply waits behind the earlier ones it is still reading.
TEST(HttpServer, ASlowButSteadyReaderGetsEveryReply) {
  HttpServerOptions options;
  options.bodyTimeoutSeconds = 1;
  Running running(options, [](const ServerRequest&) {
    ServerReply reply;
    reply.contentType = "text/plain";
    reply.body = std::string(64 << 10, 'r');
    return reply;
  });
  const int fd = connectTo(running.server().port());
  ASSERT_GE(fd, 0);
  std::string requests;
  for (int i = 0; i < 100; ++i) requests += "GET /big HTTP/1.1\r\nHost: x\r\n\r\n";
  ASSERT_TRUE(sendAll(fd, requests + "GET /last HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"));
  std::string received;
  std::vector<char> buffer(64 << 10);
  int error = 0;
  for (;;) {
    const ssize_t n = ::recv(fd, buffer.data(), buffer.size(), 0);
    if (n <= 0) {
      error = n < 0 ? errno : 0;
      break;
    }
    received.append(buffer.data(), static_cast<std::size_t>(n));
    std::this_thread::sleep_for(std::chrono::milliseconds(50));  // about 1.3 MB a second at most
  }
  ::close(fd);
  std::size_t count = 0;
  EXPECT_EQ(error, 0);
  EXPECT_TRUE(wholeReplies(received, count));
  EXPECT_EQ(count, 101U);
}

// A route answered at once comes back while the only handler thread is busy and the connection is one too many:
// a health check must not wait behind, nor be shed like, the work it reports on.
TEST(HttpServerRoutes, AnAtOnceRouteIsAnsweredWhileEveryHandlerIsBusy) {
  HttpServerOptions options;
  options.threads = 1;
  options.maxPending = 0;
  options.route = [](std::string_view, std::string_view path) {
    Route route;
    route.atOnce = path == "/healthz";
    return route;
  };
  Gate gate;
  Running running(options, [&](const ServerRequest& request) {
    if (request.overload != Overload::None) return jsonError(503, "overloaded", "busy");
    if (request.path == "/slow") gate.wait();
    ServerReply reply;
    reply.body = R"({"path":")" + request.path + "\"}";
    return reply;
  });
  std::thread slow([&] {
    httplib::Client c = running.client();
    const auto res = c.Get("/slow");
    EXPECT_TRUE(res && res->status == 200);
  });
  ASSERT_TRUE(waitFor([&] { return gate.waiting() == 1; }));
  std::vector<Clock::duration> took;
  for (int i = 0; i < 20; ++i) {
    const int fd = connectTo(running.server().port());
    ASSERT_GE(fd, 0);
    const auto start = Clock::now();
    const std::string reply = fixture::exchange(fd, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
    took.push_back(Clock::now() - start);
    ::close(fd);
    EXPECT_EQ(reply.rfind("HTTP/1.1 200", 0), 0U) << reply;
    EXPECT_NE(reply.find(R"({"path":"/healthz"})"), std::string::npos) << reply;
    EXPECT_NE(reply.find("Connection: close"), std::string::npos) << reply;  // still one connection too many
  }
#ifdef NDEBUG
  std::sort(took.begin(), took.end());
  EXPECT_LT(took[took.size() * 9 / 10], std::chrono::milliseconds(50));
#endif
  const int fd = connectTo(running.server().port());
  ASSERT_GE(fd, 0);
  const std::string shed = fixture::exchange(fd, "GET /other HTTP/1.1\r\nHost: x\r\n\r\n");
  ::close(fd);
  EXPECT_EQ(shed.rfind("HTTP/1.1 503", 0), 0U) << shed;
  gate.open();
  slow.join();
}

// A lane runs its requests on threads of its own, beside the server's: when its threads are busy and its line full,
// one more is answered 503 at once (the handler told why), while other requests are served as usual.
TEST(HttpServerRoutes, ALaneRunsItsRequestsApartAndRefusesWhenFull) {
  auto lane = std::make_shared<HandlerLane>(1, 1);
  HttpServerOptions options;
  options.route = [lane](std::string_view, std::string_view path) {
    Route route;
    if (path == "/score") route.lane = lane;
    return route;
  };
  Gate gate;
  std::atomic<int> laneRefusals{0};
  Running running(options, [&](const ServerRequest& request) {
    if (request.overload == Overload::Lane) {
      ++laneRefusals;
      return jsonError(503, "overloaded", "the lane is full");
    }
    if (request.path == "/score") gate.wait();
    return ServerReply{};
  });
  std::vector<std::thread> held;
  std::vector<int> statuses(2, 0);
  for (int i = 0; i < 2; ++i) {
    held.emplace_back([&, i] {
      httplib::Client c = running.client();
      const auto res = c.Post("/score", "{}", "application/json");
      statuses[static_cast<std::size_t>(i)] = res ? res->status : -1;
    });
    // One runs, the next waits in the line.
    ASSERT_TRUE(waitFor([&] {
      const LaneLoad load = lane->load();
      return load.busy + load.queued == i + 1;
    }));
  }
  const LaneLoad load = lane->load();
  EXPECT_EQ(load.threads, 1);
  EXPECT_EQ(load.busy, 1);
  EXPECT_EQ(load.queued, 1);
  httplib::Client c = running.client();
  const auto refused = c.Post("/score", "{}", "application/json");
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->status, 503);
  EXPECT_EQ(laneRefusals.load(), 1);
  const auto other = c.Get("/other");
  ASSERT_TRUE(other);
  EXPECT_EQ(other->status, 200);
  gate.open();
  for (std::thread& t : held) t.join();
  EXPECT_EQ(statuses, (std::vector<int>{200, 200}));
}

// A lane's requests still waiting for a thread when the server stops are answered 503 at once, not worked off one by
// one: the request at work finishes, and the stop is not held by the line.
TEST(HttpServerRoutes, AStopShedsWhatWaitsInALane) {
  auto lane = std::make_shared<HandlerLane>(1, 4);
  HttpServerOptions options;
  options.route = [lane](std::string_view, std::string_view) {
    Route route;
    route.lane = lane;
    return route;
  };
  Gate gate;
  std::atomic<int> ran{0};
  auto running = std::make_unique<Running>(options, [&](const ServerRequest&) {
    ++ran;
    gate.wait();
    return ServerReply{};
  });
  std::vector<std::thread> clients;
  std::vector<std::string> replies(4);
  for (std::size_t i = 0; i < replies.size(); ++i) {
    clients.emplace_back([&, i] {
      const int fd = connectTo(running->server().port());
      if (fd < 0) return;
      replies[i] = fixture::exchange(fd, "POST /score HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}");
      ::close(fd);
    });
    ASSERT_TRUE(waitFor([&] {
      const LaneLoad load = lane->load();
      return load.busy + load.queued == static_cast<int>(i) + 1;
    }));
  }
  running->server().stop();
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  gate.open();
  running->join();
  for (std::thread& t : clients) t.join();
  EXPECT_EQ(ran.load(), 1);
  EXPECT_EQ(replies[0].rfind("HTTP/1.1 200", 0), 0U) << replies[0];
  for (std::size_t i = 1; i < replies.size(); ++i) {
    EXPECT_EQ(replies[i].rfind("HTTP/1.1 503", 0), 0U) << replies[i];
    EXPECT_NE(replies[i].find("the server is stopping and the request had not begun"), std::string::npos);
    EXPECT_NE(replies[i].find("Retry-After: 1"), std::string::npos);
  }
}

}  // namespace
}  // namespace tengen::net
