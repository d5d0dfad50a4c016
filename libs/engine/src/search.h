// One Monte-Carlo search tree (UCT with RAVE) over the fast board, its nodes in a vector-based arena.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <stop_token>
#include <type_traits>
#include <vector>

#include "tengen/core/board.h"
#include "tengen/core/types.h"
#include "tengen/engine/config.h"
#include "tengen/engine/judgment.h"
#include "tengen/engine/move_model.h"
#include "tengen/engine/policy_net.h"

#include "eval_cache.h"
#include "playout.h"

namespace tengen::engine {

// A figure of a node that the threads sharing a tree read and update without any lock: each access is one relaxed
// atomic operation, so an update (but addLossy's) never gets lost and a reader sees some recent value. Nothing is
// ordered by it; the one thing that is, a node's children becoming visible, goes through Published below. Copies (the
// tree moved to a new arena, one thread alone) read the value the same way.
template <class T>
class Shared {
 public:
  Shared(T value = T{}) noexcept : m_value(value) {}  // NOLINT(google-explicit-constructor): a plain figure
  Shared(const Shared& other) noexcept : m_value(other.get()) {}
  Shared& operator=(const Shared& other) noexcept {
    set(other.get());
    return *this;
  }
  Shared& operator=(T value) noexcept {
    set(value);
    return *this;
  }
  operator T() const noexcept { return get(); }  // NOLINT(google-explicit-constructor)
  T get() const noexcept { return m_value.load(std::memory_order_relaxed); }
  void set(T value) noexcept { m_value.store(value, std::memory_order_relaxed); }
  Shared& operator+=(T delta) noexcept {
    m_value.fetch_add(delta, std::memory_order_relaxed);
    return *this;
  }
  // Adds without a read-modify-write: a load and a store, so two threads adding at the same moment may lose one
  // of the two; for the AMAF figures, which every playout adds to on many nodes at once.
  void addLossy(T delta) noexcept { set(get() + delta); }
  Shared& operator-=(T delta) noexcept {
    m_value.fetch_sub(delta, std::memory_order_relaxed);
    return *this;
  }
  // Sets a flag; true when this call set it, false when it was set already (one thread wins the claim).
  bool claim() noexcept { return !m_value.exchange(T{1}, std::memory_order_relaxed); }

 private:
  std::atomic<T> m_value;
};

// A flag that says other fields are ready to be read: set with release after they are written, read with acquire
// before they are read.
class Published {
 public:
  Published(bool value = false) noexcept : m_value(value) {}  // NOLINT(google-explicit-constructor)
  Published(const Published& other) noexcept : m_value(other.get()) {}
  Published& operator=(const Published& other) noexcept {
    m_value.store(other.get(), std::memory_order_release);
    return *this;
  }
  Published& operator=(bool value) noexcept {
    m_value.store(value, std::memory_order_release);
    return *this;
  }
  operator bool() const noexcept { return get(); }  // NOLINT(google-explicit-constructor)
  bool get() const noexcept { return m_value.load(std::memory_order_acquire); }

 private:
  std::atomic<bool> m_value;
};

// Time the threads of Search::run spent waiting for a lock, and the network's evaluations, summed since the tree was
// made (Search::waits). Everything else a playout does with the tree takes no lock at all.
struct SearchWaits {
  double network = 0;    // seconds waiting for the network's product lock (PolicyNet: Debian's serial OpenBLAS)
  double cache = 0;      // seconds waiting for the evaluation cache's lock
  double outcomes = 0;   // seconds waiting to add the playouts' ends to the outcomes being collected
  long evaluations = 0;  // the network's evaluations the search asked for
  long cacheHits = 0;    // of which the cache answered

