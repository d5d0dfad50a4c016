// The search tree shared by several threads (tree parallelism) without a lock: every playout of the budget is run
// once and reaches the tree and the outcomes, no update is lost, the lines read are legal, the threads finish
// together at a deadline, and the tactics one thread finds are found with two. The network's evaluation cache gives
// back exactly what the network said. And the network's exploration term: where the playouts cannot tell the moves
// apart, the visits follow the network.
#include "search.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <numeric>
#include <vector>

#include "tengen/core/board.h"
#include "tengen/core/coords.h"
#include "tengen/core/game.h"
#include "tengen/engine/engine.h"
#include "tengen/engine/move_model.h"
#include "tengen/engine/policy_net.h"

#include "eval_cache.h"
#include "patterns.h"
#include "position.h"
#include "support/diagram.h"

namespace tengen::engine {
namespace {

Game nineByNine(const std::vector<const char*>& moves) {
  Game game(GameConfig{9, Rules::Chinese, 7.5, 0});
  for (const char* v : moves) {
    EXPECT_EQ(game.play(Move::play(game.toMove(), parseGtpVertex(v, 9)->point)), RejectReason::None) << v;
  }
  return game;
}

long rootVisits(const Search& search) {
  long total = 0;
  for (const RootChild& child : search.rootChildren()) total += child.visits;
  return total;
}

TEST(SharedTree, TwoThreadsRunTheBudgetExactlyAndEveryPlayoutReachesTheRoot) {
  const Game game = nineByNine({"E5", "C3", "G7"});
  const PatternTable patterns;
  Search search(game.board(), Color::White, lastVertex(game), lastVertex(game, 2), 7.5,
                rootMovesFor(game, Color::White), 5, &patterns, &MoveModel::builtin(), &PolicyNet::builtin());
  EXPECT_EQ(search.run(3001, std::nullopt, false, 2), 3001);
  EXPECT_EQ(rootVisits(search), 3001);
  // Another run on the same tree, alone this time, adds exactly its own.
  EXPECT_EQ(search.run(99, std::nullopt, false, 1), 99);
  EXPECT_EQ(rootVisits(search), 3100);
}

// Four threads on two cores are interrupted anywhere, in the middle of any update: still no visit is lost, every
// virtual loss is taken back, and every playout's end reaches the outcomes and its root child's score.
TEST(SharedTree, FourThreadsLoseNoUpdate) {
  const Game game = nineByNine({"E5", "C3", "G7"});
  const PatternTable patterns;
  Search search(game.board(), Color::White, lastVertex(game), lastVertex(game, 2), 7.5,
                rootMovesFor(game, Color::White), 11, &patterns, &MoveModel::builtin(), &PolicyNet::builtin());
  search.collectOutcomes(false);
  EXPECT_EQ(search.run(20000, std::nullopt, false, 4), 20000);
  EXPECT_EQ(rootVisits(search), 20000);
  EXPECT_EQ(search.virtualLosses(), 0);
  EXPECT_EQ(search.outcomes().playouts, 20000);
  long scored = 0;
  for (const RootChild& child : search.rootChildren()) scored += child.scored;
  EXPECT_EQ(scored, 20000);
  // Each point ends each playout owned by one side or by nobody: its count lies within the playouts.
  for (const std::int32_t owned : search.outcomes().owned) EXPECT_LE(std::abs(owned), 20000);
  EXPECT_GT(search.waits().evaluations, 1);
}

TEST(EvalCache, GivesBackWhatItKeptForTheSameCodesAndSideOnly) {
  EvalCache cache(8);
  const std::vector<std::uint16_t> codes{1, 2, 3, 4};
  const std::vector<float> kept{0.1F, 0.2F, 0.3F, 0.4F};
  std::vector<float> out(4, -1.0F);
  EXPECT_FALSE(cache.find(codes.data(), 4, Color::Black, out.data()));
  cache.store(codes.data(), 4, Color::Black, kept.data());
  ASSERT_TRUE(cache.find(codes.data(), 4, Color::Black, out.data()));
  EXPECT_EQ(out, kept);
  EXPECT_FALSE(cache.find(codes.data(), 4, Color::White, out.data()));
  const std::vector<std::uint16_t> other{1, 2, 3, 5};
  EXPECT_FALSE(cache.find(other.data(), 4, Color::Black, out.data()));
  EXPECT_FALSE(cache.find(codes.data(), 3, Color::Black, out.data()));
}

// A second search of the same position with the same cache evaluates nothing: every evaluation is the cache's, and
// the tree grows exactly as without any cache.
TEST(EvalCache, ASecondSearchTakesEveryEvaluationFromItAndSearchesAlike) {
  Game game(GameConfig{19, Rules::Chinese, 7.5, 0});
  for (const char* v : {"Q16", "D4", "Q4", "C16", "R10"}) {
    ASSERT_EQ(game.play(Move::play(game.toMove(), parseGtpVertex(v, 19)->point)), RejectReason::None) << v;
  }
  const PatternTable patterns;
  EvalCache cache;
  const auto search = [&](EvalCache* c, SearchWaits& waits) {
    Search s(game.board(), Color::White, lastVertex(game), lastVertex(game, 2), 7.5, rootMovesFor(game, Color::White),
             3, &patterns, &MoveModel::builtin(), &PolicyNet::builtin(), SearchConfig{}, c);
    s.run(1500, std::nullopt, false, 1);
    waits = s.waits();
    std::vector<long> visits;
    for (const RootChild& child : s.rootChildren()) visits.push_back(child.visits);
    return visits;
  };
  SearchWaits first;
  SearchWaits second;
  SearchWaits uncached;
  const std::vector<long> fresh = search(&cache, first);
  const std::vector<long> again = search(&cache, second);
  const std::vector<long> alone = search(nullptr, uncached);
  ASSERT_GT(first.evaluations, 2);
  EXPECT_LT(first.cacheHits, first.evaluations);
  EXPECT_EQ(second.evaluations, first.evaluations);
  EXPECT_EQ(second.cacheHits, second.evaluations);
  EXPECT_EQ(uncached.cacheHits, 0);
  EXPECT_EQ(again, fresh);
  EXPECT_EQ(alone, fresh);
}

// The lines are replayed from the position with its own side to move (Black), as the tree searched it: a line read
// with the colours swapped takes other stones and can meet an occupied point.
TEST(SharedTree, TheLinesReadByTwoThreadsAreLegal) {
  const Game game = nineByNine({"E5", "C3", "G7", "C7"});
  ASSERT_EQ(game.toMove(), Color::Black);
  const PatternTable patterns;
  Search search(game.board(), Color::Black, lastVertex(game), lastVertex(game, 2), 7.5,
                rootMovesFor(game, Color::Black), 9, &patterns, &MoveModel::builtin(), &PolicyNet::builtin());
  search.run(4000, std::nullopt, false, 2);
  const std::vector<RootChild> children = search.rootChildren();
  for (std::size_t i = 0; i < children.size(); ++i) {
    if (children[i].visits < 200) continue;
    Game line = game;
    for (Board::Vertex v : search.principalVariation(i, 12)) {
      const Move move = Move::play(line.toMove(), game.board().point(v));
      ASSERT_EQ(line.play(move), RejectReason::None) << gtpMove(move, 9);
    }
  }
}

TEST(SharedTree, StopsAtTheDeadlineWithItsHelpers) {
  const Game game = nineByNine({});
  const PatternTable patterns;
  Search search(game.board(), Color::Black, Board::kNoVertex, Board::kNoVertex, 7.5, rootMovesFor(game, Color::Black),
                3, &patterns, &MoveModel::builtin(), &PolicyNet::builtin());
  const auto start = std::chrono::steady_clock::now();
  const long done = search.run(0, start + std::chrono::milliseconds(200), false, 2);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  // How much it did in 0.2 s is the machine's business: it searched, every playout reached the tree, and it
  // stopped (a helper that missed the stop would run on forever).
  EXPECT_GT(done, 0);
  EXPECT_EQ(rootVisits(search), done);
  EXPECT_LT(seconds, 5.0);
}

TEST(SharedTree, TwoThreadsFindTheCapture) {
  // White's three stones have one liberty left, at (2, 5); the same position the one-thread test captures in.
  const Board drawn = test_support::boardFromDiagram({".......",  //
                                                      "..XXX..",  //
                                                      ".XOOO..",  //
                                                      "..XXX..",  //
                                                      ".......",  //
                                                      "....O..",  //
                                                      "......."});
  Game game(GameConfig{7, Rules::Chinese, 0.5, 0});
  std::vector<Point> black;
  std::vector<Point> white;
  for (int r = 0; r < 7; ++r) {
    for (int c = 0; c < 7; ++c) {
      if (drawn.at(Point{r, c}) == Color::Black) black.push_back({r, c});
      if (drawn.at(Point{r, c}) == Color::White) white.push_back({r, c});
    }
  }
  ASSERT_TRUE(game.addSetupStones(Color::Black, black));
  ASSERT_TRUE(game.addSetupStones(Color::White, white));
  game.setToMove(Color::Black);
  EngineOptions options;
  options.playouts = 2000;
  options.threads = 2;
  options.earlyStop = false;
  // Light playouts: with the fights read in them, White's three stones die in almost every playout whatever Black
  // does first, so several moves win and the threads' interleaving picks among them.
  options.playoutFights = false;
  Engine engine(options);
  const Move move = engine.genmove(game, Color::Black);
  ASSERT_EQ(move.kind, MoveKind::Play);
  EXPECT_EQ(move.point, (Point{2, 5})) << gtpVertex(move.point, 7);
  EXPECT_EQ(engine.lastStats().playouts, 2000);
  // With the fights read, the move the two threads choose still wins.
  options.playoutFights = true;
  Engine reading(options);
  ASSERT_EQ(reading.genmove(game, Color::Black).kind, MoveKind::Play);
  EXPECT_GT(reading.lastStats().winrate, 0.5);
  EXPECT_EQ(reading.lastStats().playouts, 2000);
}

TEST(SharedTree, ReportsProgressWhileTwoThreadsSearch) {
  const Game game = nineByNine({"E5", "C3"});
  EngineOptions options;
  options.playouts = 6000;
  options.threads = 2;
  options.earlyStop = false;
  Engine engine(options);
  int reports = 0;
  SearchReport last;
  // The reports are read off the tree while the helper searches on; the last one comes after the search.
  engine.setProgress(
      [&](const SearchReport& report) {
        ++reports;
        last = report;
      },
      std::chrono::milliseconds(0));
  const Move move = engine.genmove(game, Color::Black);
  ASSERT_EQ(move.kind, MoveKind::Play);
  EXPECT_GE(reports, 2);
  ASSERT_FALSE(last.candidates.empty());
  EXPECT_EQ(last.candidates[0].move, move);
  long visits = 0;
  for (const auto& candidate : last.candidates) visits += candidate.visits;
  EXPECT_LE(visits, 6000);
  EXPECT_GT(visits, 0);
}

// A 19x19 opening after four corner moves: the playouts' winning rates differ by noise alone.
TEST(NetExploration, VisitsFollowTheNetworkWhereThePlayoutsCannotTell) {
  Game game(GameConfig{19, Rules::Chinese, 7.5, 0});
  for (const char* v : {"Q16", "D4", "Q4", "C16"}) {
    ASSERT_EQ(game.play(Move::play(game.toMove(), parseGtpVertex(v, 19)->point)), RejectReason::None) << v;
  }
  const PatternTable patterns;
  auto search = [&](bool exploration) {
    SearchConfig config;
    config.netExploration = exploration;
    Search s(game.board(), Color::Black, lastVertex(game), lastVertex(game, 2), 7.5, rootMovesFor(game, Color::Black),
             7, &patterns, &MoveModel::builtin(), &PolicyNet::builtin(), config);
    s.run(4000, std::nullopt, false, 1);
    return s.rootChildren();
  };
  const std::vector<RootChild> on = search(true);
  const std::vector<RootChild> off = search(false);
  ASSERT_EQ(on.size(), off.size());
  std::vector<std::size_t> byPrior(on.size());
  std::iota(byPrior.begin(), byPrior.end(), 0);
  std::sort(byPrior.begin(), byPrior.end(), [&](std::size_t a, std::size_t b) { return on[a].prior > on[b].prior; });
  const auto mostVisited = [](const std::vector<RootChild>& children) {
    return static_cast<std::size_t>(
        std::max_element(children.begin(), children.end(),
                         [](const RootChild& a, const RootChild& b) { return a.visits < b.visits; }) -
        children.begin());
  };
  // With the term the most visited move is one of the network's five first; the network's first choice gets more
  // of the visits than without it, and the five together at least a third.
  const std::size_t chosen = mostVisited(on);
  EXPECT_NE(std::find(byPrior.begin(), byPrior.begin() + 5, chosen), byPrior.begin() + 5)
      << gtpVertex(game.board().point(on[chosen].move), 19) << " prior " << on[chosen].prior;
  EXPECT_GT(on[byPrior[0]].visits, off[byPrior[0]].visits);
  long topFive = 0;
  for (std::size_t k = 0; k < 5; ++k) topFive += on[byPrior[k]].visits;
  EXPECT_GT(topFive, 4000 / 3);
}

// The distance weighting of AMAF: with weight 1 a playout adds at most one AMAF visit to a root child; with 3 the
// moves played early add up to three, so the root's children gather far more.
TEST(RaveDistance, WeighsTheMovesPlayedEarlyMore) {
  const Game game = nineByNine({"E5", "C3", "G7"});
  const PatternTable patterns;
  const auto raveVisits = [&](int weight) {
    SearchConfig config;
    config.raveDistance = weight;
    Search s(game.board(), Color::White, lastVertex(game), lastVertex(game, 2), 7.5, rootMovesFor(game, Color::White),
             3, &patterns, &MoveModel::builtin(), &PolicyNet::builtin(), config);
    EXPECT_EQ(s.run(2000, std::nullopt, false, 1), 2000);
    return s.rootChildren();
  };
  const std::vector<RootChild> flat = raveVisits(1);
  const std::vector<RootChild> weighted = raveVisits(3);
  double flatSum = 0;
  double weightedSum = 0;
  for (const RootChild& child : flat) {
    EXPECT_LE(child.raveVisits, 2000);
    flatSum += child.raveVisits;
  }
  for (const RootChild& child : weighted) weightedSum += child.raveVisits;
  EXPECT_GT(flatSum, 0);
  EXPECT_GT(weightedSum, 1.5 * flatSum);
}

// Criticality is read only in nodes past 1,000 visits: a search too short for any changes nothing (it draws no
// random numbers), a longer one is steered by it.
TEST(Criticality, ChangesOnlyTheNodesVisitedOften) {
  const Game game = nineByNine({"E5", "C3", "G7", "C7"});
  const PatternTable patterns;
  const auto visits = [&](double criticality, long playouts) {
    SearchConfig config;
    config.criticality = criticality;
    Search s(game.board(), Color::Black, lastVertex(game), lastVertex(game, 2), 7.5, rootMovesFor(game, Color::Black),
             11, &patterns, &MoveModel::builtin(), &PolicyNet::builtin(), config);
    s.run(playouts, std::nullopt, false, 1);
    std::vector<long> out;
    for (const RootChild& child : s.rootChildren()) out.push_back(child.visits);
    return out;
  };
  EXPECT_EQ(visits(1.1, 900), visits(0, 900));
  const std::vector<long> on = visits(1.1, 8000);
  ASSERT_GT(*std::max_element(on.begin(), on.end()), 1000);
  EXPECT_NE(on, visits(0, 8000));
}

}  // namespace
}  // namespace tengen::engine
