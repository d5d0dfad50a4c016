// One Monte-Carlo search tree (UCT with RAVE) over the fast board, its nodes in a vector-based arena.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "tengen/core/board.h"
#include "tengen/core/types.h"
#include "tengen/engine/judgment.h"
#include "tengen/engine/move_model.h"
#include "tengen/engine/policy_net.h"

#include "playout.h"

namespace tengen::engine {

struct RootChild {
  Board::Vertex move = Board::kNoVertex;
  long visits = 0;
  double wins = 0;  // for the side to move at the root
  // With outcomes collected: Black's points minus White's (the game's scoring, no komi) at the end of the playouts
  // through this child since collection began, summed, and how many they were.
  double scoreSum = 0;
  long scored = 0;
  // The move model's probability of this move among the root's candidates (uniform without the model).
  double prior = 0;
};

// What the playouts ended in, summed since Search::collectOutcomes: who owned each point and the score.
struct Outcomes {
  std::vector<std::int32_t> owned;  // by vertex: playouts that ended with the point Black's minus White's
  double blackSum = 0;              // Black's points (the game's scoring, no komi), summed over the playouts
  double whiteSum = 0;              // White's, the same
  long playouts = 0;
};

class Search {
 public:
  // A tree for `toMove` at `root`, whose children are exactly `rootMoves` (the caller has checked them against
  // the game, superko included). `last` is the move that led to `root` (kNoVertex for none or a pass).
  // `lastOwn` is the move before it. `patterns` (shape knowledge for the playouts and, without a model, the priors)
  // and `model` (the learned move model behind the priors; null for the hand-written rules) must outlive the
  // search. `net`, when given (it must outlive the search too), gives the priors of the root and of every node
  // once it has been visited often enough to earn an evaluation, in place of the model's.
  Search(const Board& root, Color toMove, Board::Vertex last, Board::Vertex lastOwn, double komi,
         std::vector<Board::Vertex> rootMoves, std::uint64_t seed, const PatternTable* patterns, const MoveModel* model,
         const PolicyNet* net = nullptr);

  // Moves the root down `path` (the moves played since this tree's root, by the colours its nodes hold) and makes
  // the tree search `root` for `toMove` next: the subtree under the node reached is copied breadth first into a
  // fresh arena (each child block stays contiguous) and the root's children become exactly `rootMoves`, old ones
  // with their statistics and subtrees, new ones with fresh priors; the generator is reseeded with `seed`. Returns
  // `komi` is what the playouts count with from now on (dynamic komi changes it from move to move). Returns
  // false and leaves the tree as it was when the path is empty, holds a pass, leaves the tree, or reaches a
  // position whose hash is not root's or where `toMove` is not the colour to move in the tree.
  bool advance(const std::vector<Move>& path, const Board& root, Color toMove, Board::Vertex last,
               Board::Vertex lastOwn, double komi, std::vector<Board::Vertex> rootMoves, std::uint64_t seed);

  // Runs playouts until maxPlayouts (when > 0) or the deadline (when given) is reached, at least one playout.
  // With earlyStop it also stops, checking every 256 playouts, once the most visited root child leads the next by
  // more visits than the playouts left (for a deadline, estimated from the rate so far): with only maxPlayouts
  // that cannot change which child has the most visits at the end. Returns the number run. Without a deadline no
  // clock is read, so the tree depends only on the seed (and on the tree it started from).
  long run(long maxPlayouts, std::optional<std::chrono::steady_clock::time_point> deadline, bool earlyStop);

  std::vector<RootChild> rootChildren() const;

  // From now on every playout also adds its end to outcomes(): the owner of each point (areaOwner) and the score,
  // counted by area, or with `territory` by territory (empty points owned plus the stones each side captured, the
  // game's captures included). Clears what was collected.
  void collectOutcomes(bool territory);
  // Stops collecting (it costs a pass over the board per playout) and lets what was collected go.
  void stopCollectingOutcomes();
  const Outcomes& outcomes() const { return m_outcomes; }

  // Called every 16 playouts of run(), on the thread that runs it (for progress reports); empty for none.
  void setTick(std::function<void()> tick) { m_tick = std::move(tick); }

  // The most visited line from root child `child` (an index into rootChildren()), that child's move first: at each
  // node the child with the most visits (ties to the first), while it has any, at most `maxLength` moves.
  std::vector<Board::Vertex> principalVariation(std::size_t child, int maxLength) const;

