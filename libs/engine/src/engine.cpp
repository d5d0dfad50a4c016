#include "tengen/engine/engine.h"

#include <algorithm>
#include <chrono>
#include <optional>
#include <stop_token>
#include <utility>

#include "tengen/core/analysis.h"
#include "tengen/core/rules.h"
#include "tengen/engine/judgment.h"

#include "patterns.h"
#include "playout.h"
#include "position.h"
#include "search.h"

namespace tengen::engine {

namespace {

using Vertex = Board::Vertex;

// Playouts when neither a playout count nor a time is given.
constexpr long kDefaultPlayouts = 10000;

// Each position gets its own stream, so two moves of a game do not replay the same random numbers.
std::uint64_t positionSeed(std::uint64_t seed, const Game& game, Color color, std::uint64_t purpose) {
  return mixSeed(seed ^ mixSeed(static_cast<std::uint64_t>(game.moveCount()) * 4 + static_cast<std::uint64_t>(color) +
                                (purpose << 32)));
}

bool opponentJustPassed(const Game& game, Color color) {
  return !game.moves().empty() && game.moves().back().kind == MoveKind::Pass &&
         game.moves().back().color == opponent(color);
}

// Whether the engine reads the game's end before it searches: after the opponent's pass, and once the board is half
// full (before that no game is over, and the reading costs an estimate).
bool wantsEndReading(const Game& game, Color color) {
  const int points = game.size() * game.size();
  return opponentJustPassed(game, color) || game.board().emptyCount() * 2 <= points;
}

// The end of the game as the engine reads it: which points are settled (core's reading of the board as finished and
// the engine's own estimate agree on their owner, or they are dame or seki), and the estimate's margin for `color`.
struct EndReading {
  std::vector<bool> settled;  // per point, row-major
  double margin = 0;          // the estimate's expected margin for `color`, komi included
};

// In a cleanup every stone left on the board at the end counts as alive, so the empty points beside the opponent's
// chains that the estimate reads as dead are not settled: capturing those chains is what is left to do there.
void unsettleAroundDeadChains(std::vector<bool>& settled, const Analysis& estimated, const Board& board, Color color) {
  const int size = board.size();
  for (const Point p : estimated.dead) {
    if (board.at(p) != opponent(color)) continue;
    const Vertex v = board.vertex(p);
    for (int d : board.neighbourOffsets()) {
      if (board.at(v + d) != Color::Empty) continue;
      const Point q = board.point(v + d);
      settled[static_cast<std::size_t>(q.row) * size + q.col] = false;
    }
  }
}

EndReading readEnd(const Game& game, Color color, bool moveModel, bool cleanup, const std::stop_token& stop) {
  JudgmentOptions options;
  options.search.moveModel = moveModel;
  const Analysis estimated = estimate(game, color, options, stop);
  EndReading reading;
  reading.settled = settledPoints(analyze(game), estimated, game);
  if (cleanup) unsettleAroundDeadChains(reading.settled, estimated, game.board(), color);
  reading.margin = color == Color::Black ? estimated.score.margin : -estimated.score.margin;
  return reading;
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
  std::stop_token stop;
  const PatternTable* patterns = nullptr;
  const MoveModel* model = nullptr;
  const PolicyNet* net = nullptr;
  EvalCache* cache = nullptr;
  // Progress reports of the first tree (Engine::setProgress), and what they need.
  const Engine::Progress* progress = nullptr;
  std::chrono::milliseconds progressInterval{0};
  bool territory = false;
  double deduction = 0;  // komi and compensation, off Black's points
};

// The first tree's report, as Engine::setProgress promises it.
SearchReport progressReport(const Search& search, const SearchSetup& setup) {
  constexpr int kCandidates = 10;
  constexpr int kLine = 10;
  return reportOf(search, *setup.board, setup.color, setup.deduction, kCandidates, kLine);
}

// The tree searched, with the playouts it ran and the visits it kept from an earlier search.
struct Searched {
  std::optional<Search> search;
  long playouts = 0;
  long reused = 0;
  SearchWaits waits;  // this search's alone
};

// Grows the tree with all the threads: the old tree moved on along `path` when it can go on from the position, else
// a new one (the old one dropped first, so that at most one arena is held).
Searched runSearch(const SearchSetup& setup, const EngineOptions& options, std::optional<Search> old,
                   const std::optional<std::vector<Move>>& path) {
  Searched out;
  if (path && old &&
      old->advance(*path, *setup.board, setup.color, setup.last, setup.lastOwn, setup.komi, setup.rootMoves,
                   setup.seed)) {
    out.search = std::move(old);
    out.reused = out.search->reusedVisits();
  } else {
    old.reset();
    out.search.emplace(*setup.board, setup.color, setup.last, setup.lastOwn, setup.komi, setup.rootMoves, setup.seed,
                       setup.patterns, setup.model, setup.net, searchConfigOf(options), setup.cache);
  }
  Search& search = *out.search;
  const SearchWaits before = search.waits();
  if (setup.progress != nullptr) {
    search.collectOutcomes(setup.territory);
    auto next = std::chrono::steady_clock::now() + setup.progressInterval;
    search.setTick([tree = &search, &setup, next]() mutable {
      const auto now = std::chrono::steady_clock::now();
      if (now < next) return;
      next = now + setup.progressInterval;
      (*setup.progress)(progressReport(*tree, setup));
    });
  }
  out.playouts = search.run(options.playouts, setup.deadline, options.earlyStop, options.threads, setup.stop);
  search.setTick({});
  out.waits = search.waits() - before;
  return out;
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
EngineStats statsOf(std::chrono::steady_clock::time_point start, const Searched& searched, double komi,
                    const RootChild& chosen) {
  EngineStats stats;
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  stats.playouts = searched.playouts;
  stats.reusedVisits = searched.reused;
  stats.seconds = elapsed;
  stats.komi = komi;
  stats.playoutsPerSecond = elapsed > 0 ? static_cast<double>(stats.playouts) / elapsed : 0;
  stats.visits = chosen.visits;
  stats.winrate = chosen.visits > 0 ? chosen.wins / static_cast<double>(chosen.visits) : 0;
  stats.evaluations = searched.waits.evaluations;
  stats.cacheHits = searched.waits.cacheHits;
  stats.networkWait = searched.waits.network;
  stats.cacheWait = searched.waits.cache;
  stats.outcomesWait = searched.waits.outcomes;
  return stats;
}

}  // namespace

struct Engine::Trees {
  std::optional<Search> search;
  std::vector<Move> moves;  // the game's moves at the tree's root
  int size = 0;
  double komi = 0;
  Color color = Color::Empty;  // the colour the tree searched for

