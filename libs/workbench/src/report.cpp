#include "tengen/workbench/report.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <set>
#include <tuple>
#include <utility>
#include <vector>

#include "tengen/core/coords.h"
#include "tengen/core/text.h"
#include "tengen/io/atomic_file.h"
#include "tengen/sources/board_image.h"
#include "tengen/sources/model_request.h"

#include "charts.h"

namespace tengen::workbench {

namespace {

constexpr int kBoardPixels = 400;
constexpr std::size_t kMostBins = 12;
constexpr std::size_t kMostLatencyBins = 20;

constexpr std::array<double, 3> kFirstTryColour = {0.27, 0.51, 0.71};
constexpr std::array<double, 3> kLegalColour = {0.40, 0.67, 0.36};
constexpr std::array<double, 3> kRejectionColour = {0.80, 0.33, 0.29};
constexpr std::array<double, 3> kLatencyColour = {0.50, 0.45, 0.70};
// The worst positions' marks: a cross on each point the referee refused, a ring on the record's move.
constexpr std::array<double, 3> kRefusedMarkColour = {0.86, 0.08, 0.08};
constexpr std::array<double, 3> kRecordMarkColour = {0.05, 0.62, 0.18};

constexpr std::string_view kStyle = R"(body { font-family: "DejaVu Sans", sans-serif; color: #222; max-width: 1000px;
       margin: 2em auto; padding: 0 1em; line-height: 1.4; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: left; vertical-align: top; }
th { background: #f3f3f3; white-space: nowrap; }
td.number { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
td { overflow-wrap: anywhere; }
code { font-family: "DejaVu Sans Mono", monospace; font-size: 0.95em; }
img { max-width: 100%; height: auto; }
section.position { border-top: 2px solid #ccc; margin-top: 2em; padding-top: 0.5em; }
div.board { display: flex; flex-wrap: wrap; gap: 1em; align-items: flex-start; }
div.board table { flex: 1 1 20em; margin-top: 0; }
code.answer { display: block; white-space: pre-wrap; overflow-wrap: anywhere; max-height: 12em; overflow: auto; }
.accepted, .refused, .failed { font-weight: bold; white-space: nowrap; }
.accepted { color: #1a6b1a; }
.refused, .failed { color: #a31515; }
ul.marks { margin: 0; padding-left: 1.2em; }
.mark { font-weight: bold; }
)";

// "#db1414" for a colour of the pictures, so that the page's legend shows the marks in their colours.
std::string cssColour(const std::array<double, 3>& rgb) {
  char text[8];
  std::snprintf(text, sizeof text, "#%02x%02x%02x", static_cast<unsigned>(std::lround(rgb[0] * 255)),
                static_cast<unsigned>(std::lround(rgb[1] * 255)), static_cast<unsigned>(std::lround(rgb[2] * 255)));
  return text;
}

constexpr std::string_view kRefusedMark = "\u2715";  // ✕
constexpr std::string_view kRecordMark = "\u25EF";   // ◯

std::string markSpan(std::string_view glyph, const std::array<double, 3>& rgb) {
  return "<span class=\"mark\" style=\"color: " + cssColour(rgb) + "\">" + std::string(glyph) + "</span>";
}

std::size_t refusedAttempts(const PositionResult& result) {
  return static_cast<std::size_t>(std::count_if(result.outcome.attempts.begin(), result.outcome.attempts.end(),
                                                [](const ai::Attempt& a) { return !a.accepted(); }));
}

std::string formatted(const char* format, double value) {
  char text[64];
  std::snprintf(text, sizeof text, format, value);
  return text;
}

std::string percent(double rate) { return std::string(trim(percentText(rate))); }

std::string countText(long successes, long n) { return std::to_string(successes) + "/" + std::to_string(n); }

// A row of the summary table: the figure's name, its value, its interval and its count (already HTML).
std::string summaryRow(std::string_view name, const std::string& value, const std::string& interval,
                       const std::string& count) {
  return "<tr><th>" + std::string(name) + "</th><td class=\"number\">" + value + "</td><td>" + interval + "</td><td>" +
         count + "</td></tr>\n";
}

std::string rateRow(std::string_view name, const Rate& r) {
  return summaryRow(name, percent(r.rate), "[" + percent(r.low) + ", " + percent(r.high) + "]",
                    countText(r.successes, r.n));
}

std::string summaryTable(const std::vector<Position>& positions, const Figures& f) {
  std::set<std::string> files;
  for (const Position& p : positions) files.insert(p.file);
  std::string html = "<table>\n<tr><th>figure</th><th>value</th><th>95% interval</th><th>count</th></tr>\n";
  html += summaryRow("positions", std::to_string(f.positions), "", "from " + std::to_string(files.size()) + " records");
  html += rateRow("first-try legal", f.firstTryLegal);
  html += rateRow("legal within attempts", f.legal);
  html += rateRow("agrees with the record", f.agreementRecord);
  if (f.agreementReference) html += rateRow("agrees with the reference", *f.agreementReference);
  html += summaryRow("attempts per move", formatted("%.2f", f.attemptsPerMove), "", "");
  html += summaryRow("latency p50", formatted("%.0f ms", f.latencyP50), "", "");
  html += summaryRow("latency p95", formatted("%.0f ms", f.latencyP95), "", "");
  html +=
      summaryRow("failures", std::to_string(f.failures), "",
                 "no legal move " + std::to_string(f.noLegalMove) + ", unreachable " + std::to_string(f.unreachable));
  return html + "</table>\n";
}

// "11–20", or "7" for a bin of one.
std::string binLabel(long first, long last) {
  return first == last ? std::to_string(first) : std::to_string(first) + "\u2013" + std::to_string(last);
}

std::string image(const std::string& file, const std::string& alt, int width, int height) {
  return "<img src=\"" + htmlEscape(file) + "\" alt=\"" + htmlEscape(alt) + "\" width=\"" + std::to_string(width) +
         "\" height=\"" + std::to_string(height) + "\">\n";
}

// A chart's picture as a report file and the page's <img> of it.
struct Chart {
  ReportFile file;
  std::string html;
};

Result<Chart> chartFile(const std::string& name, const BarChart& chart) {
  Chart out{{name, drawBarChart(chart)}, image(name, chart.title, chart.width, chart.height)};
  if (out.file.contents.empty())
    return Result<Chart>::failure("the chart " + name + " could not be drawn", ErrorKind::Failed);
  return out;
}

BarChart legalRateChart(const std::vector<MoveBin>& bins) {
  BarChart chart{.title = "Legal rate by move number",
                 .xLabel = "move number (n = positions in the bin; whiskers: 95% Wilson interval)",
                 .yLabel = "positions legal",
                 .percent = true};
  ChartSeries firstTry{"first-try legal", kFirstTryColour, {}, {}};
  ChartSeries legal{"legal within attempts", kLegalColour, {}, {}};
  for (const MoveBin& bin : bins) {
    chart.categories.push_back(binLabel(bin.first, bin.last));
    chart.notes.push_back("n=" + std::to_string(bin.legal.n));
    const bool any = bin.legal.n > 0;
    firstTry.values.push_back(any ? std::optional(bin.firstTryLegal.rate) : std::nullopt);
    firstTry.intervals.emplace_back(bin.firstTryLegal.low, bin.firstTryLegal.high);
    legal.values.push_back(any ? std::optional(bin.legal.rate) : std::nullopt);
    legal.intervals.emplace_back(bin.legal.low, bin.legal.high);
  }
  chart.series = {std::move(firstTry), std::move(legal)};
  return chart;
}

std::string binTable(const std::vector<MoveBin>& bins) {
  std::string html =
      "<table>\n<tr><th>moves</th><th>positions</th><th>first-try legal</th><th>legal within "
      "attempts</th></tr>\n";
  for (const MoveBin& bin : bins) {
    html += "<tr><td>" + binLabel(bin.first, bin.last) + "</td><td class=\"number\">" + std::to_string(bin.legal.n) +
            "</td><td class=\"number\">" + (bin.legal.n > 0 ? percent(bin.firstTryLegal.rate) : "") +
            "</td><td class=\"number\">" + (bin.legal.n > 0 ? percent(bin.legal.rate) : "") + "</td></tr>\n";
  }
  return html + "</table>\n";
}

BarChart rejectionChart(const ai::RejectionCounts& counts) {
  BarChart chart{.title = "Refused answers by reason",
                 .xLabel = "reason",
                 .yLabel = "refused answers",
                 .valueLabels = true,
                 .height = 360};
  ChartSeries refused{"", kRejectionColour, {}, {}};
  for (const RejectReason reason : attemptReasons()) {
    chart.categories.emplace_back(reasonCode(reason));
    refused.values.emplace_back(static_cast<double>(counts.count(reason)));
  }
  chart.series = {std::move(refused)};
  return chart;
}

std::string rejectionTable(const ai::RejectionCounts& counts) {
  std::string html = "<table>\n<tr><th>reason</th><th>meaning</th><th>refused answers</th></tr>\n";
  for (const RejectReason reason : attemptReasons()) {
    html += "<tr><td><code>" + std::string(reasonCode(reason)) + "</code></td><td>" + htmlEscape(reasonWords(reason)) +
            "</td><td class=\"number\">" + std::to_string(counts.count(reason)) + "</td></tr>\n";
  }
  return html + "</table>\n";
}

// Every answer's latency in bins of one width from 0 ms, the width the smallest of 1, 2, 5, 10, 20, ... ms that needs
// at most kMostLatencyBins bins.
BarChart latencyChart(const std::vector<PositionResult>& results) {
  BarChart chart{
      .title = "Latency of every answer", .xLabel = "latency (ms)", .yLabel = "answers", .valueLabels = true};
  std::vector<long> latencies;
  for (const PositionResult& r : results) {
    for (const ai::Attempt& a : r.outcome.attempts) latencies.push_back(std::max(0L, a.latencyMs));
  }
  if (latencies.empty()) return chart;
  const long most = *std::max_element(latencies.begin(), latencies.end());
  const auto width = static_cast<long>(std::max(1.0, niceCeiling(static_cast<double>(most + 1) / kMostLatencyBins)));
  std::vector<double> counts(static_cast<std::size_t>(most / width + 1), 0);
  for (const long latency : latencies) ++counts[static_cast<std::size_t>(latency / width)];
  ChartSeries answers{"", kLatencyColour, {}, {}};
  for (std::size_t i = 0; i < counts.size(); ++i) {
    const long first = static_cast<long>(i) * width;
    chart.categories.push_back(binLabel(first, first + width - 1));
    answers.values.emplace_back(counts[i]);
  }
  chart.series = {std::move(answers)};
  return chart;
}

// What the referee read from an attempt, for the attempts table: the vertex, else the move as read (a point off
// the board), else nothing.
std::string readAs(const ai::Attempt& attempt) {
  if (attempt.move) return *attempt.move;
  if (attempt.read) return attempt.read->text;
  return "";
}

// Under an answer the attempt keeps only the start of: how much of it that is.
std::string cutNote(const ai::Attempt& attempt) {
  if (!attempt.cut) return "";
  return "<br><small>the first " + std::to_string(attempt.answer.size()) + " of " + std::to_string(attempt.cut->bytes) +
         " bytes</small>";
}

std::string attemptsTable(const std::vector<ai::Attempt>& attempts) {
  std::string html =
      "<table>\n<tr><th>#</th><th>answer, as written</th><th>read as</th><th>verdict</th>"
      "<th>reason</th><th>latency</th></tr>\n";
  for (const ai::Attempt& a : attempts) {
    const std::string verdict =
        a.accepted() ? "<span class=\"accepted\">accepted</span>" : "<span class=\"refused\">refused</span>";
    const std::string reason =
        a.accepted() ? ""
                     : htmlEscape(reasonWords(a.reason)) + " (<code>" + std::string(reasonCode(a.reason)) + "</code>)";
    html += "<tr><td class=\"number\">" + std::to_string(a.n) + "</td><td><code class=\"answer\">" +
            htmlEscape(a.answer) + "</code>" + cutNote(a) + "</td><td>" + htmlEscape(readAs(a)) + "</td><td>" +
            verdict + "</td><td>" + reason + "</td><td class=\"number\">" + std::to_string(a.latencyMs) +
            " ms</td></tr>\n";
  }
  return html + "</table>\n";
}

// A point of the board that answers named and the referee refused, with each refusal: the attempt's number and the
// reason.
struct RefusedPoint {
  Point point;
  std::vector<std::pair<int, RejectReason>> refusals;
};

// The points on the board that refused answers named, each once, in the order first named (answers with no point,
// or a point off the board, have nothing to mark).
std::vector<RefusedPoint> refusedPoints(const Position& p, const PositionResult& r) {
  std::vector<RefusedPoint> points;
  for (const ai::Attempt& a : r.outcome.attempts) {
    if (a.accepted() || !a.read || a.read->kind != MoveKind::Play) continue;
    const Point point = a.read->point;
    if (point.row < 0 || point.row >= p.size() || point.col < 0 || point.col >= p.size()) continue;
    auto found = std::find_if(points.begin(), points.end(), [&](const RefusedPoint& q) { return q.point == point; });
    if (found == points.end()) found = points.insert(points.end(), RefusedPoint{point, {}});
    found->refusals.emplace_back(a.n, a.reason);
  }
  return points;
}

// The marks of a worst position's board: a cross on every refused point, a ring on the record's move.
std::vector<sources::BoardMark> boardMarks(const Position& p, const std::vector<RefusedPoint>& refused) {
  std::vector<sources::BoardMark> marks;
  for (const RefusedPoint& q : refused)
    marks.push_back({q.point, sources::BoardMark::Shape::Cross, kRefusedMarkColour});
  if (p.recordMove.kind == MoveKind::Play) {
    marks.push_back({p.recordMove.point, sources::BoardMark::Shape::Ring, kRecordMarkColour});
  }
  return marks;
}

// The refused points as the board marks them, each with its refusals in the referee's words.
std::string refusedList(const std::vector<RefusedPoint>& refused, int size) {
  if (refused.empty()) return "none on the board";
  std::string html = "<ul class=\"marks\">\n";
  for (const RefusedPoint& q : refused) {
    html += "<li>" + markSpan(kRefusedMark, kRefusedMarkColour) + " " + gtpVertex(q.point, size) + ": ";
    for (std::size_t i = 0; i < q.refusals.size(); ++i) {
      const auto [n, reason] = q.refusals[i];
      html += (i > 0 ? "; " : "") + std::string("attempt ") + std::to_string(n) + ", " +
              htmlEscape(reasonWords(reason)) + " (<code>" + std::string(reasonCode(reason)) + "</code>)";
    }
    html += "</li>\n";
  }
  return html + "</ul>";
}

std::string worstSection(std::size_t rank, const std::string& picture, const Position& p, const PositionResult& r,
                         const std::vector<RefusedPoint>& refused) {
  const int size = p.size();
  const std::string where = p.file + ", move " + std::to_string(p.moveNumber);
  std::string html = "<section class=\"position\">\n<h3>" + std::to_string(rank) + ". " + htmlEscape(where) + "</h3>\n";
  html += "<div class=\"board\">\n";
  html += image(picture, "the board before move " + std::to_string(p.moveNumber) + " of " + p.file, kBoardPixels,
                kBoardPixels);
  const std::string outcome = r.outcome.move
                                  ? "<span class=\"accepted\">accepted " + gtpMove(*r.outcome.move, size) + "</span>"
                                  : "<span class=\"failed\">failed</span>: " + htmlEscape(r.outcome.error);
  html += "<table>\n";
  html += "<tr><th>file</th><td>" + htmlEscape(p.file) + "</td></tr>\n";
  html += "<tr><th>move number</th><td>" + std::to_string(p.moveNumber) + " of " + std::to_string(p.recordMoves) +
          "</td></tr>\n";
  html += "<tr><th>to play</th><td>" + std::string(colorName(p.color())) + "</td></tr>\n";
  const std::string recordMark =
      p.recordMove.kind == MoveKind::Play ? markSpan(kRecordMark, kRecordMarkColour) + " " : std::string();
  html += "<tr><th>the record's move</th><td>" + recordMark + gtpMove(p.recordMove, size) + "</td></tr>\n";
  html += "<tr><th>outcome</th><td>" + outcome + "</td></tr>\n";
  html += "<tr><th>refused points</th><td>" + refusedList(refused, size) + "</td></tr>\n";
  html += "</table>\n</div>\n";
  return html + attemptsTable(r.outcome.attempts) + "</section>\n";
}

// The settings the run was made with, each by its words, as its JSON holds them.
std::string runTable(const std::vector<Position>& positions, const EvalOptions& options) {
  const json::JsonValue::Object values = runSettingValues(positions, options);
  std::string html = "<table>\n";
  for (const RunSetting& setting : runSettings()) {
    const auto value =
        std::find_if(values.begin(), values.end(), [&](const auto& v) { return v.first == setting.key; });
    if (value == values.end()) continue;
    html += "<tr><th>" + std::string(setting.words) + "</th><td><code>" + htmlEscape(settingText(value->second)) +
            "</code></td></tr>\n";
  }
  html += "<tr><th>attempts per position</th><td>at most " + std::to_string(options.maxRetries + 1) + "</td></tr>\n";
  return html + "</table>\n";
}

}  // namespace

std::vector<MoveBin> binsByMoveNumber(const std::vector<Position>& positions,
                                      const std::vector<PositionResult>& results) {
  if (positions.empty()) return {};
  std::set<int> moveNumbers;
  for (const Position& p : positions) moveNumbers.insert(std::max(1, p.moveNumber));
  // The closest two move numbers asked: with --every K, K. A bin narrower than that would stand empty every other.
  int closest = 1;
  if (moveNumbers.size() > 1) {
    closest = *std::next(moveNumbers.begin()) - *moveNumbers.begin();
    for (auto a = moveNumbers.begin(), b = std::next(a); b != moveNumbers.end(); ++a, ++b) {
      closest = std::min(closest, *b - *a);
    }
  }
  const double wanted = std::max(static_cast<double>(*moveNumbers.rbegin()) / kMostBins, static_cast<double>(closest));
  const int width = std::max(5, static_cast<int>(niceCeiling(wanted)));
  const int firstBin = (*moveNumbers.begin() - 1) / width;
  const int lastBin = (*moveNumbers.rbegin() - 1) / width;
  std::vector<long> counts(static_cast<std::size_t>(lastBin - firstBin + 1), 0);
  std::vector<long> firstTry(counts.size(), 0);
  std::vector<long> legal(counts.size(), 0);
  for (std::size_t i = 0; i < positions.size(); ++i) {
    const auto bin = static_cast<std::size_t>((std::max(1, positions[i].moveNumber) - 1) / width - firstBin);
    const ai::RefereeOutcome& outcome = results[i].outcome;
    ++counts[bin];
    if (!outcome.attempts.empty() && outcome.attempts.front().accepted()) ++firstTry[bin];
    if (outcome.move) ++legal[bin];
  }
  std::vector<MoveBin> bins;
  for (std::size_t b = 0; b < counts.size(); ++b) {
    const int first = (firstBin + static_cast<int>(b)) * width + 1;
    bins.push_back({first, first + width - 1, wilson(firstTry[b], counts[b]), wilson(legal[b], counts[b])});
  }
  return bins;
}

std::vector<std::size_t> worstPositions(const std::vector<Position>& positions,
                                        const std::vector<PositionResult>& results, std::size_t most) {
  std::vector<std::size_t> worst;
  for (std::size_t i = 0; i < positions.size(); ++i) {
    if (!results[i].outcome.move || refusedAttempts(results[i]) > 0) worst.push_back(i);
  }
  const auto badness = [&](std::size_t i) {
    // Sorted ascending: a failure (false < true) and more refusals (negated) come first.
    return std::tuple(results[i].outcome.move.has_value(), -static_cast<long>(refusedAttempts(results[i])),
                      std::string_view(positions[i].file), positions[i].moveNumber);
  };
  std::stable_sort(worst.begin(), worst.end(), [&](std::size_t a, std::size_t b) { return badness(a) < badness(b); });
  if (worst.size() > most) worst.resize(most);
  return worst;
}

std::string htmlEscape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x80) {
      const std::size_t length = utf8Length(text.substr(i));
      if (length == 0) {
        out += kReplacementCharacter;
        ++i;
      } else {
        out.append(text.substr(i, length));
        i += length;
      }
      continue;
    }
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      case '\t':
      case '\n':
      case '\r':
        out += c;
        break;
      default:
        if (byte < 0x20 || byte == 0x7F) {
          out += kReplacementCharacter;
        } else {
          out += c;
        }
    }
    ++i;
  }
  return out;
}

