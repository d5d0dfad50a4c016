// HTTP as tengen uses it: a POST with headers and a body (or a GET), behind an interface so that callers can be tested
// with a fake, and a libcurl implementation. Transport failures are values, never exceptions.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <stop_token>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tengen/core/result.h"

namespace tengen::net {

struct HttpRequest {
  std::string url;
  std::vector<std::pair<std::string, std::string>> headers;
  std::string body;
  double connectTimeoutSeconds = 10;
  double timeoutSeconds = 60;  // the whole request
  // A response body larger than this is cut off and the request fails (a broken or hostile server).
  std::size_t maxResponseBytes = std::size_t{8} * 1024 * 1024;
  // When a stop is requested (from any thread), the request is given up within about a second, whatever stage it
  // is at, and fails with kStoppedWords: its caller no longer wants the answer (a client of tengen serve hung up).
  std::stop_token cancel{};
};

// The failure of a request given up through HttpRequest::cancel.
inline constexpr std::string_view kStoppedWords = "stopped: the answer is no longer wanted";

struct HttpResponse {
  int status = 0;
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;  // names lower-cased
  long latencyMs = 0;

  // The first header of that name (case-insensitive), or nothing.
  std::optional<std::string> header(std::string_view name) const;
};

class HttpClient {
 public:
  virtual ~HttpClient() = default;
  // One POST. A response with any status is a success here, a redirect too (it is never followed: its Location
  // is in the headers); failing to connect, a timeout or an oversized body is an error whose message says which.
  virtual Result<HttpResponse> post(const HttpRequest& request) = 0;
  // One GET, with the same rules; the request's body is not sent.
  virtual Result<HttpResponse> get(const HttpRequest& request) = 0;
};

// The libcurl client. Thread-compatible: use one per thread.
std::unique_ptr<HttpClient> makeCurlClient();

// What is wrong with an http:// or https:// URL a client is to post to, or "" when nothing is: another scheme, no
// host, or a port that is empty, not a number or not 1..65535 (curl would read "host:/v1" as port 80).
std::string urlProblem(std::string_view url);

// Standard base64 (RFC 4648) with padding.
std::string base64(std::string_view bytes);

}  // namespace tengen::net
