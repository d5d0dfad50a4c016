// The built-in engine: it takes and saves chains in atari, proposes only legal moves, repeats itself for a seed,
// passes when passing wins, tells dead stones from live ones and opens in the corners; it keeps its tree between moves
// only when the game went on from the position it searched, and stops early only when the choice is settled.
#include "tengen/engine/engine.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <future>
#include <mutex>
#include <stop_token>
#include <string>
#include <thread>
#include <vector>

#include "tengen/core/analysis.h"
#include "tengen/core/coords.h"
#include "tengen/core/game.h"
#include "tengen/core/random.h"
#include "tengen/engine/judgment.h"

#include "support/diagram.h"
#include "support/game_from.h"

namespace tengen::engine {
namespace {

using test_support::gameFromDiagram;

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
                                    Rules::Chinese, Color::Black, 0.5);
  // Rows: the diagram's row 2 holds the white chain; its last liberty is (2, 5).
  Engine engine(withPlayouts(2000));
  const Move move = engine.genmove(game, Color::Black);
  ASSERT_EQ(move.kind, MoveKind::Play);
  EXPECT_EQ(move.point, (Point{2, 5})) << gtpVertex(move.point, 7);
  // The budget is an upper bound: the search stops early once the capture cannot be overtaken.
  EXPECT_LE(engine.lastStats().playouts, 2000);
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
                                    Rules::Chinese, Color::Black, 0.5);
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

TEST(Engine, ATimeBudgetLimitsTheSearch) {
  Game game(GameConfig{9, Rules::Chinese, std::nullopt, 0});
  EngineOptions options;
  options.seconds = 0.2;
  options.playouts = 0;
  Engine engine(options);
  EXPECT_EQ(engine.genmove(game, Color::Black).kind, MoveKind::Play);
  // Without a playout limit only the clock stops it; how far it got in 0.2 s is the machine's business, so the
  // bounds are wide: it stopped, and it searched.
  EXPECT_LT(engine.lastStats().seconds, 5.0);
  EXPECT_GT(engine.lastStats().playouts, 0);
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
  Game game = gameFromDiagram(kSettled, Rules::Chinese, Color::White, 0.5);
  ASSERT_EQ(game.play(Move::pass(Color::White)), RejectReason::None);
  Engine engine(withPlayouts(300));
  EXPECT_EQ(engine.genmove(game, Color::Black), Move::pass(Color::Black));
}

TEST(Engine, PlaysOnAfterTheOpponentPassesWhenPassingLoses) {
  // Even, so with komi -0.5 White is half a point behind and passing would end the game lost.
  Game game = gameFromDiagram(kWithDame, Rules::Chinese, Color::Black, -0.5);
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
                                    Rules::Chinese, Color::Black, 0.5);
  Engine engine(withPlayouts(100));
  EXPECT_EQ(engine.genmove(game, Color::Black), Move::pass(Color::Black));
}

// The first 24 moves of a 9x9 game between two engines: half the board is still empty.
const std::vector<std::string> kOpen24 = {"F6", "E5", "D5", "E6", "E4", "F5", "F4", "G5", "D6", "D4", "G4", "C4",
                                          "E7", "D7", "G6", "H5", "H4", "C6", "D8", "C5", "C7", "D6", "F8", "C8"};

TEST(Engine, PlaysOnAfterAPassInAnOpenPosition) {
  Game game = test_support::gameFrom(9, Rules::Chinese, kOpen24);
  ASSERT_EQ(game.play(Move::pass(Color::Black)), RejectReason::None);
  for (std::uint64_t seed : {1, 2, 3}) {
    Engine engine(withPlayouts(1000, seed));
    EXPECT_EQ(engine.genmove(game, Color::White).kind, MoveKind::Play) << seed;
    Engine asBlack(withPlayouts(1000, seed));
    Game other = test_support::gameFrom(9, Rules::Chinese, kOpen24);
    ASSERT_EQ(other.play(Move::play(Color::Black, {8, 8})), RejectReason::None);
    ASSERT_EQ(other.play(Move::pass(Color::White)), RejectReason::None);
    EXPECT_EQ(asBlack.genmove(other, Color::Black).kind, MoveKind::Play) << seed;
  }
}

