// tengen eval's report built from hand-made positions and results with fixed latencies, so that its contents and
// bytes are known: the bins, the order of the worst positions, HTML escaping, valid pictures the page names, the
// same bytes twice; and once from a real run against a scripted model whose answer is HTML.
#include "tengen/workbench/report.h"

#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "tengen/ai/answer_parser.h"
#include "tengen/core/coords.h"
#include "tengen/sources/board_image.h"
#include "tengen/sources/chat.h"
#include "tengen/sources/make_source.h"

#include "support/fake_model.h"
#include "support/game_from.h"
#include "support/png_pixels.h"
#include "support/temp_dir.h"

namespace tengen::workbench {
namespace {

using test_support::FakeServer;

constexpr const char* kHtmlAnswer = R"(<script>alert("x")</script> & more)";

// The position before move `moveNumber` of a 9x9 record whose first moves are these.
Position positionAt(const std::string& file, int moveNumber, const std::vector<std::string>& before) {
  Position p;
  p.file = file;
  p.moveNumber = moveNumber;
  p.recordMoves = 60;
  p.setGame(test_support::gameFrom(9, before));
  p.recordMove = Move::play(p.game().toMove(), {4, 4});
  return p;
}

ai::Attempt refused(int n, const std::string& answer, RejectReason reason, long latencyMs) {
  ai::Attempt a;
  a.n = n;
  a.answer = answer;
  a.reason = reason;
  a.latencyMs = latencyMs;
  return a;
}

ai::Attempt accepted(int n, const std::string& vertex, long latencyMs) {
  ai::Attempt a = refused(n, vertex, RejectReason::None, latencyMs);
  a.move = vertex;
  return a;
}

PositionResult acceptedAfter(std::vector<ai::Attempt> attempts, Move move) {
  PositionResult r;
  r.outcome.end = ai::MoveEnd::Accepted;
  r.outcome.move = move;
  r.outcome.attempts = std::move(attempts);
  return r;
}

PositionResult failedWith(std::vector<ai::Attempt> attempts) {
  PositionResult r;
  r.outcome.end = ai::MoveEnd::NoLegalMove;
  r.outcome.attempts = std::move(attempts);
  r.outcome.error = "no legal move in " + std::to_string(r.outcome.attempts.size()) + " attempts";
  return r;
}

// A run whose every figure is known: positions 0 and 3 clean, 1 refused once, 2 failed, 4 refused twice.
struct HandMadeRun {
  std::vector<Position> positions;
  std::vector<PositionResult> results;
  EvalOptions options;

  HandMadeRun() {
    const Move d4 = Move::play(Color::Black, {5, 3});
    positions = {positionAt("b.sgf", 1, {}), positionAt("b.sgf", 11, {"C3", "G7"}), positionAt("b.sgf", 21, {"E5"}),
                 positionAt("a.sgf", 31, {}), positionAt("a.sgf", 41, {"D4", "F6"})};
    results = {
        acceptedAfter({accepted(1, "D4", 120)}, d4),
        acceptedAfter({refused(1, "Z99", RejectReason::OutOfBounds, 130), accepted(2, "D4", 140)}, d4),
        failedWith({refused(1, kHtmlAnswer, RejectReason::Unparseable, 250),
                    refused(2, kHtmlAnswer, RejectReason::Unparseable, 260)}),
        acceptedAfter({accepted(1, "D4", 90)}, d4),
        acceptedAfter({refused(1, "D4", RejectReason::Occupied, 110), refused(2, "D4", RejectReason::Repeated, 115),
                       accepted(3, "C7", 100)},
                      Move::play(Color::Black, {2, 2})),
    };
    options.engine = "openai:http://127.0.0.1:8000/v1";
    options.source.model.model = "adapter<r5>";
  }

