// The board picture: a valid PNG that cairo reads back at the size asked, the same bytes for the same game, and
// different bytes for different positions and options; stones and marks where they belong.
#include "tengen/sources/board_image.h"

#include <gtest/gtest.h>

#include <array>
#include <random>
#include <string>
#include <vector>

#include "tengen/core/coords.h"
#include "tengen/core/game.h"

#include "support/game_from.h"
#include "support/png_pixels.h"

namespace tengen::sources {
namespace {

using test_support::gameFrom;

// Width and height of the PNG as cairo reads it, or -1 when it cannot.
std::pair<int, int> readBack(const std::string& png) {
  const test_support::PngPixels pixels(png);
  return {pixels.width(), pixels.height()};
}

TEST(BoardImageTest, IsAPngCairoReadsBackAtTheSizeAsked) {
  const Game game = gameFrom(19, {"Q16", "D4", "C3"});
  const std::string png = renderBoardPng(game);
  ASSERT_GT(png.size(), 8u);
  EXPECT_EQ(png.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
  EXPECT_EQ(readBack(png), (std::pair<int, int>{640, 640}));

  BoardImageOptions small;
  small.pixels = 300;
  EXPECT_EQ(readBack(renderBoardPng(game, small)), (std::pair<int, int>{300, 300}));
}

TEST(BoardImageTest, SameGameGivesTheSameBytes) {
  const Game a = gameFrom(19, {"Q16", "D4", "C3"});
  const Game b = gameFrom(19, {"Q16", "D4", "C3"});
  EXPECT_EQ(renderBoardPng(a), renderBoardPng(b));
  EXPECT_EQ(renderBoardPng(a), renderBoardPng(a));
}

TEST(BoardImageTest, DifferentPositionsAndOptionsGiveDifferentBytes) {
  const Game a = gameFrom(19, {"Q16", "D4"});
  const Game b = gameFrom(19, {"Q16", "D5"});
  const Game empty = gameFrom(19, {});
  EXPECT_NE(renderBoardPng(a), renderBoardPng(b));
  EXPECT_NE(renderBoardPng(a), renderBoardPng(empty));

  BoardImageOptions noMark;
  noMark.markLastMove = false;
  EXPECT_NE(renderBoardPng(a), renderBoardPng(a, noMark));

  BoardImageOptions indices;
  indices.rowColLabels = true;
  EXPECT_NE(renderBoardPng(a), renderBoardPng(a, indices));
}

TEST(BoardImageTest, EverySizeRenders) {
  for (int size = 2; size <= 25; ++size) {
    const Game game = gameFrom(size, {"A1"});
    BoardImageOptions options;
    options.pixels = 200;
    options.rowColLabels = size % 2 == 0;
    EXPECT_EQ(readBack(renderBoardPng(game, options)), (std::pair<int, int>{200, 200})) << size;
  }
}

TEST(BoardImageTest, AKeptRendererDrawsTheSameBytesAsAFreshOneAcrossPositionsAndSizes) {
  BoardRenderer renderer;
  const Game a = gameFrom(19, {"Q16", "D4", "C3"});
  const Game b = gameFrom(19, {"Q16", "D4", "C3", "R4", "D16"});
  const Game small = gameFrom(9, {"E5", "C3"});
  for (const Game* game : {&a, &b, &small, &a}) {
    const std::string kept = renderer.png(*game);
    EXPECT_EQ(kept, renderBoardPng(*game));
    EXPECT_EQ(readBack(kept), (std::pair<int, int>{640, 640}));
  }
}

TEST(BoardImageTest, AGameWithCapturesDrawnMoveByMoveIsDrawnAsFromScratch) {
  // The kept renderer reuses the compressed bands a move did not change: stones taken off, the last-move mark
  // moving and an earlier position shown again must all come out as a fresh renderer draws them.
  for (const int size : {9, 19}) {
    BoardRenderer renderer;
    GameConfig config;
    config.size = size;
    Game game(config);
    std::mt19937_64 rng(static_cast<std::uint64_t>(size));
    int captures = 0;
    std::vector<Game> seen;
    for (int i = 0; i < 90; ++i) {
      std::vector<Point> legal;
      for (int row = 0; row < size; ++row) {
        for (int col = 0; col < size; ++col) {
          if (game.check(Move::play(game.toMove(), {row, col})) == RejectReason::None) legal.push_back({row, col});
        }
      }
      if (legal.empty()) break;
      game.play(Move::play(game.toMove(), legal[rng() % legal.size()]));
      captures = game.board().captures(Color::Black) + game.board().captures(Color::White);
      seen.push_back(game);
      ASSERT_EQ(renderer.png(game), renderBoardPng(game)) << "move " << i + 1 << " on " << size;
    }
    if (size == 9) {
      EXPECT_GT(captures, 0);  // a crowded 9x9 board has taken stones by now
    }
    ASSERT_EQ(renderer.png(seen[seen.size() / 2]), renderBoardPng(seen[seen.size() / 2]));
    EXPECT_EQ(readBack(renderer.png(seen.back())), (std::pair<int, int>{640, 640}));
  }
}

TEST(BoardImageTest, StonesShowInThePictureWhereThePositionHasThem) {
  // Read the decoded picture near the centre of D4 (black) and Q16 (white) and of an empty point.
  const Game game = gameFrom(19, {"D4", "Q16"});
  const test_support::PngPixels pixels(renderBoardPng(game));
  ASSERT_TRUE(pixels.ok());
  auto brightness = [&](Point p) {
    const PixelPoint centre = pointCentre(p, 19);
    // A quarter of a line's spacing off the centre, away from the last-move ring.
    const double off = (pointCentre({0, 1}, 19).x - pointCentre({0, 0}, 19).x) * 0.25;
    const std::array<int, 3> c = pixels.rgb(static_cast<int>(centre.x + off), static_cast<int>(centre.y + off));
    return (c[0] + c[1] + c[2]) / 3;
  };
  EXPECT_LT(brightness({15, 3}), 90) << "D4 is black";
  EXPECT_GT(brightness({3, 15}), 200) << "Q16 is white";
  const int wood = brightness({12, 9});
  EXPECT_GT(wood, 90);
  EXPECT_LT(wood, 200);
}

bool isRed(const std::array<int, 3>& c) { return c[0] > 180 && c[1] < 80 && c[2] < 80; }
bool isGreen(const std::array<int, 3>& c) { return c[0] < 80 && c[1] > 120 && c[2] < 100; }

TEST(BoardImageTest, MarksShowInTheirColoursOnTheirPointsOnly) {
  // A cross on a black stone, a ring on an empty point, and a mark off the board, which is left out.
  const Game game = gameFrom(9, {"D4", "F6"});
  BoardImageOptions options;
  options.pixels = 400;
  const Point d4{5, 3};
  const Point c7{2, 2};
  const std::vector<BoardMark> marks = {{d4, BoardMark::Shape::Cross, {0.9, 0.1, 0.1}},
                                        {c7, BoardMark::Shape::Ring, {0.1, 0.7, 0.2}},
                                        {{9, 9}, BoardMark::Shape::Cross, {0.9, 0.1, 0.1}}};
  const std::string png = renderMarkedBoardPng(game, marks, options);
  const test_support::PngPixels marked(png);
  ASSERT_TRUE(marked.ok());
  EXPECT_EQ(marked.width(), 400);
  const PixelPoint atD4 = pointCentre(d4, 9, options);
  const PixelPoint atC7 = pointCentre(c7, 9, options);
  const PixelPoint atG3 = pointCentre({6, 6}, 9, options);
  // The cross crosses the point's centre; the ring goes round it, so its colour lies within a line's spacing.
  EXPECT_TRUE(isRed(marked.rgb(static_cast<int>(atD4.x), static_cast<int>(atD4.y))));
  const int cell = static_cast<int>(pointCentre({0, 1}, 9, options).x - pointCentre({0, 0}, 9, options).x);
  EXPECT_GT(marked.count(atC7.x, atC7.y, cell / 2, isGreen), 20);
  EXPECT_EQ(marked.count(atC7.x, atC7.y, cell / 2, isRed), 0);
  EXPECT_EQ(marked.count(atD4.x, atD4.y, cell / 2, isGreen), 0);
  EXPECT_EQ(marked.count(atG3.x, atG3.y, cell / 2, isRed) + marked.count(atG3.x, atG3.y, cell / 2, isGreen), 0);

  // Without marks the same picture has neither colour anywhere, and the same marks give the same bytes.
  const test_support::PngPixels plain(renderMarkedBoardPng(game, {}, options));
  ASSERT_TRUE(plain.ok());
  EXPECT_EQ(plain.count(200, 200, 199, isRed) + plain.count(200, 200, 199, isGreen), 0);
  EXPECT_EQ(renderMarkedBoardPng(game, marks, options), png);
}

}  // namespace
}  // namespace tengen::sources
