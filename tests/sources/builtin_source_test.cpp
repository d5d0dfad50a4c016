// The `builtin` source: its spec options and their errors, and whole games through the referee.
#include "builtin_source.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tengen/ai/move_source.h"
#include "tengen/ai/referee.h"
#include "tengen/core/analysis.h"
#include "tengen/core/coords.h"
#include "tengen/core/game.h"
#include "tengen/core/time_control.h"
#include "tengen/engine/engine.h"
#include "tengen/engine/judgment.h"
#include "tengen/gtp/engine.h"
#include "tengen/sources/make_source.h"

#include "support/diagram.h"

namespace tengen::sources {
namespace {

using ai::Answer;
using ai::ErrorLog;
using ai::MovePurpose;
using ai::MoveRequest;
using ai::MoveSource;
using ai::RefereeOptions;
using ai::RefereeOutcome;
using ai::requestMove;
using gtp::GameClock;

SourceOptions withSeed(std::uint64_t seed) {
  SourceOptions options;
  options.seed = seed;
  return options;
}

TEST(BuiltinSpec, PlainBuiltinTakesTheDefaults) {
  const Result<engine::EngineOptions> parsed = parseBuiltinSpec("builtin", 42);
  ASSERT_TRUE(parsed.ok()) << parsed.error();
  EXPECT_EQ(parsed->playouts, engine::EngineOptions{}.playouts);
  EXPECT_EQ(parsed->seconds, 0);
  EXPECT_EQ(parsed->threads, 1);
  EXPECT_EQ(parsed->seed, 42U);
  EXPECT_TRUE(parsed->reuse);
}

TEST(BuiltinSpec, ReadsEveryKey) {
  const Result<engine::EngineOptions> parsed =
      parseBuiltinSpec("builtin:time=2,playouts=50000,threads=2,resign=0.1", 1);
  ASSERT_TRUE(parsed.ok()) << parsed.error();
  EXPECT_EQ(parsed->seconds, 2);
  EXPECT_EQ(parsed->playouts, 50000);
  EXPECT_EQ(parsed->threads, 2);
  EXPECT_DOUBLE_EQ(parsed->resignThreshold, 0.1);
  const Result<engine::EngineOptions> noReuse = parseBuiltinSpec("builtin:reuse=0", 1);
  ASSERT_TRUE(noReuse.ok()) << noReuse.error();
  EXPECT_FALSE(noReuse->reuse);
  EXPECT_EQ(noReuse->playouts, engine::EngineOptions{}.playouts);
  const Result<engine::EngineOptions> reuse = parseBuiltinSpec("builtin:reuse=1", 1);
  ASSERT_TRUE(reuse.ok()) << reuse.error();
  EXPECT_TRUE(reuse->reuse);
  const Result<engine::EngineOptions> noNet = parseBuiltinSpec("builtin:net=0,model=0", 1);
  ASSERT_TRUE(noNet.ok()) << noNet.error();
  EXPECT_FALSE(noNet->policyNet);
  EXPECT_FALSE(noNet->moveModel);
  EXPECT_TRUE(engine::EngineOptions{}.policyNet);
  const Result<engine::EngineOptions> judgment = parseBuiltinSpec("builtin:value=0.5,judge=0.25", 1);
  ASSERT_TRUE(judgment.ok()) << judgment.error();
  EXPECT_DOUBLE_EQ(judgment->valueShare, 0.5);
  EXPECT_DOUBLE_EQ(judgment->netJudgment, 0.25);
  EXPECT_EQ(engine::EngineOptions{}.valueShare, 0.0);
  const Result<engine::EngineOptions> playouts = parseBuiltinSpec("builtin:fights=0", 1);
  ASSERT_TRUE(playouts.ok()) << playouts.error();
  EXPECT_FALSE(playouts->playoutFights);
  // Switches that measured nothing left the engine: naming one is an unknown key.
  for (const char* gone : {"builtin:nakade=1", "builtin:replies=1", "builtin:races=1", "builtin:parallel=root"}) {
    EXPECT_FALSE(parseBuiltinSpec(gone, 1).ok()) << gone;
  }
  const Result<engine::EngineOptions> tactics =
      parseBuiltinSpec("builtin:ownshape=0,atari=100,selfatari=0,ko=75,ravedist=1,crit=0", 1);
  ASSERT_TRUE(tactics.ok()) << tactics.error();
  EXPECT_FALSE(tactics->playoutOwnShape);
  EXPECT_EQ(tactics->playoutAtariRate, 100);
  EXPECT_EQ(tactics->playoutLoneSelfAtari, 0);
  EXPECT_EQ(tactics->playoutKoRetake, 75);
  EXPECT_EQ(tactics->raveDistance, 1);
  EXPECT_EQ(tactics->criticality, 0);
  const engine::EngineOptions defaults;
  EXPECT_TRUE(defaults.playoutOwnShape);
  EXPECT_EQ(defaults.playoutAtariRate, 90);
  EXPECT_EQ(defaults.playoutLoneSelfAtari, 60);
  EXPECT_EQ(defaults.playoutKoRetake, 40);
  EXPECT_EQ(defaults.raveDistance, 3);
  EXPECT_DOUBLE_EQ(defaults.criticality, 1.1);
}

TEST(BuiltinSpec, ATimeAloneLiftsThePlayoutLimit) {
  const Result<engine::EngineOptions> parsed = parseBuiltinSpec("builtin:time=0.5", 1);
  ASSERT_TRUE(parsed.ok()) << parsed.error();
  EXPECT_EQ(parsed->seconds, 0.5);
  EXPECT_EQ(parsed->playouts, 0);
}

TEST(BuiltinSpec, RefusesUnknownKeysAndBadValuesNamingThem) {
  const struct {
    const char* spec;
    const char* named;
  } cases[] = {
      {"builtin:speed=3", "unknown option 'speed'"},
      {"builtin:playouts=abc", "bad value 'abc' for playouts"},
      {"builtin:playouts=0", "bad value '0' for playouts"},
      {"builtin:playouts=12x", "bad value '12x' for playouts"},
      {"builtin:time=-1", "bad value '-1' for time"},
      {"builtin:time=nan", "bad value 'nan' for time"},
      {"builtin:threads=0", "bad value '0' for threads"},
      {"builtin:threads=65", "bad value '65' for threads"},
      {"builtin:resign=1.5", "bad value '1.5' for resign"},
      {"builtin:playouts", "'playouts' is not key=value"},
      {"builtin:playouts=10,", "'' is not key=value"},
      {"builtin:", "needs key=value options"},
      {"builtin:reuse=2", "bad value '2' for reuse"},
      {"builtin:reuse=yes", "bad value 'yes' for reuse"},
      {"builtin:speed=3",
       "(keys: time, playouts, threads, resign, reuse, model, net, puct, fights, ownshape, atari, selfatari, ko, "
       "ravedist, crit, endgame, value, judge)"},
      {"builtin:value=1.5", "bad value '1.5' for value: a share 0..1"},
      {"builtin:judge=-0.1", "bad value '-0.1' for judge: a share 0..1"},
      {"builtin:model=2", "bad value '2' for model: 0 or 1"},
      {"builtin:net=yes", "bad value 'yes' for net: 0 or 1"},
      {"builtin:replies=1", "unknown option 'replies'"},
      {"builtin:ownshape=2", "bad value '2' for ownshape: 0 or 1"},
      {"builtin:atari=101", "bad value '101' for atari: a whole number 0..100 (percent)"},
      {"builtin:selfatari=-1", "bad value '-1' for selfatari: a whole number 0..100 (percent)"},
      {"builtin:ko=half", "bad value 'half' for ko: a whole number 0..100 (percent)"},
      {"builtin:ravedist=0", "bad value '0' for ravedist: a whole number 1..10"},
      {"builtin:crit=11", "bad value '11' for crit: a number 0..10"},
  };
  for (const auto& c : cases) {
    const Result<std::unique_ptr<MoveSource>> made = makeSource(c.spec, withSeed(1));
    ASSERT_FALSE(made.ok()) << c.spec;
    EXPECT_NE(made.error().find(c.named), std::string::npos) << c.spec << ": " << made.error();
    EXPECT_NE(made.error().find(std::string("'") + c.spec + "'"), std::string::npos) << made.error();
  }
}

// Against a person (play, tengen-qt) the built-in engine resigns below kInteractiveResign unless its spec says
// otherwise; other specs are left alone.
TEST(BuiltinSpec, APersonsGameAddsTheResignThresholdOnlyWhenTheSpecSetsNone) {
  auto resignOf = [](std::string_view spec) {
    const Result<engine::EngineOptions> parsed = parseBuiltinSpec(spec, 1, kInteractiveResign);
    EXPECT_TRUE(parsed.ok()) << parsed.error();
    return parsed ? parsed->resignThreshold : -1.0;
  };
  EXPECT_DOUBLE_EQ(resignOf("builtin"), kInteractiveResign);
  EXPECT_DOUBLE_EQ(resignOf("builtin:playouts=200"), kInteractiveResign);
  EXPECT_DOUBLE_EQ(resignOf("builtin:resign=0"), 0.0);
  EXPECT_DOUBLE_EQ(resignOf("builtin:time=2,resign=0.2"), 0.2);
  EXPECT_FALSE(parseBuiltinSpec("builtin:", 1, kInteractiveResign).ok());  // still refused as it is
  EXPECT_DOUBLE_EQ(parseBuiltinSpec("builtin", 1)->resignThreshold, 0.0);  // match and gtp: never
  // Other kinds of source ignore it.
  SourceOptions options;
  options.builtinResign = kInteractiveResign;
  EXPECT_TRUE(makeSource("random", options).ok());
}

TEST(BuiltinSource, IsMadeFromItsSpecs) {
  for (const char* spec : {"builtin", "builtin:time=2,playouts=50000,threads=2"}) {
    const Result<std::unique_ptr<MoveSource>> made = makeSource(spec, withSeed(1));
    ASSERT_TRUE(made.ok()) << made.error();
    EXPECT_EQ((*made)->describe(), spec);
  }
}

TEST(BuiltinSource, AnswersAVertexAndPassOutOfTurnToo) {
  Result<std::unique_ptr<MoveSource>> made = makeSource("builtin:playouts=50", withSeed(3));
  ASSERT_TRUE(made.ok()) << made.error();
  Game game(GameConfig{9, Rules::Chinese, std::nullopt, 0});
  const Result<Answer> black = (*made)->propose({&game, Color::Black, {}, {}});
  ASSERT_TRUE(black.ok());
  EXPECT_TRUE(parseGtpVertex(black->text, 9).ok()) << black->text;
  // GTP's genmove may ask for White when Black is to move.
  const Result<Answer> white = (*made)->propose({&game, Color::White, {}, {}});
  ASSERT_TRUE(white.ok());
  EXPECT_TRUE(parseGtpVertex(white->text, 9).ok()) << white->text;
}

TEST(BuiltinSource, PlaysAWholeGameAgainstRandomThroughTheReferee) {
  Result<std::unique_ptr<MoveSource>> builtin = makeSource("builtin:playouts=300", withSeed(5));
  Result<std::unique_ptr<MoveSource>> random = makeSource("random", withSeed(6));
  ASSERT_TRUE(builtin.ok()) << builtin.error();
  ASSERT_TRUE(random.ok()) << random.error();
  Game game(GameConfig{9, Rules::Chinese, std::nullopt, 0});
  int engineMoves = 0;
  while (game.phase() == Phase::Playing && game.moveCount() < 400) {
    const bool engineToMove = game.toMove() == Color::Black;
    MoveSource& mover = engineToMove ? **builtin : **random;
    const RefereeOutcome out = requestMove(mover, game, game.toMove(), RefereeOptions(ErrorLog::none()));
    ASSERT_TRUE(out.move.has_value()) << out.error;
    EXPECT_EQ(out.attempts.size(), 1U) << out.error;
    ASSERT_EQ(game.play(*out.move), RejectReason::None);
    engineMoves += engineToMove;
  }
  EXPECT_GT(engineMoves, 10);
  // Random play never passes while it has a legal point, so the game ends when its eyes are filled in.
  EXPECT_NE(game.phase(), Phase::Playing);
  const Score score = analyze(game).score;
  EXPECT_GT(score.margin, 0) << score.result;
}

// GTP's genmove_analyze: the engine's reports reach the caller through the referee, for that request only.
TEST(BuiltinSource, ReportsItsSearchThroughTheRefereeWhenAsked) {
  Result<std::unique_ptr<MoveSource>> made = makeSource("builtin:playouts=2000", withSeed(4));
  ASSERT_TRUE(made.ok()) << made.error();
  Game game(GameConfig{9, Rules::Chinese, std::nullopt, 0});
  ASSERT_EQ(game.play(Move::play(Color::Black, {4, 4})), RejectReason::None);
  std::vector<SearchReport> reports;
  RefereeOptions options(ErrorLog::none());
  options.progress.report = [&](const SearchReport& report) { reports.push_back(report); };
  options.progress.interval = std::chrono::milliseconds(1);
  const RefereeOutcome out = requestMove(**made, game, Color::White, options);
  ASSERT_TRUE(out.move.has_value()) << out.error;
  ASSERT_FALSE(reports.empty()) << "at least the report at the end of the search";
  for (const SearchReport& report : reports) {
    EXPECT_EQ(report.toMove, Color::White);
    EXPECT_EQ(report.ownership.size(), 81U);
    for (const SearchCandidate& c : report.candidates) {
      EXPECT_EQ(game.check(c.move), RejectReason::None) << gtpMove(c.move, 9);
    }
  }
  ASSERT_FALSE(reports.back().candidates.empty());
  EXPECT_EQ(reports.back().candidates.front().move, *out.move) << "the most visited candidate is the move";

  const std::size_t seen = reports.size();
  ASSERT_TRUE(requestMove(**made, game, Color::White, RefereeOptions(ErrorLog::none())).move.has_value());
  EXPECT_EQ(reports.size(), seen) << "a request without progress gets no reports";
}

// KGS's kgs-genmove_cleanup reaches the engine as a request whose purpose is a cleanup.
TEST(BuiltinSource, CapturesADeadStoneWhenAskedForACleanupMove) {
  Result<std::unique_ptr<MoveSource>> made = makeSource("builtin:playouts=500", withSeed(1));
  ASSERT_TRUE(made.ok()) << made.error();
  Game game = test_support::gameFromDiagram(test_support::kDeadStoneInBlacksArea, Rules::Japanese, Color::White, 6.5);
  ASSERT_EQ(game.play(Move::pass(Color::White)), RejectReason::None);
  RefereeOptions options(ErrorLog::none());
  const RefereeOutcome plain = requestMove(**made, game, Color::Black, options);
  ASSERT_TRUE(plain.move.has_value()) << plain.error;
  EXPECT_EQ(*plain.move, Move::pass(Color::Black)) << "the stone at B8 is dead: the game is over";
  options.purpose = MovePurpose::Cleanup;
  const RefereeOutcome cleanup = requestMove(**made, game, Color::Black, options);
  ASSERT_TRUE(cleanup.move.has_value()) << cleanup.error;
  ASSERT_EQ(cleanup.move->kind, MoveKind::Play);
  const int distance = std::abs(cleanup.move->point.row - 1) + std::abs(cleanup.move->point.col - 1);
  EXPECT_EQ(distance, 1) << gtpMove(*cleanup.move, 9) << " is not a liberty of B8";
}

TEST(ClockBudget, SharesTheMainTimeAmongTheMovesTheEmptyPointsSuggest) {
  const Game empty(GameConfig{9, Rules::Chinese, std::nullopt, 0});
  // 81 empty points: 27 moves to come, and a tenth kept back.
  EXPECT_NEAR(clockBudget(270, 0, empty, 0), 9.0, 1e-9);
  EXPECT_NEAR(clockBudget(2, 0, empty, 0), 2.0 / 27 * 0.9, 1e-9);
  // Late in a game no fewer than 8 moves are expected, so one move never takes more than an eighth.
  Game small(GameConfig{3, Rules::Chinese, std::nullopt, 0});
  EXPECT_NEAR(clockBudget(80, 0, small, 0), 9.0, 1e-9);
  // The spec's time caps it; an empty clock still gets a moment.
  EXPECT_DOUBLE_EQ(clockBudget(270, 0, empty, 2), 2);
  EXPECT_GT(clockBudget(0, 0, empty, 0), 0);
  EXPECT_LT(clockBudget(0, 0, empty, 0), 0.1);
}

TEST(ClockBudget, SplitsAByoYomiPeriodAmongItsStonesWithAMargin) {
  const Game empty(GameConfig{19, Rules::Chinese, std::nullopt, 0});
  const double oneStone = clockBudget(1, 1, empty, 0);
  EXPECT_GT(oneStone, 0.5);
  EXPECT_LT(oneStone, 1);
  const double canadian = clockBudget(300, 25, empty, 0);
  EXPECT_GT(canadian, 10);
  EXPECT_LT(canadian, 12);
  EXPECT_DOUBLE_EQ(clockBudget(300, 25, empty, 5), 5);
}

TEST(ClockBudget, AMoveInMainTimeAlsoTakesWhatAnOvertimeMoveWould) {
  const Game empty(GameConfig{9, Rules::Chinese, std::nullopt, 0});
  const TimeControl canadian{TimeControl::Kind::Canadian, 270, 10, 0, 5};
  // 9 s of the main time's share, and 2 s of the period's for one of its 5 stones, less the margin.
  EXPECT_NEAR(clockBudget(initialTime(canadian), canadian, empty, 0), 9.0 + 10.0 / 5 * 0.9 - 0.15, 1e-9);
  const TimeControl byoYomi{TimeControl::Kind::ByoYomi, 270, 10, 3, 0};
  EXPECT_NEAR(clockBudget(initialTime(byoYomi), byoYomi, empty, 0), 9.0 + 10.0 * 0.9 - 0.15, 1e-9);
  // Absolute time has nothing after it; in the overtime the period alone counts.
  const TimeControl absolute{TimeControl::Kind::Absolute, 270};
  EXPECT_NEAR(clockBudget(initialTime(absolute), absolute, empty, 0), 9.0, 1e-9);
  EXPECT_NEAR(clockBudget(TimeLeft{0, 8000, 0, 2, false}, canadian, empty, 0), clockBudget(8, 2, empty, 0), 1e-9);
  EXPECT_DOUBLE_EQ(clockBudget(initialTime(canadian), canadian, empty, 3), 3);
}

// How one game goes when the GTP engine keeps the clocks: both colours are asked with genmove, as `tengen gtp` asks
// the built-in source (the hook hands the referee the mover's kept clock), and each move spends, by a clock of the
// test's own, exactly the budget the built-in source chooses for it and `overheadMs` besides (what the controller's
// clock sees and the search does not). The moves are the `random` source's.
class ClockedGame final : public MoveSource {
 public:
  struct Move {
    Color color;
    GameClock before;
    double budget;
  };

