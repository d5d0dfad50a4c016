#include "tengen/engine/policy_net.h"

#include <cblas.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <mutex>
#include <string>

#include "tengen/engine/policy_input.h"

#include "timed_lock.h"

namespace tengen::engine {

// The bytes of libs/engine/data/policy_net.tgpn, generated into the build by embed_data.cmake.
extern const unsigned char kBuiltinPolicyNet[];
extern const std::size_t kBuiltinPolicyNetSize;

namespace {

// Version 1: the tower and the move head; version 2 adds the judgment heads.
constexpr std::uint32_t kVersion = 2;
// The numbers about the game the value and score layers read beside the pooled board: the mover's komi / 10, 1 under
// territory scoring, (size - 14) / 10.
constexpr std::uint32_t kGameScalars = 3;

float halfToFloat(std::uint16_t h) {
  const std::uint32_t sign = static_cast<std::uint32_t>(h & 0x8000U) << 16;
  const std::uint32_t exponent = (h >> 10) & 0x1FU;
  std::uint32_t mantissa = h & 0x3FFU;
  std::uint32_t bits = 0;
  if (exponent == 0x1F) {
    bits = sign | 0x7F800000U | (mantissa << 13);  // infinity or NaN
  } else if (exponent != 0) {
    bits = sign | ((exponent + 112) << 23) | (mantissa << 13);
  } else if (mantissa != 0) {  // subnormal: normalise
    int shift = 0;
    while ((mantissa & 0x400U) == 0) {
      mantissa <<= 1;
      ++shift;
    }
    bits = sign | (static_cast<std::uint32_t>(113 - shift) << 23) | ((mantissa & 0x3FFU) << 13);
  } else {
    bits = sign;
  }
  float f = 0;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

// Reads little-endian values from the weight file, remembering whether it ran short.
class Reader {
 public:
  explicit Reader(std::string_view bytes) : m_bytes(bytes) {}
  bool has(std::size_t n) const { return m_bytes.size() - m_at >= n; }
  std::uint32_t u32() {
    std::uint32_t v = 0;
    for (int i = 0; i < 4; ++i) v |= static_cast<std::uint32_t>(byte()) << (8 * i);
    return v;
  }
  // n float16 values as floats, or false when the file ends first.
  bool halves(std::size_t n, std::vector<float>& out) {
    if (!has(2 * n)) return false;
    out.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
      const auto lo = static_cast<std::uint16_t>(byte());
      out[i] = halfToFloat(static_cast<std::uint16_t>(lo | (byte() << 8)));
    }
    return true;
  }
  std::size_t left() const { return m_bytes.size() - m_at; }
  float f32() {
    const std::uint32_t bits = u32();
    float f = 0;
    std::memcpy(&f, &bits, sizeof f);
    return f;
  }

 private:
  unsigned byte() { return static_cast<unsigned char>(m_bytes[m_at++]); }
  std::string_view m_bytes;
  std::size_t m_at = 0;
};

// The working memory of one forward pass, kept per thread so that evaluations allocate nothing after the first.
struct Scratch {
  std::vector<float> input;    // planes x points
  std::vector<float> columns;  // (in * 9) x points: the 3x3 neighbourhoods of the input, one column a point
  std::vector<float> a, b, t;  // channels x points
  std::vector<float> logits;
  std::vector<float> hidden;  // the judgment heads' hidden planes and vectors
  std::vector<float> pooled;
  std::vector<float> ownership;
};

Scratch& scratch() {
  thread_local Scratch s;
  return s;
}

// Lays the 3x3 neighbourhood of every point of the size x size planes `in` (channels of them) out as columns:
// row (c * 9 + ky * 3 + kx) holds, for each point, plane c at the point offset by (ky - 1, kx - 1), 0 off the board.
void neighbourhoodColumns(const float* in, int channels, int size, float* columns) {
  const int points = size * size;
  for (int c = 0; c < channels; ++c) {
    const float* plane = in + static_cast<std::ptrdiff_t>(c) * points;
    for (int ky = 0; ky < 3; ++ky) {
      for (int kx = 0; kx < 3; ++kx) {
        float* row = columns + static_cast<std::ptrdiff_t>(c * 9 + ky * 3 + kx) * points;
        const int dx = kx - 1;
        const int x0 = std::max(0, -dx);
        const int x1 = std::min(size, size - dx);
        for (int y = 0; y < size; ++y) {
          float* dst = row + static_cast<std::ptrdiff_t>(y) * size;
          const int sy = y + ky - 1;
          if (sy < 0 || sy >= size) {
            std::fill(dst, dst + size, 0.0F);
            continue;
          }
          const float* src = plane + static_cast<std::ptrdiff_t>(sy) * size + dx;
          std::fill(dst, dst + x0, 0.0F);
          std::copy(src + x0, src + x1, dst + x0);
          std::fill(dst + x1, dst + size, 0.0F);
        }
      }
    }
  }
}

// Reads the float16 weights and biases of a convolution from `in` to `out` planes into `conv`; false when the
// bytes end first.
bool readConvolution(Reader& reader, int in, int out, int kernel, Convolution& conv) {
  conv = Convolution{in, out, kernel, {}, {}};
  return reader.halves(static_cast<std::size_t>(out) * in * kernel * kernel, conv.weights) &&
         reader.halves(static_cast<std::size_t>(out), conv.bias);
}

// Held around every BLAS call. Debian's serial OpenBLAS (built without USE_LOCKING) shares its work buffers between
// calls, so two threads multiplying at once can get each other's numbers; one at a time they are exact. The search's
// threads still run their playouts side by side, only their network evaluations' products take turns.
std::mutex& blasLock() {
  static std::mutex lock;
  return lock;
}

// The time this thread waited for blasLock, over its life.
thread_local double t_waited = 0;

// blasLock taken, the wait counted when another thread held it.
std::unique_lock<std::mutex> lockBlas() { return lockCountingWait(blasLock(), t_waited); }

// result = relu?(conv(in) + bias (+ skip)) for a 3x3 convolution over size x size planes; `columns` is the
// scratch for the neighbourhoods (conv.in * 9 planes).
void convolve(const Convolution& conv, const float* in, int size, float* columns, float* result, const float* skip,
              bool relu) {
  const int points = size * size;
  neighbourhoodColumns(in, conv.in, size, columns);
  {
    const std::unique_lock<std::mutex> lock = lockBlas();
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, conv.out, points, conv.in * 9, 1.0F, conv.weights.data(),
                conv.in * 9, columns, points, 0.0F, result, points);
  }
  for (int o = 0; o < conv.out; ++o) {
    float* plane = result + static_cast<std::ptrdiff_t>(o) * points;
    const float* add = skip ? skip + static_cast<std::ptrdiff_t>(o) * points : nullptr;
    const float bias = conv.bias[static_cast<std::size_t>(o)];
    for (int p = 0; p < points; ++p) {
      float v = plane[p] + bias + (add ? add[p] : 0.0F);
      plane[p] = relu ? std::max(v, 0.0F) : v;
    }
  }
}

// result = conv(in) + bias for a 1x1 convolution to a single plane of `points` values.
void convolveToOne(const Convolution& conv, const float* in, int points, float* result) {
  {
    const std::unique_lock<std::mutex> lock = lockBlas();
    cblas_sgemv(CblasRowMajor, CblasTrans, conv.in, points, 1.0F, in, points, conv.weights.data(), 1, 0.0F, result, 1);
  }
  for (int p = 0; p < points; ++p) result[p] += conv.bias[0];
}

// result = relu?(conv(in) + bias) for a 1x1 convolution over `points` points.
void convolve1x1(const Convolution& conv, const float* in, int points, float* result, bool relu) {
  {
    const std::unique_lock<std::mutex> lock = lockBlas();
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, conv.out, points, conv.in, 1.0F, conv.weights.data(),
                conv.in, in, points, 0.0F, result, points);
  }
  for (int o = 0; o < conv.out; ++o) {
    float* plane = result + static_cast<std::ptrdiff_t>(o) * points;
    const float bias = conv.bias[static_cast<std::size_t>(o)];
    for (int p = 0; p < points; ++p) plane[p] = relu ? std::max(plane[p] + bias, 0.0F) : plane[p] + bias;
  }
}

