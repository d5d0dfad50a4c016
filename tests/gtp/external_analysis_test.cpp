// External analysis: the analysis lines read back (written by analysis_format's writer and by Leela Zero itself), the
// client's streams, and `tengen gtp --engine gtp:leelaz` passing lz-analyze and lz-genmove_analyze through to the real
// Leela Zero of Debian's leela-zero package, running a tiny seeded network (support/leela_network.h).
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "tengen/core/coords.h"
#include "tengen/gtp/analysis_line.h"
#include "tengen/gtp/client.h"
#include "tengen/gtp/process.h"

#include "analysis_format.h"
#include "support/leela_network.h"
#include "support/temp_dir.h"

namespace tengen::gtp {
namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::seconds;

constexpr const char* kTengen = TENGEN_CLI;

SearchReport sampleReport(Color toMove, int size) {
  SearchReport report;
  report.toMove = toMove;
  const Color other = opponent(toMove);
  SearchCandidate a;
  a.move = Move::play(toMove, {2, 2});
  a.visits = 120;
  a.winrate = 0.54;
  a.lcb = 0.51;
  a.prior = 0.1234;
  a.scoreLead = 2.5;
  a.pv = {a.move, Move::play(other, {6, 6}), Move::pass(toMove)};
  SearchCandidate b;
  b.move = Move::pass(toMove);
  b.visits = 30;
  b.winrate = 0.25;
  b.scoreLead = -4;
  b.pv = {b.move};
  report.candidates = {a, b};
  report.ownership.assign(static_cast<std::size_t>(size) * size, 0.0F);
  report.ownership[0] = 0.75F;
  report.ownership[1] = -0.5F;
  return report;
}

TEST(AnalysisLine, ReadsBackLeelaZerosDialectAsWritten) {
  const SearchReport written = sampleReport(Color::White, 9);
  const std::string line = analysisLine(written, 9, AnalysisFormat::LeelaZero);
  const Result<SearchReport> read = parseAnalysisLine(line, 9, AnalysisFormat::LeelaZero, Color::White);
  ASSERT_TRUE(read.ok()) << read.error();
  ASSERT_EQ(read->candidates.size(), 2U);
  EXPECT_EQ(read->candidates[0].move, written.candidates[0].move);
  EXPECT_EQ(read->candidates[0].visits, 120);
  EXPECT_NEAR(read->candidates[0].winrate, 0.54, 1e-4);
  EXPECT_NEAR(read->candidates[0].lcb, 0.51, 1e-4);
  EXPECT_NEAR(read->candidates[0].prior, 0.1234, 1e-4);
  EXPECT_EQ(read->candidates[0].pv, written.candidates[0].pv);
  EXPECT_EQ(read->candidates[1].move.kind, MoveKind::Pass);
  EXPECT_EQ(read->playouts, 150);
  EXPECT_NEAR(read->winrate, 0.54, 1e-4);
  EXPECT_TRUE(read->ownership.empty());
}

TEST(AnalysisLine, ReadsBackKataGosDialectWithTheOwnershipFromBlacksView) {
  const SearchReport written = sampleReport(Color::White, 9);
  const std::string line = analysisLine(written, 9, AnalysisFormat::KataGo, {.ownership = true});
  const Result<SearchReport> read = parseAnalysisLine(line, 9, AnalysisFormat::KataGo, Color::White);
  ASSERT_TRUE(read.ok()) << read.error();
  ASSERT_EQ(read->candidates.size(), 2U);
  EXPECT_NEAR(read->candidates[0].winrate, 0.54, 1e-6);
  EXPECT_NEAR(read->candidates[0].scoreLead, 2.5, 1e-3);
  EXPECT_NEAR(read->candidates[1].scoreLead, -4, 1e-3);
  EXPECT_NEAR(read->scoreLead, 2.5, 1e-3);
  ASSERT_EQ(read->ownership.size(), 81U);
  EXPECT_NEAR(read->ownership[0], 0.75, 1e-4);
  EXPECT_NEAR(read->ownership[1], -0.5, 1e-4);
}

TEST(AnalysisLine, SkipsKataGosOtherFields) {
  const std::string line =
      "info move D4 visits 10 edgeVisits 10 utility 0.1 winrate 0.6 scoreMean 1.5 scoreStdev 9.1 scoreLead 1.25 "
      "scoreSelfplay 1.4 prior 0.2 lcb 0.55 utilityLcb 0.05 weight 10.0 order 0 isSymmetryOf C3 pv D4 E5 "
      "pvVisits 10 4 pvEdgeVisits 10 4 info move E5 visits 3 winrate 0.4 order 1 pv E5 rootInfo visits 13 "
      "winrate 0.58 scoreLead 1.1 currentPlayer B";
  const Result<SearchReport> read = parseAnalysisLine(line, 9, AnalysisFormat::KataGo, Color::Black);
  ASSERT_TRUE(read.ok()) << read.error();
  ASSERT_EQ(read->candidates.size(), 2U);
  EXPECT_EQ(read->candidates[0].move, Move::play(Color::Black, parseGtpVertex("D4", 9)->point));
  EXPECT_NEAR(read->candidates[0].scoreLead, 1.25, 1e-9);
  EXPECT_EQ(read->candidates[0].pv.size(), 2U);
  EXPECT_EQ(read->candidates[1].visits, 3);
}

TEST(AnalysisLine, RefusesWhatIsNoUpdateSayingWhy) {
  const auto why = [](std::string_view line) {
    const Result<SearchReport> read = parseAnalysisLine(line, 19, AnalysisFormat::LeelaZero, Color::Black);
    return read.ok() ? std::string("accepted") : read.error();
  };
  EXPECT_NE(why("= D4").find("does not start with info"), std::string::npos);
  EXPECT_NE(why("info move Z99 visits 3 winrate 5000 pv D4").find("Z99"), std::string::npos);
  EXPECT_NE(why("info move D4 winrate 5000 pv D4").find("without its visits"), std::string::npos);
  EXPECT_NE(why("info move D4 visits 3 pv D4").find("without its winrate"), std::string::npos);
  EXPECT_NE(why("info move D4 visits 3 winrate lots pv D4").find("lots"), std::string::npos);
  EXPECT_NE(why("info move D4 visits 3 winrate").find("without a value"), std::string::npos);
}

// The client's streams against `tengen gtp` itself, which every build has: the updates are read as they come, and the
// next command ends the stream first and gets its own answer.
TEST(ClientStream, ReadsUpdatesAndEndsTheStreamBeforeTheNextCommand) {
  ClientOptions options;
  options.timeout = seconds(30);
  Result<std::unique_ptr<Client>> started = Client::start(joinCommandLine({kTengen, "gtp", "--size", "9"}), options);
  ASSERT_TRUE(started.ok()) << started.error();
  Client& c = **started;
  EXPECT_FALSE(c.readStreamLine(Clock::now()).ok());
  const Result<Response> begun = c.beginStream("kata-analyze b 5 ownership true");
  ASSERT_TRUE(begun.ok()) << begun.error();
  ASSERT_TRUE(begun->success);
  ASSERT_TRUE(c.streaming());
  int read = 0;
  for (const Clock::time_point giveUp = Clock::now() + seconds(20); read < 2 && Clock::now() < giveUp;) {
    const Result<std::optional<std::string>> line = c.readStreamLine(Clock::now() + std::chrono::milliseconds(100));
    ASSERT_TRUE(line.ok()) << line.error();
    if (!line->has_value()) continue;
    const Result<SearchReport> report = parseAnalysisLine(**line, 9, AnalysisFormat::KataGo, Color::Black);
    ASSERT_TRUE(report.ok()) << report.error();
    EXPECT_EQ(report->ownership.size(), 81U);
    ++read;
  }
  EXPECT_EQ(read, 2);
  const Result<std::string> name = c.call("name");
  ASSERT_TRUE(name.ok()) << name.error();
  EXPECT_EQ(*name, "tengen");
  EXPECT_FALSE(c.streaming());
  // A refused stream opens none.
  const Result<Response> refused = c.beginStream("lz-analyze purple");
  ASSERT_TRUE(refused.ok()) << refused.error();
  EXPECT_FALSE(refused->success);
  EXPECT_FALSE(c.streaming());
  // endStream() on an open stream, then the session goes on.
  ASSERT_TRUE(c.beginStream("lz-analyze 5").ok());
  EXPECT_TRUE(c.endStream().ok());
  EXPECT_FALSE(c.streaming());
  EXPECT_TRUE(c.call("play b E5").ok());
}

// Leela Zero from Debian with the tiny network, or a skip when it is not installed.
class LeelaZero : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!std::filesystem::exists(test_support::kLeelaZero)) GTEST_SKIP() << "leela-zero is not installed";
    ASSERT_FALSE(m_dir.path().empty());
    m_network = (m_dir.path() / "tiny-network.txt").string();
    ASSERT_TRUE(test_support::writeLeelaNetwork(m_network));
  }

  // The engine's command line: one thread, no pondering, 2000 playouts a move (under a second), the tiny network.
  std::string leelaz() const {
    return joinCommandLine(
        {test_support::kLeelaZero, "--gtp", "--cpu-only", "--noponder", "-t", "1", "-p", "2000", "-w", m_network});
  }

  std::unique_ptr<Client> start(const std::string& commandLine) {
    ClientOptions options;
    options.timeout = seconds(60);
    Result<std::unique_ptr<Client>> c = Client::start(commandLine, options);
    EXPECT_TRUE(c.ok()) << c.error();
    return c.ok() ? std::move(c).value() : nullptr;
  }

  // The stream's updates until `count` have come (or ten seconds passed).
  static std::vector<std::string> updates(Client& c, std::size_t count) {
    std::vector<std::string> lines;
    const Clock::time_point giveUp = Clock::now() + seconds(10);
    while (lines.size() < count && Clock::now() < giveUp) {
      const Result<std::optional<std::string>> line = c.readStreamLine(Clock::now() + std::chrono::milliseconds(200));
      EXPECT_TRUE(line.ok()) << line.error();
      if (!line.ok()) break;
      if (line->has_value() && !(*line)->empty()) lines.push_back(**line);
    }
    return lines;
  }

  test_support::TempDir m_dir{"tengen-leelaz"};
  std::string m_network;
};