  SearchWaits& operator+=(const SearchWaits& more) {
    network += more.network;
    cache += more.cache;
    outcomes += more.outcomes;
    evaluations += more.evaluations;
    cacheHits += more.cacheHits;
    return *this;
  }
  // What was added since `earlier` (a reading of the same figures).
  SearchWaits operator-(const SearchWaits& earlier) const {
    return {network - earlier.network, cache - earlier.cache, outcomes - earlier.outcomes,
            evaluations - earlier.evaluations, cacheHits - earlier.cacheHits};
  }
};

struct RootChild {
  Board::Vertex move = Board::kNoVertex;
  long visits = 0;
  double wins = 0;  // for the side to move at the root
  // With outcomes collected: Black's points minus White's (the game's scoring, no komi) at the end of the playouts
  // through this child since collection began, summed, and how many they were.
  double scoreSum = 0;
  long scored = 0;
  // The priors' probability of this move among the root's candidates: the policy network's where the search has
  // it, else the move model's, else uniform.
  double prior = 0;
  // Its AMAF playouts (weighted by distance when that is on), its prior ones not counted.
  double raveVisits = 0;
};

// What the playouts ended in, summed since Search::collectOutcomes: who owned each point and the score.
struct Outcomes {
  std::vector<std::int32_t> owned;  // by vertex: playouts that ended with the point Black's minus White's
  double blackSum = 0;              // Black's points (the game's scoring, no komi), summed over the playouts
  double whiteSum = 0;              // White's, the same
  long playouts = 0;
};

// What a tree searches with, fixed when it is made: the pieces of config.h's EngineOptions a search reads
// (searchConfigOf). The defaults are every piece off (the playouts' policy as PlayoutPolicy's defaults).
struct SearchConfig {
  // The playout policy's switches (playout.h, `PlayoutPolicy`): fights, the own last move's shape and the shares of
  // the atari answers, lone self-ataris skipped and ko retakes. Its patterns are not read: the playouts answer with
  // the search's own table.
  PlayoutPolicy playout;
  // AMAF weighted by how early in the line a move was first played, as Pachi's distance_rave (search.cpp, backup):
  // from `raveDistance` times right after the node down to once near the end; 1 weighs every move alike.
  int raveDistance = 1;
  // Criticality (Coulom 2009, as Pachi uses it): in a node visited more than kCriticalityAfter times, how much the
  // covariance between owning its point at the end and winning adds to its AMAF statistics, as wins for its player,
  // times its AMAF playouts. 0: none.
  double criticality = 0;
  // The network's probabilities keep steering the selection once real playouts have drowned their virtual ones
  // (search.cpp: kNetExploration).
  bool netExploration = false;
  // The share of the network's value in each playout's result: the result backed up is (1 - share) times the
  // playout's win or loss plus share times the value the network gave the deepest node of the walk it has
  // evaluated; the score sums mix its score the same way. 0: the playouts alone. Read only with a network that has
  // judgment heads.
  double valueShare = 0;
};

// The search's part of `options`.
SearchConfig searchConfigOf(const EngineOptions& options);

class Search {
 public:
  // A tree for `toMove` at `root`, whose children are exactly `rootMoves` (the caller has checked them against
  // the game, superko included). `last` is the move that led to `root` (kNoVertex for none or a pass).
  // `lastOwn` is the move before it. `patterns` (shape knowledge for the playouts and, without a model, the priors)
  // and `model` (the learned move model behind the priors; null for the hand-written rules) must outlive the
  // search. `net`, when given (it must outlive the search too), gives the priors of the root and of every node
  // once it has been visited often enough to earn an evaluation, in place of the model's; `cache`, when given (it
  // must outlive the search), keeps its answers and gives them back for positions met again.
  // `config` is what it searches with for as long as it lives.
  Search(const Board& root, Color toMove, Board::Vertex last, Board::Vertex lastOwn, double komi,
         std::vector<Board::Vertex> rootMoves, std::uint64_t seed, const PatternTable* patterns, const MoveModel* model,
         const PolicyNet* net = nullptr, const SearchConfig& config = {}, EvalCache* cache = nullptr);

  // Moves the root down `path` (the moves played since this tree's root, by the colours its nodes hold) and makes
  // the tree search `root` for `toMove` next: the subtree under the node reached is copied breadth first into a
  // fresh arena (each child block stays contiguous) and the root's children become exactly `rootMoves`, old ones
  // with their statistics and subtrees, new ones with fresh priors; the generator is reseeded with `seed`, and
  // `komi` is what the playouts count with from now on (dynamic komi changes it from move to move). Returns true
  // when the tree moved; false, the tree left as it was, when the path is empty, holds a pass, leaves the tree, or
  // reaches a position whose hash is not root's or where `toMove` is not the colour to move in the tree.
  bool advance(const std::vector<Move>& path, const Board& root, Color toMove, Board::Vertex last,
               Board::Vertex lastOwn, double komi, std::vector<Board::Vertex> rootMoves, std::uint64_t seed);

