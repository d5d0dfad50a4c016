// A PNG file's pixels as cairo reads them back, for tests that look at what a picture shows where. Link cairo.
#pragma once

#include <cairo.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>

namespace tengen::test_support {

class PngPixels {
 public:
  // Reads the PNG's bytes; ok() says whether cairo could.
  explicit PngPixels(const std::string& png) : m_bytes(png) {
    m_surface.reset(cairo_image_surface_create_from_png_stream(readChunk, this));
    if (ok()) cairo_surface_flush(m_surface.get());
  }

  bool ok() const { return cairo_surface_status(m_surface.get()) == CAIRO_STATUS_SUCCESS; }
  int width() const { return ok() ? cairo_image_surface_get_width(m_surface.get()) : -1; }
  int height() const { return ok() ? cairo_image_surface_get_height(m_surface.get()) : -1; }

  // Red, green and blue (0..255) of the pixel at (x, y); black outside the picture. Precondition: ok().
  std::array<int, 3> rgb(int x, int y) const {
    if (x < 0 || y < 0 || x >= width() || y >= height()) return {0, 0, 0};
    const unsigned char* row =
        cairo_image_surface_get_data(m_surface.get()) + y * cairo_image_surface_get_stride(m_surface.get());
    std::uint32_t v = 0;
    std::memcpy(&v, row + 4 * x, 4);
    return {static_cast<int>((v >> 16) & 0xFF), static_cast<int>((v >> 8) & 0xFF), static_cast<int>(v & 0xFF)};
  }

  // How many pixels of the square of `half` pixels either side of (cx, cy) `wanted` accepts.
  template <typename Wanted>
  int count(double cx, double cy, int half, Wanted wanted) const {
    int n = 0;
    for (int y = static_cast<int>(cy) - half; y <= static_cast<int>(cy) + half; ++y) {
      for (int x = static_cast<int>(cx) - half; x <= static_cast<int>(cx) + half; ++x) n += wanted(rgb(x, y)) ? 1 : 0;
    }
    return n;
  }

 private:
  struct SurfaceDeleter {
    void operator()(cairo_surface_t* s) const { cairo_surface_destroy(s); }
  };

  static cairo_status_t readChunk(void* closure, unsigned char* data, unsigned int length) {
    auto* self = static_cast<PngPixels*>(closure);
    if (self->m_bytes.size() - self->m_at < length) return CAIRO_STATUS_READ_ERROR;
    std::memcpy(data, self->m_bytes.data() + self->m_at, length);
    self->m_at += length;
    return CAIRO_STATUS_SUCCESS;
  }

  std::string m_bytes;
  std::size_t m_at = 0;
  std::unique_ptr<cairo_surface_t, SurfaceDeleter> m_surface;
};

}  // namespace tengen::test_support
