// A Leela Zero network file for tests that run the real engine (Debian's leela-zero, /usr/games/leelaz): the
// smallest network its loader takes, one residual block of 8 filters, with seeded weights. It plays nonsense quickly,
// which is all a protocol test needs. The layout is Leela Zero's text format, version 1 (its src/Network.cpp
// load_v1_network, training/tf/tfprocess.py save_leelaz_weights): a line `1`, then one line of numbers per tensor:
//   input convolution: weights (filters x 18 input planes x 3 x 3), biases, batch-norm means, batch-norm variances;
//   each residual block: the same four lines for each of its two 3x3 convolutions (filters x filters x 3 x 3);
//   policy head: 1x1 convolution to 2 filters (weights, biases, means, variances), fully connected 2*361 -> 362
//   (weights, biases);
//   value head: 1x1 convolution to 1 filter (weights, biases, means, variances), fully connected 361 -> 256
//   (weights, biases), fully connected 256 -> 1 (weights, bias).
// Leela Zero counts the residual blocks from the number of lines.
#pragma once

#include <cstdint>
#include <fstream>
#include <random>
#include <string>

namespace tengen::test_support {

inline constexpr const char* kLeelaZero = "/usr/games/leelaz";

// Writes the network to `path`; false when the file cannot be written. The same seed writes the same file.
inline bool writeLeelaNetwork(const std::string& path, std::uint32_t seed = 1) {
  constexpr int kFilters = 8;
  constexpr int kInputPlanes = 18;
  constexpr int kPoints = 361;
  std::mt19937 random(seed);
  std::uniform_real_distribution<float> weight(-0.1F, 0.1F);
  std::ofstream out(path);
  const auto randoms = [&](int count) {
    for (int i = 0; i < count; ++i) out << (i > 0 ? " " : "") << weight(random);
    out << '\n';
  };
  const auto constants = [&](int count, const char* value) {
    for (int i = 0; i < count; ++i) out << (i > 0 ? " " : "") << value;
    out << '\n';
  };
  // A convolution's weights and biases, then its batch norm as the identity (means 0, variances 1).
  const auto convolution = [&](int weights, int outputs) {
    randoms(weights);
    randoms(outputs);
    constants(outputs, "0");
    constants(outputs, "1");
  };
  out << "1\n";
  convolution(kFilters * kInputPlanes * 9, kFilters);
  convolution(kFilters * kFilters * 9, kFilters);
  convolution(kFilters * kFilters * 9, kFilters);
  convolution(2 * kFilters, 2);
  randoms(2 * kPoints * (kPoints + 1));
  randoms(kPoints + 1);
  convolution(kFilters, 1);
  randoms(kPoints * 256);
  randoms(256);
  randoms(256);
  randoms(1);
  return static_cast<bool>(out.flush());
}

}  // namespace tengen::test_support
