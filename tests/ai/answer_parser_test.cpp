// Reading a move out of a model's answer: every accepted shape, prose around it, several points with and without a
// mark, garbage, off-board points, the I column, every two-byte answer, and a 1 MB answer of near-misses.
#include "tengen/ai/answer_parser.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <iterator>
#include <optional>
#include <random>
#include <string>

#include "tengen/core/text.h"

namespace tengen::ai {
namespace {

struct Case {
  const char* answer;
  int size;
  // "" when nothing may be read; otherwise "pass", "resign" or "row,col".
  const char* expected;
};

std::string describe(const std::optional<ReadMove>& m) {
  if (!m) return "";
  if (m->kind == MoveKind::Pass) return "pass";
  if (m->kind == MoveKind::Resign) return "resign";
  return std::to_string(m->point.row) + "," + std::to_string(m->point.col);
}

// On 19x19 "D4" is row 15, col 3; "Q16" row 3, col 15.
const Case kCases[] = {
    // Bare GTP vertices, any case, blanks and punctuation around them.
    {"D4", 19, "15,3"},
    {"d4", 19, "15,3"},
    {"  Q16 \n", 19, "3,15"},
    {"Q16.", 19, "3,15"},
    {"`Q16`", 19, "3,15"},
    {"**Q16**", 19, "3,15"},
    {"\"T19\"", 19, "0,18"},
    {"A1", 19, "18,0"},
    {"J10", 19, "9,8"},
    // The I column does not exist in GTP; "I" or "A" alone in prose are words, not points.
    {"I5", 19, ""},
    {"i5", 19, ""},
    {"I think A is fine", 19, ""},
    {"I5 or rather J5", 19, "14,8"},
    // Off the board is still a point; the rules say out_of_bounds.
    {"Z30", 9, "-21,24"},
    {"K10", 9, "-1,9"},
    {"A0", 9, "9,0"},
    // Too many digits or letters glued on is not a vertex.
    {"D4444", 19, ""},
    {"Q16x", 19, ""},
    {"xQ16", 19, ""},
    {"3Q16", 19, ""},
    {"H2O", 19, ""},
    // Row/column pairs, 0-based, row 0 at the top.
    {"(3, 15)", 19, "3,15"},
    {"(3,15)", 19, "3,15"},
    {"[3, 15]", 19, "3,15"},
    {"( 3 , 15 )", 19, "3,15"},
    {"(3 15)", 19, "3,15"},
    {"3,15", 19, "3,15"},
    {"3 15", 19, "3,15"},
    {"row 3, col 15", 19, "3,15"},
    {"Row: 3, Column: 15", 19, "3,15"},
    {"row=3 col=15", 19, "3,15"},
    {"column 15, row 3", 19, "3,15"},
    {"(3, 30)", 9, "3,30"},
    {"(3)", 19, ""},
    {"(1234, 5)", 19, ""},
    // JSON.
    {R"({"move":"D4"})", 19, "15,3"},
    {R"({"move": "q16"})", 19, "3,15"},
    {R"({"row":3,"col":15})", 19, "3,15"},
    {R"({"row": 3, "col": 15})", 19, "3,15"},
    {R"({"move": {"row": 3, "col": 15}})", 19, "3,15"},
    {R"({"move":"pass"})", 19, "pass"},
    {R"({"reasoning": "D4 is tempting", "move": "Q16"})", 19, "3,15"},
    {R"({"move": "Q16", "reasoning": "better than D4"})", 19, "3,15"},
    // Pass and resign.
    {"pass", 19, "pass"},
    {"PASS", 19, "pass"},
    {"Pass.", 19, "pass"},
    {"resign", 19, "resign"},
    {"I resign.", 19, "resign"},
    {"passing", 19, ""},
    // A point wins over "pass" mentioned in prose; a marked pass wins over points.
    {"Rather than pass I play D4", 19, "15,3"},
    {"D4 is bad, so pass is better. Move: pass", 19, "pass"},
    // Prose: the last point named wins.
    {"I will play Q16.", 19, "3,15"},
    {"After considering D4 and Q4, I choose C3", 19, "16,2"},
    {"The 3-3 point at C17 is good.", 19, "2,2"},
    // A mark wins over later points.
    {"Move: D4. It is better than Q16 and C3.", 19, "15,3"},
    {"Answer: Q16 (not D4)", 19, "3,15"},
    {"My answer is C3, because D4 and Q16 are taken", 19, "16,2"},
    {"Final answer D4; Q16 was rejected", 19, "15,3"},
    {"Answer: D4\nFinal answer: Q16\nnot C3", 19, "3,15"},
    {"**Final Answer:** (3, 15). (4, 4) is worse", 19, "3,15"},
    {"the best move = R4, C3 looks slow", 19, "15,16"},
    // A mark must be its own word and must be near.
    {"remove: D4 then Q16", 19, "3,15"},
    {"moves: D4 Q16", 19, "3,15"},
    // Garbage.
    {"", 19, ""},
    {"   ", 19, ""},
    {"I don't know.", 19, ""},
    {"\xff\xfe\x00\x01", 19, ""},
    {"{{{{[[[[((((", 19, ""},
    {"(3, ", 19, ""},
    {"row 3", 19, ""},
    // Non-ASCII bytes are separators.
    {"\xe2\x80\x9cQ16\xe2\x80\x9d", 19, "3,15"},
};

TEST(AnswerParserTest, ReadsEveryShapeInTheTable) {
  for (const Case& c : kCases) {
    const std::string answer = c.answer[0] == '\xff' ? std::string(c.answer, 4) : std::string(c.answer);
    EXPECT_EQ(describe(readMove(answer, c.size)), c.expected) << "answer: " << answer;
  }
}

TEST(AnswerParserTest, TextIsCanonical) {
  EXPECT_EQ(readMove("q16", 19)->text, "Q16");
  EXPECT_EQ(readMove("D04", 19)->text, "D4");
  EXPECT_EQ(readMove("[3,15]", 19)->text, "(3, 15)");
  EXPECT_EQ(readMove("row 3 col 15", 19)->text, "(3, 15)");
  EXPECT_EQ(readMove("Pass", 19)->text, "pass");
  EXPECT_EQ(readMove("Z30", 9)->text, "Z30");
}

TEST(AnswerParserTest, SmallBoardsUseTheirOwnRowNumbers) {
  const std::optional<ReadMove> m = readMove("C3", 9);
  ASSERT_TRUE(m);
  EXPECT_EQ(m->point, (Point{6, 2}));
}

TEST(AnswerParserTest, AMegabyteOfNearMissesIsReadToItsAnswer) {
  // Patterns that make backtracking matchers explode: long runs of near-misses of every shape. A reader quadratic in
  // them would not finish here within the test's time; how fast the linear one is, is a benchmark's
  // (BM_ReadMoveOneMegabyte).
  std::string big;
  while (big.size() < 1'000'000) big += "((((( 3, row 3 col : move: answer final  Q1x I5 [[ 12 ,";
  const std::optional<ReadMove> m = readMove(big + " final answer: D4", 19);
  ASSERT_TRUE(m);
  EXPECT_EQ(m->kind, MoveKind::Play);
  EXPECT_EQ(m->point, (Point{15, 3}));
  EXPECT_EQ(m->text, "D4");

  std::string letters(1'000'000, 'a');
  EXPECT_FALSE(readMove(letters, 19));
  std::string digits(1'000'000, '7');
  EXPECT_FALSE(readMove(digits, 19));
}

TEST(AnswerParserTest, ReadsEveryTwoByteAnswerAsItsVertexOrNothing) {
  // Every two-byte answer, NUL and high bytes included: a letter of GTP's columns and a digit is that vertex; what
  // else is read, if anything, is a piece of the answer itself (an off-board vertex such as A0 among them).
  const std::string columns = "ABCDEFGHJKLMNOPQRST";
  int vertices = 0;
  for (int a = 0; a < 256; ++a) {
    for (int b = 0; b < 256; ++b) {
      const std::string s{static_cast<char>(a), static_cast<char>(b)};
      const std::optional<ReadMove> m = readMove(s, 19);
      const std::size_t column = columns.find(static_cast<char>(std::toupper(a)));
      if (std::isalpha(a) && column != std::string::npos && b >= '1' && b <= '9') {
        ++vertices;
        ASSERT_TRUE(m) << s;
        EXPECT_EQ(m->kind, MoveKind::Play) << s;
        EXPECT_EQ(m->point, (Point{19 - (b - '0'), static_cast<int>(column)})) << s;
      } else if (m) {
        // The piece read is shown in capitals ("a0" reads as the off-board A0).
        EXPECT_NE(asciiUpper(s).find(m->text), std::string::npos)
            << "read '" << m->text << "' from bytes " << a << ", " << b;
      }
    }
  }
  EXPECT_EQ(vertices, 2 * 19 * 9);
}

TEST(AnswerParserTest, TokenSoupGivesOnlyPointsOfTheShapesRead) {
  // Random mixes of the pieces every shape is made of; whatever is read must be a well-formed move.
  const char* pieces[] = {"(",   ")",   "[",    "]",      ",",     " ",    ":",    "=",      "\"",
                          "row", "col", "move", "answer", "final", "is",   "pass", "resign", "Q",
                          "I",   "16",  "3",    "1234",   "\n",    "\xc3", "D4",   "{",      "}"};
  std::mt19937 rng(5);
  for (int i = 0; i < 20000; ++i) {
    std::string s;
    const int n = static_cast<int>(rng() % 24);
    for (int k = 0; k < n; ++k) s += pieces[rng() % std::size(pieces)];
    const std::optional<ReadMove> m = readMove(s, 19);
    if (!m) continue;
    EXPECT_FALSE(m->text.empty()) << s;
    if (m->kind == MoveKind::Play) {
      EXPECT_NE(m->text.find_first_of("0123456789"), std::string::npos) << s;
      EXPECT_EQ(m->text.find('I'), std::string::npos) << s;
    }
  }
}

}  // namespace
}  // namespace tengen::ai
