// The analysis commands for GUIs: lz-analyze and kata-analyze in Leela Zero's and KataGo's formats (answer()'s one
// update, and the stream through Engine::run until the next line), the genmove_analyze pair, and GoGui's ownership
// and estimate. The analysis and the moves come from deterministic stand-ins (gtp_session.h); every check is on the
// format and the framing, never on how fast anything is.
#include "tengen/gtp/analysis.h"

#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <functional>
#include <istream>
#include <mutex>
#include <optional>
#include <ostream>
#include <regex>
#include <sstream>
#include <streambuf>
#include <string>
#include <thread>
#include <vector>

#include "tengen/core/analysis.h"
#include "tengen/core/coords.h"
#include "tengen/gtp/engine.h"

#include "gtp_session.h"

namespace tengen::gtp {
namespace {

using testing::error;
using testing::FakeAnalyzer;
using testing::ok;
using testing::testOptions;

std::vector<std::string> splitLines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::vector<std::string> words(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string word; in >> word;) out.push_back(word);
  return out;
}

const std::regex kVertex("[A-HJ-Z][0-9]{1,2}|pass");
const std::regex kInteger("-?[0-9]+");
const std::regex kDecimal("-?[0-9]+\\.[0-9]+");

// One candidate of an update: its keys in order and their values, the line last.
struct Info {
  std::vector<std::string> keys;
  std::vector<std::string> values;
  std::vector<std::string> pv;
};

// Takes one update apart: `info` followed by key-value pairs up to `pv`, whose vertices run to the next `info`
// (or to `ownership`); then the ownership values, if any. Fails the test on anything else.
std::vector<Info> parseUpdate(const std::string& line, std::vector<std::string>* ownership = nullptr) {
  const std::vector<std::string> w = words(line);
  std::vector<Info> infos;
  std::size_t i = 0;
  while (i < w.size()) {
    if (w[i] == "ownership") {
      EXPECT_NE(ownership, nullptr) << line;
      if (ownership != nullptr) ownership->assign(w.begin() + static_cast<std::ptrdiff_t>(i) + 1, w.end());
      break;
    }
    EXPECT_EQ(w[i], "info") << line;
    if (w[i] != "info") return infos;
    Info info;
    ++i;
    while (i < w.size() && w[i] != "pv") {
      EXPECT_LT(i + 1, w.size()) << line;
      if (i + 1 >= w.size()) return infos;
      info.keys.push_back(w[i]);
      info.values.push_back(w[i + 1]);
      i += 2;
    }
    EXPECT_LT(i, w.size()) << "no pv: " << line;
    ++i;
    while (i < w.size() && w[i] != "info" && w[i] != "ownership") info.pv.push_back(w[i++]);
    infos.push_back(info);
  }
  return infos;
}

// Leela Zero's fields, in its order, each an integer; winrate, prior and lcb in 0..10000; `order` counting up.
void expectLeelaZeroUpdate(const std::string& line) {
  const std::vector<Info> infos = parseUpdate(line);
  ASSERT_FALSE(infos.empty()) << line;
  for (std::size_t n = 0; n < infos.size(); ++n) {
    const Info& info = infos[n];
    EXPECT_EQ(info.keys, (std::vector<std::string>{"move", "visits", "winrate", "prior", "lcb", "order"})) << line;
    if (info.values.size() != 6) continue;
    EXPECT_TRUE(std::regex_match(info.values[0], kVertex)) << info.values[0];
    for (std::size_t k = 1; k < 6; ++k) EXPECT_TRUE(std::regex_match(info.values[k], kInteger)) << info.values[k];
    for (std::size_t k : {2, 3, 4}) {
      EXPECT_GE(std::stol(info.values[k]), 0);
      EXPECT_LE(std::stol(info.values[k]), 10000);
    }
    EXPECT_EQ(info.values[5], std::to_string(n));
    ASSERT_FALSE(info.pv.empty()) << line;
    EXPECT_EQ(info.pv[0], info.values[0]) << "the line starts with the move";
    for (const std::string& v : info.pv) EXPECT_TRUE(std::regex_match(v, kVertex)) << v;
  }
}

// KataGo's fields, in its order: rates and scores with a decimal point, rates in 0..1; the ownership, when asked
// for, with `points` values in -1..1.
void expectKataGoUpdate(const std::string& line, std::optional<std::size_t> points = std::nullopt) {
  std::vector<std::string> ownership;
  const std::vector<Info> infos = parseUpdate(line, &ownership);
  ASSERT_FALSE(infos.empty()) << line;
  for (std::size_t n = 0; n < infos.size(); ++n) {
    const Info& info = infos[n];
    EXPECT_EQ(info.keys, (std::vector<std::string>{"move", "visits", "winrate", "scoreMean", "scoreLead", "prior",
                                                   "lcb", "order"}))
        << line;
    if (info.values.size() != 8) continue;
    EXPECT_TRUE(std::regex_match(info.values[0], kVertex)) << info.values[0];
    EXPECT_TRUE(std::regex_match(info.values[1], kInteger)) << info.values[1];
    for (std::size_t k : {2, 3, 4, 5, 6}) EXPECT_TRUE(std::regex_match(info.values[k], kDecimal)) << info.values[k];
    for (std::size_t k : {2, 5, 6}) {
      EXPECT_GE(std::stod(info.values[k]), 0);
      EXPECT_LE(std::stod(info.values[k]), 1);
    }
    EXPECT_EQ(info.values[3], info.values[4]) << "scoreMean repeats scoreLead";
    EXPECT_EQ(info.values[7], std::to_string(n));
    ASSERT_FALSE(info.pv.empty()) << line;
    EXPECT_EQ(info.pv[0], info.values[0]);
  }
  if (!points) {
    EXPECT_TRUE(ownership.empty()) << line;
    return;
  }
  EXPECT_EQ(ownership.size(), *points);
  for (const std::string& v : ownership) {
    EXPECT_TRUE(std::regex_match(v, kDecimal)) << v;
    EXPECT_GE(std::stod(v), -1);
    EXPECT_LE(std::stod(v), 1);
  }
}

// --- answer(): one update, then the end ---

TEST(GtpAnalyzeTest, LzAnalyzeAnswersOneUpdateInLeelaZerosFormat) {
  Engine engine(testOptions(9));
  ok(engine, "play b E5");
  const std::string framed = engine.answer("lz-analyze 10");
  const std::vector<std::string> lines = splitLines(framed);
  ASSERT_EQ(lines.size(), 3U) << framed;
  EXPECT_EQ(lines[0], "=") << "the `=` line stands alone, as KataGo and Leela Zero write it";
  expectLeelaZeroUpdate(lines[1]);
  EXPECT_EQ(lines[2], "");
  EXPECT_TRUE(framed.ends_with("\n\n"));
  // White is to move: the stand-in's first three points for White, the first the most visited.
  EXPECT_EQ(lines[1],
            "info move A9 visits 1200 winrate 6000 prior 2500 lcb 5500 order 0 pv A9 B9 "
            "info move B9 visits 800 winrate 5000 prior 2500 lcb 4500 order 1 pv B9 C9 "
            "info move C9 visits 400 winrate 4000 prior 2500 lcb 3500 order 2 pv C9 A9");
  EXPECT_EQ(engine.game().moveCount(), 1) << "analysis plays nothing";
}

TEST(GtpAnalyzeTest, KataAnalyzeWritesDecimalsAndTheOwnershipForTheSideToMove) {
  Engine engine(testOptions(9));
  ok(engine, "play b E5");
  const std::vector<std::string> lines = splitLines(engine.answer("7 kata-analyze 10 ownership true"));
  ASSERT_EQ(lines.size(), 3U);
  EXPECT_EQ(lines[0], "=7");
  expectKataGoUpdate(lines[1], 81);
  EXPECT_TRUE(
      lines[1].starts_with("info move A9 visits 1200 winrate 0.600000 scoreMean 3.500 scoreLead 3.500 "
                           "prior 0.250000 lcb 0.550000 order 0 pv A9 B9 info move B9"))
      << lines[1];
  // The stand-in's ownership is Black's 0.25 everywhere; White is to move, so KataGo's view is -0.25.
  EXPECT_NE(lines[1].find(" pv C9 A9 ownership -0.2500 -0.2500 "), std::string::npos) << lines[1];

  const std::vector<std::string> black = splitLines(engine.answer("kata-analyze b 10 ownership true"));
  ASSERT_EQ(black.size(), 3U);
  expectKataGoUpdate(black[1], 81);
  EXPECT_NE(black[1].find(" ownership 0.2500 0.2500 "), std::string::npos) << black[1];

  const std::vector<std::string> without = splitLines(engine.answer("kata-analyze 10"));
  ASSERT_EQ(without.size(), 3U);
  expectKataGoUpdate(without[1]);
}

TEST(GtpAnalyzeTest, ArgumentsAsKataGoReadsThem) {
  EngineOptions options = testOptions(9);
  std::vector<Color> analysed;
  options.analyze = [&](const Game& game, Color toMove) -> std::unique_ptr<Analyzer> {
    analysed.push_back(toMove);
    return std::make_unique<FakeAnalyzer>(game, toMove);
  };
  Engine engine(std::move(options));
  for (const char* line :
       {"lz-analyze", "lz-analyze b", "lz-analyze W 50", "lz-analyze 50", "lz-analyze 0.5", "lz-analyze interval 50",
        "lz-analyze black interval 0", "kata-analyze w 50 maxmoves 2", "kata-analyze 50 ownership false",
        "kata-analyze interval 10 ownership true maxmoves 1", "kata-analyze 50 ownership True rootInfo FALSE"}) {
    EXPECT_TRUE(engine.answer(line).starts_with("=\ninfo move ")) << line;
  }
  EXPECT_EQ(analysed,
            (std::vector<Color>{Color::Black, Color::Black, Color::White, Color::Black, Color::Black, Color::Black,
                                Color::Black, Color::White, Color::Black, Color::Black, Color::Black}));
  EXPECT_EQ(parseUpdate(splitLines(engine.answer("lz-analyze 10 maxmoves 2"))[1]).size(), 2U);
  EXPECT_EQ(engine.answer("lz-analyze 10 maxmoves 0"), "=\n\n");

  for (const char* line :
       {"lz-analyze x", "lz-analyze 10 interval", "lz-analyze -5", "lz-analyze 10 interval -1",
        "kata-analyze 10 ownership yes", "lz-analyze b 10 20", "kata-genmove_analyze b 10 ownership"}) {
    EXPECT_EQ(error(engine, line), "syntax error") << line;
  }
}

// Every key Lizzie and Sabaki send, and the rest of KataGo's, is taken; avoid/allow leave candidates out, rootInfo is
// KataGo's line of the whole search, and the keys without effect change nothing.
TEST(GtpAnalyzeTest, EveryKeyOfKataGoIsTaken) {
  Engine engine(testOptions(9));
  ok(engine, "play b E5");
  // White to move; the stand-in's candidates are A9, B9, C9.
  const std::string all = splitLines(engine.answer("lz-analyze 10"))[1];
  ASSERT_EQ(parseUpdate(all).size(), 3U) << all;
  for (const char* line : {"lz-analyze 10 minmoves 5", "kata-analyze 10 minmoves 0 pvVisits true pvEdgeVisits true",
                           "kata-analyze 10 ownershipStdev true movesOwnership true movesOwnershipStdev false",
                           "lz-analyze 10 ownership true rootInfo true", "lz-analyze 10 avoid b A9,B9,C9 1",
                           "kata-analyze 10 avoid b A9 50 avoid w pass 1"}) {
    const std::vector<std::string> lines = splitLines(engine.answer(line));
    ASSERT_EQ(lines.size(), 3U) << line;
    EXPECT_EQ(parseUpdate(lines[1]).size(), 3U) << line << ": " << lines[1];
  }
  EXPECT_EQ(splitLines(engine.answer("lz-analyze 10 ownership true rootInfo true"))[1], all)
      << "Leela Zero's dialect has neither";

  // Lizzie's avoid, as its `avoid b D4,E5 50 avoid w D4,E5 50`: the moves listed for the side analysed are left out,
  // and the rest keep their order from 0.
  const std::vector<Info> avoided = parseUpdate(splitLines(engine.answer("lz-analyze 10 avoid w A9,C9, 1"))[1]);
  ASSERT_EQ(avoided.size(), 1U);
  EXPECT_EQ(avoided[0].values[0], "B9");
  EXPECT_EQ(avoided[0].values[5], "0");
  const std::vector<Info> two = parseUpdate(splitLines(engine.answer("lz-analyze 10 avoid w B9 1 avoid w A9 3"))[1]);
  ASSERT_EQ(two.size(), 1U);
  EXPECT_EQ(two[0].values[0], "C9");
  const std::vector<Info> allowed =
      parseUpdate(splitLines(engine.answer("lz-analyze W 10 allow w C9,B9 1 avoid b B9 1 maxmoves 1"))[1]);
  ASSERT_EQ(allowed.size(), 1U);
  EXPECT_EQ(allowed[0].values[0], "B9") << "the most visited allowed";
  EXPECT_EQ(engine.answer("kata-analyze 10 allow w D5 1"), "=\n\n") << "no candidate left: no update";

  // rootInfo: the whole search (the stand-in's 400 playouts, winrate 0.55 and lead 2.5), before the ownership.
  const std::string root = splitLines(engine.answer("kata-analyze 10 rootInfo true ownership true"))[1];
  EXPECT_NE(root.find(" pv C9 A9 rootInfo visits 400 winrate 0.550000 scoreMean 2.500 scoreLead 2.500 ownership "),
            std::string::npos)
      << root;
  EXPECT_EQ(splitLines(engine.answer("kata-analyze 10 rootInfo false"))[1].find("rootInfo"), std::string::npos);

  for (const char* line :
       {"lz-analyze 10 avoid w A9 0", "lz-analyze 10 avoid x A9 1", "lz-analyze 10 avoid w A9", "lz-analyze 10 avoid w",
        "lz-analyze 10 avoid w I9 1", "lz-analyze 10 avoid w A9 x", "lz-analyze 10 allow w A9 1 avoid w B9 1",
        "lz-analyze 10 avoid w A9 1 allow w B9 1", "lz-analyze 10 allow w A9 1 allow w B9 1",
        "lz-analyze 10 minmoves -1", "kata-analyze 10 rootInfo yes", "kata-analyze 10 pvVisits",
        "kata-analyze 10 nosuchkey true"}) {
    EXPECT_EQ(error(engine, line), "syntax error") << line;
  }
}

TEST(GtpAnalyzeTest, WithoutAHookThereIsNoAnalysis) {
  EngineOptions options = testOptions(9);
  options.analyze = nullptr;
  Engine engine(std::move(options));
  EXPECT_EQ(error(engine, "lz-analyze 10"), "analysis unavailable");
  EXPECT_EQ(error(engine, "kata-analyze 10"), "analysis unavailable");
}

TEST(GtpAnalyzeTest, AfterTwoPassesTheGameIsAnalysedResumedAndAfterAResignationNotAtAll) {
  EngineOptions options = testOptions(9);
  int started = 0;
  options.analyze = [&](const Game& game, Color toMove) -> std::unique_ptr<Analyzer> {
    ++started;
    EXPECT_EQ(game.phase(), Phase::Playing);
    return std::make_unique<FakeAnalyzer>(game, toMove);
  };
  options.genmove = [](const Game&, Color color, const MoveProgress&) { return GenmoveReply{Move::resign(color), {}}; };
  Engine engine(std::move(options));
  ok(engine, "play b E5");
  ok(engine, "play w pass");
  ok(engine, "play b pass");
  EXPECT_TRUE(engine.answer("lz-analyze w 10").starts_with("=\ninfo move "));
  EXPECT_EQ(engine.game().phase(), Phase::Scoring) << "the game itself is not resumed";
  ok(engine, "undo");
  EXPECT_EQ(ok(engine, "genmove b"), "resign");
  EXPECT_EQ(engine.answer("lz-analyze 10"), "=\n\n");
  EXPECT_EQ(started, 1);
}

// --- genmove_analyze ---

// A move source that reports its search twice while it thinks, then answers `move`.
GenmoveHook reportingSource(Point point, std::vector<std::chrono::milliseconds>* intervals = nullptr) {
  return [point, intervals](const Game& game, Color color, const MoveProgress& progress) {
    if (intervals != nullptr) intervals->push_back(progress.interval);
    if (progress.report) {
      FakeAnalyzer analyzer(game, color);
      for (int i = 0; i < 2; ++i) {
        analyzer.search(100, {});
        progress.report(analyzer.report(10));
      }
    }
    return GenmoveReply{Move::play(color, point), {}};
  };
}

TEST(GtpGenmoveAnalyzeTest, StreamsTheSearchAndEndsWithPlay) {
  EngineOptions options = testOptions(9);
  std::vector<std::chrono::milliseconds> intervals;
  options.genmove = reportingSource({2, 6}, &intervals);
  Engine engine(std::move(options));
  ok(engine, "play b E5");
  const std::vector<std::string> lines = splitLines(engine.answer("5 kata-genmove_analyze w 25"));
  ASSERT_EQ(lines.size(), 5U);
  EXPECT_EQ(lines[0], "=5");
  expectKataGoUpdate(lines[1]);
  expectKataGoUpdate(lines[2]);
  EXPECT_EQ(lines[3], "play G7");
  EXPECT_EQ(lines[4], "");
  EXPECT_EQ(intervals, std::vector<std::chrono::milliseconds>{std::chrono::milliseconds(250)});
  EXPECT_EQ(engine.game().moveCount(), 2);
  EXPECT_EQ(engine.game().moves().back(), Move::play(Color::White, {2, 6})) << "the move is played";

  EngineOptions lzOptions = testOptions(9);
  lzOptions.genmove = reportingSource({2, 6});
  Engine lzEngine(std::move(lzOptions));
  const std::vector<std::string> lz = splitLines(lzEngine.answer("lz-genmove_analyze b 10 maxmoves 1"));
  ASSERT_EQ(lz.size(), 5U);
  expectLeelaZeroUpdate(lz[1]);
  EXPECT_EQ(parseUpdate(lz[1]).size(), 1U);
  EXPECT_EQ(lz[3], "play G7");
  EXPECT_EQ(lzEngine.game().moves().back(), Move::play(Color::Black, {2, 6}));
}

TEST(GtpGenmoveAnalyzeTest, WithoutAnIntervalOrFromASourceThatDoesNotReportOnlyThePlay) {
  EngineOptions options = testOptions(9);
  std::vector<std::chrono::milliseconds> intervals;
  options.genmove = reportingSource({0, 0}, &intervals);
  Engine engine(std::move(options));
  EXPECT_EQ(engine.answer("lz-genmove_analyze b"), "=\nplay A9\n\n");
  EXPECT_EQ(intervals, std::vector<std::chrono::milliseconds>{std::chrono::milliseconds(0)});

  Engine plain(testOptions(9));  // its source (firstLegalPoint) never reports
  EXPECT_EQ(plain.answer("3 kata-genmove_analyze 10"), "=3\nplay A9\n\n") << "the side to move when no colour";
  EXPECT_EQ(plain.game().moveCount(), 1);
}

TEST(GtpGenmoveAnalyzeTest, FailuresAreGenmovesUntilAnUpdateIsOut) {
  EngineOptions options = testOptions(9);
  bool reportFirst = false;
  options.genmove = [&](const Game& game, Color color, const MoveProgress& progress) {
    if (reportFirst && progress.report) progress.report(FakeAnalyzer(game, color).report(10));
    return GenmoveReply{std::nullopt, "no legal move in 5 attempts"};
  };
  Engine engine(std::move(options));
  EXPECT_EQ(engine.answer("4 lz-genmove_analyze b 10"), "?4 ai failed: no legal move in 5 attempts\n\n");
  reportFirst = true;
  const std::vector<std::string> lines = splitLines(engine.answer("lz-genmove_analyze b 10"));
  ASSERT_EQ(lines.size(), 3U) << "the `=` line, the update and the end; no play";
  EXPECT_EQ(lines[0], "=");
  EXPECT_EQ(lines[2], "");
  EXPECT_EQ(engine.game().moveCount(), 0);
}

TEST(GtpGenmoveAnalyzeTest, AfterAResignationTheGameIsOver) {
  EngineOptions options = testOptions(9);
  options.genmove = [](const Game&, Color color, const MoveProgress&) { return GenmoveReply{Move::resign(color), {}}; };
  Engine engine(std::move(options));
  EXPECT_EQ(engine.answer("kata-genmove_analyze b 10"), "=\nplay resign\n\n");
  EXPECT_EQ(engine.game().phase(), Phase::Finished);
  EXPECT_EQ(error(engine, "kata-genmove_analyze w 10"), "game is over");
}

// --- GoGui ---

TEST(GtpGoGuiAnalyzeTest, AnalyzeCommandsListTheOwnershipAndTheEstimate) {
  Engine engine(testOptions());
  EXPECT_EQ(engine.answer("gogui-analyze_commands"),
            "= gfx/Ownership/tengen-ownership\nstring/Estimate/tengen-estimate\n\n");
}

// A judgment of a 9x9 position in play: ownership 0.9 (Black's) on the left half, -0.6 on the right, 0 in the
// middle column; the white stone on B5 dead; B+3.5.
Analysis leftHalfBlack(const Game& game) {
  Analysis a;
  a.size = game.size();
  a.final = false;
  const auto points = static_cast<std::size_t>(a.size) * a.size;
  a.status.assign(points, StoneStatus::Alive);
  a.owner.assign(points, Color::Empty);
  a.playoutOwnership.assign(points, 0.0F);
  for (int row = 0; row < a.size; ++row) {
    for (int col = 0; col < a.size; ++col) {
      const std::size_t i = static_cast<std::size_t>(row) * a.size + col;
      a.playoutOwnership[i] = col < a.size / 2 ? 0.9F : col > a.size / 2 ? -0.6F : 0.0F;
    }
  }
  a.dead = {{4, 1}};
  a.status[4 * 9 + 1] = StoneStatus::Dead;
  a.score.result = "B+3.5";
  return a;
}

TEST(GtpGoGuiAnalyzeTest, OwnershipIsGfxInfluenceWithBlackPositive) {
  EngineOptions options = testOptions(9);
  options.judge = leftHalfBlack;
  Engine engine(std::move(options));
  ok(engine, "play w B5");
  const std::vector<std::string> lines = splitLines(ok(engine, "tengen-ownership"));
  ASSERT_EQ(lines.size(), 2U);
  const std::vector<std::string> w = words(lines[0]);
  ASSERT_EQ(w.size(), 1U + 2 * 81);
  EXPECT_EQ(w[0], "INFLUENCE");
  for (std::size_t i = 1; i < w.size(); i += 2) {
    const Result<ParsedVertex> v = parseGtpVertex(w[i], 9);
    ASSERT_TRUE(v.ok()) << w[i];
    const double value = std::stod(w[i + 1]);
    EXPECT_GE(value, -1);
    EXPECT_LE(value, 1);
    const int col = v->point.col;
    EXPECT_DOUBLE_EQ(value, col < 4 ? 0.9 : col > 4 ? -0.6 : 0.0) << w[i];
  }
  EXPECT_EQ(w[1], "A9") << "from the top-left point, row by row";
  EXPECT_EQ(w[3], "B9");
  EXPECT_EQ(w[w.size() - 2], "J1");
  EXPECT_EQ(lines[1], "TEXT B+3.5 (estimate)");
}

TEST(GtpGoGuiAnalyzeTest, EstimateNamesTheResultAndTheDeadStones) {
  EngineOptions options = testOptions(9);
  options.judge = leftHalfBlack;
  Engine engine(std::move(options));
  ok(engine, "play w B5");
  EXPECT_EQ(ok(engine, "tengen-estimate"), "B+3.5 (estimate); dead: B5");
  Engine plain(testOptions(9));  // core's count of an empty board: komi, nothing dead
  EXPECT_EQ(ok(plain, "tengen-estimate"), "W+7.5 (estimate); dead: none");
}

// --- streaming through Engine::run ---

// Input fed by the test while Engine::run reads it on another thread: a read waits until there is more, or until
// the input is closed.
class FedInput final : public std::streambuf {
 public:
  void feed(const std::string& text) {
    const std::lock_guard lock(m_mutex);
    m_pending += text;
    m_changed.notify_all();
  }
  void close() {
    const std::lock_guard lock(m_mutex);
    m_closed = true;
    m_changed.notify_all();
  }

