// The FF[4] reader: syntax, escapes, charsets, error positions and robustness against hostile input.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <future>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "tengen/sgf/sgf.h"

#include "sgf_test_util.h"
#include "support/temp_dir.h"

namespace tengen::sgf {
namespace {

using testing::child;
using testing::dataPath;
using testing::mainLine;
using testing::readBytes;
using testing::values;

Collection parseOk(std::string_view text) {
  Result<Collection> c = parse(text);
  EXPECT_TRUE(c.ok()) << c.error();
  if (!c) return {};
  return std::move(c).value();
}

std::string parseError(std::string_view text) {
  const Result<Collection> c = parse(text);
  EXPECT_FALSE(c.ok()) << "parsed: " << text;
  return c.error();
}

TEST(SgfParse, ReadsNodesPropertiesAndValues) {
  const Collection c = parseOk("(;GM[1]FF[4]SZ[9];B[ee];W[cc])");
  ASSERT_EQ(c.games().size(), 1u);
  const NodeView root = c.games()[0];
  ASSERT_EQ(root.properties().size(), 3u);
  EXPECT_EQ(root.properties()[0].id(), "GM");
  EXPECT_EQ(values(root.properties()[2]), std::vector<std::string>{"9"});
  const auto line = mainLine(root);
  ASSERT_EQ(line.size(), 3u);
  EXPECT_EQ(*line[1].find("B"), "ee");
  EXPECT_EQ(*line[2].find("W"), "cc");
  EXPECT_EQ(line[2].find("B"), std::nullopt);
}

TEST(SgfParse, AllowsWhitespaceBetweenEveryToken) {
  const Collection c = parseOk(" \n ( \t; GM [1]\r\n FF\n[4] AB [aa]\n  [bb] \t[cc]\n ;\nB\n[ee] ; W[cc] \n ) \n");
  const auto line = mainLine(c.games()[0]);
  ASSERT_EQ(line.size(), 3u);
  EXPECT_EQ(*line[0].find("FF"), "4");
  EXPECT_EQ(values(*line[0].property("AB")), (std::vector<std::string>{"aa", "bb", "cc"}));
  EXPECT_EQ(*line[1].find("B"), "ee");
}

TEST(SgfParse, UnescapesValues) {
  const Collection c = parseOk(R"((;C[a\]b\\c\d\:e]GN[\\]))");
  EXPECT_EQ(c.games()[0].find("C"), "a]b\\cd:e");
  EXPECT_EQ(c.games()[0].find("GN"), "\\");
}

TEST(SgfParse, RemovesSoftLineBreaksAndNormalizesLineEnds) {
  EXPECT_EQ(*parseOk("(;C[one \\\ntwo])").games()[0].find("C"), "one two");
  EXPECT_EQ(*parseOk("(;C[one \\\r\ntwo])").games()[0].find("C"), "one two");
  EXPECT_EQ(*parseOk("(;C[a\r\nb\rc\nd])").games()[0].find("C"), "a\nb\nc\nd");
}

TEST(SgfParse, KeepsACompressedPointListAsOneValue) {
  const Collection c = parseOk("(;SZ[9]AB[aa:cc][ee])");
  EXPECT_EQ(values(*c.games()[0].property("AB")), (std::vector<std::string>{"aa:cc", "ee"}));
}

TEST(SgfParse, IgnoresLowerCaseLettersInOldStyleIdentifiers) {
  const Result<Collection> c = parseFile(dataPath("ff3.sgf"));
  ASSERT_TRUE(c.ok()) << c.error();
  const NodeView root = c->games()[0];
  EXPECT_EQ(*root.find("GM"), "1");
  EXPECT_EQ(*root.find("SZ"), "9");
  EXPECT_EQ(*root.find("PB"), "Old Style");
  EXPECT_EQ(values(*root.property("AB")), (std::vector<std::string>{"cc", "gc"}));
  EXPECT_EQ(*mainLine(root)[1].find("B"), "ee");
}

TEST(SgfParse, KeepsUnknownProperties) {
  const Collection c = parseOk("(;GM[1]XYZ[private [data\\]][2];B[ee]TE[1]MYPROP[x])");
  const std::optional<PropertyView> p = c.games()[0].property("XYZ");
  ASSERT_TRUE(p.has_value());
  EXPECT_EQ(values(*p), (std::vector<std::string>{"private [data]", "2"}));
  EXPECT_EQ(*mainLine(c.games()[0])[1].find("MYPROP"), "x");
}

TEST(SgfParse, ReadsSeveralGameTrees) {
  const Result<Collection> c = parseFile(dataPath("multi.sgf"));
  ASSERT_TRUE(c.ok()) << c.error();
  ASSERT_EQ(c->games().size(), 2u);
  EXPECT_EQ(*mainLine(c->games()[1])[2].find("W"), "ee");
}

TEST(SgfParse, ReadsVariationsWithTheMainLineFirst) {
  const Result<Collection> c = parseFile(dataPath("variations.sgf"));
  ASSERT_TRUE(c.ok()) << c.error();
  const NodeView root = c->games()[0];
  ASSERT_EQ(root.children().size(), 1u);
  const NodeView b1 = child(root, 0);
  ASSERT_EQ(b1.children().size(), 2u);
  EXPECT_EQ(*child(b1, 0).find("W"), "cc");
  EXPECT_EQ(*child(b1, 1).find("W"), "gg");
  const NodeView b3 = child(child(b1, 0), 0);
  ASSERT_EQ(b3.children().size(), 2u);
  EXPECT_EQ(*child(b3, 0).find("C"), "main line ends");
  EXPECT_EQ(*child(b3, 1).find("C"), "second variation");
  EXPECT_EQ(*child(child(b1, 1), 0).find("C"), "first move's second variation");
}

TEST(SgfParse, ReadsTheEscapesRecord) {
  const Result<Collection> c = parseFile(dataPath("escapes.sgf"));
  ASSERT_TRUE(c.ok()) << c.error();
  const NodeView root = c->games()[0];
  EXPECT_EQ(*root.find("GN"), "Escapes ] and \\ test");
  EXPECT_EQ(*root.find("C"),
            "A comment with a closing bracket ] inside, a backslash \\ here,\na soft line break, and [brackets] too.");
  const auto line = mainLine(root);
  EXPECT_EQ(*line[1].find("C"), "Move one: 3]4 \\o/");
  EXPECT_EQ(*line[2].find("XX"), "unknown [x] value");
  EXPECT_EQ(*line[2].find("TE"), "1");
  EXPECT_EQ(*line[3].find("B"), "gg");
}

TEST(SgfParse, SkipsTextBeforeTheCollection) {
  const Collection c = parseOk("From: someone\nSubject: a game (see below)\n\n(;GM[1];B[aa])");
  ASSERT_EQ(c.games().size(), 1u);
  EXPECT_EQ(*mainLine(c.games()[0])[1].find("B"), "aa");
}

TEST(SgfParse, FindAndSetWorkOnTheFirstValue) {
  Node node;
  EXPECT_EQ(node.find("C"), nullptr);
  node.set("C", "one");
  node.properties.push_back({"C", {"duplicate"}});
  node.set("C", "two");
  ASSERT_EQ(node.properties.size(), 1u);
  EXPECT_EQ(*node.find("C"), "two");
  node.properties.push_back({"AB", {}});
  EXPECT_EQ(node.find("AB"), nullptr);
  EXPECT_NE(node.property("AB"), nullptr);
}

// --- Charsets -------------------------------------------------------------------------------------------------

TEST(SgfCharset, ConvertsIso88591ToUtf8) {
  const Result<Collection> c = parseFile(dataPath("latin1.sgf"));
  ASSERT_TRUE(c.ok()) << c.error();
  const NodeView root = c->games()[0];
  EXPECT_EQ(*root.find("PB"), "J\xC3\xA9r\xC3\xB4me M\xC3\xBCller");  // Jérôme Müller
  EXPECT_EQ(*root.find("PW"), "\xC3\x85sa Str\xC3\xB6m");             // Åsa Ström
  EXPECT_EQ(*root.find("C"), "Caf\xC3\xA9 au lait, \xC2\xBD point");
  // The text is UTF-8 now, and says so.
  EXPECT_EQ(*root.find("CA"), "UTF-8");
}

TEST(SgfCharset, ConvertsGb2312) {
  const Result<Collection> c = parseFile(dataPath("gb2312.sgf"));
  ASSERT_TRUE(c.ok()) << c.error();
  EXPECT_EQ(c->games()[0].find("PB"), "\xE6\x9F\xAF\xE6\xB4\x81");                         // 柯洁
  EXPECT_EQ(c->games()[0].find("C"), "\xE4\xB8\xAD\xE6\x96\x87\xE6\xB3\xA8\xE9\x87\x8A");  // 中文注释
}

TEST(SgfCharset, ConvertsEucKr) {
  const Result<Collection> c = parseFile(dataPath("euc_kr.sgf"));
  ASSERT_TRUE(c.ok()) << c.error();
  EXPECT_EQ(c->games()[0].find("PB"), "\xEC\x9D\xB4\xEC\x84\xB8\xEB\x8F\x8C");                // 이세돌
  EXPECT_EQ(*mainLine(c->games()[0])[1].find("C"), "\xEC\xA2\x8B\xEC\x9D\x80 \xEC\x88\x98");  // 좋은 수
}

TEST(SgfCharset, ShiftJisBytesThatLookLikeBackslashOrBracketStayInTheirCharacters) {
  // 表 ソ 能 end in byte 0x5C and ゾ in 0x5D: read byte by byte they would be an escape and a closing bracket.
  const Result<Collection> c = parseFile(dataPath("shift_jis.sgf"));
  ASSERT_TRUE(c.ok()) << c.error();
  const NodeView root = c->games()[0];
  EXPECT_EQ(*root.find("PB"), "\xE6\x9C\xAC\xE5\x9B\xA0\xE5\x9D\x8A\xE7\xA7\x80\xE7\xAD\x96");  // 本因坊秀策
  EXPECT_EQ(*root.find("C"), "\xE8\xA1\xA8\xE3\x82\xBD\xE8\x83\xBD\xE3\x82\xBE");               // 表ソ能ゾ
  const auto line = mainLine(root);
  ASSERT_EQ(line.size(), 3u);
  EXPECT_EQ(*line[1].find("C"), "\xE3\x82\xBE");  // ゾ
  EXPECT_EQ(*line[2].find("W"), "dc");
}

TEST(SgfCharset, LeavesUtf8AndUnlabelledTextAlone) {
  const std::string text = "(;CA[utf-8]PB[\xE6\x9F\xAF\xE6\xB4\x81])";
  EXPECT_EQ(parseOk(text).games()[0].find("PB"), "\xE6\x9F\xAF\xE6\xB4\x81");
  EXPECT_EQ(parseOk(text).games()[0].find("CA"), "utf-8");
  EXPECT_EQ(*parseOk("(;PB[\xE6\x9F\xAF])").games()[0].find("PB"), "\xE6\x9F\xAF");
}

TEST(SgfCharset, KeepsTheBytesOfACharsetIconvDoesNotKnow) {
  const Collection c = parseOk("(;CA[X-NO-SUCH-CHARSET]PB[caf\xE9])");
  EXPECT_EQ(c.games()[0].find("PB"), "caf\xE9");
  EXPECT_EQ(c.games()[0].find("CA"), "X-NO-SUCH-CHARSET");
}

TEST(SgfCharset, MarksBytesInvalidInTheCharset) {
  // 0xFF is not a GB18030 lead byte.
  const Collection c = parseOk(
      "(;CA[GB2312]PB[a\xFF"
      "b])");
  EXPECT_EQ(c.games()[0].find("PB"),
            "a\xEF\xBF\xBD"
            "b");
}

// --- Errors ---------------------------------------------------------------------------------------------------

TEST(SgfParseError, NamesLineColumnAndWhatWasExpected) {
  struct Case {
    std::string text;
    std::string error;
  };
  const std::vector<Case> cases = {
      {"(;GM[1]\n;B[ee]\n;W[cc]C[never closed",
       "line 3, column 8: expected ']' to close the value of C that starts here"},
      {"",
       "line 1, column 1: expected '(' to start a game tree, found the end of the input (this is not an SGF record)"},
      {"just text\n",
       "line 2, column 1: expected '(' to start a game tree, found the end of the input (this is not an "
       "SGF record)"},
      {"(;B[aa]",
       "line 1, column 8: expected ')' to close the game tree opened at line 1, column 1, found the end of "
       "the input"},
      {"(;B[aa]\n  (;W[bb]",
       "line 2, column 10: expected ')' to close the game tree opened at line 2, column 3, found "
       "the end of the input"},
      {"(;B[aa];W)", "line 1, column 10: expected '[' to start a value of W, found ')'"},
      {"(;B[aa] % )", "line 1, column 9: expected a property identifier, ';', '(' or ')', found '%'"},
      {"(;B[aa]\x01)", "line 1, column 8: expected a property identifier, ';', '(' or ')', found byte 0x01"},
      {"(;B[aa](;W[bb]);B[cc])",
       "line 1, column 16: expected '(' to start another variation or ')' to close the game tree, found ';' (nodes "
       "may not follow variations)"},
      {"(;B[aa](W[bb]))", "line 1, column 9: expected ';' to start a node after '(', found 'W'"},
      {"(B[aa])", "line 1, column 2: expected ';' to start the game tree's first node, found 'B'"},
      {"(;abc[1])", "line 1, column 3: expected a property identifier (upper-case letters), found 'abc'"},
      {"(;C[\\", "line 1, column 4: expected ']' to close the value of C that starts here"},
      {"(;GM[1]\r\n;B[aa]\r\n;W[", "line 3, column 3: expected ']' to close the value of W that starts here"},
      {"(;GM[1]\r;B[aa]\r;W[", "line 3, column 3: expected ']' to close the value of W that starts here"},
      // Columns count characters, not bytes: é is two bytes of UTF-8.
      {"(;C[\xC3\xA9\xC3\xA9] %", "line 1, column 9: expected a property identifier, ';', '(' or ')', found '%'"},
  };
  for (const Case& c : cases) EXPECT_EQ(parseError(c.text), c.error) << c.text;
}

TEST(SgfParseError, FileErrorsStartWithThePath) {
  const std::string path = dataPath("unclosed.sgf");
  const Result<Collection> c = parseFile(path);
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.error(), path + ": line 3, column 8: expected ']' to close the value of C that starts here");

