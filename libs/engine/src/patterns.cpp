#include "patterns.h"

namespace tengen::engine {

namespace {

// A shape around an empty centre, top row first. 'X' and 'O' are stones of the two colours (each pattern is
// matched as written and with the colours swapped), '.' empty, '#' off the board, '?' anything, 'x' on the board
// and not X, 'o' on the board and not O. The centre is always '.'.
struct Shape {
  const char* cells;  // nine characters
  bool onlyXToPlay;   // the shape is good for X only; otherwise for whoever moves
};

// After the MoGo paper (Gelly, Wang, Munos, Teytaud 2006): the moves that answer a contact fight locally.
constexpr Shape kShapes[] = {
    {"XOX"
     "..."
     "???",
     false},  // hane that encloses
    {"XO."
     "..."
     "?.?",
     false},  // hane that does not cut
    {"XO?"
     "X.."
     "x.?",
     false},  // bend round (magari)
    {"XOO"
     "..."
     "?.?",
     true},  // thin hane, only as X's move
    {"XO?"
     "O.o"
     "?o?",
     false},  // cut where nothing protects it
    {"XO?"
     "O.X"
     "???",
     false},  // cut after a peep
    {"?X?"
     "O.O"
     "ooo",
     false},  // push between two stones (de)
    {"X.?"
     "O.?"
     "###",
     false},  // edge: chase along the first line
    {"OX?"
     "X.O"
     "###",
     false},  // edge: block the cut
    {"?X?"
     "x.O"
     "###",
     false},  // edge: block the connection
    {"?OX"
     "X.O"
     "###",
     false},  // edge: cut
};

// The allowed neighbour values (bits over the Color values 0..3) for a pattern character, X being colour x.
unsigned allowed(char ch, unsigned x) {
  const unsigned o = 3 - x;
  switch (ch) {
    case 'X':
      return 1U << x;
    case 'O':
      return 1U << o;
    case '.':
      return 1U << 0;
    case '#':
      return 1U << 3;
    case 'x':
      return (1U << 0) | (1U << o);
    case 'o':
      return (1U << 0) | (1U << x);
    default:
      return 0xFU;  // '?'
  }
}

// Sets `bits` in every table entry whose neighbour k (from `index` on) is one of allowedAt[k].
void fill(std::array<std::uint8_t, 65536>& table, const std::array<unsigned, 8>& allowedAt, int index, unsigned code,
          std::uint8_t bits) {
  if (index == 8) {
    table[code] |= bits;
    return;
  }
  for (unsigned value = 0; value < 4; ++value) {
    if ((allowedAt[static_cast<std::size_t>(index)] >> value & 1) != 0) {
      fill(table, allowedAt, index + 1, code | value << (2 * index), bits);
    }
  }
}

// The neighbour index (as in neighbourhoodCode) of the cell at row offset dr, column offset dc, both in -1..1 and
// not both 0.
int neighbourIndex(int dr, int dc) {
  const int cell = (dr + 1) * 3 + (dc + 1);
  return cell < 4 ? cell : cell - 1;
}

}  // namespace

PatternTable::PatternTable() {
  for (const Shape& shape : kShapes) {
    // The eight symmetries of the square: optionally transpose, then optionally flip rows and columns.
    for (int sym = 0; sym < 8; ++sym) {
      for (unsigned x = 1; x <= 2; ++x) {
        std::array<unsigned, 8> allowedAt{};
        for (int r = -1; r <= 1; ++r) {
          for (int c = -1; c <= 1; ++c) {
            if (r == 0 && c == 0) continue;
            int tr = (sym & 4) != 0 ? c : r;
            int tc = (sym & 4) != 0 ? r : c;
            if ((sym & 1) != 0) tr = -tr;
            if ((sym & 2) != 0) tc = -tc;
            const char ch = shape.cells[(r + 1) * 3 + (c + 1)];
            allowedAt[static_cast<std::size_t>(neighbourIndex(tr, tc))] = allowed(ch, x);
          }
        }
        const auto bits = static_cast<std::uint8_t>(shape.onlyXToPlay ? 1U << (x - 1) : 3U);
        fill(m_table, allowedAt, 0, 0, bits);
      }
    }
  }
}

}  // namespace tengen::engine
