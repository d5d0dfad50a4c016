// The bar charts of tengen eval's report (docs/model-loop.md, "The report"), drawn with cairo and written as PNG.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tengen::workbench {

// One set of bars, a bar per category, in one colour and named in the legend.
struct ChartSeries {
  std::string name;
  std::array<double, 3> colour{};             // RGB, 0..1
  std::vector<std::optional<double>> values;  // one per category; nothing draws no bar (a bin without data)
  // Empty, or one (low, high) per category, drawn as a whisker over the bar (a 95% interval).
  std::vector<std::pair<double, double>> intervals;
};

// Grouped vertical bars: each category holds one bar of every series, side by side.
struct BarChart {
  std::string title;
  std::string xLabel;
  std::string yLabel;
  std::vector<std::string> categories{};  // the label under each group
  std::vector<std::string> notes{};       // empty, or a second, smaller line under each label ("n=12")
  std::vector<ChartSeries> series{};
  bool percent = false;      // values are rates in 0..1, shown on a 0..100% axis; else counts from 0
  bool valueLabels = false;  // write each bar's value above it
  int width = 800;
  int height = 400;
};

// The smallest of 1, 2 and 5 times a power of ten that is at least `value` (0.2, 5, 20, 500, ...); 1 for a value
// that is not positive. Axis steps and bin widths are made from it.
double niceCeiling(double value);

// The chart as PNG bytes; empty when cairo fails. The same chart always gives the same bytes on one machine.
std::string drawBarChart(const BarChart& chart);

}  // namespace tengen::workbench