  const Result<Collection> missing = parseFile(dataPath("no-such-file.sgf"));
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error(), dataPath("no-such-file.sgf") + ": cannot open: No such file or directory");

  const Result<Collection> directory = parseFile(TENGEN_SGF_TESTDATA);
  ASSERT_FALSE(directory.ok());
  EXPECT_EQ(directory.error(), std::string(TENGEN_SGF_TESTDATA) + ": is a directory");
}

// --- Limits on what is read ---------------------------------------------------------------------------------

// parseFile() on a path, on a thread of its own: a reader that waits for a FIFO's writer fails the test instead of
// hanging it (the FIFO is then opened for writing and closed, which ends the wait).
Result<Collection> parseFileWithin(const std::string& path, std::chrono::seconds limit) {
  std::future<Result<Collection>> read = std::async(std::launch::async, [&] { return parseFile(path); });
  if (read.wait_for(limit) == std::future_status::ready) return read.get();
  ADD_FAILURE() << "parseFile(" << path << ") still waits after " << limit.count() << " s";
  const int writer = ::open(path.c_str(), O_WRONLY | O_NONBLOCK);
  if (writer >= 0) ::close(writer);
  return Result<Collection>::failure("waited");
}

TEST(SgfLimits, RefusesAFifoWithoutWaitingForAWriter) {
  const test_support::TempDir dir("sgf-fifo");
  const std::string fifo = (dir.path() / "game.sgf").string();
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const Result<Collection> c = parseFileWithin(fifo, std::chrono::seconds(10));
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.error(), fifo + ": not a regular file (a FIFO)");
}

