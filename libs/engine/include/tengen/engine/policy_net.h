// The built-in engine's policy network: a small residual convolutional network that reads a position
// (policy_input.h) and gives the probability of each point being the move a strong player chooses. Trained by
// tools/train_policy on game records; the weights ship in libs/engine/data/policy_net.tgpn and go into the library.
// The forward pass runs here, on OpenBLAS, one thread per call: call evaluate() from as many threads as the search
// has. docs/engine.md describes the network and how it was trained.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "tengen/core/board.h"
#include "tengen/core/result.h"
#include "tengen/core/types.h"

namespace tengen::engine {

class PolicyNet;

// One convolution of the network, as read from its file (float16 widened to float).
struct Convolution {
  int in = 0;
  int out = 0;
  int kernel = 0;              // 3 or 1
  std::vector<float> weights;  // [out][in][ky][kx]
  std::vector<float> bias;     // [out]
};

class PolicyNet {
 public:
  // Reads weights in the layout tools/train_policy writes ("TGPN", version 1, the number of input planes,
  // channels and residual blocks as uint32, then each convolution's float16 weights [out][in][ky][kx] and biases;
  // the batch normalisations are folded in). Fails, saying why, on any other layout or a truncated file.
  static Result<PolicyNet> parse(std::string_view bytes);
  // The network the engine ships with.
  static const PolicyNet& builtin();

  // Whether the BLAS the forward pass runs on is a serial build, which starts no threads of its own (a thread it
  // started before main would not block the signals `tengen serve` waits for). Always true of a correct build.
  static bool blasIsSerial();
  // Seconds the calling thread has waited, over its life, for another thread's product to finish (the products
  // take turns: policy_net.cpp says why).
  static double waitedOnThisThread();

  int channels() const { return m_channels; }
  int blocks() const { return m_blocks; }

  // The probability of toMove playing each point of `board`, row by row (size * size values, 0 on the points
  // where toMove may not play, the others summing to 1; all 0 when there is none). `last` and `beforeLast` are the
  // vertices of the last two moves (kNoVertex for a pass or none). Any board size works: the network is
  // convolutional.
  void evaluate(const Board& board, Color toMove, Board::Vertex last, Board::Vertex beforeLast, float* out) const;
  // The same from the position's codes (policy_input.h) for a size x size board.
  void evaluateCodes(const std::uint16_t* codes, int size, Color toMove, float* out) const;

 private:
  int m_channels = 0;
  int m_blocks = 0;
  std::vector<Convolution> m_layers;  // the input convolution, two per block, the head
};

}  // namespace tengen::engine
