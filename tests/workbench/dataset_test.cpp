// tengen dataset against what the openai: source really sends: SFT rows whose messages are the bytes of the
// requests a scripted OpenAI-compatible server received for the same positions, and DPO pairs rebuilt from a real
// error log whose prompts are those of each attempt and whose pictures match the logged hashes.
#include "tengen/workbench/dataset.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tengen/ai/error_log.h"
#include "tengen/ai/move_source.h"
#include "tengen/ai/referee.h"
#include "tengen/core/coords.h"
#include "tengen/core/sha256.h"
#include "tengen/net/http_client.h"
#include "tengen/sources/make_source.h"
#include "tengen/workbench/positions.h"

#include "support/fake_model.h"
#include "support/temp_dir.h"

namespace tengen::workbench {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using test_support::FakeServer;
using test_support::readFile;

constexpr const char* kRecord =
    "(;GM[1]FF[4]SZ[9]KM[7]RU[Chinese];B[ee];W[cc];B[gc];W[cg];B[gg];W[ec];B[ce];W[eg];B[ge];W[dd];B[fd];W[df])";

std::vector<Position> positionsOf(const test_support::TempDir& dir, int every) {
  test_support::writeFile(dir.path() / "a.sgf", kRecord);
  Sampling sampling;
  sampling.every = every;
  Result<PositionSet> set = collectPositions({(dir.path() / "a.sgf").string()}, sampling);
  EXPECT_TRUE(set.ok()) << set.error();
  return set ? set->positions : std::vector<Position>{};
}

std::vector<std::string> lines(const fs::path& path) {
  std::vector<std::string> out;
  std::istringstream in(readFile(path));
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

sources::SourceOptions sourceOptions(const std::string& coords) {
  sources::SourceOptions options;
  options.model.model = "lora_r5";
  options.model.coords = *sources::parseCoordFormat(coords);
  options.timeoutSeconds = 10;
  return options;
}

// The `messages` array of a row that starts with `head` and whose messages end with one more turn, `lastTurn`.
std::string messagesBefore(const std::string& row, const std::string& head, const std::string& lastTurn) {
  EXPECT_EQ(row.compare(0, head.size(), head), 0) << row.substr(0, 80);
  const std::size_t at = row.find("," + lastTurn + "]");
  EXPECT_NE(at, std::string::npos) << "no " << lastTurn;
  if (at == std::string::npos) return {};
  return row.substr(head.size(), at - head.size()) + "]";
}

class SftRows : public ::testing::TestWithParam<std::string> {};

// Each position asked through the openai: source, then written by dataset sft: the row's messages (without the
// answer) are a byte-for-byte piece of the request body the server received, picture included.
TEST_P(SftRows, MessagesAreTheBytesTheOpenAiSourceSends) {
  const std::string coords = GetParam();
  test_support::TempDir dir("tengen-dataset");
  const std::vector<Position> positions = positionsOf(dir, 5);  // moves 1, 6, 11
  ASSERT_EQ(positions.size(), 3U);
  FakeServer server({R"({"content": "pass"})"});
  const sources::SourceOptions options = sourceOptions(coords);
  Result<std::unique_ptr<ai::MoveSource>> source = sources::makeSource(server.spec(), options);
  ASSERT_TRUE(source.ok()) << source.error();
  for (const Position& p : positions) {
    const ai::RefereeOutcome outcome =
        ai::requestMove(*source.value(), p.game(), p.color(), ai::RefereeOptions(ai::ErrorLog::none()));
    ASSERT_TRUE(outcome.move.has_value()) << outcome.error;
  }
  const std::vector<std::string> bodies = server.bodyTexts();
  ASSERT_EQ(bodies.size(), 3U);

  SftOptions sft;
  sft.model = options.model;
  sft.output.path = (dir.path() / "sft.jsonl").string();
  const Result<DatasetSummary> written = writeSft(positions, sft);
  ASSERT_TRUE(written.ok()) << written.error();
  EXPECT_EQ(written->rows, 3);
  const std::vector<std::string> rows = lines(sft.output.path);
  ASSERT_EQ(rows.size(), 3U);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const Position& p = positions[i];
    const std::string answer = coords == "rowcol" ? rowColText(p.recordMove.point) : gtpMove(p.recordMove, 9);
    const std::string turn = R"({"role":"assistant","content":")" + answer + "\"}";
    const std::string messages = messagesBefore(rows[i], R"({"messages":)", turn);
    ASSERT_FALSE(messages.empty());
    EXPECT_NE(bodies[i].find("\"messages\":" + messages + ","), std::string::npos) << "row " << i;
    EXPECT_NE(messages.find("data:image/png;base64,"), std::string::npos);
  }
  // The record's first moves, as the model is asked to write them.
  EXPECT_NE(rows[0].find(coords == "rowcol" ? "\"(4, 4)\"" : "\"E5\""), std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(BothCoordinateFormats, SftRows, ::testing::Values("gtp", "rowcol"));

// The sharegpt rows name picture files whose bytes are the PNG the openai rows carry inline, and the user's text
// ends with the <image> placeholder where the picture stands.
TEST(Sft, ShareGptPicturesAreTheFilesOfTheSamePngs) {
  test_support::TempDir dir("tengen-dataset");
  const std::vector<Position> positions = positionsOf(dir, 4);
  SftOptions inlined;
  inlined.output.path = (dir.path() / "openai.jsonl").string();
  ASSERT_TRUE(writeSft(positions, inlined).ok());
  SftOptions files;
  files.output.path = (dir.path() / "train.jsonl").string();
  files.output.format = DatasetFormat::ShareGpt;
  files.output.imagesDir = defaultImagesDir(files.output.path);
  EXPECT_EQ(files.output.imagesDir, (dir.path() / "train-images").string());
  const Result<DatasetSummary> written = writeSft(positions, files);
  ASSERT_TRUE(written.ok()) << written.error();
  EXPECT_EQ(written->picturesWritten, 3);

  const std::vector<std::string> openai = lines(inlined.output.path);
  const std::vector<std::string> sharegpt = lines(files.output.path);
  ASSERT_EQ(sharegpt.size(), openai.size());
  for (std::size_t i = 0; i < sharegpt.size(); ++i) {
    const json row = json::parse(sharegpt[i]);
    ASSERT_EQ(row["images"].size(), 1U);
    const std::string image = row["images"][0];
    EXPECT_EQ(image.rfind("train-images/", 0), 0U) << image;
    const std::string png = readFile(dir.path() / image);
    EXPECT_EQ(image, "train-images/" + sha256Hex(png) + ".png");
    EXPECT_NE(openai[i].find("data:image/png;base64," + net::base64(png) + "\""), std::string::npos) << "row " << i;
    const json inlineRow = json::parse(openai[i]);
    EXPECT_EQ(row["messages"][1]["content"],
              inlineRow["messages"][1]["content"][0]["text"].get<std::string>() + "<image>");
    EXPECT_EQ(row["messages"][2], inlineRow["messages"][2]);
  }
}

TEST(Sft, TheSameInputsGiveTheSameBytes) {
  test_support::TempDir dir("tengen-dataset");
  const std::vector<Position> positions = positionsOf(dir, 1);
  SftOptions a;
  a.output.path = (dir.path() / "a.jsonl").string();
  SftOptions b = a;
  b.output.path = (dir.path() / "b.jsonl").string();
  ASSERT_TRUE(writeSft(positions, a).ok());
  ASSERT_TRUE(writeSft(positions, b).ok());
  EXPECT_EQ(readFile(a.output.path), readFile(b.output.path));
  EXPECT_EQ(lines(a.output.path).size(), 12U);
}

// A real error log: a model (the scripted server) answers an occupied point, then a point off the board, then a
// legal one, for a gtp source and a rowcol one, every attempt logged.
class DpoFromALog : public ::testing::Test {
 protected:
  void SetUp() override {
    positions = positionsOf(dir, 4);  // moves 1, 5, 9
    logPath = (dir.path() / "errors.jsonl").string();
    for (const std::string coords : {"gtp", "rowcol"}) {
      const bool rowcol = coords == "rowcol";
      servers.push_back(std::make_unique<FakeServer>(std::vector<std::string>{
          rowcol ? R"j({"content": "(4, 4)"})j" : R"({"content": "E5"})", R"({"content": "Z99"})",
          rowcol ? R"j({"content": "(0, 0)"})j" : R"({"content": "A9"})"}));
      const sources::SourceOptions options = sourceOptions(coords);
      Result<std::unique_ptr<ai::MoveSource>> source = sources::makeSource(servers.back()->spec(), options);
      ASSERT_TRUE(source.ok()) << source.error();
      // The position after B E5: E5 is taken.
      const Position& p = positions[1];
      ai::RefereeOptions referee(
          ai::ErrorLog(logPath, sources::errorContextOf("eval", servers.back()->spec(), options.model)));
      referee.logAccepted = true;
      referee.logFields = {{"record_file", p.file}, {"record_move", gtpMove(p.recordMove, 9)}};
      const ai::RefereeOutcome outcome = ai::requestMove(*source.value(), p.game(), p.color(), referee);
      ASSERT_TRUE(outcome.move.has_value()) << outcome.error;
      ASSERT_EQ(outcome.attempts.size(), 3U);
    }
  }

  DpoOptions options(const std::string& name) const {
    DpoOptions o;
    o.errorLogPath = logPath;
    o.preferred = "record";
    o.output.path = (dir.path() / name).string();
    return o;
  }

  test_support::TempDir dir{"tengen-dataset"};
  std::vector<Position> positions;
  std::string logPath;
  std::vector<std::unique_ptr<FakeServer>> servers;
};

// One pair per rejected answer; each pair's messages are the bytes of the request sent at that attempt (the retry
// line of the second included), and every picture drawn again matches the logged hash.
TEST_F(DpoFromALog, EachPairIsThePromptAsSentAtThatAttempt) {
  const DpoOptions o = options("dpo.jsonl");
  const Result<DatasetSummary> written = writeDpo(o);
  ASSERT_TRUE(written.ok()) << written.error();
  EXPECT_EQ(written->recordsRead, 2);
  EXPECT_EQ(written->rows, 4);
  EXPECT_EQ(written->picturesChecked, 4);
  EXPECT_EQ(written->reRendered, 0);
  EXPECT_TRUE(written->skipped.empty());
  const std::vector<std::string> rows = lines(o.output.path);
  ASSERT_EQ(rows.size(), 4U);
  const std::string record = gtpMove(positions[1].recordMove, 9);  // move 5: B G3
  for (std::size_t s = 0; s < 2; ++s) {
    const bool rowcol = s == 1;
    const std::vector<std::string> bodies = servers[s]->bodyTexts();
    ASSERT_EQ(bodies.size(), 3U);
    for (std::size_t k = 0; k < 2; ++k) {
      const std::string& row = rows[2 * s + k];
      const std::size_t end = row.find(R"(},"preferred_output":)");
      ASSERT_NE(end, std::string::npos);
      const std::string messages = row.substr(std::string(R"({"input":{"messages":)").size(),
                                              end - std::string(R"({"input":{"messages":)").size());
      EXPECT_NE(bodies[k].find("\"messages\":" + messages + ","), std::string::npos)
          << "coords " << s << " attempt " << k;
      const json pair = json::parse(row);
      const std::string chosen = rowcol ? rowColText(positions[1].recordMove.point) : record;
      EXPECT_EQ(pair["preferred_output"][0]["content"], chosen);
      const std::string rejected = k == 0 ? (rowcol ? "(4, 4)" : "E5") : "Z99";
      EXPECT_EQ(pair["non_preferred_output"][0]["content"], rejected);
    }
  }
}

// A log whose hashes no longer match (as after a change of the renderer) still gives every pair, with the picture
// drawn now, and says how many were drawn differently.
TEST_F(DpoFromALog, APictureWhoseHashDiffersIsWrittenAndCounted) {
  std::string log = readFile(logPath);
  for (std::size_t at = log.find("\"image_sha256\":\""); at != std::string::npos;
       at = log.find("\"image_sha256\":\"", at + 1)) {
    log.replace(at + 16, 64, std::string(64, '0'));
  }
  test_support::writeFile(logPath, log);
  const Result<DatasetSummary> written = writeDpo(options("dpo.jsonl"));
  ASSERT_TRUE(written.ok()) << written.error();
  EXPECT_EQ(written->rows, 4);
  EXPECT_EQ(written->reRendered, 4);
  EXPECT_EQ(lines(options("dpo.jsonl").output.path).size(), 4U);
}

// TRL's layout with picture files, and a preferred move from an engine: always legal in the logged position.
TEST_F(DpoFromALog, TrlWithAnEnginesLegalMove) {
  DpoOptions o = options("trl.jsonl");
  o.preferred = "random";
  o.output.format = DatasetFormat::Trl;
  o.output.imagesDir = (dir.path() / "pictures").string();
  const Result<DatasetSummary> written = writeDpo(o);
  ASSERT_TRUE(written.ok()) << written.error();
  EXPECT_EQ(written->rows, 4);
  for (const std::string& line : lines(o.output.path)) {
    const json pair = json::parse(line);
    ASSERT_EQ(pair["images"].size(), 1U);
    EXPECT_TRUE(fs::exists(dir.path() / pair["images"][0].get<std::string>()));
    EXPECT_EQ(pair["prompt"][1]["content"][1], json({{"type", "image"}}));
    const std::string chosen = pair["chosen"][0]["content"];
    const Game game = positions[1].game();
    if (chosen.front() == '(') continue;  // rowcol: read by the answer parser in the referee's own tests
    const Result<ParsedVertex> vertex = parseGtpVertex(chosen, 9);
    ASSERT_TRUE(vertex.ok()) << chosen;
    const Color color = positions[1].color();
    const Move move = vertex->kind == MoveKind::Pass ? Move::pass(color) : Move::play(color, vertex->point);
    EXPECT_TRUE(game.isLegal(move)) << chosen;
  }
}

// What cannot be used is named with the log's file and line, and the rest is still written.
TEST_F(DpoFromALog, WhatCannotBeUsedIsNamedByLine) {
  std::string log = readFile(logPath);
  const std::string firstRecord = log.substr(0, log.find('\n') + 1);
  std::string withoutRecordMove = firstRecord;
  withoutRecordMove.replace(withoutRecordMove.find(",\"record_file\""), std::string::npos, "}\n");
  log = "not json\n" + withoutRecordMove + log;
  test_support::writeFile(logPath, log);
  const Result<DatasetSummary> written = writeDpo(options("dpo.jsonl"));
  ASSERT_TRUE(written.ok()) << written.error();
  EXPECT_EQ(written->rows, 4);
  ASSERT_EQ(written->skipped.size(), 3U);  // the bad line, and both rejected answers of the record without a move
  EXPECT_EQ(written->skipped[0].rfind(logPath + ":1: not a JSON record", 0), 0U) << written->skipped[0];
  EXPECT_EQ(written->skipped[1].rfind(logPath + ":2: attempt 1: no record_move", 0), 0U) << written->skipped[1];
  EXPECT_EQ(written->skipped[2].rfind(logPath + ":2: attempt 2: no record_move", 0), 0U) << written->skipped[2];
}

// A line nested 100,000 levels deep is read no deeper than 32 levels: skipped with the reason, the rest written.
TEST_F(DpoFromALog, ALineNestedTooDeeplyIsSkippedSayingSo) {
  const std::string deep = R"({"attempts":)" + std::string(100000, '[') + std::string(100000, ']') + "}\n";
  test_support::writeFile(logPath, deep + readFile(logPath));
  const Result<DatasetSummary> written = writeDpo(options("dpo.jsonl"));
  ASSERT_TRUE(written.ok()) << written.error();
  EXPECT_EQ(written->rows, 4);
  ASSERT_EQ(written->skipped.size(), 1U);
  EXPECT_EQ(written->skipped[0], logPath + ":1: not a JSON record: JSON nested deeper than 32 levels");
}

TEST(Dpo, AMissingLogOrAnOutputThatCannotBeWrittenFailsAndLeavesNothing) {
  test_support::TempDir dir("tengen-dataset");
  DpoOptions o;
  o.errorLogPath = (dir.path() / "missing.jsonl").string();
  o.output.path = (dir.path() / "out.jsonl").string();
  const Result<DatasetSummary> missing = writeDpo(o);
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().find("missing.jsonl"), std::string::npos);
  EXPECT_FALSE(fs::exists(o.output.path));

  SftOptions sft;
  sft.output.path = (dir.path() / "no" / "such" / "dir.jsonl").string();
  const std::vector<Position> positions = positionsOf(dir, 6);
  const Result<DatasetSummary> unwritable = writeSft(positions, sft);
  ASSERT_FALSE(unwritable.ok());
  EXPECT_EQ(unwritable.errorKind(), ErrorKind::Failed);
  EXPECT_NE(unwritable.error().find("dir.jsonl"), std::string::npos);
}

}  // namespace
}  // namespace tengen::workbench
