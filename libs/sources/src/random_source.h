// The `random` source: a uniformly random legal move. For tests and baselines only; it is never a fallback for
// another source (docs/engines.md).
#pragma once

#include <cstdint>
#include <random>
#include <string>

#include "tengen/ai/move_source.h"
#include "tengen/sources/make_source.h"

namespace tengen::sources {

class RandomSource final : public ai::MoveSource {
 public:
  // The same seed and the same requests give the same answers on every run and platform.
  explicit RandomSource(std::uint64_t seed) : m_rng(seed) {}

  std::string describe() const override { return "random"; }

  // A point chosen uniformly among every point where request.color may legally play (Game::check, so superko
  // included), as a GTP vertex; "pass" only when there is none. Never fails.
  Result<ai::Answer> propose(const ai::MoveRequest& request) override;

 private:
  // Uniform in [0, n) by rejection, so the choice does not depend on the standard library's distributions.
  std::uint64_t uniformBelow(std::uint64_t n);

  std::mt19937_64 m_rng;
};

}  // namespace tengen::sources
