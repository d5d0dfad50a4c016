#include "tengen/engine/engine.h"

#include <algorithm>
#include <chrono>
#include <optional>
#include <thread>
#include <utility>

#include "tengen/core/analysis.h"

#include "patterns.h"
#include "playout.h"
#include "search.h"

namespace tengen::engine {

namespace {

using Vertex = Board::Vertex;

// Playouts when neither a playout count nor a time is given.
constexpr long kDefaultPlayouts = 10000;

// The move `back` moves ago (1: the one that led to the position), as the playout policy and the move model read
// it; kNoVertex for a pass or before the first move.
Vertex lastVertex(const Game& game, std::size_t back = 1) {
  if (game.moves().size() < back) return Board::kNoVertex;
  const Move& m = game.moves()[game.moves().size() - back];
  return m.kind == MoveKind::Play ? game.board().vertex(m.point) : Board::kNoVertex;
}

// Each position gets its own stream, so two moves of a game do not replay the same random numbers.
std::uint64_t positionSeed(std::uint64_t seed, const Game& game, Color color, std::uint64_t purpose) {
  return mixSeed(seed ^ mixSeed(static_cast<std::uint64_t>(game.moveCount()) * 4 + static_cast<std::uint64_t>(color) +
                                (purpose << 32)));
}

// Dynamic komi for handicap games: the search counts White this many points more than the game's komi, about seven
// a handicap stone at first and nothing once half the board's points have been played. Against a handicap the
// engine as White would otherwise see every line lost and play at random, and as Black every line won and play
// slack; the pass and resign decisions keep the game's own komi.
double dynamicKomi(const Game& game) {
  const int handicap = game.handicapStones();
  if (handicap < 2) return 0;
  const double points = static_cast<double>(game.size()) * game.size();
  const double left = 1 - static_cast<double>(game.moveCount()) / (points / 2);
  return left > 0 ? 7.0 * handicap * left : 0;
}

// After the opponent's pass, passing ends the game: true when the final count (the one analysis every result comes
// from) of the game so ended wins for `color`.
bool passingWins(const Game& game, Color color) {
  if (game.moves().empty() || game.moves().back().kind != MoveKind::Pass ||
      game.moves().back().color != opponent(color)) {
    return false;
  }
  Game ended = game;
  ended.setStrictTurn(false);
  if (ended.play(Move::pass(color)) != RejectReason::None) return false;
  const Score score = analyze(ended).score;
  return color == Color::Black ? score.margin > 0 : score.margin < 0;
}

// The points the root may play: those legal for `color` (whether or not it is its turn) that fill no eye of its own.
std::vector<Vertex> rootMovesFor(const Game& game, Color color) {
  const Board& board = game.board();
  const int size = board.size();
  std::vector<Vertex> rootMoves;
  for (int row = 0; row < size; ++row) {
    for (int col = 0; col < size; ++col) {
      const Vertex v = board.vertex({row, col});
      if (board.at(v) != Color::Empty || board.isSimpleEye(color, v)) continue;
      if (game.check(Move::play(color, {row, col}), Game::TurnRule::AnyColor) == RejectReason::None) {
        rootMoves.push_back(v);
      }
    }
  }
  return rootMoves;
}

// The end of a time budget of `seconds` counted from `start`; nothing when there is no time limit.
std::optional<std::chrono::steady_clock::time_point> deadlineFor(std::chrono::steady_clock::time_point start,
                                                                 double seconds) {
  if (seconds <= 0) return std::nullopt;
  return start +
         std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(seconds));
}

// What every tree of one genmove search starts from.
struct SearchSetup {
  const Board* board = nullptr;
  Color color = Color::Empty;
  Vertex last = Board::kNoVertex;
  Vertex lastOwn = Board::kNoVertex;
  double komi = 0;  // the game's plus dynamic komi
  std::vector<Vertex> rootMoves;
  std::uint64_t seed = 0;
  std::optional<std::chrono::steady_clock::time_point> deadline;
  const PatternTable* patterns = nullptr;
  const MoveModel* model = nullptr;
};

// The trees searched, one per thread, with the playouts each ran and the visits each kept from an earlier search.
struct ThreadSearches {
  std::vector<std::optional<Search>> searches;
  std::vector<long> playouts;
  std::vector<long> reused;
};

// Tree t's share of the playout limit (0: none), split so the total stays what was asked; the first trees take the
// remainder.
long playoutShare(long playouts, int threads, int t) {
  if (playouts <= 0) return 0;
  return std::max(1L, playouts / threads + (t < playouts % threads ? 1 : 0));
}

// Grows one tree per thread, in parallel: the old tree moved on along `path` when it can go on from the position,
// else a new one. The old trees are dropped by the time this returns.
ThreadSearches runSearches(const SearchSetup& setup, const EngineOptions& options,
                           std::vector<std::optional<Search>> old, const std::optional<std::vector<Move>>& path) {
  const int threads = options.threads;
  ThreadSearches out;
  out.searches.resize(static_cast<std::size_t>(threads));
  out.playouts.assign(static_cast<std::size_t>(threads), 0);
  out.reused.assign(static_cast<std::size_t>(threads), 0);
  auto work = [&](int t) {
    const auto i = static_cast<std::size_t>(t);
    const long budget = playoutShare(options.playouts, threads, t);
    const std::uint64_t treeSeed = setup.seed + static_cast<std::uint64_t>(t);
    std::optional<Search>& search = out.searches[i];
    if (path && old[i] &&
        old[i]->advance(*path, *setup.board, setup.color, setup.last, setup.lastOwn, setup.komi, setup.rootMoves,
                        treeSeed)) {
      search = std::move(old[i]);
      out.reused[i] = search->reusedVisits();
    } else {
      // Dropped before the new tree grows, so at most one old arena is held alongside the new ones.
      if (i < old.size()) old[i].reset();
      search.emplace(*setup.board, setup.color, setup.last, setup.lastOwn, setup.komi, setup.rootMoves, treeSeed,
                     setup.patterns, setup.model);
    }
    out.playouts[i] = search->run(budget, setup.deadline, options.earlyStop);
  };
  if (threads == 1) {
    work(0);
  } else {
    std::vector<std::thread> pool;
    pool.reserve(static_cast<std::size_t>(threads));
    for (int t = 0; t < threads; ++t) pool.emplace_back(work, t);
    for (std::thread& th : pool) th.join();
  }
  return out;
}

// The root children's visits and wins summed over the trees. Every tree has the same root children in the same
// order, so they add up index by index.
std::vector<RootChild> sumRootChildren(const std::vector<std::optional<Search>>& searches) {
  std::vector<RootChild> total = searches[0]->rootChildren();
  for (std::size_t t = 1; t < searches.size(); ++t) {
    const std::vector<RootChild> more = searches[t]->rootChildren();
    for (std::size_t i = 0; i < total.size(); ++i) {
      total[i].visits += more[i].visits;
      total[i].wins += more[i].wins;
    }
  }
  return total;
}

// The index of the move to play: most visits wins; equal visits go to the better winning rate, then to the first.
std::size_t mostVisited(const std::vector<RootChild>& children) {
  std::size_t best = 0;
  for (std::size_t i = 1; i < children.size(); ++i) {
    const RootChild& a = children[i];
    const RootChild& b = children[best];
    if (a.visits > b.visits || (a.visits == b.visits && a.wins > b.wins)) best = i;
  }
  return best;
}

// The figures of a search that began at `start` and chose `chosen`.
EngineStats statsOf(std::chrono::steady_clock::time_point start, const ThreadSearches& searched, double komi,
                    const RootChild& chosen) {
  EngineStats stats;
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  for (long p : searched.playouts) stats.playouts += p;
  for (long r : searched.reused) stats.reusedVisits += r;
  stats.seconds = elapsed;
  stats.komi = komi;
  stats.playoutsPerSecond = elapsed > 0 ? static_cast<double>(stats.playouts) / elapsed : 0;
  stats.visits = chosen.visits;
  stats.winrate = chosen.visits > 0 ? chosen.wins / static_cast<double>(chosen.visits) : 0;
  return stats;
}

}  // namespace