  ClockedGame(int size, std::int64_t overheadMs)
      : m_overheadMs(overheadMs), m_random(makeSource("random", withSeed(5)).value()), m_engine(options(size)) {}

  std::string describe() const override { return "clocked"; }
  Result<Answer> propose(const MoveRequest& request) override {
    const double budget = clockBudget(*request.clock, request.timeControl, *request.game, 0);
    moves.push_back({request.color, GameClock{request.timeControl, *request.clock}, budget});
    m_now += std::llround(budget * 1000) + m_overheadMs;
    return m_random->propose(request);
  }

  gtp::Engine& engine() { return m_engine; }
  std::vector<Move> moves;

 private:
  gtp::EngineOptions options(int size) {
    gtp::EngineOptions o;
    o.game.size = size;
    o.nowMs = [this] { return m_now; };
    o.genmove = [this](const Game& game, Color color, const gtp::MoveProgress&) {
      RefereeOptions asked(ErrorLog::none());
      const std::optional<GameClock> clock = m_engine.clock(color);
      EXPECT_TRUE(clock.has_value());
      if (clock) {
        asked.clock = clock->left;
        asked.timeControl = clock->control;
      }
      const RefereeOutcome outcome = requestMove(*this, game, color, asked);
      return gtp::GenmoveReply{outcome.move, outcome.error};
    };
    return o;
  }