// result = relu?(layer * in + bias) for a fully connected layer (weights [out][in]).
void fullyConnected(const Convolution& layer, const float* in, float* result, bool relu) {
  for (int o = 0; o < layer.out; ++o) {
    const float* w = layer.weights.data() + static_cast<std::ptrdiff_t>(o) * layer.in;
    float v = layer.bias[static_cast<std::size_t>(o)];
    for (int i = 0; i < layer.in; ++i) v += w[i] * in[i];
    result[o] = relu ? std::max(v, 0.0F) : v;
  }
}

// out = the softmax of `logits` over the points where `codes` say the mover may play; 0 elsewhere (all 0 when there
// is no such point).
void softmaxOverLegal(const std::uint16_t* codes, const float* logits, int points, float* out) {
  float best = -INFINITY;
  for (int p = 0; p < points; ++p) {
    if (codes[p] & policy_code::kLegal) best = std::max(best, logits[p]);
  }
  double sum = 0;
  for (int p = 0; p < points; ++p) {
    const bool legal = (codes[p] & policy_code::kLegal) != 0;
    out[p] = legal ? std::exp(logits[p] - best) : 0.0F;
    sum += out[p];
  }
  if (sum > 0) {
    const auto scale = static_cast<float>(1.0 / sum);
    for (int p = 0; p < points; ++p) out[p] *= scale;
  }
}

}  // namespace

