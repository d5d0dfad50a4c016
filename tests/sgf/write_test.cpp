// The FF[4] writer: escapes, layout, and round trips (parse -> write -> parse gives the same tree).
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "tengen/sgf/sgf.h"

#include "sgf_test_util.h"

namespace tengen::sgf {
namespace {

using testing::collectionDifference;
using testing::dataPath;

Node* addChild(Node& parent, std::vector<Property> properties) {
  parent.children.push_back(std::make_unique<Node>());
  parent.children.back()->properties = std::move(properties);
  return parent.children.back().get();
}

TEST(SgfWrite, EscapesClosingBracketsAndBackslashes) {
  Node root;
  root.set("C", "a ] b \\ c [ d");
  EXPECT_EQ(write(root), "(;C[a \\] b \\\\ c [ d])\n");
}

TEST(SgfWrite, WritesTheMainLineFirstAndVariationsInOrder) {
  Node root;
  root.properties = {{"GM", {"1"}}, {"FF", {"4"}}, {"SZ", {"9"}}};
  Node* b1 = addChild(root, {{"B", {"ee"}}});
  Node* w2 = addChild(*b1, {{"W", {"cc"}}});
  addChild(*b1, {{"W", {"gg"}}});
  addChild(*w2, {{"B", {"gg"}}});
  addChild(*w2, {{"B", {"gc"}}, {"C", {"second"}}});
  EXPECT_EQ(write(root),
            "(;GM[1]FF[4]SZ[9]\n"
            ";B[ee]\n"
            "(;W[cc]\n"
            "(;B[gg])\n"
            "(;B[gc]C[second]))\n"
            "(;W[gg]))\n");
}

TEST(SgfWrite, WritesSeveralValuesAndUnknownProperties) {
  Node root;
  root.properties = {{"AB", {"aa", "bb:cc"}}, {"ZZ", {"private"}}, {"LB", {"dd:A"}}};
  EXPECT_EQ(write(root), "(;AB[aa][bb:cc]ZZ[private]LB[dd:A])\n");
}

TEST(SgfWrite, WritesSeveralGameTrees) {
  const Result<Collection> c = parse("(;GN[one]) (;GN[two])");
  ASSERT_TRUE(c.ok()) << c.error();
  EXPECT_EQ(write(c.value()), "(;GN[one])\n(;GN[two])\n");
  EXPECT_EQ(write(c->games()[1]), "(;GN[two])\n");
}

TEST(SgfWrite, LabelsNonAsciiTextAsUtf8) {
  Node root;
  root.properties = {{"GM", {"1"}}, {"FF", {"4"}}, {"PB", {"\xE6\x9F\xAF\xE6\xB4\x81"}}};
  EXPECT_EQ(write(root), "(;GM[1]FF[4]CA[UTF-8]PB[\xE6\x9F\xAF\xE6\xB4\x81])\n");
  root.set("CA", "UTF-8");
  EXPECT_EQ(write(root), "(;GM[1]FF[4]PB[\xE6\x9F\xAF\xE6\xB4\x81]CA[UTF-8])\n");
}

TEST(SgfWrite, WritesOnlyUpperCaseLettersOfIdentifiersAndAnEmptyList) {
  Node root;
  root.properties = {{"PlayerBlack", {"x"}}, {"lower", {"dropped"}}, {"VW", {}}};
  EXPECT_EQ(write(root), "(;PB[x]VW[])\n");
}

class SgfRoundTrip : public ::testing::TestWithParam<const char*> {};

TEST_P(SgfRoundTrip, ParseWriteParseGivesTheSameTree) {
  const Result<Collection> first = parseFile(dataPath(GetParam()));
  ASSERT_TRUE(first.ok()) << first.error();
  const std::string written = write(first.value());
  const Result<Collection> second = parse(written);
  ASSERT_TRUE(second.ok()) << second.error() << "\n" << written;
  EXPECT_EQ(collectionDifference(first.value(), second.value()), "") << written;
  // And writing is a fixed point from then on.
  EXPECT_EQ(write(second.value()), written);
}

INSTANTIATE_TEST_SUITE_P(TestData, SgfRoundTrip,
                         ::testing::Values("variations.sgf", "escapes.sgf", "latin1.sgf", "gb2312.sgf", "euc_kr.sgf",
                                           "shift_jis.sgf", "compressed.sgf", "illegal.sgf", "ko.sgf", "gm2.sgf",
                                           "out_of_range.sgf", "big25.sgf", "pass.sgf", "ff3.sgf", "multi.sgf",
                                           "setup_overlap.sgf"));

TEST(SgfRoundTrip, KeepsUnknownPropertiesAndEscapes) {
  const std::string text = R"((;GM[1]FF[4]XX[a\]b][c\\d]MULTIGOGM[1];B[aa]TE[2]C[x\]y];W[bb]YY[]))";
  const Result<Collection> first = parse(text);
  ASSERT_TRUE(first.ok()) << first.error();
  const std::string written = write(first.value());
  EXPECT_NE(written.find("XX[a\\]b][c\\\\d]MULTIGOGM[1]"), std::string::npos) << written;
  EXPECT_NE(written.find("TE[2]C[x\\]y]"), std::string::npos) << written;
  const Result<Collection> second = parse(written);
  ASSERT_TRUE(second.ok()) << second.error();
  EXPECT_EQ(collectionDifference(first.value(), second.value()), "");
}

}  // namespace
}  // namespace tengen::sgf