 protected:
  int_type underflow() override {
    std::unique_lock lock(m_mutex);
    m_changed.wait(lock, [this] { return !m_pending.empty() || m_closed; });
    if (m_pending.empty()) return traits_type::eof();
    m_current = std::move(m_pending);
    m_pending.clear();
    setg(m_current.data(), m_current.data(), m_current.data() + m_current.size());
    return traits_type::to_int_type(*gptr());
  }

 private:
  std::mutex m_mutex;
  std::condition_variable m_changed;
  std::string m_pending;
  std::string m_current;
  bool m_closed = false;
};

// Output the test watches as Engine::run writes it.
class WatchedOutput final : public std::streambuf {
 public:
  // Waits until `done` holds for the text so far, for at most a minute (a machine can be very slow; nothing here
  // depends on it being fast). Returns whether it came.
  bool waitFor(const std::function<bool(const std::string&)>& done) {
    std::unique_lock lock(m_mutex);
    return m_changed.wait_for(lock, std::chrono::minutes(1), [&] { return done(m_text); });
  }
  std::string text() const {
    const std::lock_guard lock(m_mutex);
    return m_text;
  }

 protected:
  int_type overflow(int_type ch) override {
    if (traits_type::eq_int_type(ch, traits_type::eof())) return traits_type::not_eof(ch);
    const char c = traits_type::to_char_type(ch);
    xsputn(&c, 1);
    return ch;
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    const std::lock_guard lock(m_mutex);
    m_text.append(s, static_cast<std::size_t>(n));
    m_changed.notify_all();
    return n;
  }

