#include "tengen/engine/judgment.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>

#include "tengen/core/rules.h"
#include "tengen/engine/move_model.h"
#include "tengen/engine/policy_input.h"

#include "patterns.h"
#include "position.h"
#include "search.h"

namespace tengen::engine {

namespace {

using Vertex = Board::Vertex;

// The default budget. A playout from a position lasts about one and a half times its empty points, and costs about
// as much again in the tree (descent, expansion, the move model's features) as kTreeMoves playout moves; the budget
// buys kBudgetMoves of that: about 250 ms on one core on 19x19, whatever the stage of the game. Smaller boards stop
// at their own most (9x9: about 45 ms). The count depends on the position alone, never on the machine's speed.
constexpr long kBudgetMoves = 1'150'000;
constexpr long kTreeMoves = 270;
constexpr long kFewest = 300;
long mostPlayouts(int size) { return size <= 9 ? 900 : size <= 13 ? 2500 : 4000; }

// How far a candidate's winning rate may lie below its mean, in standard errors, for its lower confidence bound.
constexpr double kLcbErrors = 2;

}  // namespace

SearchReport reportOf(const Search& search, const Board& root, Color toMove, double deduction, int maxCandidates,
                      int maxLine) {
  // Black's expected margin from a score sum over `count` playouts.
  auto blackMargin = [deduction](double scoreSum, long count) {
    return count > 0 ? scoreSum / static_cast<double>(count) - deduction : -deduction;
  };
  SearchReport out;
  out.toMove = toMove;
  const Outcomes& outcomes = search.outcomes();
  out.playouts = outcomes.playouts;
  const double sign = toMove == Color::Black ? 1 : -1;
  out.scoreLead = sign * blackMargin(outcomes.blackSum - outcomes.whiteSum, outcomes.playouts);
  const std::vector<RootChild> children = search.rootChildren();
  long visits = 0;
  double wins = 0;
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < children.size(); ++i) {
    visits += children[i].visits;
    wins += children[i].wins;
    if (children[i].visits > 0) order.push_back(i);
  }
  out.winrate = visits > 0 ? wins / static_cast<double>(visits) : 0.5;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    const RootChild& x = children[a];
    const RootChild& y = children[b];
    if (x.visits != y.visits) return x.visits > y.visits;
    return x.wins / static_cast<double>(x.visits) > y.wins / static_cast<double>(y.visits);
  });
  if (static_cast<int>(order.size()) > maxCandidates)
    order.resize(static_cast<std::size_t>(std::max(0, maxCandidates)));
  for (std::size_t i : order) {
    const RootChild& child = children[i];
    SearchCandidate c;
    c.move = Move::play(toMove, root.point(child.move));
    c.visits = child.visits;
    c.winrate = child.wins / static_cast<double>(child.visits);
    c.lcb =
        std::max(0.0, c.winrate - kLcbErrors * std::sqrt(c.winrate * (1 - c.winrate) / static_cast<double>(c.visits)));
    c.scoreLead = sign * blackMargin(child.scoreSum, child.scored);
    c.prior = child.prior;
    Color mover = toMove;
    for (const Vertex v : search.principalVariation(i, maxLine)) {
      c.pv.push_back(Move::play(mover, root.point(v)));
      mover = opponent(mover);
    }
    out.candidates.push_back(std::move(c));
  }
  const int size = root.size();
  out.ownership.assign(static_cast<std::size_t>(size) * size, 0.0F);
  if (outcomes.playouts > 0) {
    for (int row = 0; row < size; ++row) {
      for (int col = 0; col < size; ++col) {
        out.ownership[static_cast<std::size_t>(row) * size + col] =
            static_cast<float>(outcomes.owned[static_cast<std::size_t>(root.vertex({row, col}))]) /
            static_cast<float>(outcomes.playouts);
      }
    }
  }
  return out;
}

long estimatePlayouts(const Game& game) {
  const long expectedLength = static_cast<long>(game.board().emptyCount()) * 3 / 2 + 10;
  const long most = mostPlayouts(game.size());
  return std::clamp(kBudgetMoves / (expectedLength + kTreeMoves), std::min(kFewest, most), most);
}

