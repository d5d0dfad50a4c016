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

// One convolution of the network or of its value head, as read from its file (float16 widened to float).
struct Convolution {
  int in = 0;
  int out = 0;
  int kernel = 0;              // 3 or 1
  std::vector<float> weights;  // [out][in][ky][kx]
  std::vector<float> bias;     // [out]
};

// The value head: two convolutions over the policy network's residual tower that give, for every point, its expected
// owner at the end of the game from the side to move (-1 to 1), and from their sum and the komi the side to move's
// chance of winning. Trained by tools/train_policy/train_value.py on games the engine played out to the end; the
// head the engine ships (9x9) is libs/engine/data/value_head_9.tgvh. docs/engine.md says more.
class ValueHead {
 public:
  // Reads a head in the layout train_value.py writes ("TGVH", version 1, the tower's channels and the hidden
  // channels as uint32, the float16 weights [out][in][ky][kx] and biases of the 3x3 and the 1x1 convolution, then
  // the scale and shift as float32). Fails, saying why, on any other layout or a truncated file.
  static Result<ValueHead> parse(std::string_view bytes);
  // The head the engine ships for 9x9, over PolicyNet::builtin()'s tower.
  static const ValueHead& builtin9();

  int channels() const { return m_hidden.in; }
  int hidden() const { return m_hidden.out; }

 private:
  friend class PolicyNet;
  Convolution m_hidden;  // 3x3, the tower's channels to the hidden ones, then a ReLU
  Convolution m_owner;   // 1x1, the hidden channels to one owner a point, then a tanh
  float m_scale = 0;
  float m_shift = 0;
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

  int channels() const { return m_channels; }
  int blocks() const { return m_blocks; }

  // The probability of toMove playing each point of `board`, row by row (size * size values, 0 on the points
  // where toMove may not play, the others summing to 1; all 0 when there is none). `last` and `beforeLast` are the
  // vertices of the last two moves (kNoVertex for a pass or none). Any board size works: the network is
  // convolutional.
  void evaluate(const Board& board, Color toMove, Board::Vertex last, Board::Vertex beforeLast, float* out) const;
  // The same from the position's codes (policy_input.h) for a size x size board.
  void evaluateCodes(const std::uint16_t* codes, int size, Color toMove, float* out) const;
  // The probabilities as evaluateCodes gives them into `out` and, from the same tower, `head`'s reading of the
  // position: each point's expected owner at the end from toMove's side (-1 to 1, row by row, into `owners` unless
  // null) and toMove's chance of winning, which it returns. `moverKomi` is what toMove receives at the count (-komi
  // for Black, komi for White). A head made for another tower (other channels) reads nothing: 0.5, owners 0.
  float evaluateWithValue(const std::uint16_t* codes, int size, Color toMove, double moverKomi, const ValueHead& head,
                          float* out, float* owners = nullptr) const;

 private:
  int m_channels = 0;
  int m_blocks = 0;
  std::vector<Convolution> m_layers;  // the input convolution, two per block, the head
};

}  // namespace tengen::engine
