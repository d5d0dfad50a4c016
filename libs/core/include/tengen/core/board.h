// The board: stones, chains, pseudo-liberties with exact atari detection, captures, the simple ko point and a
// Zobrist hash. It knows nothing of rule sets, turns, passes or history; the Game layer owns those.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>

#include "tengen/core/types.h"

namespace tengen {

class Board {
 public:
  // A point as an index into arrays with a one-point border all round (stride = size + 2).
  using Vertex = int;

  static constexpr int kMinSize = 2;
  static constexpr int kMaxSize = 25;
  static constexpr int kMaxStride = kMaxSize + 2;
  static constexpr int kMaxVertices = kMaxStride * kMaxStride;
  static constexpr int kMaxPoints = kMaxSize * kMaxSize;
  // Index 0 is always off the board, so it doubles as "no vertex".
  static constexpr Vertex kNoVertex = 0;

  // An empty board. Precondition: kMinSize <= size <= kMaxSize.
  explicit Board(int size = 19);
  Board(const Board& other);
  Board& operator=(const Board& other);

  // Empties the board, keeping its size.
  void clear();

  int size() const { return m_size; }
  int stride() const { return m_stride; }
  // One past the largest vertex of this size.
  int vertexEnd() const { return m_stride * m_stride; }

  bool contains(Point p) const { return p.row >= 0 && p.row < m_size && p.col >= 0 && p.col < m_size; }
  // Precondition: contains(p).
  Vertex vertex(Point p) const { return (p.row + 1) * m_stride + p.col + 1; }
  Point point(Vertex v) const { return {v / m_stride - 1, v % m_stride - 1}; }

  Color at(Vertex v) const { return static_cast<Color>(m_color[v]); }
  // Off the board answers Color::OffBoard.
  Color at(Point p) const { return contains(p) ? at(vertex(p)) : Color::OffBoard; }
  // Writes the colour of every point, row by row (size * size bytes, each a Color's value), to `out`.
  void copyColors(std::uint8_t* out) const {
    for (int row = 0; row < m_size; ++row) {
      std::memcpy(out + static_cast<std::size_t>(row) * static_cast<std::size_t>(m_size), &m_color[vertex({row, 0})],
                  static_cast<std::size_t>(m_size));
    }
  }

  // The offsets of the four orthogonal neighbours.
  std::array<int, 4> neighbourOffsets() const { return {-m_stride, -1, 1, m_stride}; }

  // Whether a stone of colour c may be placed at v, checked in the legality order (docs/rules.md): Occupied,
  // Suicide, Ko, or None. A move that captures is never suicide. A suicide that takes other own stones with it is
  // allowed only when allowMultiStoneSuicide; single-stone suicide never is. Reads the board only; copies nothing.
  // Precondition: v is on the board and c is Black or White.
  RejectReason check(Color c, Vertex v, bool allowMultiStoneSuicide = false) const {
    if (m_color[v] != kEmpty) return RejectReason::Occupied;
    if (emptyNeighbours(v) == 0 && !hasLibertyAfter(c, v)) {
      if (!allowMultiStoneSuicide || ownNeighbours(c, v) == 0) return RejectReason::Suicide;
    }
    if (v == m_koVertex && c == m_koColor) return RejectReason::Ko;
    return RejectReason::None;
  }

  // As above for a point that may lie off the board (OutOfBounds first).
  RejectReason check(Color c, Point p, bool allowMultiStoneSuicide = false) const {
    if (!contains(p)) return RejectReason::OutOfBounds;
    return check(c, vertex(p), allowMultiStoneSuicide);
  }

  // Places a stone and removes what it captures (or, for an allowed multi-stone suicide, its own chain).
  // Returns the number of stones removed. Precondition: check(c, v, true) == RejectReason::None.
  int play(Color c, Vertex v);

  // A pass: only clears the ko point.
  void pass() { m_koVertex = kNoVertex; }

  // Zobrist hash of the stones alone (no side to move, no ko point). Fixed seed: equal on every run.
  std::uint64_t hash() const { return m_hash; }
  // The hash play(c, v) would produce, computed without playing. Precondition: check(c, v, true) == None.
  std::uint64_t hashAfter(Color c, Vertex v) const;

  // The point where colour koColor() may not retake a ko, or kNoVertex.
  Vertex koVertex() const { return m_koVertex; }
  Color koColor() const { return m_koColor; }

  // Stones of the opponent that colour c has removed from the board.
  int captures(Color c) const { return m_captures[static_cast<int>(c) - 1]; }

  // The empty points, in an order that play() keeps deterministic.
  int emptyCount() const { return m_emptyCount; }
  Vertex emptyAt(int i) const { return m_empty[i]; }

