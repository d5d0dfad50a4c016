#include "tengen/ai/rejection_counts.h"

namespace tengen::ai {

void RejectionCounts::add(const Attempt& attempt) {
  if (!attempt.accepted()) ++m_counts[static_cast<std::size_t>(attempt.reason)];
}

void RejectionCounts::add(const std::vector<Attempt>& attempts) {
  for (const Attempt& a : attempts) add(a);
}

void RejectionCounts::add(const RejectionCounts& other) {
  for (std::size_t i = 0; i < m_counts.size(); ++i) m_counts[i] += other.m_counts[i];
}

std::string RejectionCounts::summary() const {
  std::string out;
  for (const RejectReason reason : attemptReasons()) {
    if (!out.empty()) out += ',';
    out += std::string(reasonCode(reason)) + ':' + std::to_string(count(reason));
  }
  return out;
}

json::JsonValue RejectionCounts::json() const {
  json::JsonValue::Object out;
  for (const RejectReason reason : attemptReasons()) {
    out.emplace_back(std::string(reasonCode(reason)), static_cast<long long>(count(reason)));
  }
  return out;
}

}  // namespace tengen::ai
