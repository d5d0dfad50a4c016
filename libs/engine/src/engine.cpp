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

}  // namespace

struct Engine::Trees {
  std::vector<std::optional<Search>> searches;  // one per thread
  std::vector<Move> moves;                      // the game's moves at the trees' root
  int size = 0;
  double komi = 0;
  Color color = Color::Empty;  // the colour the trees searched for

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

  // After the opponent's pass, passing ends the game: do it when the final count (the one analysis every result
  // comes from) wins.
  if (!game.moves().empty() && game.moves().back().kind == MoveKind::Pass &&
      game.moves().back().color == opponent(color)) {
    Game ended = game;
    ended.setStrictTurn(false);
    if (ended.play(Move::pass(color)) == RejectReason::None) {
      const Score score = analyze(ended).score;
      if (color == Color::Black ? score.margin > 0 : score.margin < 0) return Move::pass(color);
    }
  }

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
  if (rootMoves.empty()) return Move::pass(color);

  const int threads = m_options.threads;
  const double budgetSeconds = seconds ? *seconds : m_options.seconds;
  std::optional<std::chrono::steady_clock::time_point> deadline;
  if (budgetSeconds > 0) {
    deadline = start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                           std::chrono::duration<double>(budgetSeconds));
  }
  const std::uint64_t seed = positionSeed(m_options.seed, game, color, 0);
  const Vertex last = lastVertex(game);
  const Vertex lastOwn = lastVertex(game, 2);
  const MoveModel* model = m_options.moveModel ? &MoveModel::builtin() : nullptr;
  const double searchKomi = game.komi() + dynamicKomi(game);

  // The old trees go on only for the same game moved on; each tree checks the path and the position itself.
  std::optional<std::vector<Move>> path;
  std::unique_ptr<Trees> old = std::move(m_trees);
  if (m_options.reuse && old && static_cast<int>(old->searches.size()) == threads) path = old->pathTo(game, color);
  auto trees = std::make_unique<Trees>();
  trees->moves = game.moves();
  trees->size = size;
  trees->komi = game.komi();
  trees->color = color;

  std::vector<std::optional<Search>> searches(static_cast<std::size_t>(threads));
  std::vector<long> playouts(static_cast<std::size_t>(threads), 0);
  std::vector<long> reused(static_cast<std::size_t>(threads), 0);
  auto work = [&](int t) {
    const auto i = static_cast<std::size_t>(t);
    // The playout budget is split so the total stays what was asked; the first trees take the remainder.
    long budget = 0;
    if (m_options.playouts > 0) {
      budget = m_options.playouts / threads + (t < m_options.playouts % threads ? 1 : 0);
      budget = std::max(1L, budget);
    }
    const std::uint64_t treeSeed = seed + static_cast<std::uint64_t>(t);
    if (path && old->searches[i] &&
        old->searches[i]->advance(*path, board, color, last, lastOwn, searchKomi, rootMoves, treeSeed)) {
      searches[i] = std::move(old->searches[i]);
      reused[i] = searches[i]->reusedVisits();
    } else {
      // Dropped before the new tree grows, so at most one old arena is held alongside the new ones.
      if (old && i < old->searches.size()) old->searches[i].reset();
      searches[i].emplace(board, color, last, lastOwn, searchKomi, rootMoves, treeSeed, m_patterns.get(), model);
    }
    playouts[i] = searches[i]->run(budget, deadline, m_options.earlyStop);
  };
  if (threads == 1) {
    work(0);
  } else {
    std::vector<std::thread> pool;
    pool.reserve(static_cast<std::size_t>(threads));
    for (int t = 0; t < threads; ++t) pool.emplace_back(work, t);
    for (std::thread& th : pool) th.join();
  }
  old.reset();

  // Every tree has the same root children in the same order, so the visits add up index by index.
  std::vector<RootChild> total = searches[0]->rootChildren();
  for (int t = 1; t < threads; ++t) {
    const std::vector<RootChild> more = searches[static_cast<std::size_t>(t)]->rootChildren();
    for (std::size_t i = 0; i < total.size(); ++i) {
      total[i].visits += more[i].visits;
      total[i].wins += more[i].wins;
    }
  }
  std::size_t best = 0;
  for (std::size_t i = 1; i < total.size(); ++i) {
    const RootChild& a = total[i];
    const RootChild& b = total[best];
    // Most visits wins; equal visits go to the better winning rate, then to the first.
    if (a.visits > b.visits || (a.visits == b.visits && a.wins > b.wins)) best = i;
  }

  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  for (long p : playouts) m_stats.playouts += p;
  for (long r : reused) m_stats.reusedVisits += r;
  m_stats.seconds = elapsed;
  m_stats.komi = searchKomi;
  m_stats.playoutsPerSecond = elapsed > 0 ? static_cast<double>(m_stats.playouts) / elapsed : 0;
  m_stats.visits = total[best].visits;
  m_stats.winrate = total[best].visits > 0 ? total[best].wins / static_cast<double>(total[best].visits) : 0;

  if (m_options.reuse) {
    trees->searches = std::move(searches);
    m_trees = std::move(trees);
  }

  if (m_options.resignThreshold > 0 && m_stats.visits > 0 && m_stats.winrate < m_options.resignThreshold) {
    return Move::resign(color);
  }
  return Move::play(color, board.point(total[best].move));
}

}  // namespace tengen::engine