struct AnalysisSearch::State {
  Board board;
  Color toMove;
  bool territory;
  double komi;      // the game's
  double handicap;  // White's compensation for Black's handicap stones under the rules
  PatternTable patterns;
  Search search;
  long playouts = 0;
  // The network's judgment of the position and its share of the estimate (0: none read).
  double netShare = 0;
  NetJudgment net;
  std::vector<float> netOwnership;  // per point, row-major, for the side to move
  Vertex last = Board::kNoVertex;
  // The network's judgment after each root move a report has shown, by vertex, for the side that moved (read once:
  // the position after a root move does not change as the search grows).
  mutable std::vector<std::optional<NetJudgment>> afterMove;

  State(const Game& game, Color color, const JudgmentOptions& options)
      : board(game.board()),
        toMove(color),
        territory(game.ruleSet().scoring == Scoring::Territory),
        komi(game.komi()),
        handicap(handicapCompensation(game.ruleSet().rules, game.handicapStones())),
        search(game.board(), color, lastVertex(game), lastVertex(game, 2),
               game.komi() + handicapCompensation(game.ruleSet().rules, game.handicapStones()) + dynamicKomi(game),
               rootMovesFor(game, color), options.seed, &patterns,
               options.search.moveModel ? &MoveModel::builtin() : nullptr,
               options.search.policyNet ? &PolicyNet::builtin() : nullptr, searchConfigOf(options.search),
               &EvalCache::shared()) {
    search.collectOutcomes(territory);
    const PolicyNet& network = PolicyNet::builtin();
    if (options.search.netJudgment > 0 && network.judgesSize(board.size())) {
      const int size = board.size();
      std::vector<std::uint16_t> codes(static_cast<std::size_t>(size) * size);
      policyCodes(board, toMove, lastVertex(game), lastVertex(game, 2), codes.data());
      netOwnership.resize(codes.size());
      const double moverKomi = (toMove == Color::Black ? -1 : 1) * (komi + handicap);
      net =
          network.judgeCodes(codes.data(), size, toMove, GameTerms{moverKomi, territory}, nullptr, netOwnership.data());
      netShare = options.search.netJudgment;
      last = lastVertex(game);
      afterMove.resize(static_cast<std::size_t>(board.vertexEnd()));
    }
  }

  // The network's judgment of the position after toMove plays `move`, for toMove.
  NetJudgment judgedAfter(Vertex move) const {
    std::optional<NetJudgment>& known = afterMove[static_cast<std::size_t>(move)];
    if (!known) {
      Board after = board;
      after.play(toMove, move);
      const int size = board.size();
      std::vector<std::uint16_t> codes(static_cast<std::size_t>(size) * size);
      const Color next = opponent(toMove);
      policyCodes(after, next, move, last, codes.data());
      const double nextKomi = (next == Color::Black ? -1 : 1) * (komi + handicap);
      NetJudgment j =
          PolicyNet::builtin().judgeCodes(codes.data(), size, next, GameTerms{nextKomi, territory}, nullptr, nullptr);
      known = NetJudgment{1 - j.value, -j.score};
    }
    return *known;
  }
};

AnalysisSearch::AnalysisSearch(const Game& game, Color toMove, const JudgmentOptions& options)
    : m_state(std::make_unique<State>(game, toMove, options)) {}

AnalysisSearch::~AnalysisSearch() = default;
AnalysisSearch::AnalysisSearch(AnalysisSearch&&) noexcept = default;
AnalysisSearch& AnalysisSearch::operator=(AnalysisSearch&&) noexcept = default;

long AnalysisSearch::playouts() const { return m_state->playouts; }

long AnalysisSearch::run(long playouts, const std::function<bool()>& stop) {
  long done = 0;
  while (done < playouts) {
    const long chunk = std::min<long>(16, playouts - done);
    done += m_state->search.run(chunk, std::nullopt, false);
    if (stop && stop()) break;
  }
  m_state->playouts += done;
  return done;
}

