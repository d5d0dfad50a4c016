// Refused attempts counted by reason, always listed over every attempt reason of the one reason table, in its order
// (attemptReasons()): the match summary's `rejections=`, its JSON, and the server's metrics.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "tengen/ai/referee.h"
#include "tengen/core/types.h"
#include "tengen/json/json.h"

namespace tengen::ai {

class RejectionCounts {
 public:
  // Counts the attempt when it was refused.
  void add(const Attempt& attempt);
  void add(const std::vector<Attempt>& attempts);
  void add(const RejectionCounts& other);

  std::uint64_t count(RejectReason reason) const { return m_counts[static_cast<std::size_t>(reason)]; }

  // "occupied:3,suicide:0,ko:1,superko:0,out_of_bounds:0,unparseable:2,repeated:0".
  std::string summary() const;
  // {"occupied": 3, "suicide": 0, ...} in the same order.
  json::JsonValue json() const;

 private:
  std::array<std::uint64_t, 256> m_counts{};  // by RejectReason's value
};

}  // namespace tengen::ai
