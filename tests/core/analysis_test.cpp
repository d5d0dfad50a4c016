// The one dead-stone and ownership analysis: finished positions drawn as diagrams with their exact results under
// area and territory rules, seki, dame, pass-alive groups beside groups that only look alive, tromp-taylor,
// estimates of games in play, handicap compensation and determinism.
#include "tengen/core/analysis.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tengen/core/coords.h"
#include "tengen/core/game.h"

#include "support/diagram.h"

namespace tengen {
namespace {

using test_support::gameFromDiagram;
using test_support::pointsOf;

// The diagram's game ended by two passes (the side to move passes first).
Game finished(const std::vector<std::string>& rows, Rules rules, std::optional<double> komi = std::nullopt) {
  Game game = gameFromDiagram(rows, rules, Color::Black, komi);
  EXPECT_EQ(game.play(Move::pass(Color::Black)), RejectReason::None);
  EXPECT_EQ(game.play(Move::pass(Color::White)), RejectReason::None);
  EXPECT_EQ(game.phase(), Phase::Scoring);
  return game;
}

std::vector<std::string> vertices(const std::vector<Point>& points, int size) {
  std::vector<std::string> out;
  for (const Point& p : points) out.push_back(gtpVertex(p, size));
  return out;
}

// Black's wall on the D line, White's on the E line, a lone white stone at B5 and a lone black one at H5: the
// position random playouts alone misjudge.
const std::vector<std::string> kWallsWithLoneStones = {
    "...XO....",  //
    "...XO....",  //
    "...XO....",  //
    "...XO....",  //
    ".O.XO..X.",  //
    "...XO....",  //
    "...XO....",  //
    "...XO....",  //
    "...XO....",  //
};

TEST(AnalysisTest, LoneStonesInLargeTerritoriesAreDead) {
  const Analysis area = analyze(finished(kWallsWithLoneStones, Rules::Chinese));
  EXPECT_TRUE(area.final);
  EXPECT_EQ(vertices(area.dead, 9), (std::vector<std::string>{"B5", "H5"}));
  EXPECT_TRUE(area.seki.empty());
  // Black: 27 points left of the wall (B5's included) and 9 stones; White: 9 stones and 36 points.
  EXPECT_DOUBLE_EQ(area.score.black, 36);
  EXPECT_DOUBLE_EQ(area.score.white, 45);
  EXPECT_EQ(area.score.result, "W+16.5");
  EXPECT_EQ(area.status[4 * 9 + 1], StoneStatus::Dead);
  EXPECT_EQ(area.status[4 * 9 + 3], StoneStatus::Alive);
  EXPECT_EQ(ownershipRows(area)[4], "BBBBWWWWW");

  // Territory: Black 27 points and 1 prisoner, White 36 points and 1 prisoner, komi 6.5.
  const Analysis territory = analyze(finished(kWallsWithLoneStones, Rules::Japanese));
  EXPECT_EQ(vertices(territory.dead, 9), (std::vector<std::string>{"B5", "H5"}));
  EXPECT_DOUBLE_EQ(territory.score.black, 28);
  EXPECT_DOUBLE_EQ(territory.score.white, 37);
  EXPECT_EQ(territory.score.result, "W+15.5");
}

// Three white stones in Black's lower left corner, Black's wall on the C line, White's on the D line.
const std::vector<std::string> kDeadCornerGroup = {
    "..XO...",  //
    "..XO...",  //
    "..XO...",  //
    "..XO...",  //
    "..XO...",  //
    "O.XO...",  //
    "OOXO...",  //
};

TEST(AnalysisTest, AThreeStoneGroupInTheCornerIsDead) {
  const Analysis area = analyze(finished(kDeadCornerGroup, Rules::Chinese));
  EXPECT_EQ(vertices(area.dead, 7), (std::vector<std::string>{"A2", "A1", "B1"}));
  // Black: 14 points (the corner's three included) and 7 stones; White: 7 stones and 21 points.
  EXPECT_DOUBLE_EQ(area.score.black, 21);
  EXPECT_DOUBLE_EQ(area.score.white, 28);
  EXPECT_EQ(area.score.result, "W+14.5");

  // Territory: Black 14 points and 3 prisoners, White 21 points.
  const Analysis territory = analyze(finished(kDeadCornerGroup, Rules::Japanese));
  EXPECT_DOUBLE_EQ(territory.score.black, 17);
  EXPECT_DOUBLE_EQ(territory.score.white, 21);
  EXPECT_EQ(territory.score.result, "W+10.5");
}

// In the lower left, Black's A2 B2 C2 B1 (eye A1) and White's D2 E2 F2 D1 F1 (eye E1) share the liberty C1: seki.
// Around them White's pass-alive group (eyes A7 B7 and A5 B5) and Black's (eyes E7-G7 and E5-G5).
const std::vector<std::string> kSeki = {
    "..OX...",  //
    "OOOXXXX",  //
    "..OX...",  //
    "OOOXXXX",  //
    "OOOXXXX",  //
    "XXXOOOX",  //
    ".X.O.OX",  //
};

TEST(AnalysisTest, SekiStonesLiveAndTheirSharedLibertyIsDame) {
  const Analysis area = analyze(finished(kSeki, Rules::Chinese, 0.5));
  EXPECT_TRUE(area.dead.empty()) << ::testing::PrintToString(vertices(area.dead, 7));
  EXPECT_EQ(vertices(area.seki, 7), (std::vector<std::string>{"A2", "B2", "C2", "D2", "E2", "F2", "B1", "D1", "F1"}));
  EXPECT_EQ(area.status[6 * 7 + 1], StoneStatus::Seki);
  // Area: Black 16 stones + 6 points outside, 4 stones + the eye A1 in the seki; White 11 + 4, 5 + the eye E1.
  EXPECT_DOUBLE_EQ(area.score.black, 27);
  EXPECT_DOUBLE_EQ(area.score.white, 21);
  EXPECT_EQ(area.score.result, "B+5.5");
  const std::vector<std::string> rows = ownershipRows(area);
  EXPECT_EQ(rows[5], "......B") << "seki stones are neither side's in the ownership";
  EXPECT_EQ(rows[6], "B...W.B") << "the shared liberty C1 is dame; the eyes count under area rules";

  // Territory: no territory inside a seki, so only the outer eyes count: Black 6, White 4.
  const Analysis territory = analyze(finished(kSeki, Rules::Japanese, 0.5));
  EXPECT_EQ(territory.seki.size(), 9U);
  EXPECT_DOUBLE_EQ(territory.score.black, 6);
  EXPECT_DOUBLE_EQ(territory.score.white, 4);
  EXPECT_EQ(territory.score.result, "B+1.5");
}

// The end of a 9x9 game against Pachi, ended by two passes: White's eleven stones from E9 to J5 have no eye and the
// liberties H9 and H7, Black's J9 J8 J7 the same two and no other. Whoever plays on one loses the chain (Black at
// H9 is taken by H7), so both live in seki. GNU Go's aftermath calls the white chain dead and counts B+19.5.
TEST(AnalysisTest, TwoChainsWithoutEyesSharingTheirTwoLibertiesAreSeki) {
  const std::vector<std::string> rows = {
      "X.OXOOO.X",  //
      "XXXXXOOOX",  //
      "O.XXXXO.X",  //
      "XXX.XXOOO",  //
      "XOXXX.XXO",  //
      "OOOXXX..X",  //
      "..OOOXXXX",  //
      "OO.XOOOOO",  //
      "O.OOOO...",  //
  };
  const Analysis area = analyze(finished(rows, Rules::Chinese, 7.5));
  EXPECT_EQ(vertices(area.dead, 9), (std::vector<std::string>{"C9", "A7", "D2"}));
  EXPECT_EQ(vertices(area.seki, 9), (std::vector<std::string>{"E9", "F9", "G9", "J9", "F8", "G8", "H8", "J8", "G7",
                                                              "J7", "G6", "H6", "J6", "J5"}));
  // Black 41 (the dead C9 and A7 and the points they stood beside), White 38 (the dead D2 too); H9 and H7 are dame.
  EXPECT_DOUBLE_EQ(area.score.black, 41);
  EXPECT_DOUBLE_EQ(area.score.white, 38);
  EXPECT_EQ(area.score.result, "W+4.5");
}

// Black's wall on the C line, White's on the E line, the D line empty between them.
const std::vector<std::string> kDame = {
    "..X.O..",  //
    "..X.O..",  //
    "..X.O..",  //
    "..X.O..",  //
    "..X.O..",  //
    "..X.O..",  //
    "..X.O..",  //
};

TEST(AnalysisTest, DameCountForNobody) {
  const Analysis area = analyze(finished(kDame, Rules::Chinese));
  EXPECT_TRUE(area.dead.empty());
  EXPECT_DOUBLE_EQ(area.score.black, 21);
  EXPECT_DOUBLE_EQ(area.score.white, 21);
  EXPECT_EQ(area.score.result, "W+7.5");
  for (const std::string& row : ownershipRows(area)) EXPECT_EQ(row, "BBB.WWW");

  const Analysis territory = analyze(finished(kDame, Rules::Japanese));
  EXPECT_DOUBLE_EQ(territory.score.black, 14);
  EXPECT_DOUBLE_EQ(territory.score.white, 14);
  EXPECT_EQ(territory.score.result, "W+6.5");
}

// Lower left, Black's group with the true eyes A2 and C2 is pass-alive. Lower right, G3 H3 G2 with H1 and J2
// seem to have the eyes H2 and J1, but H2 is false (White holds its diagonals G1 and J3): White fills F3 and F2,
// takes G3 H3 G2 at H2, then H1 and J2 at J1.
const std::vector<std::string> kPassAliveBesideFalseEye = {
    ".........",  //
    ".........",  //
    ".........",  //
    ".........",  //
    ".........",  //
    "OOOOOOOOO",  //
    "XXXXO.XXO",  //
    ".X.XO.X.X",  //
    "XXXXOOOX.",  //
};

TEST(AnalysisTest, APassAliveGroupLivesAndTheGroupWithAFalseEyeDies) {
  const Analysis area = analyze(finished(kPassAliveBesideFalseEye, Rules::Chinese));
  EXPECT_EQ(vertices(area.dead, 9), (std::vector<std::string>{"G3", "H3", "G2", "J2", "H1"}));
  for (const char* alive : {"A3", "D3", "B2", "D1"}) {
    const Point p = parseGtpVertex(alive, 9)->point;
    EXPECT_EQ(area.status[static_cast<std::size_t>(p.row) * 9 + p.col], StoneStatus::Alive) << alive;
  }
  // Black: 10 stones and 2 eyes; White: the rest.
  EXPECT_DOUBLE_EQ(area.score.black, 12);
  EXPECT_DOUBLE_EQ(area.score.white, 69);
  EXPECT_EQ(area.score.result, "W+64.5");

  // Territory: Black's 2 eyes; White 45 + 4 empty + 5 dead points and 5 prisoners.
  const Analysis territory = analyze(finished(kPassAliveBesideFalseEye, Rules::Japanese));
  EXPECT_DOUBLE_EQ(territory.score.black, 2);
  EXPECT_DOUBLE_EQ(territory.score.white, 59);
  EXPECT_EQ(territory.score.result, "W+63.5");
}

// Black's corner group has two liberties, F2 and E1, that neither side can fill without self-atari, but the white
// stones E2 and F1 sit inside its eye space, a square four: White fills it by sacrificing them, so Black is dead
// (as GNU Go says), not in seki. Playouts, which never play such a sacrifice, keep it alive.
const std::vector<std::string> kNakadeNotSeki = {
    ".......",  //
    ".......",  //
    ".......",  //
    "OOOOOOO",  //
    "OOOXXXX",  //
    "OOOXO.X",  //
    "OOOX.OX",  //
};

TEST(AnalysisTest, ASquareFourWithTwoOpponentStonesInsideIsDeadNotSeki) {
  const Analysis area = analyze(finished(kNakadeNotSeki, Rules::Chinese));
  EXPECT_EQ(vertices(area.dead, 7), (std::vector<std::string>{"D3", "E3", "F3", "G3", "D2", "G2", "D1", "G1"}));
  EXPECT_TRUE(area.seki.empty());
  EXPECT_DOUBLE_EQ(area.score.white, 49);
  EXPECT_EQ(area.score.result, "W+56.5");
  // Territory: 21 points above the wall and the 10 of the dead group's corner, and 8 prisoners.
  const Analysis territory = analyze(finished(kNakadeNotSeki, Rules::Japanese));
  EXPECT_DOUBLE_EQ(territory.score.white, 39);
  EXPECT_EQ(territory.score.result, "W+45.5");
}

// Black's corner group has two liberties: White cannot play A3 (the two white stones above it would have no
// liberty), and White A1 alone would put the lone stone B1 in atari. But White connects B1 out at C1 first and then
// fills A1, and Black's only eye is where A4 and A5 stand: Black is dead (as GNU Go says), not in seki. Taken from
// a finished computer-tournament game, where it cost 23 points.
const std::vector<std::string> kConnectThenFill = {
    ".O.O.O.O.",  //
    "OOOOOOOOO",  //
    "OXOO.O.O.",  //
    "XXO..OOOO",  //
    "OXXO.....",  //
    "OXOO.....",  //
    ".XXO.....",  //
    "XXOOO....",  //
    ".O.O.....",  //
};

TEST(AnalysisTest, AGroupWhoseLibertyTheOpponentFillsAfterConnectingIsDeadNotSeki) {
  for (Rules rules : {Rules::Chinese, Rules::Japanese}) {
    const Analysis a = analyze(finished(kConnectThenFill, rules, 0.5));
    EXPECT_TRUE(a.seki.empty()) << vertices(a.seki, 9).size();
    EXPECT_EQ(vertices(a.dead, 9),
              (std::vector<std::string>{"B7", "A6", "B6", "B5", "C5", "B4", "B3", "C3", "A2", "B2"}));
  }
  // Area: the whole board is White's.
  EXPECT_EQ(analyze(finished(kConnectThenFill, Rules::Chinese, 0.5)).score.result, "W+81.5");
}

// Black B1 and White's A3 A2 B2 share the liberty A1, and filling it at once is self-atari for both. But each side
// connects first (White at B3, Black at C1) and then fills A1 safely: A1 is dame, not a seki liberty. Taken as seki,
// the dead stone A4 next to A3 made White's whole left side no one's under territory rules (B+36.5). Taken from a
// finished game on the Fox server, whose result (W+4.5) tengen then matched, as GNU Go does.
const std::vector<std::string> kConnectThenFillIsNoSeki = {
    "...OX....",  //
    "...OX....",  //
    "...OX....",  //
    "...OX....",  //
    ".O.OX....",  //
    "XOOOX....",  //
    "O.OXX....",  //
    "OOXX.....",  //
    ".X.X.....",  //
};

TEST(AnalysisTest, ASharedLibertyFilledAfterConnectingIsNoSeki) {
  const Game game = finished(kConnectThenFillIsNoSeki, Rules::Japanese, 0.5);
  for (bool s : sekiStones(game.board(), {{5, 0}})) EXPECT_FALSE(s);
  const Analysis a = analyze(game);
  EXPECT_TRUE(a.seki.empty()) << ::testing::PrintToString(vertices(a.seki, 9));
  EXPECT_EQ(vertices(a.dead, 9), (std::vector<std::string>{"A4"}));
  // White: the 15 points of the left side (A4's included), the eye B3 and the prisoner A4; Black: the 38 points right
  // of the wall and C1. A1 is dame.
  EXPECT_DOUBLE_EQ(a.score.white, 17);
  EXPECT_DOUBLE_EQ(a.score.black, 39);
  EXPECT_EQ(a.score.result, "B+21.5");
}

TEST(AnalysisTest, TrompTaylorScoresTheBoardAsItStands) {
  const Analysis a = analyze(finished(kWallsWithLoneStones, Rules::TrompTaylor));
  EXPECT_TRUE(a.dead.empty());
  EXPECT_TRUE(a.final);
  // Every stone counts; both big regions touch both colours, so they count for nobody.
  EXPECT_DOUBLE_EQ(a.score.black, 10);
  EXPECT_DOUBLE_EQ(a.score.white, 10);
  EXPECT_EQ(a.score.result, "W+7.5");
}

TEST(AnalysisTest, AClosedBoardWithoutPassesIsReadAsFinished) {
  // A settled position whose record stops without passes is counted as the finished game would be.
  const Analysis settled = analyze(gameFromDiagram(kDeadCornerGroup, Rules::Chinese));
  EXPECT_TRUE(settled.final);
  EXPECT_EQ(vertices(settled.dead, 7), (std::vector<std::string>{"A2", "A1", "B1"}));
  EXPECT_EQ(settled.score.result, "W+14.5");
}

TEST(AnalysisTest, AnOpenBoardIsNotFinished) {
  // Black's two stones on the left, White's two on the right: nothing is settled, so this reading is not a count
  // anyone shows (the engine's estimate is, tengen/engine/judgment.h).
  const Game open = gameFromDiagram({".........",  //
                                     ".........",  //
                                     "..X...O..",  //
                                     ".........",  //
                                     ".........",  //
                                     ".........",  //
                                     "..X...O..",  //
                                     ".........",  //
                                     "........."},
                                    Rules::Chinese, Color::Black, 0.5);
  EXPECT_FALSE(analyze(open).final);

  // One stone on an empty board borders every area alone, but the playouts do not give the board to it.
  Game lone(GameConfig{9, Rules::Chinese, 7.5, 0});
  ASSERT_EQ(lone.play(Move::play(Color::Black, {4, 4})), RejectReason::None);
  EXPECT_FALSE(analyze(lone).final);
}

TEST(AnalysisTest, TheSamePositionAlwaysGivesTheSameAnswer) {
  const Game game = finished(kPassAliveBesideFalseEye, Rules::Chinese);
  const Analysis first = analyze(game);
  for (int i = 0; i < 3; ++i) {
    const Analysis again = analyze(Game(game));
    EXPECT_EQ(again.dead, first.dead);
    EXPECT_EQ(again.owner, first.owner);
    EXPECT_EQ(again.score.result, first.score.result);
  }
}

TEST(AnalysisTest, HandicapStonesAreCompensatedAsTheRuleSetSays) {
  EXPECT_DOUBLE_EQ(handicapCompensation(Rules::Chinese, 4), 4);
  EXPECT_DOUBLE_EQ(handicapCompensation(Rules::Aga, 4), 3);
  EXPECT_DOUBLE_EQ(handicapCompensation(Rules::Japanese, 4), 0);
  EXPECT_DOUBLE_EQ(handicapCompensation(Rules::Korean, 4), 0);
  EXPECT_DOUBLE_EQ(handicapCompensation(Rules::Nz, 4), 0);
  EXPECT_DOUBLE_EQ(handicapCompensation(Rules::TrompTaylor, 4), 0);
  EXPECT_DOUBLE_EQ(handicapCompensation(Rules::Chinese, 0), 0);

  // A two-stone game that ends at once: Black's two stones own the board, less komi 0.5 and 2 points for White.
  Game game(GameConfig{9, Rules::Chinese, 0.5, 2});
  EXPECT_EQ(game.handicapStones(), 2);
  ASSERT_EQ(game.play(Move::pass(Color::White)), RejectReason::None);
  ASSERT_EQ(game.play(Move::pass(Color::Black)), RejectReason::None);
  const Analysis a = analyze(game);
  EXPECT_DOUBLE_EQ(a.score.handicap, 2);
  EXPECT_DOUBLE_EQ(a.score.black, 81);
  EXPECT_EQ(a.score.result, "B+78.5");

  // Free placement counts the same; setup stones of both colours are no handicap.
  Game free = gameFromDiagram({"X....", ".....", "..X..", ".....", "....X"}, Rules::Chinese, Color::White);
  EXPECT_EQ(free.handicapStones(), 3);
  EXPECT_EQ(gameFromDiagram(kDame, Rules::Chinese, Color::White).handicapStones(), 0);
}

TEST(AnalysisTest, SekiStonesOfAPersonsChoiceOfDeadStones) {
  const Game game = finished(kSeki, Rules::Chinese, 0.5);
  const std::vector<bool> seki = sekiStones(game.board(), {});
  int count = 0;
  for (bool s : seki) count += s;
  EXPECT_EQ(count, 9);
  EXPECT_TRUE(seki[6 * 7 + 1]);   // B1
  EXPECT_FALSE(seki[6 * 7 + 6]);  // G1, Black's outer wall
  // With White's seki group taken as dead, nothing is in seki any more.
  const std::vector<Point> white = {{5, 3}, {5, 4}, {5, 5}, {6, 3}, {6, 5}};
  for (bool s : sekiStones(game.board(), white)) EXPECT_FALSE(s);
}

TEST(AnalysisTest, StatusNamesAreThoseOfGtp) {
  EXPECT_EQ(statusName(StoneStatus::Alive), "alive");
  EXPECT_EQ(statusName(StoneStatus::Dead), "dead");
  EXPECT_EQ(statusName(StoneStatus::Seki), "seki");
}

}  // namespace
}  // namespace tengen