TEST_F(LeelaZero, ItsOwnAnalysisLinesAreRead) {
  std::unique_ptr<Client> c = start(leelaz());
  ASSERT_TRUE(c);
  ASSERT_TRUE(c->call("play b D4").ok());
  const Result<Response> begun = c->beginStream("lz-analyze w 5");
  ASSERT_TRUE(begun.ok()) << begun.error();
  ASSERT_TRUE(begun->success) << begun->text;
  EXPECT_TRUE(c->streaming());
  const std::vector<std::string> lines = updates(*c, 3);
  ASSERT_EQ(lines.size(), 3U);
  long lastVisits = 0;
  for (const std::string& line : lines) {
    const Result<SearchReport> report = parseAnalysisLine(line, 19, AnalysisFormat::LeelaZero, Color::White);
    ASSERT_TRUE(report.ok()) << report.error() << ": " << line;
    ASSERT_FALSE(report->candidates.empty());
    for (const SearchCandidate& cand : report->candidates) {
      EXPECT_EQ(cand.move.color, Color::White);
      // D4 is taken.
      const bool free = cand.move.kind == MoveKind::Pass || !(cand.move.point == Point{15, 3});
      EXPECT_TRUE(free) << line;
      EXPECT_GE(cand.winrate, 0);
      EXPECT_LE(cand.winrate, 1);
    }
    EXPECT_GE(report->playouts, lastVisits);
    lastVisits = report->playouts;
  }
  // The next command ends the stream first and gets its own answer.
  const Result<std::string> name = c->call("name");
  ASSERT_TRUE(name.ok()) << name.error();
  EXPECT_EQ(*name, "Leela Zero");
  EXPECT_FALSE(c->streaming());
}