  // Runs playouts until maxPlayouts (when > 0) or the deadline (when given) is reached, at least one playout.
  // With earlyStop it also stops, checking every 256 playouts, once the most visited root child leads the next by
  // more visits than the playouts left (for a deadline, estimated from the rate so far): with only maxPlayouts
  // that cannot change which child has the most visits at the end. Returns the number run. Without a deadline no
  // clock is read, so with one thread the tree depends only on the seed (and on the tree it started from).
  // With `threads` > 1 that many threads share this one tree (tree parallelism) without a lock: each walks it,
  // makes children and backs its result up with atomic updates of the nodes' figures; a node a thread is walking
  // through counts as a lost visit for the others meanwhile (virtual loss), so they spread over other moves. Only
  // the network's products (PolicyNet), a slot of the evaluation cache and the outcomes collected take a lock,
  // each for a moment; waits() says how long they were waited for. The helpers' random streams are seeded from the
  // tree's own; their interleaving makes the result vary.
  // A stop requested through `stop` ends the run after the playout each thread is in (the first one always runs).
  long run(long maxPlayouts, std::optional<std::chrono::steady_clock::time_point> deadline, bool earlyStop,
           int threads = 1, const std::stop_token& stop = {});

  std::vector<RootChild> rootChildren() const;

  // From now on every playout also adds its end to outcomes(): the owner of each point (areaOwner) and the score,
  // counted by area, or with `territory` by territory (empty points owned plus the stones each side captured, the
  // game's captures included). Clears what was collected.
  void collectOutcomes(bool territory);
  // Stops collecting (it costs a pass over the board per playout) and lets what was collected go.
  void stopCollectingOutcomes();
  const Outcomes& outcomes() const { return m_outcomes; }

  // Called every 16 playouts of run(), on the thread that called it (for progress reports); empty for none. The
  // other threads search on meanwhile, so the figures it reads may be a playout apart from each other; outcomes()
  // holds still while it runs.
  void setTick(std::function<void()> tick) { m_tick = std::move(tick); }

  // The locks run() waited for and the network's evaluations, summed since the tree was made.
  const SearchWaits& waits() const { return m_waits; }
  // The virtual losses counted in the tree: 0 whenever run() is not running (each walk takes back its own).
  long virtualLosses() const;

  // The most visited line from root child `child` (an index into rootChildren()), that child's move first: at each
  // node the child with the most visits (ties to the first), while it has any, at most `maxLength` moves.
  std::vector<Board::Vertex> principalVariation(std::size_t child, int maxLength) const;

  // Playouts of earlier searches kept under the root's children by the last advance (0 for a new tree).
  long reusedVisits() const { return m_reusedVisits; }

 private:
  // A node of the tree. What threads change while they share it is Shared (one atomic access each) or Published;
  // the rest is written once, before the node's parent publishes its children (`expanded`).
  struct Node {
    std::int32_t firstChild = -1;
    std::uint16_t childCount = 0;
    std::uint16_t move = 0;      // the vertex played into this node
    Color color = Color::Empty;  // who played it
    Published expanded;          // firstChild and childCount are set, and the children written
    Shared<bool> expanding;      // a thread is making its children
    Shared<bool> netPriors;      // its children's priors come from the policy network (or are being computed)
    // Threads walking through this node now, each counted as a lost visit by its parent's selection.
    Shared<std::uint16_t> virtualLoss;
    Shared<std::uint32_t> visits;
    Shared<float> wins;  // for `color`
    Shared<std::uint32_t> raveVisits;
    Shared<float> raveWins;
    // Virtual playouts from Go knowledge (captures, escapes, self-atari, empty edges, shape, nearness to the last
    // move), counted with the real ones.
    Shared<float> priorVisits;
    Shared<float> priorWins;
    Shared<float> policy;  // the network's probability of this move, normalised over its siblings (0 without it)
    // Of the real playouts through this node, those that ended with a stone of the winner's on its point, and
    // with a black stone there (criticality; counted only while it is on).
    Shared<float> winnerOwns;
    Shared<float> blackOwns;
    // The network's judgment of the node's position (with SearchConfig::valueShare): Black's chance of winning and
    // Black's expected margin (komi included), readable once `valued` is set.
    Shared<float> blackValue;
    Shared<float> blackScore;
    Published valued;
  };
  static_assert(std::is_trivially_destructible_v<Node>);

  // The nodes of a tree, in one block of address space reserved for the largest tree that the system commits only
  // as nodes fill it: nodes never move, so threads append children while others walk the tree.
  class Arena {
   public:
    Arena();
    Arena(Arena&& other) noexcept;
    Arena& operator=(Arena&& other) noexcept;
    ~Arena() = default;
    Arena(const Arena&) = delete;
    Arena& operator=(const Arena&) = delete;

