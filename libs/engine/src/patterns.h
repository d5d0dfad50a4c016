// 3x3 shape knowledge for the playouts and the tree: a handful of hand-written MoGo-style patterns (hane, cuts,
// edge moves) compiled once into a table indexed by the colours of a point's eight neighbours.
#pragma once

#include <array>
#include <cstdint>

#include "tengen/core/board.h"
#include "tengen/core/types.h"

namespace tengen::engine {

// The eight neighbours of v, two bits each (the Color values: empty 0, black 1, white 2, off the board 3), in the
// order north-west, north, north-east, west, east, south-west, south, south-east from bit 0 up.
// Precondition: v is on the board (the board's border makes every neighbour readable).
inline std::uint16_t neighbourhoodCode(const Board& board, Board::Vertex v) {
  const int s = board.stride();
  auto at = [&](Board::Vertex u) { return static_cast<unsigned>(board.at(u)); };
  return static_cast<std::uint16_t>(at(v - s - 1) | at(v - s) << 2 | at(v - s + 1) << 4 | at(v - 1) << 6 |
                                    at(v + 1) << 8 | at(v + s - 1) << 10 | at(v + s) << 12 | at(v + s + 1) << 14);
}

class PatternTable {
 public:
  // Builds the table from the built-in patterns in all eight rotations and mirror images, with the colours as
  // written and swapped. Deterministic; takes well under a millisecond.
  PatternTable();

  // Whether a stone of c at an empty point whose neighbourhood code is `code` matches a pattern. Legality and
  // self-atari are the caller's business.
  bool matches(std::uint16_t code, Color c) const { return (m_table[code] >> (static_cast<int>(c) - 1) & 1) != 0; }

  // The same for point v of board. Precondition: v empty.
  bool matches(const Board& board, Board::Vertex v, Color c) const { return matches(neighbourhoodCode(board, v), c); }

 private:
  // Bit 0: the shape is good for Black to play at its centre; bit 1: for White.
  std::array<std::uint8_t, 65536> m_table{};
};

}  // namespace tengen::engine
