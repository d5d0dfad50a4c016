// The prompt a model is asked with: the default template's diagram, moves, format and the exact retry line
// (docs/serving-models.md), and templates read from text with their placeholders and errors.
#include "tengen/sources/prompt.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "tengen/ai/answer_parser.h"
#include "tengen/core/coords.h"
#include "tengen/core/game.h"
#include "tengen/sources/make_source.h"

#include "support/game_from.h"

namespace tengen::sources {
namespace {

using ai::readMove;
using ai::Rejection;

using test_support::gameFrom;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(PromptTest, DefaultPromptHasDiagramMovesAndFormat) {
  const Game game = gameFrom(19, {"Q16", "D4", "pass"});
  const Prompt p = buildPrompt(defaultPromptTemplate(), game, Color::White, {}, CoordFormat::Gtp);
  EXPECT_TRUE(contains(p.system, "Go"));
  EXPECT_TRUE(contains(p.system, "one coordinate only"));
  std::string diagram = game.board().toAscii();
  diagram.pop_back();
  EXPECT_TRUE(contains(p.user, diagram)) << p.user;
  EXPECT_TRUE(contains(p.user, "X for black")) << p.user;
  EXPECT_TRUE(contains(p.user, "O for white")) << p.user;
  EXPECT_TRUE(contains(p.user, "Moves so far: 1. B Q16 2. W D4 3. B pass")) << p.user;
  EXPECT_TRUE(contains(p.user, "19x19")) << p.user;
  EXPECT_TRUE(contains(p.user, "chinese")) << p.user;
  EXPECT_TRUE(contains(p.user, "komi 7.5")) << p.user;
  EXPECT_TRUE(contains(p.user, "You play white")) << p.user;
  EXPECT_TRUE(contains(p.user, "move 4")) << p.user;
  EXPECT_TRUE(contains(p.user, "like D4")) << p.user;
  EXPECT_TRUE(contains(p.user, "A to T, no I")) << p.user;
  EXPECT_FALSE(contains(p.user, "rejected")) << p.user;
  EXPECT_FALSE(contains(p.user, "{{")) << p.user;
  EXPECT_NE(p.user.back(), '\n');
}

TEST(PromptTest, RowColFormatNamesTheZeroBasedPair) {
  const Game game = gameFrom(9, {});
  const Prompt p = buildPrompt(defaultPromptTemplate(), game, Color::Black, {}, CoordFormat::RowCol);
  EXPECT_TRUE(contains(p.user, "(3, 15)")) << p.user;
  EXPECT_TRUE(contains(p.user, "row 0 at the top")) << p.user;
  EXPECT_TRUE(contains(p.user, "0 to 8")) << p.user;
  EXPECT_TRUE(contains(p.user, "Moves so far: none")) << p.user;
}

TEST(PromptTest, RetryLineNamesEachPointWithItsReasonsWords) {
  const Game game = gameFrom(19, {"Q16"});
  const std::vector<Rejection> rejected = {
      {readMove("Q16", 19), RejectReason::Occupied},
      {readMove("C3", 19), RejectReason::Suicide},
  };
  const Prompt p = buildPrompt(defaultPromptTemplate(), game, Color::White, rejected, CoordFormat::Gtp);
  EXPECT_TRUE(contains(p.user,
                       "\nYour earlier answers were rejected: Q16 (stone already there), C3 (suicide). Answer with a "
                       "different point."))
      << p.user;
}

TEST(PromptTest, RetryLineNamesPointsInTheFormatAsked) {
  const Game game = gameFrom(19, {"Q16"});
  const std::vector<Rejection> rejected = {
      {readMove("Q16", 19), RejectReason::Occupied},
      {readMove("Z30", 19), RejectReason::OutOfBounds},
  };
  const Prompt p = buildPrompt(defaultPromptTemplate(), game, Color::White, rejected, CoordFormat::RowCol);
  EXPECT_TRUE(contains(p.user,
                       "Your earlier answers were rejected: (3, 15) (stone already there), Z30 (outside the board). "
                       "Answer with a different point."))
      << p.user;
}

TEST(PromptTest, APointOffTheBoardIsNamedAsTheModelWroteItNeverAsAnInventedVertex) {
  const Game game = gameFrom(9, {});
  const std::vector<Rejection> rejected = {{readMove("(3, 12)", 9), RejectReason::OutOfBounds},
                                           {readMove("I think (2, 2)", 9), RejectReason::Occupied}};
  for (const CoordFormat format : {CoordFormat::RowCol, CoordFormat::Gtp}) {
    const Prompt p = buildPrompt(defaultPromptTemplate(), game, Color::White, rejected, format);
    const std::string onBoard = format == CoordFormat::RowCol ? "(2, 2)" : "C7";
    EXPECT_TRUE(contains(p.user, "Your earlier answers were rejected: (3, 12) (outside the board), " + onBoard +
                                     " (stone already there)."))
        << p.user;
    EXPECT_FALSE(contains(p.user, "N6")) << p.user;
  }
}

TEST(PromptTest, UnreadableRejectionsAreNamedSo) {
  const Game game = gameFrom(19, {});
  const std::vector<Rejection> rejected = {
      {std::nullopt, RejectReason::Unparseable},
      {readMove("D4", 19), RejectReason::Ko},
  };
  const Prompt p = buildPrompt(defaultPromptTemplate(), game, Color::Black, rejected, CoordFormat::Gtp);
  EXPECT_TRUE(contains(p.user,
                       "Your earlier answers were rejected: (unreadable answer), D4 (ko: immediate recapture is "
                       "forbidden). Answer with a different point."))
      << p.user;
}

TEST(PromptTest, TemplateFillsEveryPlaceholder) {
  const Result<PromptTemplate> t = parsePromptTemplate(
      "sys {{size}}\n---\n{{size}}|{{rules}}|{{komi}}|{{color}}|{{opponent}}|{{move_number}}|{{captures_black}}|"
      "{{captures_white}}|{{last_move}}|{{example}}|{{legal_count}}\n{{moves}}\n{{rejected}}\nend");
  ASSERT_TRUE(t.ok()) << t.error();
  GameConfig config;
  config.size = 9;
  config.rules = Rules::Japanese;
  Game game(config);
  ASSERT_EQ(game.play(Move::play(Color::Black, {4, 4})), RejectReason::None);
  const Prompt p = buildPrompt(*t, game, Color::White, {}, CoordFormat::RowCol);
  EXPECT_EQ(p.system, "sys 9");
  // The empty {{rejected}} line is left out.
  EXPECT_EQ(p.user, "9|japanese|6.5|white|black|2|0|0|black E5|(3, 15)|80\n1. B E5\nend");
}

TEST(PromptTest, TemplateWithoutSeparatorIsAllUser) {
  const Result<PromptTemplate> t = parsePromptTemplate("Play {{color}}.");
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(t->system, "");
  EXPECT_EQ(t->user, "Play {{color}}.");
  const Prompt p = buildPrompt(*t, gameFrom(9, {}), Color::Black, {}, CoordFormat::Gtp);
  EXPECT_EQ(p.user, "Play black.");
}

TEST(PromptTest, TemplateErrorsNameTheLine) {
  Result<PromptTemplate> t = parsePromptTemplate("a\nb {{nope}}\n");
  ASSERT_FALSE(t.ok());
  EXPECT_TRUE(contains(t.error(), "line 2")) << t.error();
  EXPECT_TRUE(contains(t.error(), "unknown placeholder {{nope}}")) << t.error();

  t = parsePromptTemplate("system\n---\nuser\n\n{{size}} {{board\n");
  ASSERT_FALSE(t.ok());
  EXPECT_TRUE(contains(t.error(), "line 5")) << t.error();

  t = parsePromptTemplate("x }} y");
  ASSERT_FALSE(t.ok());
  EXPECT_TRUE(contains(t.error(), "line 1")) << t.error();

  t = parsePromptTemplate("{{{size}}}");
  EXPECT_FALSE(t.ok());

  // Single braces (a JSON example in the text) are fine.
  t = parsePromptTemplate(R"(Answer as {"move": "{{example}}"})");
  ASSERT_TRUE(t.ok()) << t.error();
}

TEST(PromptTest, LoadReadsAFileAndNamesItInErrors) {
  const std::string path = ::testing::TempDir() + "tengen_prompt_test.txt";
  {
    std::ofstream out(path);
    out << "You are a Go player.\n---\n{{board}}\n{{bogus}}\n";
  }
  Result<PromptTemplate> t = loadPromptTemplate(path);
  ASSERT_FALSE(t.ok());
  EXPECT_TRUE(contains(t.error(), path)) << t.error();
  EXPECT_TRUE(contains(t.error(), "line 4")) << t.error();
  {
    std::ofstream out(path);
    out << "You are a Go player.\r\n---\r\n{{board}}\r\n";
  }
  t = loadPromptTemplate(path);
  ASSERT_TRUE(t.ok()) << t.error();
  EXPECT_EQ(t->system, "You are a Go player.");
  EXPECT_EQ(t->user, "{{board}}\n");
  std::remove(path.c_str());
  EXPECT_FALSE(loadPromptTemplate(path).ok());
}

TEST(PromptTest, DefaultTemplateParses) {
  const PromptTemplate& d = defaultPromptTemplate();
  EXPECT_TRUE(parsePromptTemplate(d.system + "\n---\n" + d.user).ok());
}

// A template written as a file reads back as it was: the built-in one, and one without a system part whose user
// part has a "---" line of its own.
TEST(PromptTest, AFormattedTemplateReadsBackAsItWas) {
  const PromptTemplate& d = defaultPromptTemplate();
  Result<PromptTemplate> t = parsePromptTemplate(formatPromptTemplate(d));
  ASSERT_TRUE(t.ok()) << t.error();
  EXPECT_EQ(t->system, d.system);
  EXPECT_EQ(t->user, d.user);
  EXPECT_EQ(formatPromptTemplate(d), d.system + "\n---\n" + d.user);

  const PromptTemplate userOnly{"", "Board:\n---\n{{board}}"};
  t = parsePromptTemplate(formatPromptTemplate(userOnly));
  ASSERT_TRUE(t.ok()) << t.error();
  EXPECT_EQ(t->system, "");
  EXPECT_EQ(t->user, userOnly.user);
}

}  // namespace
}  // namespace tengen::sources