    Node& operator[](std::size_t i) { return m_nodes.get()[i]; }
    const Node& operator[](std::size_t i) const { return m_nodes.get()[i]; }
    // The nodes appended (some perhaps still being written by the thread that appended them).
    std::size_t size() const { return m_size.load(std::memory_order_relaxed); }
    bool full(std::size_t more = 0) const { return size() + more > kCapacity; }
    // Appends `count` nodes as one block and returns the index of the first; -1, nothing appended, when they would
    // not fit. Any number of threads may append at once.
    std::int32_t append(const Node* nodes, std::size_t count);

    // Past this many nodes the tree stops growing and the leaves just run playouts (about 230 MB).
    static constexpr std::size_t kCapacity = 4'000'000;

   private:
    struct Release {
      void operator()(Node* nodes) const { ::operator delete(nodes); }
    };
    std::unique_ptr<Node, Release> m_nodes;
    std::atomic<std::size_t> m_size{0};
  };

  // What one thread of run() keeps from playout to playout: its random stream, its scratch (so a playout allocates
  // nothing once warm), what its walk down the tree left it to do, and what it adds to the shared figures.
  struct Worker {
    Worker(std::uint64_t seed, std::size_t vertices) : rng(seed), firstColor(vertices, 0) {}
    Rng rng;
    std::vector<std::int32_t> path;        // the nodes walked, root first
    std::vector<Board::Vertex> moves;      // the moves into path[1], path[2]...
    std::vector<std::uint8_t> firstColor;  // by vertex: who played there first in this playout (AMAF)
    // The leaf this thread makes children for (-1: none), and the children it made.
    std::int32_t expandNode = -1;
    std::vector<Node> children;
    // The node whose children wait for the network's priors (-1: none), its depth on the path, its position's
    // codes and the network's probabilities.
    std::int32_t netNode = -1;
    std::size_t netDepth = 0;
    std::vector<std::uint16_t> netCodes;
    std::vector<float> netOut;
    // With the value on: the network's judgment of that position, for the side to move there.
    NetJudgment netJudgment;
    // With the distance weighting: the playout's own moves, and by vertex the index (tree moves first) of the
    // move that first played there (-1: none).
    std::vector<Board::Vertex> trail;
    std::vector<std::int32_t> firstIndex;
    // With outcomes collected: this thread's since it last added them to the search's (flushOutcomes), and the
    // score sum and count per root child.
    Outcomes outcomes;
    std::vector<double> childScore;
    std::vector<long> childScored;
    SearchWaits waits;
  };