  // Playouts of earlier searches kept under the root's children by the last advance (0 for a new tree).
  long reusedVisits() const { return m_reusedVisits; }

 private:
  struct Node {
    std::int32_t firstChild = -1;
    std::uint16_t childCount = 0;
    std::uint16_t move = 0;      // the vertex played into this node
    Color color = Color::Empty;  // who played it
    bool expanded = false;
    bool netPriors = false;  // its children's priors come from the policy network
    std::uint32_t visits = 0;
    float wins = 0;  // for `color`
    std::uint32_t raveVisits = 0;
    float raveWins = 0;
    // Virtual playouts from Go knowledge (captures, escapes, self-atari, empty edges, shape, nearness to the last
    // move), counted with the real ones.
    float priorVisits = 0;
    float priorWins = 0;
  };

  void playoutOnce();
  void expand(std::int32_t node, const Board& board, Color toMove, Board::Vertex last, Board::Vertex lastOwn);
  // Gives the children [first, end) of a node their priors from the move model, each measured against all of them;
  // with `only`, just the children it marks (indexed from `first`).
  void setModelPriors(std::int32_t first, std::int32_t end, const Board& board, Color c, Board::Vertex last,
                      Board::Vertex lastOwn, const std::vector<bool>* only = nullptr);
  // Gives the children of `node` (expanded, on `board` with c to move) their priors from the policy network; with
  // `only`, just the children it marks (indexed from the first child).
  void setNetPriors(std::int32_t node, const Board& board, Color c, Board::Vertex last, Board::Vertex lastOwn,
                    const std::vector<bool>* only = nullptr);
  // Sets m_openingPrior for the root's children from the root position (search.cpp says what it is).
  void setOpeningPrior();
  // Sets m_rootPriors from the move model (uniform without it) and clears the root children's score sums.
  void setRootStatistics();
  // Adds the end of one playout to the outcomes; `child` is the root child it went through (-1: none). Answers
  // Black's area minus White's on that board (no komi), as areaMargin counts it.
  int addOutcome(const Board& board, std::ptrdiff_t child);
  std::int32_t select(std::int32_t node) const;
  // Whether another root child could still end with at least as many visits as the most visited one after
  // `remaining` more playouts.
  bool leaderCanChange(long remaining) const;
  // Sets the child's prior from what the move does on `board` (before it is played); `last` led to `board`.
  void setPrior(Node& child, const Board& board, Color c, Board::Vertex v, Board::Vertex last) const;

  Board m_root;
  Color m_toMove;
  Board::Vertex m_last;
  Board::Vertex m_lastOwn;
  double m_komi;
  std::vector<Board::Vertex> m_rootMoves;
  Rng m_rng;
  const PatternTable* m_patterns;
  const MoveModel* m_model;
  const PolicyNet* m_net;
  // A node's children get the network's priors once the node has this many visits.
  std::uint32_t m_netAfter;
  // The network's probabilities of the last evaluation (by point), and the root's (for m_rootPriors).
  std::vector<float> m_netScratch;
  std::vector<float> m_rootNet;
  std::uint32_t m_expandAfter;
  int m_maxPlayoutMoves;
  std::vector<Node> m_nodes;
  long m_reusedVisits = 0;
  // Added to each root child's selection value in the opening (by the root's child order); empty outside it.
  std::vector<double> m_openingPrior;
  // Per root child (in order): the move model's probability among the root's candidates.
  std::vector<double> m_rootPriors;
  // Per root child, with outcomes collected: the score sum and count of the playouts through it.
  std::vector<double> m_childScore;
  std::vector<long> m_childScored;
  std::function<void()> m_tick;
  bool m_collect = false;
  bool m_territory = false;
  Outcomes m_outcomes;
  // Scratch kept between playouts so a playout allocates nothing.
  std::vector<std::int32_t> m_path;
  std::vector<std::uint8_t> m_firstColor;
};

// The report of a search whose root is `root` with `toMove` to play: its visited root children (at most
// `maxCandidates`, the most visited first, each with a line of at most `maxLine` moves) and, when it collects
// outcomes, the ownership and the score. `deduction` is what Black's points lose to komi and handicap compensation.
SearchReport reportOf(const Search& search, const Board& root, Color toMove, double deduction, int maxCandidates,
                      int maxLine);

}  // namespace tengen::engine
