// The move service: routing, the token, the pool of move sources, and the mapping of the referee's outcome to the
// statuses of docs/http-api.md. One move source per worker, made at start: a gtp: engine is a stateful child
// process that cannot answer two games at once, and the others are cheap to keep.
#include "tengen/serve/move_service.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <mutex>
#include <stop_token>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "tengen/ai/attempt_json.h"
#include "tengen/ai/error_log.h"
#include "tengen/ai/referee.h"
#include "tengen/core/analysis.h"
#include "tengen/core/coords.h"
#include "tengen/core/text.h"
#include "tengen/json/json.h"
#include "tengen/json/parse.h"

#include "game_request.h"
#include "metrics.h"
#include "source_pool.h"

namespace tengen::serve {

namespace {

using json::JsonValue;
using net::ServerReply;
using net::ServerRequest;

constexpr std::string_view kGenmove = "/v1/genmove";
constexpr std::string_view kLegal = "/v1/legal";
constexpr std::string_view kScore = "/v1/score";
constexpr std::string_view kHealth = "/healthz";
constexpr std::string_view kMetrics = "/metrics";

// Compares in time that depends only on the lengths, so the token cannot be found a byte at a time.
bool sameSecret(std::string_view given, std::string_view expected) {
  unsigned char diff = given.size() == expected.size() ? 0 : 1;
  const std::size_t n = std::max(given.size(), expected.size());
  for (std::size_t i = 0; i < n; ++i) {
    const unsigned char a = i < given.size() ? static_cast<unsigned char>(given[i]) : 0;
    const unsigned char b = i < expected.size() ? static_cast<unsigned char>(expected[i]) : 0;
    diff = static_cast<unsigned char>(diff | (a ^ b));
  }
  return diff == 0;
}

// Two Authorization headers are refused rather than one of them chosen: which one counts would depend on the hop
// that reads them (a proxy in front may keep the last where this server read the first).
bool repeatsAuthorization(const ServerRequest& request) {
  return std::count_if(request.headers.begin(), request.headers.end(),
                       [](const auto& header) { return header.first == "authorization"; }) > 1;
}

bool authorized(const ServerRequest& request, const std::string& token) {
  const std::optional<std::string> header = request.header("authorization");
  if (!header || header->size() < 7) return false;
  if (!equalsIgnoringCase(std::string_view(*header).substr(0, 7), "bearer ")) return false;
  std::string_view given(*header);
  given.remove_prefix(7);
  while (!given.empty() && given.front() == ' ') given.remove_prefix(1);
  while (!given.empty() && given.back() == ' ') given.remove_suffix(1);
  return sameSecret(given, token);
}

ServerReply jsonReply(int status, const JsonValue& body) {
  ServerReply reply;
  reply.status = status;
  reply.body = json::toJson(body);
  return reply;
}

class Lease {
 public:
  explicit Lease(SourcePool& pool) : m_pool(pool), m_source(pool.acquire()) {}
  ~Lease() {
    if (m_source != nullptr) m_pool.release(m_source);
  }
  Lease(const Lease&) = delete;
  Lease& operator=(const Lease&) = delete;
  ai::MoveSource* get() const { return m_source; }

 private:
  SourcePool& m_pool;
  ai::MoveSource* m_source;
};

ServerReply overloaded(std::string_view detail) {
  ServerReply reply = net::jsonError(503, "overloaded", detail);
  reply.headers.emplace_back("Retry-After", "1");
  return reply;
}

}  // namespace

struct MoveService::Impl {
  ServiceOptions options;
  std::unique_ptr<SourcePool> pool;
  std::shared_ptr<net::HandlerLane> scoring;
  ai::ErrorLog errorLog = ai::ErrorLog::none();
  Metrics metrics;

  Gauges gauges() const {
    const auto [busy, waiting] = pool->busyAndWaiting();
    return Gauges{pool->size(), busy, waiting, scoring->load()};
  }

