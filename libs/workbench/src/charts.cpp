#include "charts.h"

#include <cairo.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>

namespace tengen::workbench {

namespace {

constexpr const char* kFont = "DejaVu Sans";
constexpr std::array<double, 3> kInk = {0.15, 0.15, 0.15};
constexpr std::array<double, 3> kQuiet = {0.45, 0.45, 0.45};
constexpr std::array<double, 3> kGridLine = {0.88, 0.88, 0.88};

struct SurfaceDeleter {
  void operator()(cairo_surface_t* s) const { cairo_surface_destroy(s); }
};
struct ContextDeleter {
  void operator()(cairo_t* c) const { cairo_destroy(c); }
};

enum class Align { Left, Centre, Right };

void setColour(cairo_t* cr, const std::array<double, 3>& rgb) { cairo_set_source_rgb(cr, rgb[0], rgb[1], rgb[2]); }

void setFont(cairo_t* cr, double size, bool bold) {
  cairo_select_font_face(cr, kFont, CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size(cr, size);
}

double textWidth(cairo_t* cr, const std::string& text) {
  cairo_text_extents_t ext;
  cairo_text_extents(cr, text.c_str(), &ext);
  return ext.x_advance;
}

// Text on the baseline y, starting, centred or ending at x.
void showText(cairo_t* cr, const std::string& text, double x, double y, Align align) {
  const double width = textWidth(cr, text);
  const double start = align == Align::Left ? x : align == Align::Centre ? x - width / 2 : x - width;
  cairo_move_to(cr, start, y);
  cairo_show_text(cr, text.c_str());
  cairo_new_path(cr);  // text leaves a current point behind
}

std::string numberText(double value, bool percent) {
  char text[32];
  if (percent) {
    std::snprintf(text, sizeof text, "%.0f%%", 100 * value);
  } else {
    std::snprintf(text, sizeof text, "%.0f", value);
  }
  return text;
}

// The top of the value axis and the distance between its ticks.
struct Axis {
  double top = 1;
  double step = 1;
};

Axis axisOf(const BarChart& chart) {
  if (chart.percent) return {1.0, 0.2};
  double most = 0;
  for (const ChartSeries& s : chart.series) {
    for (const std::optional<double>& v : s.values) most = std::max(most, v.value_or(0));
    for (const auto& [low, high] : s.intervals) most = std::max(most, high);
  }
  if (most <= 0) return {1, 1};
  // Counts: whole-number ticks, about five of them.
  const double step = std::max(1.0, niceCeiling(most / 5));
  return {step * std::ceil(most / step), step};
}

void writeLegend(cairo_t* cr, const BarChart& chart, double right, double baseline) {
  setFont(cr, 12, false);
  double x = right;
  // From the right edge leftwards, so that the last series stands rightmost.
  for (auto s = chart.series.rbegin(); s != chart.series.rend(); ++s) {
    if (s->name.empty()) continue;
    x -= textWidth(cr, s->name);
    setColour(cr, kInk);
    showText(cr, s->name, x, baseline, Align::Left);
    x -= 18;
    setColour(cr, s->colour);
    cairo_rectangle(cr, x, baseline - 11, 12, 12);
    cairo_fill(cr);
    x -= 16;
  }
}

cairo_status_t appendToString(void* closure, const unsigned char* data, unsigned int length) {
  static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

// Draws the chart onto a surface of chart.width x chart.height.
class ChartPainter {
 public:
  ChartPainter(cairo_t* cr, const BarChart& chart)
      : m_cr(cr),
        m_chart(chart),
        m_axis(axisOf(chart)),
        m_left(72),
        m_right(chart.width - 20),
        m_top(56),
        m_bottom(chart.height - (chart.notes.empty() ? 52.0 : 66.0)) {}

  void paint() {
    cairo_set_source_rgb(m_cr, 1, 1, 1);
    cairo_paint(m_cr);
    setFont(m_cr, 16, true);
    setColour(m_cr, kInk);
    showText(m_cr, m_chart.title, 16, 28, Align::Left);
    writeLegend(m_cr, m_chart, m_right, 28);
    valueAxis();
    if (m_chart.categories.empty()) {
      setFont(m_cr, 14, false);
      setColour(m_cr, kQuiet);
      showText(m_cr, "no data", (m_left + m_right) / 2, (m_top + m_bottom) / 2, Align::Centre);
    } else {
      bars();
      categoryLabels();
    }
    setFont(m_cr, 12, false);
    setColour(m_cr, kInk);
    showText(m_cr, m_chart.xLabel, (m_left + m_right) / 2, m_chart.height - 12, Align::Centre);
  }

 private:
  double yOf(double value) const { return m_bottom - std::clamp(value / m_axis.top, 0.0, 1.0) * (m_bottom - m_top); }

  void valueAxis() {
    setFont(m_cr, 11, false);
    cairo_set_line_width(m_cr, 1);
    // Ticks are counted, not summed, so that 0.2 steps end exactly at 100%.
    const int ticks = static_cast<int>(std::lround(m_axis.top / m_axis.step));
    for (int i = 0; i <= ticks; ++i) {
      const double value = i * m_axis.step;
      const double y = std::round(yOf(value)) + 0.5;
      setColour(m_cr, kGridLine);
      cairo_move_to(m_cr, m_left, y);
      cairo_line_to(m_cr, m_right, y);
      cairo_stroke(m_cr);
      setColour(m_cr, kInk);
      showText(m_cr, numberText(value, m_chart.percent), m_left - 8, y + 4, Align::Right);
    }
    setColour(m_cr, kInk);
    cairo_move_to(m_cr, m_left + 0.5, m_top);
    cairo_line_to(m_cr, m_left + 0.5, m_bottom);
    cairo_line_to(m_cr, m_right, m_bottom);
    cairo_stroke(m_cr);
    setFont(m_cr, 12, false);
    cairo_save(m_cr);
    cairo_translate(m_cr, 20, (m_top + m_bottom) / 2);
    cairo_rotate(m_cr, -M_PI / 2);
    showText(m_cr, m_chart.yLabel, 0, 0, Align::Centre);
    cairo_restore(m_cr);
  }

  double slot() const { return (m_right - m_left) / static_cast<double>(m_chart.categories.size()); }

  void bars() {
    const double group = slot() * 0.76;
    const double barWidth = group / static_cast<double>(std::max<std::size_t>(1, m_chart.series.size()));
    for (std::size_t c = 0; c < m_chart.categories.size(); ++c) {
      for (std::size_t s = 0; s < m_chart.series.size(); ++s) {
        const ChartSeries& series = m_chart.series[s];
        if (c >= series.values.size() || !series.values[c]) continue;
        const double x =
            m_left + static_cast<double>(c) * slot() + (slot() - group) / 2 + static_cast<double>(s) * barWidth;
        const double y = yOf(*series.values[c]);
        setColour(m_cr, series.colour);
        cairo_rectangle(m_cr, x + 1, y, barWidth - 2, m_bottom - y);
        cairo_fill(m_cr);
        double labelAbove = y;
        if (c < series.intervals.size()) labelAbove = whisker(x + barWidth / 2, barWidth, series.intervals[c]);
        if (m_chart.valueLabels) {
          setFont(m_cr, 10, false);
          setColour(m_cr, kInk);
          showText(m_cr, numberText(*series.values[c], m_chart.percent), x + barWidth / 2, labelAbove - 4,
                   Align::Centre);
        }
      }
    }
  }

  // An interval as a vertical line with caps; answers its top.
  double whisker(double x, double barWidth, const std::pair<double, double>& interval) {
    const double low = yOf(interval.first);
    const double high = yOf(interval.second);
    const double cap = std::max(2.0, barWidth * 0.2);
    setColour(m_cr, kInk);
    cairo_set_line_width(m_cr, 1);
    cairo_move_to(m_cr, x, low);
    cairo_line_to(m_cr, x, high);
    cairo_move_to(m_cr, x - cap, low);
    cairo_line_to(m_cr, x + cap, low);
    cairo_move_to(m_cr, x - cap, high);
    cairo_line_to(m_cr, x + cap, high);
    cairo_stroke(m_cr);
    return high;
  }

  void categoryLabels() {
    setFont(m_cr, 11, false);
    double widest = 0;
    for (const std::string& label : m_chart.categories) widest = std::max(widest, textWidth(m_cr, label));
    // Labels that would overlap are thinned to every k-th.
    const auto every = static_cast<std::size_t>(std::max(1.0, std::ceil((widest + 8) / slot())));
    for (std::size_t c = 0; c < m_chart.categories.size(); c += every) {
      const double x = m_left + (static_cast<double>(c) + 0.5) * slot();
      setFont(m_cr, 11, false);
      setColour(m_cr, kInk);
      showText(m_cr, m_chart.categories[c], x, m_bottom + 16, Align::Centre);
      if (c < m_chart.notes.size()) {
        setFont(m_cr, 10, false);
        setColour(m_cr, kQuiet);
        showText(m_cr, m_chart.notes[c], x, m_bottom + 30, Align::Centre);
      }
    }
  }

  cairo_t* m_cr;
  const BarChart& m_chart;
  Axis m_axis;
  double m_left;
  double m_right;
  double m_top;
  double m_bottom;
};

}  // namespace

double niceCeiling(double value) {
  if (!(value > 0)) return 1;
  const double magnitude = std::pow(10.0, std::floor(std::log10(value)));
  for (const double m : {1.0, 2.0, 5.0}) {
    if (m * magnitude >= value) return m * magnitude;
  }
  return 10 * magnitude;
}

std::string drawBarChart(const BarChart& chart) {
  const std::unique_ptr<cairo_surface_t, SurfaceDeleter> surface(
      cairo_image_surface_create(CAIRO_FORMAT_RGB24, chart.width, chart.height));
  if (cairo_surface_status(surface.get()) != CAIRO_STATUS_SUCCESS) return {};
  {
    const std::unique_ptr<cairo_t, ContextDeleter> cr(cairo_create(surface.get()));
    ChartPainter(cr.get(), chart).paint();
    if (cairo_status(cr.get()) != CAIRO_STATUS_SUCCESS) return {};
  }
  cairo_surface_flush(surface.get());
  std::string png;
  if (cairo_surface_write_to_png_stream(surface.get(), appendToString, &png) != CAIRO_STATUS_SUCCESS) return {};
  return png;
}

}  // namespace tengen::workbench