bool PolicyNet::blasIsSerial() { return openblas_get_parallel() == 0; }

double PolicyNet::waitedOnThisThread() { return t_waited; }

Result<PolicyNet> PolicyNet::parse(std::string_view bytes) {
  if (bytes.size() < 20 || bytes.substr(0, 4) != "TGPN") {
    return Result<PolicyNet>::failure("not a policy network file (no TGPN header)");
  }
  Reader reader(bytes.substr(4));
  const std::uint32_t version = reader.u32();
  const std::uint32_t planes = reader.u32();
  const std::uint32_t channels = reader.u32();
  const std::uint32_t blocks = reader.u32();
  if (version != 1 && version != kVersion) {
    return Result<PolicyNet>::failure("policy network version " + std::to_string(version) + ", this engine reads " +
                                      std::to_string(kVersion));
  }
  if (planes != kPolicyPlanes) {
    return Result<PolicyNet>::failure("the network reads " + std::to_string(planes) + " input planes, the engine has " +
                                      std::to_string(kPolicyPlanes));
  }
  if (channels == 0 || channels > 1024 || blocks > 256) {
    return Result<PolicyNet>::failure("implausible network size: " + std::to_string(blocks) + " blocks of " +
                                      std::to_string(channels) + " channels");
  }
  PolicyNet net;
  net.m_channels = static_cast<int>(channels);
  net.m_blocks = static_cast<int>(blocks);
  const auto add = [&](int in, int out, int kernel) {
    Convolution conv;
    const bool read = readConvolution(reader, in, out, kernel, conv);
    net.m_layers.push_back(std::move(conv));
    return read;
  };
  const int c = net.m_channels;
  bool complete = add(kPolicyPlanes, c, 3);
  for (std::uint32_t b = 0; complete && b < blocks; ++b) complete = add(c, c, 3) && add(c, c, 3);
  complete = complete && add(c, 1, 1);
  if (complete && version >= 2) {
    const std::uint32_t own = reader.has(16) ? reader.u32() : 0;
    const std::uint32_t pool = reader.has(12) ? reader.u32() : 0;
    const std::uint32_t hidden = reader.has(8) ? reader.u32() : 0;
    const std::uint32_t scalars = reader.has(4) ? reader.u32() : 0;
    if (own == 0 || pool == 0 || hidden == 0 || own > 1024 || pool > 1024 || hidden > 1024) {
      return Result<PolicyNet>::failure("implausible judgment heads: " + std::to_string(own) + " ownership, " +
                                        std::to_string(pool) + " pooled and " + std::to_string(hidden) +
                                        " hidden channels");
    }
    if (scalars != kGameScalars) {
      return Result<PolicyNet>::failure("the judgment heads read " + std::to_string(scalars) +
                                        " numbers about the game, the engine gives " + std::to_string(kGameScalars));
    }
    const auto head = [&](int in, int out) {
      Convolution layer;
      const bool read = readConvolution(reader, in, out, 1, layer);
      net.m_heads.push_back(std::move(layer));
      return read;
    };
    const auto o = static_cast<int>(own);
    const auto p = static_cast<int>(pool);
    const auto h = static_cast<int>(hidden);
    complete =
        head(c, o) && head(o, 1) && head(c, p) && head(2 * p + 1 + static_cast<int>(kGameScalars), h) && head(h, 2);
  }
  if (!complete) return Result<PolicyNet>::failure("the policy network file ends before its last weights");
  if (reader.left() != 0) {
    return Result<PolicyNet>::failure(std::to_string(reader.left()) + " bytes after the policy network's weights");
  }
  return net;
}

const PolicyNet& PolicyNet::builtin() {
  static const PolicyNet net = [] {
    Result<PolicyNet> parsed =
        parse(std::string_view(reinterpret_cast<const char*>(kBuiltinPolicyNet), kBuiltinPolicyNetSize));
    // The data is part of the source and tested; a broken file is a build defect, and a network with no layers
    // gives every legal point the same probability.
    return parsed ? std::move(parsed).value() : PolicyNet();
  }();
  return net;
}

void PolicyNet::evaluate(const Board& board, Color toMove, Board::Vertex last, Board::Vertex beforeLast,
                         float* out) const {
  thread_local std::vector<std::uint16_t> codes;
  codes.resize(static_cast<std::size_t>(board.size() * board.size()));
  policyCodes(board, toMove, last, beforeLast, codes.data());
  evaluateCodes(codes.data(), board.size(), toMove, out);
}

