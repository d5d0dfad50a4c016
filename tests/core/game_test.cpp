// The Game layer: rule sets, suicide by rule set, superko (positional and situational), turns, passes, undo, and
// every RejectReason reached through Game::check.
#include "tengen/core/game.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tengen/core/rules.h"
#include "tengen/core/time_control.h"

#include "support/diagram.h"

namespace tengen {
namespace {

using test_support::diagramOf;
using test_support::gameFromDiagram;

constexpr Color kBlack = Color::Black;
constexpr Color kWhite = Color::White;

void playAll(Game& game, const std::vector<Move>& moves) {
  for (const Move& m : moves) {
    ASSERT_EQ(game.play(m), RejectReason::None)
        << colorLetter(m.color) << " " << m.point.row << "," << m.point.col << "\n"
        << game.board().toAscii();
  }
}

Game newGame(int size, Rules rules) {
  GameConfig config;
  config.size = size;
  config.rules = rules;
  return Game(config);
}

TEST(RulesTest, RuleSetsMatchTheRulesTable) {
  struct Row {
    Rules rules;
    std::string_view name;
    Scoring scoring;
    KoRule ko;
    bool multiStoneSuicide;
    double komi;
  };
  const Row table[] = {
      {Rules::Chinese, "chinese", Scoring::Area, KoRule::PositionalSuperko, false, 7.5},
      {Rules::Japanese, "japanese", Scoring::Territory, KoRule::Simple, false, 6.5},
      {Rules::Korean, "korean", Scoring::Territory, KoRule::Simple, false, 6.5},
      {Rules::Aga, "aga", Scoring::Area, KoRule::SituationalSuperko, false, 7.5},
      {Rules::Nz, "nz", Scoring::Area, KoRule::SituationalSuperko, true, 7.0},
      {Rules::TrompTaylor, "tromp-taylor", Scoring::Area, KoRule::PositionalSuperko, true, 7.5},
  };
  ASSERT_EQ(allRuleSets().size(), std::size(table));
  for (std::size_t i = 0; i < std::size(table); ++i) {
    const Row& row = table[i];
    SCOPED_TRACE(row.name);
    const RuleSet& set = ruleSet(row.rules);
    EXPECT_EQ(set.rules, row.rules);
    EXPECT_EQ(set.name, row.name);
    EXPECT_EQ(set.scoring, row.scoring);
    EXPECT_EQ(set.ko, row.ko);
    EXPECT_EQ(set.multiStoneSuicide, row.multiStoneSuicide);
    EXPECT_DOUBLE_EQ(set.defaultKomi, row.komi);
    EXPECT_EQ(allRuleSets()[i].rules, row.rules) << "allRuleSets() keeps the order of docs/rules.md";
    EXPECT_EQ(parseRules(row.name), row.rules);
  }
}

TEST(RulesTest, ParseRulesAcceptsAnyCaseAndTrompTaylorAliasesAndRefusesOthers) {
  EXPECT_EQ(parseRules("CHINESE"), Rules::Chinese);
  EXPECT_EQ(parseRules("Japanese"), Rules::Japanese);
  EXPECT_EQ(parseRules("tromp_taylor"), Rules::TrompTaylor);
  EXPECT_EQ(parseRules("tt"), Rules::TrompTaylor);
  EXPECT_EQ(parseRules("Tromp-Taylor"), Rules::TrompTaylor);
  EXPECT_EQ(parseRules(""), std::nullopt);
  EXPECT_EQ(parseRules("ing"), std::nullopt);
}

TEST(RulesTest, DefaultKomiIsAHalfPointWithAHandicapUnderEveryRuleSet) {
  for (const RuleSet& set : allRuleSets()) {
    SCOPED_TRACE(set.name);
    EXPECT_DOUBLE_EQ(defaultKomi(set.rules, 0), set.defaultKomi);
    for (int handicap = 2; handicap <= 9; ++handicap) EXPECT_DOUBLE_EQ(defaultKomi(set.rules, handicap), 0.5);
  }
}

TEST(GameTest, DefaultKomiComesFromTheRuleSetUnlessGiven) {
  for (const RuleSet& set : allRuleSets()) {
    EXPECT_DOUBLE_EQ(newGame(9, set.rules).komi(), set.defaultKomi) << set.name;
  }
  GameConfig config;
  config.komi = 0.5;
  EXPECT_DOUBLE_EQ(Game(config).komi(), 0.5);
  // Game itself does not look at the handicap: GTP and `tengen serve` callers get the rule set's komi as before.
  GameConfig handicapped;
  handicapped.size = 9;
  handicapped.handicap = 2;
  EXPECT_DOUBLE_EQ(Game(handicapped).komi(), ruleSet(Rules::Chinese).defaultKomi);
}

TEST(ReasonTest, CodesAndWordsFollowTheReasonTable) {
  struct Row {
    RejectReason reason;
    std::string_view code;
    std::string_view words;
  };
  const Row table[] = {
      {RejectReason::GameOver, "game_over", "the game is not in play"},
      {RejectReason::WrongColor, "wrong_color", "it is not that player's turn"},
      {RejectReason::OutOfBounds, "out_of_bounds", "outside the board"},
      {RejectReason::Occupied, "occupied", "stone already there"},
      {RejectReason::Suicide, "suicide", "suicide"},
      {RejectReason::Ko, "ko", "ko: immediate recapture is forbidden"},
      {RejectReason::Superko, "superko", "ko repetition: recreates an earlier position"},
      {RejectReason::Unparseable, "unparseable", "no coordinate could be read from the answer"},
      {RejectReason::Repeated, "repeated", "names a point already rejected this turn"},
      {RejectReason::None, "ok", "legal"},
  };
  for (const Row& row : table) {
    EXPECT_EQ(reasonCode(row.reason), row.code);
    EXPECT_EQ(reasonWords(row.reason), row.words);
    EXPECT_EQ(parseReasonCode(row.code), row.reason) << row.code;
  }
  EXPECT_EQ(parseReasonCode("unknown"), std::nullopt);
  EXPECT_EQ(parseReasonCode(""), std::nullopt);
}

TEST(ReasonTest, AttemptReasonsAreListedInTheSummaryOrder) {
  std::string codes;
  for (const RejectReason r : attemptReasons()) codes += std::string(reasonCode(r)) + ",";
  EXPECT_EQ(codes, "occupied,suicide,ko,superko,out_of_bounds,unparseable,repeated,");
}

TEST(TypesTest, ColourLettersNamesAndParsing) {
  EXPECT_EQ(colorLetter(kBlack), "B");
  EXPECT_EQ(colorLetter(kWhite), "W");
  EXPECT_EQ(colorLetter(Color::Empty), "");
  EXPECT_EQ(colorName(kBlack), "black");
  EXPECT_EQ(colorName(kWhite), "white");
  EXPECT_EQ(opponent(kBlack), kWhite);
  EXPECT_EQ(opponent(kWhite), kBlack);
  EXPECT_EQ(parseColor("b"), kBlack);
  EXPECT_EQ(parseColor("WHITE"), kWhite);
  EXPECT_EQ(parseColor("Black"), kBlack);
  EXPECT_EQ(parseColor("x"), std::nullopt);
  EXPECT_EQ(parseColor(""), std::nullopt);
}

// Stones reached by moves, White moving last, so the position is on record with Black to move only:
//   .X.X.
//   OOX..
//   .....
//   .....
//   ....O
// Black (0,0) self-ataris two stones, White (0,2) takes them, and Black (0,1) takes back one stone, which recreates
// the position above with White to move. Not a simple ko (the board before White's last move held (0,0) too).
std::vector<Move> positionWithBlackToMoveOnly() {
  return {Move::play(kBlack, {0, 1}), Move::play(kWhite, {1, 0}), Move::play(kBlack, {0, 3}),
          Move::play(kWhite, {1, 1}), Move::play(kBlack, {1, 2}), Move::play(kWhite, {4, 4})};
}

TEST(GameCheckTest, GameOverAfterTwoConsecutivePasses) {
  Game game = newGame(9, Rules::Chinese);
  playAll(game, {Move::pass(kBlack), Move::pass(kWhite)});
  EXPECT_NE(game.phase(), Phase::Playing);
  EXPECT_EQ(game.check(Move::play(kBlack, {4, 4})), RejectReason::GameOver);
  // GameOver comes before every other check.
  EXPECT_EQ(game.check(Move::play(kWhite, {-1, 40})), RejectReason::GameOver);
  EXPECT_EQ(game.play(Move::play(kBlack, {4, 4})), RejectReason::GameOver);
  EXPECT_EQ(game.board().at(Point{4, 4}), Color::Empty);
}

// A record that goes on after two passes resumes the game, as when it was played; the game itself does not.
TEST(GameCheckTest, ARecordedMoveAfterTwoPassesResumesTheGame) {
  Game game = newGame(9, Rules::Chinese);
  playAll(game, {Move::pass(kBlack), Move::pass(kWhite)});
  ASSERT_EQ(game.phase(), Phase::Scoring);
  EXPECT_EQ(game.playRecorded(Move::play(kBlack, {4, 4})), RejectReason::None);
  EXPECT_EQ(game.phase(), Phase::Playing);
  EXPECT_EQ(game.board().at(Point{4, 4}), kBlack);
  EXPECT_EQ(game.moveCount(), 3);
  // In play it is play() itself; a refused move is refused as play() refuses it.
  EXPECT_EQ(game.playRecorded(Move::play(kWhite, {4, 4})), RejectReason::Occupied);
  EXPECT_EQ(game.moveCount(), 3);
}

TEST(GameCheckTest, PassesThatAreNotConsecutiveDoNotEndTheGame) {
  Game game = newGame(9, Rules::Chinese);
  playAll(game, {Move::pass(kBlack), Move::play(kWhite, {4, 4}), Move::pass(kBlack), Move::play(kWhite, {4, 5})});
  EXPECT_EQ(game.phase(), Phase::Playing);
  EXPECT_EQ(game.check(Move::play(kBlack, {0, 0})), RejectReason::None);
  EXPECT_EQ(game.moveCount(), 4);
}

TEST(GameCheckTest, GameOverAfterResignation) {
  Game game = newGame(9, Rules::Japanese);
  playAll(game, {Move::play(kBlack, {2, 2}), Move::resign(kWhite)});
  EXPECT_EQ(game.phase(), Phase::Finished);
  EXPECT_EQ(game.check(Move::play(kBlack, {4, 4})), RejectReason::GameOver);
  EXPECT_EQ(game.check(Move::pass(kBlack)), RejectReason::GameOver);
}

TEST(GameCheckTest, GameOverAfterALossOnTimeUntilUndo) {
  Game game = newGame(9, Rules::Chinese);
  playAll(game, {Move::play(kBlack, {2, 2}), Move::play(kWhite, {3, 3})});
  game.loseOnTime(kBlack);
  EXPECT_EQ(game.phase(), Phase::Finished);
  EXPECT_EQ(game.result(), "W+T");
  EXPECT_EQ(game.check(Move::play(kBlack, {4, 4})), RejectReason::GameOver);
  EXPECT_EQ(game.moveCount(), 2);
  // Not a move: taking one back replays the rest, and the game is in play again.
  ASSERT_TRUE(game.undo());
  EXPECT_EQ(game.phase(), Phase::Playing);
  EXPECT_EQ(game.result(), "");
  // A finished game cannot be lost on time again.
  game.play(Move::resign(kWhite));
  game.loseOnTime(kBlack);
  EXPECT_EQ(game.result(), "B+R");
}

TEST(TimeControlTest, CheckRefusesWhatNoClockCanPlay) {
  using Kind = TimeControl::Kind;
  EXPECT_EQ(checkTimeControl({}), "");
  EXPECT_EQ(checkTimeControl({Kind::Absolute, 600, 0, 0, 0}), "");
  EXPECT_EQ(checkTimeControl({Kind::ByoYomi, 0, 30, 5, 0}), "");
  EXPECT_EQ(checkTimeControl({Kind::Canadian, 600, 300, 0, 25}), "");
  EXPECT_NE(checkTimeControl({Kind::Absolute, 0, 0, 0, 0}), "");
  EXPECT_NE(checkTimeControl({Kind::Absolute, -1, 0, 0, 0}), "");
  EXPECT_NE(checkTimeControl({Kind::ByoYomi, 600, 0, 5, 0}), "");
  EXPECT_NE(checkTimeControl({Kind::ByoYomi, 600, 30, 0, 0}), "");
  EXPECT_NE(checkTimeControl({Kind::Canadian, 600, 300, 0, 0}), "");
  EXPECT_NE(checkTimeControl({Kind::Canadian, 600, 90000, 0, 25}), "");
}

TEST(GameCheckTest, WrongColorWhenNotThatPlayersTurn) {
  Game game = newGame(9, Rules::Chinese);
  EXPECT_EQ(game.toMove(), kBlack);
  EXPECT_EQ(game.check(Move::play(kWhite, {4, 4})), RejectReason::WrongColor);
  // WrongColor comes before OutOfBounds.
  EXPECT_EQ(game.check(Move::play(kWhite, {-1, 0})), RejectReason::WrongColor);
  EXPECT_EQ(game.play(Move::play(kWhite, {4, 4})), RejectReason::WrongColor);
  EXPECT_EQ(game.moveCount(), 0);
  playAll(game, {Move::play(kBlack, {4, 4})});
  EXPECT_EQ(game.toMove(), kWhite);
  EXPECT_EQ(game.check(Move::play(kBlack, {3, 3})), RejectReason::WrongColor);
}

TEST(GameCheckTest, OutOfTurnMovesAreAllowedWhenTurnsAreNotStrict) {
  Game game = newGame(9, Rules::Chinese);
  game.setStrictTurn(false);
  EXPECT_EQ(game.check(Move::play(kWhite, {4, 4})), RejectReason::None);
  playAll(game, {Move::play(kWhite, {4, 4}), Move::play(kWhite, {4, 5})});
  EXPECT_EQ(game.board().at(Point{4, 5}), kWhite);
  EXPECT_EQ(game.toMove(), kBlack) << "the side to move is the opponent of the last mover";
}

TEST(GameCheckTest, AnyColorJudgesTheOtherColourAsIfItWereItsTurnWithoutChangingTheGame) {
  Game game = newGame(5, Rules::Chinese);
  playAll(game, {Move::play(kBlack, {2, 2})});
  ASSERT_EQ(game.toMove(), kWhite);
  const Move outOfTurn = Move::play(kBlack, {1, 1});
  EXPECT_EQ(game.check(outOfTurn), RejectReason::WrongColor);
  EXPECT_EQ(game.check(outOfTurn, Game::TurnRule::AnyColor), RejectReason::None);
  // Every other rule still holds: a taken point, and after the game, nothing.
  EXPECT_EQ(game.check(Move::play(kBlack, {2, 2}), Game::TurnRule::AnyColor), RejectReason::Occupied);
  EXPECT_EQ(game.check(Move::play(kWhite, {5, 0}), Game::TurnRule::AnyColor), RejectReason::OutOfBounds);
  EXPECT_EQ(game.check(outOfTurn), RejectReason::WrongColor) << "the game's own rule is unchanged";
  EXPECT_EQ(game.play(outOfTurn), RejectReason::WrongColor);
  playAll(game, {Move::pass(kWhite), Move::pass(kBlack)});
  EXPECT_EQ(game.check(outOfTurn, Game::TurnRule::AnyColor), RejectReason::GameOver);
}

TEST(GameCheckTest, OutOfBoundsForPointsOffTheBoard) {
  Game game = newGame(9, Rules::Chinese);
  for (Point p : {Point{-1, 0}, Point{0, -1}, Point{9, 0}, Point{0, 9}, Point{9, 9}, Point{1000000, -1000000}}) {
    EXPECT_EQ(game.check(Move::play(kBlack, p)), RejectReason::OutOfBounds) << p.row << "," << p.col;
  }
  EXPECT_EQ(game.play(Move::play(kBlack, {9, 0})), RejectReason::OutOfBounds);
  EXPECT_EQ(game.moveCount(), 0);
}

TEST(GameCheckTest, OccupiedForAPointWithAStone) {
  Game game = newGame(9, Rules::Chinese);
  playAll(game, {Move::play(kBlack, {4, 4})});
  EXPECT_EQ(game.check(Move::play(kWhite, {4, 4})), RejectReason::Occupied);
  playAll(game, {Move::play(kWhite, {3, 3})});
  EXPECT_EQ(game.check(Move::play(kBlack, {3, 3})), RejectReason::Occupied);
  EXPECT_EQ(game.check(Move::play(kBlack, {4, 4})), RejectReason::Occupied);
}

TEST(GameCheckTest, SuicideKoAndSuperkoAreAllReached) {
  Game suicide = gameFromDiagram({".O...", "O....", ".....", ".....", "....."}, Rules::Chinese);
  EXPECT_EQ(suicide.check(Move::play(kBlack, {0, 0})), RejectReason::Suicide);

  Game ko = gameFromDiagram({".XO..", "XO.O.", ".XO..", ".....", "....."}, Rules::Chinese);
  playAll(ko, {Move::play(kBlack, {1, 2})});
  EXPECT_EQ(ko.check(Move::play(kWhite, {1, 1})), RejectReason::Ko) << "Ko is checked before superko";

  Game superko = newGame(5, Rules::Chinese);
  playAll(superko, positionWithBlackToMoveOnly());
  playAll(superko, {Move::play(kBlack, {0, 0}), Move::play(kWhite, {0, 2})});
  EXPECT_EQ(superko.check(Move::play(kBlack, {0, 1})), RejectReason::Superko);
}

TEST(GameSuicideTest, SingleStoneSuicideIsRejectedUnderEveryRuleSet) {
  for (const RuleSet& set : allRuleSets()) {
    Game game = gameFromDiagram({".O...", "O....", ".....", ".....", "....."}, set.rules);
    EXPECT_EQ(game.check(Move::play(kBlack, {0, 0})), RejectReason::Suicide) << set.name;
    EXPECT_EQ(game.play(Move::play(kBlack, {0, 0})), RejectReason::Suicide) << set.name;
    EXPECT_EQ(game.board().at(Point{0, 0}), Color::Empty);
  }
}

TEST(GameSuicideTest, MultiStoneSuicideRemovesTheOwnGroupUnderNzAndTrompTaylor) {
  for (Rules rules : {Rules::Nz, Rules::TrompTaylor}) {
    SCOPED_TRACE(ruleSet(rules).name);
    Game game = gameFromDiagram({".XO..", "OO...", ".....", ".....", "....."}, rules);
    EXPECT_EQ(game.check(Move::play(kBlack, {0, 0})), RejectReason::None);
    ASSERT_EQ(game.play(Move::play(kBlack, {0, 0})), RejectReason::None);
    EXPECT_EQ(diagramOf(game.board()), (std::vector<std::string>{"..O..", "OO...", ".....", ".....", "....."}));
    EXPECT_EQ(game.board().captures(kWhite), 2) << "the opponent is credited with the suicided stones";
    EXPECT_EQ(game.board().captures(kBlack), 0);
    EXPECT_EQ(game.toMove(), kWhite);
  }
}

TEST(GameSuicideTest, MultiStoneSuicideIsRejectedUnderTheOtherRuleSets) {
  for (Rules rules : {Rules::Chinese, Rules::Japanese, Rules::Korean, Rules::Aga}) {
    Game game = gameFromDiagram({".XO..", "OO...", ".....", ".....", "....."}, rules);
    EXPECT_EQ(game.check(Move::play(kBlack, {0, 0})), RejectReason::Suicide) << ruleSet(rules).name;
  }
}

TEST(GameSuperkoTest, PositionalSuperkoForbidsWhatSituationalSuperkoAllows) {
  const Move recreate = Move::play(kBlack, {0, 1});
  for (const RuleSet& set : allRuleSets()) {
    SCOPED_TRACE(set.name);
    Game game = newGame(5, set.rules);
    playAll(game, positionWithBlackToMoveOnly());
    const std::uint64_t hashWithBlackToMove = game.board().hash();
    playAll(game, {Move::play(kBlack, {0, 0}), Move::play(kWhite, {0, 2})});
    EXPECT_EQ(game.board().captures(kWhite), 2);
    const RejectReason expected = set.ko == KoRule::PositionalSuperko ? RejectReason::Superko : RejectReason::None;
    EXPECT_EQ(game.check(recreate), expected);
    if (expected == RejectReason::None) {
      ASSERT_EQ(game.play(recreate), RejectReason::None);
      EXPECT_EQ(game.board().hash(), hashWithBlackToMove);
      EXPECT_EQ(game.toMove(), kWhite);
    }
  }
}

TEST(GameSuperkoTest, SituationalSuperkoForbidsTheSamePositionWithTheSameSideToMove) {
  // The same cycle, but the first position is reached with White to move after a Black move, then a White pass
  // puts it on record with Black to move as well; now Black's recapture repeats it with White to move.
  for (const RuleSet& set : allRuleSets()) {
    SCOPED_TRACE(set.name);
    Game game = newGame(5, set.rules);
    playAll(game, {Move::play(kBlack, {0, 1}), Move::play(kWhite, {1, 0}), Move::play(kBlack, {0, 3}),
                   Move::play(kWhite, {1, 1}), Move::play(kBlack, {1, 2}), Move::pass(kWhite),
                   Move::play(kBlack, {0, 0}), Move::play(kWhite, {0, 2})});
    const RejectReason expected = set.ko == KoRule::Simple ? RejectReason::None : RejectReason::Superko;
    EXPECT_EQ(game.check(Move::play(kBlack, {0, 1})), expected);
  }
}

TEST(GameSuperkoTest, SetupPositionIsPartOfTheHistory) {
  for (const RuleSet& set : allRuleSets()) {
    SCOPED_TRACE(set.name);
    Game game = gameFromDiagram({".X.X.", "OOX..", ".....", ".....", "....."}, set.rules);
    playAll(game, {Move::play(kBlack, {0, 0}), Move::play(kWhite, {0, 2})});
    const RejectReason expected = set.ko == KoRule::PositionalSuperko ? RejectReason::Superko : RejectReason::None;
    EXPECT_EQ(game.check(Move::play(kBlack, {0, 1})), expected);
  }
}

// Three kos at rows 1, 4 and 7. Black can take the first and third, White the second.
const std::vector<std::string> kTripleKo = {
    ".XO......",  //
    "XO.O.....",  //
    ".XO......",  //
    ".XO......",  //
    "X.XO.....",  //
    ".XO......",  //
    ".XO......",  //
    "XO.O.....",  //
    ".XO......",  //
};

// Six captures, each legal under simple ko, that bring back the starting position.
const std::vector<Move> kTripleKoCycle = {
    Move::play(kBlack, {1, 2}), Move::play(kWhite, {4, 1}), Move::play(kBlack, {7, 2}),
    Move::play(kWhite, {1, 1}), Move::play(kBlack, {4, 2}), Move::play(kWhite, {7, 1}),
};

TEST(GameSuperkoTest, TripleKoCycleIsStoppedBySuperko) {
  for (Rules rules : {Rules::Chinese, Rules::TrompTaylor, Rules::Aga, Rules::Nz}) {
    SCOPED_TRACE(ruleSet(rules).name);
    Game game = gameFromDiagram(kTripleKo, rules);
    playAll(game, std::vector<Move>(kTripleKoCycle.begin(), kTripleKoCycle.end() - 1));
    EXPECT_EQ(game.board().captures(kBlack), 3);
    EXPECT_EQ(game.board().captures(kWhite), 2);
    EXPECT_EQ(game.check(kTripleKoCycle.back()), RejectReason::Superko);
    EXPECT_EQ(game.play(kTripleKoCycle.back()), RejectReason::Superko);
    EXPECT_EQ(game.board().at(Point{7, 1}), Color::Empty);
    EXPECT_EQ(game.board().captures(kWhite), 2);
  }
}

// Only every 32nd position's stones are kept; the others are played forward from the one kept before them when a hash
// says they may come back. Stones set far from the three kos first put the position the cycle returns to anywhere
// in the history, on a kept position and between them.
TEST(GameSuperkoTest, TripleKoCycleIsStoppedWhereverItStartsInALongHistory) {
  std::vector<Move> apart;
  for (int row = 0; row < 9; ++row) {
    apart.push_back(Move::play(kBlack, {row, 5}));
    apart.push_back(Move::play(kWhite, {row, 8}));
  }
  for (int row = 0; row < 8; ++row) {
    apart.push_back(Move::play(kBlack, {row, 6}));
    apart.push_back(Move::play(kWhite, {row, 7}));
  }
  for (Rules rules : {Rules::Chinese, Rules::Aga}) {
    for (std::size_t before = 0; before <= apart.size(); before += 2) {
      SCOPED_TRACE(std::string(ruleSet(rules).name) + " after " + std::to_string(before) + " moves");
      Game game = gameFromDiagram(kTripleKo, rules);
      playAll(game, std::vector<Move>(apart.begin(), apart.begin() + static_cast<std::ptrdiff_t>(before)));
      playAll(game, std::vector<Move>(kTripleKoCycle.begin(), kTripleKoCycle.end() - 1));
      EXPECT_EQ(game.check(kTripleKoCycle.back()), RejectReason::Superko);
      // One move less and the cycle is not closed: no earlier position comes back.
      game.undo();
      EXPECT_EQ(game.check(kTripleKoCycle[kTripleKoCycle.size() - 2]), RejectReason::None);
    }
  }
}

TEST(GameSuperkoTest, TripleKoCycleRepeatsForeverUnderSimpleKo) {
  for (Rules rules : {Rules::Japanese, Rules::Korean}) {
    SCOPED_TRACE(ruleSet(rules).name);
    Game game = gameFromDiagram(kTripleKo, rules);
    const Board start = game.board();
    for (int cycle = 0; cycle < 3; ++cycle) {
      playAll(game, kTripleKoCycle);
      EXPECT_TRUE(game.board().sameStones(start));
      EXPECT_EQ(game.board().hash(), start.hash());
    }
    EXPECT_EQ(game.board().captures(kBlack), 9);
    EXPECT_EQ(game.board().captures(kWhite), 9);
    EXPECT_EQ(game.phase(), Phase::Playing);
  }
}

const std::vector<std::string> kKo = {".XO..", "XO.O.", ".XO..", ".....", "....."};

void expectSameGameState(const Game& actual, const Game& expected) {
  EXPECT_TRUE(actual.board().sameStones(expected.board())) << actual.board().toAscii();
  EXPECT_EQ(actual.board().hash(), expected.board().hash());
  EXPECT_EQ(actual.board().koVertex(), expected.board().koVertex());
  EXPECT_EQ(actual.board().koColor(), expected.board().koColor());
  EXPECT_EQ(actual.board().captures(kBlack), expected.board().captures(kBlack));
  EXPECT_EQ(actual.board().captures(kWhite), expected.board().captures(kWhite));
  EXPECT_EQ(actual.toMove(), expected.toMove());
  EXPECT_EQ(actual.moveCount(), expected.moveCount());
  EXPECT_EQ(actual.phase(), expected.phase());
  std::string why;
  EXPECT_TRUE(actual.board().checkInvariants(&why)) << why;
}

TEST(GameUndoTest, UndoRestoresHashKoPointAndCaptures) {
  for (Rules rules : {Rules::Chinese, Rules::Japanese}) {
    SCOPED_TRACE(ruleSet(rules).name);
    Game direct = gameFromDiagram(kKo, rules);
    playAll(direct, {Move::play(kBlack, {1, 2})});

    Game game = gameFromDiagram(kKo, rules);
    playAll(game, {Move::play(kBlack, {1, 2}), Move::play(kWhite, {4, 4})});
    EXPECT_EQ(game.board().koVertex(), Board::kNoVertex);
    ASSERT_TRUE(game.undo());
    expectSameGameState(game, direct);
    EXPECT_EQ(game.board().koVertex(), game.board().vertex(Point{1, 1}));
    EXPECT_EQ(game.check(Move::play(kWhite, {1, 1})), RejectReason::Ko);

    // Taking back the capture restores the captured stone and the capture count.
    ASSERT_TRUE(game.undo());
    expectSameGameState(game, gameFromDiagram(kKo, rules));
    EXPECT_EQ(game.board().at(Point{1, 1}), kWhite);
    EXPECT_FALSE(game.undo()) << "setup stones are not moves";
  }
}

TEST(GameUndoTest, UndoForgetsTheUndonePositionsForSuperko) {
  Game game = newGame(9, Rules::Chinese);
  playAll(game, {Move::play(kBlack, {4, 4}), Move::play(kWhite, {3, 3})});
  ASSERT_TRUE(game.undo());
  EXPECT_EQ(game.check(Move::play(kWhite, {3, 3})), RejectReason::None)
      << "the position after the undone move is no longer in the history";
  ASSERT_TRUE(game.undo());
  EXPECT_EQ(game.toMove(), kBlack);
  EXPECT_EQ(game.check(Move::play(kBlack, {4, 4})), RejectReason::None);
}

TEST(GameUndoTest, UndoOfAPassOrASuicideRestoresThePosition) {
  Game game = gameFromDiagram({".XO..", "OO...", ".....", ".....", "....."}, Rules::Nz);
  const Game start = game;
  playAll(game, {Move::play(kBlack, {0, 0}), Move::pass(kWhite)});
  ASSERT_TRUE(game.undo());
  ASSERT_TRUE(game.undo());
  expectSameGameState(game, start);
}

TEST(GameUndoTest, UndoAfterTwoPassesResumesPlay) {
  Game game = newGame(9, Rules::Chinese);
  playAll(game, {Move::play(kBlack, {4, 4}), Move::pass(kWhite), Move::pass(kBlack)});
  EXPECT_NE(game.phase(), Phase::Playing);
  ASSERT_TRUE(game.undo());
  EXPECT_EQ(game.phase(), Phase::Playing);
  EXPECT_EQ(game.toMove(), kBlack);
  EXPECT_EQ(game.check(Move::play(kBlack, {0, 0})), RejectReason::None);
}

TEST(GameResumeTest, ResumedPlayAfterTwoPassesContinuesAndReplaysThroughUndo) {
  Game game = newGame(5, Rules::Chinese);
  playAll(game, {Move::play(kBlack, {2, 2}), Move::pass(kWhite), Move::pass(kBlack)});
  ASSERT_EQ(game.phase(), Phase::Scoring);
  EXPECT_EQ(game.check(Move::play(kWhite, {1, 1})), RejectReason::GameOver);

  game.resumePlay();
  EXPECT_EQ(game.phase(), Phase::Playing);
  playAll(game, {Move::play(kWhite, {1, 1}), Move::pass(kBlack)});
  EXPECT_EQ(game.phase(), Phase::Playing) << "the pass count starts again after resuming";
  playAll(game, {Move::pass(kWhite)});
  EXPECT_EQ(game.phase(), Phase::Scoring);

  // Replaying the record (undo replays from the start) goes through the resumption again.
  ASSERT_TRUE(game.undo());
  EXPECT_EQ(game.phase(), Phase::Playing);
  EXPECT_EQ(game.board().at(Point{1, 1}), kWhite);
  EXPECT_EQ(game.moveCount(), 5);
}

TEST(GameResumeTest, ResumeDoesNothingWhilePlayingOrFinished) {
  Game game = newGame(5, Rules::Chinese);
  game.resumePlay();
  EXPECT_EQ(game.phase(), Phase::Playing);
  playAll(game, {Move::resign(kBlack)});
  game.resumePlay();
  EXPECT_EQ(game.phase(), Phase::Finished);
  EXPECT_EQ(game.result(), "W+R");
}

TEST(GameUndoTest, UndoToKeepsTheFirstMoves) {
  Game game = newGame(9, Rules::Chinese);
  const std::vector<Move> moves = {Move::play(kBlack, {4, 4}), Move::play(kWhite, {3, 3}), Move::play(kBlack, {2, 2}),
                                   Move::play(kWhite, {5, 5}), Move::pass(kBlack)};
  playAll(game, moves);
  Game direct = newGame(9, Rules::Chinese);
  playAll(direct, std::vector<Move>(moves.begin(), moves.begin() + 2));
  game.undoTo(2);
  expectSameGameState(game, direct);
  EXPECT_EQ(game.moves(), direct.moves());
  game.undoTo(0);
  expectSameGameState(game, newGame(9, Rules::Chinese));
}

TEST(GameSetupTest, SetupStonesAreRefusedAfterTheFirstMoveOrOnTakenOrOffBoardPoints) {
  Game game = newGame(9, Rules::Chinese);
  EXPECT_TRUE(game.addSetupStones(kBlack, {{2, 2}, {6, 6}}));
  EXPECT_FALSE(game.addSetupStones(kWhite, {{2, 2}}));
  EXPECT_FALSE(game.addSetupStones(kWhite, {{9, 0}}));
  EXPECT_EQ(game.board().at(Point{2, 2}), kBlack);
  EXPECT_EQ(game.setupStones().size(), 2u);
  playAll(game, {Move::play(kBlack, {4, 4})});
  EXPECT_FALSE(game.addSetupStones(kWhite, {{0, 0}}));
  EXPECT_EQ(game.board().at(Point{0, 0}), Color::Empty);
}

TEST(GameSetupTest, SetToMoveChoosesWhoMovesFirst) {
  Game game = newGame(9, Rules::Chinese);
  game.setToMove(kWhite);
  EXPECT_EQ(game.toMove(), kWhite);
  EXPECT_EQ(game.check(Move::play(kBlack, {4, 4})), RejectReason::WrongColor);
  EXPECT_EQ(game.check(Move::play(kWhite, {4, 4})), RejectReason::None);
}

TEST(GameSetupTest, FixedHandicapPlacesStonesAndWhiteMovesFirst) {
  GameConfig config;
  config.size = 19;
  config.handicap = 2;
  Game game(config);
  EXPECT_EQ(game.board().at(Point{15, 3}), kBlack);  // D4
  EXPECT_EQ(game.board().at(Point{3, 15}), kBlack);  // Q16
  EXPECT_EQ(game.board().emptyCount(), 19 * 19 - 2);
  EXPECT_EQ(game.toMove(), kWhite);
  EXPECT_EQ(game.moveCount(), 0);
}

TEST(GameSetupTest, ValidateRefusesBadSizesAndHandicaps) {
  for (int size : {-1, 0, 1, 26, 100}) {
    GameConfig config;
    config.size = size;
    const Result<GameConfig> r = Game::validate(config);
    EXPECT_FALSE(r.ok()) << size;
    EXPECT_FALSE(r.error().empty());
  }
  for (int handicap : {-1, 1, 10}) {
    GameConfig config;
    config.handicap = handicap;
    EXPECT_FALSE(Game::validate(config).ok()) << handicap;
  }
  for (int size : {2, 9, 19, 25}) {
    GameConfig config;
    config.size = size;
    EXPECT_TRUE(Game::validate(config).ok()) << size;
  }
  GameConfig handicapped;
  handicapped.handicap = 9;
  EXPECT_TRUE(Game::validate(handicapped).ok());
}

TEST(GameTest, ChainAtListsEveryStoneOfTheChain) {
  Game game = gameFromDiagram({"XX...", "X..O.", ".....", ".....", "....."}, Rules::Chinese);
  std::vector<Point> chain = game.chainAt({0, 1});
  EXPECT_EQ(chain.size(), 3u);
  EXPECT_EQ(game.chainAt({1, 3}).size(), 1u);
  EXPECT_TRUE(game.chainAt({2, 2}).empty());
  EXPECT_TRUE(game.chainAt({-1, 0}).empty());
}

TEST(GameTest, MovesAreRecordedInOrder) {
  Game game = newGame(9, Rules::Chinese);
  const std::vector<Move> moves = {Move::play(kBlack, {4, 4}), Move::pass(kWhite), Move::play(kBlack, {0, 0})};
  playAll(game, moves);
  EXPECT_EQ(game.moves(), moves);
  EXPECT_EQ(game.moveCount(), 3);
  EXPECT_EQ(game.toMove(), kWhite);
}

}  // namespace
}  // namespace tengen
