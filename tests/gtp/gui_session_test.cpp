// The command sequences that GUIs and bots send when they attach an engine and play a few moves, kept as regression
// tests with every response checked. The sequences are rebuilt from the programs' sources:
//  - Sabaki (src/modules/enginesyncer.js, sabaki.js; @sabaki/gtp's ControllerStateTracker): name, version,
//    protocol_version, list_commands when the engine is attached; to sync a game, komi (when it differs), boardsize,
//    clear_board and the moves with upper-case colours (`play B Q16`); when the player takes moves back and plays
//    on, one `undo` per move taken back, then the new moves. The engine's move is asked with the first of
//    genmove_analyze, kata-genmove_analyze, lz-genmove_analyze that list_commands names, so `kata-genmove_analyze W
//    50` (Sabaki's analysis interval), read up to its `play` line; `genmove` only for an engine that lists none.
//  - GoGui (src/net/sf/gogui/gogui/GoGui.java, gtp/GtpSynchronizer.java): name, protocol_version, version,
//    list_commands, gogui-interrupt because it is listed, gogui-analyze_commands; boardsize, clear_board, komi;
//    lower-case colours (`play b D4`, `genmove w`); final_status_list dead when the game is scored (gogui-twogtp
//    asks final_score).
//  - gtp2ogs (OGS bots): boardsize, clear_board, komi, time_settings, the game's moves with full colour names
//    (`play black Q16`), time_left for both sides, genmove; handicap stones with set_free_handicap.
//  - Kigo (src/game/game.cpp and the widgets that call it): name, version; clear_board, boardsize, komi for a new
//    game; `play black C1`, then `level N` (the player's strength) before every `genmove white`; list_stones and
//    captures for both colours whenever the board changes; top_moves_black for its Hint. A `genmove` answered
//    `PASS` after the opponent's pass ends the game (Kigo compares with `PASS` exactly); it is then counted with
//    estimate_score and shown with final_status_list white_territory and black_territory.
//  - Lizzie 0.7.4 (src/main/java/featurecat/lizzie/analysis/Leelaz.java, rules/Board.java): every command numbered
//    from 1; name and version (read as Leela Zero's: `--override-version 0.17` keeps its warning away), boardsize,
//    komi, `lz-analyze 10` (the analysis interval), `play B Q16`; its avoid moves as `lz-analyze 10 avoid b Q4,D4 30
//    avoid w Q4,D4 30`; `genmove W` when playing against the engine.
//  - qGo (src/gtp/qgtp.cpp, game_interfaces/qgoboardlocalinterface.cpp), for an engine whose path ends in `gnugo`:
//    every command numbered from 1000; protocol_version, boardsize, clear_board, `komi 6.50`, then clear_board and
//    the game's moves (`play black E5`, `play black pass`), `genmove white`, and `undo 0` to take a move back.
// The genmove hook answers the first legal point in reading order, or for Kigo's game a scripted list, so every
// answer is known in advance.
#include <gtest/gtest.h>

#include <cstddef>
#include <functional>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "tengen/core/game.h"
#include "tengen/gtp/engine.h"

#include "gtp_session.h"

