#include "tengen/core/board.h"

#include <algorithm>
#include <bit>
#include <bitset>
#include <cassert>
#include <cstring>
#include <sstream>
#include <vector>

#include "tengen/core/coords.h"
#include "tengen/core/random.h"

namespace tengen {

namespace {

struct ZobristKeys {
  std::uint64_t key[2][Board::kMaxVertices];
};

constexpr ZobristKeys makeZobristKeys() {
  ZobristKeys keys{};
  // SplitMix64 from a fixed seed: the same keys on every run and every machine, so hashes are reproducible.
  std::uint64_t state = 0x7465'6E67'656E'0001ULL;  // "tengen", 1
  for (auto& perColor : keys.key) {
    for (std::uint64_t& k : perColor) k = splitMix64(state);
  }
  return keys;
}

constexpr ZobristKeys kZobrist = makeZobristKeys();

inline std::uint64_t zobrist(std::uint8_t color, int v) { return kZobrist.key[color - 1][v]; }

// Neighbour-count increments (see Board::m_nbr).
constexpr std::uint16_t kEmptyNbr = 0x100;
inline std::uint16_t stoneNbr(std::uint8_t color) { return color == 1 ? 0x001 : 0x010; }
constexpr std::uint16_t kEdgeNbr = 0x011;

}  // namespace

Board::Board(int size) : m_size(size), m_stride(size + 2) {
  assert(size >= kMinSize && size <= kMaxSize);
  clear();
}

Board::Board(const Board& other) { *this = other; }

Board& Board::operator=(const Board& other) {
  if (this == &other) return *this;
  m_size = other.m_size;
  m_stride = other.m_stride;
  m_hash = other.m_hash;
  m_koVertex = other.m_koVertex;
  m_koColor = other.m_koColor;
  m_captures[0] = other.m_captures[0];
  m_captures[1] = other.m_captures[1];
  m_emptyCount = other.m_emptyCount;
  // Only the part of the arrays that this size uses: a 9x9 copy moves a sixth of a 25x25 one.
  const int n = vertexEnd();
  std::memcpy(m_color, other.m_color, sizeof(m_color[0]) * n);
  std::memcpy(m_nbr, other.m_nbr, sizeof(m_nbr[0]) * n);
  std::memcpy(m_chainId, other.m_chainId, sizeof(m_chainId[0]) * n);
  std::memcpy(m_next, other.m_next, sizeof(m_next[0]) * n);
  std::memcpy(m_emptyPos, other.m_emptyPos, sizeof(m_emptyPos[0]) * n);
  std::memcpy(m_chain, other.m_chain, sizeof(m_chain[0]) * n);
  std::memcpy(m_empty, other.m_empty, sizeof(m_empty[0]) * m_emptyCount);
  return *this;
}

void Board::clear() {
  m_hash = 0;
  m_koVertex = kNoVertex;
  m_koColor = Color::Empty;
  m_captures[0] = m_captures[1] = 0;
  m_emptyCount = 0;
  const int n = vertexEnd();
  std::memset(m_color, kOff, sizeof(m_color[0]) * n);
  std::memset(m_nbr, 0, sizeof(m_nbr[0]) * n);
  std::memset(m_chainId, 0, sizeof(m_chainId[0]) * n);
  std::memset(m_next, 0, sizeof(m_next[0]) * n);
  std::memset(m_emptyPos, 0, sizeof(m_emptyPos[0]) * n);
  std::memset(static_cast<void*>(m_chain), 0, sizeof(m_chain[0]) * n);
  for (int row = 0; row < m_size; ++row) {
    for (int col = 0; col < m_size; ++col) m_color[vertex({row, col})] = kEmpty;
  }
  for (int row = 0; row < m_size; ++row) {
    for (int col = 0; col < m_size; ++col) {
      const Vertex v = vertex({row, col});
      addEmpty(v);
      for (int d : neighbourOffsets()) {
        m_nbr[v] = static_cast<std::uint16_t>(m_nbr[v] + (m_color[v + d] == kOff ? kEdgeNbr : kEmptyNbr));
      }
    }
  }
}

void Board::removeEmpty(Vertex v) {
  const int pos = m_emptyPos[v];
  const std::uint16_t last = m_empty[--m_emptyCount];
  m_empty[pos] = last;
  m_emptyPos[last] = static_cast<std::uint16_t>(pos);
}

void Board::addEmpty(Vertex v) {
  m_emptyPos[v] = static_cast<std::uint16_t>(m_emptyCount);
  m_empty[m_emptyCount++] = static_cast<std::uint16_t>(v);
}

int Board::ownNeighbours(Color c, Vertex v) const {
  const auto me = static_cast<std::uint8_t>(c);
  return (m_color[v - m_stride] == me) + (m_color[v - 1] == me) + (m_color[v + 1] == me) +
         (m_color[v + m_stride] == me);
}

bool Board::hasLibertyAfter(Color c, Vertex v) const {
  const auto me = static_cast<std::uint8_t>(c);
  const std::uint8_t opp = 3 - me;
  for (int d : neighbourOffsets()) {
    const Vertex u = v + d;
    const std::uint8_t cu = m_color[u];
    if (cu == me) {
      if (!chainInAtari(m_chainId[u])) return true;
    } else if (cu == opp) {
      if (chainInAtari(m_chainId[u])) return true;
    }
  }
  return false;
}

int Board::libertiesAfter(Color c, Vertex v, int enough) const {
  Vertex libs[8];
  enough = std::min(enough, 8);
  int n = 0;
  auto add = [&](Vertex l) {
    if (l == v) return;
    for (int i = 0; i < n; ++i) {
      if (libs[i] == l) return;
    }
    libs[n++] = l;
  };
  const Color opp = opponent(c);
  const std::array<int, 4> offsets = neighbourOffsets();
  for (int d : offsets) {
    const Vertex u = v + d;
    const Color col = at(u);
    if (col == Color::Empty) add(u);
    if (col == opp && inAtari(u)) return enough;
  }
  if (n >= enough) return n;
  Vertex chains[4];
  int chainCount = 0;
  for (int d : offsets) {
    const Vertex u = v + d;
    if (at(u) != c) continue;
    bool seen = false;
    for (int i = 0; i < chainCount; ++i) seen |= chainRoot(chains[i]) == chainRoot(u);
    if (!seen) chains[chainCount++] = u;
  }
  for (int k = 0; k < chainCount; ++k) {
    const Vertex u = chains[k];
    Vertex w = u;
    do {
      for (int e : offsets) {
        if (at(w + e) == Color::Empty) add(w + e);
        if (n >= enough) return n;
      }
      w = nextInChain(w);
    } while (w != u);
  }
  return n;
}

Board::Vertex Board::mergeChains(Vertex a, Vertex b) {
  if (m_chain[a].size < m_chain[b].size) std::swap(a, b);
  Vertex s = b;
  do {
    m_chainId[s] = static_cast<std::uint16_t>(a);
    s = m_next[s];
  } while (s != b);
  std::swap(m_next[a], m_next[b]);
  Chain& ca = m_chain[a];
  const Chain& cb = m_chain[b];
  ca.libs = static_cast<std::uint16_t>(ca.libs + cb.libs);
  ca.size = static_cast<std::uint16_t>(ca.size + cb.size);
  ca.libSum += cb.libSum;
  ca.libSum2 += cb.libSum2;
  return a;
}

int Board::removeChain(Vertex root) {
  const std::uint8_t color = m_color[root];
  const std::uint8_t other = 3 - color;
  const auto nbrDelta = static_cast<std::uint16_t>(kEmptyNbr - stoneNbr(color));
  int removed = 0;
  Vertex s = root;
  do {
    m_color[s] = kEmpty;
    m_hash ^= zobrist(color, s);
    addEmpty(s);
    for (const int d : neighbourOffsets()) {
      const Vertex w = s + d;
      m_nbr[w] = static_cast<std::uint16_t>(m_nbr[w] + nbrDelta);
      // Branch-free like play(): only the other colour's chains gain the freed point, the rest go to slot 0.
      addLiberty(m_chainId[w] & (0u - static_cast<unsigned>(m_color[w] == other)), s);
    }
    ++removed;
    s = m_next[s];
  } while (s != root);
  return removed;
}

int Board::play(Color c, Vertex v) {
  assert(check(c, v, true) == RejectReason::None);
  const auto me = static_cast<std::uint8_t>(c);
  const std::uint8_t opp = 3 - me;
  m_koVertex = kNoVertex;

  m_color[v] = me;
  m_hash ^= zobrist(me, v);
  removeEmpty(v);
  m_chainId[v] = static_cast<std::uint16_t>(v);
  m_next[v] = static_cast<std::uint16_t>(v);

  // Every neighbour's bookkeeping before any merge or capture, so that captures see the final pseudo-liberty
  // counts. Branch-free: a neighbour's colour is a coin toss for the predictor, and a stone's liberty v is taken
  // from its chain while an empty point or the edge writes to the unused chain slot 0 instead.
  const int nbr = m_nbr[v];
  const auto nbrDelta = static_cast<std::uint16_t>(stoneNbr(me) - kEmptyNbr);
  const auto vv = static_cast<std::uint32_t>(v * v);
  std::uint32_t libSum = 0;
  std::uint32_t libSum2 = 0;
  Vertex captured[4];
  int capturedChains = 0;
  unsigned ownBits = 0;
  const std::array<int, 4> offsets = neighbourOffsets();
  for (int k = 0; k < 4; ++k) {
    const Vertex u = v + offsets[k];
    m_nbr[u] = static_cast<std::uint16_t>(m_nbr[u] + nbrDelta);
    const std::uint8_t cu = m_color[u];
    const std::uint32_t emptyMask = 0u - static_cast<std::uint32_t>(cu == kEmpty);
    libSum += static_cast<std::uint32_t>(u) & emptyMask;
    libSum2 += static_cast<std::uint32_t>(u * u) & emptyMask;
    const std::uint32_t stoneMask = 0u - static_cast<std::uint32_t>(static_cast<std::uint8_t>(cu - 1) < 2);
    const std::uint16_t id = m_chainId[u];
    Chain& ch = m_chain[id & stoneMask];
    const auto libs = static_cast<std::uint16_t>(ch.libs - 1);
    ch.libs = libs;
    ch.libSum -= static_cast<std::uint32_t>(v);
    ch.libSum2 -= vv;
    // An opponent chain reaches zero once, at its last contact, so each captured chain is listed once.
    captured[capturedChains] = id;
    capturedChains += (cu == opp) & (libs == 0);
    ownBits |= static_cast<unsigned>(cu == me) << k;
  }
  const Chain own{static_cast<std::uint16_t>((nbr >> 8) & 0xF), 1, libSum, libSum2};

  Vertex root = v;
  // The own neighbours in order, from a bit mask rather than a test of each neighbour's colour.
  for (unsigned bits = ownBits; bits != 0; bits &= bits - 1) {
    const Vertex r = m_chainId[v + offsets[std::countr_zero(bits)]];
    if (r == root) continue;
    if (root == v) {
      // The usual case: the lone new stone joins its first neighbour chain.
      m_chainId[v] = static_cast<std::uint16_t>(r);
      m_next[v] = m_next[r];
      m_next[r] = static_cast<std::uint16_t>(v);
      m_chain[r].size++;
      root = r;
    } else {
      root = mergeChains(root, r);
    }
  }
  if (root == v) {
    m_chain[v] = own;
  } else {
    Chain& ch = m_chain[root];
    ch.libs = static_cast<std::uint16_t>(ch.libs + own.libs);
    ch.libSum += own.libSum;
    ch.libSum2 += own.libSum2;
  }

  int removed = 0;
  for (int i = 0; i < capturedChains; ++i) removed += removeChain(captured[i]);
  m_captures[me - 1] += removed;

  if (m_chain[root].libs == 0) {  // an allowed multi-stone suicide
    const int lost = removeChain(root);
    m_captures[opp - 1] += lost;
    return lost;
  }
  if (removed == 1 && m_chain[root].size == 1 && m_chain[root].libs == 1) {
    m_koVertex = captured[0];
    m_koColor = static_cast<Color>(opp);
  }
  return removed;
}

std::uint64_t Board::hashAfter(Color c, Vertex v) const {
  const auto me = static_cast<std::uint8_t>(c);
  const std::uint8_t opp = 3 - me;
  std::uint64_t h = m_hash ^ zobrist(me, v);
  Vertex seen[4];
  int seenCount = 0;
  bool anyCapture = false;
  for (int d : neighbourOffsets()) {
    const Vertex u = v + d;
    if (m_color[u] != opp || !chainInAtari(m_chainId[u])) continue;
    const Vertex r = m_chainId[u];
    if (std::find(seen, seen + seenCount, r) != seen + seenCount) continue;
    seen[seenCount++] = r;
    anyCapture = true;
    Vertex s = r;
    do {
      h ^= zobrist(opp, s);
      s = m_next[s];
    } while (s != r);
  }
  if (anyCapture || emptyNeighbours(v) > 0 || hasLibertyAfter(c, v)) return h;
  // Multi-stone suicide: the new stone and every own chain beside it leave the board.
  h ^= zobrist(me, v);
  seenCount = 0;
  for (int d : neighbourOffsets()) {
    const Vertex u = v + d;
    if (m_color[u] != me) continue;
    const Vertex r = m_chainId[u];
    if (std::find(seen, seen + seenCount, r) != seen + seenCount) continue;
    seen[seenCount++] = r;
    Vertex s = r;
    do {
      h ^= zobrist(me, s);
      s = m_next[s];
    } while (s != r);
  }
  return h;
}

int Board::libertyCount(Vertex v) const {
  std::bitset<kMaxVertices> seen;
  int count = 0;
  const Vertex root = m_chainId[v];
  Vertex s = root;
  do {
    for (int d : neighbourOffsets()) {
      const Vertex u = s + d;
      if (m_color[u] == kEmpty && !seen[u]) {
        seen[u] = true;
        ++count;
      }
    }
    s = m_next[s];
  } while (s != root);
  return count;
}

bool Board::isSimpleEye(Color c, Vertex v) const {
  if (ownOrEdgeNeighbours(c, v) != 4) return false;
  const auto opp = static_cast<std::uint8_t>(opponent(c));
  int bad = 0;
  bool edge = false;
  for (int d : {-m_stride - 1, -m_stride + 1, m_stride - 1, m_stride + 1}) {
    const std::uint8_t cd = m_color[v + d];
    bad += cd == opp;
    edge |= cd == kOff;
  }
  return bad + (edge ? 1 : 0) <= 1;
}

bool Board::sameStones(const Board& other) const {
  return m_size == other.m_size && std::memcmp(m_color, other.m_color, sizeof(m_color[0]) * vertexEnd()) == 0;
}

bool Board::checkInvariants(std::string* why) const {
  std::ostringstream out;
  auto fail = [&](const std::string& what, Vertex v) {
    if (why) {
      out << what << " at vertex " << v;
      if (v > 0 && contains(point(v))) out << " (" << gtpVertex(point(v), m_size) << ")";
      *why = out.str();
    }
    return false;
  };

  const int n = vertexEnd();
  std::uint64_t hash = 0;
  int empties = 0;
  std::vector<int> component(n, -1);
  for (Vertex v = 0; v < n; ++v) {
    const Point p = point(v);
    const bool on = contains(p);
    const std::uint8_t col = m_color[v];
    if (on != (col != kOff)) return fail("board edge colour wrong", v);
    if (!on) continue;
    std::uint16_t nbr = 0;
    for (int d : neighbourOffsets()) {
      const std::uint8_t cu = m_color[v + d];
      nbr = static_cast<std::uint16_t>(nbr + (cu == kOff ? kEdgeNbr : cu == kEmpty ? kEmptyNbr : stoneNbr(cu)));
    }
    if (nbr != m_nbr[v]) return fail("neighbour counts differ", v);
    if (col == kEmpty) {
      ++empties;
      if (m_emptyPos[v] >= m_emptyCount || m_empty[m_emptyPos[v]] != v) return fail("empty list misses point", v);
      continue;
    }
    hash ^= zobrist(col, v);
    if (component[v] >= 0) continue;
    // Flood-fill the chain from the raw colours and compare it with the incremental chain.
    std::vector<Vertex> stones{v};
    component[v] = v;
    std::bitset<kMaxVertices> libSeen;
    Chain expected{};
    for (std::size_t i = 0; i < stones.size(); ++i) {
      const Vertex s = stones[i];
      for (int d : neighbourOffsets()) {
        const Vertex u = s + d;
        if (m_color[u] == col && component[u] < 0) {
          component[u] = v;
          stones.push_back(u);
        } else if (m_color[u] == kEmpty) {
          expected.libs++;
          expected.libSum += static_cast<std::uint32_t>(u);
          expected.libSum2 += static_cast<std::uint32_t>(u * u);
        }
      }
    }
    expected.size = static_cast<std::uint16_t>(stones.size());
    const Vertex root = m_chainId[v];
    for (Vertex s : stones) {
      if (m_chainId[s] != root) return fail("chain id differs within a chain", s);
    }
    if (m_color[root] != col || m_chainId[root] != root) return fail("chain root is not a stone of the chain", v);
    int walked = 0;
    Vertex s = root;
    do {
      if (component[s] != v) return fail("chain list leaves the chain", s);
      s = m_next[s];
      if (++walked > n) return fail("chain list does not close", v);
    } while (s != root);
    if (walked != static_cast<int>(stones.size())) return fail("chain list length differs from chain size", v);
    const Chain& actual = m_chain[root];
    if (actual.size != expected.size) return fail("chain size differs", v);
    if (actual.libs != expected.libs || actual.libSum != expected.libSum || actual.libSum2 != expected.libSum2) {
      return fail("pseudo-liberties differ", v);
    }
  }
  if (empties != m_emptyCount) return fail("empty count differs", 0);
  if (hash != m_hash) return fail("hash differs", 0);
  if (m_koVertex != kNoVertex && m_color[m_koVertex] != kEmpty) return fail("ko point is not empty", m_koVertex);
  return true;
}

namespace {

bool isStarPoint(int size, int row, int col) {
  if (size < 7) return false;
  const int edge = size >= 13 ? 3 : 2;
  const int mid = size / 2;
  auto line = [&](int x) { return x == edge || x == size - 1 - edge || (size % 2 == 1 && x == mid); };
  if (!line(row) || !line(col)) return false;
  const bool midRow = size % 2 == 1 && row == mid;
  const bool midCol = size % 2 == 1 && col == mid;
  // Small boards show the centre and the four corners' points; large ones the sides' too.
  if (size < 15 && (midRow != midCol)) return false;
  return true;
}

}  // namespace

std::string Board::toAscii(std::optional<Point> marked) const {
  std::string letters = "   ";
  for (int col = 0; col < m_size; ++col) {
    letters += gtpColumnLetter(col);
    letters += col + 1 < m_size ? " " : "";
  }
  std::string out = letters + '\n';
  for (int row = 0; row < m_size; ++row) {
    const int number = m_size - row;
    std::string line = number < 10 ? " " : "";
    line += std::to_string(number);
    line += ' ';
    const std::size_t first = line.size();
    for (int col = 0; col < m_size; ++col) {
      const Color c = at(Point{row, col});
      line += c == Color::Black ? 'X' : c == Color::White ? 'O' : isStarPoint(m_size, row, col) ? '+' : '.';
      line += ' ';
    }
    if (marked && marked->row == row && contains(*marked)) {
      // "X(O)X": the blanks either side of the point become its brackets, so no column moves.
      const std::size_t at = first + 2 * static_cast<std::size_t>(marked->col);
      line[at - 1] = '(';
      line[at + 1] = ')';
    }
    out += line + std::to_string(number) + '\n';
  }
  out += letters + '\n';
  return out;
}

}  // namespace tengen