struct Engine::Trees {
  std::vector<std::optional<Search>> searches;  // one per thread
  std::vector<Move> moves;                      // the game's moves at the trees' root
  int size = 0;
  double komi = 0;
  Color color = Color::Empty;  // the colour the trees searched for

  Trees(const Game& game, Color searched, std::vector<std::optional<Search>> trees)
      : searches(std::move(trees)), moves(game.moves()), size(game.size()), komi(game.komi()), color(searched) {}

  // The moves played since the root when `game` continues the searched game with the same board and komi, for
  // `color`; nothing otherwise. Passes are kept in the answer (Search::advance refuses them).
  std::optional<std::vector<Move>> pathTo(const Game& game, Color asked) const {
    if (game.size() != size || game.komi() != komi || asked != color) return std::nullopt;
    const std::vector<Move>& now = game.moves();
    if (now.size() <= moves.size() || !std::equal(moves.begin(), moves.end(), now.begin())) return std::nullopt;
    return std::vector<Move>(now.begin() + static_cast<std::ptrdiff_t>(moves.size()), now.end());
  }
};

Engine::Engine(EngineOptions options) : m_options(options), m_patterns(std::make_shared<const PatternTable>()) {
  m_options.threads = std::max(1, m_options.threads);
  if (m_options.playouts <= 0 && m_options.seconds <= 0) m_options.playouts = kDefaultPlayouts;
}

