#include "tengen/engine/move_features.h"

#include <algorithm>
#include <cstdlib>

#include "chains.h"
#include "patterns.h"

namespace tengen::engine {

namespace {

using Vertex = Board::Vertex;

// The twelve points of the diamond: the eight neighbours in neighbourhoodCode's order, then north, west, east and
// south two lines away.
constexpr int kShapeRow[12] = {-1, -1, -1, 0, 0, 1, 1, 1, -2, 0, 0, 2};
constexpr int kShapeCol[12] = {-1, 0, 1, -1, 1, -1, 0, 1, 0, -2, 2, 0};

// Where each diamond point goes under each of the eight symmetries.
const std::array<std::array<int, 12>, 8>& shapeMaps() {
  static const std::array<std::array<int, 12>, 8> maps = [] {
    std::array<std::array<int, 12>, 8> m{};
    for (int sym = 0; sym < 8; ++sym) {
      for (int i = 0; i < 12; ++i) {
        int r = (sym & 4) != 0 ? kShapeCol[i] : kShapeRow[i];
        int c = (sym & 4) != 0 ? kShapeRow[i] : kShapeCol[i];
        if ((sym & 1) != 0) r = -r;
        if ((sym & 2) != 0) c = -c;
        for (int j = 0; j < 12; ++j) {
          if (kShapeRow[j] == r && kShapeCol[j] == c) m[static_cast<std::size_t>(sym)][static_cast<std::size_t>(i)] = j;
        }
      }
    }
    return m;
  }();
  return maps;
}

// The smallest code among the symmetries of every neighbourhood code, for Black to play.
const std::array<std::uint16_t, 65536>& canonicalTable() {
  static const std::array<std::uint16_t, 65536> table = [] {
    // The diamond's first eight points are the 3x3 neighbours, in neighbourhoodCode's order, and a symmetry
    // keeps them among themselves.
    std::array<std::uint16_t, 65536> t{};
    for (unsigned code = 0; code < 65536; ++code) {
      unsigned best = 0xFFFF;
      for (const std::array<int, 12>& map : shapeMaps()) {
        unsigned mapped = 0;
        for (int i = 0; i < 8; ++i) mapped |= (code >> (2 * i) & 3U) << (2 * map[static_cast<std::size_t>(i)]);
        best = std::min(best, mapped);
      }
      t[code] = static_cast<std::uint16_t>(best);
    }
    return t;
  }();
  return table;
}

// A code with Black and White swapped (off the board stays).
std::uint16_t swapColours(std::uint16_t code) {
  unsigned out = 0;
  for (int i = 0; i < 8; ++i) {
    unsigned value = code >> (2 * i) & 3U;
    if (value == 1 || value == 2) value = 3 - value;
    out |= value << (2 * i);
  }
  return static_cast<std::uint16_t>(out);
}

// Whether an attacker chain next to the chain at `stone` is in atari: its side can take it and escape.
bool canCaptureAround(const Board& board, Vertex stone) {
  const Color attacker = opponent(board.at(stone));
  Vertex s = stone;
  do {
    for (int d : board.neighbourOffsets()) {
      if (board.at(s + d) == attacker && board.inAtari(s + d)) return true;
    }
    s = board.nextInChain(s);
  } while (s != stone);
  return false;
}

bool capturedDefenderToMove(const Board& board, Vertex stone, int& budget);

// The chain at `stone` has two liberties and the attacker moves: caught when an atari on either liberty leads to a
// capture.
bool capturedAttackerToMove(const Board& board, Vertex stone, int& budget) {
  Vertex libs[2];
  if (chainLiberties(board, stone, libs, 2) != 2) return false;
  const Color attacker = opponent(board.at(stone));
  for (Vertex lib : libs) {
    if (board.check(attacker, lib) != RejectReason::None) continue;
    Board next = board;
    next.play(attacker, lib);
    if (next.at(stone) == Color::Empty) return true;
    // An atari the defender takes back at once is no ladder.
    if (next.inAtari(lib)) continue;
    if (next.inAtari(stone) && capturedDefenderToMove(next, stone, budget)) return true;
  }
  return false;
}

bool capturedDefenderToMove(const Board& board, Vertex stone, int& budget) {
  if (--budget < 0) return false;
  if (canCaptureAround(board, stone)) return false;
  const Color c = board.at(stone);
  const Vertex lib = board.atariLiberty(stone);
  if (board.check(c, lib) != RejectReason::None) return true;
  Board next = board;
  next.play(c, lib);
  const int libs = next.libertyCount(stone);
  if (libs >= 3) return false;
  if (libs <= 1) return true;
  return capturedAttackerToMove(next, stone, budget);
}

// Chebyshev-weighted distance of Coulom's paper, capped at 17; 0 when there is no such move.
std::uint32_t distance(const Board& board, Vertex v, Vertex other) {
  if (other == Board::kNoVertex) return 0;
  const Point a = board.point(v);
  const Point b = board.point(other);
  const int dx = std::abs(a.col - b.col);
  const int dy = std::abs(a.row - b.row);
  return static_cast<std::uint32_t>(std::min(17, dx + dy + std::max(dx, dy)));
}

}  // namespace

std::string_view familyName(Family family) {
  switch (family) {
    case Family::Pattern:
      return "pattern";
    case Family::Shape:
      return "shape";
    case Family::Capture:
      return "capture";
    case Family::Escape:
      return "escape";
    case Family::SelfAtari:
      return "self_atari";
    case Family::Atari:
      return "atari";
    case Family::DistancePrevious:
      return "distance_previous";
    case Family::DistanceOwn:
      return "distance_own";
    case Family::Position:
      return "position";
    case Family::Count:
      break;
  }
  return "";
}

std::uint16_t canonicalPattern(const Board& board, Vertex v, Color c) {
  std::uint16_t code = neighbourhoodCode(board, v);
  if (c == Color::White) code = swapColours(code);
  return canonicalTable()[code];
}

std::uint32_t canonicalShape(const Board& board, Vertex v, Color c) {
  const Point p = board.point(v);
  std::array<unsigned, 12> value{};
  for (int i = 0; i < 12; ++i) {
    unsigned x = static_cast<unsigned>(board.at(Point{p.row + kShapeRow[i], p.col + kShapeCol[i]}));
    if (c == Color::White && (x == 1 || x == 2)) x = 3 - x;
    value[static_cast<std::size_t>(i)] = x;
  }
  std::uint32_t best = 0xFFFFFFFF;
  for (const std::array<int, 12>& map : shapeMaps()) {
    std::uint32_t code = 0;
    for (int i = 0; i < 12; ++i) code |= value[static_cast<std::size_t>(i)] << (2 * map[static_cast<std::size_t>(i)]);
    best = std::min(best, code);
  }
  return best;
}

bool ladderCaptures(const Board& board, Vertex stone, int maxMoves) {
  int budget = maxMoves;
  return capturedDefenderToMove(board, stone, budget);
}

namespace {

// The chains next to a move, each once, and what the move does to them.
struct Neighbours {
  Vertex chains[4];  // their roots
  int count = 0;
  int captured = 0;                       // stones the move captures
  bool savesOwn = false;                  // a capture frees an own chain in atari beside the captured one
  bool retakes = false;                   // a capture takes the chain the last move made
  bool ownInAtari = false;                // an own chain next to the move is in atari
  Vertex atariTarget = Board::kNoVertex;  // the largest opponent chain of two liberties next to the move
  int atariTargetSize = 0;
};

Neighbours neighboursOf(const Board& board, Color c, Vertex v, Vertex last) {
  Neighbours nb;
  for (int d : board.neighbourOffsets()) {
    const Vertex u = v + d;
    const Color cu = board.at(u);
    if (!isPlayer(cu)) continue;
    const Vertex root = board.chainRoot(u);
    if (std::find(nb.chains, nb.chains + nb.count, root) != nb.chains + nb.count) continue;
    nb.chains[nb.count++] = root;
    if (cu == c) {
      nb.ownInAtari |= board.inAtari(u);
      continue;
    }
    if (board.inAtari(u)) {
      nb.captured += board.chainSize(u);
      nb.retakes |= last != Board::kNoVertex && isPlayer(board.at(last)) && board.chainRoot(last) == root;
      // Taking it frees an own chain in atari beside it.
      Vertex s = u;
      do {
        for (int e : board.neighbourOffsets()) nb.savesOwn |= board.at(s + e) == c && board.inAtari(s + e);
        s = board.nextInChain(s);
      } while (s != u);
    } else if (board.libertyCount(u) == 2 && board.chainSize(u) > nb.atariTargetSize) {
      nb.atariTarget = u;
      nb.atariTargetSize = board.chainSize(u);
    }
  }
  return nb;
}

// The families of a move that captures nothing: the escape of an own chain in atari, the self-atari, the atari.
void setTactics(MoveFeatures& f, const Board& board, Color c, Vertex v, const Neighbours& nb) {
  const int libs = board.libertiesAfter(c, v, 3);
  if (nb.ownInAtari) {
    std::uint32_t level = libs >= 3 ? 1 : libs <= 1 ? 4 : 0;
    if (level == 0) {
      Board next = board;
      next.play(c, v);
      int budget = 120;
      level = capturedAttackerToMove(next, v, budget) ? 3 : 2;
    }
    f[static_cast<int>(Family::Escape)] = level;
  }
  if (libs < 2) {
    int size = 1;
    for (int i = 0; i < nb.count; ++i) {
      if (board.at(nb.chains[i]) == c) size += board.chainSize(nb.chains[i]);
    }
    f[static_cast<int>(Family::SelfAtari)] = size == 1 ? 1 : size <= 4 ? 2 : 3;
  } else if (nb.atariTarget != Board::kNoVertex) {
    Board next = board;
    next.play(c, v);
    f[static_cast<int>(Family::Atari)] = next.inAtari(nb.atariTarget) && ladderCaptures(next, nb.atariTarget) ? 1 : 2;
  }
}

// The line from the nearest edge and from the other (each up to 6), and whether the 7x7 square around is empty.
std::uint32_t positionValue(const Board& board, Vertex v) {
  const int n = board.size();
  const Point p = board.point(v);
  const int lineRow = std::min(p.row + 1, n - p.row);
  const int lineCol = std::min(p.col + 1, n - p.col);
  const int near = std::min({lineRow, lineCol, 6});
  const int far = std::min({std::max(lineRow, lineCol), 6});
  bool empty = true;
  for (int r = p.row - 3; r <= p.row + 3 && empty; ++r) {
    for (int k = p.col - 3; k <= p.col + 3 && empty; ++k) empty = !isPlayer(board.at(Point{r, k}));
  }
  return static_cast<std::uint32_t>(1 + ((near - 1) * 6 + (far - 1)) * 2 + empty);
}

}  // namespace

MoveFeatures moveFeatures(const Board& board, Color c, Vertex v, Vertex last, Vertex lastOwn) {
  MoveFeatures f{};
  f[static_cast<int>(Family::Pattern)] = canonicalPattern(board, v, c);
  f[static_cast<int>(Family::Shape)] = canonicalShape(board, v, c);
  const Neighbours nb = neighboursOf(board, c, v, last);
  if (nb.captured > 0) {
    f[static_cast<int>(Family::Capture)] = nb.savesOwn ? 1 : nb.retakes ? 2 : nb.captured == 1 ? 3 : 4;
  } else {
    setTactics(f, board, c, v, nb);
  }
  f[static_cast<int>(Family::DistancePrevious)] = distance(board, v, last);
  f[static_cast<int>(Family::DistanceOwn)] = distance(board, v, lastOwn);
  f[static_cast<int>(Family::Position)] = positionValue(board, v);
  return f;
}

}  // namespace tengen::engine