  // Chain queries. Precondition: at(v) is Black or White.
  Vertex chainRoot(Vertex v) const { return m_chainId[v]; }
  Vertex nextInChain(Vertex v) const { return m_next[v]; }
  int chainSize(Vertex v) const { return m_chain[m_chainId[v]].size; }
  bool inAtari(Vertex v) const { return chainInAtari(m_chainId[v]); }
  // The exact number of distinct liberties (walks the chain).
  int libertyCount(Vertex v) const;
  // The chain's (stone, adjacent empty point) pairs, without walking it: at least its liberties, at most four
  // times as many (each empty point touches at most four stones).
  int pseudoLiberties(Vertex v) const { return m_chain[m_chainId[v]].libs; }
  // The only liberty of a chain in atari. Precondition: inAtari(v).
  Vertex atariLiberty(Vertex v) const {
    const Chain& ch = m_chain[m_chainId[v]];
    return static_cast<Vertex>(ch.libSum / ch.libs);
  }

  // The distinct liberties the chain formed by a stone of c at the empty point v would have, counted up to `enough`
  // (at most 8; a capture counts as enough: it always frees a point next to v). Reads the board only.
  // Precondition: v empty.
  int libertiesAfter(Color c, Vertex v, int enough) const;

  // Whether v is an eye of colour c by the benchmark's rule (docs/cli.md): all four neighbours c or the edge,
  // and among the diagonals at most one opponent stone, none when v is on the edge. Precondition: v empty.
  bool isSimpleEye(Color c, Vertex v) const;

  // Number of empty orthogonal neighbours of v.
  int emptyNeighbours(Vertex v) const { return (m_nbr[v] >> 8) & 0xF; }
  // Number of orthogonal neighbours that are c's stones, the edge counted as c.
  int ownOrEdgeNeighbours(Color c, Vertex v) const { return (m_nbr[v] >> (4 * (static_cast<int>(c) - 1))) & 0xF; }

  // Whether both boards hold the same stones (sizes equal).
  bool sameStones(const Board& other) const;

  // Recomputes chains, liberties, neighbour counts, the empty list and the hash from the raw colours and compares
  // them with the incremental state. On failure writes what differs to *why (when given) and returns false.
  bool checkInvariants(std::string* why = nullptr) const;

  // Rows of text, top row first, with column letters and row numbers: "X" black, "O" white, "." empty,
  // "+" star point. Used by terminals, logs and prompts. A `marked` point of the board (the last move, in the
  // terminal) is drawn between brackets, "X(O)X", without moving any column.
  std::string toAscii(std::optional<Point> marked = std::nullopt) const;

 private:
  static constexpr std::uint8_t kEmpty = 0;
  static constexpr std::uint8_t kOff = 3;

  // No default member initialisers: the array of them is then left alone by the constructors (clear() and the
  // copies fill the part a board uses), where zeroing all 729 would cost a copy more than the copy itself.
  // Slot 0 is never a chain (vertex 0 is off the board): play() and removeChain() send their masked-out writes
  // there, so it holds garbage that nothing reads.
  struct Chain {
    std::uint16_t libs;  // pseudo-liberties: (stone, adjacent empty point) pairs
    std::uint16_t size;
    std::uint32_t libSum;   // sum of those empty points' vertices
    std::uint32_t libSum2;  // sum of their squares
  };

  // All pseudo-liberties are one point exactly when count * sum2 == sum * sum.
  bool chainInAtari(Vertex root) const {
    const Chain& ch = m_chain[root];
    return static_cast<std::uint64_t>(ch.libs) * ch.libSum2 == static_cast<std::uint64_t>(ch.libSum) * ch.libSum;
  }
  int ownNeighbours(Color c, Vertex v) const;
  // Whether a stone of c at v (v has no empty neighbour) would have a liberty: it captures, or joins an own
  // chain with a liberty other than v.
  bool hasLibertyAfter(Color c, Vertex v) const;

  void addLiberty(Vertex root, Vertex lib) {
    Chain& ch = m_chain[root];
    ch.libs += 1;
    ch.libSum += static_cast<std::uint32_t>(lib);
    ch.libSum2 += static_cast<std::uint32_t>(lib * lib);
  }
  // Merges the chains at roots a and b; returns the root of the result.
  Vertex mergeChains(Vertex a, Vertex b);
  // Removes the whole chain at root; returns its size.
  int removeChain(Vertex root);
  void removeEmpty(Vertex v);
  void addEmpty(Vertex v);

  int m_size = 0;
  int m_stride = 0;
  std::uint64_t m_hash = 0;
  Vertex m_koVertex = kNoVertex;
  Color m_koColor = Color::Empty;
  int m_captures[2] = {0, 0};
  int m_emptyCount = 0;

  // Per vertex, only [0, vertexEnd()) is used and copied.
  std::uint8_t m_color[kMaxVertices];
  // Bits 0-3: black neighbours (edge counted), 4-7: white neighbours (edge counted), 8-11: empty neighbours.
  std::uint16_t m_nbr[kMaxVertices];
  std::uint16_t m_chainId[kMaxVertices];
  std::uint16_t m_next[kMaxVertices];
  std::uint16_t m_emptyPos[kMaxVertices];
  Chain m_chain[kMaxVertices];
  std::uint16_t m_empty[kMaxPoints];
};

}  // namespace tengen
