// The stateless move service of docs/http-api.md: every request carries the whole game, which the rules check before
// any move source is asked; answers are JSON. The HTTP side (sockets, threads, body cap) is tengen::net's
// HttpServer; this is what a request means.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <stop_token>
#include <string>

#include "tengen/ai/error_log.h"
#include "tengen/ai/move_source.h"
#include "tengen/core/analysis.h"
#include "tengen/core/result.h"
#include "tengen/net/http_server.h"

namespace tengen::serve {

// Makes the move source of worker `index` (0-based). The service knows no source of its own: `tengen serve` hands it
// sources::workerSources, which makes each worker's source from the ENGINE spec.
using SourceFactory = std::function<Result<std::unique_ptr<ai::MoveSource>>(int index)>;

struct ServiceOptions {
  // What every error-log record says of the source asked: "serve", the ENGINE spec without credentials, the model
  // and its coordinates (sources::errorContextOf makes it).
  ai::ErrorContext errorContext;
  int workers = 2;      // move sources, so genmove requests served at once
  int maxWaiting = 64;  // genmove requests waiting for a free source; beyond them 503 at once
  int defaultMaxRetries = 4;
  std::string errorLogPath = ai::defaultErrorLogPath();
  bool logAttempts = false;
  // With a token, every path but /healthz needs "Authorization: Bearer <token>".
  std::optional<std::string> token;
  std::size_t maxMoves = 10000;  // longer histories are refused (400)
  // POST /v1/score runs on threads of its own, so that it never waits for a move source nor holds the threads that
  // ask them: this many (0: one per core), with this many more requests waiting; beyond them 503 at once.
  int scoreThreads = 0;
  int scoreQueue = 32;
  // POST /v1/score's judgment: the count of a finished game, the estimate of one in play (the application wires the
  // built-in engine's, tengen/engine/judgment.h). Without one, core's reading of the board as finished. A stop is
  // requested through its token when the client goes away: nobody reads the judgment then.
  std::function<Analysis(const Game&, const std::stop_token&)> judge;
};

// The most retries a request may ask for: each is a request to the engine or model.
inline constexpr int kMaxRequestRetries = 10;

class MoveService {
 public:
  // Makes every worker's source now with `sources`, so a source that cannot be made fails here with the reason (an
  // engine that does not start, a bad model option), not on the first request.
  static Result<std::unique_ptr<MoveService>> make(const ServiceOptions& options, const SourceFactory& sources);
  ~MoveService();
  MoveService(const MoveService&) = delete;
  MoveService& operator=(const MoveService&) = delete;

  // Answers one request; thread-safe. Never throws for any input.
  net::ServerReply handle(const net::ServerRequest& request);

  // `http` with this service's part of an HTTP server's options filled in: where each request runs (/healthz and
  // /metrics at once on the network thread, /v1/score on the scoring threads, the rest on the server's handler
  // threads) and the count of the error replies the server makes itself (413 and the like), for /metrics. The
  // server it configures must not outlive this service.
  net::HttpServerOptions serverOptions(net::HttpServerOptions http);

  // The Prometheus text of /metrics.
  std::string metricsText() const;

 private:
  struct Impl;
  explicit MoveService(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> m_impl;
};

}  // namespace tengen::serve