  ServerReply route(const ServerRequest& request, std::string_view& counted) {
    const std::string& path = request.path;
    if (request.overload == net::Overload::Connections) {
      return overloaded("every connection is busy; try again shortly");
    }
    if (request.overload == net::Overload::Lane) {
      counted = kScore;
      return overloaded("every scoring thread is busy and " + std::to_string(options.scoreQueue) +
                        " requests are waiting for one; try again shortly");
    }
    const bool isGet = request.method == "GET" || request.method == "HEAD";
    std::string_view allow;
    if (path == kGenmove || path == kLegal || path == kScore) {
      counted = path == kGenmove ? kGenmove : path == kLegal ? kLegal : kScore;
      allow = "POST";
      if (request.method != "POST") return methodNotAllowed(allow);
    } else if (path == kHealth || path == kMetrics) {
      counted = path == kHealth ? kHealth : kMetrics;
      allow = "GET, HEAD";
      if (!isGet) return methodNotAllowed(allow);
    } else {
      return net::jsonError(404, "not_found",
                            "no such path; the endpoints are /v1/genmove, /v1/legal, /v1/score, "
                            "/healthz and /metrics");
    }
    // Load balancers probe /healthz without credentials.
    if (options.token && counted != kHealth && repeatsAuthorization(request)) {
      return net::jsonError(400, "invalid_request", "more than one Authorization header; send the token once");
    }
    if (options.token && counted != kHealth && !authorized(request, *options.token)) {
      ServerReply reply = net::jsonError(401, "unauthorized", "a valid \"Authorization: Bearer <token>\" is needed");
      reply.headers.emplace_back("WWW-Authenticate", "Bearer realm=\"tengen\"");
      return reply;
    }
    if (counted == kHealth) return jsonReply(200, JsonValue::Object{{"status", "ok"}});
    if (counted == kMetrics) {
      ServerReply reply;
      reply.contentType = "text/plain; version=0.0.4; charset=utf-8";
      reply.body = metrics.text(gauges());
      return reply;
    }

    if (request.body.empty()) {
      return net::jsonError(400, "invalid_request", "the request has no body; send the game as JSON");
    }
    const Result<JsonValue> body = json::parseJson(request.body, requestJsonLimits(options.maxMoves));
    if (!body) return net::jsonError(400, "invalid_request", body.error());
    ReadOptions read;
    read.maxMoves = options.maxMoves;
    read.defaultMaxRetries = options.defaultMaxRetries;
    read.maxRetries = kMaxRequestRetries;
    read.wantMove = counted == kLegal;
    Result<GameRequest> game = readGameRequest(*body, read);
    if (!game) return net::jsonError(400, "invalid_request", game.error());
    if (counted == kScore) return score(*game, options.judge, request.clientGone);
    return counted == kLegal ? legal(*game) : genmove(*game, request.clientGone);
  }

  // The judgment of the position (the count of a finished game, the estimate of one in play): the result, the dead
  // and seki stones, who owns each point (a string per row from the top row down, a letter per column from A; '.'
  // for nobody) and each point's ownership value.
  static ServerReply score(const GameRequest& request,
                           const std::function<Analysis(const Game&, const std::stop_token&)>& judge,
                           const std::stop_token& clientGone) {
    const Analysis analysis = judge ? judge(request.game, clientGone) : analyze(request.game);
    const int size = analysis.size;
    auto vertices = [size](const std::vector<Point>& points) {
      JsonValue::Array out;
      for (const Point& p : points) out.emplace_back(gtpVertex(p, size));
      return out;
    };
    const std::vector<std::string> letters = ownershipRows(analysis);
    JsonValue::Object body{{"result", analysis.score.result},
                           {"dead", vertices(analysis.dead)},
                           {"seki", vertices(analysis.seki)},
                           {"ownership", JsonValue::Array(letters.begin(), letters.end())}};
    JsonValue::Array values;
    for (const std::vector<double>& row : ownershipValueRows(analysis)) {
      values.emplace_back(JsonValue::Array(row.begin(), row.end()));
    }
    body.emplace_back("ownership_values", std::move(values));
    body.emplace_back("final", analysis.final);
    return jsonReply(200, std::move(body));
  }

  static ServerReply methodNotAllowed(std::string_view allow) {
    ServerReply reply = net::jsonError(405, "method_not_allowed", "this path takes " + std::string(allow));
    reply.headers.emplace_back("Allow", std::string(allow));
    return reply;
  }

  static ServerReply legal(const GameRequest& request) {
    // "color" names the side to move here as for genmove; otherwise a position set up with no moves would always
    // have Black to move. Only that colour's moves can then be legal.
    RejectReason reason = request.game.check(*request.move);
    if (request.colorGiven && request.color != request.game.toMove() && reason != RejectReason::GameOver) {
      if (request.move->color != request.color) {
        reason = RejectReason::WrongColor;
      } else {
        reason = request.game.check(*request.move, Game::TurnRule::AnyColor);
      }
    }
    return jsonReply(200, JsonValue::Object{{"legal", reason == RejectReason::None},
                                            {"reason", std::string(reasonCode(reason))},
                                            {"message", std::string(reasonWords(reason))}});
  }

