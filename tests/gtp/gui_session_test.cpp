// The command sequences that GUIs and bots send when they attach an engine and play a few moves, kept as regression
// tests with every response checked. The sequences are reconstructed from the programs' documented behaviour:
//  - Sabaki: name, version, protocol_version, list_commands when the engine is attached; then boardsize,
//    clear_board, komi, the moves so far with upper-case colours (`play B Q16`), `genmove W`; undo when the player
//    takes a move back.
//  - GoGui: protocol_version, name, version, list_commands, then gogui-analyze_commands because it is listed;
//    boardsize, clear_board, komi; lower-case colours (`play b D4`, `genmove w`); final_status_list dead and
//    final_score when the game is scored.
//  - gtp2ogs (OGS bots): boardsize, clear_board, komi, time_settings, the game's moves with full colour names
//    (`play black Q16`), time_left for both sides, genmove; handicap stones with set_free_handicap.
// The genmove hook answers the first legal point in reading order, so every answer is known in advance.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

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
void expectPipedSession(const Exchange& exchange) {
  std::string input;
  std::string expected;
  for (const auto& [line, response] : exchange) {
    input += line + "\n";
    expected += response;
  }
  Engine engine(testOptions());
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
    {"boardsize 19", "= \n\n"},
    {"clear_board", "= \n\n"},
    {"komi 6.5", "= \n\n"},
    {"play B Q16", "= \n\n"},
    {"genmove W", "= A19\n\n"},
    {"play B D4", "= \n\n"},
    {"genmove W", "= B19\n\n"},
    {"play B R4", "= \n\n"},
    // The player takes back their move and the engine's reply.
    {"undo", "= \n\n"},
    {"undo", "= \n\n"},
    {"play B C3", "= \n\n"},
    {"genmove W", "= B19\n\n"},
    {"play B Q16", "? illegal move: occupied\n\n"},
    {"play B pass", "= \n\n"},
    {"genmove W", "= C19\n\n"},
};

TEST(GtpGuiSessionTest, Sabaki) {
  Engine engine(testOptions());
  expectSession(engine, kSabaki);
  EXPECT_EQ(engine.game().moveCount(), 7);
  expectPipedSession(kSabaki);
}

const Exchange kGoGui = {
    {"protocol_version", "= 2\n\n"},
    {"name", "= tengen\n\n"},
    {"version", "= test\n\n"},
    {"list_commands", listCommandsResponse()},
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
  // The last time_left, less what the genmove after it took (next to nothing here).
  EXPECT_LE(engine.timeLeft(Color::Black)->mainMs, 580'000);
  EXPECT_GT(engine.timeLeft(Color::Black)->mainMs, 570'000);
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