// Black's area left of its wall on D, White's right of its wall on F; E is dame between the walls.
const std::vector<std::string> kOnlyDame = {"...X.O...",  //
                                            "...X.O...",  //
                                            "...X.O...",  //
                                            "...X.O...",  //
                                            "...X.O...",  //
                                            "...X.O...",  //
                                            "...X.O...",  //
                                            "...X.O...",  //
                                            "...X.O..."};

// Plays the engine as `color` against an opponent that always passes, until the engine passes too or `most` moves;
// answers the engine's moves in order.
std::vector<Move> playAgainstPasses(Game& game, Color color, long playouts, int most) {
  Engine engine(withPlayouts(playouts));
  std::vector<Move> played;
  for (int i = 0; i < most; ++i) {
    if (game.toMove() != color) {
      EXPECT_EQ(game.play(Move::pass(opponent(color))), RejectReason::None);
    }
    const Move move = engine.genmove(game, color);
    played.push_back(move);
    EXPECT_EQ(game.play(move), RejectReason::None);
    if (move.kind != MoveKind::Play) break;
  }
  return played;
}

TEST(Engine, PassesWhenOnlyDameIsLeftUnderTerritoryRules) {
  Game game = gameFromDiagram(kOnlyDame, Rules::Japanese, Color::White, 0.5);
  const std::vector<Move> played = playAgainstPasses(game, Color::Black, 500, 3);
  ASSERT_EQ(played.size(), 1U);
  EXPECT_EQ(played.front(), Move::pass(Color::Black));
}

TEST(Engine, FillsDameUnderAreaRulesThenPasses) {
  // Under area scoring each dame point is a point for whoever fills it: the engine fills them, nothing else.
  Game game = gameFromDiagram(kOnlyDame, Rules::Chinese, Color::White, 0.5);
  const std::vector<Move> played = playAgainstPasses(game, Color::Black, 500, 14);
  ASSERT_FALSE(played.empty());
  EXPECT_EQ(played.back(), Move::pass(Color::Black));
  for (std::size_t i = 0; i + 1 < played.size(); ++i) {
    ASSERT_EQ(played[i].kind, MoveKind::Play);
    EXPECT_EQ(played[i].point.col, 4) << gtpMove(played[i], 9);  // column E
  }
}

// Black's wall on D, White's on G: E and F are open borders, Black's area the larger (36 points against 27).
const std::vector<std::string> kOpenBorders = {"...X..O..",  //
                                               "...X..O..",  //
                                               "...X..O..",  //
                                               "...X..O..",  //
                                               "...X..O..",  //
                                               "...X..O..",  //
                                               "...X..O..",  //
                                               "...X..O..",  //
                                               "...X..O.."};

TEST(Engine, AheadItClosesTheBordersThenPasses) {
  Game game = gameFromDiagram(kOpenBorders, Rules::Japanese, Color::White, 0.5);
  const std::vector<Move> played = playAgainstPasses(game, Color::Black, 500, 24);
  ASSERT_FALSE(played.empty());
  EXPECT_EQ(played.back(), Move::pass(Color::Black));
  EXPECT_GE(played.size(), 2U);  // the borders were open: it played before passing
  for (std::size_t i = 0; i + 1 < played.size(); ++i) {
    ASSERT_EQ(played[i].kind, MoveKind::Play);
    // Never inside its own area (columns A-C) nor White's (H-J).
    EXPECT_GE(played[i].point.col, 4) << gtpMove(played[i], 9);
    EXPECT_LE(played[i].point.col, 5) << gtpMove(played[i], 9);
  }
}