namespace tengen::gtp {
namespace {

using testing::Exchange;
using testing::expectSession;
using testing::testOptions;

std::string listCommandsResponse(const std::string& id = {}) {
  std::string out = "=" + id + " ";
  bool first = true;
  for (std::string_view name : Engine::commandNames()) {
    if (!first) out += '\n';
    out += name;
    first = false;
  }
  return out + "\n\n";
}

// The same exchange as one piped session through Engine::run: the concatenated responses, in order.
void expectPipedSession(
    const Exchange& exchange, const std::function<EngineOptions()>& options = [] { return testOptions(); }) {
  std::string input;
  std::string expected;
  for (const auto& [line, response] : exchange) {
    input += line + "\n";
    expected += response;
  }
  Engine engine(options());
  std::istringstream in(input);
  std::ostringstream out;
  engine.run(in, out);
  EXPECT_EQ(out.str(), expected);
}

const Exchange kSabaki = {
    {"name", "= tengen\n\n"},
    {"version", "= test\n\n"},
    {"protocol_version", "= 2\n\n"},
    {"list_commands", listCommandsResponse()},
    {"komi 6.5", "= \n\n"},
    {"boardsize 19", "= \n\n"},
    {"clear_board", "= \n\n"},
    {"play B Q16", "= \n\n"},
    {"kata-genmove_analyze W 50", "=\nplay A19\n\n"},
    {"play B D4", "= \n\n"},
    {"kata-genmove_analyze W 50", "=\nplay B19\n\n"},
    {"play B R4", "= \n\n"},
    {"kata-genmove_analyze W 50", "=\nplay C19\n\n"},
    // The player takes back the engine's move and their own, and plays elsewhere.
    {"undo", "= \n\n"},
    {"undo", "= \n\n"},
    {"play B C3", "= \n\n"},
    {"kata-genmove_analyze W 50", "=\nplay C19\n\n"},
    {"play B Q16", "? illegal move: occupied\n\n"},
    {"play B pass", "= \n\n"},
    {"kata-genmove_analyze W 50", "=\nplay D19\n\n"},
};

TEST(GtpGuiSessionTest, Sabaki) {
  Engine engine(testOptions());
  expectSession(engine, kSabaki);
  EXPECT_EQ(engine.game().moveCount(), 8);
  EXPECT_EQ(engine.game().komi(), 6.5) << "the komi sent before boardsize stays";
  expectPipedSession(kSabaki);
}

const Exchange kGoGui = {
    {"name", "= tengen\n\n"},
    {"protocol_version", "= 2\n\n"},
    {"version", "= test\n\n"},
    {"list_commands", listCommandsResponse()},
    {"gogui-interrupt", "= \n\n"},
    {"gogui-analyze_commands", "= gfx/Ownership/tengen-ownership\nstring/Estimate/tengen-estimate\n\n"},
    {"boardsize 9", "= \n\n"},
    {"clear_board", "= \n\n"},
    {"komi 6.5", "= \n\n"},
    {"play b E5", "= \n\n"},
    {"genmove w", "= A9\n\n"},
    {"# interrupt", ""},
    {"play b C3", "= \n\n"},
    {"genmove w", "= B9\n\n"},
    {"play b pass", "= \n\n"},
    {"genmove w", "= C9\n\n"},
    {"play b pass", "= \n\n"},
    {"play w pass", "= \n\n"},
    // White's three stones on the edge of an open board that Black's two hold are dead, and the board is Black's:
    // 81 points, komi 6.5. GNU Go's --score aftermath gives the same B+74.5.
    {"final_status_list dead", "= A9 B9 C9\n\n"},
    {"final_score", "= B+74.5\n\n"},
    {"showboard",
     "= \n"
     "   A B C D E F G H J\n"
     " 9 O O O . . . . . . 9\n"
     " 8 . . . . . . . . . 8\n"
     " 7 . . + . . . + . . 7\n"
     " 6 . . . . . . . . . 6\n"
     " 5 . . . . X . . . . 5\n"
     " 4 . . . . . . . . . 4\n"
     " 3 . . X . . . + . . 3\n"
     " 2 . . . . . . . . . 2\n"
     " 1 . . . . . . . . . 1\n"
     "   A B C D E F G H J\n\n"},
    {"quit", "= \n\n"},
};

TEST(GtpGuiSessionTest, GoGui) {
  Engine engine(testOptions());
  expectSession(engine, kGoGui);
  EXPECT_TRUE(engine.quitRequested());
  expectPipedSession(kGoGui);
}

const Exchange kGtp2ogs = {
    {"boardsize 19", "= \n\n"},
    {"clear_board", "= \n\n"},
    {"komi 7.5", "= \n\n"},
    {"time_settings 600 30 1", "= \n\n"},
    {"play black Q16", "= \n\n"},
    {"play white D4", "= \n\n"},
    {"time_left black 590 0", "= \n\n"},
    {"time_left white 595 0", "= \n\n"},
    {"genmove black", "= A19\n\n"},
    {"play white R4", "= \n\n"},
    {"time_left black 580 0", "= \n\n"},
    {"genmove black", "= B19\n\n"},
    {"quit", "= \n\n"},
};

TEST(GtpGuiSessionTest, Gtp2ogs) {
  Engine engine(testOptions());
  expectSession(engine, kGtp2ogs);
  ASSERT_TRUE(engine.timeSettings());
  EXPECT_EQ(engine.timeSettings()->mainTime, 600);
  EXPECT_EQ(engine.timeLeft(Color::Black)->mainMs, 580'000);
  expectPipedSession(kGtp2ogs);
}

const Exchange kGtp2ogsHandicap = {
    {"boardsize 19", "= \n\n"},
    {"clear_board", "= \n\n"},
    {"komi 0.5", "= \n\n"},
    {"set_free_handicap D4 Q16 D16", "= \n\n"},
    {"genmove white", "= A19\n\n"},
    {"play black Q4", "= \n\n"},
    {"genmove white", "= B19\n\n"},
    {"list_stones black", "= D16 Q16 D4 Q4\n\n"},
    {"list_stones white", "= A19 B19\n\n"},
    {"quit", "= \n\n"},
};

TEST(GtpGuiSessionTest, Gtp2ogsWithHandicap) {
  Engine engine(testOptions());
  expectSession(engine, kGtp2ogsHandicap);
  expectPipedSession(kGtp2ogsHandicap);
}

// Kigo's game on 5x5 against the engine as White: Black walls the C line, White the D line and drops a stone at A1
// in Black's area; both pass, and Kigo counts. The engine's moves are scripted.
EngineOptions kigoOptions() {
  EngineOptions options = testOptions();
  auto script = std::make_shared<std::vector<Move>>();
  for (const Point p : {Point{4, 3}, Point{3, 3}, Point{2, 3}, Point{1, 3}, Point{0, 3}, Point{4, 0}}) {
    script->push_back(Move::play(Color::White, p));
  }
  options.genmove = [script, next = std::make_shared<std::size_t>(0)](const Game&, Color color, const MoveProgress&) {
    if (*next < script->size()) return GenmoveReply{(*script)[(*next)++], {}};
    return GenmoveReply{Move::pass(color), {}};
  };
  return options;
}

const Exchange kKigo = {
    {"name", "= tengen\n\n"},
    {"version", "= test\n\n"},
    {"clear_board", "= \n\n"},
    {"boardsize 5", "= \n\n"},
    {"komi 0.5", "= \n\n"},
    {"list_stones black", "= \n\n"},
    {"list_stones white", "= \n\n"},
    {"captures white", "= 0\n\n"},
    {"captures black", "= 0\n\n"},
    {"play black C1", "= \n\n"},
    {"level 10", "= \n\n"},
    {"genmove white", "= D1\n\n"},
    {"list_stones black", "= C1\n\n"},
    {"list_stones white", "= D1\n\n"},
    {"captures white", "= 0\n\n"},
    {"captures black", "= 0\n\n"},
    {"play black C2", "= \n\n"},
    {"level 10", "= \n\n"},
    {"genmove white", "= D2\n\n"},
    // Hint: the stand-in analysis's three candidates for Black.
    {"top_moves_black", "= A5 60.00 B5 50.00 C5 40.00\n\n"},
    {"play black C3", "= \n\n"},
    {"level 10", "= \n\n"},
    {"genmove white", "= D3\n\n"},
    {"play black C4", "= \n\n"},
    {"level 10", "= \n\n"},
    {"genmove white", "= D4\n\n"},
    {"play black C5", "= \n\n"},
    {"level 10", "= \n\n"},
    {"genmove white", "= D5\n\n"},
    {"play black pass", "= \n\n"},
    {"level 10", "= \n\n"},
    {"genmove white", "= A1\n\n"},
    {"play black pass", "= \n\n"},
    {"level 10", "= \n\n"},
    {"genmove white", "= PASS\n\n"},
    {"list_stones black", "= C5 C4 C3 C2 C1\n\n"},
    {"list_stones white", "= D5 D4 D3 D2 A1 D1\n\n"},
    // Finish Game: A1 is dead in Black's area (Black 5 stones + 10 points, White 5 + 5, komi 0.5).
    {"estimate_score", "= B+4.5 (upper bound: -4.5, lower: -4.5)\n\n"},
    {"final_status_list white_territory", "= E5 E4 E3 E2 E1\n\n"},
    {"final_status_list black_territory", "= A5 B5 A4 B4 A3 B3 A2 B2 B1\n\n"},
    {"quit", "= \n\n"},
};

TEST(GtpGuiSessionTest, Kigo) {
  Engine engine(kigoOptions());
  expectSession(engine, kKigo);
  EXPECT_EQ(engine.game().phase(), Phase::Scoring) << "both passed";
  expectPipedSession(kKigo, kigoOptions);
}

const Exchange kQgo = {
    {"1000 protocol_version", "=1000 2\n\n"},
    {"1001 boardsize 9", "=1001 \n\n"},
    {"1002 clear_board", "=1002 \n\n"},
    {"1003 komi 6.50", "=1003 \n\n"},
    {"1004 clear_board", "=1004 \n\n"},
    {"1005 play black E5", "=1005 \n\n"},
    {"1006 genmove white", "=1006 A9\n\n"},
    {"1007 play black C3", "=1007 \n\n"},
    {"1008 genmove white", "=1008 B9\n\n"},
    // Undo: qGo's carries a 0, which GNU Go ignores too; the last move, White's B9, is taken back.
    {"1009 undo 0", "=1009 \n\n"},
    {"1010 play black pass", "=1010 \n\n"},
    {"1011 genmove white", "=1011 B9\n\n"},
    {"1012 quit", "=1012 \n\n"},
};

TEST(GtpGuiSessionTest, Qgo) {
  Engine engine(testOptions());
  expectSession(engine, kQgo);
  EXPECT_EQ(engine.game().moveCount(), 5);
  EXPECT_EQ(engine.game().komi(), 6.5);
  expectPipedSession(kQgo);
}

// Lizzie's analysis streams until its next command: through answer(), each lz-analyze gives one update of the
// stand-in analysis (400 playouts: 1200, 800 and 400 visits to the first three legal points).
TEST(GtpGuiSessionTest, Lizzie) {
  EngineOptions options = testOptions();
  options.versionAnswer = "0.17";
  Engine engine(std::move(options));
  expectSession(
      engine,
      {
          {"1 name", "=1 tengen\n\n"},
          {"2 version", "=2 0.17\n\n"},
          {"3 boardsize 19", "=3 \n\n"},
          {"4 komi 7.5", "=4 \n\n"},
          {"5 lz-analyze 10",
           "=5\ninfo move A19 visits 1200 winrate 6000 prior 2500 lcb 5500 order 0 pv A19 B19 info move B19 visits "
           "800 winrate 5000 prior 2500 lcb 4500 order 1 pv B19 C19 info move C19 visits 400 winrate 4000 prior 2500 "
           "lcb 3500 order 2 pv C19 A19\n\n"},
          {"6 play B Q16", "=6 \n\n"},
          {"7 lz-analyze 10 avoid b A19,B19 30 avoid w A19,B19 30",
           "=7\ninfo move C19 visits 400 winrate 4000 prior 2500 lcb 3500 order 0 pv C19 A19\n\n"},
          {"8 genmove W", "=8 A19\n\n"},
          {"9 name", "=9 tengen\n\n"},
      });
}

// What a controller sees when every request of the AI fails: an error with ids, and a session that carries on.
TEST(GtpGuiSessionTest, AFailedAiMoveKeepsTheSessionGoing) {
  EngineOptions options = testOptions();
  int calls = 0;
  options.genmove = [&](const Game& game, Color color, const MoveProgress&) {
    if (++calls == 1) return GenmoveReply{std::nullopt, "model unavailable: connection refused"};
    return testing::firstLegalPoint(game, color);
  };
  Engine engine(std::move(options));
  expectSession(engine, {
                            {"1 boardsize 9", "=1 \n\n"},
                            {"2 clear_board", "=2 \n\n"},
                            {"3 play b E5", "=3 \n\n"},
                            {"4 genmove w", "?4 ai failed: model unavailable: connection refused\n\n"},
                            {"5 list_stones white", "=5 \n\n"},
                            {"6 genmove w", "=6 A9\n\n"},
                        });
}

}  // namespace
}  // namespace tengen::gtp
