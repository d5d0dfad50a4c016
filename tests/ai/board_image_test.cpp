// The board picture: a valid PNG that cairo reads back at the size asked, the same bytes for the same game, and
// different bytes for different positions and options.
#include "tengen/ai/board_image.h"

#include <cairo.h>
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <string>

#include "tengen/core/coords.h"
#include "tengen/core/game.h"

#include "support/game_from.h"

namespace tengen::ai {
namespace {

using test_support::gameFrom;

struct Reader {
  const std::string* bytes;
  std::size_t at = 0;
};

cairo_status_t readChunk(void* closure, unsigned char* data, unsigned int length) {
  auto* r = static_cast<Reader*>(closure);
  if (r->bytes->size() - r->at < length) return CAIRO_STATUS_READ_ERROR;
  std::memcpy(data, r->bytes->data() + r->at, length);
  r->at += length;
  return CAIRO_STATUS_SUCCESS;
}

// Width and height of the PNG as cairo reads it, or -1 when it cannot.
std::pair<int, int> readBack(const std::string& png) {
  Reader reader{&png};
  cairo_surface_t* s = cairo_image_surface_create_from_png_stream(readChunk, &reader);
  std::pair<int, int> size{-1, -1};
  if (cairo_surface_status(s) == CAIRO_STATUS_SUCCESS) {
    size = {cairo_image_surface_get_width(s), cairo_image_surface_get_height(s)};
  }
  cairo_surface_destroy(s);
  return size;
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
  // Read the decoded picture at the centre of D4 (black) and Q16 (white) and at an empty point.
  const Game game = gameFrom(19, {"D4", "Q16"});
  const std::string png = renderBoardPng(game);
  Reader reader{&png};
  cairo_surface_t* s = cairo_image_surface_create_from_png_stream(readChunk, &reader);
  ASSERT_EQ(cairo_surface_status(s), CAIRO_STATUS_SUCCESS);
  cairo_surface_flush(s);
  const unsigned char* data = cairo_image_surface_get_data(s);
  const int stride = cairo_image_surface_get_stride(s);
  auto brightness = [&](double fx, double fy) {
    const int x = static_cast<int>(fx), y = static_cast<int>(fy);
    std::uint32_t v;
    std::memcpy(&v, data + y * stride + 4 * x, 4);
    return static_cast<int>(((v >> 16) & 0xFF) + ((v >> 8) & 0xFF) + (v & 0xFF)) / 3;
  };
  // 19 lines with 1.6 cells of margin on each side (see board_image.cpp).
  const double cell = 640.0 / (18 + 3.2);
  const double origin = (640 - cell * 18) / 2;
  auto at = [&](int col, int rowFromTop) {
    return brightness(origin + col * cell + cell * 0.25, origin + rowFromTop * cell + cell * 0.25);
  };
  EXPECT_LT(at(3, 15), 90) << "D4 is black";
  EXPECT_GT(at(15, 3), 200) << "Q16 is white";
  const int wood = at(9, 12);
  EXPECT_GT(wood, 90);
  EXPECT_LT(wood, 200);
  cairo_surface_destroy(s);
}

}  // namespace
}  // namespace tengen::ai