// /dev/zero never ends: read, it would grow without bound.
TEST(SgfLimits, RefusesADevice) {
  const Result<Collection> zero = parseFileWithin("/dev/zero", std::chrono::seconds(10));
  ASSERT_FALSE(zero.ok());
  EXPECT_EQ(zero.error(), "/dev/zero: not a regular file (a character device)");
}

// A file larger than the limit is refused from its size, before a byte is read: a sparse file of 65 MiB takes no
// disk and no time.
TEST(SgfLimits, RefusesAFileLargerThanTheLimitBeforeReadingIt) {
  const test_support::TempDir dir("sgf-size");
  const std::string big = (dir.path() / "big.sgf").string();
  std::ofstream(big).close();
  std::filesystem::resize_file(big, std::size_t{65} << 20);
  const Result<Collection> c = parseFile(big);
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.error(), big + ": larger than 64 MiB (the SGF size limit)");

  const std::string record = (dir.path() / "game.sgf").string();
  std::ofstream(record) << "(;GM[1]SZ[9];B[ee])";  // 19 bytes
  EXPECT_EQ(parseFile(record, ReadLimits{1000, 18}).error(), record + ": larger than 18 bytes (the SGF size limit)");
  EXPECT_TRUE(parseFile(record, ReadLimits{1000, 19}).ok());
  EXPECT_EQ(parse("(;GM[1]SZ[9];B[ee])", ReadLimits{1000, 18}).error(),
            "the text is larger than 18 bytes (the SGF size limit)");
}