TEST(Engine, NeverAnswersAPassWithAPassWhileAPointIsUnsettled) {
  // Games between two engines in which either side sometimes passes: every time the engine answers a pass with a
  // pass, every point it could have played is settled by the end reading it decides by.
  int passesAnswered = 0;
  for (std::uint64_t seed : {11, 12}) {
    Game game(GameConfig{7, Rules::Chinese, 7.5, 0});
    Engine black(withPlayouts(400, seed));
    Engine white(withPlayouts(400, seed + 100));
    Rng rng(seed);
    for (int turn = 0; turn < 120 && game.phase() == Phase::Playing; ++turn) {
      const Color c = game.toMove();
      const bool opponentPassed = !game.moves().empty() && game.moves().back().kind == MoveKind::Pass;
      Move move = (c == Color::Black ? black : white).genmove(game, c);
      if (opponentPassed && move.kind == MoveKind::Pass) {
        ++passesAnswered;
        const Analysis estimated = estimate(game);
        const std::vector<bool> settled = settledPoints(analyze(game), estimated, game);
        for (int row = 0; row < 7; ++row) {
          for (int col = 0; col < 7; ++col) {
            if (settled[static_cast<std::size_t>(row) * 7 + col]) continue;
            const Point p{row, col};
            const bool playable =
                game.isLegal(Move::play(c, p)) && !game.board().isSimpleEye(c, game.board().vertex(p));
            EXPECT_FALSE(playable) << "seed " << seed << ", move " << game.moveCount() << ": " << gtpVertex(p, 7)
                                   << " is unsettled";
          }
        }
      }
      // Now and then a side passes in the middle of the game, as a person might (never ending the game itself).
      if (move.kind == MoveKind::Play && !opponentPassed && rng.below(8) == 0) move = Move::pass(c);
      ASSERT_EQ(game.play(move), RejectReason::None);
    }
  }
  EXPECT_GT(passesAnswered, 0);  // the games did end
}

TEST(Engine, PassesWithADeadStoneInItsAreaButInACleanupCapturesItFirst) {
  const Point b8{1, 1};
  Game game = gameFromDiagram(test_support::kDeadStoneInBlacksArea, Rules::Japanese, Color::White, 6.5);
  ASSERT_EQ(game.play(Move::pass(Color::White)), RejectReason::None);
  Engine plain(withPlayouts(500));
  // Every point is settled for an ordinary game: the stone is counted as dead, so the engine passes.
  EXPECT_EQ(plain.genmove(game, Color::Black), Move::pass(Color::Black));
  ASSERT_EQ(game.play(Move::pass(Color::Black)), RejectReason::None);
  // White disputes B8, and the game goes on.
  game.resumePlay();

  // In a cleanup every stone left at the end counts as alive: it fills B8's liberties, passing never, until the
  // stone is off the board; then it passes. White plays inside its own area rather than passing, so that nothing
  // but the cleanup keeps Black to the points where the count can change.
  const std::vector<Point> whiteMoves = {{0, 8}, {2, 8}, {4, 8}, {6, 8}, {8, 8}, {1, 7}, {3, 7}, {5, 7}};
  Engine engine(withPlayouts(500));
  std::vector<Move> played;
  for (std::size_t i = 0; i < whiteMoves.size() && (played.empty() || played.back().kind == MoveKind::Play); ++i) {
    ASSERT_EQ(game.play(Move::play(Color::White, whiteMoves[i])), RejectReason::None);
    const bool stoneLeft = game.board().at(b8) == Color::White;
    const Move move = engine.genmoveCleanup(game, Color::Black);
    played.push_back(move);
    if (stoneLeft) {
      ASSERT_EQ(move.kind, MoveKind::Play) << "it passed with B8 still on the board, move " << i + 1;
      const int distance = std::abs(move.point.row - b8.row) + std::abs(move.point.col - b8.col);
      EXPECT_EQ(distance, 1) << gtpMove(move, 9) << " is not a liberty of B8";
    }
    ASSERT_EQ(game.play(move), RejectReason::None);
  }
  EXPECT_EQ(game.board().at(b8), Color::Empty);
  EXPECT_EQ(game.board().captures(Color::Black), 1);
  ASSERT_GE(played.size(), 2U);
  EXPECT_EQ(played.back(), Move::pass(Color::Black));
}

TEST(Engine, InACleanupWithoutDeadStonesItPassesAsItWouldAnyway) {
  // Only dame is left under territory rules: nothing to capture, nothing to gain.
  Game game = gameFromDiagram(kOnlyDame, Rules::Japanese, Color::Black, 0.5);
  Engine engine(withPlayouts(500));
  EXPECT_EQ(engine.genmoveCleanup(game, Color::Black), Move::pass(Color::Black));
}