  std::int64_t m_overheadMs;
  std::int64_t m_now = 0;
  std::unique_ptr<MoveSource> m_random;
  gtp::Engine m_engine;
};

// Plays `moves` moves of each colour with genmove.
void playGenmoves(gtp::Engine& engine, int moves) {
  for (int i = 0; i < moves; ++i) {
    for (const char* line : {"genmove b", "genmove w"}) ASSERT_EQ(engine.answer(line).substr(0, 2), "= ") << line;
  }
}

TEST(ClockBudget, AGameUnderAbsoluteTimeSpendsLessAsTheKeptClockRunsDownAndNeverFlags) {
  ClockedGame game(19, 100);
  ASSERT_EQ(game.engine().answer("time_settings 600 0 0"), "= \n\n");
  playGenmoves(game.engine(), 150);
  for (const Color color : {Color::Black, Color::White}) {
    std::int64_t spent = 0;
    double last = 0;
    int count = 0;
    for (const ClockedGame::Move& move : game.moves) {
      if (move.color != color) continue;
      // Each move's clock is the last one's less what that move spent: the engine kept it, no time_left came.
      EXPECT_EQ(move.before.left.mainMs, 600'000 - spent);
      EXPECT_EQ(move.before.control, (TimeControl{TimeControl::Kind::Absolute, 600}));
      // About a 120th of ten minutes first, less each move after, and still a second after 150 moves.
      if (count == 0) {
        EXPECT_NEAR(move.budget, 600.0 / 120 * 0.9, 0.05);
      } else {
        EXPECT_LT(move.budget, last);
      }
      EXPECT_GT(move.budget, 1.0);
      last = move.budget;
      spent += std::llround(move.budget * 1000) + 100;
      ++count;
    }
    EXPECT_EQ(count, 150);
    // About 55 s of the ten minutes are left after 150 moves, and the last took about 2 s.
    const TimeLeft left = *game.engine().timeLeft(color);
    EXPECT_FALSE(left.flagged);
    EXPECT_EQ(left.mainMs, 600'000 - spent);
    EXPECT_GT(left.mainMs, 0);
  }
}

TEST(ClockBudget, AGameUnderCanadianOvertimeReachesItAndKeepsToItsPeriods) {
  ClockedGame game(9, 100);
  // Half a minute of main time, then 10 s for every 5 stones.
  ASSERT_EQ(game.engine().answer("time_settings 30 10 5"), "= \n\n");
  playGenmoves(game.engine(), 80);
  const TimeControl canadian{TimeControl::Kind::Canadian, 30, 10, 0, 5};
  for (const Color color : {Color::Black, Color::White}) {
    int inMainTime = 0;
    int inOvertime = 0;
    for (const ClockedGame::Move& move : game.moves) {
      if (move.color != color) continue;
      EXPECT_EQ(move.before.control, canadian);
      EXPECT_FALSE(move.before.left.flagged);
      if (!move.before.left.inOvertime(canadian)) {
        ++inMainTime;
        // Never less than an overtime move would get.
        EXPECT_GE(move.budget, 10.0 / 5 * 0.9 - 0.15);
        continue;
      }
      ++inOvertime;
      // Within the period's time for the stones still to play in it, the overhead included.
      EXPECT_LE((move.budget + 0.1) * move.before.left.stones, static_cast<double>(move.before.left.periodMs) / 1000);
    }
    // The main time is spent as the game goes on (here in 13 moves), and the rest of the game is played in the
    // overtime.
    EXPECT_GT(inMainTime, 5);
    EXPECT_LT(inMainTime, 40);
    EXPECT_EQ(inMainTime + inOvertime, 80);
    EXPECT_FALSE(game.engine().timeLeft(color)->flagged);
    EXPECT_TRUE(game.engine().timeLeft(color)->inOvertime(canadian));
  }
}

double secondsToPropose(MoveSource& source, const Game& game, const TimeLeft& clock, const TimeControl& control) {
  MoveRequest request{&game, game.toMove(), {}, clock, control};
  const auto start = std::chrono::steady_clock::now();
  const Result<Answer> answer = source.propose(request);
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_TRUE(answer.ok());
  if (answer.ok()) {
    EXPECT_TRUE(parseGtpVertex(answer->text, game.size()).ok()) << answer->text;
  }
  return elapsed;
}

TEST(BuiltinSource, TheClockBoundsTheTimeOfAMove) {
  // Without the clock each move would take its 30 seconds.
  Result<std::unique_ptr<MoveSource>> made = makeSource("builtin:time=30", withSeed(2));
  ASSERT_TRUE(made.ok()) << made.error();
  const Game game(GameConfig{9, Rules::Chinese, std::nullopt, 0});
  const TimeControl absolute{TimeControl::Kind::Absolute, 2, 0, 0, 0};
  EXPECT_LT(secondsToPropose(**made, game, initialTime(absolute), absolute), 2.0);
  const TimeControl byoYomi{TimeControl::Kind::ByoYomi, 0, 1, 1, 0};
  EXPECT_LT(secondsToPropose(**made, game, initialTime(byoYomi), byoYomi), 1.0);
}

// Records the clock of every request and answers a point the rules refuse, so the referee asks again.
class ClockRecorder final : public MoveSource {
 public:
  std::string describe() const override { return "recorder"; }
  Result<Answer> propose(const MoveRequest& request) override {
    clocks.push_back(request.clock);
    Answer answer;
    answer.text = "Z99";
    return answer;
  }
  std::vector<std::optional<TimeLeft>> clocks;
};

TEST(Referee, PassesTheClockIntoEveryRequestOfTheMove) {
  ClockRecorder recorder;
  const Game game(GameConfig{9, Rules::Chinese, std::nullopt, 0});
  RefereeOptions options(ErrorLog::none());
  options.maxRetries = 2;
  options.timeControl = {TimeControl::Kind::Canadian, 0, 42, 0, 3};
  options.clock = initialTime(options.timeControl);
  const RefereeOutcome outcome = requestMove(recorder, game, Color::Black, options);
  EXPECT_FALSE(outcome.move.has_value());
  ASSERT_EQ(recorder.clocks.size(), 3U);
  // The retries get what is left once the refused attempts' time is spent: here next to nothing.
  EXPECT_EQ(recorder.clocks[0]->periodMs, 42'000);
  for (const std::optional<TimeLeft>& clock : recorder.clocks) {
    ASSERT_TRUE(clock.has_value());
    EXPECT_LE(clock->periodMs, 42'000);
    EXPECT_GT(clock->periodMs, 41'000);
    EXPECT_EQ(clock->stones, 3);
  }
  recorder.clocks.clear();
  requestMove(recorder, game, Color::Black, RefereeOptions(ErrorLog::none()));
  ASSERT_FALSE(recorder.clocks.empty());
  EXPECT_FALSE(recorder.clocks[0].has_value());
}

}  // namespace
}  // namespace tengen::sources