SearchReport AnalysisSearch::report(int maxCandidates, int maxLine) const {
  const State& s = *m_state;
  SearchReport out = reportOf(s.search, s.board, s.toMove, s.komi + s.handicap, maxCandidates, maxLine);
  if (s.netShare <= 0) return out;
  // The network's share of the ownership and the score leads, as in judgment(): the root's from its judgment of
  // the position, each candidate's from its judgment of the position after the candidate.
  const double share = s.netShare;
  const double sign = s.toMove == Color::Black ? 1 : -1;
  if (!out.ownership.empty()) {
    for (std::size_t i = 0; i < out.ownership.size(); ++i) {
      out.ownership[i] = static_cast<float>((1 - share) * out.ownership[i] + share * sign * s.netOwnership[i]);
    }
  }
  out.scoreLead = (1 - share) * out.scoreLead + share * s.net.score;
  for (SearchCandidate& c : out.candidates) {
    if (c.move.kind != MoveKind::Play) continue;
    c.scoreLead = (1 - share) * c.scoreLead + share * s.judgedAfter(s.board.vertex(c.move.point)).score;
  }
  return out;
}

Analysis AnalysisSearch::judgment() const {
  const State& s = *m_state;
  const Board& board = s.board;
  const int size = board.size();
  const std::size_t points = static_cast<std::size_t>(size) * size;
  const SearchReport seen = report(0);
  Analysis a;
  a.size = size;
  a.final = false;
  a.playoutOwnership = seen.ownership;
  // (report() has mixed the network's share in.)
  const double sign = s.toMove == Color::Black ? 1 : -1;
  a.status.assign(points, StoneStatus::Alive);
  auto index = [size](Point p) { return static_cast<std::size_t>(p.row) * size + p.col; };

  // A chain is dead when its points' mean ownership lies at least kDeadOwnership toward the opponent.
  std::vector<std::uint8_t> judged(static_cast<std::size_t>(board.vertexEnd()), 0);
  for (int row = 0; row < size; ++row) {
    for (int col = 0; col < size; ++col) {
      const Vertex v = board.vertex({row, col});
      if (!isPlayer(board.at(v)) || judged[v]) continue;
      double sum = 0;
      int stones = 0;
      Vertex t = v;
      do {
        judged[t] = 1;
        sum += a.playoutOwnership[index(board.point(t))];
        ++stones;
        t = board.nextInChain(t);
      } while (t != v);
      const double own = (board.at(v) == Color::Black ? sum : -sum) / stones;
      if (own > -kDeadOwnership) continue;
      t = v;
      do {
        a.status[index(board.point(t))] = StoneStatus::Dead;
        t = board.nextInChain(t);
      } while (t != v);
    }
  }
  for (std::size_t i = 0; i < points; ++i) {
    if (a.status[i] == StoneStatus::Dead) a.dead.push_back({static_cast<int>(i) / size, static_cast<int>(i) % size});
  }
  const std::vector<bool> seki = sekiStones(board, a.dead);
  for (std::size_t i = 0; i < points; ++i) {
    if (!seki[i]) continue;
    a.status[i] = StoneStatus::Seki;
    a.seki.push_back({static_cast<int>(i) / size, static_cast<int>(i) % size});
  }

  a.owner.assign(points, Color::Empty);
  for (std::size_t i = 0; i < points; ++i) {
    if (a.status[i] == StoneStatus::Seki) continue;
    const float o = a.playoutOwnership[i];
    if (o >= kLikelyOwnership) a.owner[i] = Color::Black;
    if (o <= -kLikelyOwnership) a.owner[i] = Color::White;
  }

  // The expected score, its points rounded to a whole number before komi, as a count would give them.
  const Outcomes& outcomes = s.search.outcomes();
  const auto n = static_cast<double>(std::max<long>(1, outcomes.playouts));
  Score& score = a.score;
  score.komi = s.komi;
  score.handicap = s.handicap;
  // Black's points minus White's before komi: the playouts' mean, and the network's score (the mover's margin with
  // komi) turned into the same.
  const double playoutDifference = (outcomes.blackSum - outcomes.whiteSum) / n;
  const double netDifference = sign * s.net.score + score.komi + score.handicap;
  const double difference = std::round((1 - s.netShare) * playoutDifference + s.netShare * netDifference);
  score.black = std::round(outcomes.blackSum / n);
  score.white = score.black - difference;
  score.margin = difference - score.komi - score.handicap;
  score.result = resultString(score.margin);
  score.owner = a.owner;
  return a;
}