// The learning tools read collections larger than a person's records: largest() lifts the limits, and the 65 MiB
// of zeros are read (and found not to be SGF).
TEST(SgfLimits, LargestLiftsTheLimits) {
  const test_support::TempDir dir("sgf-largest");
  const std::string big = (dir.path() / "big.sgf").string();
  std::ofstream(big).close();
  std::filesystem::resize_file(big, std::size_t{65} << 20);
  const Result<Collection> c = parseFile(big, ReadLimits::largest());
  ASSERT_FALSE(c.ok());
  EXPECT_NE(c.error().find("this is not an SGF record"), std::string::npos) << c.error();
  EXPECT_GE(ReadLimits::largest().maxBytes, std::size_t{1} << 31);
  EXPECT_GE(ReadLimits::largest().maxItems, std::size_t{1} << 31);
}

// --- Robustness -----------------------------------------------------------------------------------------------

TEST(SgfRobustness, VariationsNestedDeeplyDoNotExhaustTheStack) {
  for (int depth : {10'000, 200'000}) {
    std::string text;
    for (int i = 0; i < depth; ++i) text += "(;B[aa]";
    text.append(static_cast<std::size_t>(depth), ')');
    const Result<Collection> c = parse(text);
    ASSERT_TRUE(c.ok()) << c.error();
    EXPECT_EQ(static_cast<int>(mainLine(c->games()[0]).size()), depth);
    // Writing and reading back walks the whole depth too.
    const Result<Collection> again = parse(write(c.value()));
    ASSERT_TRUE(again.ok()) << again.error();
    EXPECT_EQ(testing::collectionDifference(c.value(), again.value()), "");
  }
}