  Result<std::vector<ReportFile>> report() const {
    return makeReport(positions, results, summarize(positions, results, false), options);
  }
};

std::map<std::string, std::string> byName(const std::vector<ReportFile>& files) {
  std::map<std::string, std::string> out;
  for (const ReportFile& f : files) out[f.name] = f.contents;
  return out;
}

// Every src="..." of the page, in order.
std::vector<std::string> imageSources(const std::string& html) {
  std::vector<std::string> sources;
  const std::string key = "src=\"";
  for (std::size_t at = html.find(key); at != std::string::npos; at = html.find(key, at + 1)) {
    const std::size_t start = at + key.size();
    sources.push_back(html.substr(start, html.find('"', start) - start));
  }
  return sources;
}

std::uint32_t bigEndian(const std::string& bytes, std::size_t at) {
  std::uint32_t v = 0;
  for (std::size_t i = 0; i < 4; ++i) v = v << 8 | static_cast<unsigned char>(bytes[at + i]);
  return v;
}

// A PNG's signature is right and its first chunk is an IHDR with a width and height above 0.
::testing::AssertionResult isPng(const std::string& bytes) {
  if (bytes.size() < 24 || bytes.substr(0, 8) != std::string("\x89PNG\r\n\x1a\n", 8)) {
    return ::testing::AssertionFailure() << "no PNG signature";
  }
  if (bytes.substr(12, 4) != "IHDR") return ::testing::AssertionFailure() << "no IHDR first";
  if (bigEndian(bytes, 16) == 0 || bigEndian(bytes, 20) == 0) return ::testing::AssertionFailure() << "empty";
  return ::testing::AssertionSuccess();
}

TEST(ReportHtml, EscapesMarkupQuotesInvalidUtf8AndControlCharacters) {
  EXPECT_EQ(htmlEscape(R"(<b>E5</b> & "more" 'x')"), "&lt;b&gt;E5&lt;/b&gt; &amp; &quot;more&quot; &#39;x&#39;");
  EXPECT_EQ(htmlEscape("\xE7\xA2\x81 D4"), "\xE7\xA2\x81 D4");  // 碁 stays
  EXPECT_EQ(htmlEscape("a\xFF!"), "a\xEF\xBF\xBD!");
  EXPECT_EQ(htmlEscape("\xE7\xA2"), "\xEF\xBF\xBD\xEF\xBF\xBD");                  // cut short
  EXPECT_EQ(htmlEscape("\xED\xA0\x80"), "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");  // a surrogate
  EXPECT_EQ(htmlEscape("\x1b[31mQ16\nx\ty"), "\xEF\xBF\xBD[31mQ16\nx\ty");
}

TEST(ReportBins, WidthGrowsWithTheRangeAndEmptyBinsAreKept) {
  HandMadeRun run;  // moves 1, 11, 21, 31, 41, 10 apart: width 10, bins 1-10 .. 41-50
  const std::vector<MoveBin> bins = binsByMoveNumber(run.positions, run.results);
  ASSERT_EQ(bins.size(), 5U);
  EXPECT_EQ(bins[0].first, 1);
  EXPECT_EQ(bins[0].last, 10);
  EXPECT_EQ(bins[1].first, 11);
  EXPECT_EQ(bins[1].firstTryLegal.successes, 0);
  EXPECT_EQ(bins[1].legal.successes, 1);
  EXPECT_EQ(bins[2].legal.successes, 0);  // move 21 failed
  EXPECT_EQ(bins[4].last, 50);

  // Closer move numbers: width 5, and the bins between them are kept empty.
  run.positions[1].moveNumber = 4;
  const std::vector<MoveBin> narrow = binsByMoveNumber(run.positions, run.results);
  ASSERT_EQ(narrow.size(), 9U);  // 1-5 .. 41-45
  EXPECT_EQ(narrow[0].legal.n, 2);
  EXPECT_EQ(narrow[1].legal.n, 0);
  EXPECT_EQ(narrow[8].last, 45);

  std::vector<Position> many;
  std::vector<PositionResult> results;
  for (int move = 61; move <= 301; move += 2) {
    many.push_back(positionAt("c.sgf", move, {}));
    results.push_back(acceptedAfter({accepted(1, "D4", 1)}, Move::play(Color::Black, {5, 3})));
  }
  const std::vector<MoveBin> wide = binsByMoveNumber(many, results);
  ASSERT_EQ(wide.size(), 6U);  // 301 / 12 is about 25: width 50, from 51-100 to 301-350
  EXPECT_EQ(wide[0].first, 51);
  EXPECT_EQ(wide[0].last, 100);
  EXPECT_EQ(wide[0].legal.n, 20);  // 61, 63, ..., 99
  EXPECT_EQ(wide[5].first, 301);
  EXPECT_EQ(wide[5].legal.n, 1);
  EXPECT_TRUE(binsByMoveNumber({}, {}).empty());
}

TEST(ReportWorst, FailedFirstThenMostRefusedThenFileAndMoveNumber) {
  HandMadeRun run;
  EXPECT_EQ(worstPositions(run.positions, run.results, 12), (std::vector<std::size_t>{2, 4, 1}));
  EXPECT_EQ(worstPositions(run.positions, run.results, 2), (std::vector<std::size_t>{2, 4}));
  // A tie in refusals is broken by file name, then move number.
  run.results[3] = acceptedAfter({refused(1, "Z99", RejectReason::OutOfBounds, 1), accepted(2, "D4", 1)},
                                 Move::play(Color::Black, {5, 3}));
  EXPECT_EQ(worstPositions(run.positions, run.results, 12), (std::vector<std::size_t>{2, 4, 3, 1}));
}

TEST(Report, ThePageNamesEveryPictureAndEveryReasonAndEscapesTheAnswers) {
  const HandMadeRun run;
  const Result<std::vector<ReportFile>> files = run.report();
  ASSERT_TRUE(files.ok()) << files.error();
  ASSERT_FALSE(files->empty());
  EXPECT_EQ(files->back().name, "index.html");  // written last: it never names a missing picture
  const std::map<std::string, std::string> contents = byName(*files);
  const std::string& html = contents.at("index.html");

  const std::vector<std::string> sources = imageSources(html);
  EXPECT_EQ(sources.size(), 6U);  // three charts, three worst positions
  for (const std::string& source : sources) {
    EXPECT_EQ(source.find('/'), std::string::npos) << source;  // a file beside the page, nothing fetched
    ASSERT_TRUE(contents.contains(source)) << source;
    EXPECT_TRUE(isPng(contents.at(source))) << source;
  }
  for (const RejectReason reason : attemptReasons()) {
    EXPECT_NE(html.find(std::string(reasonCode(reason))), std::string::npos) << reasonCode(reason);
  }
  EXPECT_NE(html.find("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more"), std::string::npos);
  EXPECT_EQ(html.find("<script"), std::string::npos);
  EXPECT_NE(html.find("adapter&lt;r5&gt;"), std::string::npos);
  EXPECT_NE(html.find("openai:http://127.0.0.1:8000/v1"), std::string::npos);
  EXPECT_EQ(html.find("href="), std::string::npos);

  // Worst first: the failed move 21, then move 41 (two refusals), then move 11 (one).
  const std::size_t failed = html.find("1. b.sgf, move 21");
  const std::size_t twice = html.find("2. a.sgf, move 41");
  const std::size_t once = html.find("3. b.sgf, move 11");
  ASSERT_NE(failed, std::string::npos);
  ASSERT_NE(twice, std::string::npos);
  ASSERT_NE(once, std::string::npos);
  EXPECT_LT(failed, twice);
  EXPECT_LT(twice, once);
  EXPECT_EQ(html.find("move 31"), std::string::npos);  // a clean position is not among the worst
}

TEST(Report, TheSettingsOfTheRunComeFirstInATable) {
  HandMadeRun run;
  run.options.facts.started = std::chrono::system_clock::from_time_t(1772357400);
  run.options.facts.tengenVersion = "9.8.7";
  run.options.facts.promptTemplate = {"go<1>.txt", std::string(64, 'c')};
  run.options.facts.sgf = {"records"};
  run.options.source.model.coords = sources::CoordFormat::RowCol;
  run.options.source.model.constrain = sources::Constraint::Choice;
  run.options.maxRetries = 3;
  const Result<std::vector<ReportFile>> files = run.report();
  ASSERT_TRUE(files.ok()) << files.error();
  const std::string html = byName(*files).at("index.html");
  const std::size_t summary = html.find("<h2>Summary</h2>");
  ASSERT_NE(summary, std::string::npos);
  // Each setting's row, by its words and value, before the figures.
  const std::vector<std::string> rows = {"<th>date (UTC)</th><td><code>2026-03-01T09:30:00Z</code>",
                                         "<th>tengen version</th><td><code>9.8.7</code>",
                                         "<th>model</th><td><code>adapter&lt;r5&gt;</code>",
                                         "<th>coords</th><td><code>rowcol</code>",
                                         "<th>image</th><td><code>on</code>",
                                         "<th>constrain</th><td><code>choice</code>",
                                         "<th>constrain-api</th><td><code>vllm</code>",
                                         "<th>prompt template</th><td><code>go&lt;1&gt;.txt</code>",
                                         "<th>prompt template sha256</th><td><code>" + std::string(64, 'c') + "</code>",
                                         "<th>max-retries</th><td><code>3</code>",
                                         "<th>temperature</th><td><code>none</code>",
                                         "<th>seed</th><td><code>1</code>",
                                         "<th>sgf</th><td><code>records</code>",
                                         "<th>positions</th><td><code>5</code>"};
  for (const std::string& row : rows) {
    const std::size_t at = html.find(row);
    EXPECT_NE(at, std::string::npos) << row;
    EXPECT_LT(at, summary) << row;
  }
}

// Colours as the report draws its marks, with room for the edges' blending.
bool isRefusedRed(const std::array<int, 3>& c) { return c[0] > 180 && c[1] < 80 && c[2] < 80; }
bool isRecordGreen(const std::array<int, 3>& c) { return c[0] < 80 && c[1] > 120 && c[2] < 100; }

// A refused attempt as the referee makes it: with the move it read from the answer.
ai::Attempt refusedAt(int n, const std::string& answer, RejectReason reason) {
  ai::Attempt a = refused(n, answer, reason, 10);
  a.read = ai::readMove(answer, 9);
  return a;
}

TEST(Report, WorstBoardsMarkTheRefusedPointsWithTheirReasonsAndTheRecordsMove) {
  HandMadeRun run;
  // a.sgf move 41, the second worst: D4 refused as occupied, then again as repeated; F6 refused as occupied; an
  // answer off the board has nothing to mark. The record played E5.
  run.results[4] =
      acceptedAfter({refusedAt(1, "D4", RejectReason::Occupied), refusedAt(2, "F6", RejectReason::Occupied),
                     refusedAt(3, "D4", RejectReason::Repeated), refusedAt(4, "Z99", RejectReason::OutOfBounds),
                     accepted(5, "C7", 100)},
                    Move::play(Color::Black, {2, 2}));
  const Result<std::vector<ReportFile>> files = run.report();
  ASSERT_TRUE(files.ok()) << files.error();
  const std::map<std::string, std::string> contents = byName(*files);
  const std::string& html = contents.at("index.html");
  ASSERT_NE(html.find("2. a.sgf, move 41"), std::string::npos);

  const test_support::PngPixels board(contents.at("worst-02.png"));
  ASSERT_TRUE(board.ok());
  sources::BoardImageOptions options;
  options.pixels = board.width();
  const double cell = sources::pointCentre({0, 1}, 9, options).x - sources::pointCentre({0, 0}, 9, options).x;
  const auto near = [&](Point p, auto colour) {
    const sources::PixelPoint centre = sources::pointCentre(p, 9, options);
    return board.count(centre.x, centre.y, static_cast<int>(cell / 2), colour);
  };
  const Point d4{5, 3};
  const Point f6{3, 5};
  const Point e5{4, 4};
  const Point c7{2, 2};
  const sources::PixelPoint atD4 = sources::pointCentre(d4, 9, options);
  EXPECT_TRUE(isRefusedRed(board.rgb(static_cast<int>(atD4.x), static_cast<int>(atD4.y))));
  EXPECT_GT(near(f6, isRefusedRed), 20);
  EXPECT_GT(near(e5, isRecordGreen), 20);
  EXPECT_EQ(near(e5, isRefusedRed), 0);
  EXPECT_EQ(near(c7, isRefusedRed) + near(c7, isRecordGreen), 0);  // the accepted move is not marked

  // Beside the board: each refused point with every refusal in the referee's words, and the legend above.
  EXPECT_NE(html.find("D4: attempt 1, stone already there (<code>occupied</code>); attempt 3, " +
                      htmlEscape(reasonWords(RejectReason::Repeated)) + " (<code>repeated</code>)"),
            std::string::npos)
      << html;
  EXPECT_NE(html.find("F6: attempt 2, stone already there (<code>occupied</code>)"), std::string::npos);
  EXPECT_NE(html.find("the record's move</th><td><span class=\"mark\""), std::string::npos);
  EXPECT_NE(html.find("On the boards:"), std::string::npos);
}

TEST(Report, TheSameRunGivesTheSameBytes) {
  const HandMadeRun run;
  const Result<std::vector<ReportFile>> first = run.report();
  const Result<std::vector<ReportFile>> again = run.report();
  ASSERT_TRUE(first.ok());
  ASSERT_TRUE(again.ok());
  ASSERT_EQ(first->size(), again->size());
  for (std::size_t i = 0; i < first->size(); ++i) {
    EXPECT_EQ((*first)[i].name, (*again)[i].name);
    EXPECT_TRUE((*first)[i].contents == (*again)[i].contents) << (*first)[i].name;
  }
}

TEST(Report, IsWrittenIntoADirectoryMadeWithItsParents) {
  test_support::TempDir dir("tengen-report");
  const std::string target = (dir.path() / "runs" / "r5").string();
  ASSERT_TRUE(prepareReportDirectory(target).ok());
  const Result<std::vector<ReportFile>> files = HandMadeRun().report();
  ASSERT_TRUE(files.ok());
  ASSERT_TRUE(writeReport(target, *files).ok());
  for (const ReportFile& f : *files) {
    EXPECT_EQ(test_support::readFile(std::filesystem::path(target) / f.name), f.contents) << f.name;
  }
  EXPECT_TRUE(prepareReportDirectory(target).ok());  // an existing directory is fine
}

TEST(Report, ADirectoryUnderAFileIsRefusedNamingIt) {
  test_support::TempDir dir("tengen-report");
  test_support::writeFile(dir.path() / "file", "x");
  const std::string target = (dir.path() / "file" / "report").string();
  const Status made = prepareReportDirectory(target);
  ASSERT_FALSE(made.ok());
  EXPECT_NE(made.error().find(target), std::string::npos) << made.error();
  EXPECT_FALSE(prepareReportDirectory((dir.path() / "file").string()).ok());
}

// The whole way through: a scripted model that answers HTML the referee cannot read fails every position, and the
// page shows that answer escaped.
TEST(Report, ARealRunShowsTheModelsAnswerEscaped) {
  test_support::TempDir dir("tengen-report");
  test_support::writeFile(dir.path() / "a.sgf", "(;GM[1]FF[4]SZ[9]KM[7];B[ee];W[cc];B[gc];W[cg];B[gg])");
  Sampling sampling;
  sampling.every = 2;
  const Result<PositionSet> set = collectPositions({dir.path().string()}, sampling);
  ASSERT_TRUE(set.ok()) << set.error();
  FakeServer server({R"({"content": "<script>alert(\"x\")</script> & more"})"});
  EvalOptions options;
  options.engine = server.spec();
  options.maxRetries = 1;
  options.source.model.model = "fake";
  options.source.model.image = false;
  const EvalRun run = runEval(set->positions, options);
  ASSERT_FALSE(run.startFailure.has_value());
  const Summary summary = summarize(set->positions, run.results, false);
  EXPECT_EQ(summary.all.failures, 3);
  const Result<std::vector<ReportFile>> files = makeReport(set->positions, run.results, summary, options);
  ASSERT_TRUE(files.ok()) << files.error();
  const std::map<std::string, std::string> contents = byName(*files);
  const std::string& html = contents.at("index.html");
  EXPECT_NE(html.find("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more"), std::string::npos);
  EXPECT_EQ(html.find("<script"), std::string::npos);
  for (const std::string& source : imageSources(html)) EXPECT_TRUE(isPng(contents.at(source))) << source;
  EXPECT_EQ(imageSources(html).size(), 6U);
}

}  // namespace
}  // namespace tengen::workbench