Analysis estimate(const Game& game, Color toMove, const JudgmentOptions& options, const std::stop_token& stop) {
  AnalysisSearch search(game, toMove, options);
  const long playouts = options.playouts > 0 ? options.playouts : estimatePlayouts(game);
  if (stop.stop_possible()) {
    search.run(playouts, [&stop] { return stop.stop_requested(); });
  } else {
    search.run(playouts);
  }
  return search.judgment();
}

Analysis estimate(const Game& game, const JudgmentOptions& options) { return estimate(game, game.toMove(), options); }

JudgmentOptions JudgmentOptions::forAnalysis(std::uint64_t seed) {
  JudgmentOptions options;
  options.seed = seed;
  options.search.policyNet = true;
  // The network's half of the values and the score leads (docs/scoring.md, "The live analysis").
  options.search.valueShare = kAnalysisNetShare;
  options.search.netJudgment = kAnalysisNetShare;
  return options;
}

Analysis judge(const Game& game, const std::stop_token& stop, const JudgmentOptions& options) {
  const bool endedByPasses = !game.moves().empty() && game.moves().back().kind == MoveKind::Pass;
  if (game.phase() == Phase::Finished && !endedByPasses) {
    // Resigned or lost on time: the result is the game's, the position judged as it stood before.
    Game before = game;
    const bool resigned = !game.moves().empty() && game.moves().back().kind == MoveKind::Resign;
    before.undoTo(game.moveCount() - (resigned ? 1 : 0));
    Analysis judged = before.phase() == Phase::Playing ? judge(before, stop, options) : analyze(game);
    judged.score.result = game.result();
    judged.final = true;
    return judged;
  }
  Analysis counted = analyze(game);
  if (counted.final || game.phase() != Phase::Playing) return counted;
  return estimate(game, game.toMove(), options, stop);
}

std::vector<bool> settledPoints(const Analysis& asFinished, const Analysis& estimated, const Game& game) {
  const Board& board = game.board();
  // Under area scoring a dame point is worth a point to whoever fills it; under territory scoring nothing.
  const bool dameSettled = game.ruleSet().scoring == Scoring::Territory;
  const int size = board.size();
  const std::size_t points = static_cast<std::size_t>(size) * size;
  std::vector<bool> settled(points, false);
  auto index = [size](Point p) { return static_cast<std::size_t>(p.row) * size + p.col; };
  auto live = [&](Vertex u) {
    return isPlayer(board.at(u)) && asFinished.status[index(board.point(u))] != StoneStatus::Dead;
  };
  for (int row = 0; row < size; ++row) {
    for (int col = 0; col < size; ++col) {
      const std::size_t i = index({row, col});
      const Vertex v = board.vertex({row, col});
      const Color owner = asFinished.owner[i];
      if (owner == Color::Empty) {
        // Seki stones and the points beside them are settled as they are, and dame where filling it gains nothing;
        // any other point nobody holds is an open border.
        if (asFinished.status[i] == StoneStatus::Seki) {
          settled[i] = true;
          continue;
        }
        bool black = false;
        bool white = false;
        bool seki = false;
        for (int d : board.neighbourOffsets()) {
          const Vertex u = v + d;
          if (!live(u)) continue;
          black |= board.at(u) == Color::Black;
          white |= board.at(u) == Color::White;
          seki |= asFinished.status[index(board.point(u))] == StoneStatus::Seki;
        }
        settled[i] = board.at(v) == Color::Empty && ((black && white && dameSettled) || seki);
        continue;
      }
      if (estimated.playoutOwnership.empty()) continue;
      const double o = estimated.playoutOwnership[i];
      settled[i] = owner == Color::Black ? o >= kSettledOwnership : o <= -kSettledOwnership;
    }
  }
  return settled;
}

}  // namespace tengen::engine