// The opening tests' budgets: enough that, before the search had its opening prior, the playouts' own preferences
// pulled the engine off the corners (to the 5-5 point on 13x13, the second line on 19x19); small enough for a few
// seconds in all.
long openingPlayouts(int size) { return size == 19 ? 3000 : 8000; }
constexpr std::uint64_t kOpeningSeeds = 5;

// The line of p counted from the nearest edge (1 on the edge) and from the second nearest (the nearest edge of the
// other direction).
int nearLine(Point p, int size) {
  return std::min(std::min(p.row + 1, size - p.row), std::min(p.col + 1, size - p.col));
}
int farLine(Point p, int size) {
  return std::max(std::min(p.row + 1, size - p.row), std::min(p.col + 1, size - p.col));
}

// A corner opening point: the third or fourth line from the nearest edge, the third to fifth from the other one.
bool isCornerPoint(Point p, int size) {
  const int near = nearLine(p, size);
  const int far = farLine(p, size);
  return (near == 3 || near == 4) && far >= 3 && far <= 5;
}

// The game after `moves` (GTP vertices, Black first), Chinese rules.
Game openingGame(int size, const std::vector<std::string>& moves) {
  Game game(GameConfig{size, Rules::Chinese, std::nullopt, 0});
  for (const std::string& vertex : moves) {
    const Result<ParsedVertex> parsed = parseGtpVertex(vertex, size);
    if (!parsed) {
      ADD_FAILURE() << "not a vertex: " << vertex;
      return game;
    }
    EXPECT_EQ(game.play(Move::play(game.toMove(), parsed.value().point)), RejectReason::None) << vertex;
  }
  return game;
}

// The engine's move in an opening; with `net` false, without the policy network (the move model and the opening
// prior then steer it).
Move openingMove(const Game& game, std::uint64_t seed, bool net = true) {
  EngineOptions options = withPlayouts(openingPlayouts(game.size()), seed);
  options.policyNet = net;
  Engine engine(options);
  return engine.genmove(game, game.toMove());
}

// The first move on the empty board, over the seeds, is a corner point. One test per size, so that each stays short
// under the sanitizers.
void expectCornerOpenings(int size, bool net = true) {
  for (std::uint64_t seed = 1; seed <= kOpeningSeeds; ++seed) {
    const Move move = openingMove(openingGame(size, {}), seed, net);
    ASSERT_EQ(move.kind, MoveKind::Play);
    EXPECT_TRUE(isCornerPoint(move.point, size)) << "seed " << seed << ": " << gtpVertex(move.point, size);
  }
}

TEST(Engine, Opens13x13InACornerOnTheThirdOrFourthLine) { expectCornerOpenings(13); }

TEST(Engine, Opens19x19InACornerOnTheThirdOrFourthLine) { expectCornerOpenings(19); }

TEST(Engine, WithoutTheNetworkTheOpeningPriorStillOpensInACorner) { expectCornerOpenings(19, false); }

TEST(Engine, AnswersACornerOpeningInAnotherEmptyCorner) {
  const Point q16 = parseGtpVertex("Q16", 19).value().point;
  for (std::uint64_t seed = 1; seed <= kOpeningSeeds; ++seed) {
    const Move move = openingMove(openingGame(19, {"Q16"}), seed);
    ASSERT_EQ(move.kind, MoveKind::Play);
    const int distance = std::max(std::abs(move.point.row - q16.row), std::abs(move.point.col - q16.col));
    EXPECT_TRUE(isCornerPoint(move.point, 19) && distance > 5) << "seed " << seed << ": " << gtpVertex(move.point, 19);
  }
}

TEST(Engine, KeepsOffTheFirstTwoLinesOnceTheFourCornersAreTaken) {
  for (std::uint64_t seed = 1; seed <= kOpeningSeeds; ++seed) {
    const Move move = openingMove(openingGame(19, {"Q16", "D4", "Q4", "D16"}), seed);
    ASSERT_EQ(move.kind, MoveKind::Play);
    EXPECT_GE(nearLine(move.point, 19), 3) << "seed " << seed << ": " << gtpVertex(move.point, 19);
  }
}