 private:
  mutable std::mutex m_mutex;
  std::condition_variable m_changed;
  std::string m_text;
};

// Engine::run on a thread of its own, over input the test feeds and output it watches.
class Session {
 public:
  explicit Session(EngineOptions options) : m_engine(std::move(options)), m_in(&m_input), m_out(&m_output) {
    m_thread = std::thread([this] { m_engine.run(m_in, m_out); });
  }
  ~Session() {
    m_input.close();
    finish();
  }
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  void send(const std::string& line) { m_input.feed(line + "\n"); }
  void close() { m_input.close(); }
  bool waitFor(const std::function<bool(const std::string&)>& done) { return m_output.waitFor(done); }
  // Waits until the output holds `count` lines starting with `prefix` after `after`.
  bool waitForLines(const std::string& prefix, int count, std::size_t after = 0) {
    return waitFor([&](const std::string& text) {
      int seen = 0;
      for (const std::string& line : splitLines(text.substr(std::min(after, text.size())))) {
        seen += line.starts_with(prefix) ? 1 : 0;
      }
      return seen >= count;
    });
  }
  // Waits for run() to return (the input closed, or quit).
  void finish() {
    if (m_thread.joinable()) m_thread.join();
  }
  std::string output() const { return m_output.text(); }
  const Engine& engine() const { return m_engine; }

