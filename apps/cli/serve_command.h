// `tengen serve`: the HTTP move server of docs/http-api.md.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>

#include "tengen/sources/make_source.h"

#include "cli_options.h"

namespace CLI {
class App;
}

namespace tengen::cli {

// The command line of `tengen serve`, as typed; runServe() validates it.
struct ServeOptions {
  std::string listen = "127.0.0.1:8080";  // HOST:PORT; port 0 picks a free one
  std::string engine = "builtin";
  std::string tokenEnv;    // the variable holding the bearer token; "" for none
  int workers = 2;         // move sources, so moves computed at once
  int queue = 64;          // moves waiting for a worker before 503: as many as the connections served at once
  int connections = 64;    // connections served at once before new ones get 503
  int headTimeout = 10;    // seconds for a request's head to arrive, from its first byte (408 after)
  int bodyTimeout = 30;    // seconds for its body to arrive after the head, and for a reply to be taken (408 after)
  int idleTimeout = 5;     // seconds an idle connection is kept open
  int scoreThreads = 0;    // threads that score positions (0: one per core)
  int scoreQueue = 32;     // score requests waiting for one of them before 503
  int networkThreads = 0;  // threads that run the sockets (0: one per four cores)
  std::uint64_t seed = 1;
  sources::ModelOptions model;
  double timeoutSeconds = 60;
  RefereeFlags referee;  // --max-retries, --error-log, --log-attempts
};

// Adds the `serve` subcommand to app with its options bound to *options, and returns it.
CLI::App* addServeCommand(CLI::App& app, ServeOptions* options);

// Serves until SIGTERM or SIGINT, then lets the requests in flight finish and returns 0. Prints one line when it
// listens: "tengen serve: listening on http://HOST:PORT ..." with the real port. Returns 2 for bad options or an
// address that cannot be bound, 4 when an engine cannot be started (as other subcommands).
int runServe(const ServeOptions& options, std::ostream& out, std::ostream& err);

}  // namespace tengen::cli
