// The game a person plays, as both front ends hold it: the line looked at and the record, undo of a move and its
// reply, dead stones toggled by chain while scoring, move numbers, and the tree of variations (playing while looking
// back, following a move already played, switching, promoting and deleting variations).
#include "tengen/session/game_model.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "tengen/core/coords.h"
#include "tengen/core/game.h"
#include "tengen/session/game_tree.h"
#include "tengen/session/tree_record.h"

namespace tengen::session {
namespace {

Point at(const char* vertex) { return parseGtpVertex(vertex, 9)->point; }
Move black(const char* vertex) { return Move::play(Color::Black, at(vertex)); }
Move white(const char* vertex) { return Move::play(Color::White, at(vertex)); }

GameConfig nineByNine() {
  GameConfig config;
  config.size = 9;
  return config;
}

// C3, G7, E5 on 9x9, the view at the end.
GameModel threeMoves() {
  GameModel model(nineByNine());
  EXPECT_EQ(model.play(black("C3")), RejectReason::None);
  EXPECT_EQ(model.play(white("G7")), RejectReason::None);
  EXPECT_EQ(model.play(black("E5")), RejectReason::None);
  return model;
}

// threeMoves() with the variation W D4, B F6 after C3, looked at at its end.
GameModel withVariation() {
  GameModel model = threeMoves();
  model.goTo(1);
  EXPECT_EQ(model.playHere(white("D4")), RejectReason::None);
  EXPECT_EQ(model.playHere(black("F6")), RejectReason::None);
  return model;
}

TEST(GameModel, LookingBackKeepsTheRecord) {
  GameModel model = threeMoves();
  EXPECT_TRUE(model.goTo(1));
  EXPECT_EQ(model.view().moveCount(), 1);
  EXPECT_EQ(model.view().board().at(at("G7")), Color::Empty);
  EXPECT_EQ(model.game().moveCount(), 3);
  EXPECT_EQ(model.lastMove()->point, at("C3"));
  EXPECT_TRUE(!model.goTo(-5) || model.viewMove() == 0);
  EXPECT_EQ(model.viewMove(), 0);
  EXPECT_TRUE(model.goTo(99));
  EXPECT_TRUE(model.atEnd());
}

TEST(GameModel, UndoTakesBackThePlayersMoveAndTheReply) {
  GameModel model = threeMoves();
  model.play(Move::pass(Color::White));
  EXPECT_EQ(model.undoLastMoveOf(Color::Black), 2);
  EXPECT_EQ(model.game().moveCount(), 2);
  EXPECT_EQ(model.game().toMove(), Color::Black);
  EXPECT_EQ(model.undoLastMoveOf(Color::White), 1);
  EXPECT_EQ(model.undoLastMoveOf(Color::White), 0);
  EXPECT_EQ(model.game().moveCount(), 1);
  EXPECT_EQ(model.tree().size(), 2U);
  EXPECT_TRUE(model.atEnd());
}

TEST(GameModel, IllegalMovesChangeNothing) {
  GameModel model(nineByNine());
  model.play(black("C3"));
  EXPECT_EQ(model.play(white("C3")), RejectReason::Occupied);
  EXPECT_EQ(model.play(black("D4")), RejectReason::WrongColor);
  EXPECT_EQ(model.game().moveCount(), 1);
  EXPECT_EQ(model.tree().size(), 2U);
}

TEST(GameModel, DeadStonesToggleByChainOnlyWhileScoring) {
  GameModel model(nineByNine());
  model.play(black("C3"));
  model.play(white("G7"));
  model.play(black("C4"));
  EXPECT_FALSE(model.toggleDeadChain(at("C3")));  // still in play
  model.play(Move::pass(Color::White));
  model.play(Move::pass(Color::Black));
  ASSERT_EQ(model.game().phase(), Phase::Scoring);
  const std::string alive = model.score().result;
  EXPECT_TRUE(model.toggleDeadChain(at("C4")));
  EXPECT_TRUE(model.isDead(at("C3")) && model.isDead(at("C4")));
  EXPECT_NE(model.score().result, alive);
  EXPECT_TRUE(model.toggleDeadChain(at("C3")));
  EXPECT_TRUE(model.deadStones().empty());
  EXPECT_EQ(model.score().result, alive);
  EXPECT_FALSE(model.toggleDeadChain(at("E5")));  // no stone there
  // An estimate naming empty points keeps only the stones.
  model.setDeadStones({at("G7"), at("E5")});
  EXPECT_EQ(model.deadStones().size(), 1U);
  model.finishScoring();
  EXPECT_EQ(model.game().phase(), Phase::Finished);
  EXPECT_EQ(model.game().result(), model.score().result);
}

TEST(GameModel, MoveNumbersFollowTheStonesOnTheBoard) {
  // Black takes the white stone at B1; its number goes with it and the capturing stone keeps its own.
  GameModel model(nineByNine());
  model.play(black("A1"));
  model.play(white("B1"));
  model.play(black("C1"));
  model.play(white("E5"));
  model.play(black("B2"));
  const std::vector<int> numbers = model.moveNumbers();
  EXPECT_EQ(numbers[pointIndex(at("B1"), 9)], 0);
  EXPECT_EQ(numbers[pointIndex(at("B2"), 9)], 5);
  EXPECT_EQ(numbers[pointIndex(at("A1"), 9)], 1);
}

TEST(GameModelTree, PlayingWhileLookingBackMakesAVariation) {
  GameModel model = threeMoves();
  ASSERT_TRUE(model.goTo(1));
  EXPECT_EQ(model.playHere(white("D4")), RejectReason::None);
  const TreeNode& c3 = *model.tree().root().children.front();
  EXPECT_EQ(c3.children.size(), 2U);
  EXPECT_EQ(model.current().move, std::optional<Move>(white("D4")));
  EXPECT_EQ(model.viewMove(), 2);
  EXPECT_TRUE(model.atEnd());
  // The line looked at is the variation; the main line keeps its three moves.
  EXPECT_EQ(model.game().moveCount(), 2);
  EXPECT_EQ(model.view().board().at(at("G7")), Color::Empty);
  EXPECT_EQ(model.view().board().at(at("D4")), Color::White);
  EXPECT_EQ(GameTree::depth(model.tree().mainLineEnd()), 3);
  EXPECT_EQ(model.tree().mainLineEnd().move, std::optional<Move>(black("E5")));
  // An illegal move there changes nothing.
  EXPECT_EQ(model.playHere(black("D4")), RejectReason::Occupied);
  EXPECT_EQ(model.tree().size(), 5U);
}

TEST(GameModelTree, PlayingAMoveAlreadyPlayedFollowsIt) {
  GameModel model = threeMoves();
  model.goTo(1);
  const NodeId g7 = model.tree().root().children.front()->children.front()->id;
  EXPECT_EQ(model.playHere(white("G7")), RejectReason::None);
  EXPECT_EQ(model.current().id, g7);
  EXPECT_EQ(model.tree().size(), 4U);
  // The line goes on below it as it was.
  EXPECT_FALSE(model.atEnd());
  EXPECT_EQ(model.game().moveCount(), 3);
}

TEST(GameModelTree, UpAndDownSwitchBetweenVariations) {
  GameModel model = withVariation();
  EXPECT_EQ(model.viewMove(), 3);
  // Up: from the nearest branch above (the two replies to C3) to the main line, at the same move number.
  EXPECT_TRUE(model.previousVariation());
  EXPECT_EQ(model.current().move, std::optional<Move>(black("E5")));
  EXPECT_EQ(model.game().moveCount(), 3);
  EXPECT_FALSE(model.previousVariation());
  // Down: back into the variation, to the move last looked at there.
  EXPECT_TRUE(model.nextVariation());
  EXPECT_EQ(model.current().move, std::optional<Move>(black("F6")));
  EXPECT_FALSE(model.nextVariation());
  // Back along the variation and forward again stays in it.
  model.goTo(1);
  EXPECT_TRUE(model.goTo(3));
  EXPECT_EQ(model.current().move, std::optional<Move>(black("F6")));
  // A line without branches has nothing to switch to.
  GameModel straight = threeMoves();
  EXPECT_FALSE(straight.nextVariation());
  EXPECT_FALSE(straight.previousVariation());
}

TEST(GameModelTree, PromoteMakesTheVariationTheMainLine) {
  GameModel model = withVariation();
  const NodeId f6 = model.current().id;
  EXPECT_TRUE(model.promoteCurrent());
  EXPECT_EQ(model.tree().mainLineEnd().id, f6);
  const TreeNode& c3 = *model.tree().root().children.front();
  EXPECT_EQ(c3.children[0]->move, std::optional<Move>(white("D4")));
  EXPECT_EQ(c3.children[1]->move, std::optional<Move>(white("G7")));
  // The view stays where it was.
  EXPECT_EQ(model.current().id, f6);
  EXPECT_FALSE(model.promoteCurrent());
  // Written as SGF, the promoted line comes first.
  const std::string text = writeTreeRecord(model.tree(), {});
  ASSERT_NE(text.find("W[df]"), std::string::npos) << text;
  EXPECT_LT(text.find("W[df]"), text.find("W[gc]")) << text;
}

TEST(GameModelTree, DeleteBranchTakesTheSubtreeAndGoesToTheParent) {
  GameModel model = withVariation();
  const NodeId f6 = model.current().id;
  EXPECT_TRUE(model.previousVariation());  // the main line's E5
  EXPECT_TRUE(model.nextVariation());      // the variation's F6
  EXPECT_TRUE(model.goTo(2));              // its W D4
  const NodeId d4 = model.current().id;
  EXPECT_EQ(model.deleteCurrent(), 2);
  EXPECT_EQ(model.tree().find(d4), nullptr);
  EXPECT_EQ(model.tree().find(f6), nullptr);
  EXPECT_EQ(model.current().move, std::optional<Move>(black("C3")));
  EXPECT_EQ(model.viewMove(), 1);
  EXPECT_EQ(model.tree().size(), 4U);
  // The line goes on along what is left: the main line.
  EXPECT_EQ(model.game().moveCount(), 3);
  model.goTo(0);
  EXPECT_EQ(model.deleteCurrent(), 0);  // the root stays
}

TEST(GameModelTree, UndoStillTakesBackTheMoveAndTheReply) {
  GameModel model = threeMoves();
  model.play(white("D4"));
  EXPECT_EQ(model.undoLastMoveOf(Color::Black), 2);
  EXPECT_EQ(model.game().moveCount(), 2);
  EXPECT_EQ(model.tree().size(), 3U);
  EXPECT_TRUE(model.atEnd());
}

}  // namespace
}  // namespace tengen::session
