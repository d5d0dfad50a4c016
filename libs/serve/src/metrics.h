// The counters behind /metrics, in Prometheus text format. Every label value comes from a fixed list, so nothing a
// client sends can reach the text.
#pragma once

#include <array>
#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>

#include "tengen/ai/referee.h"
#include "tengen/ai/rejection_counts.h"
#include "tengen/net/http_server.h"

namespace tengen::serve {

// What is busy now, for the gauges of /metrics.
struct Gauges {
  int workers = 0;  // move sources
  int busy = 0;     // of them, answering a request
  int waiting = 0;  // genmove requests waiting for one
  net::LaneLoad scoring;
};

class Metrics {
 public:
  // One reply to a request for `path` (counted under "other" when not an endpoint) with that status.
  void countRequest(std::string_view path, int status);
  // The attempts of one genmove: how many, each rejection's reason, each answer's latency, and how it ended.
  void countOutcome(const ai::RefereeOutcome& outcome);

  // The text of /metrics, with what is busy now as gauges.
  std::string text(const Gauges& gauges) const;

 private:
  static constexpr std::array<std::string_view, 6> kPaths = {"/v1/genmove", "/v1/legal", "/v1/score",
                                                             "/healthz",    "/metrics",  "other"};
  static constexpr std::array<int, 17> kStatuses = {200, 400, 401, 404, 405, 408, 413, 414, 415,
                                                    422, 429, 431, 499, 500, 502, 503, 0};
  // The ends a genmove request can have here; the labels are their moveEndCode. Rejections are labelled with
  // every attempt reason of the one reason table (attemptReasons()).
  static constexpr std::array<ai::MoveEnd, 3> kOutcomes = {ai::MoveEnd::Accepted, ai::MoveEnd::NoLegalMove,
                                                           ai::MoveEnd::Unreachable};
  // Seconds; a model answers in tens of milliseconds to a minute.
  static constexpr std::array<double, 13> kLatencyBuckets = {0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5,
                                                             1,     2.5,  5,     10,   30,  60};

  mutable std::mutex m_mutex;
  std::array<std::array<std::uint64_t, kStatuses.size()>, kPaths.size()> m_requests{};
  std::uint64_t m_attempts = 0;
  ai::RejectionCounts m_rejections;
  std::array<std::uint64_t, kOutcomes.size()> m_outcomes{};
  std::array<std::uint64_t, kLatencyBuckets.size()> m_latencyBuckets{};  // not cumulative; summed when written
  std::uint64_t m_latencyCount = 0;
  double m_latencySum = 0;
};

}  // namespace tengen::serve