  // One playout by `w`: the walk down the tree, the moves replayed on a board, the children made for the leaf, the
  // network evaluation, the playout itself and the backup. `shared`: other threads are in the tree too (virtual
  // loss on the way down).
  void playoutOnce(Worker& w, bool shared);
  // Walks from the root to a leaf by select() and records the path and its moves in `w`. A leaf that has earned
  // children and the first node met that has earned the network's evaluation are given to `w` for them (claimed,
  // so no other thread takes them too). With `virtualLoss` the nodes walked count one lost visit more until the
  // backup.
  void descend(Worker& w, bool virtualLoss);
  // Backs a finished playout board up along w.path: visits, wins and the AMAF statistics.
  void backup(Worker& w, const Board& board, bool virtualLoss);
  // The helper threads of run(): playouts until `stop` or, with a limit, until `claimed` reaches it.
  void help(Worker& w, long maxPlayouts, std::atomic<long>& claimed, std::atomic<long>& done,
            const std::atomic<bool>& stop, std::mutex& outcomesLock);
  // The network's probabilities for the position whose codes w.netCodes holds (size x size, toMove to play) into
  // w.netOut, and with the value on its judgment into w.netJudgment: from the evaluation cache when it has them,
  // else from the network (and then kept in the cache).
  void evaluate(Worker& w, int size, Color toMove) const;
  // Whether the playouts' results take the network's value (SearchConfig::valueShare and a network that judges).
  bool valued() const { return m_valueShare > 0; }
  // Keeps w.netJudgment, for toMove at `node`, as the node's judgment.
  void setNodeValue(std::int32_t node, Color toMove, const NetJudgment& judgment);
  // Adds what `w` collected to the search's outcomes (under `lock` when threads share the tree) and clears it.
  void flushOutcomes(Worker& w, std::mutex* lock);
  // The children of a node on `board` with toMove to play, with their priors (the move model's, or the rules'
  // without it): the root's moves for the root, else every legal point that does not fill an own eye.
  void makeChildren(std::vector<Node>& children, const Board& board, Color toMove, Board::Vertex last,
                    Board::Vertex lastOwn, bool root) const;
  // Appends `children` to the arena and publishes them as the children of `node`, unless it has children already
  // or the arena is full.
  void attachChildren(std::int32_t node, const std::vector<Node>& children);
  // Gives `count` children their priors from the move model, each measured against all of them; with `only`, just
  // the children it marks.
  void setModelPriors(Node* children, std::size_t count, const Board& board, Color c, Board::Vertex last,
                      Board::Vertex lastOwn, const std::vector<bool>* only = nullptr) const;
  // Gives the children of `node` (expanded, on `board` with c to move) their priors from the policy network; with
  // `only`, just the children it marks (indexed from the first child).
  void setNetPriors(std::int32_t node, const Board& board, Color c, Board::Vertex last, Board::Vertex lastOwn,
                    const std::vector<bool>* only = nullptr);
  // The same from the network's probabilities for the node's position (by point, row by row).
  void applyNetPriors(std::int32_t node, const std::vector<float>& probabilities, const std::vector<bool>* only);
  // advance's steps: the node `path` leads to from the root when it is the position `root` with `toMove` to play
  // (-1 otherwise); and a new arena holding `node` as the root with exactly `rootMoves` as its children (newChild
  // says which are new, reused counts the visits kept) and the subtrees of the kept ones, breadth first.
  std::int32_t walkTo(const std::vector<Move>& path, const Board& root, Color toMove) const;
  Arena copySubtree(std::int32_t node, const std::vector<Board::Vertex>& rootMoves, const Board& root, Color toMove,
                    Board::Vertex last, std::vector<bool>& newChild, long& reused) const;
  // Sets m_openingPrior for the root's children from the root position (search.cpp says what it is).
  void setOpeningPrior();
  // Sets m_rootPriors from the policy network, else the move model, else uniform, and clears the root children's
  // score sums.
  void setRootStatistics();
  // Adds the end of one playout to w's outcomes; `child` is the root child it went through (-1: none), whose score
  // sum takes `share` of `netDifference` (the network's Black points minus White's) and the rest of the playout's.
  // Answers Black's area minus White's on that board (no komi), as areaMargin counts it.
  int addOutcome(Worker& w, const Board& board, std::ptrdiff_t child, double netDifference = 0, double share = 0) const;
  std::int32_t select(std::int32_t node) const;
  // Adds child ch's criticality to its AMAF visits and rate (SearchConfig::criticality).
  void criticalRave(const Node& ch, double& raveVisits, double& raveRate) const;
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
  const PatternTable* m_patterns;
  const MoveModel* m_model;
  const PolicyNet* m_net;
  // A node's children get the network's priors once the node has this many visits.
  std::uint32_t m_netAfter;
  // The network's probabilities for the root (by point, for m_rootPriors).
  std::vector<float> m_rootNet;
  std::uint32_t m_expandAfter;
  int m_maxPlayoutMoves;
  Arena m_nodes;
  EvalCache* m_cache;
  long m_reusedVisits = 0;
  // Added to each root child's selection value in the opening (by the root's child order); empty outside it.
  std::vector<double> m_openingPrior;
  // Per root child (in order): the move model's probability among the root's candidates.
  std::vector<double> m_rootPriors;
  // Per root child, with outcomes collected: the score sum and count of the playouts through it.
  std::vector<double> m_childScore;
  std::vector<long> m_childScored;
  std::function<void()> m_tick;
  PlayoutPolicy m_policy;
  int m_raveDistance;
  double m_criticality;
  double m_puct;        // the network's exploration weight, 0 when off
  double m_valueShare;  // SearchConfig::valueShare with a network that judges, else 0
  bool m_collect = false;
  bool m_territory = false;
  Outcomes m_outcomes;
  SearchWaits m_waits;
  // The thread that calls run(); helpers get workers of their own, seeded from its stream.
  Worker m_main;
};

// The report of a search whose root is `root` with `toMove` to play: its visited root children (at most
// `maxCandidates`, the most visited first, each with a line of at most `maxLine` moves) and, when it collects
// outcomes, the ownership and the score. `deduction` is what Black's points lose to komi and handicap compensation.
SearchReport reportOf(const Search& search, const Board& root, Color toMove, double deduction, int maxCandidates,
                      int maxLine);

}  // namespace tengen::engine
