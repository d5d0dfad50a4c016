// One Monte-Carlo search tree (UCT with RAVE) over the fast board, its nodes in a vector-based arena.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <vector>

#include "tengen/core/board.h"
#include "tengen/core/types.h"

#include "playout.h"

namespace tengen::engine {

struct RootChild {
  Board::Vertex move = Board::kNoVertex;
  long visits = 0;
  double wins = 0;  // for the side to move at the root
};

class Search {
 public:
  // A tree for `toMove` at `root`, whose children are exactly `rootMoves` (the caller has checked them against
  // the game, superko included). `last` is the move that led to `root` (kNoVertex for none or a pass).
  Search(const Board& root, Color toMove, Board::Vertex last, double komi, std::vector<Board::Vertex> rootMoves,
         std::uint64_t seed);

  // Runs playouts until maxPlayouts (when > 0) or the deadline (when given) is reached, at least one playout.
  // Returns the number run. Without a deadline no clock is read, so the tree depends only on the seed.
  long run(long maxPlayouts, std::optional<std::chrono::steady_clock::time_point> deadline);

  std::vector<RootChild> rootChildren() const;

 private:
  struct Node {
    std::int32_t firstChild = -1;
    std::uint16_t childCount = 0;
    std::uint16_t move = 0;      // the vertex played into this node
    Color color = Color::Empty;  // who played it
    bool expanded = false;
    std::uint32_t visits = 0;
    float wins = 0;  // for `color`
    std::uint32_t raveVisits = 0;
    float raveWins = 0;
    // Virtual playouts from Go knowledge (captures, escapes, self-atari, empty edges), counted with the real ones.
    float priorVisits = 0;
    float priorWins = 0;
  };

  void playoutOnce();
  void expand(std::int32_t node, const Board& board, Color toMove);
  std::int32_t select(std::int32_t node) const;
  // Sets the child's prior from what the move does on `board` (before it is played).
  static void setPrior(Node& child, const Board& board, Color c, Board::Vertex v);

  Board m_root;
  Color m_toMove;
  Board::Vertex m_last;
  double m_komi;
  std::vector<Board::Vertex> m_rootMoves;
  Rng m_rng;
  int m_maxPlayoutMoves;
  std::vector<Node> m_nodes;
  // Scratch kept between playouts so a playout allocates nothing.
  std::vector<std::int32_t> m_path;
  std::vector<std::uint8_t> m_firstColor;
};

}  // namespace tengen::engine
