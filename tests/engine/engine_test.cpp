// The built-in engine: it takes and saves chains in atari, proposes only legal moves, repeats itself for a seed,
// passes when passing wins and tells dead stones from live ones.
#include "tengen/engine/engine.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tengen/core/coords.h"
#include "tengen/core/game.h"

namespace tengen::engine {
namespace {

std::vector<Point> pointsOf(const std::vector<std::string>& rows, char mark) {
  std::vector<Point> points;
  for (int r = 0; r < static_cast<int>(rows.size()); ++r) {
    for (int c = 0; c < static_cast<int>(rows[static_cast<std::size_t>(r)].size()); ++c) {
      if (rows[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] == mark) points.push_back({r, c});
    }
  }
  return points;
}

// A game whose setup stones are the diagram's ('X' black, 'O' white, row 0 at the top), toMove to play.
Game gameFromDiagram(const std::vector<std::string>& rows, Color toMove, double komi, Rules rules = Rules::Chinese) {
  GameConfig config;
  config.size = static_cast<int>(rows.size());
  config.rules = rules;
  config.komi = komi;
  Game game(config);
  EXPECT_TRUE(game.addSetupStones(Color::Black, pointsOf(rows, 'X')));
  EXPECT_TRUE(game.addSetupStones(Color::White, pointsOf(rows, 'O')));
  game.setToMove(toMove);
  return game;
}

EngineOptions withPlayouts(long playouts, std::uint64_t seed = 1) {
  EngineOptions options;
  options.playouts = playouts;
  options.seed = seed;
  return options;
}

TEST(Engine, CapturesAChainInAtari) {
  // White's three stones have one liberty left, at F4 (row 3, column 5).
  const Game game = gameFromDiagram({".......",  //
                                     "..XXX..",  //
                                     ".XOOO..",  //
                                     "..XXX..",  //
                                     ".......",  //
                                     "....O..",  //
                                     "......."},
                                    Color::Black, 0.5);
  // Rows: the diagram's row 2 holds the white chain; its last liberty is (2, 5).
  Engine engine(withPlayouts(2000));
  const Move move = engine.genmove(game, Color::Black);
  ASSERT_EQ(move.kind, MoveKind::Play);
  EXPECT_EQ(move.point, (Point{2, 5})) << gtpVertex(move.point, 7);
  EXPECT_EQ(engine.lastStats().playouts, 2000);
  EXPECT_GT(engine.lastStats().visits, 0);
}

TEST(Engine, SavesItsOwnBigChainInAtari) {
  // Black's four stones on row 2 have one liberty, (3, 5); playing there joins the wall below.
  const Game game = gameFromDiagram({".......",  //
                                     "..OOOO.",  //
                                     ".OXXXXO",  //
                                     "..OOO.O",  //
                                     ".....X.",  //
                                     "XXXXXXX",  //
                                     "......."},
                                    Color::Black, 0.5);
  Engine engine(withPlayouts(2000));
  const Move move = engine.genmove(game, Color::Black);
  ASSERT_EQ(move.kind, MoveKind::Play);
  EXPECT_EQ(move.point, (Point{3, 5})) << gtpVertex(move.point, 7);
}

TEST(Engine, NeverProposesAnIllegalMoveInRandomPositions) {
  std::uint64_t state = 12345;
  auto next = [&](int n) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<int>((state >> 33) % static_cast<std::uint64_t>(n));
  };
  for (int position = 0; position < 50; ++position) {
    GameConfig config;
    config.size = position % 2 == 0 ? 9 : 7;
    config.rules = position % 3 == 0 ? Rules::Japanese : position % 3 == 1 ? Rules::Chinese : Rules::TrompTaylor;
    Game game(config);
    const int length = next(3 * config.size * config.size / 2);
    for (int i = 0; i < length && game.phase() == Phase::Playing; ++i) {
      const Point p{next(config.size), next(config.size)};
      const Move m =
          game.isLegal(Move::play(game.toMove(), p)) ? Move::play(game.toMove(), p) : Move::pass(game.toMove());
      game.play(m);
    }
    if (game.phase() != Phase::Playing) game.resumePlay();
    Engine engine(withPlayouts(40, static_cast<std::uint64_t>(position)));
    const Move move = engine.genmove(game, game.toMove());
    EXPECT_EQ(move.color, game.toMove());
    if (move.kind == MoveKind::Play) {
      EXPECT_EQ(game.check(move), RejectReason::None) << "position " << position << ": " << gtpMove(move, game.size());
    } else {
      EXPECT_EQ(move.kind, MoveKind::Pass);
    }
  }
}

TEST(Engine, TheSameSeedAndPlayoutsGiveTheSameMove) {
  Game game(GameConfig{9, Rules::Chinese, std::nullopt, 0});
  for (const char* v : {"E5", "C3", "G7"}) {
    ASSERT_EQ(game.play(Move::play(game.toMove(), parseGtpVertex(v, 9)->point)), RejectReason::None);
  }
  for (std::uint64_t seed : {1ULL, 7ULL, 99ULL}) {
    Engine a(withPlayouts(500, seed));
    Engine b(withPlayouts(500, seed));
    const Move first = a.genmove(game, Color::White);
    EXPECT_EQ(first, b.genmove(game, Color::White));
    EXPECT_EQ(first, a.genmove(game, Color::White));
    EXPECT_EQ(a.lastStats().visits, b.lastStats().visits);
    EXPECT_EQ(a.lastStats().winrate, b.lastStats().winrate);
  }
}

TEST(Engine, RootParallelismSumsThePlayouts) {
  Game game(GameConfig{9, Rules::Chinese, std::nullopt, 0});
  EngineOptions options = withPlayouts(601);
  options.threads = 2;
  Engine engine(options);
  const Move move = engine.genmove(game, Color::Black);
  EXPECT_EQ(move.kind, MoveKind::Play);
  EXPECT_EQ(engine.lastStats().playouts, 601);
}

TEST(Engine, ATimeBudgetLimitsTheSearch) {
  Game game(GameConfig{9, Rules::Chinese, std::nullopt, 0});
  EngineOptions options;
  options.seconds = 0.2;
  options.playouts = 0;
  Engine engine(options);
  EXPECT_EQ(engine.genmove(game, Color::Black).kind, MoveKind::Play);
  EXPECT_LT(engine.lastStats().seconds, 1.0);
  EXPECT_GT(engine.lastStats().playouts, 16);
}

// Black owns three columns, White two, both with three sure eyes; komi 0.5 leaves Black 4.5 ahead.
const std::vector<std::string> kSettled = {".XXO.",  //
                                           "XXXOO",  //
                                           ".XXO.",  //
                                           "XXXOO",  //
                                           ".XXO."};
// As above with a neutral column between the walls, where either side can still play.
const std::vector<std::string> kWithDame = {".X.O.",  //
                                            "XX.OO",  //
                                            ".X.O.",  //
                                            "XX.OO",  //
                                            ".X.O."};

TEST(Engine, PassesAfterTheOpponentPassesWhenPassingWins) {
  Game game = gameFromDiagram(kSettled, Color::White, 0.5);
  ASSERT_EQ(game.play(Move::pass(Color::White)), RejectReason::None);
  Engine engine(withPlayouts(300));
  EXPECT_EQ(engine.genmove(game, Color::Black), Move::pass(Color::Black));
}

TEST(Engine, PlaysOnAfterTheOpponentPassesWhenPassingLoses) {
  // Even, so with komi -0.5 White is half a point behind and passing would end the game lost.
  Game game = gameFromDiagram(kWithDame, Color::Black, -0.5);
  ASSERT_EQ(game.play(Move::pass(Color::Black)), RejectReason::None);
  Engine engine(withPlayouts(300));
  EXPECT_EQ(engine.genmove(game, Color::White).kind, MoveKind::Play);
}

TEST(Engine, PassesWhenOnlyItsOwnEyesAreLeft) {
  // Black may fill only its own eyes; White's points are all suicide for Black.
  const Game game = gameFromDiagram({"X.XO.",  //
                                     "XXXOO",  //
                                     "X.XO.",  //
                                     "XXXOO",  //
                                     "X.XO."},
                                    Color::Black, 0.5);
  Engine engine(withPlayouts(100));
  EXPECT_EQ(engine.genmove(game, Color::Black), Move::pass(Color::Black));
}

TEST(Engine, DeadStonesFindsALoneStoneInTerritoryAndNoLiveGroup) {
  const Game game = gameFromDiagram({"...X.O.",  //
                                     ".O.X.O.",  //
                                     "...X.O.",  //
                                     "...X.O.",  //
                                     "...X.O.",  //
                                     "...X.O.",  //
                                     "...X.O."},
                                    Color::Black, 0.5);
  Engine engine(withPlayouts(1000));
  EXPECT_EQ(engine.deadStones(game, Color::Black), (std::vector<Point>{{1, 1}}));
  EXPECT_EQ(engine.deadStones(game, Color::White), (std::vector<Point>{{1, 1}}));
  EXPECT_TRUE(engine.deadStones(gameFromDiagram(kSettled, Color::Black, 0.5), Color::Black).empty());
}

TEST(Engine, DoesNotMoveWhenTheGameIsOver) {
  Game game(GameConfig{5, Rules::Chinese, std::nullopt, 0});
  ASSERT_EQ(game.play(Move::pass(Color::Black)), RejectReason::None);
  ASSERT_EQ(game.play(Move::pass(Color::White)), RejectReason::None);
  Engine engine(withPlayouts(10));
  EXPECT_EQ(engine.genmove(game, Color::Black).kind, MoveKind::Pass);
}

}  // namespace
}  // namespace tengen::engine