const float* PolicyNet::tower(const std::uint16_t* codes, int size, Color toMove) const {
  if (m_layers.empty()) return nullptr;
  const auto points = static_cast<std::size_t>(size * size);
  Scratch& s = scratch();
  s.input.resize(kPolicyPlanes * points);
  s.columns.resize(static_cast<std::size_t>(std::max(kPolicyPlanes, m_channels)) * 9 * points);
  for (std::vector<float>* v : {&s.a, &s.b, &s.t}) v->resize(static_cast<std::size_t>(m_channels) * points);
  policyPlanes(codes, static_cast<int>(points), toMove, s.input.data());

  float* columns = s.columns.data();
  convolve(m_layers[0], s.input.data(), size, columns, s.a.data(), nullptr, true);
  for (int b = 0; b < m_blocks; ++b) {
    convolve(m_layers[static_cast<std::size_t>(1 + 2 * b)], s.a.data(), size, columns, s.t.data(), nullptr, true);
    convolve(m_layers[static_cast<std::size_t>(2 + 2 * b)], s.t.data(), size, columns, s.b.data(), s.a.data(), true);
    std::swap(s.a, s.b);
  }
  return s.a.data();
}

void PolicyNet::moveProbabilities(const float* x, const std::uint16_t* codes, int points, float* out) const {
  Scratch& s = scratch();
  s.logits.assign(static_cast<std::size_t>(points), 0.0F);
  if (x != nullptr) convolveToOne(m_layers.back(), x, points, s.logits.data());
  softmaxOverLegal(codes, s.logits.data(), points, out);
}

void PolicyNet::evaluateCodes(const std::uint16_t* codes, int size, Color toMove, float* out) const {
  // The move head alone: the judgment heads are not run for a caller that does not read them.
  moveProbabilities(tower(codes, size, toMove), codes, size * size, out);
}

NetJudgment PolicyNet::judgeCodes(const std::uint16_t* codes, int size, Color toMove, const GameTerms& terms,
                                  float* policy, float* ownership) const {
  const int points = size * size;
  Scratch& s = scratch();
  const float* x = tower(codes, size, toMove);
  if (policy != nullptr) moveProbabilities(x, codes, points, policy);
  NetJudgment judgment;
  if (x == nullptr || m_heads.empty()) return judgment;
  const Convolution& own1 = m_heads[0];
  const Convolution& own2 = m_heads[1];
  const Convolution& pool = m_heads[2];
  const Convolution& fc1 = m_heads[3];
  const Convolution& fc2 = m_heads[4];
  s.hidden.resize(static_cast<std::size_t>(std::max(own1.out, pool.out)) * static_cast<std::size_t>(points));
  // The ownership, which the value and score read as its sum, into the caller's array or the scratch.
  s.ownership.resize(static_cast<std::size_t>(points));
  float* owned = ownership != nullptr ? ownership : s.ownership.data();
  convolve1x1(own1, x, points, s.hidden.data(), true);
  convolve1x1(own2, s.hidden.data(), points, owned, false);
  double ownedSum = 0;
  for (int p = 0; p < points; ++p) {
    owned[p] = std::tanh(owned[p]);
    ownedSum += owned[p];
  }
  // Each pooled channel's mean and maximum over the board, the ownership's sum / 10, then the numbers about the game.
  convolve1x1(pool, x, points, s.hidden.data(), true);
  s.pooled.assign(static_cast<std::size_t>(fc1.in + fc1.out + fc2.out), 0.0F);
  float* in = s.pooled.data();
  for (int c = 0; c < pool.out; ++c) {
    const float* plane = s.hidden.data() + static_cast<std::ptrdiff_t>(c) * points;
    double sum = 0;
    float most = plane[0];
    for (int p = 0; p < points; ++p) {
      sum += plane[p];
      most = std::max(most, plane[p]);
    }
    in[c] = static_cast<float>(sum / points);
    in[pool.out + c] = most;
  }
  in[2 * pool.out] = static_cast<float>(ownedSum / 10);
  in[2 * pool.out + 1] = static_cast<float>(terms.moverKomi / 10);
  in[2 * pool.out + 2] = terms.territory ? 1.0F : 0.0F;
  in[2 * pool.out + 3] = static_cast<float>(size - 14) / 10.0F;
  float* hidden = in + fc1.in;
  float* out = hidden + fc1.out;
  fullyConnected(fc1, in, hidden, true);
  fullyConnected(fc2, hidden, out, false);
  judgment.value = 1.0F / (1.0F + std::exp(-out[0]));
  // The score head gives the margin before komi / 20; the komi is added as the mover has it.
  judgment.score = out[1] * 20.0F + static_cast<float>(terms.moverKomi);
  return judgment;
}

}  // namespace tengen::engine