TEST(SgfRobustness, AnUnclosedDeepNestIsAnErrorNotACrash) {
  std::string text;
  for (int i = 0; i < 100'000; ++i) text += "(;";
  const Result<Collection> c = parse(text);
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.error(),
            "line 1, column 200001: expected ')' to close the game tree opened at line 1, column 199999, "
            "found the end of the input");
}

TEST(SgfRobustness, ALongMainLineIsReadWrittenAndFreed) {
  constexpr int kMoves = 300'000;
  std::string text = "(;GM[1]SZ[19]";
  for (int i = 0; i < kMoves; ++i) text += i % 2 ? ";W[]" : ";B[]";
  text += ")";
  const Result<Collection> c = parse(text);
  ASSERT_TRUE(c.ok()) << c.error();
  EXPECT_EQ(static_cast<int>(mainLine(c->games()[0]).size()), kMoves + 1);
  const std::string written = write(c.value());
  // Lines are broken between nodes.
  std::size_t longest = 0;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= written.size(); ++i) {
    if (i == written.size() || written[i] == '\n') {
      longest = std::max(longest, i - start);
      start = i + 1;
    }
  }
  EXPECT_LE(longest, 90u);
  // As a game record it is too long (sgf.md, "Limits"): refused where it passes the limit, not replayed.
  const Result<GameRecord> record = readRecord(c->games()[0]);
  ASSERT_FALSE(record.ok());
  EXPECT_EQ(record.error(), "move 100001: a main line of more than 100000 moves (the record's limit)");
}