Engine::~Engine() = default;
Engine::Engine(Engine&&) noexcept = default;
Engine& Engine::operator=(Engine&&) noexcept = default;

Move Engine::genmove(const Game& game, Color color, std::optional<double> seconds) {
  const auto start = std::chrono::steady_clock::now();
  m_stats = {};
  if (game.phase() != Phase::Playing) return Move::pass(color);
  // Asked out of turn (GTP's genmove allows it), the colour asked for is judged as if it were its turn (the
  // root moves below, and the pass, which only a copy of the game plays).
  if (passingWins(game, color)) return Move::pass(color);
  SearchSetup setup;
  setup.rootMoves = rootMovesFor(game, color);
  if (setup.rootMoves.empty()) return Move::pass(color);
  setup.board = &game.board();
  setup.color = color;
  setup.last = lastVertex(game);
  setup.lastOwn = lastVertex(game, 2);
  setup.komi = game.komi() + dynamicKomi(game);
  setup.seed = positionSeed(m_options.seed, game, color, 0);
  setup.deadline = deadlineFor(start, seconds ? *seconds : m_options.seconds);
  setup.patterns = m_patterns.get();
  setup.model = m_options.moveModel ? &MoveModel::builtin() : nullptr;

  // The old trees go on only for the same game moved on; each tree checks the path and the position itself.
  std::optional<std::vector<Move>> path;
  std::unique_ptr<Trees> old = std::move(m_trees);
  if (m_options.reuse && old && static_cast<int>(old->searches.size()) == m_options.threads) {
    path = old->pathTo(game, color);
  }
  std::vector<std::optional<Search>> oldSearches;
  if (old) oldSearches = std::move(old->searches);
  ThreadSearches searched = runSearches(setup, m_options, std::move(oldSearches), path);

  const std::vector<RootChild> total = sumRootChildren(searched.searches);
  const RootChild& chosen = total[mostVisited(total)];
  m_stats = statsOf(start, searched, setup.komi, chosen);
  if (m_options.reuse) m_trees = std::make_unique<Trees>(game, color, std::move(searched.searches));
  if (m_options.resignThreshold > 0 && m_stats.visits > 0 && m_stats.winrate < m_options.resignThreshold) {
    return Move::resign(color);
  }
  return Move::play(color, game.board().point(chosen.move));
}

}  // namespace tengen::engine
