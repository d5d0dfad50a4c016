#include "tengen/ai/board_image.h"

#include <cairo.h>
#include <zlib.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "tengen/core/board.h"
#include "tengen/core/coords.h"

namespace tengen::ai {

namespace {

// Classic kaya tone; dark lines and labels on it read well for people and for vision models.
constexpr double kWood[3] = {0.86, 0.70, 0.38};
constexpr double kInk[3] = {0.08, 0.06, 0.04};
// The (row, col) indices get their own colour so that they are not confused with the GTP labels.
constexpr double kIndexInk[3] = {0.10, 0.20, 0.55};
constexpr const char* kFont = "DejaVu Sans";

struct SurfaceDeleter {
  void operator()(cairo_surface_t* s) const { cairo_surface_destroy(s); }
};
struct ContextDeleter {
  void operator()(cairo_t* c) const { cairo_destroy(c); }
};
struct PatternDeleter {
  void operator()(cairo_pattern_t* p) const { cairo_pattern_destroy(p); }
};

// The star points exactly as Board::toAscii() draws them ('+' on the empty board), so picture and text agree.
std::vector<Point> starPoints(int size) {
  const std::string ascii = Board(size).toAscii();
  std::vector<Point> points;
  std::size_t lineStart = ascii.find('\n') + 1;  // skip the letters
  for (int row = 0; row < size; ++row) {
    const std::size_t lineEnd = ascii.find('\n', lineStart);
    const std::string_view line(ascii.data() + lineStart, lineEnd - lineStart);
    for (int col = 0; col < size; ++col) {
      // Each row reads "NN " then one character and a blank per column.
      const std::size_t at = 3 + 2 * static_cast<std::size_t>(col);
      if (at < line.size() && line[at] == '+') points.push_back({row, col});
    }
    lineStart = lineEnd + 1;
  }
  return points;
}

void centredText(cairo_t* cr, const std::string& text, double x, double y) {
  cairo_text_extents_t ext;
  cairo_text_extents(cr, text.c_str(), &ext);
  cairo_move_to(cr, x - (ext.width / 2 + ext.x_bearing), y - (ext.height / 2 + ext.y_bearing));
  cairo_show_text(cr, text.c_str());
}

class Painter {
 public:
  Painter(cairo_t* cr, const Game& game, const BoardImageOptions& options)
      : m_cr(cr), m_game(game), m_options(options), m_size(game.size()) {
    const double px = options.pixels;
    // Grid spans size-1 cells; each side keeps room for half a stone and one ring of labels (two with indices).
    const double marginCells = options.rowColLabels ? 2.4 : 1.6;
    m_cell = px / (m_size - 1 + 2 * marginCells);
    m_origin = (px - m_cell * (m_size - 1)) / 2;
    // Large enough to read at 640 px on 19x19 (about 16 px), never huge on tiny boards.
    m_font = std::min(m_cell * 0.5, px / 28.0);
  }

  // The board without stones: wood, grid, star points and labels.
  void paintBoard() {
    background();
    grid();
    labels();
    cairo_new_path(m_cr);  // text leaves a current point behind
  }

  double cell() const { return m_cell; }
  double x(int col) const { return m_origin + col * m_cell; }
  double y(int row) const { return m_origin + row * m_cell; }

 private:
  void background() {
    cairo_set_source_rgb(m_cr, kWood[0], kWood[1], kWood[2]);
    cairo_paint(m_cr);
  }