TEST_F(LeelaZero, TengenGtpPassesItsAnalysisThroughAndAnswersTheNextCommand) {
  std::unique_ptr<Client> c = start(joinCommandLine({kTengen, "gtp", "--engine", "gtp:" + leelaz()}));
  ASSERT_TRUE(c);
  ASSERT_TRUE(c->call("play b Q16").ok());
  const Result<Response> begun = c->beginStream("lz-analyze w 5");
  ASSERT_TRUE(begun.ok()) << begun.error();
  ASSERT_TRUE(begun->success) << begun->text;
  const std::vector<std::string> lines = updates(*c, 2);
  ASSERT_EQ(lines.size(), 2U);
  for (const std::string& line : lines) {
    // Leela Zero's own line: its 1/10000 rates, as it writes them.
    const Result<SearchReport> report = parseAnalysisLine(line, 19, AnalysisFormat::LeelaZero, Color::White);
    ASSERT_TRUE(report.ok()) << report.error() << ": " << line;
    EXPECT_FALSE(report->candidates.empty());
  }
  // play after the stream: answered as play, and the position went on in both.
  const Result<Response> played = c->send("play w D4");
  ASSERT_TRUE(played.ok()) << played.error();
  EXPECT_TRUE(played->success) << played->text;
  const Result<std::string> move = c->call("genmove b");
  ASSERT_TRUE(move.ok()) << move.error();
  EXPECT_TRUE(parseGtpVertex(*move, 19).ok()) << *move;
  const Result<std::string> name = c->call("name");
  ASSERT_TRUE(name.ok()) << name.error();
  EXPECT_EQ(*name, "tengen");

  // lz-genmove_analyze: Leela Zero's updates, then its move, which tengen plays too.
  const Result<Response> genmove = c->beginStream("lz-genmove_analyze w 5");
  ASSERT_TRUE(genmove.ok()) << genmove.error();
  ASSERT_TRUE(genmove->success) << genmove->text;
  std::string last;
  for (const Clock::time_point giveUp = Clock::now() + seconds(60); c->streaming() && Clock::now() < giveUp;) {
    const Result<std::optional<std::string>> line = c->readStreamLine(Clock::now() + seconds(1));
    ASSERT_TRUE(line.ok()) << line.error();
    if (line->has_value() && !(*line)->empty()) last = **line;
  }
  ASSERT_FALSE(c->streaming());
  ASSERT_TRUE(last.starts_with("play ")) << last;
  const Result<std::string> stones = c->call("list_stones white");
  ASSERT_TRUE(stones.ok()) << stones.error();
  EXPECT_NE(stones->find("D4"), std::string::npos);
  const std::string vertex = last.substr(5);
  if (vertex != "pass" && vertex != "resign") {
    EXPECT_NE(stones->find(vertex), std::string::npos) << *stones;
  }
}

TEST_F(LeelaZero, TengenGtpPassesItsRefusalOfAnotherBoardSizeBack) {
  std::unique_ptr<Client> c = start(joinCommandLine({kTengen, "gtp", "--size", "9", "--engine", "gtp:" + leelaz()}));
  ASSERT_TRUE(c);
  const Result<Response> begun = c->beginStream("lz-analyze b 5");
  ASSERT_TRUE(begun.ok()) << begun.error();
  EXPECT_FALSE(begun->success);
  EXPECT_NE(begun->text.find("boardsize 9"), std::string::npos) << begun->text;
  const Result<std::string> name = c->call("name");
  ASSERT_TRUE(name.ok()) << name.error();
  EXPECT_EQ(*name, "tengen");
}

}  // namespace
}  // namespace tengen::gtp
