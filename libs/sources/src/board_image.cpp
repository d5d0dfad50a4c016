#include "tengen/sources/board_image.h"

#include <cairo.h>
#include <zlib.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "tengen/core/board.h"
#include "tengen/core/coords.h"

namespace tengen::sources {

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

// The picture's width and height: below 64 pixels the labels cannot be drawn legibly; a caller asking for less still
// gets a valid picture.
int clampedPixels(int pixels) { return std::clamp(pixels, 64, 8192); }

// Where the lines fall: the distance between two lines and the pixel of the first, in a picture of `pixels`.
struct Grid {
  double cell = 0;
  double origin = 0;
};

Grid gridOf(int size, int pixels, bool rowColLabels) {
  const double px = pixels;
  // Grid spans size-1 cells; each side keeps room for half a stone and one ring of labels (two with indices).
  const double marginCells = rowColLabels ? 2.4 : 1.6;
  const double cell = px / (size - 1 + 2 * marginCells);
  return {cell, (px - cell * (size - 1)) / 2};
}

class Painter {
 public:
  Painter(cairo_t* cr, const Game& game, const BoardImageOptions& options)
      : m_cr(cr), m_game(game), m_options(options), m_size(game.size()) {
    const Grid grid = gridOf(m_size, options.pixels, options.rowColLabels);
    m_cell = grid.cell;
    m_origin = grid.origin;
    // Large enough to read at 640 px on 19x19 (about 16 px), never huge on tiny boards.
    m_font = std::min(m_cell * 0.5, options.pixels / 28.0);
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

// A mark of BoardMark's over the point at (cx, cy): first a light edge a little wider than the mark, then the mark
// in its colour.
void drawMark(cairo_t* cr, const BoardMark& mark, double cx, double cy, double cell) {
  const double width = std::max(2.0, cell * 0.11);
  const double edge = std::max(1.0, cell * 0.03);
  cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
  for (const bool inner : {false, true}) {
    if (mark.shape == BoardMark::Shape::Cross) {
      const double half = cell * 0.3;
      cairo_move_to(cr, cx - half, cy - half);
      cairo_line_to(cr, cx + half, cy + half);
      cairo_move_to(cr, cx + half, cy - half);
      cairo_line_to(cr, cx - half, cy + half);
    } else {
      cairo_new_sub_path(cr);
      cairo_arc(cr, cx, cy, cell * 0.36, 0, 2 * M_PI);
    }
    if (inner) {
      cairo_set_source_rgb(cr, mark.rgb[0], mark.rgb[1], mark.rgb[2]);
      cairo_set_line_width(cr, width);
    } else {
      cairo_set_source_rgb(cr, 0.98, 0.96, 0.90);
      cairo_set_line_width(cr, width + 2 * edge);
    }
    cairo_stroke(cr);
  }
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

// The board without stones, and where its lines fall.
struct BoardDrawing {
  Surface surface;
  double cell = 0;
  std::vector<double> coord;  // pixel centre of line i
};

// Draws the board of the game's size with Painter; nothing when cairo cannot make the surface.
std::optional<BoardDrawing> drawBoard(const Game& game, const BoardImageOptions& options) {
  BoardDrawing drawing;
  drawing.surface.reset(cairo_image_surface_create(CAIRO_FORMAT_RGB24, options.pixels, options.pixels));
  if (cairo_surface_status(drawing.surface.get()) != CAIRO_STATUS_SUCCESS) return std::nullopt;
  {
    std::unique_ptr<cairo_t, ContextDeleter> cr(cairo_create(drawing.surface.get()));
    Painter painter(cr.get(), game, options);
    painter.paintBoard();
    drawing.cell = painter.cell();
    for (int i = 0; i < game.size(); ++i) drawing.coord.push_back(painter.x(i));
  }
  cairo_surface_flush(drawing.surface.get());
  return drawing;
}

// The four stones, indexed [white][marked], each in a square of `dim` pixels.
struct StoneDrawings {
  int dim = 0;
  Surface sprite[2][2];
  Surface mask[2][2];
};

// Draws each stone once over plain wood, centred in a square of its own, with a mask of what it covers.
StoneDrawings drawStones(double cell) {
  StoneDrawings stones;
  const int dim = static_cast<int>(std::ceil(cell)) + 3;
  stones.dim = dim;
  for (int w = 0; w < 2; ++w) {
    for (int marked = 0; marked < 2; ++marked) {
      Surface& sprite = stones.sprite[w][marked];
      Surface& mask = stones.mask[w][marked];
      sprite.reset(cairo_image_surface_create(CAIRO_FORMAT_RGB24, dim, dim));
      mask.reset(cairo_image_surface_create(CAIRO_FORMAT_A8, dim, dim));
      std::unique_ptr<cairo_t, ContextDeleter> cr(cairo_create(sprite.get()));
      cairo_set_source_rgb(cr.get(), kWood[0], kWood[1], kWood[2]);
      cairo_paint(cr.get());
      drawStone(cr.get(), w ? Color::White : Color::Black, dim / 2.0, dim / 2.0, cell, marked != 0);
      std::unique_ptr<cairo_t, ContextDeleter> mr(cairo_create(mask.get()));
      cairo_arc(mr.get(), dim / 2.0, dim / 2.0, cell * 0.48 + std::max(1.0, cell / 40) / 2, 0, 2 * M_PI);
      cairo_fill(mr.get());
      cairo_surface_flush(sprite.get());
      cairo_surface_flush(mask.get());
    }
  }
  return stones;
}

// 1 for each pixel, row by row, that an A8 mask covers; 0 for the rest.
std::vector<std::uint8_t> coverage(cairo_surface_t* mask) {
  const int dim = cairo_image_surface_get_width(mask);
  const unsigned char* data = cairo_image_surface_get_data(mask);
  const int stride = cairo_image_surface_get_stride(mask);
  std::vector<std::uint8_t> opaque;
  for (int yy = 0; yy < dim; ++yy) {
    for (int xx = 0; xx < dim; ++xx) opaque.push_back(data[yy * stride + xx] > 0 ? 1 : 0);
  }
  return opaque;
}

// The palette: the 256 most frequent colours of the drawings, in a fixed order (count, then value); any other
// colour (rare anti-aliasing shades) maps to the nearest of them.
class Palette {
 public:
  explicit Palette(const std::vector<cairo_surface_t*>& drawings) {
    std::unordered_map<std::uint32_t, std::uint32_t> counts;
    for (cairo_surface_t* drawing : drawings) {
      const int width = cairo_image_surface_get_width(drawing);
      const int height = cairo_image_surface_get_height(drawing);
      for (int yy = 0; yy < height; ++yy) {
        for (int xx = 0; xx < width; ++xx) ++counts[pixelAt(drawing, xx, yy)];
      }
    }
    std::vector<std::pair<std::uint32_t, std::uint32_t>> byCount(counts.begin(), counts.end());
    std::sort(byCount.begin(), byCount.end(), [](const auto& a, const auto& b) {
      return a.second != b.second ? a.second > b.second : a.first < b.first;
    });
    const std::size_t paletteSize = std::min<std::size_t>(256, byCount.size());
    for (std::size_t i = 0; i < paletteSize; ++i) {
      const std::uint32_t v = byCount[i].first;
      m_rgb.push_back(static_cast<unsigned char>(v >> 16));
      m_rgb.push_back(static_cast<unsigned char>(v >> 8));
      m_rgb.push_back(static_cast<unsigned char>(v));
      m_indexOf.emplace(v, static_cast<std::uint8_t>(i));
    }
  }

  // RGB triplets, as PNG's PLTE chunk holds them.
  const std::vector<unsigned char>& rgb() const { return m_rgb; }

  // The palette index of each pixel of a drawing, row by row.
  std::vector<std::uint8_t> indices(cairo_surface_t* drawing) {
    const int width = cairo_image_surface_get_width(drawing);
    const int height = cairo_image_surface_get_height(drawing);
    std::vector<std::uint8_t> out(static_cast<std::size_t>(width) * height);
    for (int yy = 0; yy < height; ++yy) {
      for (int xx = 0; xx < width; ++xx)
        out[static_cast<std::size_t>(yy) * width + xx] = nearest(pixelAt(drawing, xx, yy));
    }
    return out;
  }

 private:
  // The colour's own index, or that of the nearest colour in RGB space (remembered for the next time).
  std::uint8_t nearest(std::uint32_t v) {
    const auto found = m_indexOf.find(v);
    if (found != m_indexOf.end()) return found->second;
    int best = 0;
    long bestDistance = -1;
    for (std::size_t i = 0; i < m_rgb.size() / 3; ++i) {
      const long dr = static_cast<long>((v >> 16) & 0xFF) - m_rgb[3 * i];
      const long dg = static_cast<long>((v >> 8) & 0xFF) - m_rgb[3 * i + 1];
      const long db = static_cast<long>(v & 0xFF) - m_rgb[3 * i + 2];
      const long distance = dr * dr + dg * dg + db * db;
      if (bestDistance < 0 || distance < bestDistance) {
        bestDistance = distance;
        best = static_cast<int>(i);
      }
    }
    m_indexOf.emplace(v, static_cast<std::uint8_t>(best));
    return static_cast<std::uint8_t>(best);
  }

  std::vector<unsigned char> m_rgb;
  std::unordered_map<std::uint32_t, std::uint8_t> m_indexOf;
};

// The point the last move was played on when the options mark it; (-1, -1), on no stone, otherwise.
Point markedPoint(const Game& game, const BoardImageOptions& options) {
  if (options.markLastMove && !game.moves().empty() && game.moves().back().kind == MoveKind::Play) {
    return game.moves().back().point;
  }
  return Point{-1, -1};
}

// An 8-bit palette PNG of px * px pixels around `idat`, the zlib stream of its filtered rows.
std::string pngFile(int px, const std::vector<unsigned char>& palette, const std::string& idat) {
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
  appendChunk(out, "PLTE", palette.data(), palette.size());
  appendChunk(out, "IDAT", reinterpret_cast<const unsigned char*>(idat.data()), idat.size());
  appendChunk(out, "IEND", nullptr, 0);
  return out;
}

// The picture is compressed in bands of this many pixel rows, each on its own, so that a band a move did not
// change is not compressed again (docs/benchmarks.md, "The board picture").
constexpr int kBandRows = 32;
// Bands kept at the most per renderer (about a kilobyte each); past it the store starts afresh.
constexpr std::size_t kMaxBands = 8192;

}  // namespace

// What a renderer keeps per board size: the board and the four stones (two colours, with and without the
// last-move mark) as palette indices, and the palette.
struct BoardRenderer::Cache {
  struct Sprite {
    int dim = 0;
    std::vector<std::uint8_t> index;   // dim * dim
    std::vector<std::uint8_t> opaque;  // 1 where the stone covers the pixel

    // Writes the stone's pixels, centred on (cx, cy) of a px * px picture, into the rows [y0, y1) of it that `rows`
    // holds: row y starts at rows + (y - y0) * stride.
    void paste(std::uint8_t* rows, std::size_t stride, int px, int y0, int y1, double cx, double cy) const {
      const int left = static_cast<int>(std::lround(cx - dim / 2.0));
      const int top = static_cast<int>(std::lround(cy - dim / 2.0));
      for (int yy = std::max(0, y0 - top); yy < dim && top + yy < y1; ++yy) {
        std::uint8_t* row = rows + static_cast<std::size_t>(top + yy - y0) * stride;
        for (int xx = 0; xx < dim; ++xx) {
          const int pxx = left + xx;
          const std::size_t s = static_cast<std::size_t>(yy) * dim + xx;
          if (pxx < 0 || pxx >= px || !opaque[s]) continue;
          row[pxx] = index[s];
        }
      }
    }

    // The first pixel row the stone centred at cy covers.
    int top(double cy) const { return static_cast<int>(std::lround(cy - dim / 2.0)); }
  };

  // A band of the picture compressed on its own: a raw deflate stream from a fresh start, ended by a full flush so
  // that it ends on a byte and refers to nothing before it, with the Adler-32 of its filtered rows.
  struct Band {
    std::string deflated;
    uLong adler = 0;
  };

  struct DeflateStream {
    z_stream zs{};
    bool ready = false;
    DeflateStream() {
      // Level 1 suits the long runs of one colour here and costs a fraction of the default level; raw deflate (no
      // zlib header) since the bands are joined under one header.
      ready = deflateInit2(&zs, 1, Z_DEFLATED, -15, 9, Z_DEFAULT_STRATEGY) == Z_OK;
    }
    ~DeflateStream() {
      if (ready) deflateEnd(&zs);
    }
    DeflateStream(const DeflateStream&) = delete;
    DeflateStream& operator=(const DeflateStream&) = delete;
  };

  // Draws the board and the stones for the game's size with cairo and keeps them as palette indices; nothing when
  // cairo failed.
  static std::unique_ptr<Cache> draw(const Game& game, const BoardImageOptions& options) {
    std::optional<BoardDrawing> board = drawBoard(game, options);
    if (!board) return nullptr;
    const StoneDrawings stones = drawStones(board->cell);
    std::vector<cairo_surface_t*> drawings{board->surface.get()};
    for (const auto& perColour : stones.sprite) {
      for (const Surface& sprite : perColour) drawings.push_back(sprite.get());
    }
    Palette palette(drawings);

    auto cache = std::make_unique<Cache>();
    cache->size = game.size();
    cache->cell = board->cell;
    cache->coord = std::move(board->coord);
    cache->palette = palette.rgb();
    cache->board = palette.indices(board->surface.get());
    for (int w = 0; w < 2; ++w) {
      for (int marked = 0; marked < 2; ++marked) {
        Sprite& sprite = cache->stone[w][marked];
        sprite.dim = stones.dim;
        sprite.index = palette.indices(stones.sprite[w][marked].get());
        sprite.opaque = coverage(stones.mask[w][marked].get());
      }
    }
    return cache;
  }

  // The PNG of the game's position: the board, then every stone's pixels where the stone covers them; each band of
  // rows is compressed only when the stones that touch it have not been seen there before.
  std::string png(const Game& game, const BoardImageOptions& options) {
    if (!deflater.ready) return {};
    const int px = options.pixels;
    const int bandCount = (px + kBandRows - 1) / kBandRows;
    // What each band shows besides the board: the stones whose pixels reach into it, in reading order.
    struct Touch {
      int row, col, white, marked;
    };
    // A band's key: its index, then three bytes (row, column, colour and mark) per stone that touches it.
    std::vector<std::string> keys(static_cast<std::size_t>(bandCount));
    for (int b = 0; b < bandCount; ++b) {
      const char index[2] = {static_cast<char>(b >> 8), static_cast<char>(b)};
      keys[static_cast<std::size_t>(b)].assign(index, 2);
    }
    std::vector<std::vector<Touch>> touching(static_cast<std::size_t>(bandCount));
    const Point last = markedPoint(game, options);
    const Board& position = game.board();
    const int dim = stone[0][0].dim;
    for (int row = 0; row < size; ++row) {
      const int top = stone[0][0].top(coord[row]);
      const int first = std::max(0, top / kBandRows);
      const int lastBand = std::min(bandCount - 1, (top + dim - 1) / kBandRows);
      for (int col = 0; col < size; ++col) {
        const Color c = position.at(Point{row, col});
        if (c != Color::Black && c != Color::White) continue;
        const Touch t{row, col, c == Color::White ? 1 : 0, Point{row, col} == last ? 1 : 0};
        for (int b = first; b <= lastBand; ++b) {
          const char touch[3] = {static_cast<char>(row), static_cast<char>(col),
                                 static_cast<char>(t.white * 2 + t.marked)};
          keys[static_cast<std::size_t>(b)].append(touch, 3);
          touching[static_cast<std::size_t>(b)].push_back(t);
        }
      }
    }
    if (bands.size() > kMaxBands) bands.clear();
    std::string idat("\x78\x01", 2);  // zlib's header: deflate, 32 KiB window, fastest level
    uLong adler = adler32(0, nullptr, 0);
    for (int b = 0; b < bandCount; ++b) {
      const int y0 = b * kBandRows;
      const int y1 = std::min(px, y0 + kBandRows);
      const std::size_t rawLength = static_cast<std::size_t>(y1 - y0) * (px + 1);
      // A band refers back into the one above it, so it is the same only when both are.
      std::string key = keys[static_cast<std::size_t>(b)];
      if (b > 0) key += keys[static_cast<std::size_t>(b - 1)];
      auto found = bands.find(key);
      if (found == bands.end()) {
        if (b > 0) {
          compose(dictionary, px, y0 - kBandRows, y0, touching[static_cast<std::size_t>(b - 1)]);
        } else {
          dictionary.clear();
        }
        compose(raw, px, y0, y1, touching[static_cast<std::size_t>(b)]);
        std::optional<Band> band = compressBand();
        if (!band) return {};
        found = bands.emplace(std::move(key), std::move(*band)).first;
      }
      idat += found->second.deflated;
      adler = adler32_combine(adler, found->second.adler, static_cast<z_off_t>(rawLength));
    }
    // A last, empty stored block ends the deflate stream; then the Adler-32 of all the rows, big-endian.
    idat.append("\x01\x00\x00\xff\xff", 5);
    for (int shift = 24; shift >= 0; shift -= 8) idat += static_cast<char>((adler >> shift) & 0xFF);
    return pngFile(px, palette, idat);
  }

  int size = 0;
  double cell = 0;
  std::vector<double> coord;  // pixel centre of line i
  std::vector<std::uint8_t> board;
  Sprite stone[2][2];                  // [white][marked]
  std::vector<unsigned char> palette;  // RGB triplets
  std::unordered_map<std::string, Band> bands;
  DeflateStream deflater;
  std::vector<std::uint8_t> raw;         // one band's filtered rows, reused
  std::vector<std::uint8_t> dictionary;  // the filtered rows of the band above it
  std::vector<unsigned char> deflated;   // one band compressed, reused

 private:
  // The filtered rows [y0, y1) of the picture into `out`: the board's rows, each after its filter type 0 (none), with
  // the pixels of the stones that touch them.
  template <typename Touches>
  void compose(std::vector<std::uint8_t>& out, int px, int y0, int y1, const Touches& touches) const {
    const std::size_t stride = static_cast<std::size_t>(px) + 1;
    out.assign(static_cast<std::size_t>(y1 - y0) * stride, 0);
    for (int y = y0; y < y1; ++y) {
      std::memcpy(&out[static_cast<std::size_t>(y - y0) * stride + 1], &board[static_cast<std::size_t>(y) * px],
                  static_cast<std::size_t>(px));
    }
    for (const auto& t : touches)
      stone[t.white][t.marked].paste(&out[1], stride, px, y0, y1, coord[t.col], coord[t.row]);
  }

  // `raw` compressed as the continuation of a stream whose last bytes were `dictionary` (the band above): the rows of
  // a board repeat, and finding them there keeps the picture as small as when it was compressed whole.
  std::optional<Band> compressBand() {
    Band band;
    band.adler = adler32(adler32(0, nullptr, 0), raw.data(), static_cast<uInt>(raw.size()));
    z_stream& zs = deflater.zs;
    // The flush adds a few bytes beyond deflateBound's figure.
    deflated.resize(deflateBound(&zs, static_cast<uLong>(raw.size())) + 16);
    if (deflateReset(&zs) != Z_OK) return std::nullopt;
    if (!dictionary.empty() &&
        deflateSetDictionary(&zs, dictionary.data(), static_cast<uInt>(dictionary.size())) != Z_OK) {
      return std::nullopt;
    }
    zs.next_in = raw.data();
    zs.avail_in = static_cast<uInt>(raw.size());
    zs.next_out = deflated.data();
    zs.avail_out = static_cast<uInt>(deflated.size());
    if (deflate(&zs, Z_FULL_FLUSH) != Z_OK || zs.avail_in != 0 || zs.avail_out == 0) return std::nullopt;
    band.deflated.assign(reinterpret_cast<const char*>(deflated.data()), deflated.size() - zs.avail_out);
    return band;
  }
};

BoardRenderer::BoardRenderer(const BoardImageOptions& options) : m_options(options) {
  m_options.pixels = clampedPixels(options.pixels);
}

BoardRenderer::~BoardRenderer() = default;

std::string BoardRenderer::png(const Game& game) {
  if (!m_cache || m_cache->size != game.size()) {
    std::unique_ptr<Cache> cache = Cache::draw(game, m_options);
    if (!cache) return {};
    m_cache = std::move(cache);
  }
  return m_cache->png(game, m_options);
}

std::string renderBoardPng(const Game& game, const BoardImageOptions& options) {
  return BoardRenderer(options).png(game);
}

PixelPoint pointCentre(Point point, int size, const BoardImageOptions& options) {
  const Grid grid = gridOf(size, clampedPixels(options.pixels), options.rowColLabels);
  return {grid.origin + point.col * grid.cell, grid.origin + point.row * grid.cell};
}

std::string renderMarkedBoardPng(const Game& game, const std::vector<BoardMark>& marks,
                                 const BoardImageOptions& options) {
  BoardImageOptions clamped = options;
  clamped.pixels = clampedPixels(options.pixels);
  std::optional<BoardDrawing> drawing = drawBoard(game, clamped);
  if (!drawing) return {};
  cairo_surface_t* surface = drawing->surface.get();
  {
    std::unique_ptr<cairo_t, ContextDeleter> cr(cairo_create(surface));
    const Board& board = game.board();
    const Point last = markedPoint(game, clamped);
    for (int row = 0; row < game.size(); ++row) {
      for (int col = 0; col < game.size(); ++col) {
        const Color c = board.at(Point{row, col});
        if (c != Color::Black && c != Color::White) continue;
        drawStone(cr.get(), c, drawing->coord[col], drawing->coord[row], drawing->cell, Point{row, col} == last);
      }
    }
    for (const BoardMark& mark : marks) {
      if (!board.contains(mark.point)) continue;
      drawMark(cr.get(), mark, drawing->coord[mark.point.col], drawing->coord[mark.point.row], drawing->cell);
    }
    if (cairo_status(cr.get()) != CAIRO_STATUS_SUCCESS) return {};
  }
  cairo_surface_flush(surface);
  // The palette of this picture alone, so that the marks' colours are in it.
  Palette palette({surface});
  const std::vector<std::uint8_t> indices = palette.indices(surface);
  const auto px = static_cast<std::size_t>(clamped.pixels);
  std::vector<unsigned char> rows;
  rows.reserve(px * (px + 1));
  for (std::size_t y = 0; y < px; ++y) {
    rows.push_back(0);  // filter type 0: none
    rows.insert(rows.end(), indices.begin() + static_cast<std::ptrdiff_t>(y * px),
                indices.begin() + static_cast<std::ptrdiff_t>((y + 1) * px));
  }
  uLongf length = compressBound(static_cast<uLong>(rows.size()));
  std::string idat(length, '\0');
  if (compress2(reinterpret_cast<Bytef*>(idat.data()), &length, rows.data(), static_cast<uLong>(rows.size()),
                Z_BEST_COMPRESSION) != Z_OK) {
    return {};
  }
  idat.resize(length);
  return pngFile(clamped.pixels, palette.rgb(), idat);
}

}  // namespace tengen::sources