TEST(Engine, WithTheNetworkTheSameSeedAndPlayoutsGiveTheSameMoveOn19x19) {
  // Enough playouts that nodes below the root earn the network's evaluation too.
  const Game game = openingGame(19, {"Q16", "D4", "R4", "C16"});
  for (std::uint64_t seed : {3ULL, 8ULL}) {
    Engine a(withPlayouts(1500, seed));
    Engine b(withPlayouts(1500, seed));
    const Move first = a.genmove(game, game.toMove());
    EXPECT_EQ(first, b.genmove(game, game.toMove()));
    EXPECT_EQ(a.lastStats().visits, b.lastStats().visits);
    EXPECT_EQ(a.lastStats().winrate, b.lastStats().winrate);
  }
}

TEST(Engine, CountsDynamicKomiInHandicapGamesOnly) {
  Engine engine(withPlayouts(200));
  // Four stones on 9x9: about 28 points for White at the start, none once half the board has been played.
  Game handicap(GameConfig{9, Rules::Chinese, 0.5, 4});
  engine.genmove(handicap, Color::White);
  EXPECT_DOUBLE_EQ(engine.lastStats().komi, 0.5 + 28);
  Game even(GameConfig{9, Rules::Chinese, 7.5, 0});
  engine.genmove(even, Color::Black);
  EXPECT_DOUBLE_EQ(engine.lastStats().komi, 7.5);
  // Halfway through (41 of 81 points' worth of moves) the handicap game is counted with its own komi again.
  for (int r = 0; r < 9 && handicap.moveCount() < 41; ++r) {
    for (int c = 0; c < 9 && handicap.moveCount() < 41; ++c) {
      const Move m = Move::play(handicap.toMove(), Point{r, c});
      if (handicap.check(m) == RejectReason::None) handicap.play(m);
    }
  }
  ASSERT_GE(handicap.moveCount(), 41);
  ASSERT_EQ(handicap.phase(), Phase::Playing);
  engine.genmove(handicap, handicap.toMove());
  EXPECT_DOUBLE_EQ(engine.lastStats().komi, 0.5);
}

TEST(Engine, DoesNotMoveWhenTheGameIsOver) {
  Game game(GameConfig{5, Rules::Chinese, std::nullopt, 0});
  ASSERT_EQ(game.play(Move::pass(Color::Black)), RejectReason::None);
  ASSERT_EQ(game.play(Move::pass(Color::White)), RejectReason::None);
  Engine engine(withPlayouts(10));
  EXPECT_EQ(engine.genmove(game, Color::Black).kind, MoveKind::Pass);
}

// A 9x9 game after the given moves (GTP vertices, colours alternating from Black).
Game nineByNine(const std::vector<std::string>& moves, double komi = 7.5) {
  Game game(GameConfig{9, Rules::Chinese, komi, 0});
  for (const std::string& v : moves) {
    EXPECT_EQ(game.play(Move::play(game.toMove(), parseGtpVertex(v, 9)->point)), RejectReason::None) << v;
  }
  return game;
}

// The reply a separate engine (no reuse) chooses, so the tests do not pick a reply the tree never looked at.
Move replyIn(const Game& game) {
  EngineOptions options = withPlayouts(1000, 11);
  options.reuse = false;
  Engine opponentEngine(options);
  return opponentEngine.genmove(game, game.toMove());
}

TEST(EngineReuse, KeepsTheVisitsUnderTheOpponentsReply) {
  Game game = nineByNine({"E5", "C3"});
  EngineOptions options = withPlayouts(3000);
  options.earlyStop = false;
  Engine engine(options);
  // The search's last report names the reply its tree read most after the move it chose: the opponent plays it.
  SearchReport report;
  engine.setProgress([&report](const SearchReport& r) { report = r; }, std::chrono::hours(1));
  const Move first = engine.genmove(game, Color::Black);
  engine.setProgress({}, std::chrono::milliseconds(0));
  ASSERT_EQ(first.kind, MoveKind::Play);
  EXPECT_EQ(engine.lastStats().reusedVisits, 0);
  ASSERT_FALSE(report.candidates.empty());
  ASSERT_EQ(report.candidates[0].move, first);
  ASSERT_GE(report.candidates[0].pv.size(), 2U);
  ASSERT_EQ(game.play(first), RejectReason::None);
  const Move reply = report.candidates[0].pv[1];
  ASSERT_EQ(reply.kind, MoveKind::Play);
  ASSERT_EQ(game.play(reply), RejectReason::None);

  const Move second = engine.genmove(game, Color::Black);
  ASSERT_EQ(second.kind, MoveKind::Play);
  EXPECT_EQ(game.check(second), RejectReason::None) << gtpMove(second, 9);
  const EngineStats stats = engine.lastStats();
  EXPECT_GT(stats.reusedVisits, 0);
  // The budget counts new playouts only; the chosen move's visits may include old ones.
  EXPECT_EQ(stats.playouts, 3000);
  EXPECT_LE(stats.visits, stats.playouts + stats.reusedVisits);
}

