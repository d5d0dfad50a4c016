// The record both front ends save and open: who played (the person by any case of "Human", the opponent's name and
// model), the clock's root and each move's time, the dead stones of an accepted score, and the file read once.
#include "tengen/session/played_record.h"

#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "tengen/core/coords.h"
#include "tengen/session/game_model.h"

#include "support/temp_dir.h"

namespace tengen::session {
namespace {

Point at(const char* vertex) { return parseGtpVertex(vertex, 9)->point; }

GameConfig nineByNine() {
  GameConfig config;
  config.size = 9;
  return config;
}

TEST(PlayedRecord, ThePersonAsWhiteAndTheirOpponentComeBack) {
  GameModel model(nineByNine());
  ASSERT_EQ(model.play(Move::play(Color::Black, at("C3"))), RejectReason::None);
  ASSERT_EQ(model.play(Move::play(Color::White, at("G7"))), RejectReason::None);
  const RecordPlayers players{Color::White, "openai:http://127.0.0.1:8000/v1", "openai:http://127.0.0.1:8000/v1",
                              "round5"};
  const std::string text = writePlayedRecord(model.tree(), {{"EV", "Club"}}, players);
  EXPECT_NE(text.find("PW[Human]"), std::string::npos) << text;
  EXPECT_NE(text.find("XMODELB[round5]"), std::string::npos) << text;

  const Result<PlayedRecord> read = readPlayedRecord(text);
  ASSERT_TRUE(read) << read.error();
  EXPECT_EQ(read->human, Color::White);
  EXPECT_EQ(read->nameOf(Color::Black), "openai:http://127.0.0.1:8000/v1");
  EXPECT_EQ(read->modelOf(Color::Black), "round5");
  EXPECT_EQ(read->record.info.at("EV"), "Club");
  EXPECT_FALSE(read->record.info.contains("PB")) << "the players are read out of the other information";
  EXPECT_EQ(read->record.tree.gameAt(read->record.tree.mainLineEnd()).moves(), model.game().moves());
  EXPECT_FALSE(read->acceptedDead);
  // Written again from what was read, the record is the same text.
  const RecordPlayers again{*read->human, read->nameOf(Color::Black), read->nameOf(Color::Black),
                            read->modelOf(Color::Black)};
  EXPECT_EQ(writePlayedRecord(read->record.tree, read->record.info, again, read->clock), text);
}

TEST(PlayedRecord, ThePersonIsNamedInAnyCaseAndOnlyWhenOneSideIs) {
  auto human = [](const std::string& root) {
    const Result<PlayedRecord> read = readPlayedRecord("(;GM[1]SZ[9]" + root + ";B[ee])");
    EXPECT_TRUE(read) << read.error();
    return read ? read->human : std::nullopt;
  };
  EXPECT_EQ(human("PB[human]PW[random]"), Color::Black);
  EXPECT_EQ(human("PB[random]PW[HUMAN]"), Color::White);
  EXPECT_EQ(human("PB[GNU Go]PW[Lee Sedol]"), std::nullopt);
  EXPECT_EQ(human("PB[Human]PW[Human]"), std::nullopt);
  EXPECT_EQ(human(""), std::nullopt);
}

TEST(PlayedRecord, TheClockAndTheDeadStonesOfAnAcceptedScoreComeBack) {
  GameModel model(nineByNine());
  TimeControl control;
  control.kind = TimeControl::Kind::ByoYomi;
  control.mainSeconds = 600;
  control.periodSeconds = 30;
  control.periods = 5;
  ASSERT_EQ(model.play(Move::play(Color::Black, at("C3"))), RejectReason::None);
  TimeLeft black;
  black.mainMs = 590'000;
  black.periodMs = 30'000;
  black.periods = 5;
  setMoveTime(model.properties(model.current().id), Color::Black, black, control);
  ASSERT_EQ(model.play(Move::play(Color::White, at("G7"))), RejectReason::None);
  ASSERT_EQ(model.play(Move::pass(Color::Black)), RejectReason::None);
  ASSERT_EQ(model.play(Move::pass(Color::White)), RejectReason::None);
  model.setDeadStones({at("G7")});
  model.finishScoring();
  ASSERT_EQ(model.game().phase(), Phase::Finished);

  const std::string text =
      writePlayedRecord(model.tree(), {}, {Color::Black, "builtin", "builtin", ""}, {control, false});
  EXPECT_NE(text.find("XDEAD[gc]"), std::string::npos) << text;
  EXPECT_NE(text.find("XLOSEONTIME[0]"), std::string::npos) << text;
  const Result<PlayedRecord> read = readPlayedRecord(text);
  ASSERT_TRUE(read) << read.error();
  EXPECT_EQ(read->clock.control.kind, TimeControl::Kind::ByoYomi);
  EXPECT_EQ(read->clock.control.periods, 5);
  EXPECT_FALSE(read->clock.loseOnTime);
  EXPECT_FALSE(read->result.empty());
  ASSERT_TRUE(read->acceptedDead);
  EXPECT_EQ(*read->acceptedDead, std::vector<Point>{at("G7")});
  const LineTimes times = lineTimes(read->record.tree.mainLineEnd(), read->clock.control);
  ASSERT_TRUE(times.black);
  EXPECT_EQ(times.black->mainMs, 590'000);
  EXPECT_FALSE(times.white);
  // XDEAD without a result is not an accepted score.
  const Result<PlayedRecord> unscored = readPlayedRecord("(;GM[1]SZ[9]XDEAD[gc];B[gc])");
  ASSERT_TRUE(unscored);
  EXPECT_FALSE(unscored->acceptedDead);
}

TEST(PlayedRecord, AFileIsReadOnceAndItsFailureNamesIt) {
  const test_support::TempDir dir("played-record");
  const std::string path = (dir.path() / "game.sgf").string();
  std::ofstream(path) << "(;GM[1]SZ[9]PB[random]PW[Human];B[ee])";
  const Result<PlayedRecord> read = readPlayedRecordFile(path);
  ASSERT_TRUE(read) << read.error();
  EXPECT_EQ(read->human, Color::White);
  std::ofstream(path) << "(;GM[1]SZ[9];B[ee];W[ee])";
  const Result<PlayedRecord> illegal = readPlayedRecordFile(path);
  ASSERT_TRUE(illegal) << illegal.error();
  ASSERT_TRUE(illegal->record.cut);
  EXPECT_TRUE(illegal->record.cut->mainLine);
  const Result<PlayedRecord> missing = readPlayedRecordFile((dir.path() / "nothing.sgf").string());
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().find("nothing.sgf"), std::string::npos) << missing.error();
}

}  // namespace
}  // namespace tengen::session
