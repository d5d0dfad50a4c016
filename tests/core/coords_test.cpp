// The three coordinate forms of docs/rules.md (GTP vertex, SGF point, row/column) and fixed handicap points.
#include "tengen/core/coords.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "tengen/core/board.h"
#include "tengen/core/game.h"
#include "tengen/core/text.h"

namespace tengen {
namespace {

ParsedVertex playAt(int row, int col) { return {MoveKind::Play, Point{row, col}}; }

TEST(GtpVertexTest, FormatsColumnLettersSkippingIAndRowsFromTheBottom) {
  EXPECT_EQ(gtpVertex({15, 3}, 19), "D4");
  EXPECT_EQ(gtpVertex({3, 15}, 19), "Q16");
  EXPECT_EQ(gtpVertex({0, 0}, 19), "A19");
  EXPECT_EQ(gtpVertex({18, 0}, 19), "A1");
  EXPECT_EQ(gtpVertex({18, 18}, 19), "T1");
  EXPECT_EQ(gtpVertex({0, 7}, 19), "H19");
  EXPECT_EQ(gtpVertex({0, 8}, 19), "J19");
  EXPECT_EQ(gtpVertex({8, 8}, 9), "J1");
  EXPECT_EQ(gtpVertex({0, 24}, 25), "Z25");
  EXPECT_EQ(gtpVertex({1, 1}, 2), "B1");
}

TEST(GtpVertexTest, FormatsMoves) {
  EXPECT_EQ(gtpMove(Move::play(Color::Black, {15, 3}), 19), "D4");
  EXPECT_EQ(gtpMove(Move::pass(Color::White), 19), "pass");
  EXPECT_EQ(gtpMove(Move::resign(Color::Black), 19), "resign");
}

TEST(GtpVertexTest, ParsesPointsPassAndResignInAnyCase) {
  EXPECT_EQ(parseGtpVertex("D4", 19).value(), playAt(15, 3));
  EXPECT_EQ(parseGtpVertex("d4", 19).value(), playAt(15, 3));
  EXPECT_EQ(parseGtpVertex("  Q16 \n", 19).value(), playAt(3, 15));
  EXPECT_EQ(parseGtpVertex("J19", 19).value(), playAt(0, 8));
  EXPECT_EQ(parseGtpVertex("T1", 19).value(), playAt(18, 18));
  EXPECT_EQ(parseGtpVertex("Z25", 25).value(), playAt(0, 24));
  EXPECT_EQ(parseGtpVertex("pass", 19).value().kind, MoveKind::Pass);
  EXPECT_EQ(parseGtpVertex("PASS", 9).value().kind, MoveKind::Pass);
  EXPECT_EQ(parseGtpVertex("Resign", 19).value().kind, MoveKind::Resign);
}

TEST(GtpVertexTest, RefusesGarbageWithAReason) {
  struct Case {
    const char* text;
    int size;
  };
  const Case cases[] = {
      {"", 19},
      {"   ", 19},
      {"I5", 19},
      {"i5", 19},
      {"Z99", 19},
      {"A0", 19},
      {"A20", 19},
      {"A26", 25},
      {"U1", 19},
      {"K1", 9},
      {"A99999999999", 19},
      {"A-1", 19},
      {"4D", 19},
      {"D", 19},
      {"DD4", 19},
      {"D4x", 19},
      {"[]", 19},
      {"[D4]", 19},
      {"pas", 19},
      {"passs", 19},
      {"A1A1", 19},
      {"@1", 19},
      {"A+1", 19},
      {"B3", 2},
      {"a 1 2", 19},
      {"ä1", 19},
      {"A18446744073709551617", 19},
  };
  for (const Case& c : cases) {
    const Result<ParsedVertex> r = parseGtpVertex(c.text, c.size);
    EXPECT_FALSE(r.ok()) << "\"" << c.text << "\" on " << c.size;
    EXPECT_FALSE(r.error().empty()) << "\"" << c.text << "\"";
  }
}

TEST(GtpVertexTest, ColumnLettersSkipIBothWays) {
  EXPECT_EQ(gtpColumnLetters(9), "ABCDEFGHJ");
  EXPECT_EQ(gtpColumnLetters(25), "ABCDEFGHJKLMNOPQRSTUVWXYZ");
  for (int col = 0; col < 25; ++col) EXPECT_EQ(gtpColumnOf(gtpColumnLetter(col)), col) << col;
  EXPECT_EQ(gtpColumnOf('j'), 8);
  EXPECT_EQ(gtpColumnOf('I'), std::nullopt);
  EXPECT_EQ(gtpColumnOf('i'), std::nullopt);
  EXPECT_EQ(gtpColumnOf('3'), std::nullopt);
}

TEST(GtpVertexTest, ReadsTheShapeOfAVertexWithoutTheBoardsBounds) {
  EXPECT_EQ(readGtpVertex(" d4 ", 9), (ParsedVertex{MoveKind::Play, {5, 3}}));
  EXPECT_EQ(readGtpVertex("Z30", 9), (ParsedVertex{MoveKind::Play, {9 - 30, 24}}));  // off the board, kept
  EXPECT_EQ(readGtpVertex("A0", 9), (ParsedVertex{MoveKind::Play, {9, 0}}));
  EXPECT_EQ(readGtpVertex("PASS", 9), (ParsedVertex{MoveKind::Pass, {}}));
  EXPECT_EQ(readGtpVertex("Resign", 9), (ParsedVertex{MoveKind::Resign, {}}));
  EXPECT_EQ(readGtpVertex("I5", 9), std::nullopt);
  EXPECT_EQ(readGtpVertex("D", 9), std::nullopt);
  EXPECT_EQ(readGtpVertex("D-4", 9), std::nullopt);
  EXPECT_EQ(readGtpVertex("", 9), std::nullopt);
}

TEST(TextTest, TrimTakesAsciiWhiteSpaceFromBothEnds) {
  EXPECT_EQ(trim(" \t\r\n D4 \v\f"), "D4");
  EXPECT_EQ(trim("a b"), "a b");
  EXPECT_EQ(trim(" \t "), "");
  EXPECT_EQ(trim(""), "");
}

TEST(SgfPointTest, FormatsColumnThenRowFromTheTopLeft) {
  EXPECT_EQ(sgfPoint({3, 3}), "dd");
  EXPECT_EQ(sgfPoint({3, 15}), "pd");
  EXPECT_EQ(sgfPoint({0, 0}), "aa");
  EXPECT_EQ(sgfPoint({18, 0}), "as");
  EXPECT_EQ(sgfPoint({24, 24}), "yy");
}

TEST(SgfPointTest, ParsesPointsAndBothFormsOfPass) {
  EXPECT_EQ(parseSgfPoint("dd", 19).value(), playAt(3, 3));
  EXPECT_EQ(parseSgfPoint("pd", 19).value(), playAt(3, 15));
  EXPECT_EQ(parseSgfPoint("as", 19).value(), playAt(18, 0));
  EXPECT_EQ(parseSgfPoint("", 19).value().kind, MoveKind::Pass);
  EXPECT_EQ(parseSgfPoint("tt", 19).value().kind, MoveKind::Pass);
  EXPECT_EQ(parseSgfPoint("tt", 9).value().kind, MoveKind::Pass);
  EXPECT_EQ(parseSgfPoint("yy", 25).value(), playAt(24, 24));
}

TEST(SgfPointTest, TtIsAPointOnBoardsLargerThan19) {
  const Result<ParsedVertex> r = parseSgfPoint("tt", 21);
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r.value(), playAt(19, 19));
}

TEST(SgfPointTest, RefusesGarbageWithAReason) {
  struct Case {
    const char* text;
    int size;
  };
  const Case cases[] = {
      {"zz", 19}, {"zz", 25}, {"a", 19},  {"abc", 19}, {"ja", 9},  {"aj", 9},   {"dD", 19}, {"DD", 19},
      {"11", 19}, {"d4", 19}, {"a-", 19}, {"ss", 9},   {"-a", 19}, {"[dd", 19}, {"c", 2},
  };
  for (const Case& c : cases) {
    const Result<ParsedVertex> r = parseSgfPoint(c.text, c.size);
    EXPECT_FALSE(r.ok()) << "\"" << c.text << "\" on " << c.size;
    EXPECT_FALSE(r.error().empty()) << "\"" << c.text << "\"";
  }
  // "[]" is SGF's pass written with its brackets: acceptable as a pass, never as a point.
  const Result<ParsedVertex> brackets = parseSgfPoint("[]", 19);
  if (brackets.ok()) {
    EXPECT_EQ(brackets.value().kind, MoveKind::Pass);
  }
}

TEST(RowColTest, FormatsAndParsesTheAcceptedForms) {
  EXPECT_EQ(rowColText({3, 15}), "(3, 15)");
  EXPECT_EQ(parseRowCol("(3, 15)", 19).value(), (Point{3, 15}));
  EXPECT_EQ(parseRowCol("3,15", 19).value(), (Point{3, 15}));
  EXPECT_EQ(parseRowCol("3 15", 19).value(), (Point{3, 15}));
  EXPECT_EQ(parseRowCol("[3, 15]", 19).value(), (Point{3, 15}));
  EXPECT_EQ(parseRowCol("(0, 0)", 2).value(), (Point{0, 0}));
  EXPECT_EQ(parseRowCol("(18, 18)", 19).value(), (Point{18, 18}));
}

TEST(RowColTest, RefusesGarbageNegativeAndOffBoardWithAReason) {
  struct Case {
    const char* text;
    int size;
  };
  const Case cases[] = {
      {"", 19},
      {"[]", 19},
      {"()", 19},
      {"3", 19},
      {"(-1, 3)", 19},
      {"(3, -1)", 19},
      {"(19, 0)", 19},
      {"(0, 19)", 19},
      {"(2, 0)", 2},
      {"a,b", 19},
      {"D4", 19},
      {"99999999999,1", 19},
      {"1,99999999999", 19},
      {"(3, 15, 7)", 19},
      {"3.5,2", 19},
      {"(x3, 15)", 19},
      {",", 19},
  };
  for (const Case& c : cases) {
    const Result<Point> r = parseRowCol(c.text, c.size);
    EXPECT_FALSE(r.ok()) << "\"" << c.text << "\" on " << c.size;
    EXPECT_FALSE(r.error().empty()) << "\"" << c.text << "\"";
  }
}

TEST(CoordsTest, EveryPointRoundTripsThroughAllThreeFormsOnEverySize) {
  for (int size = Board::kMinSize; size <= Board::kMaxSize; ++size) {
    for (int row = 0; row < size; ++row) {
      for (int col = 0; col < size; ++col) {
        const Point p{row, col};
        const Result<ParsedVertex> gtp = parseGtpVertex(gtpVertex(p, size), size);
        ASSERT_TRUE(gtp.ok()) << gtpVertex(p, size) << ": " << gtp.error();
        EXPECT_EQ(gtp.value(), (ParsedVertex{MoveKind::Play, p}));
        const Result<ParsedVertex> sgf = parseSgfPoint(sgfPoint(p), size);
        ASSERT_TRUE(sgf.ok()) << sgfPoint(p) << ": " << sgf.error();
        EXPECT_EQ(sgf.value(), (ParsedVertex{MoveKind::Play, p}));
        const Result<Point> rc = parseRowCol(rowColText(p), size);
        ASSERT_TRUE(rc.ok()) << rowColText(p) << ": " << rc.error();
        EXPECT_EQ(rc.value(), p);
      }
    }
  }
}

TEST(CoordsTest, GtpLettersAreDistinctAndNeverI) {
  std::string letters;
  for (int col = 0; col < Board::kMaxSize; ++col) letters += gtpVertex({0, col}, Board::kMaxSize)[0];
  EXPECT_EQ(letters, "ABCDEFGHJKLMNOPQRSTUVWXYZ");
}

std::vector<Point> sorted(std::vector<Point> points) {
  std::sort(points.begin(), points.end(),
            [](Point a, Point b) { return a.row != b.row ? a.row < b.row : a.col < b.col; });
  return points;
}

std::vector<Point> gtpPoints(const std::vector<std::string>& vertices, int size) {
  std::vector<Point> points;
  points.reserve(vertices.size());
  for (const std::string& v : vertices) points.push_back(parseGtpVertex(v, size).value().point);
  return sorted(points);
}

TEST(HandicapTest, FixedPointsOn19x19FollowGtp) {
  const std::vector<std::vector<std::string>> expected = {
      {"D4", "Q16"},
      {"D4", "Q16", "D16"},
      {"D4", "Q16", "D16", "Q4"},
      {"D4", "Q16", "D16", "Q4", "K10"},
      {"D4", "Q16", "D16", "Q4", "D10", "Q10"},
      {"D4", "Q16", "D16", "Q4", "D10", "Q10", "K10"},
      {"D4", "Q16", "D16", "Q4", "D10", "Q10", "K4", "K16"},
      {"D4", "Q16", "D16", "Q4", "D10", "Q10", "K4", "K16", "K10"},
  };
  for (int handicap = 2; handicap <= 9; ++handicap) {
    const Result<std::vector<Point>> points = fixedHandicapPoints(19, handicap);
    ASSERT_TRUE(points.ok()) << handicap << ": " << points.error();
    EXPECT_EQ(sorted(points.value()), gtpPoints(expected[handicap - 2], 19)) << handicap << " stones";
  }
}

TEST(HandicapTest, FixedPointsOn9x9And13x13UseTheThirdAndFourthLines) {
  EXPECT_EQ(sorted(fixedHandicapPoints(9, 9).value()),
            gtpPoints({"C3", "G7", "C7", "G3", "E5", "C5", "G5", "E3", "E7"}, 9));
  EXPECT_EQ(sorted(fixedHandicapPoints(9, 4).value()), gtpPoints({"C3", "G7", "C7", "G3"}, 9));
  EXPECT_EQ(sorted(fixedHandicapPoints(9, 5).value()), gtpPoints({"C3", "G7", "C7", "G3", "E5"}, 9));
  EXPECT_EQ(sorted(fixedHandicapPoints(13, 4).value()), gtpPoints({"D4", "K10", "D10", "K4"}, 13));
}

TEST(HandicapTest, BadCountsAndBoardsWithoutPlacementAreErrors) {
  struct Case {
    int size;
    int handicap;
  };
  // GTP allows 2..9 stones, and at most 4 on even sizes (no centre line); tiny boards have no distinct points.
  const Case cases[] = {{19, 1}, {19, 10}, {19, -1}, {9, 10}, {18, 5}, {10, 9}, {2, 2}, {5, 2}};
  for (const Case& c : cases) {
    const Result<std::vector<Point>> r = fixedHandicapPoints(c.size, c.handicap);
    EXPECT_FALSE(r.ok()) << c.handicap << " stones on " << c.size;
    EXPECT_FALSE(r.error().empty());
  }
}

}  // namespace
}  // namespace tengen