TEST(EngineReuse, MovesStayLegalOverAGameAndTheTreeIsReused) {
  Game game(GameConfig{9, Rules::Chinese, 7.5, 0});
  EngineOptions options = withPlayouts(800, 3);
  Engine black(options);
  options.seed = 4;
  Engine white(options);
  long reused = 0;
  for (int i = 0; i < 40 && game.phase() == Phase::Playing; ++i) {
    Engine& mover = game.toMove() == Color::Black ? black : white;
    const Move move = mover.genmove(game, game.toMove());
    if (move.kind == MoveKind::Play) {
      ASSERT_EQ(game.check(move), RejectReason::None) << i << ": " << gtpMove(move, 9);
    }
    reused += mover.lastStats().reusedVisits;
    ASSERT_EQ(game.play(move), RejectReason::None);
  }
  EXPECT_GT(reused, 0);
}

TEST(EngineReuse, IsDroppedAfterAPass) {
  // A komi no stone count can beat, so Black plays on after White's pass instead of passing to win.
  Game game = nineByNine({}, 90.5);
  Engine engine(withPlayouts(1000));
  ASSERT_EQ(game.play(engine.genmove(game, Color::Black)), RejectReason::None);
  ASSERT_EQ(game.play(Move::pass(Color::White)), RejectReason::None);
  const Move move = engine.genmove(game, Color::Black);
  EXPECT_EQ(move.kind, MoveKind::Play);
  EXPECT_EQ(engine.lastStats().reusedVisits, 0);
}

TEST(EngineReuse, IsDroppedWhenTheGameWasTakenBack) {
  Game game = nineByNine({"E5", "C3"});
  Engine engine(withPlayouts(1000));
  ASSERT_EQ(game.play(engine.genmove(game, Color::Black)), RejectReason::None);
  ASSERT_EQ(game.play(replyIn(game)), RejectReason::None);
  // Back to before the searched position, then on along another line: the old root is not on the way.
  game.undoTo(1);
  ASSERT_EQ(game.play(Move::play(Color::White, parseGtpVertex("G3", 9)->point)), RejectReason::None);
  const Move move = engine.genmove(game, Color::Black);
  EXPECT_EQ(game.check(move), RejectReason::None);
  EXPECT_EQ(engine.lastStats().reusedVisits, 0);
}

TEST(EngineReuse, IsDroppedWhenTheStonesDifferThoughTheMovesMatch) {
  Game searched = nineByNine({});
  Engine engine(withPlayouts(1000));
  const Move first = engine.genmove(searched, Color::Black);
  ASSERT_EQ(searched.play(first), RejectReason::None);
  const Move reply = replyIn(searched);
  // The same two moves after a setup stone the tree never saw: only the board hash can tell.
  Game other(GameConfig{9, Rules::Chinese, 7.5, 0});
  ASSERT_TRUE(other.addSetupStones(Color::White, {Point{0, 0}}));
  other.setToMove(Color::Black);
  ASSERT_EQ(other.play(first), RejectReason::None);
  ASSERT_EQ(other.play(reply), RejectReason::None);
  const Move move = engine.genmove(other, Color::Black);
  EXPECT_EQ(other.check(move), RejectReason::None);
  EXPECT_EQ(engine.lastStats().reusedVisits, 0);
}

