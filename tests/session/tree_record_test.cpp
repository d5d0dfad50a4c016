// The session's SGF record of the whole tree: what it keeps, where it cuts a line the rules refuse, and the words of
// the cut.
#include "tengen/session/tree_record.h"

#include <gtest/gtest.h>

namespace tengen::session {
namespace {

TEST(TreeRecord, KeepsVariationsCommentsAndUnknownProperties) {
  const std::string text = "(;GM[1]FF[4]SZ[9]KM[6.5]EV[Club]C[The game];B[ee]C[first]TR[dd](;W[cc])(;W[gg]XY[1]))";
  const Result<TreeRecord> read = readTreeRecord(text);
  ASSERT_TRUE(read) << read.error();
  EXPECT_FALSE(read->cut);
  EXPECT_EQ(read->info.at("EV"), "Club");
  EXPECT_EQ(read->tree.root().comment, "The game");
  const TreeNode& first = *read->tree.root().children.front();
  EXPECT_EQ(first.comment, "first");
  ASSERT_EQ(first.children.size(), 2U);
  ASSERT_EQ(first.children[1]->properties.size(), 1U);
  EXPECT_EQ(first.children[1]->properties.front().id, "XY");
  const std::string written = writeTreeRecord(read->tree, read->info);
  const Result<TreeRecord> again = readTreeRecord(written);
  ASSERT_TRUE(again) << again.error();
  EXPECT_EQ(writeTreeRecord(again->tree, again->info), written);
}

TEST(TreeRecord, AnIllegalMoveCutsItsLineAndSaysWhere) {
  const Result<TreeRecord> main = readTreeRecord("(;GM[1]SZ[9];B[ee];W[ee](;B[cc]))");
  ASSERT_TRUE(main) << main.error();
  ASSERT_TRUE(main->cut);
  EXPECT_EQ(main->cut->why, TreeCut::Why::Illegal);
  EXPECT_EQ(main->cut->reason, RejectReason::Occupied);
  EXPECT_TRUE(main->cut->mainLine);
  EXPECT_EQ(describe(*main->cut), "move 2 (W E5): stone already there; loaded up to move 1");
  EXPECT_EQ(main->tree.size(), 2U);

  const Result<TreeRecord> variation = readTreeRecord("(;GM[1]SZ[9];B[ee](;W[cc];B[gc])(;W[ee];B[aa])(;W[dd]))");
  ASSERT_TRUE(variation);
  ASSERT_TRUE(variation->cut);
  EXPECT_FALSE(variation->cut->mainLine);
  EXPECT_EQ(describe(*variation->cut),
            "a variation's move 2 (W E5): stone already there; the variation is kept up to move 1");

  const Result<TreeRecord> setup = readTreeRecord("(;GM[1]SZ[9];B[ee](;W[cc])(;AB[dd]W[gg]))");
  ASSERT_TRUE(setup);
  ASSERT_TRUE(setup->cut);
  EXPECT_EQ(setup->cut->why, TreeCut::Why::SetupStones);
  EXPECT_EQ(describe(*setup->cut).rfind("a variation's move 2: setup stones", 0), 0U) << describe(*setup->cut);
}

TEST(TreeRecord, RefusesWhatHoldsNoGame) {
  const Result<TreeRecord> empty = readTreeRecord("");
  EXPECT_FALSE(empty);
  const Result<TreeRecord> broken = readTreeRecord("(;GM[1]SZ[9];B[ee]");
  EXPECT_FALSE(broken);
}

TEST(TreeRecord, AResignationComesBackAsTheMainLinesLastMove) {
  const Result<TreeRecord> read = readTreeRecord("(;GM[1]SZ[9]RE[W+R];B[ee];W[cc])");
  ASSERT_TRUE(read) << read.error();
  const Game game = read->tree.gameAt(read->tree.mainLineEnd());
  EXPECT_EQ(game.phase(), Phase::Finished);
  EXPECT_EQ(game.result(), "W+R");
}

}  // namespace
}  // namespace tengen::session
