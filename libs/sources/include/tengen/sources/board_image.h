// A PNG picture of the board that a vision-language model reads well: wood background, grid, star points, shaded
// stones, the last move marked, and coordinate labels (GTP letters and numbers) on all four sides. Drawn with cairo.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "tengen/core/game.h"

namespace tengen::sources {

struct BoardImageOptions {
  // Width and height of the square image: 20 of the 32-pixel tiles Qwen3-VL reads, about 30 px per point on 19x19.
  int pixels = 640;
  bool markLastMove = true;
  // Also label the 0-based (row, col) indices, for prompts that ask for --coords rowcol.
  bool rowColLabels = false;
};

// Draws boards of one size again and again, fast: the board with its grid and labels and the stones are drawn with
// cairo once and kept, and each picture is composed from them and written as an 8-bit palette PNG (the palette
// taken from those drawings) with fast deflate. The first picture of a size pays for the drawing (tens of ms);
// later ones cost about a millisecond. Not thread-safe: one renderer per thread.
class BoardRenderer {
 public:
  explicit BoardRenderer(const BoardImageOptions& options = {});
  ~BoardRenderer();
  BoardRenderer(const BoardRenderer&) = delete;
  BoardRenderer& operator=(const BoardRenderer&) = delete;

  // The PNG file's bytes for the game's position; empty if cairo or zlib failed. The same game always gives the
  // same bytes.
  std::string png(const Game& game);

 private:
  struct Cache;
  BoardImageOptions m_options;
  std::unique_ptr<Cache> m_cache;
};

// One picture with a renderer of its own (pays the first-picture cost every time).
std::string renderBoardPng(const Game& game, const BoardImageOptions& options = {});

// Where a point's centre falls in a picture of a board of `size` drawn with `options`, in pixels from the top left.
struct PixelPoint {
  double x = 0;
  double y = 0;
};
PixelPoint pointCentre(Point point, int size, const BoardImageOptions& options = {});

// A sign over one point of a picture people read (the worst positions of tengen eval's report); the pictures a
// model is sent carry none.
struct BoardMark {
  enum class Shape : std::uint8_t {
    Cross,  // an X across the point, over any stone there
    Ring,   // a circle around the point, wider than the last-move ring
  };
  Point point;
  Shape shape = Shape::Cross;
  std::array<double, 3> rgb{};  // red, green, blue in 0..1
};

// The picture renderBoardPng draws for the game with `marks` drawn over it in order, each with a thin light edge so
// that it shows on black stones, white stones and wood alike; marks on points off the board are left out. Drawn
// afresh with cairo on every call (tens of ms: for a few pictures, not for every request) and written as an 8-bit
// palette PNG like the others. Empty if cairo or zlib failed; the same game and marks always give the same bytes.
std::string renderMarkedBoardPng(const Game& game, const std::vector<BoardMark>& marks,
                                 const BoardImageOptions& options = {});

}  // namespace tengen::sources