Result<std::vector<ReportFile>> makeReport(const std::vector<Position>& positions,
                                           const std::vector<PositionResult>& results, const Summary& summary,
                                           const EvalOptions& options) {
  using R = Result<std::vector<ReportFile>>;
  std::vector<ReportFile> files;
  const std::vector<MoveBin> bins = binsByMoveNumber(positions, results);
  const Result<Chart> byMove = chartFile("legal-by-move.png", legalRateChart(bins));
  const Result<Chart> rejections = chartFile("rejections.png", rejectionChart(summary.all.rejections));
  const Result<Chart> latency = chartFile("latency.png", latencyChart(results));
  for (const Result<Chart>* chart : {&byMove, &rejections, &latency}) {
    if (!*chart) return R::failure(*chart);
    files.push_back((*chart)->file);
  }

  const std::string engine = displayUrl(options.engine);
  std::string html = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>tengen eval: " +
                     htmlEscape(engine) + "</title>\n<style>\n" + std::string(kStyle) + "</style>\n</head>\n<body>\n";
  html += "<h1>tengen eval: <code>" + htmlEscape(engine) + "</code></h1>\n";
  html += runTable(positions, options);
  html += "<h2>Summary</h2>\n" + summaryTable(positions, summary.all);
  html += "<h2>Legal rate by move number</h2>\n" + byMove->html + binTable(bins);
  html += "<h2>Refused answers by reason</h2>\n" + rejections->html + rejectionTable(summary.all.rejections);
  html += "<h2>Latency</h2>\n" + latency->html;
  html += "<p>Over every answer: p50 " + formatted("%.0f", summary.all.latencyP50) + " ms, p95 " +
          formatted("%.0f", summary.all.latencyP95) + " ms.</p>\n";

  const std::vector<std::size_t> worst = worstPositions(positions, results, kWorstPositions);
  html += "<h2>Worst positions</h2>\n";
  if (worst.empty()) {
    html += "<p>No position failed or had a refused answer.</p>\n";
  } else {
    html += "<p>Up to " + std::to_string(kWorstPositions) +
            " positions that failed or had a refused answer: failed ones first, then by refused answers, then by file "
            "and move number. Each board is the position the source was asked.</p>\n";
    html += "<p>On the boards: " + markSpan(kRefusedMark, kRefusedMarkColour) +
            " a point an answer named that the referee refused (the reasons beside the board); " +
            markSpan(kRecordMark, kRecordMarkColour) +
            " the record's move; a small ring inside a stone, in the other stone colour: the last move played.</p>\n";
  }
  // The picture the model was sent, labels included (the row and column indices with --coords rowcol).
  sources::BoardImageOptions boardOptions = sources::modelImageOptions(options.source.model.coords);
  boardOptions.pixels = kBoardPixels;
  for (std::size_t rank = 1; rank <= worst.size(); ++rank) {
    const std::size_t i = worst[rank - 1];
    char name[32];
    std::snprintf(name, sizeof name, "worst-%02zu.png", rank);
    const std::vector<RefusedPoint> refused = refusedPoints(positions[i], results[i]);
    std::string picture =
        sources::renderMarkedBoardPng(positions[i].game(), boardMarks(positions[i], refused), boardOptions);
    if (picture.empty()) return R::failure(std::string("the board ") + name + " could not be drawn", ErrorKind::Failed);
    files.push_back({name, std::move(picture)});
    html += worstSection(rank, name, positions[i], results[i], refused);
  }
  html += "</body>\n</html>\n";
  files.push_back({"index.html", std::move(html)});
  return files;
}

Status prepareReportDirectory(const std::string& directory) {
  std::error_code error;
  std::filesystem::create_directories(directory, error);
  if (error) return Status::failure(directory + ": the report directory cannot be made: " + error.message());
  if (!std::filesystem::is_directory(directory, error)) {
    return Status::failure(directory + ": the report directory cannot be made: not a directory");
  }
  return Done{};
}

Status writeReport(const std::string& directory, const std::vector<ReportFile>& files) {
  for (const ReportFile& file : files) {
    const std::string path = (std::filesystem::path(directory) / file.name).string();
    if (Status written = io::writeFileAtomically(path, file.contents); !written) return written;
  }
  return Done{};
}

}  // namespace tengen::workbench