TEST(SgfRobustness, ALargeValueIsReadWhole) {
  const std::string big(5'000'000, 'x');
  const Collection c = parseOk("(;C[" + big + "])");
  EXPECT_EQ(c.games()[0].find("C")->size(), big.size());
}

// Mutated records and random bytes: the reader answers a collection or an error with a position, never crashes,
// and what it reads it writes so that reading again gives the same tree.
// Nodes, properties and values count together against the limit, in every game of the text and in variations, and
// the refusal says where it was reached.
TEST(SgfRobustness, RefusesMoreItemsThanTheLimitSayingWhere) {
  const std::string text = "(;GM[1]SZ[9];B[ee](;W[cc])(;W[gg]AB[aa][bb]))";  // 4 nodes, 6 properties, 7 values
  ASSERT_TRUE(parse(text, ReadLimits{17}).ok());
  EXPECT_EQ(parse(text, ReadLimits{16}).error(), "line 1, column 40: more than 16 nodes, properties and values");
  EXPECT_EQ(parse(text, ReadLimits{2}).error(), "line 1, column 5: more than 2 nodes, properties and values");
  EXPECT_EQ(parse("(;GM[1])(;GM[1])", ReadLimits{3}).error(),
            "line 1, column 11: more than 3 nodes, properties and values");
  // A mebibyte of one-move nodes is 450,000 items: refused at the limit, read whole without one.
  std::string many = "(;GM[1]";
  while (many.size() < (std::size_t{1} << 20)) many += ";B[aa];W[bb]";
  many += ")";
  const Result<Collection> refused = parse(many, ReadLimits{82048});
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().find(": more than 82048 nodes, properties and values"), std::string::npos);
  EXPECT_TRUE(parse(many).ok());
}

TEST(SgfRobustness, GarbageNeverCrashesAndWhatIsReadRoundTrips) {
  const std::vector<std::string> seeds = {
      readBytes(dataPath("variations.sgf")), readBytes(dataPath("escapes.sgf")),
      readBytes(dataPath("shift_jis.sgf")),  readBytes(dataPath("latin1.sgf")),
      readBytes(dataPath("compressed.sgf")), readBytes(dataPath("multi.sgf")),
  };
  constexpr std::string_view kAlphabet = "()[];\\:ABWCaezt \n\r\x83\x95\xE9";
  std::mt19937 rng(12345);
  int parsed = 0;
  for (int round = 0; round < 20'000; ++round) {
    std::string text = seeds[rng() % seeds.size()];
    const int edits = 1 + static_cast<int>(rng() % 4);
    for (int e = 0; e < edits && !text.empty(); ++e) {
      const std::size_t at = rng() % text.size();
      switch (rng() % 4) {
        case 0:
          text[at] = kAlphabet[rng() % kAlphabet.size()];
          break;
        case 1:
          text.insert(at, 1, kAlphabet[rng() % kAlphabet.size()]);
          break;
        case 2:
          text.erase(at, 1);
          break;
        default:
          text[at] = static_cast<char>(rng() & 0xFF);
          break;
      }
    }
    const Result<Collection> c = parse(text);
    if (!c) {
      EXPECT_EQ(c.error().rfind("line ", 0), 0u) << c.error();
      continue;
    }
    ++parsed;
    const std::string written = write(c.value());
    const Result<Collection> again = parse(written);
    ASSERT_TRUE(again.ok()) << again.error() << "\n" << written;
    ASSERT_EQ(write(again.value()), written);
    for (const NodeView root : c->games()) {
      const Result<GameRecord> record = readRecord(root);
      if (record) replay(record.value());
    }
  }
  EXPECT_GT(parsed, 1000);
}

}  // namespace
}  // namespace tengen::sgf
