// The libcurl client against real servers on 127.0.0.1, and base64.
#include "tengen/net/http_client.h"

#include <gtest/gtest.h>

#include <chrono>
#include <stop_token>
#include <string>
#include <thread>

#include "support/test_server.h"

namespace tengen::net {
namespace {

using fixture::closedPort;
using fixture::Scripted;
using fixture::ScriptedServer;
using fixture::SilentServer;

TEST(Base64, MatchesTheVectorsOfRfc4648) {
  EXPECT_EQ(base64(""), "");
  EXPECT_EQ(base64("f"), "Zg==");
  EXPECT_EQ(base64("fo"), "Zm8=");
  EXPECT_EQ(base64("foo"), "Zm9v");
  EXPECT_EQ(base64("foob"), "Zm9vYg==");
  EXPECT_EQ(base64("fooba"), "Zm9vYmE=");
  EXPECT_EQ(base64("foobar"), "Zm9vYmFy");
}

TEST(Base64, EncodesBytesWithTheHighBitAndZeros) {
  EXPECT_EQ(base64(std::string("\xff\xfe\x00", 3)), "//4A");
  EXPECT_EQ(base64(std::string("\x89PNG\r\n\x1a\n", 8)), "iVBORw0KGgo=");
}

TEST(HttpResponse, FindsHeadersIgnoringCase) {
  HttpResponse response;
  response.headers = {{"retry-after", "2"}, {"x-a", "1"}, {"x-a", "2"}};
  EXPECT_EQ(response.header("Retry-After"), "2");
  EXPECT_EQ(response.header("X-A"), "1");
  EXPECT_FALSE(response.header("x-b").has_value());
}

TEST(CurlClient, PostsHeadersAndBodyAndReadsStatusBodyAndHeaders) {
  ScriptedServer server;
  server.push(Scripted{201, R"({"ok":true})", {{"X-Reply-Thing", "yes"}}, {}});
  auto client = makeCurlClient();
  HttpRequest request;
  request.url = server.url("/v1/echo");
  request.headers = {{"Content-Type", "application/json"}, {"X-Test", "value 1"}};
  request.body = R"({"hello":"world"})";
  const auto response = client->post(request);
  ASSERT_TRUE(response.ok()) << response.error();
  EXPECT_EQ(response->status, 201);
  EXPECT_EQ(response->body, R"({"ok":true})");
  EXPECT_EQ(response->header("X-REPLY-THING"), "yes");
  bool lowerCased = false;
  for (const auto& [name, value] : response->headers) lowerCased = lowerCased || name == "x-reply-thing";
  EXPECT_TRUE(lowerCased);

  const auto received = server.received();
  ASSERT_EQ(received.size(), 1u);
  EXPECT_EQ(received[0].method, "POST");
  EXPECT_EQ(received[0].path, "/v1/echo");
  EXPECT_EQ(received[0].body, R"({"hello":"world"})");
  EXPECT_EQ(received[0].header("X-Test"), "value 1");
  EXPECT_EQ(received[0].header("Content-Type"), "application/json");
}

TEST(CurlClient, AnyStatusIsAResponseNotAnError) {
  ScriptedServer server;
  server.push(Scripted{404, R"({"detail":"Not Found"})", {}, {}});
  server.push(Scripted{503, "busy", {}, {}});
  auto client = makeCurlClient();
  HttpRequest request;
  request.url = server.url();
  const auto first = client->post(request);
  ASSERT_TRUE(first.ok()) << first.error();
  EXPECT_EQ(first->status, 404);
  const auto second = client->post(request);  // the same handle, used again
  ASSERT_TRUE(second.ok()) << second.error();
  EXPECT_EQ(second->status, 503);
  EXPECT_EQ(second->body, "busy");
}

TEST(CurlClient, SendsALargeBodyWithoutWaitingForContinue) {
  ScriptedServer server;
  server.push(Scripted{200, "ok", {}, {}});
  auto client = makeCurlClient();
  HttpRequest request;
  request.url = server.url();
  request.headers = {{"Content-Type", "application/octet-stream"}};  // httplib caps form-encoded bodies at 8 KiB
  request.body = std::string(200000, 'x');
  const auto response = client->post(request);
  ASSERT_TRUE(response.ok()) << response.error();
  EXPECT_EQ(response->status, 200);
  ASSERT_EQ(server.received().size(), 1u);
  EXPECT_EQ(server.received()[0].body.size(), 200000u);
  // libcurl asks for a 100 Continue above 1 MiB (1 KiB in older versions) unless told not to, and then waits up to a
  // second for it: the request must not have asked.
  EXPECT_FALSE(server.received()[0].hasHeader("Expect")) << server.received()[0].header("Expect");
}

TEST(CurlClient, MeasuresLatency) {
  ScriptedServer server;
  server.push(Scripted{200, "ok", {}, std::chrono::milliseconds(150)});
  auto client = makeCurlClient();
  HttpRequest request;
  request.url = server.url();
  const auto response = client->post(request);
  ASSERT_TRUE(response.ok()) << response.error();
  EXPECT_GE(response->latencyMs, 140);
  EXPECT_LT(response->latencyMs, 5000);
}

TEST(CurlClient, FailsOnABodyOverTheCap) {
  ScriptedServer server;
  server.push(Scripted{200, std::string(10000, 'a'), {}, {}});
  auto client = makeCurlClient();
  HttpRequest request;
  request.url = server.url();
  request.maxResponseBytes = 1024;
  const auto response = client->post(request);
  ASSERT_FALSE(response.ok());
  EXPECT_NE(response.error().find("larger than 1024 bytes"), std::string::npos) << response.error();
}

TEST(CurlClient, TimesOutOnAServerThatNeverAnswers) {
  SilentServer server;
  auto client = makeCurlClient();
  HttpRequest request;
  request.url = server.url("/v1/chat/completions");
  request.timeoutSeconds = 0.5;
  const auto start = std::chrono::steady_clock::now();
  const auto response = client->post(request);
  const auto elapsed = std::chrono::steady_clock::now() - start;
  ASSERT_FALSE(response.ok());
  EXPECT_NE(response.error().find("timed out after 0.5 s"), std::string::npos) << response.error();
  EXPECT_NE(response.error().find(request.url), std::string::npos) << response.error();
  EXPECT_LT(elapsed, std::chrono::seconds(3));
}

// A request whose caller no longer wants the answer is given up while the server is still silent, long before its
// timeout, and says so rather than that the server failed.
TEST(CurlClient, GivesUpARequestWhenAStopIsRequested) {
  SilentServer server;
  auto client = makeCurlClient();
  std::stop_source cancel;
  HttpRequest request;
  request.url = server.url("/v1/chat/completions");
  request.timeoutSeconds = 120;
  request.cancel = cancel.get_token();
  std::thread canceller([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    cancel.request_stop();
  });
  const auto start = std::chrono::steady_clock::now();
  const auto response = client->post(request);
  const auto elapsed = std::chrono::steady_clock::now() - start;
  canceller.join();
  ASSERT_FALSE(response.ok());
  EXPECT_EQ(response.error(), kStoppedWords);
  EXPECT_LT(elapsed, std::chrono::seconds(60));  // the timeout is 120 s; giving up takes about a second
}

TEST(CurlClient, SaysItCouldNotConnectToAclosedPort) {
  auto client = makeCurlClient();
  HttpRequest request;
  request.url = "http://127.0.0.1:" + std::to_string(closedPort()) + "/v1";
  const auto response = client->post(request);
  ASSERT_FALSE(response.ok());
  EXPECT_NE(response.error().find("could not connect to " + request.url), std::string::npos) << response.error();
}

TEST(CurlClient, RejectsAUrlThatIsNotHttp) {
  auto client = makeCurlClient();
  HttpRequest request;
  request.url = "file:///etc/passwd";
  const auto response = client->post(request);
  ASSERT_FALSE(response.ok());
  EXPECT_NE(response.error().find("not a usable http(s) URL"), std::string::npos) << response.error();
}

TEST(CurlClient, LeavesCredentialsInTheUrlOutOfMessages) {
  auto client = makeCurlClient();
  HttpRequest request;
  request.url = "http://user:hunter2@127.0.0.1:" + std::to_string(closedPort()) + "/v1";
  const auto response = client->post(request);
  ASSERT_FALSE(response.ok());
  EXPECT_EQ(response.error().find("hunter2"), std::string::npos) << response.error();
  EXPECT_NE(response.error().find("could not connect to http://127.0.0.1:"), std::string::npos) << response.error();
}

}  // namespace
}  // namespace tengen::net
