// The random numbers tengen uses where randomness is allowed (engines, benchmarks, tests): always seeded
// explicitly, the same sequence on every run and machine.
#pragma once

#include <cstdint>

namespace tengen {

// One step of SplitMix64: advances `state` and returns the next output. Used to seed and to mix seeds.
constexpr std::uint64_t splitMix64(std::uint64_t& state) {
  state += 0x9E3779B97F4A7C15ULL;
  std::uint64_t z = state;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// xoshiro256** seeded through SplitMix64: small enough to inline into playout loops.
class Rng {
 public:
  explicit Rng(std::uint64_t seed) {
    for (std::uint64_t& s : m_state) s = splitMix64(seed);
  }

  std::uint64_t next() {
    const std::uint64_t result = rotl(m_state[1] * 5, 7) * 9;
    const std::uint64_t t = m_state[1] << 17;
    m_state[2] ^= m_state[0];
    m_state[3] ^= m_state[1];
    m_state[1] ^= m_state[2];
    m_state[0] ^= m_state[3];
    m_state[2] ^= t;
    m_state[3] = rotl(m_state[3], 45);
    return result;
  }

  // Uniform in [0, n) by multiply-shift; the bias is below 2^-32 for board-sized n. Precondition: n > 0.
  int below(int n) { return static_cast<int>(((next() >> 32) * static_cast<std::uint64_t>(n)) >> 32); }

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::uint64_t m_state[4];
};

}  // namespace tengen
