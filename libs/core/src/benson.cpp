#include "benson.h"

#include <algorithm>

namespace tengen::detail {

namespace {

using Vertex = Board::Vertex;

// A maximal connected set of points not of the colour being solved (empty points and opponent stones).
struct Region {
  std::vector<Vertex> points;
  std::vector<Vertex> chains;   // roots of the chains of the colour that border it
  std::vector<Vertex> vitalTo;  // roots of the bordering chains that every empty point of the region touches
  bool enclosed = true;         // bordered by candidate chains only
};

bool touchesChain(const Board& board, Vertex v, Vertex root) {
  for (int d : board.neighbourOffsets()) {
    const Vertex u = v + d;
    if (isPlayer(board.at(u)) && board.chainRoot(u) == root) return true;
  }
  return false;
}

void solve(const Board& board, Color c, PassAlive& out) {
  const int end = board.vertexEnd();
  const int n = board.size();
  std::vector<int> regionOf(static_cast<std::size_t>(end), -1);
  std::vector<int> seenBy(static_cast<std::size_t>(end), -1);
  std::vector<Region> regions;
  std::vector<Vertex> stack;
  std::vector<Vertex> roots;
  for (int row = 0; row < n; ++row) {
    for (int col = 0; col < n; ++col) {
      const Vertex v = board.vertex({row, col});
      const Color here = board.at(v);
      if (here == c) {
        if (board.chainRoot(v) == v) roots.push_back(v);
        continue;
      }
      if (regionOf[v] >= 0) continue;
      const int id = static_cast<int>(regions.size());
      regions.emplace_back();
      Region& region = regions.back();
      regionOf[v] = id;
      stack.assign(1, v);
      while (!stack.empty()) {
        const Vertex u = stack.back();
        stack.pop_back();
        region.points.push_back(u);
        for (int d : board.neighbourOffsets()) {
          const Vertex w = u + d;
          const Color cw = board.at(w);
          if (cw == Color::OffBoard) continue;
          if (cw == c) {
            const Vertex root = board.chainRoot(w);
            if (seenBy[root] != id) {
              seenBy[root] = id;
              region.chains.push_back(root);
            }
          } else if (regionOf[w] < 0) {
            regionOf[w] = id;
            stack.push_back(w);
          }
        }
      }
    }
  }

  for (Region& region : regions) {
    region.vitalTo = region.chains;
    for (Vertex p : region.points) {
      if (region.vitalTo.empty()) break;
      if (board.at(p) != Color::Empty) continue;
      std::erase_if(region.vitalTo, [&](Vertex root) { return !touchesChain(board, p, root); });
    }
  }

  std::vector<std::uint8_t> candidate(static_cast<std::size_t>(end), 0);
  for (Vertex root : roots) candidate[root] = 1;
  std::vector<int> vitalCount(static_cast<std::size_t>(end), 0);
  for (bool changed = true; changed;) {
    changed = false;
    for (Vertex root : roots) vitalCount[root] = 0;
    for (const Region& region : regions) {
      if (!region.enclosed) continue;
      for (Vertex root : region.vitalTo) ++vitalCount[root];
    }
    for (Vertex root : roots) {
      if (candidate[root] && vitalCount[root] < 2) {
        candidate[root] = 0;
        changed = true;
      }
    }
    for (Region& region : regions) {
      if (!region.enclosed) continue;
      const bool lost =
          std::any_of(region.chains.begin(), region.chains.end(), [&](Vertex r) { return !candidate[r]; });
      if (lost) {
        region.enclosed = false;
        changed = true;
      }
    }
  }

  for (int row = 0; row < n; ++row) {
    for (int col = 0; col < n; ++col) {
      const Vertex v = board.vertex({row, col});
      if (board.at(v) == c && candidate[board.chainRoot(v)]) out.stone[v] = 1;
    }
  }
  for (const Region& region : regions) {
    if (!region.enclosed || region.chains.empty()) continue;
    const bool noEyeForOpponent = std::all_of(region.points.begin(), region.points.end(), [&](Vertex p) {
      if (board.at(p) != Color::Empty) return true;
      for (int d : board.neighbourOffsets()) {
        if (board.at(p + d) == c) return true;
      }
      return false;
    });
    if (!noEyeForOpponent) continue;
    for (Vertex p : region.points) out.territory[p] = c;
  }
}

}  // namespace

PassAlive passAlive(const Board& board) {
  PassAlive out;
  out.stone.assign(static_cast<std::size_t>(board.vertexEnd()), 0);
  out.territory.assign(static_cast<std::size_t>(board.vertexEnd()), Color::Empty);
  solve(board, Color::Black, out);
  solve(board, Color::White, out);
  return out;
}

}  // namespace tengen::detail
