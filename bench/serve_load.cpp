// A load client for `tengen serve` (docs/http-api.md, "Load"): N client threads, each with its own keep-alive
// connection (the libcurl HttpClient), POST the same genmove request for a fixed time; prints requests per second,
// latency percentiles, the statuses seen, the server's own share of each request (client latency minus the
// attempts' latency_ms, i.e. minus the model), and the server's memory from /proc/PID/status.
//
//   tengen_serve_load --url http://127.0.0.1:8080 [--clients 64] [--seconds 10] [--moves 120] [--size 19]
//                     [--pid PID] [--token-env VAR] [--print-body 1]
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <variant>
#include <vector>

#include "tengen/core/coords.h"
#include "tengen/core/game.h"
#include "tengen/json/json.h"
#include "tengen/json/parse.h"
#include "tengen/net/http_client.h"

namespace {

using tengen::json::JsonValue;

struct Options {
  std::string url = "http://127.0.0.1:8080";
  int clients = 64;
  double seconds = 10;
  int moves = 120;
  int size = 19;
  long pid = 0;
  std::string tokenEnv;
  bool printBody = false;
};

// A game of `moves` legal moves from a fixed generator, so every run sends the same request.
std::string requestBody(int size, int moves) {
  tengen::GameConfig config;
  config.size = size;
  tengen::Game game(config);
  JsonValue::Array list;
  std::uint64_t state = 0x9e3779b97f4a7c15ULL;
  int tries = 0;
  while (static_cast<int>(list.size()) < moves && tries < 100000) {
    ++tries;
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    const int index = static_cast<int>((state >> 33) % static_cast<std::uint64_t>(size * size));
    const tengen::Point p{index / size, index % size};
    const tengen::Move move = tengen::Move::play(game.toMove(), p);
    if (game.play(move) != tengen::RejectReason::None) continue;
    list.push_back(JsonValue::Array{std::string(tengen::colorLetter(move.color)), tengen::gtpVertex(p, size)});
  }
  return tengen::json::toJson(JsonValue::Object{{"size", size}, {"komi", 7.5}, {"rules", "chinese"}, {"moves", list}});
}

std::string memoryOf(long pid) {
  if (pid <= 0) return "";
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  std::string out;
  for (std::string line; std::getline(status, line);) {
    if (line.starts_with("VmHWM") || line.starts_with("VmRSS") || line.starts_with("Threads")) {
      line.erase(std::remove(line.begin(), line.end(), '\t'), line.end());
      out += " " + line;
    }
  }
  return out;
}

long modelMs(const std::string& body) {
  const auto parsed = tengen::json::parseJson(body);
  if (!parsed) return 0;
  const JsonValue* attempts = tengen::json::findMember(*parsed, "attempts");
  if (attempts == nullptr) return 0;
  long total = 0;
  if (const auto* list = std::get_if<JsonValue::Array>(&attempts->value)) {
    for (const JsonValue& a : *list) {
      if (const JsonValue* ms = tengen::json::findMember(a, "latency_ms")) {
        if (const auto* n = std::get_if<long long>(&ms->value)) total += static_cast<long>(*n);
      }
    }
  }
  return total;
}

double percentile(std::vector<double>& sorted, double p) {
  if (sorted.empty()) return 0;
  const auto at = static_cast<std::size_t>(p * static_cast<double>(sorted.size() - 1));
  return sorted[at];
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    const std::string value = argv[i + 1];
    if (flag == "--url")
      options.url = value;
    else if (flag == "--clients")
      options.clients = std::atoi(value.c_str());
    else if (flag == "--seconds")
      options.seconds = std::atof(value.c_str());
    else if (flag == "--moves")
      options.moves = std::atoi(value.c_str());
    else if (flag == "--size")
      options.size = std::atoi(value.c_str());
    else if (flag == "--pid")
      options.pid = std::atol(value.c_str());
    else if (flag == "--token-env")
      options.tokenEnv = value;
    else if (flag == "--print-body")
      options.printBody = value == "1";
    else {
      std::fprintf(stderr, "tengen_serve_load: unknown option %s\n", flag.c_str());
      return 2;
    }
  }
  if (options.clients < 1 || options.seconds <= 0 || options.size < 2 || options.size > 25) {
    std::fprintf(stderr, "tengen_serve_load: bad --clients, --seconds or --size\n");
    return 2;
  }
  const std::string body = requestBody(options.size, options.moves);
  if (options.printBody) {
    // For wrk (bench/serve_genmove.lua) and curl: the same request this client sends.
    std::printf("%s\n", body.c_str());
    return 0;
  }
  std::string token;
  if (!options.tokenEnv.empty()) {
    if (const char* t = std::getenv(options.tokenEnv.c_str())) token = t;
  }

  std::mutex mutex;
  std::vector<double> latencies;  // ms, of 200 replies
  std::vector<double> overheads;  // ms, client latency minus the attempts' latency_ms
  std::map<std::string, long> statuses;
  std::atomic<bool> stop{false};
  std::vector<std::thread> threads;
  threads.reserve(static_cast<std::size_t>(options.clients));
  const auto start = std::chrono::steady_clock::now();
  for (int c = 0; c < options.clients; ++c) {
    threads.emplace_back([&] {
      auto client = tengen::net::makeCurlClient();
      tengen::net::HttpRequest request;
      request.url = options.url + "/v1/genmove";
      request.headers = {{"Content-Type", "application/json"}};
      if (!token.empty()) request.headers.emplace_back("Authorization", "Bearer " + token);
      request.body = body;
      request.timeoutSeconds = 120;
      std::vector<double> mine;
      std::vector<double> mineOverhead;
      std::map<std::string, long> mineStatuses;
      while (!stop) {
        const auto t0 = std::chrono::steady_clock::now();
        const auto response = client->post(request);
        const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
        if (!response) {
          ++mineStatuses["error"];
          continue;
        }
        ++mineStatuses[std::to_string(response->status)];
        if (response->status == 200) {
          mine.push_back(ms);
          mineOverhead.push_back(ms - static_cast<double>(modelMs(response->body)));
        }
      }
      std::lock_guard lock(mutex);
      latencies.insert(latencies.end(), mine.begin(), mine.end());
      overheads.insert(overheads.end(), mineOverhead.begin(), mineOverhead.end());
      for (const auto& [k, v] : mineStatuses) statuses[k] += v;
    });
  }
  std::this_thread::sleep_for(std::chrono::duration<double>(options.seconds));
  const std::string memory = memoryOf(options.pid);
  stop = true;
  for (std::thread& t : threads) t.join();
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  std::sort(latencies.begin(), latencies.end());
  std::sort(overheads.begin(), overheads.end());
  std::string statusText;
  long total = 0;
  for (const auto& [k, v] : statuses) {
    statusText += (statusText.empty() ? "" : ",") + k + ":" + std::to_string(v);
    total += v;
  }
  std::printf(
      "clients=%d size=%d moves=%d seconds=%.1f requests=%ld ok=%zu rps=%.0f p50_ms=%.2f p90_ms=%.2f p99_ms=%.2f "
      "max_ms=%.2f overhead_p50_ms=%.2f overhead_p99_ms=%.2f statuses=%s%s\n",
      options.clients, options.size, options.moves, elapsed, total, latencies.size(),
      static_cast<double>(latencies.size()) / elapsed, percentile(latencies, 0.5), percentile(latencies, 0.9),
      percentile(latencies, 0.99), latencies.empty() ? 0.0 : latencies.back(), percentile(overheads, 0.5),
      percentile(overheads, 0.99), statusText.c_str(), memory.c_str());
  return 0;
}