  // `clientGone`, when a stop is requested, stops the move: the model request out is given up and no other is made,
  // nothing is logged, and the worker is free for the next request (docs/http-api.md, "Limits").
  ServerReply genmove(const GameRequest& request, const std::stop_token& clientGone) {
    if (request.game.phase() != Phase::Playing) {
      return net::jsonError(400, "invalid_request", "the game is not in play: there is no move to make");
    }
    const Lease lease(*pool);
    if (lease.get() == nullptr) return overloaded("every worker is busy and the line is full; try again shortly");

    ai::RefereeOptions referee(errorLog);
    referee.maxRetries = request.maxRetries;
    referee.logAccepted = options.logAttempts;
    referee.cancel = clientGone;
    const auto start = std::chrono::steady_clock::now();
    const ai::RefereeOutcome outcome = ai::requestMove(*lease.get(), request.game, request.color, referee);
    const long elapsedMs = static_cast<long>(
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count());
    metrics.countOutcome(outcome);

    return jsonReply(httpStatusOf(outcome.end),
                     ai::outcomeJson(outcome, request.game.size(), request.color, elapsedMs));
  }

  // The status of a request for a move that ended so (docs/http-api.md).
  static int httpStatusOf(ai::MoveEnd end) {
    switch (end) {
      case ai::MoveEnd::Accepted:
        return 200;
      case ai::MoveEnd::NoLegalMove:
        return 422;
      case ai::MoveEnd::Unreachable:
        return 502;
      case ai::MoveEnd::NotInPlay:
        return 400;
      case ai::MoveEnd::Stopped:
        return 499;  // the client closed its connection first (nginx's word for it); nobody reads this reply
    }
    return 500;
  }
};

MoveService::MoveService(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}

MoveService::~MoveService() = default;

Result<std::unique_ptr<MoveService>> MoveService::make(const ServiceOptions& options, const SourceFactory& sources) {
  using R = Result<std::unique_ptr<MoveService>>;
  if (options.workers < 1) return R::failure("--workers: must be at least 1");
  if (options.scoreThreads < 0 || options.scoreThreads > 256) return R::failure("--score-threads: must be 0..256");
  if (options.scoreQueue < 0 || options.scoreQueue > 4096) return R::failure("--score-queue: must be 0..4096");
  if (options.defaultMaxRetries < 0 || options.defaultMaxRetries > kMaxRequestRetries) {
    return R::failure("--max-retries: must be 0.." + std::to_string(kMaxRequestRetries) + " for serve");
  }
  if (!sources) return R::failure("no maker of move sources was given");
  std::vector<std::unique_ptr<ai::MoveSource>> made;
  for (int i = 0; i < options.workers; ++i) {
    Result<std::unique_ptr<ai::MoveSource>> source = sources(i);
    if (!source) return R::failure(source);
    made.push_back(std::move(source).value());
  }
  auto impl = std::make_unique<Impl>();
  impl->options = options;
  impl->pool = std::make_unique<SourcePool>(std::move(made), options.maxWaiting);
  const int scoreThreads = options.scoreThreads > 0
                               ? options.scoreThreads
                               : static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
  impl->scoring = std::make_shared<net::HandlerLane>(scoreThreads, options.scoreQueue);
  impl->errorLog = ai::ErrorLog(options.errorLogPath, options.errorContext);
  return std::unique_ptr<MoveService>(new MoveService(std::move(impl)));
}

net::ServerReply MoveService::handle(const net::ServerRequest& request) {
  std::string_view counted = "other";
  ServerReply reply;
  try {
    reply = m_impl->route(request, counted);
  } catch (const std::exception&) {
    // Only allocation can throw below here; the client still gets JSON.
    reply = net::jsonError(500, "internal_error", "internal error");
  }
  m_impl->metrics.countRequest(counted, reply.status);
  return reply;
}

net::HttpServerOptions MoveService::serverOptions(net::HttpServerOptions http) {
  http.onServerError = [this](int status) { m_impl->metrics.countRequest("other", status); };
  http.route = [scoring = m_impl->scoring](std::string_view /*method*/, std::string_view path) {
    net::Route route;
    if (path == kHealth || path == kMetrics) {
      route.atOnce = true;
    } else if (path == kScore) {
      route.lane = scoring;
    }
    return route;
  };
  return http;
}

std::string MoveService::metricsText() const { return m_impl->metrics.text(m_impl->gauges()); }

}  // namespace tengen::serve