 private:
  Engine m_engine;
  FedInput m_input;
  WatchedOutput m_output;
  std::istream m_in;
  std::ostream m_out;
  std::thread m_thread;
};

// A stand-in analysis that takes 200 microseconds a playout, so that updates come at every interval.
EngineOptions pacedOptions() {
  EngineOptions options = testOptions(9);
  options.analyze = [](const Game& game, Color toMove) -> std::unique_ptr<Analyzer> {
    return std::make_unique<FakeAnalyzer>(game, toMove, std::chrono::microseconds(200));
  };
  return options;
}

TEST(GtpAnalyzeStreamTest, LzAnalyzeStreamsUntilTheNextCommandWhichIsThenAnswered) {
  Session session(pacedOptions());
  session.send("boardsize 9");
  session.send("play b E5");
  session.send("lz-analyze 1");
  ASSERT_TRUE(session.waitForLines("info ", 3)) << session.output();
  session.send("2 name");
  ASSERT_TRUE(session.waitFor([](const std::string& text) { return text.ends_with("=2 tengen\n\n"); }))
      << session.output();
  const std::string out = session.output();
  ASSERT_TRUE(out.starts_with("= \n\n= \n\n=\n")) << out;
  const std::string stream = out.substr(std::string("= \n\n= \n\n=\n").size());
  const std::size_t end = stream.find("\n\n");
  ASSERT_NE(end, std::string::npos) << out;
  EXPECT_EQ(stream.substr(end), "\n\n=2 tengen\n\n") << "an empty line ends the stream before the next response";
  const std::vector<std::string> updates = splitLines(stream.substr(0, end + 1));
  EXPECT_GE(updates.size(), 3U);
  for (const std::string& line : updates) expectLeelaZeroUpdate(line);
  EXPECT_EQ(session.engine().game().moveCount(), 1);
}

// The line that ends a stream is read with the same limit as any other: one too long ends it and is refused.
TEST(GtpAnalyzeStreamTest, ALineTooLongEndsTheStreamAndIsRefused) {
  Session session(pacedOptions());
  session.send("lz-analyze 1");
  ASSERT_TRUE(session.waitForLines("info ", 2)) << session.output();
  session.send("4 name " + std::string(Engine::kMaxLineBytes, 'x'));
  session.send("5 name");
  ASSERT_TRUE(session.waitFor([](const std::string& text) { return text.ends_with("=5 tengen\n\n"); }))
      << session.output().substr(0, 2000);
  EXPECT_TRUE(session.output().ends_with("\n\n?4 line too long\n\n=5 tengen\n\n"));
}

TEST(GtpAnalyzeStreamTest, KataAnalyzeWithOwnershipThenAnEmptyLineStopsItUnanswered) {
  Session session(pacedOptions());
  session.send("play b E5");
  session.send("9 kata-analyze 1 ownership true");
  ASSERT_TRUE(session.waitForLines("info ", 2)) << session.output();
  session.send("");
  session.send("version");
  ASSERT_TRUE(session.waitFor([](const std::string& text) { return text.ends_with("= test\n\n"); }))
      << session.output();
  const std::vector<std::string> lines = splitLines(session.output());
  ASSERT_GE(lines.size(), 7U);
  EXPECT_EQ(lines[2], "=9");
  std::size_t i = 3;
  for (; i < lines.size() && lines[i].starts_with("info "); ++i) expectKataGoUpdate(lines[i], 81);
  EXPECT_GE(i, 5U);
  ASSERT_EQ(lines.size(), i + 3) << session.output();
  EXPECT_EQ(lines[i], "") << "the stream's end";
  EXPECT_EQ(lines[i + 1], "= test") << "the empty line that stopped it is not answered";
}

TEST(GtpAnalyzeStreamTest, WithoutAnIntervalNothingButTheFrame) {
  Session session(pacedOptions());
  session.send("lz-analyze");
  ASSERT_TRUE(session.waitFor([](const std::string& text) { return text == "=\n"; }));
  session.send("name");
  ASSERT_TRUE(session.waitFor([](const std::string& text) { return text.ends_with("= tengen\n\n"); }));
  EXPECT_EQ(session.output(), "=\n\n= tengen\n\n");
}

TEST(GtpAnalyzeStreamTest, TheEndOfInputEndsTheStreamAndTheSession) {
  Session session(pacedOptions());
  session.send("lz-analyze 1");
  ASSERT_TRUE(session.waitForLines("info ", 1));
  session.close();
  session.finish();
  const std::string out = session.output();
  EXPECT_TRUE(out.starts_with("=\ninfo ")) << out;
  EXPECT_TRUE(out.ends_with("\n\n")) << out;
  EXPECT_EQ(out.find("\n\n"), out.size() - 2) << out;
}

TEST(GtpAnalyzeStreamTest, QuitEndsTheStreamAndIsAnswered) {
  Session session(pacedOptions());
  session.send("lz-analyze 1");
  ASSERT_TRUE(session.waitForLines("info ", 1));
  session.send("quit");
  session.finish();
  EXPECT_TRUE(session.output().ends_with("\n\n= \n\n")) << session.output();
  EXPECT_TRUE(session.engine().quitRequested());
}

TEST(GtpAnalyzeStreamTest, ASearchThatStopsGrowingWaitsQuietlyForTheNextCommand) {
  EngineOptions options = testOptions(9);
  options.analyze = [](const Game& game, Color toMove) -> std::unique_ptr<Analyzer> {
    return std::make_unique<FakeAnalyzer>(game, toMove, std::chrono::microseconds(0), 50);
  };
  Session session(std::move(options));
  session.send("lz-analyze 1");
  ASSERT_TRUE(session.waitFor([](const std::string& text) { return text == "=\n"; }));
  session.send("name");
  ASSERT_TRUE(session.waitFor([](const std::string& text) { return text.ends_with("= tengen\n\n"); }));
  // A stop after the last playout may or may not leave time for one update: at most one, with all 50 playouts.
  const std::vector<std::string> lines = splitLines(session.output());
  EXPECT_LE(lines.size(), 5U) << session.output();
}

TEST(GtpAnalyzeStreamTest, GenmoveAnalyzeStreamsAndPlaysInASession) {
  EngineOptions options = testOptions(9);
  options.genmove = reportingSource({2, 2});
  Session session(std::move(options));
  session.send("play b E5");
  session.send("kata-genmove_analyze w 10");
  session.send("list_stones white");
  ASSERT_TRUE(session.waitFor([](const std::string& text) { return text.ends_with("= C7\n\n"); })) << session.output();
  const std::vector<std::string> lines = splitLines(session.output());
  ASSERT_EQ(lines.size(), 9U) << session.output();
  EXPECT_EQ(lines[2], "=");
  expectKataGoUpdate(lines[3]);
  expectKataGoUpdate(lines[4]);
  EXPECT_EQ(lines[5], "play C7");
  EXPECT_EQ(lines[6], "");
}

}  // namespace
}  // namespace tengen::gtp