namespace tengen {
namespace {

// Random legal games on every board size, stopped at random points and ended by passes or not: the analysis
// always answers, consistently and the same way twice.
TEST(AnalysisPropertyTest, EverySizeAndStageGivesAConsistentAnswer) {
  std::uint64_t state = 0x5EED;
  auto next = [&state](int n) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<int>((state >> 33) % static_cast<std::uint64_t>(n));
  };
  for (int size = 2; size <= 25; ++size) {
    for (int trial = 0; trial < 3; ++trial) {
      const Rules rules = allRuleSets()[static_cast<std::size_t>(next(6))].rules;
      Game game(GameConfig{size, rules, std::nullopt, 0});
      const int moves = next(size * size + 1);
      for (int i = 0; i < moves && game.phase() == Phase::Playing; ++i) {
        std::vector<Point> legal;
        for (int r = 0; r < size; ++r) {
          for (int c = 0; c < size; ++c) {
            if (game.isLegal(Move::play(game.toMove(), {r, c}))) legal.push_back({r, c});
          }
        }
        if (legal.empty()) break;
        ASSERT_EQ(
            game.play(Move::play(game.toMove(), legal[static_cast<std::size_t>(next(static_cast<int>(legal.size())))])),
            RejectReason::None);
      }
      if (trial == 2 && game.phase() == Phase::Playing) {
        game.play(Move::pass(game.toMove()));
        game.play(Move::pass(game.toMove()));
      }
      const Analysis a = analyze(game);
      const std::size_t points = static_cast<std::size_t>(size) * size;
      ASSERT_EQ(a.size, size);
      ASSERT_EQ(a.status.size(), points);
      ASSERT_EQ(a.owner.size(), points);
      // Two passes always finish a game; a game in play is finished only when its board is closed.
      if (game.phase() == Phase::Scoring) {
        EXPECT_TRUE(a.final) << size;
      }
      for (const Point& p : a.dead) {
        EXPECT_TRUE(isPlayer(game.board().at(p)));
        EXPECT_EQ(a.status[static_cast<std::size_t>(p.row) * size + p.col], StoneStatus::Dead);
      }
      for (const Point& p : a.seki) EXPECT_TRUE(isPlayer(game.board().at(p)));
      if (game.ruleSet().scoring == Scoring::Area) {
        EXPECT_LE(a.score.black + a.score.white, points);
      }
      EXPECT_EQ(a.score.result, resultString(a.score.black - a.score.white - a.score.komi - a.score.handicap));
      const Analysis again = analyze(game);
      EXPECT_EQ(again.dead, a.dead);
      EXPECT_EQ(again.owner, a.owner);
      EXPECT_EQ(again.score.result, a.score.result);
    }
  }
}

}  // namespace
}  // namespace tengen
