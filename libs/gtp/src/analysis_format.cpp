#include "analysis_format.h"

#include <array>
#include <charconv>
#include <cmath>
#include <string_view>

#include "tengen/core/coords.h"

namespace tengen::gtp {

std::string decimal(double value, int decimals) {
  if (!std::isfinite(value)) value = 0;
  std::array<char, 64> buffer{};
  const auto [end, ec] =
      std::to_chars(buffer.data(), buffer.data() + buffer.size(), value, std::chars_format::fixed, decimals);
  std::string text(buffer.data(), ec == std::errc() ? end : buffer.data());
  if (text.starts_with('-') && text.find_first_not_of("-0.") == std::string::npos) text.erase(0, 1);
  return text;
}

namespace {

// A rate from 0 to 1 in Leela Zero's 1/10000.
std::string tenThousandths(double rate) { return std::to_string(std::lround(rate * 10000)); }

// Rates and ownership carry six and four decimals (KataGo writes about six significant digits); scores three.
constexpr int kRateDecimals = 6;
constexpr int kScoreDecimals = 3;
constexpr int kOwnershipDecimals = 4;

// Appends ` KEY VALUE`.
void appendField(std::string& out, std::string_view key, std::string_view value) {
  out += ' ';
  out += key;
  out += ' ';
  out += value;
}

void appendCandidate(std::string& out, const SearchCandidate& c, int order, int size, AnalysisFormat format) {
  const std::string score = decimal(c.scoreLead, kScoreDecimals);
  out += "info";
  appendField(out, "move", gtpMove(c.move, size));
  appendField(out, "visits", std::to_string(c.visits));
  if (format == AnalysisFormat::LeelaZero) {
    appendField(out, "winrate", tenThousandths(c.winrate));
    appendField(out, "prior", tenThousandths(c.prior));
    appendField(out, "lcb", tenThousandths(c.lcb));
  } else {
    // KataGo's order; scoreMean repeats scoreLead, as KataGo does for the tools (Lizzie) that read only it.
    appendField(out, "winrate", decimal(c.winrate, kRateDecimals));
    appendField(out, "scoreMean", score);
    appendField(out, "scoreLead", score);
    appendField(out, "prior", decimal(c.prior, kRateDecimals));
    appendField(out, "lcb", decimal(c.lcb, kRateDecimals));
  }
  appendField(out, "order", std::to_string(order));
  out += " pv";
  for (const Move& m : c.pv) {
    out += ' ';
    out += gtpMove(m, size);
  }
}

}  // namespace

std::string analysisLine(const SearchReport& report, int size, AnalysisFormat format, AnalysisExtras extras) {
  std::string out;
  for (std::size_t i = 0; i < report.candidates.size(); ++i) {
    if (i > 0) out += ' ';
    appendCandidate(out, report.candidates[i], static_cast<int>(i), size, format);
  }
  if (out.empty() || format != AnalysisFormat::KataGo) return out;
  if (extras.rootInfo) {
    const std::string score = decimal(report.scoreLead, kScoreDecimals);
    out += " rootInfo";
    appendField(out, "visits", std::to_string(report.playouts));
    appendField(out, "winrate", decimal(report.winrate, kRateDecimals));
    appendField(out, "scoreMean", score);
    appendField(out, "scoreLead", score);
  }
  if (!extras.ownership) return out;
  const auto points = static_cast<std::size_t>(size) * size;
  const double sign = report.toMove == Color::White ? -1 : 1;
  out += " ownership";
  for (std::size_t i = 0; i < points; ++i) {
    const double value = i < report.ownership.size() ? sign * report.ownership[i] : 0;
    out += ' ';
    out += decimal(value, kOwnershipDecimals);
  }
  return out;
}

std::string influenceLine(const std::vector<std::vector<double>>& values) {
  const int size = static_cast<int>(values.size());
  std::string out = "INFLUENCE";
  for (int row = 0; row < size; ++row) {
    for (int col = 0; col < size && col < static_cast<int>(values[row].size()); ++col) {
      appendField(out, gtpVertex({row, col}, size), decimal(values[row][col], kOwnershipDecimals));
    }
  }
  return out;
}

}  // namespace tengen::gtp