  Trees(const Game& game, Color searched, std::optional<Search> tree)
      : search(std::move(tree)), moves(game.moves()), size(game.size()), komi(game.komi()), color(searched) {}

  // The moves played since the root when `game` continues the searched game with the same board and komi, for
  // `color`; nothing otherwise. Passes are kept in the answer (Search::advance refuses them).
  std::optional<std::vector<Move>> pathTo(const Game& game, Color asked) const {
    if (game.size() != size || game.komi() != komi || asked != color) return std::nullopt;
    const std::vector<Move>& now = game.moves();
    if (now.size() <= moves.size() || !std::equal(moves.begin(), moves.end(), now.begin())) return std::nullopt;
    return std::vector<Move>(now.begin() + static_cast<std::ptrdiff_t>(moves.size()), now.end());
  }
};

void forgetEvaluations() { EvalCache::shared().clear(); }

Engine::Engine(EngineOptions options) : m_options(options), m_patterns(std::make_shared<const PatternTable>()) {
  m_options.threads = std::max(1, m_options.threads);
  if (m_options.playouts <= 0 && m_options.seconds <= 0) m_options.playouts = kDefaultPlayouts;
}

Engine::~Engine() = default;
Engine::Engine(Engine&&) noexcept = default;
Engine& Engine::operator=(Engine&&) noexcept = default;

Move Engine::genmove(const Game& game, Color color, std::optional<double> seconds, const std::stop_token& stop) {
  return chooseMove(game, color, seconds, Purpose::Play, stop);
}

Move Engine::genmoveCleanup(const Game& game, Color color, std::optional<double> seconds, const std::stop_token& stop) {
  return chooseMove(game, color, seconds, Purpose::Cleanup, stop);
}

Move Engine::chooseMove(const Game& game, Color color, std::optional<double> seconds, Purpose purpose,
                        const std::stop_token& stop) {
  const auto start = std::chrono::steady_clock::now();
  m_stats = {};
  if (game.phase() != Phase::Playing) return Move::pass(color);
  const bool cleanup = purpose == Purpose::Cleanup;
  // Asked out of turn (GTP's genmove allows it), the colour asked for is judged as if it were its turn.
  SearchSetup setup;
  setup.rootMoves = rootMovesFor(game, color);
  if (cleanup || (m_options.endReading && wantsEndReading(game, color))) {
    // When every point it could play is settled, the game is over in the players' sense: it passes (or resigns,
    // behind, where resigning is on). After the opponent's pass, and in a cleanup, it plays only where the count can
    // still change, never in an area that is settled, its own or the opponent's. Before that pass its search chooses
    // freely: in the middle of a fight a point both readings give to one side may still be the one that saves a
    // group.
    const EndReading end = readEnd(game, color, m_options.moveModel, cleanup, stop);
    const int size = game.size();
    auto settled = [&](Vertex v) {
      const Point p = game.board().point(v);
      return end.settled[static_cast<std::size_t>(p.row) * size + p.col];
    };
    // A reading a stop cut short says too little to pass on or to rule points out: the search (stopped too) then
    // answers from every point.
    const bool read = !stop.stop_requested();
    if (read && std::all_of(setup.rootMoves.begin(), setup.rootMoves.end(), settled)) {
      return m_options.resignThreshold > 0 && end.margin < 0 ? Move::resign(color) : Move::pass(color);
    }
    if (read && (cleanup || opponentJustPassed(game, color))) std::erase_if(setup.rootMoves, settled);
  }
  if (setup.rootMoves.empty()) return Move::pass(color);
  setup.board = &game.board();
  setup.color = color;
  setup.last = lastVertex(game);
  setup.lastOwn = lastVertex(game, 2);
  setup.komi = game.komi() + dynamicKomi(game);
  setup.seed = positionSeed(m_options.seed, game, color, 0);
  setup.deadline = deadlineFor(start, seconds ? *seconds : m_options.seconds);
  setup.stop = stop;
  setup.patterns = m_patterns.get();
  setup.model = m_options.moveModel ? &MoveModel::builtin() : nullptr;
  setup.net = m_options.policyNet ? &PolicyNet::builtin() : nullptr;
  setup.cache = &EvalCache::shared();
  if (m_progress) {
    setup.progress = &m_progress;
    setup.progressInterval = m_progressInterval;
    setup.territory = game.ruleSet().scoring == Scoring::Territory;
    setup.deduction = game.komi() + handicapCompensation(game.ruleSet().rules, game.handicapStones());
  }

  // The old tree goes on only for the same game moved on; the tree checks the path and the position itself.
  std::optional<std::vector<Move>> path;
  std::unique_ptr<Trees> old = std::move(m_trees);
  if (m_options.reuse && old) path = old->pathTo(game, color);
  std::optional<Search> oldSearch;
  if (old) oldSearch = std::move(old->search);
  Searched searched = runSearch(setup, m_options, std::move(oldSearch), path);

  if (m_progress) {
    (*setup.progress)(progressReport(*searched.search, setup));
    // A reused tree would otherwise go on collecting in searches nobody reports.
    searched.search->stopCollectingOutcomes();
  }
  const std::vector<RootChild> children = searched.search->rootChildren();
  const RootChild& chosen = children[mostVisited(children)];
  m_stats = statsOf(start, searched, setup.komi, chosen);
  if (m_options.reuse) m_trees = std::make_unique<Trees>(game, color, std::move(searched.search));
  if (m_options.resignThreshold > 0 && m_stats.visits > 0 && m_stats.winrate < m_options.resignThreshold) {
    return Move::resign(color);
  }
  return Move::play(color, game.board().point(chosen.move));
}

}  // namespace tengen::engine
