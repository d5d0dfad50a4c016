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

// What the judgment heads are told about the game beside the board.
struct GameTerms {
  double moverKomi = 0;    // the komi (with any handicap compensation) as the side to move sees it: -komi for Black
  bool territory = false;  // scoring by territory (japanese, korean) rather than by area
};

// The judgment heads' answer for the side to move.
struct NetJudgment {
  float value = 0.5F;  // the probability that the side to move wins
  float score = 0;     // its expected final margin, komi included (negative: behind)
};

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
  // Reads weights in the layout tools/train_policy writes ("TGPN", a version, the number of input planes, channels
  // and residual blocks as uint32, then each convolution's float16 weights [out][in][ky][kx] and biases, the batch
  // normalisations folded in; version 2 then has the judgment heads: their sizes as uint32 and their float16
  // weights and biases, docs/engine.md). Fails, saying why, on any other layout or a truncated file.
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
  // Whether the network has the judgment heads (value, score, ownership).
  bool judges() const { return !m_heads.empty(); }
  // Whether its judgment is read on boards of `size`: the shipped heads learned from 19x19 games alone, and on other
  // sizes the engine keeps to its playouts' judgment (docs/engine.md, "The judgment heads").
  bool judgesSize(int size) const { return judges() && size == kJudgedSize; }
  static constexpr int kJudgedSize = 19;
  int blocks() const { return m_blocks; }

  // The probability of toMove playing each point of `board`, row by row (size * size values, 0 on the points
  // where toMove may not play, the others summing to 1; all 0 when there is none). `last` and `beforeLast` are the
  // vertices of the last two moves (kNoVertex for a pass or none). Any board size works: the network is
  // convolutional.
  void evaluate(const Board& board, Color toMove, Board::Vertex last, Board::Vertex beforeLast, float* out) const;
  // The same from the position's codes (policy_input.h) for a size x size board.
  void evaluateCodes(const std::uint16_t* codes, int size, Color toMove, float* out) const;
  // The same probabilities into `policy` (when not null) and the judgment heads' answer: the value and score, and
  // into `ownership` (when not null) each point's expected final owner from -1 (the opponent's) to 1 (the mover's),
  // row by row. Without judgment heads (judges() false): a value of 0.5, a score of 0 and no ownership.
  NetJudgment judgeCodes(const std::uint16_t* codes, int size, Color toMove, const GameTerms& terms, float* policy,
                         float* ownership) const;

 private:
  int m_channels = 0;
  int m_blocks = 0;
  // The tower's output for the codes into the calling thread's scratch (channels x points), nothing without layers.
  const float* tower(const std::uint16_t* codes, int size, Color toMove) const;
  // The move head's probabilities over the legal points from the tower's output `x` (nullptr: none) into `out`.
  void moveProbabilities(const float* x, const std::uint16_t* codes, int points, float* out) const;

  std::vector<Convolution> m_layers;  // the input convolution, two per block, the move head
  // The judgment heads, as 1x1 convolutions and fully connected layers (kernel 1): ownership's two, the pooling
  // convolution, and the two layers of the value and score; empty in a version 1 file.
  std::vector<Convolution> m_heads;
};

}  // namespace tengen::engine