TEST(EngineReuse, IsDroppedWhenTheKomiChanges) {
  Game game = nineByNine({"E5", "C3"});
  Engine engine(withPlayouts(1000));
  const Move first = engine.genmove(game, Color::Black);
  ASSERT_EQ(game.play(first), RejectReason::None);
  const Move reply = replyIn(game);
  ASSERT_EQ(game.play(reply), RejectReason::None);
  const Game otherKomi = nineByNine({"E5", "C3", gtpVertex(first.point, 9), gtpVertex(reply.point, 9)}, 0.5);
  const Move move = engine.genmove(otherKomi, Color::Black);
  EXPECT_EQ(otherKomi.check(move), RejectReason::None);
  EXPECT_EQ(engine.lastStats().reusedVisits, 0);
}

// Plays `moves` moves of a 9x9 game: `engine` as Black, a fixed opponent without reuse as White.
std::vector<Move> gameAgainstAFixedOpponent(Engine& engine, int moves, long* reused) {
  Game game(GameConfig{9, Rules::Chinese, 7.5, 0});
  EngineOptions whiteOptions = withPlayouts(300, 9);
  whiteOptions.reuse = false;
  Engine white(whiteOptions);
  std::vector<Move> played;
  for (int i = 0; i < moves && game.phase() == Phase::Playing; ++i) {
    const bool ours = game.toMove() == Color::Black;
    const Move move = (ours ? engine : white).genmove(game, game.toMove());
    if (ours) *reused += engine.lastStats().reusedVisits;
    EXPECT_EQ(game.play(move), RejectReason::None);
    played.push_back(move);
  }
  return played;
}

TEST(EngineReuse, AFreshEngineRepeatsTheSameSequenceOfMoves) {
  long reusedA = 0;
  long reusedB = 0;
  // Enough playouts that the opponent's replies have grown subtrees in Black's tree.
  Engine a(withPlayouts(2000, 21));
  Engine b(withPlayouts(2000, 21));
  const std::vector<Move> first = gameAgainstAFixedOpponent(a, 16, &reusedA);
  const std::vector<Move> second = gameAgainstAFixedOpponent(b, 16, &reusedB);
  EXPECT_EQ(first, second);
  EXPECT_EQ(reusedA, reusedB);
  EXPECT_GT(reusedA, 0);
}

TEST(EngineReuse, WithoutReuseAPositionGivesTheSameMoveWhateverCameBefore) {
  EngineOptions options = withPlayouts(700, 5);
  options.reuse = false;
  Engine withHistory(options);
  Game game = nineByNine({"E5"});
  ASSERT_EQ(game.play(withHistory.genmove(game, Color::White)), RejectReason::None);
  ASSERT_EQ(game.play(replyIn(game)), RejectReason::None);
  const Move move = withHistory.genmove(game, Color::White);
  EXPECT_EQ(withHistory.lastStats().reusedVisits, 0);
  Engine fresh(options);
  EXPECT_EQ(move, fresh.genmove(game, Color::White));
  EXPECT_EQ(withHistory.lastStats().visits, fresh.lastStats().visits);
}

TEST(EngineEarlyStop, ChoosesTheSameMoveAsTheFullBudget) {
  std::uint64_t state = 777;
  auto next = [&](int n) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<int>((state >> 33) % static_cast<std::uint64_t>(n));
  };
  int stoppedEarly = 0;
  for (int position = 0; position < 12; ++position) {
    Game game(GameConfig{position % 3 == 0 ? 7 : 9, Rules::Chinese, 7.5, 0});
    const int length = next(game.size() * game.size() / 2);
    for (int i = 0; i < length; ++i) {
      const Point p{next(game.size()), next(game.size())};
      if (game.isLegal(Move::play(game.toMove(), p))) game.play(Move::play(game.toMove(), p));
    }
    EngineOptions options = withPlayouts(3000, static_cast<std::uint64_t>(position));
    Engine early(options);
    options.earlyStop = false;
    Engine full(options);
    const Move a = early.genmove(game, game.toMove());
    const Move b = full.genmove(game, game.toMove());
    EXPECT_EQ(a, b) << "position " << position << ": " << gtpMove(a, game.size()) << " vs " << gtpMove(b, game.size());
    EXPECT_EQ(full.lastStats().playouts, 3000);
    stoppedEarly += early.lastStats().playouts < 3000;
  }
  // Otherwise the comparison would prove nothing.
  EXPECT_GT(stoppedEarly, 0);
}

