#include "serve_command.h"

#include <malloc.h>
#include <pthread.h>

#include <cmath>
#include <csignal>
#include <cstdlib>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <thread>
#include <utility>

#include <CLI/CLI.hpp>

#include "tengen/core/text.h"
#include "tengen/engine/judgment.h"
#include "tengen/net/http_server.h"
#include "tengen/serve/move_service.h"
#include "tengen/sources/make_source.h"

#include "cli_options.h"

namespace tengen::cli {

namespace {

struct Address {
  std::string host;
  int port = 0;
};

// "127.0.0.1:8080", ":8080" (127.0.0.1), "0.0.0.0:0", "[::1]:8080".
std::optional<Address> parseListen(const std::string& text) {
  const auto colon = text.rfind(':');
  if (colon == std::string::npos) return std::nullopt;
  Address address;
  address.host = text.substr(0, colon);
  if (address.host.size() >= 2 && address.host.front() == '[' && address.host.back() == ']') {
    address.host = address.host.substr(1, address.host.size() - 2);
  }
  if (address.host.empty()) address.host = "127.0.0.1";
  const std::string port = text.substr(colon + 1);
  if (port.empty() || port.size() > 5 || port.find_first_not_of("0123456789") != std::string::npos) {
    return std::nullopt;
  }
  address.port = std::stoi(port);
  if (address.port > 65535) return std::nullopt;
  return address;
}

}  // namespace

CLI::App* addServeCommand(CLI::App& app, ServeOptions* options) {
  CLI::App* cmd = app.add_subcommand("serve", "The HTTP move server (docs/http-api.md)");
  cmd->add_option("--listen", options->listen, "HOST:PORT to listen on; port 0 picks a free one")
      ->capture_default_str();
  cmd->add_option("--engine", options->engine,
                  "ENGINE spec every worker's move source is made from: " + std::string(sources::kEngineKinds))
      ->type_name("ENGINE")
      ->capture_default_str();
  cmd->add_option("--token-env", options->tokenEnv,
                  "Environment variable holding the bearer token requests must carry (never printed)");
  cmd->add_option("--workers", options->workers, "Move sources, so moves computed at once (1..256)")
      ->capture_default_str();
  cmd->add_option("--queue", options->queue, "Moves waiting for a free worker before 503 (0..4096)")
      ->capture_default_str();
  cmd->add_option("--connections", options->connections,
                  "Requests handled at once; twice as many connections held, new ones beyond get 503 (1..4096)")
      ->capture_default_str();
  cmd->add_option("--head-timeout", options->headTimeout,
                  "Seconds for a request's head to arrive, from its first byte, before 408 (1..3600)")
      ->capture_default_str();
  cmd->add_option("--body-timeout", options->bodyTimeout,
                  "Seconds for a request's body to arrive, and a reply to be taken, before 408 (1..3600)")
      ->capture_default_str();
  cmd->add_option("--idle-timeout", options->idleTimeout, "Seconds an idle keep-alive connection stays open (1..3600)")
      ->capture_default_str();
  cmd->add_option("--score-threads", options->scoreThreads,
                  "Threads that score positions (POST /v1/score); 0: one per core (0..256)")
      ->capture_default_str();
  cmd->add_option("--score-queue", options->scoreQueue,
                  "Score requests waiting for a scoring thread before 503 (0..4096)")
      ->capture_default_str();
  cmd->add_option("--network-threads", options->networkThreads,
                  "Threads that run the sockets; 0: one per four cores (0..64)")
      ->capture_default_str();
  cmd->add_option("--seed", options->seed, "Seed of the engines' randomness (worker i gets seed + i)")
      ->check(notNegative())
      ->capture_default_str();
  addModelOptions(*cmd, &options->model, &options->timeoutSeconds);
  addRefereeOptions(*cmd, &options->referee);
  cmd->footer("Stops on SIGTERM or SIGINT after the requests in flight are answered.");
  return cmd;
}

namespace {

// What is wrong with the options other than --listen, in the words `tengen serve` prints; "" when nothing is.
std::string invalidServeOption(const ServeOptions& options) {
  if (options.workers < 1 || options.workers > 256) return "--workers: must be 1..256";
  if (options.queue < 0 || options.queue > 4096) return "--queue: must be 0..4096";
  if (options.connections < 1 || options.connections > 4096) return "--connections: must be 1..4096";
  if (options.scoreThreads < 0 || options.scoreThreads > 256) return "--score-threads: must be 0..256";
  if (options.scoreQueue < 0 || options.scoreQueue > 4096) return "--score-queue: must be 0..4096";
  if (options.networkThreads < 0 || options.networkThreads > 64) return "--network-threads: must be 0..64";
  for (const auto& [name, seconds] :
       {std::pair{"--head-timeout", options.headTimeout}, std::pair{"--body-timeout", options.bodyTimeout},
        std::pair{"--idle-timeout", options.idleTimeout}}) {
    if (seconds < 1 || seconds > 3600) return std::string(name) + ": must be 1..3600 seconds";
  }
  if (options.referee.maxRetries < 0 || options.referee.maxRetries > serve::kMaxRequestRetries) {
    return "--max-retries " + std::to_string(options.referee.maxRetries) + ": must be 0.." +
           std::to_string(serve::kMaxRequestRetries);
  }
  if (std::string why = checkRefereeOptions(options.referee); !why.empty()) return why;
  if (!(std::isfinite(options.timeoutSeconds) && options.timeoutSeconds > 0)) {
    return "--timeout: must be a positive number of seconds";
  }
  if (!options.tokenEnv.empty()) {
    const char* token = std::getenv(options.tokenEnv.c_str());
    if (token == nullptr || *token == '\0')
      return "--token-env " + options.tokenEnv + ": the variable is empty or not set";
  }
  return "";
}

// The move service's settings from the command's options (already checked) and its sources' options (the model
// settled).
serve::ServiceOptions serviceOptions(const ServeOptions& options, const sources::SourceOptions& sourceOptions) {
  serve::ServiceOptions service;
  service.errorContext = sources::errorContextOf("serve", options.engine, sourceOptions.model);
  service.workers = options.workers;
  service.maxWaiting = options.queue;
  service.defaultMaxRetries = options.referee.maxRetries;
  service.errorLogPath = options.referee.errorLog;
  service.logAttempts = options.referee.logAttempts;
  service.judge = [](const Game& game, const std::stop_token& stop) { return engine::judge(game, stop); };
  service.scoreThreads = options.scoreThreads;
  service.scoreQueue = options.scoreQueue;
  if (!options.tokenEnv.empty()) service.token = std::getenv(options.tokenEnv.c_str());
  return service;
}

// The HTTP server's settings: one handler thread per request handled at once, the timeouts.
net::HttpServerOptions httpOptions(const ServeOptions& options, const Address& address) {
  net::HttpServerOptions http;
  http.host = address.host;
  http.port = address.port;
  http.threads = options.connections;
  http.maxPending = options.connections;
  http.headTimeoutSeconds = options.headTimeout;
  http.bodyTimeoutSeconds = options.bodyTimeout;
  http.keepAliveSeconds = options.idleTimeout;
  http.networkThreads = options.networkThreads;
  return http;
}

// Set up before any thread starts. SIGTERM and SIGINT are taken by one thread with sigwait, so stopping needs
// nothing async-signal-safe; they are blocked here, and threads inherit the mask (child engines start with an empty
// one). Returns the signals that thread waits for.
sigset_t prepareProcess() {
  sigset_t stopSignals;
  sigemptyset(&stopSignals);
  sigaddset(&stopSignals, SIGTERM);
  sigaddset(&stopSignals, SIGINT);
  sigaddset(&stopSignals, SIGUSR1);  // only ever sent by runServe to its own waiting thread
  pthread_sigmask(SIG_BLOCK, &stopSignals, nullptr);
  // A client that hangs up mid-reply must not kill the server.
  signal(SIGPIPE, SIG_IGN);
  // Memory goes back to the system after a burst of large requests. glibc raises its thresholds as it frees large
  // blocks, after which a burst of 1 MiB bodies on many threads left ~35 MB held in each thread's arena, free but
  // never returned; fixed thresholds keep large blocks mapped on their own and trim each arena's free top.
  mallopt(M_MMAP_THRESHOLD, 128 * 1024);
  mallopt(M_TRIM_THRESHOLD, 128 * 1024);
  return stopSignals;
}

}  // namespace

int runServe(const ServeOptions& options, std::ostream& out, std::ostream& err) {
  const std::optional<Address> listen = parseListen(options.listen);
  const std::string why =
      listen ? invalidServeOption(options) : "--listen " + options.listen + ": must be HOST:PORT, e.g. 127.0.0.1:8080";
  if (!why.empty()) {
    err << "tengen serve: " << why << '\n';
    return kExitUsage;
  }
  const Address& address = *listen;
  sigset_t stopSignals = prepareProcess();

  sources::SourceOptions sourceOptions = sourceOptionsOf(options);
  if (const Status settled = settleModel("serve", options.engine, sourceOptions, err); !settled) {
    err << "tengen serve: " << settled.error() << '\n';
    return exitCodeOf(settled.errorKind());
  }
  Result<std::unique_ptr<serve::MoveService>> made = serve::MoveService::make(
      serviceOptions(options, sourceOptions), sources::workerSources(options.engine, sourceOptions));
  if (!made) {
    err << "tengen serve: " << made.error() << '\n';
    return exitCodeOf(made.errorKind());
  }
  const std::unique_ptr<serve::MoveService> moveService = std::move(made).value();
  serve::MoveService* handler = moveService.get();
  const net::HttpServerOptions http = handler->serverOptions(httpOptions(options, address));
  Result<std::unique_ptr<net::HttpServer>> bound =
      net::HttpServer::bind(http, [handler](const net::ServerRequest& request) { return handler->handle(request); });
  if (!bound) {
    err << "tengen serve: --listen " << options.listen << ": " << bound.error() << '\n';
    return kExitUsage;
  }
  net::HttpServer& server = *bound.value();

  std::thread stopper([&server, &stopSignals] {
    int signal = 0;
    sigwait(&stopSignals, &signal);
    server.stop();
  });
  const std::string host = address.host.find(':') != std::string::npos ? "[" + address.host + "]" : address.host;
  out << "tengen serve: listening on http://" << host << ':' << server.port() << " (engine "
      << displayUrl(options.engine) << ", " << options.workers << (options.workers == 1 ? " worker)" : " workers)")
      << std::endl;
  server.run();
  // run() only returns after stop(); should it ever return early, the waiting thread is woken all the same.
  pthread_kill(stopper.native_handle(), SIGUSR1);
  stopper.join();
  err << "tengen serve: stopped\n";
  return kExitOk;
}

}  // namespace tengen::cli
