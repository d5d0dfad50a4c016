// The GTP engine, command by command, in the Leela Zero style: send a line, check the framed response and the game
// behind it.
#include "tengen/gtp/engine.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <limits>
#include <mutex>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <stop_token>
#include <string>
#include <utility>
#include <vector>

#include "tengen/core/coords.h"
#include "tengen/core/game.h"
#include "tengen/core/rules.h"
#include "tengen/sgf/sgf.h"

#include "gtp_session.h"

namespace tengen::gtp {
namespace {

namespace fs = std::filesystem;
using testing::error;
using testing::firstLegalPoint;
using testing::ok;
using testing::testOptions;

Color at(const Engine& engine, std::string_view vertex) {
  const Result<ParsedVertex> v = parseGtpVertex(vertex, engine.game().size());
  EXPECT_TRUE(v.ok()) << vertex;
  return engine.game().board().at(v->point);
}

// A directory of its own for each test, removed afterwards.
class TempDir {
 public:
  TempDir() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    m_path = fs::temp_directory_path() /
             ("tengen_gtp_" + std::to_string(getpid()) + "_" + info->test_suite_name() + "_" + info->name());
    fs::remove_all(m_path);
    fs::create_directories(m_path);
  }
  ~TempDir() {
    std::error_code ignored;
    fs::remove_all(m_path, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  std::string file(const std::string& name, const std::string& contents) const {
    const fs::path p = m_path / name;
    std::ofstream(p, std::ios::binary) << contents;
    return p.string();
  }
  fs::path path() const { return m_path; }

 private:
  fs::path m_path;
};

// --- framing ---

TEST(GtpFramingTest, ResponsesWithoutAnId) {
  Engine engine(testOptions());
  EXPECT_EQ(engine.answer("name"), "= tengen\n\n");
  EXPECT_EQ(engine.answer("boardsize 9"), "= \n\n");
  EXPECT_EQ(engine.answer("frobnicate"), "? unknown command\n\n");
}

TEST(GtpFramingTest, ResponsesEchoTheId) {
  Engine engine(testOptions());
  EXPECT_EQ(engine.answer("1 name"), "=1 tengen\n\n");
  EXPECT_EQ(engine.answer("22 boardsize 9"), "=22 \n\n");
  EXPECT_EQ(engine.answer("333 frobnicate"), "?333 unknown command\n\n");
  EXPECT_EQ(engine.answer("4 play b"), "?4 syntax error\n\n");
  EXPECT_EQ(engine.answer("5"), "?5 unknown command\n\n") << "an id without a command";
}

TEST(GtpFramingTest, IgnoredLinesGetNoResponse) {
  Engine engine(testOptions());
  EXPECT_EQ(engine.answer(""), "");
  EXPECT_EQ(engine.answer("   "), "");
  EXPECT_EQ(engine.answer("# just a comment"), "");
  EXPECT_EQ(engine.answer("\r"), "");
}

TEST(GtpFramingTest, CommentsTabsAndCarriageReturnsAreTolerated) {
  Engine engine(testOptions());
  EXPECT_EQ(engine.answer("  name   # who are you"), "= tengen\n\n");
  EXPECT_EQ(engine.answer("\t7\tname\r"), "=7 tengen\n\n");
}

TEST(GtpFramingTest, CommandNamesAreCaseSensitive) {
  Engine engine(testOptions());
  EXPECT_EQ(engine.answer("NAME"), "? unknown command\n\n");
}

TEST(GtpFramingTest, RunAnswersEveryCommandAndStopsAtQuit) {
  Engine engine(testOptions());
  std::istringstream in("name\n\n# comment\n2 protocol_version\nquit\nname\n");
  std::ostringstream out;
  engine.run(in, out);
  EXPECT_EQ(out.str(), "= tengen\n\n=2 2\n\n= \n\n");
  EXPECT_TRUE(engine.quitRequested());
}

TEST(GtpFramingTest, RunStopsAtTheEndOfInputWithoutANewline) {
  Engine engine(testOptions());
  std::istringstream in("boardsize 9\nname");
  std::ostringstream out;
  engine.run(in, out);
  EXPECT_EQ(out.str(), "= \n\n= tengen\n\n");
  EXPECT_FALSE(engine.quitRequested());
}

// --- administrative commands ---

TEST(GtpAdminTest, ProtocolVersionNameVersion) {
  Engine engine(testOptions());
  EXPECT_EQ(ok(engine, "protocol_version"), "2");
  EXPECT_EQ(ok(engine, "name"), "tengen");
  EXPECT_EQ(ok(engine, "version"), "test");
}

// Another program's version (`tengen gtp --override-version`) for `version`; printsgf still names tengen's.
TEST(GtpAdminTest, VersionAnswerStandsInForTheVersion) {
  EngineOptions options = testOptions(9);
  options.versionAnswer = "0.17";
  Engine engine(std::move(options));
  EXPECT_EQ(ok(engine, "version"), "0.17");
  EXPECT_EQ(ok(engine, "name"), "tengen");
  EXPECT_NE(ok(engine, "printsgf").find("AP[tengen:test]"), std::string::npos);
}

TEST(GtpAdminTest, ListCommandsHasEveryDocumentedCommand) {
  Engine engine(testOptions());
  const std::string list = ok(engine, "list_commands");
  std::vector<std::string> listed;
  std::istringstream lines(list);
  for (std::string line; std::getline(lines, line);) listed.push_back(line);
  for (const char* required : {"protocol_version",
                               "name",
                               "version",
                               "known_command",
                               "list_commands",
                               "quit",
                               "boardsize",
                               "clear_board",
                               "komi",
                               "play",
                               "genmove",
                               "undo",
                               "showboard",
                               "fixed_handicap",
                               "place_free_handicap",
                               "set_free_handicap",
                               "final_score",
                               "final_status_list",
                               "loadsgf",
                               "printsgf",
                               "time_settings",
                               "time_left",
                               "is_legal",
                               "list_stones",
                               "tengen-legal_reason",
                               "tengen-rules",
                               "reg_genmove",
                               "kgs-genmove_cleanup",
                               "gogui-analyze_commands",
                               "gogui-interrupt",
                               "lz-analyze",
                               "kata-analyze",
                               "lz-genmove_analyze",
                               "kata-genmove_analyze",
                               "tengen-ownership",
                               "tengen-estimate",
                               "estimate_score",
                               "captures",
                               "level",
                               "top_moves",
                               "top_moves_black",
                               "top_moves_white",
                               "move_history",
                               "query_boardsize",
                               "get_komi",
                               "get_handicap"}) {
    EXPECT_NE(std::find(listed.begin(), listed.end(), required), listed.end()) << required;
  }
  const std::vector<std::string_view> names = Engine::commandNames();
  EXPECT_EQ(listed.size(), names.size());
}

TEST(GtpAdminTest, KnownCommandAnswersForEveryListedCommand) {
  Engine engine(testOptions());
  for (std::string_view name : Engine::commandNames()) {
    EXPECT_EQ(ok(engine, "known_command " + std::string(name)), "true") << name;
  }
  EXPECT_EQ(ok(engine, "known_command frobnicate"), "false");
  // kgsGtp asks before it sends it, in a game whose dead stones the players disagreed about.
  EXPECT_EQ(ok(engine, "known_command kgs-genmove_cleanup"), "true");
  EXPECT_EQ(ok(engine, "known_command"), "false");
}

TEST(GtpAdminTest, QuitIsAnsweredAndRecorded) {
  Engine engine(testOptions());
  EXPECT_FALSE(engine.quitRequested());
  EXPECT_EQ(engine.answer("9 quit"), "=9 \n\n");
  EXPECT_TRUE(engine.quitRequested());
}

// --- setup ---

TEST(GtpSetupTest, BoardsizeSetsTheSizeAndClearsTheBoard) {
  Engine engine(testOptions());
  ok(engine, "play b D4");
  ok(engine, "boardsize 9");
  EXPECT_EQ(engine.game().size(), 9);
  EXPECT_EQ(engine.game().moveCount(), 0);
  ok(engine, "boardsize 2");
  ok(engine, "boardsize 25");
  EXPECT_EQ(engine.game().size(), 25);
}

TEST(GtpSetupTest, BoardsizeOutsideTheLimitsIsUnacceptable) {
  Engine engine(testOptions(13));
  for (const char* line : {"boardsize 1", "boardsize 0", "boardsize 26", "boardsize -19", "boardsize 1000000000"}) {
    EXPECT_EQ(error(engine, line), "unacceptable size") << line;
  }
  for (const char* line : {"boardsize", "boardsize x", "boardsize 9.5", "boardsize 99999999999999999999"}) {
    EXPECT_EQ(error(engine, line), "syntax error") << line;
  }
  EXPECT_EQ(engine.game().size(), 13) << "a refused boardsize changes nothing";
}

TEST(GtpSetupTest, ClearBoardKeepsSizeAndKomi) {
  Engine engine(testOptions(9));
  ok(engine, "komi 0.5");
  ok(engine, "play b E5");
  ok(engine, "play w C3");
  ok(engine, "clear_board");
  EXPECT_EQ(engine.game().size(), 9);
  EXPECT_EQ(engine.game().moveCount(), 0);
  EXPECT_EQ(at(engine, "E5"), Color::Empty);
  EXPECT_EQ(engine.game().komi(), 0.5);
}

TEST(GtpSetupTest, KomiIsSetAndKeptForNewGames) {
  Engine engine(testOptions());
  EXPECT_EQ(engine.game().komi(), 7.5) << "the rule set's default";
  ok(engine, "komi 6.5");
  EXPECT_EQ(engine.game().komi(), 6.5);
  ok(engine, "boardsize 9");
  EXPECT_EQ(engine.game().komi(), 6.5);
  ok(engine, "komi -3");
  EXPECT_EQ(engine.game().komi(), -3);
  ok(engine, "komi 0");
  EXPECT_EQ(engine.game().komi(), 0);
  for (const char* line : {"komi", "komi x", "komi nan", "komi inf", "komi 6,5", "komi 6.5x"}) {
    EXPECT_EQ(error(engine, line), "syntax error") << line;
  }
  EXPECT_EQ(error(engine, "komi 1e9"), "unacceptable komi");
  EXPECT_EQ(engine.game().komi(), 0);
}

// --- moves ---

TEST(GtpPlayTest, PlayPutsTheStoneThere) {
  Engine engine(testOptions());
  ok(engine, "play b E6");
  EXPECT_EQ(at(engine, "E6"), Color::Black);
  ok(engine, "play white q16");
  EXPECT_EQ(at(engine, "Q16"), Color::White);
  ok(engine, "play B t19");
  EXPECT_EQ(at(engine, "T19"), Color::Black);
  EXPECT_EQ(engine.game().moveCount(), 3);
}

TEST(GtpPlayTest, EitherColourMayPlayInAnyOrder) {
  Engine engine(testOptions(9));
  ok(engine, "play w E5");
  ok(engine, "play w D4");
  ok(engine, "play b C3");
  ok(engine, "play b C4");
  EXPECT_EQ(at(engine, "D4"), Color::White);
  EXPECT_EQ(at(engine, "C4"), Color::Black);
}

TEST(GtpPlayTest, PassIsAMove) {
  Engine engine(testOptions(9));
  ok(engine, "play b pass");
  ok(engine, "play w PASS");
  EXPECT_EQ(engine.game().moveCount(), 2);
  EXPECT_EQ(engine.game().moves().back(), Move::pass(Color::White));
}

TEST(GtpPlayTest, IllegalMovesNameTheReason) {
  Engine engine(testOptions(5));
  ok(engine, "play b C3");
  EXPECT_EQ(error(engine, "play w C3"), "illegal move: occupied");
  EXPECT_EQ(error(engine, "play w F1"), "illegal move: out_of_bounds");
  EXPECT_EQ(error(engine, "play w A6"), "illegal move: out_of_bounds");
  EXPECT_EQ(error(engine, "play w Z25"), "illegal move: out_of_bounds");
  EXPECT_EQ(engine.game().moveCount(), 1) << "an illegal move changes nothing";
}

TEST(GtpPlayTest, SuicideKoAndSuperkoAreRefused) {
  Engine engine(testOptions(5));
  // Suicide: A5 between two white stones.
  ok(engine, "play w B5");
  ok(engine, "play w A4");
  EXPECT_EQ(error(engine, "play b A5"), "illegal move: suicide");

  // Ko: Black takes at C4, White may not take back at B4 at once.
  ok(engine, "clear_board");
  for (const char* line :
       {"play b B5", "play b A4", "play b B3", "play w C5", "play w B4", "play w D4", "play w C3", "play b C4"}) {
    ok(engine, line);
  }
  EXPECT_EQ(at(engine, "B4"), Color::Empty);
  EXPECT_EQ(error(engine, "play w B4"), "illegal move: ko");

  // Positional superko (chinese): the capture at C5 would recreate the position after B5.
  ok(engine, "clear_board");
  for (const char* line :
       {"play b B5", "play w A4", "play b D5", "play w B4", "play b C4", "play w pass", "play b A5", "play w C5"}) {
    ok(engine, line);
  }
  EXPECT_EQ(error(engine, "play b B5"), "illegal move: superko");
}

TEST(GtpPlayTest, MalformedPlayIsASyntaxError) {
  Engine engine(testOptions(9));
  for (const char* line :
       {"play", "play b", "play D4", "play x D4", "play empty D4", "play b I5", "play b E0", "play b 5E", "play b E",
        "play b EE5", "play b E-5", "play b E5.0", "play b resign", "play b 東5", "play b E99999"}) {
    EXPECT_EQ(error(engine, line), "syntax error") << line;
  }
  EXPECT_EQ(engine.game().moveCount(), 0);
}

TEST(GtpPlayTest, AMoveAfterTwoPassesResumesTheGame) {
  Engine engine(testOptions(9));
  ok(engine, "play b E5");
  ok(engine, "play w pass");
  ok(engine, "play b pass");
  EXPECT_EQ(engine.game().phase(), Phase::Scoring);
  EXPECT_EQ(ok(engine, "is_legal w C3"), "1");
  ok(engine, "play w C3");
  EXPECT_EQ(engine.game().phase(), Phase::Playing);
  EXPECT_EQ(at(engine, "C3"), Color::White);
  EXPECT_EQ(at(engine, "E5"), Color::Black);
  EXPECT_EQ(engine.game().moveCount(), 4) << "both passes stay in the record";
}

// --- genmove ---

TEST(GtpGenmoveTest, PlaysWhatTheHookAnswers) {
  EngineOptions options = testOptions(9);
  std::vector<Color> asked;
  options.genmove = [&](const Game& game, Color color, const MoveProgress&) {
    asked.push_back(color);
    EXPECT_EQ(game.moveCount(), 1);
    return GenmoveReply{Move::play(color, {2, 6}), {}};
  };
  Engine engine(std::move(options));
  ok(engine, "play b E5");
  EXPECT_EQ(engine.answer("3 genmove w"), "=3 G7\n\n");
  EXPECT_EQ(asked, std::vector<Color>{Color::White});
  EXPECT_EQ(at(engine, "G7"), Color::White);
  EXPECT_EQ(engine.game().moveCount(), 2);
}

// GoGui interrupts a genmove with a `# interrupt` line when the engine lists gogui-interrupt: the hook sees the
// stop and answers at once with what it has; the next command is answered after the move.
GenmoveHook waitForTheInterrupt(bool* interrupted) {
  return [interrupted](const Game&, Color color, const MoveProgress& progress) {
    std::mutex mutex;
    std::condition_variable_any never;
    std::unique_lock lock(mutex);
    std::stop_token interrupt = progress.interrupt;
    *interrupted =
        never.wait_for(lock, interrupt, std::chrono::seconds(60), [] { return false; }) || interrupt.stop_requested();
    return GenmoveReply{Move::play(color, {6, 2}), {}};
  };
}

TEST(GtpGenmoveTest, AnInterruptLineWhileTheAiThinksAsksForTheMoveNow) {
  EngineOptions options = testOptions(9);
  bool interrupted = false;
  options.genmove = waitForTheInterrupt(&interrupted);
  Engine engine(std::move(options));
  // Empty lines and other comments while it thinks are dropped, as GTP drops them anyway.
  std::istringstream in("1 genmove b\n\n# a comment\n# interrupt\n2 name\n");
  std::ostringstream out;
  engine.run(in, out);
  EXPECT_TRUE(interrupted);
  EXPECT_EQ(out.str(), "=1 C3\n\n=2 tengen\n\n");
  EXPECT_EQ(at(engine, "C3"), Color::Black);
}

TEST(GtpGenmoveTest, ACommandSentWhileTheAiThinksIsAnsweredAfterTheMoveAndInterruptsNothing) {
  EngineOptions options = testOptions(9);
  std::vector<bool> interrupts;
  options.genmove = [&](const Game& game, Color color, const MoveProgress& progress) {
    interrupts.push_back(progress.interrupt.stop_requested());
    return GenmoveReply{Move::play(color, {0, game.moveCount()}), {}};
  };
  Engine engine(std::move(options));
  std::istringstream in("1 genmove b\n2 play w D4\n3 genmove b\n4 name\n");
  std::ostringstream out;
  engine.run(in, out);
  EXPECT_EQ(out.str(), "=1 A9\n\n=2 \n\n=3 C9\n\n=4 tengen\n\n");
  EXPECT_EQ(interrupts, (std::vector<bool>{false, false}));
  EXPECT_EQ(ok(engine, "gogui-interrupt"), "");
}

TEST(GtpGenmoveTest, PassAndResign) {
  EngineOptions options = testOptions(9);
  bool resign = false;
  options.genmove = [&](const Game&, Color color, const MoveProgress&) {
    return GenmoveReply{resign ? Move::resign(color) : Move::pass(color), {}};
  };
  Engine engine(std::move(options));
  // GNU Go's `PASS`, which Kigo compares exactly.
  EXPECT_EQ(ok(engine, "genmove black"), "PASS");
  EXPECT_EQ(engine.game().moves().back(), Move::pass(Color::Black));
  EXPECT_EQ(ok(engine, "reg_genmove white"), "PASS");
  EXPECT_EQ(engine.game().moveCount(), 1) << "reg_genmove plays nothing";
  // The analysis commands' line keeps KataGo's lower case.
  EXPECT_EQ(engine.answer("lz-genmove_analyze w"), "=\nplay pass\n\n");
  EXPECT_EQ(engine.answer("kata-genmove_analyze b"), "=\nplay pass\n\n");
  EXPECT_EQ(engine.game().moveCount(), 3);
  resign = true;
  EXPECT_EQ(ok(engine, "genmove white"), "resign");
  EXPECT_EQ(engine.game().phase(), Phase::Finished);
  EXPECT_EQ(ok(engine, "final_score"), "B+R");
  EXPECT_EQ(error(engine, "genmove black"), "game is over");
  EXPECT_EQ(error(engine, "play b E5"), "illegal move: game_over");
  ok(engine, "undo");
  EXPECT_EQ(engine.game().phase(), Phase::Playing) << "undo takes the resignation back";
}

TEST(GtpGenmoveTest, AFailedAiChangesNothingAndNeverPassesInItsPlace) {
  EngineOptions options = testOptions(9);
  options.genmove = [](const Game&, Color, const MoveProgress&) {
    return GenmoveReply{std::nullopt, "no legal move in 5 attempts; attempt 1: E5 rejected (stone already there)"};
  };
  Engine engine(std::move(options));
  ok(engine, "play b E5");
  EXPECT_EQ(engine.answer("8 genmove w"),
            "?8 ai failed: no legal move in 5 attempts; attempt 1: E5 rejected (stone already there)\n\n");
  EXPECT_EQ(engine.game().moveCount(), 1);
  EXPECT_EQ(engine.game().moves().back(), Move::play(Color::Black, {4, 4}));
}

TEST(GtpGenmoveTest, AnErrorWithNewlinesStaysOneLine) {
  EngineOptions options = testOptions(9);
  options.genmove = [](const Game&, Color, const MoveProgress&) {
    return GenmoveReply{std::nullopt, "line one\n\nline two"};
  };
  Engine engine(std::move(options));
  EXPECT_EQ(engine.answer("genmove b"), "? ai failed: line one  line two\n\n");
}

TEST(GtpGenmoveTest, AnIllegalOrWrongColouredAnswerFromTheHookIsRefused) {
  EngineOptions options = testOptions(9);
  Move next = Move::play(Color::White, {4, 4});
  options.genmove = [&](const Game&, Color, const MoveProgress&) { return GenmoveReply{next, {}}; };
  Engine engine(std::move(options));
  ok(engine, "play b E5");
  EXPECT_EQ(error(engine, "genmove w"), "ai failed: the move source answered an illegal move E5: occupied");
  next = Move::play(Color::Black, {0, 0});
  EXPECT_EQ(error(engine, "genmove w"), "ai failed: the move source answered for black");
  EXPECT_EQ(engine.game().moveCount(), 1);
}

TEST(GtpGenmoveTest, AThrowingHookIsAFailedMove) {
  EngineOptions options = testOptions(9);
  options.genmove = [](const Game&, Color, const MoveProgress&) -> GenmoveReply {
    throw std::runtime_error("connection reset");
  };
  Engine engine(std::move(options));
  EXPECT_EQ(error(engine, "genmove b"), "ai failed: connection reset");
  EXPECT_EQ(ok(engine, "name"), "tengen") << "the session stays up";
}

TEST(GtpGenmoveTest, WithoutAHookThereIsNoMoveSource) {
  EngineOptions options = testOptions(9);
  options.genmove = nullptr;
  Engine engine(std::move(options));
  EXPECT_EQ(error(engine, "genmove b"), "ai failed: no move source");
}

TEST(GtpGenmoveTest, BadColourIsASyntaxError) {
  Engine engine(testOptions(9));
  EXPECT_EQ(error(engine, "genmove"), "syntax error");
  EXPECT_EQ(error(engine, "genmove red"), "syntax error");
  EXPECT_EQ(error(engine, "reg_genmove"), "syntax error");
  EXPECT_EQ(error(engine, "kgs-genmove_cleanup"), "syntax error");
  EXPECT_EQ(error(engine, "kgs-genmove_cleanup red"), "syntax error");
}

// --- kgs-genmove_cleanup ---

TEST(GtpCleanupTest, AsksItsOwnHookAndPlaysTheMoveAfterTwoPasses) {
  EngineOptions options = testOptions(9);
  std::vector<std::string> asked;
  options.genmove = [&](const Game&, Color color, const MoveProgress&) {
    asked.emplace_back("genmove");
    return GenmoveReply{Move::pass(color), {}};
  };
  options.genmoveCleanup = [&](const Game& game, Color color, const MoveProgress&) {
    asked.emplace_back("cleanup");
    EXPECT_EQ(game.phase(), Phase::Playing) << "the hook is asked about the game going on";
    return GenmoveReply{Move::play(color, {2, 6}), {}};
  };
  Engine engine(std::move(options));
  ok(engine, "play b E5");
  ok(engine, "play w pass");
  ok(engine, "play b pass");
  ASSERT_EQ(engine.game().phase(), Phase::Scoring);
  // KGS resumes a game whose dead stones were disputed: the cleanup move goes on from the two passes.
  EXPECT_EQ(engine.answer("4 kgs-genmove_cleanup w"), "=4 G7\n\n");
  EXPECT_EQ(asked, std::vector<std::string>{"cleanup"});
  EXPECT_EQ(at(engine, "G7"), Color::White);
  EXPECT_EQ(engine.game().phase(), Phase::Playing);
  EXPECT_EQ(engine.game().moveCount(), 4) << "both passes stay in the record";
  EXPECT_EQ(ok(engine, "genmove b"), "PASS");
  EXPECT_EQ(asked, (std::vector<std::string>{"cleanup", "genmove"}));
}

TEST(GtpCleanupTest, FailsAsGenmoveFailsAndChangesNothing) {
  EngineOptions options = testOptions(9);
  options.genmoveCleanup = [](const Game&, Color, const MoveProgress&) {
    return GenmoveReply{std::nullopt, "no legal move in 5 attempts; attempt 1: E5 rejected (stone already there)"};
  };
  Engine engine(std::move(options));
  ok(engine, "play b E5");
  EXPECT_EQ(engine.answer("8 kgs-genmove_cleanup w"),
            "?8 ai failed: no legal move in 5 attempts; attempt 1: E5 rejected (stone already there)\n\n");
  EXPECT_EQ(engine.game().moveCount(), 1);

  EngineOptions illegal = testOptions(9);
  illegal.genmoveCleanup = [](const Game&, Color color, const MoveProgress&) {
    return GenmoveReply{Move::play(color, {4, 4}), {}};
  };
  Engine refused(std::move(illegal));
  ok(refused, "play b E5");
  EXPECT_EQ(error(refused, "kgs-genmove_cleanup w"),
            "ai failed: the move source answered an illegal move E5: occupied");
  EXPECT_EQ(refused.game().moveCount(), 1);

  EngineOptions resigning = testOptions(9);
  resigning.genmove = [](const Game&, Color color, const MoveProgress&) {
    return GenmoveReply{Move::resign(color), {}};
  };
  Engine over(std::move(resigning));
  EXPECT_EQ(ok(over, "genmove b"), "resign");
  EXPECT_EQ(error(over, "kgs-genmove_cleanup w"), "game is over");
}

TEST(GtpCleanupTest, WithoutAHookThereIsNoMoveSource) {
  // genmove's hook is not asked in its place: it makes no promise about dead stones.
  EngineOptions options = testOptions(9);
  ASSERT_TRUE(options.genmove);
  Engine engine(std::move(options));
  EXPECT_EQ(error(engine, "kgs-genmove_cleanup b"), "ai failed: no move source");
  EXPECT_EQ(engine.game().moveCount(), 0);
}

TEST(GtpGenmoveTest, RegGenmoveAnswersWithoutPlaying) {
  Engine engine(testOptions(9));
  EXPECT_EQ(ok(engine, "reg_genmove b"), "A9");
  EXPECT_EQ(engine.game().moveCount(), 0);
  EXPECT_EQ(ok(engine, "genmove b"), "A9");
  EXPECT_EQ(ok(engine, "reg_genmove w"), "B9");
  EXPECT_EQ(engine.game().moveCount(), 1);
}

TEST(GtpGenmoveTest, GenmoveAfterTwoPassesResumesTheGame) {
  Engine engine(testOptions(9));
  ok(engine, "play b pass");
  ok(engine, "play w pass");
  EXPECT_EQ(ok(engine, "genmove b"), "A9");
  EXPECT_EQ(engine.game().phase(), Phase::Playing);
}

// --- undo and showboard ---

TEST(GtpUndoTest, UndoTakesBackOneMoveAtATime) {
  Engine engine(testOptions(9));
  EXPECT_EQ(error(engine, "undo"), "cannot undo");
  ok(engine, "play b E5");
  ok(engine, "play w C3");
  ok(engine, "undo");
  EXPECT_EQ(at(engine, "C3"), Color::Empty);
  EXPECT_EQ(at(engine, "E5"), Color::Black);
  ok(engine, "undo");
  EXPECT_EQ(at(engine, "E5"), Color::Empty);
  EXPECT_EQ(error(engine, "undo"), "cannot undo");
}

TEST(GtpUndoTest, UndoRestoresCapturedStones) {
  Engine engine(testOptions(5));
  for (const char* line : {"play w A5", "play b B5", "play b A4"}) ok(engine, line);
  EXPECT_EQ(at(engine, "A5"), Color::Empty);
  ok(engine, "undo");
  EXPECT_EQ(at(engine, "A5"), Color::White);
}

TEST(GtpShowboardTest, TheDiagramFollowsOnItsOwnLines) {
  Engine engine(testOptions(9));
  ok(engine, "play b E5");
  ok(engine, "play w C3");
  std::string board = engine.game().board().toAscii();
  while (!board.empty() && board.back() == '\n') board.pop_back();
  EXPECT_EQ(engine.answer("5 showboard"), "=5 \n" + board + "\n\n");
  EXPECT_NE(board.find('X'), std::string::npos);
  EXPECT_NE(board.find('O'), std::string::npos);
}

// --- handicap ---

TEST(GtpHandicapTest, FixedHandicapPlacesTheStandardPoints) {
  Engine engine(testOptions(19));
  EXPECT_EQ(ok(engine, "fixed_handicap 2"), "D4 Q16");
  EXPECT_EQ(at(engine, "D4"), Color::Black);
  EXPECT_EQ(engine.game().toMove(), Color::White);
  EXPECT_EQ(error(engine, "fixed_handicap 2"), "board not empty");
  ok(engine, "clear_board");
  EXPECT_EQ(ok(engine, "fixed_handicap 9"), "D4 Q16 D16 Q4 D10 Q10 K4 K16 K10");
  ok(engine, "boardsize 9");
  EXPECT_EQ(ok(engine, "fixed_handicap 5"), "C3 G7 C7 G3 E5");
}

TEST(GtpHandicapTest, FixedHandicapRefusesWhatTheBoardCannotTake) {
  Engine engine(testOptions(19));
  for (const char* line : {"fixed_handicap 1", "fixed_handicap 0", "fixed_handicap 10", "fixed_handicap -2"}) {
    EXPECT_EQ(error(engine, line), "invalid number of stones") << line;
  }
  EXPECT_EQ(error(engine, "fixed_handicap"), "syntax error");
  EXPECT_EQ(error(engine, "fixed_handicap two"), "syntax error");
  ok(engine, "boardsize 8");
  EXPECT_EQ(error(engine, "fixed_handicap 5"), "invalid number of stones");
  ok(engine, "boardsize 5");
  EXPECT_EQ(error(engine, "fixed_handicap 2"), "invalid number of stones");
  EXPECT_EQ(engine.game().setupStones().size(), 0U);
}

TEST(GtpHandicapTest, PlaceFreeHandicapPlacesAtMostTheBoardsHandicapPoints) {
  Engine engine(testOptions(19));
  EXPECT_EQ(ok(engine, "place_free_handicap 3"), "D4 Q16 D16");
  EXPECT_EQ(error(engine, "place_free_handicap 3"), "board not empty");
  ok(engine, "clear_board");
  EXPECT_EQ(ok(engine, "place_free_handicap 20"), "D4 Q16 D16 Q4 D10 Q10 K4 K16 K10") << "GTP allows fewer";
  ok(engine, "clear_board");
  EXPECT_EQ(error(engine, "place_free_handicap 1"), "invalid number of stones");
  EXPECT_EQ(error(engine, "place_free_handicap 361"), "invalid number of stones");
  EXPECT_EQ(error(engine, "place_free_handicap x"), "syntax error");
  ok(engine, "boardsize 5");
  EXPECT_EQ(error(engine, "place_free_handicap 2"), "invalid number of stones");
}

TEST(GtpHandicapTest, SetFreeHandicapTakesTheControllersPoints) {
  Engine engine(testOptions(9));
  EXPECT_EQ(engine.answer("set_free_handicap C3 G7 E5"), "= \n\n");
  EXPECT_EQ(ok(engine, "list_stones black"), "G7 E5 C3");
  EXPECT_EQ(engine.game().toMove(), Color::White);
  EXPECT_EQ(error(engine, "set_free_handicap A1 A2"), "board not empty");
}

TEST(GtpHandicapTest, SetFreeHandicapRefusesABadList) {
  Engine engine(testOptions(9));
  for (const char* line : {"set_free_handicap", "set_free_handicap D4", "set_free_handicap D4 D4",
                           "set_free_handicap D4 pass", "set_free_handicap D4 Z9"}) {
    EXPECT_EQ(error(engine, line), "bad vertex list") << line;
  }
  EXPECT_EQ(error(engine, "set_free_handicap D4 xyz"), "syntax error");
  EXPECT_EQ(engine.game().setupStones().size(), 0U);
}

// --- scoring ---

// 5x5, Black owns columns A-C, White D-E; a lone white stone at A1 sits in Black's area.
void playFinishedPosition(Engine& engine) {
  ok(engine, "boardsize 5");
  ok(engine, "komi 0.5");
  for (const char* v : {"C1", "C2", "C3", "C4", "C5"}) ok(engine, std::string("play b ") + v);
  for (const char* v : {"D1", "D2", "D3", "D4", "D5", "A1"}) ok(engine, std::string("play w ") + v);
  ok(engine, "play b pass");
  ok(engine, "play w pass");
}

TEST(GtpScoringTest, FinalScoreTakesTheLoneStoneInTheOpponentsAreaAsDead) {
  Engine engine(testOptions());
  playFinishedPosition(engine);
  // A1 dead: Black 5 stones + 10 points, White 5 stones + 5 points, komi 0.5.
  EXPECT_EQ(ok(engine, "final_score"), "B+4.5");
  ok(engine, "komi 5");
  EXPECT_EQ(ok(engine, "final_score"), "0");
  EXPECT_EQ(engine.game().phase(), Phase::Scoring) << "final_score changes nothing";
}

TEST(GtpScoringTest, FinalStatusListGivesOneChainPerLine) {
  Engine engine(testOptions());
  playFinishedPosition(engine);
  EXPECT_EQ(ok(engine, "final_status_list dead"), "A1");
  EXPECT_EQ(ok(engine, "final_status_list alive"), "C5 C4 C3 C2 C1\nD5 D4 D3 D2 D1");
  EXPECT_EQ(engine.answer("final_status_list seki"), "= \n\n");
  EXPECT_EQ(ok(engine, "final_status_list DEAD"), "A1");
  EXPECT_EQ(error(engine, "final_status_list"), "syntax error");
  EXPECT_EQ(error(engine, "final_status_list maybe"), "syntax error");
  EXPECT_EQ(error(engine, "final_status_list dead alive"), "syntax error");
}

TEST(GtpScoringTest, TrompTaylorRulesScoreTheBoardAsItStands) {
  Engine engine(testOptions());
  ok(engine, "tengen-rules tromp-taylor");
  playFinishedPosition(engine);
  // A1 stays: columns A-B touch both colours. Black 5, White 11, komi 0.5.
  EXPECT_EQ(ok(engine, "final_score"), "W+6.5");
  EXPECT_EQ(engine.answer("final_status_list dead"), "= \n\n");
}

// The seki of tests/core/analysis_test.cpp: Black's A2 B2 C2 B1 (eye A1) and White's D2 E2 F2 D1 F1 (eye E1) share
// the liberty C1, inside two pass-alive groups.
TEST(GtpScoringTest, FinalStatusListNamesTheChainsInSeki) {
  Engine engine(testOptions());
  ok(engine, "boardsize 7");
  ok(engine, "komi 0.5");
  for (const char* v : {"D7", "D6", "E6", "F6", "G6", "D5", "D4", "E4", "F4", "G4",
                        "D3", "E3", "F3", "G3", "A2", "B2", "C2", "G2", "B1", "G1"}) {
    ok(engine, std::string("play b ") + v);
  }
  for (const char* v :
       {"C7", "A6", "B6", "C6", "C5", "A4", "B4", "C4", "A3", "B3", "C3", "D2", "E2", "F2", "D1", "F1"}) {
    ok(engine, std::string("play w ") + v);
  }
  ok(engine, "play b pass");
  ok(engine, "play w pass");
  EXPECT_EQ(ok(engine, "final_status_list seki"), "A2 B2 C2 B1\nD2 E2 F2 D1 F1");
  EXPECT_EQ(engine.answer("final_status_list dead"), "= \n\n");
  EXPECT_EQ(ok(engine, "final_score"), "B+5.5");
  ok(engine, "tengen-rules japanese");
  EXPECT_EQ(ok(engine, "final_score"), "B+1.5") << "no territory in a seki under territory rules";
}

// --- GNU Go's commands, as Kigo and qGo send them ---

// The finished position above under Japanese rules, which GNU Go counts by: every answer below is GNU Go 3.8's to
// the same commands, word for word.
TEST(GtpGnuGoTest, TerritoryListsEstimateAndCapturesAsGnuGoAnswersThem) {
  Engine engine(testOptions());
  ok(engine, "tengen-rules japanese");
  playFinishedPosition(engine);
  EXPECT_EQ(ok(engine, "final_status_list dead"), "A1");
  EXPECT_EQ(ok(engine, "final_status_list black_territory"), "A5 B5 A4 B4 A3 B3 A2 B2 B1");
  EXPECT_EQ(ok(engine, "final_status_list white_territory"), "E5 E4 E3 E2 E1");
  EXPECT_EQ(engine.answer("final_status_list dame"), "= \n\n");
  EXPECT_EQ(ok(engine, "final_status_list WHITE_TERRITORY"), "E5 E4 E3 E2 E1");
  EXPECT_EQ(ok(engine, "estimate_score"), "B+5.5 (upper bound: -5.5, lower: -5.5)");
  EXPECT_EQ(ok(engine, "final_score"), "B+5.5");
  EXPECT_EQ(ok(engine, "captures black"), "0");

  // Black takes A1 off the board, filling two points of its own territory.
  ok(engine, "play b B1");
  ok(engine, "play b A2");
  EXPECT_EQ(ok(engine, "captures black"), "1");
  EXPECT_EQ(ok(engine, "captures WHITE"), "0");
  EXPECT_EQ(ok(engine, "final_status_list black_territory"), "A5 B5 A4 B4 A3 B3 B2 A1");
  EXPECT_EQ(ok(engine, "estimate_score"), "B+3.5 (upper bound: -3.5, lower: -3.5)");
  EXPECT_EQ(ok(engine, "move_history"),
            "black A2\nblack B1\nwhite PASS\nblack PASS\nwhite A1\nwhite D5\nwhite D4\nwhite D3\nwhite D2\n"
            "white D1\nblack C5\nblack C4\nblack C3\nblack C2\nblack C1");
  ok(engine, "undo");
  EXPECT_EQ(ok(engine, "captures black"), "0") << "the capture is taken back with its move";

  for (const char* line : {"captures", "captures x", "captures b w", "final_status_list territory"}) {
    EXPECT_EQ(error(engine, line), "syntax error") << line;
  }
}

// Before the end the bounds are White's lead with every point the judgment gives to nobody counted for White, then
// for Black: on an empty board (core's reading, which gives no point to anybody) the whole board either way.
TEST(GtpGnuGoTest, EstimateScoreBoundsCountThePointsNobodyHoldsYet) {
  Engine engine(testOptions(9));
  ok(engine, "komi 7.5");
  EXPECT_EQ(ok(engine, "estimate_score"), "W+7.5 (upper bound: 88.5, lower: -73.5)");
  EXPECT_EQ(engine.answer("final_status_list black_territory"), "= \n\n");
  EXPECT_EQ(engine.answer("final_status_list white_territory"), "= \n\n");
  const std::string dame = ok(engine, "final_status_list dame");
  EXPECT_EQ(std::count(dame.begin(), dame.end(), ' '), 80) << dame;
  EXPECT_TRUE(dame.starts_with("A9 B9 C9 ") && dame.ends_with(" H1 J1")) << dame;
  ok(engine, "komi 0");
  EXPECT_EQ(ok(engine, "estimate_score"), "W+0.0 (upper bound: 81.0, lower: -81.0)") << "GNU Go gives White a jigo";
  ok(engine, "komi -3");
  EXPECT_EQ(ok(engine, "estimate_score"), "B+3.0 (upper bound: 78.0, lower: -84.0)");
}

TEST(GtpGnuGoTest, LevelIsTakenAndChangesNothing) {
  Engine engine(testOptions(9));
  for (const char* line : {"level 1", "level 10", "level 0", "level 11", "level -5", "level 99999999999999999999999"}) {
    EXPECT_EQ(engine.answer(line), "= \n\n") << line;
  }
  EXPECT_EQ(ok(engine, "genmove b"), "A9") << "the same move as without a level";
  for (const char* line : {"level", "level x", "level 1 2", "level 1.5", "level -", "level --3"}) {
    EXPECT_EQ(error(engine, line), "syntax error") << line;
  }
}

// top_moves_*: the analysis's candidates for that colour (the stand-in's A9 B9 C9 at 60, 50 and 40 percent).
TEST(GtpGnuGoTest, TopMovesAreTheAnalysisCandidatesWithTheirWinningRates) {
  EngineOptions options = testOptions(9);
  std::vector<Color> analysed;
  options.analyze = [&](const Game& game, Color toMove) -> std::unique_ptr<Analyzer> {
    analysed.push_back(toMove);
    return std::make_unique<testing::FakeAnalyzer>(game, toMove);
  };
  options.genmove = [](const Game&, Color color, const MoveProgress&) { return GenmoveReply{Move::resign(color), {}}; };
  Engine engine(std::move(options));
  ok(engine, "play b A9");
  EXPECT_EQ(ok(engine, "top_moves_black"), "B9 60.00 C9 50.00 D9 40.00");
  EXPECT_EQ(ok(engine, "top_moves_white"), "B9 60.00 C9 50.00 D9 40.00");
  EXPECT_EQ(ok(engine, "top_moves"), "B9 60.00 C9 50.00 D9 40.00");
  EXPECT_EQ(analysed, (std::vector<Color>{Color::Black, Color::White, Color::White})) << "top_moves: the side to move";
  EXPECT_EQ(ok(engine, "genmove w"), "resign");
  EXPECT_EQ(engine.answer("top_moves_black"), "= \n\n") << "nothing to search after a resignation";

  EngineOptions without = testOptions(9);
  without.analyze = nullptr;
  Engine bare(std::move(without));
  EXPECT_EQ(error(bare, "top_moves_white"), "analysis unavailable");
}

TEST(GtpGnuGoTest, BoardsizeKomiAndHandicapQueries) {
  Engine engine(testOptions(9));
  EXPECT_EQ(ok(engine, "query_boardsize"), "9");
  EXPECT_EQ(engine.answer("move_history"), "= \n\n");
  ok(engine, "boardsize 13");
  ok(engine, "komi 6.5");
  EXPECT_EQ(ok(engine, "query_boardsize"), "13");
  EXPECT_EQ(ok(engine, "get_komi"), "6.5");
  EXPECT_EQ(ok(engine, "get_handicap"), "0");
  ok(engine, "fixed_handicap 4");
  EXPECT_EQ(ok(engine, "get_handicap"), "4");
  ok(engine, "clear_board");
  EXPECT_EQ(ok(engine, "get_handicap"), "0");
  ok(engine, "set_free_handicap C3 K10");
  EXPECT_EQ(ok(engine, "get_handicap"), "2");
}

// --- queries ---

TEST(GtpQueryTest, IsLegalAnswersOneOrZero) {
  Engine engine(testOptions(9));
  EXPECT_EQ(ok(engine, "is_legal b E5"), "1");
  ok(engine, "play b E5");
  EXPECT_EQ(ok(engine, "is_legal w E5"), "0");
  EXPECT_EQ(ok(engine, "is_legal w pass"), "1");
  EXPECT_EQ(ok(engine, "is_legal b E5"), "0");
  EXPECT_EQ(ok(engine, "is_legal b K5"), "0") << "off a 9x9 board";
  EXPECT_EQ(error(engine, "is_legal b"), "syntax error");
  EXPECT_EQ(error(engine, "is_legal E5"), "syntax error");
  EXPECT_EQ(error(engine, "is_legal b I5"), "syntax error");
}

TEST(GtpQueryTest, LegalReasonNamesTheReasonCode) {
  Engine engine(testOptions(5));
  EXPECT_EQ(ok(engine, "tengen-legal_reason b C3"), "ok");
  ok(engine, "play b C3");
  EXPECT_EQ(ok(engine, "tengen-legal_reason w C3"), "occupied");
  EXPECT_EQ(ok(engine, "tengen-legal_reason w F3"), "out_of_bounds");
  EXPECT_EQ(ok(engine, "tengen-legal_reason b pass"), "ok");
  ok(engine, "play w B5");
  ok(engine, "play w A4");
  EXPECT_EQ(ok(engine, "tengen-legal_reason b A5"), "suicide");
  EXPECT_EQ(ok(engine, "tengen-legal_reason w A5"), "ok");
  EXPECT_EQ(error(engine, "tengen-legal_reason b"), "syntax error");
}

TEST(GtpQueryTest, LegalReasonAfterTheGameEnded) {
  EngineOptions options = testOptions(9);
  options.genmove = [](const Game&, Color c, const MoveProgress&) { return GenmoveReply{Move::resign(c), {}}; };
  Engine engine(std::move(options));
  ok(engine, "genmove b");
  EXPECT_EQ(ok(engine, "tengen-legal_reason w E5"), "game_over");
  EXPECT_EQ(ok(engine, "is_legal w E5"), "0");
}

TEST(GtpQueryTest, ListStonesInReadingOrderAsGnuGo) {
  Engine engine(testOptions(9));
  EXPECT_EQ(engine.answer("list_stones black"), "= \n\n");
  for (const char* line : {"play b A1", "play b J9", "play w A9", "play b J1", "play w E5"}) ok(engine, line);
  EXPECT_EQ(ok(engine, "list_stones black"), "J9 A1 J1");
  EXPECT_EQ(ok(engine, "list_stones b"), "J9 A1 J1");
  EXPECT_EQ(ok(engine, "list_stones WHITE"), "A9 E5");
  EXPECT_EQ(error(engine, "list_stones"), "syntax error");
  EXPECT_EQ(error(engine, "list_stones empty"), "syntax error");
}

// --- rules ---

TEST(GtpRulesTest, RulesAreAnsweredAndChanged) {
  Engine engine(testOptions(9));
  EXPECT_EQ(ok(engine, "tengen-rules"), "chinese");
  ok(engine, "play b E5");
  ok(engine, "tengen-rules japanese");
  EXPECT_EQ(ok(engine, "tengen-rules"), "japanese");
  EXPECT_EQ(engine.game().ruleSet().rules, Rules::Japanese);
  EXPECT_EQ(engine.game().komi(), 6.5) << "the new rule set's komi, as none was given";
  EXPECT_EQ(at(engine, "E5"), Color::Black) << "the game so far is kept";
  ok(engine, "clear_board");
  EXPECT_EQ(engine.game().ruleSet().rules, Rules::Japanese) << "and new games get them too";
  ok(engine, "komi 0.5");
  ok(engine, "tengen-rules Tromp-Taylor");
  EXPECT_EQ(engine.game().komi(), 0.5) << "a komi given is kept";
  EXPECT_EQ(error(engine, "tengen-rules ing"),
            "unknown rules: ing (known: chinese japanese korean aga nz tromp-taylor)");
}

TEST(GtpRulesTest, ARuleChangeKeepsAGameThatWentOnAfterTwoPasses) {
  Engine engine(testOptions(9));
  for (const char* line : {"play b pass", "play w pass", "play b E5"}) ok(engine, line);
  ok(engine, "tengen-rules japanese");
  EXPECT_EQ(at(engine, "E5"), Color::Black);
  EXPECT_EQ(engine.game().moveCount(), 3);
}

TEST(GtpRulesTest, ARuleChangeThatMakesAMoveIllegalIsRefused) {
  Engine engine(testOptions(5));
  ok(engine, "tengen-rules nz");
  // B A5 with B5 is a two-stone suicide: allowed under nz, not under chinese.
  for (const char* line : {"play b B5", "play w C5", "play w B4", "play w A4", "play b A5"}) ok(engine, line);
  EXPECT_EQ(at(engine, "B5"), Color::Empty);
  EXPECT_EQ(error(engine, "tengen-rules chinese"), "illegal move: move 5 (B A5): suicide");
  EXPECT_EQ(ok(engine, "tengen-rules"), "nz");
  EXPECT_EQ(engine.game().moveCount(), 5);
}

// --- time ---

TEST(GtpTimeTest, TimeSettingsAndTimeLeftSetTheClocks) {
  Engine engine(testOptions(9));
  EXPECT_FALSE(engine.timeSettings());
  EXPECT_FALSE(engine.clock(Color::Black));
  ok(engine, "time_settings 300 30 5");
  ASSERT_TRUE(engine.timeSettings());
  EXPECT_EQ(engine.timeSettings()->mainTime, 300);
  EXPECT_EQ(engine.timeSettings()->byoYomiTime, 30);
  EXPECT_EQ(engine.timeSettings()->byoYomiStones, 5);
  // GTP's byo-yomi is Canadian: both clocks start with the whole main time and a whole period of 5 stones after it.
  const TimeControl canadian{TimeControl::Kind::Canadian, 300, 30, 0, 5};
  for (const Color color : {Color::Black, Color::White}) {
    EXPECT_EQ(engine.clock(color), (GameClock{canadian, {300'000, 30'000, 0, 5, false}}));
  }
  ok(engine, "time_left white 120 3");
  EXPECT_EQ(engine.clock(Color::White), (GameClock{canadian, {0, 120'000, 0, 3, false}}));
  EXPECT_EQ(engine.timeLeft(Color::Black)->mainMs, 300'000);
  // No stones: the seconds are main time, and the overtime is still to come whole.
  ok(engine, "time_left black 200 0");
  EXPECT_EQ(engine.clock(Color::Black), (GameClock{canadian, {200'000, 30'000, 0, 5, false}}));
  for (const char* line : {"time_settings", "time_settings 1 2", "time_settings a b c", "time_settings -1 0 0",
                           "time_left", "time_left b 10", "time_left x 10 0", "time_left b ten 0"}) {
    EXPECT_EQ(error(engine, line), "syntax error") << line;
  }
}

TEST(GtpTimeTest, TimeSettingsReadAsGtpDefinesThem) {
  using Kind = TimeControl::Kind;
  EXPECT_EQ(gtpTimeControl({600, 0, 0}), (TimeControl{Kind::Absolute, 600}));
  EXPECT_EQ(gtpTimeControl({0, 30, 1}), (TimeControl{Kind::Canadian, 0, 30, 0, 1}));
  EXPECT_EQ(gtpTimeControl({1800, 30, 5}), (TimeControl{Kind::Canadian, 1800, 30, 0, 5}));
  // No limit: no time at all, or byo-yomi time without stones.
  EXPECT_FALSE(gtpTimeControl({0, 0, 0}).timed());
  EXPECT_FALSE(gtpTimeControl({600, 30, 0}).timed());
  EXPECT_EQ(gtpTimeControl({999'999'999'999, 0, 0}).mainSeconds, std::numeric_limits<int>::max());
}

TEST(GtpTimeTest, TimeLeftWithoutSettingsIsReadAsTheStretchItStates) {
  using Kind = TimeControl::Kind;
  EXPECT_EQ(gtpTimeLeft(3, 0, {}), (GameClock{{Kind::Absolute, 3}, {3000, 0, 0, 0, false}}));
  EXPECT_EQ(gtpTimeLeft(20, 4, {}), (GameClock{{Kind::Canadian, 0, 20, 0, 4}, {0, 20'000, 0, 4, false}}));
  // Stones under absolute settings: the time left says an overtime runs, and it is believed.
  EXPECT_EQ(gtpTimeLeft(20, 4, {Kind::Absolute, 600}),
            (GameClock{{Kind::Canadian, 0, 20, 0, 4}, {0, 20'000, 0, 4, false}}));
  EXPECT_EQ(gtpTimeLeft(-5, 0, {}).left.mainMs, 0);
}

// An engine whose every genmove thinks `thinkMs` by a clock of the test's own, so each charge is exact.
struct TimedEngine {
  explicit TimedEngine(int size = 9) : engine(options(size)) {}

  EngineOptions options(int size) {
    EngineOptions o = testOptions(size);
    o.nowMs = [this] { return now; };
    o.genmove = [this](const Game& game, Color color, const MoveProgress& progress) {
      now += thinkMs;
      return firstLegalPoint(game, color, progress);
    };
    return o;
  }

  std::int64_t now = 1'000'000;
  std::int64_t thinkMs = 700;
  Engine engine;
};

// The main time left on `color`'s clock after a genmove for that colour.
std::int64_t mainLeftAfterGenmove(Engine& engine, Color color) {
  ok(engine, color == Color::Black ? "genmove b" : "genmove w");
  const std::optional<TimeLeft> left = engine.timeLeft(color);
  EXPECT_TRUE(left.has_value());
  return left ? left->mainMs : -1;
}

TEST(GtpTimeTest, GenmoveChargesItsThinkingToTheMoversClock) {
  TimedEngine timed;
  Engine& engine = timed.engine;
  ok(engine, "time_settings 10 0 0");
  EXPECT_EQ(mainLeftAfterGenmove(engine, Color::White), 9300);
  EXPECT_EQ(mainLeftAfterGenmove(engine, Color::White), 8600);
  // The opponent's moves come with no thinking time the engine could know: its clock stays as it was.
  timed.now += 5000;
  ok(engine, "play b E5");
  EXPECT_EQ(engine.timeLeft(Color::Black)->mainMs, 10'000);
  EXPECT_EQ(mainLeftAfterGenmove(engine, Color::Black), 9300);
  EXPECT_EQ(engine.timeLeft(Color::White)->mainMs, 8600);
  // reg_genmove makes no move in the game and spends nothing; undo gives no time back.
  ok(engine, "reg_genmove w");
  EXPECT_EQ(engine.timeLeft(Color::White)->mainMs, 8600);
  ok(engine, "undo");
  EXPECT_EQ(engine.timeLeft(Color::Black)->mainMs, 9300);
  // A genmove that fails spent its thinking all the same.
  EngineOptions failing = timed.options(9);
  failing.genmove = [&timed](const Game&, Color, const MoveProgress&) {
    timed.now += 400;
    return GenmoveReply{std::nullopt, "out of ideas"};
  };
  Engine failed(std::move(failing));
  ok(failed, "time_settings 10 0 0");
  EXPECT_EQ(error(failed, "genmove w"), "ai failed: out of ideas");
  EXPECT_EQ(failed.timeLeft(Color::White)->mainMs, 9600);
}

TEST(GtpTimeTest, TimeLeftIsTheClockOfTheNextGenmoveOnly) {
  TimedEngine timed;
  Engine& engine = timed.engine;
  ok(engine, "time_settings 10 0 0");
  ok(engine, "time_left w 3 0");
  EXPECT_EQ(mainLeftAfterGenmove(engine, Color::White), 2300);
  // No new time_left: the engine goes on from the clock it kept, not from the 3 seconds said before.
  EXPECT_EQ(mainLeftAfterGenmove(engine, Color::White), 1600);
  ok(engine, "time_left w 5 0");
  EXPECT_EQ(mainLeftAfterGenmove(engine, Color::White), 4300);
  // What time_left says of the opponent stays until its genmove, the next time_left or a new game.
  ok(engine, "time_left b 4 0");
  ok(engine, "play b E5");
  EXPECT_EQ(engine.timeLeft(Color::Black)->mainMs, 4000);
  EXPECT_EQ(mainLeftAfterGenmove(engine, Color::Black), 3300);
}

TEST(GtpTimeTest, WithoutTimeSettingsATimeLeftTimesTheNextGenmoveAlone) {
  TimedEngine timed;
  Engine& engine = timed.engine;
  ok(engine, "time_left w 3 0");
  EXPECT_EQ(engine.timeLeft(Color::White)->mainMs, 3000);
  EXPECT_FALSE(engine.clock(Color::Black));
  // That genmove is timed by it; the next one, with no time_left, has no clock: GTP's default is no limit.
  ok(engine, "genmove w");
  EXPECT_FALSE(engine.clock(Color::White));
  ok(engine, "genmove w");
  EXPECT_FALSE(engine.clock(Color::White));
  // An overtime stated the same way.
  ok(engine, "time_left b 5 2");
  EXPECT_EQ(engine.timeLeft(Color::Black), (TimeLeft{0, 5000, 0, 2, false}));
  ok(engine, "genmove b");
  EXPECT_FALSE(engine.clock(Color::Black));
}

TEST(GtpTimeTest, ANewGameOrNewSettingsResetTheClocks) {
  TimedEngine timed;
  Engine& engine = timed.engine;
  const TimeLeft whole{600'000, 0, 0, 0, false};
  for (const char* reset : {"clear_board", "boardsize 13", "time_settings 600 0 0"}) {
    ok(engine, "time_settings 600 0 0");
    ok(engine, "time_left w 3 0");
    ok(engine, "time_left b 1 1");
    ok(engine, "genmove w");
    ASSERT_EQ(engine.timeLeft(Color::White)->mainMs, 2300);
    ok(engine, reset);
    EXPECT_EQ(engine.timeLeft(Color::White), whole) << reset;
    EXPECT_EQ(engine.timeLeft(Color::Black), whole) << reset;
    // The new game's first move has the ten minutes of its settings, not what the last game left.
    ok(engine, "genmove w");
    EXPECT_EQ(engine.timeLeft(Color::White)->mainMs, 599'300) << reset;
  }
  // A loaded record is a game of its own too.
  const TempDir dir;
  const std::string file = dir.file("game.sgf", "(;GM[1]FF[4]SZ[9];B[ee];W[cc])");
  EXPECT_EQ(mainLeftAfterGenmove(engine, Color::Black), 599'300);
  ok(engine, "loadsgf " + file);
  EXPECT_EQ(engine.timeLeft(Color::Black), whole);
  // Settings that mean no limit keep every clock off, and a time_left under them with it.
  for (const char* none : {"time_settings 0 0 0", "time_settings 600 30 0"}) {
    ok(engine, none);
    ok(engine, "time_left w 3 0");
    ok(engine, "genmove w");
    EXPECT_FALSE(engine.clock(Color::White)) << none;
    EXPECT_FALSE(engine.clock(Color::Black)) << none;
  }
}

TEST(GtpTimeTest, TheKeptClockReachesByoYomiAsTheGameGoesOn) {
  TimedEngine timed;
  Engine& engine = timed.engine;
  // Two seconds of main time, then a second for every two stones.
  ok(engine, "time_settings 2 1 2");
  ok(engine, "genmove b");
  EXPECT_EQ(engine.timeLeft(Color::Black), (TimeLeft{1300, 1000, 0, 2, false}));
  ok(engine, "genmove b");
  EXPECT_EQ(engine.timeLeft(Color::Black), (TimeLeft{600, 1000, 0, 2, false}));
  // The main time runs out 600 ms into this move; the other 100 ms and the move are the period's.
  ok(engine, "genmove b");
  EXPECT_EQ(engine.timeLeft(Color::Black), (TimeLeft{0, 900, 0, 1, false}));
  timed.thinkMs = 300;
  // The period's second stone: a fresh period follows.
  ok(engine, "genmove b");
  EXPECT_EQ(engine.timeLeft(Color::Black), (TimeLeft{0, 1000, 0, 2, false}));
  ok(engine, "genmove b");
  EXPECT_EQ(engine.timeLeft(Color::Black), (TimeLeft{0, 700, 0, 1, false}));
  // Thinking past the period: the flag falls, and the clock says so.
  timed.thinkMs = 800;
  ok(engine, "genmove b");
  EXPECT_TRUE(engine.timeLeft(Color::Black)->flagged);
  EXPECT_EQ(engine.timeLeft(Color::White), (TimeLeft{2000, 1000, 0, 2, false}));
  // A time_left that states an overtime: the kept clock counts its stones on from there.
  ok(engine, "time_left w 5 2");
  ok(engine, "genmove w");
  EXPECT_EQ(engine.timeLeft(Color::White), (TimeLeft{0, 4200, 0, 1, false}));
  ok(engine, "genmove w");
  EXPECT_EQ(engine.timeLeft(Color::White), (TimeLeft{0, 1000, 0, 2, false}));
}

// --- SGF ---

constexpr const char* kFiveMoves = "(;GM[1]FF[4]SZ[9]KM[5.5];B[ee];W[cc];B[dd];W[gg];B[ff])";

TEST(GtpLoadsgfTest, LoadsTheWholeGameAndAnswersTheColourToMove) {
  TempDir dir;
  Engine engine(testOptions(19));
  const std::string file = dir.file("five.sgf", kFiveMoves);
  EXPECT_EQ(ok(engine, "loadsgf " + file), "white");
  EXPECT_EQ(engine.game().size(), 9);
  EXPECT_EQ(engine.game().komi(), 5.5);
  EXPECT_EQ(ok(engine, "list_stones black"), "D6 E5 F4");
  EXPECT_EQ(ok(engine, "list_stones white"), "C7 G3");
  ok(engine, "undo");
  EXPECT_EQ(at(engine, "F4"), Color::Empty) << "loaded moves can be taken back";
}

TEST(GtpLoadsgfTest, LoadsThePositionBeforeMoveN) {
  TempDir dir;
  Engine engine(testOptions(19));
  const std::string file = dir.file("five.sgf", kFiveMoves);
  EXPECT_EQ(ok(engine, "loadsgf " + file + " 1"), "black");
  EXPECT_EQ(engine.game().moveCount(), 0);
  EXPECT_EQ(engine.game().size(), 9);
  EXPECT_EQ(ok(engine, "loadsgf " + file + " 3"), "black");
  EXPECT_EQ(engine.game().moveCount(), 2);
  EXPECT_EQ(ok(engine, "list_stones black"), "E5");
  EXPECT_EQ(ok(engine, "list_stones white"), "C7");
  EXPECT_EQ(ok(engine, "loadsgf " + file + " 5"), "black");
  EXPECT_EQ(engine.game().moveCount(), 4);
  EXPECT_EQ(ok(engine, "loadsgf " + file + " 6"), "white");
  EXPECT_EQ(engine.game().moveCount(), 5);
  // Past the end, zero or negative: the whole game, as GNU Go.
  for (const char* n : {" 99", " 0", " -1"}) {
    EXPECT_EQ(ok(engine, "loadsgf " + file + n), "white") << n;
    EXPECT_EQ(engine.game().moveCount(), 5) << n;
  }
}

TEST(GtpLoadsgfTest, SetupStonesAndPlayerToMove) {
  TempDir dir;
  Engine engine(testOptions(19));
  const std::string file = dir.file("setup.sgf", "(;GM[1]FF[4]SZ[9]AB[cc][gg]AW[ee]PL[W])");
  EXPECT_EQ(ok(engine, "loadsgf " + file), "white");
  EXPECT_EQ(ok(engine, "list_stones black"), "C7 G3");
  EXPECT_EQ(ok(engine, "list_stones white"), "E5");
  EXPECT_EQ(error(engine, "undo"), "cannot undo");
}

TEST(GtpLoadsgfTest, TheColourOfMoveNWhenTheRecordHasIt) {
  TempDir dir;
  Engine engine(testOptions(19));
  const std::string file = dir.file("twice.sgf", "(;GM[1]SZ[9];B[ee];B[cc];W[gg])");
  EXPECT_EQ(ok(engine, "loadsgf " + file + " 2"), "black");
}

TEST(GtpLoadsgfTest, FailuresLeaveTheGameAsItWas) {
  TempDir dir;
  Engine engine(testOptions(9));
  ok(engine, "play b E5");
  EXPECT_EQ(error(engine, "loadsgf"), "syntax error");
  EXPECT_EQ(error(engine, "loadsgf " + dir.file("a.sgf", kFiveMoves) + " five"), "syntax error");
  EXPECT_TRUE(error(engine, "loadsgf " + (dir.path() / "missing.sgf").string()).starts_with("cannot load "));
  EXPECT_TRUE(error(engine, "loadsgf " + dir.file("junk.sgf", "this is not sgf")).starts_with("cannot load "));
  const std::string illegal = dir.file("illegal.sgf", "(;GM[1]SZ[9];B[ee];W[ee])");
  const std::string why = error(engine, "loadsgf " + illegal);
  EXPECT_TRUE(why.starts_with("cannot load ")) << why;
  EXPECT_TRUE(why.ends_with("move 2 (W E5): occupied")) << why;
  EXPECT_EQ(engine.game().moveCount(), 1);
  EXPECT_EQ(engine.game().size(), 9);
}

TEST(GtpPrintsgfTest, RoundTripsThroughTheSgfReader) {
  Engine engine(testOptions(9));
  ok(engine, "komi 5.5");
  for (const char* line : {"play b E5", "play w C3", "play b pass", "play w G7"}) ok(engine, line);
  const std::string text = ok(engine, "printsgf");
  const Result<sgf::Collection> parsed = sgf::parse(text);
  ASSERT_TRUE(parsed) << parsed.error() << "\n" << text;
  ASSERT_EQ(parsed->games().size(), 1U);
  const Result<sgf::GameRecord> record = sgf::readRecord(parsed->games()[0]);
  ASSERT_TRUE(record) << record.error();
  EXPECT_EQ(record->config.size, 9);
  EXPECT_EQ(record->config.komi, 5.5);
  EXPECT_EQ(record->moves, engine.game().moves());
  const std::optional<std::string_view> app = parsed->games()[0].find("AP");
  ASSERT_TRUE(app.has_value());
  EXPECT_EQ(*app, "tengen:test");
}

TEST(GtpPrintsgfTest, WritesTheFileWholeAndLoadsBack) {
  TempDir dir;
  Engine engine(testOptions(9));
  ok(engine, "fixed_handicap 2");
  for (const char* line : {"play w E5", "play b C4"}) ok(engine, line);
  const std::string file = (dir.path() / "game.sgf").string();
  EXPECT_EQ(engine.answer("printsgf " + file), "= \n\n");
  int entries = 0;
  for ([[maybe_unused]] const auto& entry : fs::directory_iterator(dir.path())) ++entries;
  EXPECT_EQ(entries, 1) << "no temporary file is left behind";

  Engine other(testOptions(19));
  EXPECT_EQ(ok(other, "loadsgf " + file), "white");
  EXPECT_EQ(ok(other, "list_stones black"), ok(engine, "list_stones black"));
  EXPECT_EQ(ok(other, "list_stones white"), ok(engine, "list_stones white"));
  EXPECT_EQ(other.game().moves(), engine.game().moves());
  EXPECT_EQ(other.game().setupStones().size(), 2U);

  // Overwriting keeps it whole too.
  ok(engine, "play w F6");
  EXPECT_EQ(engine.answer("printsgf " + file), "= \n\n");
  EXPECT_EQ(ok(other, "loadsgf " + file), "black");
}

TEST(GtpPrintsgfTest, AFileThatCannotBeWrittenIsAnError) {
  TempDir dir;
  Engine engine(testOptions(9));
  const std::string file = (dir.path() / "no" / "such" / "dir.sgf").string();
  EXPECT_TRUE(error(engine, "printsgf " + file).starts_with("cannot write " + file + ": "));
}

}  // namespace
}  // namespace tengen::gtp