TEST(EngineEarlyStop, AnOverrideBudgetReplacesTheOptionsTime) {
  Game game(GameConfig{9, Rules::Chinese, 7.5, 0});
  EngineOptions options;
  options.seconds = 30;
  options.playouts = 0;
  Engine engine(options);
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(engine.genmove(game, Color::Black, 0.1).kind, MoveKind::Play);
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_LT(elapsed, 5.0);
  EXPECT_LT(engine.lastStats().seconds, 5.0);
  EXPECT_GT(engine.lastStats().playouts, 0);
}

// A stop ends the search at once, from whichever thread it comes: the move is the best found so far, after at least
// one playout.
TEST(EngineStop, AStopRequestedBeforehandEndsTheSearchAfterOnePlayout) {
  Game game(GameConfig{19, Rules::Chinese, 7.5, 0});
  EngineOptions options = withPlayouts(100000);
  Engine engine(options);
  std::stop_source stop;
  stop.request_stop();
  const Move move = engine.genmove(game, Color::Black, std::nullopt, stop.get_token());
  ASSERT_EQ(move.kind, MoveKind::Play);
  EXPECT_EQ(game.check(move), RejectReason::None);
  EXPECT_EQ(engine.lastStats().playouts, 1);
}

TEST(EngineStop, AStopFromAnotherThreadEndsASearchThatHasNoPlayoutLimit) {
  Game game(GameConfig{19, Rules::Chinese, 7.5, 0});
  EngineOptions options;
  options.playouts = 0;
  options.seconds = 3600;  // only the stop can end it in a test's time
  options.threads = 2;
  Engine engine(options);
  std::stop_source stop;
  std::promise<void> searching;
  std::once_flag once;
  // The first report says the search is under way; the stop comes from a thread of its own.
  engine.setProgress([&](const SearchReport&) { std::call_once(once, [&] { searching.set_value(); }); },
                     std::chrono::milliseconds(1));
  std::thread stopper([&] {
    searching.get_future().wait();
    stop.request_stop();
  });
  const Move move = engine.genmove(game, Color::Black, std::nullopt, stop.get_token());
  stopper.join();
  ASSERT_EQ(move.kind, MoveKind::Play);
  EXPECT_EQ(game.check(move), RejectReason::None);
  EXPECT_GT(engine.lastStats().playouts, 0);
  EXPECT_LT(engine.lastStats().seconds, 3600);
}

// After the opponent's pass with only dame left the engine passes; a stop that cuts the reading of the end short
// leaves too little to pass on, so it answers from the search over every point instead.
TEST(EngineStop, AReadingOfTheEndCutShortIsNotPassedOn) {
  Game game = gameFromDiagram(kOnlyDame, Rules::Japanese, Color::White, 0.5);
  ASSERT_EQ(game.play(Move::pass(Color::White)), RejectReason::None);
  Engine engine(withPlayouts(300));
  std::stop_source stop;
  stop.request_stop();
  const Move move = engine.genmove(game, Color::Black, std::nullopt, stop.get_token());
  EXPECT_EQ(move.kind, MoveKind::Play);
  EXPECT_EQ(game.check(move), RejectReason::None);
  EXPECT_EQ(engine.genmove(game, Color::Black), Move::pass(Color::Black));
}

// A stopped search keeps its tree: the next search goes on from it.
TEST(EngineStop, AStoppedSearchLeavesAnEngineThatSearchesOn) {
  Game game(GameConfig{9, Rules::Chinese, 7.5, 0});
  Engine engine(withPlayouts(500));
  std::stop_source stop;
  stop.request_stop();
  const Move first = engine.genmove(game, Color::Black, std::nullopt, stop.get_token());
  ASSERT_EQ(game.play(first), RejectReason::None);
  const Move second = engine.genmove(game, Color::White);
  EXPECT_EQ(second.kind, MoveKind::Play);
  EXPECT_EQ(game.check(second), RejectReason::None);
  EXPECT_GT(engine.lastStats().playouts, 1);
}

}  // namespace
}  // namespace tengen::engine
