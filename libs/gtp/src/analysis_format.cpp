#include "analysis_format.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <optional>
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

// The words of a line, split at blanks.
std::vector<std::string_view> words(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t at = 0;
  while (at < line.size()) {
    const std::size_t start = line.find_first_not_of(" \t", at);
    if (start == std::string_view::npos) break;
    const std::size_t end = std::min(line.find_first_of(" \t", start), line.size());
    out.push_back(line.substr(start, end - start));
    at = end;
  }
  return out;
}

// A finite decimal number, the whole word, whatever the locale.
std::optional<double> number(std::string_view word) {
  double value = 0;
  const auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), value);
  if (ec != std::errc() || end != word.data() + word.size() || !std::isfinite(value)) return std::nullopt;
  return value;
}

// 'word', for messages.
std::string inQuotes(std::string_view word) {
  std::string out(1, '\'');
  out.append(word);
  out += '\'';
  return out;
}

// "on a 19x19 board", for messages.
std::string onBoard(int size) {
  return " is not a move on a " + std::to_string(size) + "x" + std::to_string(size) + " board";
}

// The words that start a part of an update other than a candidate's field.
bool startsPart(std::string_view word) {
  return word == "info" || word == "ownership" || word == "ownershipStdev" || word == "rootInfo";
}

// What a candidate must have said before the next one starts.
struct CandidateSeen {
  bool move = false;
  bool visits = false;
  bool winrate = false;
};

}  // namespace

Result<SearchReport> parseAnalysisLine(std::string_view line, int size, AnalysisFormat format, Color toMove) {
  using R = Result<SearchReport>;
  const std::vector<std::string_view> w = words(line);
  if (w.empty() || w.front() != "info") return R::failure("not an analysis update (it does not start with info)");
  // Leela Zero's rates are in 1/10000.
  const double rateScale = format == AnalysisFormat::LeelaZero ? 1e-4 : 1.0;
  const std::size_t points = static_cast<std::size_t>(size) * size;
  SearchReport report;
  report.toMove = toMove;
  std::vector<CandidateSeen> seen;
  std::vector<bool> scoreLeadGiven;
  const auto complete = [&]() -> std::string {
    if (seen.empty()) return {};
    const CandidateSeen& s = seen.back();
    if (!s.move) return "a candidate without its move";
    if (!s.visits) return "candidate " + gtpMove(report.candidates.back().move, size) + " without its visits";
    if (!s.winrate) return "candidate " + gtpMove(report.candidates.back().move, size) + " without its winrate";
    return {};
  };
  std::size_t i = 0;
  while (i < w.size()) {
    const std::string_view key = w[i];
    if (key == "info") {
      if (const std::string why = complete(); !why.empty()) return R::failure(why);
      report.candidates.emplace_back();
      seen.emplace_back();
      scoreLeadGiven.push_back(false);
      ++i;
    } else if (key == "ownership" || key == "ownershipStdev") {
      if (w.size() - i - 1 < points) {
        return R::failure(std::string(key) + " with fewer than " + std::to_string(points) + " values");
      }
      std::vector<float> values;
      for (std::size_t k = 0; k < points; ++k) {
        const std::optional<double> v = number(w[i + 1 + k]);
        if (!v) return R::failure(std::string(key) + " value " + inQuotes(w[i + 1 + k]) + " is not a number");
        // Black's view: KataGo gives the side to move's.
        values.push_back(static_cast<float>(toMove == Color::White ? -*v : *v));
      }
      if (key == "ownership") report.ownership = std::move(values);
      i += 1 + points;
    } else if (key == "rootInfo") {
      // KEY VALUE pairs about the whole search, which the candidates already tell.
      ++i;
      while (i + 1 < w.size() && !startsPart(w[i])) i += 2;
    } else if (seen.empty()) {
      return R::failure(inQuotes(key) + " before the first info");
    } else if (key == "pv") {
      SearchCandidate& c = report.candidates.back();
      for (++i; i < w.size() && readGtpVertex(w[i], size); ++i) {
        const Result<ParsedVertex> v = parseGtpVertex(w[i], size);
        if (!v || v->kind == MoveKind::Resign) {
          return R::failure("pv move " + inQuotes(w[i]) + onBoard(size));
        }
        const Color mover = c.pv.size() % 2 == 0 ? toMove : opponent(toMove);
        c.pv.push_back(v->kind == MoveKind::Play ? Move::play(mover, v->point) : Move::pass(mover));
      }
    } else if (key == "pvVisits" || key == "pvEdgeVisits") {
      // Lists as long as the pv.
      for (++i; i < w.size() && number(w[i]); ++i) {
      }
    } else {
      if (i + 1 >= w.size()) return R::failure(inQuotes(key) + " without a value");
      const std::string_view value = w[i + 1];
      SearchCandidate& c = report.candidates.back();
      CandidateSeen& s = seen.back();
      const auto numeric = [&]() -> std::optional<double> { return number(value); };
      const std::string notNumber = std::string(key) + " " + inQuotes(value) + " is not a number";
      if (key == "move") {
        const Result<ParsedVertex> v = parseGtpVertex(value, size);
        if (!v || v->kind == MoveKind::Resign) {
          return R::failure("move " + inQuotes(value) + onBoard(size));
        }
        c.move = v->kind == MoveKind::Play ? Move::play(toMove, v->point) : Move::pass(toMove);
        s.move = true;
      } else if (key == "visits") {
        const std::optional<double> v = numeric();
        if (!v || *v < 0 || *v != std::floor(*v)) return R::failure("visits " + inQuotes(value) + " is not a count");
        c.visits = static_cast<long>(*v);
        s.visits = true;
      } else if (key == "winrate" || key == "prior" || key == "lcb") {
        const std::optional<double> v = numeric();
        if (!v) return R::failure(notNumber);
        const double rate = *v * rateScale;
        if (key == "winrate") {
          c.winrate = std::clamp(rate, 0.0, 1.0);
          s.winrate = true;
        } else if (key == "prior") {
          c.prior = std::clamp(rate, 0.0, 1.0);
        } else {
          c.lcb = std::clamp(rate, 0.0, 1.0);
        }
      } else if (key == "scoreLead" || key == "scoreMean") {
        const std::optional<double> v = numeric();
        if (!v) return R::failure(notNumber);
        // scoreMean is the older name; scoreLead wins where both are given.
        if (key == "scoreLead" || !scoreLeadGiven.back()) c.scoreLead = *v;
        if (key == "scoreLead") scoreLeadGiven.back() = true;
      }
      i += 2;
    }
  }
  if (const std::string why = complete(); !why.empty()) return R::failure(why);
  for (const SearchCandidate& c : report.candidates) report.playouts += c.visits;
  report.winrate = report.candidates.front().winrate;
  report.scoreLead = report.candidates.front().scoreLead;
  return report;
}

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
