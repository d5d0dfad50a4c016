// parseCommand: GTP v2 preprocessing (control characters, comments, tabs) and the split into id, name, arguments.
#include "tengen/gtp/command.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace tengen::gtp {
namespace {

using Words = std::vector<std::string>;

TEST(ParseCommandTest, SplitsNameAndArguments) {
  const auto c = parseCommand("play b D4");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->id, "");
  EXPECT_EQ(c->name, "play");
  EXPECT_EQ(c->args, (Words{"b", "D4"}));
}

TEST(ParseCommandTest, ALeadingNumberIsTheId) {
  const auto c = parseCommand("12 genmove white");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->id, "12");
  EXPECT_EQ(c->name, "genmove");
  EXPECT_EQ(c->args, (Words{"white"}));
}

TEST(ParseCommandTest, OnlyDigitsMakeAnId) {
  for (const char* line : {"x9 name", "-1 name", "1.5 name", "+3 name"}) {
    const auto c = parseCommand(line);
    ASSERT_TRUE(c) << line;
    EXPECT_EQ(c->id, "") << line;
  }
  EXPECT_EQ(parseCommand("007 name")->id, "007") << "kept as given";
}

TEST(ParseCommandTest, AnIdAloneHasNoName) {
  const auto c = parseCommand("42");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->id, "42");
  EXPECT_EQ(c->name, "");
  EXPECT_TRUE(c->args.empty());
}

TEST(ParseCommandTest, EmptyBlankAndCommentLinesAreIgnored) {
  for (const char* line : {"", " ", "\t\t", "# a comment", "   # indented comment", "\r", "\x01\x02"}) {
    EXPECT_FALSE(parseCommand(line)) << "'" << line << "'";
  }
}

TEST(ParseCommandTest, CommentsAreCutOff) {
  const auto c = parseCommand("name # what is your name?");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->name, "name");
  EXPECT_TRUE(c->args.empty());
  EXPECT_EQ(parseCommand("3 play b D4#comment")->args, (Words{"b", "D4"}));
}

TEST(ParseCommandTest, TabsSeparateLikeSpaces) {
  const auto c = parseCommand("\tplay\tb\t\tD4\t");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->name, "play");
  EXPECT_EQ(c->args, (Words{"b", "D4"}));
}

TEST(ParseCommandTest, ControlCharactersAreRemoved) {
  EXPECT_EQ(parseCommand("name\r")->name, "name");
  EXPECT_EQ(parseCommand(std::string("na\0me", 5))->name, "name");
  EXPECT_EQ(parseCommand("pl\033ay b D\1774")->args, (Words{"b", "D4"})) << "ESC and DEL";
  EXPECT_EQ(parseCommand("boardsize\n9")->name, "boardsize9") << "a newline inside is a control character too";
}

TEST(ParseCommandTest, BytesAboveAsciiAreKept) {
  const auto c = parseCommand("loadsgf /tmp/g\xc3\xa4me.sgf");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->args, (Words{"/tmp/g\xc3\xa4me.sgf"}));
}

TEST(ParseCommandTest, VeryLongLinesAreSplitWhole) {
  const std::string longWord(1 << 20, 'x');
  const auto c = parseCommand("7 play b " + longWord);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->id, "7");
  ASSERT_EQ(c->args.size(), 2U);
  EXPECT_EQ(c->args[1].size(), longWord.size());
  EXPECT_FALSE(parseCommand(std::string(1 << 20, ' ')));
}

}  // namespace
}  // namespace tengen::gtp
