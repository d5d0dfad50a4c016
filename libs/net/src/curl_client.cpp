// The libcurl HttpClient: one easy handle per client (so connections are reused between a client's requests), every
// option set again for each request.
#include <curl/curl.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <sstream>
#include <string>
#include <string_view>

#include "tengen/core/text.h"
#include "tengen/net/http_client.h"
#include "tengen/net/transport_errors.h"

namespace tengen::net {

namespace {

// curl_global_init is not thread-safe and must run once before any handle exists; the process never calls
// curl_global_cleanup because other handles may outlive any one client.
void initCurlOnce() {
  static std::once_flag once;
  std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

std::string seconds(double s) {
  std::ostringstream out;
  out << s;
  return out.str();
}

long millis(double s) {
  if (!(s > 0)) return 0;  // curl's own default (no limit for the total, 300 s for connecting)
  return std::max(1L, std::lround(std::min(s, 1e9) * 1000));
}

// URLs with credentials in them ("http://user:secret@host/") are printed without the credentials.
struct Transfer {
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;
  std::size_t maxBytes = 0;
  bool tooLarge = false;
  std::stop_token cancel{};
};

// curl calls this often while data moves and about once a second while it waits; non-zero gives the transfer up.
int onProgress(void* user, curl_off_t, curl_off_t, curl_off_t, curl_off_t) {
  return static_cast<const Transfer*>(user)->cancel.stop_requested() ? 1 : 0;
}

std::size_t onBody(char* data, std::size_t size, std::size_t count, void* user) {
  auto* t = static_cast<Transfer*>(user);
  const std::size_t n = size * count;
  if (t->body.size() + n > t->maxBytes) {
    t->tooLarge = true;
    return 0;  // anything but n aborts the transfer with CURLE_WRITE_ERROR
  }
  t->body.append(data, n);
  return n;
}

std::size_t onHeader(char* data, std::size_t size, std::size_t count, void* user) {
  auto* t = static_cast<Transfer*>(user);
  const std::size_t n = size * count;
  const std::string_view line(data, n);
  if (line.starts_with("HTTP/")) {
    t->headers.clear();  // a new response begins (after "100 Continue"); keep only the final one's headers
    return n;
  }
  const auto colon = line.find(':');
  if (colon == std::string_view::npos) return n;
  t->headers.emplace_back(asciiLower(trim(line.substr(0, colon))), std::string(trim(line.substr(colon + 1))));
  return n;
}

struct SlistDeleter {
  void operator()(curl_slist* list) const { curl_slist_free_all(list); }
};
using Slist = std::unique_ptr<curl_slist, SlistDeleter>;

struct EasyDeleter {
  void operator()(CURL* easy) const { curl_easy_cleanup(easy); }
};

class CurlClient final : public HttpClient {
 public:
  CurlClient() : m_easy((initCurlOnce(), curl_easy_init())) {}

  Result<HttpResponse> post(const HttpRequest& request) override { return perform(request, true); }

  Result<HttpResponse> get(const HttpRequest& request) override { return perform(request, false); }

 private:
  Result<HttpResponse> perform(const HttpRequest& request, bool post) {
    const std::string url = displayUrl(request.url);
    if (!m_easy) return Result<HttpResponse>::failure("could not set up an HTTP client (curl_easy_init failed)");
    CURL* easy = m_easy.get();
    curl_easy_reset(easy);

    Slist headers = headerList(request);
    if (!headers) return Result<HttpResponse>::failure("out of memory building the request to " + url);
    Transfer transfer;
    transfer.maxBytes = request.maxResponseBytes;
    transfer.cancel = request.cancel;
    char errorBuffer[CURL_ERROR_SIZE] = {};

    setOptions(easy, request, headers.get(), transfer, errorBuffer);
    if (post) {
      curl_easy_setopt(easy, CURLOPT_POST, 1L);
      curl_easy_setopt(easy, CURLOPT_POSTFIELDS, request.body.data());
      curl_easy_setopt(easy, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(request.body.size()));
    } else {
      curl_easy_setopt(easy, CURLOPT_HTTPGET, 1L);
    }

    const auto start = std::chrono::steady_clock::now();
    const CURLcode code = curl_easy_perform(easy);
    const auto elapsed = std::chrono::steady_clock::now() - start;

    if (code != CURLE_OK) return Result<HttpResponse>::failure(describe(code, errorBuffer, request, transfer));

    long status = 0;
    curl_easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &status);
    HttpResponse response;
    response.status = static_cast<int>(status);
    response.body = std::move(transfer.body);
    response.headers = std::move(transfer.headers);
    response.latencyMs = static_cast<long>(std::chrono::duration_cast<std::chrono::milliseconds>(elapsed).count());
    return response;
  }

  // The request's headers as curl takes them; null when memory ran out. "Expect:" goes last when there is room for
  // it: without it curl waits up to a second for "100 Continue" before sending a large body (an image).
  static Slist headerList(const HttpRequest& request) {
    Slist headers;
    const auto append = [&headers](const std::string& line) {
      curl_slist* grown = curl_slist_append(headers.get(), line.c_str());
      if (!grown) return false;
      (void)headers.release();
      headers.reset(grown);
      return true;
    };
    for (const auto& [name, value] : request.headers) {
      if (!append(name + ": " + value)) return nullptr;
    }
    append("Expect:");
    return headers;
  }

  // Everything the transfer is told but its method: where, what, how long, and where the reply goes.
  static void setOptions(CURL* easy, const HttpRequest& request, curl_slist* headers, Transfer& transfer,
                         char* errorBuffer) {
    curl_easy_setopt(easy, CURLOPT_URL, request.url.c_str());
    curl_easy_setopt(easy, CURLOPT_PROTOCOLS_STR, "http,https");
    // A 3xx is the response (curl's default, said here so nobody turns it on): following it would re-send the API
    // key's request to wherever a server points.
    curl_easy_setopt(easy, CURLOPT_FOLLOWLOCATION, 0L);
    curl_easy_setopt(easy, CURLOPT_NOSIGNAL, 1L);  // threads: no SIGALRM for DNS timeouts
    // A proxy from the environment must not capture the loopback model servers tengen usually talks to; the
    // option replaces the environment's no_proxy list, so that list is kept too.
    std::string noProxy = "127.0.0.1,localhost,::1";
    for (const char* name : {"no_proxy", "NO_PROXY"}) {
      if (const char* value = std::getenv(name); value && *value) noProxy.append(",").append(value);
    }
    curl_easy_setopt(easy, CURLOPT_NOPROXY, noProxy.c_str());
    // Every encoding curl can decode is asked for and decoded: some servers and proxies compress a reply whether
    // asked or not, and the cap on the body holds for the decoded bytes.
    curl_easy_setopt(easy, CURLOPT_ACCEPT_ENCODING, "");
    curl_easy_setopt(easy, CURLOPT_HTTPHEADER, headers);
    curl_easy_setopt(easy, CURLOPT_CONNECTTIMEOUT_MS, millis(request.connectTimeoutSeconds));
    curl_easy_setopt(easy, CURLOPT_TIMEOUT_MS, millis(request.timeoutSeconds));
    curl_easy_setopt(easy, CURLOPT_MAXFILESIZE_LARGE, static_cast<curl_off_t>(request.maxResponseBytes));
    curl_easy_setopt(easy, CURLOPT_WRITEFUNCTION, &onBody);
    curl_easy_setopt(easy, CURLOPT_WRITEDATA, &transfer);
    curl_easy_setopt(easy, CURLOPT_HEADERFUNCTION, &onHeader);
    curl_easy_setopt(easy, CURLOPT_HEADERDATA, &transfer);
    curl_easy_setopt(easy, CURLOPT_ERRORBUFFER, errorBuffer);
    if (request.cancel.stop_possible()) {
      curl_easy_setopt(easy, CURLOPT_NOPROGRESS, 0L);
      curl_easy_setopt(easy, CURLOPT_XFERINFOFUNCTION, &onProgress);
      curl_easy_setopt(easy, CURLOPT_XFERINFODATA, &transfer);
    }
  }

  std::string describe(CURLcode code, const char* errorBuffer, const HttpRequest& request,
                       const Transfer& transfer) const {
    const std::string url = displayUrl(request.url);
    const std::string detail = errorBuffer[0] != '\0' ? errorBuffer : curl_easy_strerror(code);
    if (code == CURLE_ABORTED_BY_CALLBACK) return std::string(kStoppedWords);
    if (transfer.tooLarge || code == CURLE_FILESIZE_EXCEEDED) {
      return detail::responseTooLarge(url, request.maxResponseBytes);
    }
    switch (code) {
      case CURLE_COULDNT_RESOLVE_HOST:
      case CURLE_COULDNT_RESOLVE_PROXY:
        return "could not resolve the host of " + url + " (" + detail + ")";
      case CURLE_COULDNT_CONNECT:
        return "could not connect to " + url + " (" + detail + ")";
      case CURLE_OPERATION_TIMEDOUT: {
        curl_off_t connectUs = 0;
        curl_easy_getinfo(m_easy.get(), CURLINFO_CONNECT_TIME_T, &connectUs);
        if (connectUs == 0) {
          return "could not connect to " + url + " within " + seconds(request.connectTimeoutSeconds) + " s";
        }
        return detail::timedOut(seconds(request.timeoutSeconds), url);
      }
      case CURLE_URL_MALFORMAT:
      case CURLE_UNSUPPORTED_PROTOCOL:
        return "not a usable http(s) URL: " + url + " (" + detail + ")";
      case CURLE_GOT_NOTHING:
        return "the server at " + url + " closed the connection without answering";
      default:
        return "request to " + url + " failed: " + detail;
    }
  }

  std::unique_ptr<CURL, EasyDeleter> m_easy;
};

}  // namespace

std::unique_ptr<HttpClient> makeCurlClient() { return std::make_unique<CurlClient>(); }

std::string urlProblem(std::string_view url) {
  std::string_view rest;
  if (url.starts_with("http://")) {
    rest = url.substr(7);
  } else if (url.starts_with("https://")) {
    rest = url.substr(8);
  } else {
    return "must start with http:// or https://";
  }
  std::string_view authority = rest.substr(0, rest.find_first_of("/?#"));
  if (const auto at = authority.rfind('@'); at != std::string_view::npos) authority.remove_prefix(at + 1);
  std::string_view host = authority;
  std::string_view port;
  bool hasPort = false;
  if (authority.starts_with('[')) {
    const auto close = authority.find(']');
    if (close == std::string_view::npos) return "the IPv6 address has no closing ]";
    host = authority.substr(0, close + 1);
    const std::string_view after = authority.substr(close + 1);
    if (!after.empty()) {
      if (after.front() != ':') return "unexpected text after the IPv6 address";
      hasPort = true;
      port = after.substr(1);
    }
  } else if (const auto colon = authority.find(':'); colon != std::string_view::npos) {
    host = authority.substr(0, colon);
    hasPort = true;
    port = authority.substr(colon + 1);
  }
  if (host.empty() || host == "[]") return "has no host";
  if (hasPort) {
    if (port.empty()) return "has a ':' but no port after it";
    if (port.size() > 5 || port.find_first_not_of("0123456789") != std::string_view::npos) {
      return "port " + std::string(port) + " is not a number";
    }
    const int number = std::stoi(std::string(port));
    if (number < 1 || number > 65535) return "port " + std::string(port) + " is not 1..65535";
  }
  return {};
}

}  // namespace tengen::net