  void grid() {
    cairo_set_source_rgb(m_cr, kInk[0], kInk[1], kInk[2]);
    cairo_set_line_cap(m_cr, CAIRO_LINE_CAP_SQUARE);
    const double lo = m_origin;
    const double hi = m_origin + (m_size - 1) * m_cell;
    cairo_set_line_width(m_cr, std::max(1.0, m_cell / 26));
    for (int i = 0; i < m_size; ++i) {
      cairo_move_to(m_cr, lo, y(i));
      cairo_line_to(m_cr, hi, y(i));
      cairo_move_to(m_cr, x(i), lo);
      cairo_line_to(m_cr, x(i), hi);
    }
    cairo_stroke(m_cr);
    // A heavier border, as on real boards, makes the edge unmistakable.
    cairo_set_line_width(m_cr, std::max(1.5, m_cell / 14));
    cairo_rectangle(m_cr, lo, lo, hi - lo, hi - lo);
    cairo_stroke(m_cr);
    for (const Point& p : starPoints(m_size)) {
      cairo_arc(m_cr, x(p.col), y(p.row), std::max(2.0, m_cell * 0.12), 0, 2 * M_PI);
      cairo_fill(m_cr);
    }
  }

  void labels() {
    cairo_select_font_face(m_cr, kFont, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
    cairo_set_font_size(m_cr, m_font);
    cairo_set_source_rgb(m_cr, kInk[0], kInk[1], kInk[2]);
    const double lo = m_origin;
    const double hi = m_origin + (m_size - 1) * m_cell;
    const double gap = m_cell * 1.0;
    for (int i = 0; i < m_size; ++i) {
      const std::string vertex = gtpVertex({m_size - 1, i}, m_size);
      const std::string letter = vertex.substr(0, 1);
      const std::string number = std::to_string(m_size - i);
      centredText(m_cr, letter, x(i), lo - gap);
      centredText(m_cr, letter, x(i), hi + gap);
      centredText(m_cr, number, lo - gap, y(i));
      centredText(m_cr, number, hi + gap, y(i));
    }
    if (!m_options.rowColLabels) return;
    cairo_select_font_face(m_cr, kFont, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(m_cr, m_font * 0.8);
    cairo_set_source_rgb(m_cr, kIndexInk[0], kIndexInk[1], kIndexInk[2]);
    const double outer = m_cell * 1.8;
    for (int i = 0; i < m_size; ++i) {
      const std::string index = std::to_string(i);
      centredText(m_cr, index, x(i), lo - outer);
      centredText(m_cr, index, x(i), hi + outer);
      centredText(m_cr, index, lo - outer, y(i));
      centredText(m_cr, index, hi + outer, y(i));
    }
  }

  cairo_t* m_cr;
  const Game& m_game;
  const BoardImageOptions& m_options;
  int m_size;
  double m_cell = 0;
  double m_origin = 0;
  double m_font = 0;
};

// One stone, lit from the upper left, with its outline; and the last-move ring in the opposite colour.
void drawStone(cairo_t* cr, Color c, double cx, double cy, double cell, bool marked) {
  const double r = cell * 0.48;
  std::unique_ptr<cairo_pattern_t, PatternDeleter> shade(
      cairo_pattern_create_radial(cx - r * 0.35, cy - r * 0.35, r * 0.1, cx, cy, r));
  if (c == Color::Black) {
    cairo_pattern_add_color_stop_rgb(shade.get(), 0, 0.45, 0.45, 0.45);
    cairo_pattern_add_color_stop_rgb(shade.get(), 1, 0.02, 0.02, 0.02);
  } else {
    cairo_pattern_add_color_stop_rgb(shade.get(), 0, 1.0, 1.0, 1.0);
    cairo_pattern_add_color_stop_rgb(shade.get(), 1, 0.78, 0.78, 0.76);
  }
  cairo_arc(cr, cx, cy, r, 0, 2 * M_PI);
  cairo_set_source(cr, shade.get());
  cairo_fill_preserve(cr);
  cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
  cairo_set_line_width(cr, std::max(1.0, cell / 40));
  cairo_stroke(cr);
  if (!marked) return;
  const double v = c == Color::Black ? 0.95 : 0.05;
  cairo_set_source_rgb(cr, v, v, v);
  cairo_set_line_width(cr, std::max(1.5, cell * 0.08));
  cairo_arc(cr, cx, cy, cell * 0.24, 0, 2 * M_PI);
  cairo_stroke(cr);
}

using Surface = std::unique_ptr<cairo_surface_t, SurfaceDeleter>;

std::uint32_t pixelAt(cairo_surface_t* surface, int px, int py) {
  const unsigned char* row = cairo_image_surface_get_data(surface) + py * cairo_image_surface_get_stride(surface);
  std::uint32_t v;
  std::memcpy(&v, row + 4 * px, 4);
  return v & 0xFFFFFFu;
}

void appendChunk(std::string& out, const char* type, const unsigned char* data, std::size_t length) {
  const unsigned char len[4] = {static_cast<unsigned char>(length >> 24), static_cast<unsigned char>(length >> 16),
                                static_cast<unsigned char>(length >> 8), static_cast<unsigned char>(length)};
  out.append(reinterpret_cast<const char*>(len), 4);
  out.append(type, 4);
  out.append(reinterpret_cast<const char*>(data), length);
  uLong crc = crc32(0, reinterpret_cast<const Bytef*>(type), 4);
  if (length > 0) crc = crc32(crc, data, static_cast<uInt>(length));  // crc32 with a null buffer restarts at 0
  const unsigned char c[4] = {static_cast<unsigned char>(crc >> 24), static_cast<unsigned char>(crc >> 16),
                              static_cast<unsigned char>(crc >> 8), static_cast<unsigned char>(crc)};
  out.append(reinterpret_cast<const char*>(c), 4);
}

}  // namespace

// What a renderer keeps per board size: the board and the four stones (two colours, with and without the
// last-move mark) as palette indices, and the palette.
struct BoardRenderer::Cache {
  struct Sprite {
    int dim = 0;
    std::vector<std::uint8_t> index;   // dim * dim
    std::vector<std::uint8_t> opaque;  // 1 where the stone covers the pixel
  };
  int size = 0;
  double cell = 0;
  std::vector<double> coord;  // pixel centre of line i
  std::vector<std::uint8_t> board;
  Sprite stone[2][2];                  // [white][marked]
  std::vector<unsigned char> palette;  // RGB triplets
};

BoardRenderer::BoardRenderer(const BoardImageOptions& options) : m_options(options) {
  // Below this the labels cannot be drawn legibly; a caller asking for less still gets a valid picture.
  m_options.pixels = std::clamp(options.pixels, 64, 8192);
}

BoardRenderer::~BoardRenderer() = default;

std::string BoardRenderer::png(const Game& game) {
  const int px = m_options.pixels;
  if (!m_cache || m_cache->size != game.size()) {
    auto cache = std::make_unique<Cache>();
    cache->size = game.size();
    Surface boardSurface(cairo_image_surface_create(CAIRO_FORMAT_RGB24, px, px));
    if (cairo_surface_status(boardSurface.get()) != CAIRO_STATUS_SUCCESS) return {};
    {
      std::unique_ptr<cairo_t, ContextDeleter> cr(cairo_create(boardSurface.get()));
      Painter painter(cr.get(), game, m_options);
      painter.paintBoard();
      cache->cell = painter.cell();
      for (int i = 0; i < game.size(); ++i) cache->coord.push_back(painter.x(i));
    }
    cairo_surface_flush(boardSurface.get());

    // Each stone drawn once over plain wood, centred in a square of its own, with a mask of what it covers.
    const int dim = static_cast<int>(std::ceil(cache->cell)) + 3;
    Surface sprites[2][2];
    Surface masks[2][2];
    for (int w = 0; w < 2; ++w) {
      for (int marked = 0; marked < 2; ++marked) {
        sprites[w][marked].reset(cairo_image_surface_create(CAIRO_FORMAT_RGB24, dim, dim));
        masks[w][marked].reset(cairo_image_surface_create(CAIRO_FORMAT_A8, dim, dim));
        std::unique_ptr<cairo_t, ContextDeleter> cr(cairo_create(sprites[w][marked].get()));
        cairo_set_source_rgb(cr.get(), kWood[0], kWood[1], kWood[2]);
        cairo_paint(cr.get());
        drawStone(cr.get(), w ? Color::White : Color::Black, dim / 2.0, dim / 2.0, cache->cell, marked != 0);
        std::unique_ptr<cairo_t, ContextDeleter> mr(cairo_create(masks[w][marked].get()));
        cairo_arc(mr.get(), dim / 2.0, dim / 2.0, cache->cell * 0.48 + std::max(1.0, cache->cell / 40) / 2, 0,
                  2 * M_PI);
        cairo_fill(mr.get());
        cairo_surface_flush(sprites[w][marked].get());
        cairo_surface_flush(masks[w][marked].get());
      }
    }

    // The palette: the 256 most frequent colours of those drawings, in a fixed order (count, then value); any
    // other colour (rare anti-aliasing shades) maps to the nearest of them.
    std::unordered_map<std::uint32_t, std::uint32_t> counts;
    for (int yy = 0; yy < px; ++yy) {
      for (int xx = 0; xx < px; ++xx) ++counts[pixelAt(boardSurface.get(), xx, yy)];
    }
    for (auto& perColour : sprites) {
      for (auto& sprite : perColour) {
        for (int yy = 0; yy < dim; ++yy) {
          for (int xx = 0; xx < dim; ++xx) ++counts[pixelAt(sprite.get(), xx, yy)];
        }
      }
    }
    std::vector<std::pair<std::uint32_t, std::uint32_t>> byCount(counts.begin(), counts.end());
    std::sort(byCount.begin(), byCount.end(), [](const auto& a, const auto& b) {
      return a.second != b.second ? a.second > b.second : a.first < b.first;
    });
    const std::size_t paletteSize = std::min<std::size_t>(256, byCount.size());
    std::unordered_map<std::uint32_t, std::uint8_t> indexOf;
    for (std::size_t i = 0; i < paletteSize; ++i) {
      const std::uint32_t v = byCount[i].first;
      cache->palette.push_back(static_cast<unsigned char>(v >> 16));
      cache->palette.push_back(static_cast<unsigned char>(v >> 8));
      cache->palette.push_back(static_cast<unsigned char>(v));
      indexOf.emplace(v, static_cast<std::uint8_t>(i));
    }
    auto nearest = [&](std::uint32_t v) {
      const auto found = indexOf.find(v);
      if (found != indexOf.end()) return found->second;
      int best = 0;
      long bestDistance = -1;
      for (std::size_t i = 0; i < paletteSize; ++i) {
        const long dr = static_cast<long>((v >> 16) & 0xFF) - cache->palette[3 * i];
        const long dg = static_cast<long>((v >> 8) & 0xFF) - cache->palette[3 * i + 1];
        const long db = static_cast<long>(v & 0xFF) - cache->palette[3 * i + 2];
        const long distance = dr * dr + dg * dg + db * db;
        if (bestDistance < 0 || distance < bestDistance) {
          bestDistance = distance;
          best = static_cast<int>(i);
        }
      }
      indexOf.emplace(v, static_cast<std::uint8_t>(best));
      return static_cast<std::uint8_t>(best);
    };
    cache->board.resize(static_cast<std::size_t>(px) * px);
    for (int yy = 0; yy < px; ++yy) {
      for (int xx = 0; xx < px; ++xx) {
        cache->board[static_cast<std::size_t>(yy) * px + xx] = nearest(pixelAt(boardSurface.get(), xx, yy));
      }
    }
    for (int w = 0; w < 2; ++w) {
      for (int marked = 0; marked < 2; ++marked) {
        Cache::Sprite& sprite = cache->stone[w][marked];
        sprite.dim = dim;
        const unsigned char* mask = cairo_image_surface_get_data(masks[w][marked].get());
        const int maskStride = cairo_image_surface_get_stride(masks[w][marked].get());
        for (int yy = 0; yy < dim; ++yy) {
          for (int xx = 0; xx < dim; ++xx) {
            sprite.index.push_back(nearest(pixelAt(sprites[w][marked].get(), xx, yy)));
            sprite.opaque.push_back(mask[yy * maskStride + xx] > 0 ? 1 : 0);
          }
        }
      }
    }
    m_cache = std::move(cache);
  }

  // Compose: the board, then every stone's pixels where the stone covers them.
  const Cache& cache = *m_cache;
  std::vector<std::uint8_t> pixels = cache.board;
  Point last{-1, -1};
  if (m_options.markLastMove && !game.moves().empty() && game.moves().back().kind == MoveKind::Play) {
    last = game.moves().back().point;
  }
  const Board& board = game.board();
  for (int row = 0; row < cache.size; ++row) {
    for (int col = 0; col < cache.size; ++col) {
      const Color c = board.at(Point{row, col});
      if (c != Color::Black && c != Color::White) continue;
      const Cache::Sprite& sprite = cache.stone[c == Color::White][Point{row, col} == last];
      const int left = static_cast<int>(std::lround(cache.coord[col] - sprite.dim / 2.0));
      const int top = static_cast<int>(std::lround(cache.coord[row] - sprite.dim / 2.0));
      for (int yy = 0; yy < sprite.dim; ++yy) {
        const int py = top + yy;
        if (py < 0 || py >= px) continue;
        for (int xx = 0; xx < sprite.dim; ++xx) {
          const int pxx = left + xx;
          const std::size_t s = static_cast<std::size_t>(yy) * sprite.dim + xx;
          if (pxx < 0 || pxx >= px || !sprite.opaque[s]) continue;
          pixels[static_cast<std::size_t>(py) * px + pxx] = sprite.index[s];
        }
      }
    }
  }

  // An 8-bit palette PNG: each row is filter type 0 and its indices; deflate at level 1, which suits the long
  // runs of one colour here and costs a fraction of the default level.
  std::vector<unsigned char> raw(static_cast<std::size_t>(px) * (px + 1));
  for (int yy = 0; yy < px; ++yy) {
    raw[static_cast<std::size_t>(yy) * (px + 1)] = 0;
    std::memcpy(&raw[static_cast<std::size_t>(yy) * (px + 1) + 1], &pixels[static_cast<std::size_t>(yy) * px],
                static_cast<std::size_t>(px));
  }
  uLongf compressedSize = compressBound(static_cast<uLong>(raw.size()));
  std::vector<unsigned char> compressed(compressedSize);
  if (compress2(compressed.data(), &compressedSize, raw.data(), static_cast<uLong>(raw.size()), 1) != Z_OK) return {};

  std::string out("\x89PNG\r\n\x1a\n", 8);
  const unsigned char ihdr[13] = {static_cast<unsigned char>(px >> 24),
                                  static_cast<unsigned char>(px >> 16),
                                  static_cast<unsigned char>(px >> 8),
                                  static_cast<unsigned char>(px),
                                  static_cast<unsigned char>(px >> 24),
                                  static_cast<unsigned char>(px >> 16),
                                  static_cast<unsigned char>(px >> 8),
                                  static_cast<unsigned char>(px),
                                  8,  // bit depth
                                  3,  // palette colour
                                  0,
                                  0,
                                  0};
  appendChunk(out, "IHDR", ihdr, sizeof ihdr);
  appendChunk(out, "PLTE", cache.palette.data(), cache.palette.size());
  appendChunk(out, "IDAT", compressed.data(), compressedSize);
  appendChunk(out, "IEND", nullptr, 0);
  return out;
}

std::string renderBoardPng(const Game& game, const BoardImageOptions& options) {
  return BoardRenderer(options).png(game);
}

}  // namespace tengen::ai
