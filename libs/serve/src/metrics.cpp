#include "metrics.h"

#include <string>

#include "tengen/core/text.h"

namespace tengen::serve {

void Metrics::countRequest(std::string_view path, int status) {
  std::size_t p = kPaths.size() - 1;
  for (std::size_t i = 0; i < kPaths.size(); ++i) {
    if (kPaths[i] == path) p = i;
  }
  std::size_t s = kStatuses.size() - 1;  // 0: any status not in the list
  for (std::size_t i = 0; i + 1 < kStatuses.size(); ++i) {
    if (kStatuses[i] == status) s = i;
  }
  std::lock_guard lock(m_mutex);
  ++m_requests[p][s];
}

void Metrics::countOutcome(const ai::RefereeOutcome& outcome) {
  std::lock_guard lock(m_mutex);
  m_attempts += outcome.attempts.size();
  for (const ai::Attempt& a : outcome.attempts) {
    m_rejections.add(a);
    const double seconds = static_cast<double>(a.latencyMs) / 1000.0;
    ++m_latencyCount;
    m_latencySum += seconds;
    for (std::size_t i = 0; i < kLatencyBuckets.size(); ++i) {
      if (seconds <= kLatencyBuckets[i]) {
        ++m_latencyBuckets[i];
        break;
      }
    }
  }
  for (std::size_t i = 0; i < kOutcomes.size(); ++i) {
    if (kOutcomes[i] == outcome.end) ++m_outcomes[i];
  }
}

std::string Metrics::text(const Gauges& gauges) const {
  std::lock_guard lock(m_mutex);
  std::string out;
  out += "# HELP tengen_http_requests_total HTTP requests answered, by endpoint and status.\n";
  out += "# TYPE tengen_http_requests_total counter\n";
  for (std::size_t p = 0; p < kPaths.size(); ++p) {
    for (std::size_t s = 0; s < kStatuses.size(); ++s) {
      if (m_requests[p][s] == 0) continue;
      const std::string status = kStatuses[s] == 0 ? "other" : std::to_string(kStatuses[s]);
      out += "tengen_http_requests_total{path=\"" + std::string(kPaths[p]) + "\",status=\"" + status + "\"} " +
             std::to_string(m_requests[p][s]) + "\n";
    }
  }
  out += "# HELP tengen_genmove_total Moves asked for, by how they ended.\n";
  out += "# TYPE tengen_genmove_total counter\n";
  for (std::size_t i = 0; i < kOutcomes.size(); ++i) {
    out += "tengen_genmove_total{outcome=\"" + std::string(ai::moveEndCode(kOutcomes[i])) + "\"} " +
           std::to_string(m_outcomes[i]) + "\n";
  }
  out += "# HELP tengen_attempts_total Answers the move sources gave (each one a request to the engine or model).\n";
  out += "# TYPE tengen_attempts_total counter\n";
  out += "tengen_attempts_total " + std::to_string(m_attempts) + "\n";
  out += "# HELP tengen_rejections_total Answers the referee refused, by reason.\n";
  out += "# TYPE tengen_rejections_total counter\n";
  for (const RejectReason reason : attemptReasons()) {
    out += "tengen_rejections_total{reason=\"" + std::string(reasonCode(reason)) + "\"} " +
           std::to_string(m_rejections.count(reason)) + "\n";
  }
  out += "# HELP tengen_model_latency_seconds Time each answer of the engine or model took.\n";
  out += "# TYPE tengen_model_latency_seconds histogram\n";
  std::uint64_t cumulative = 0;
  for (std::size_t i = 0; i < kLatencyBuckets.size(); ++i) {
    cumulative += m_latencyBuckets[i];
    out += "tengen_model_latency_seconds_bucket{le=\"" + shortestText(kLatencyBuckets[i]) + "\"} " +
           std::to_string(cumulative) + "\n";
  }
  out += "tengen_model_latency_seconds_bucket{le=\"+Inf\"} " + std::to_string(m_latencyCount) + "\n";
  // The shortest text that reads back as the sum: six significant digits (%g) would freeze it once it passes a few
  // days of model time, and make it jump when it next changes its printed value.
  out += "tengen_model_latency_seconds_sum " + shortestText(m_latencySum) + "\n";
  out += "tengen_model_latency_seconds_count " + std::to_string(m_latencyCount) + "\n";
  const auto gauge = [&out](std::string_view name, std::string_view help, int value) {
    out += "# HELP " + std::string(name) + " " + std::string(help) + "\n";
    out += "# TYPE " + std::string(name) + " gauge\n";
    out += std::string(name) + " " + std::to_string(value) + "\n";
  };
  gauge("tengen_workers", "Move sources (genmove requests served at once).", gauges.workers);
  gauge("tengen_workers_busy", "Move sources answering a request now.", gauges.busy);
  gauge("tengen_genmove_waiting", "Requests waiting for a free move source.", gauges.waiting);
  gauge("tengen_score_threads", "Threads that score positions (POST /v1/score).", gauges.scoring.threads);
  gauge("tengen_score_busy", "Of them, scoring a position now.", gauges.scoring.busy);
  gauge("tengen_score_waiting", "Score requests waiting for a scoring thread.", gauges.scoring.queued);
  return out;
}

}  // namespace tengen::serve
