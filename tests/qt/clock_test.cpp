// The clocks, on a fake time source moved by hand (no test sleeps for the seconds it counts): main time, byo-yomi
// periods lost and kept, Canadian periods renewed, the flag; then in the controller: the AI's thinking charged to
// the AI (its retries too), loss on time ending the game or not, a GTP engine told the time before each genmove,
// and the clocks in the record and back, each variation with its own times.
#include "model/clock.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>
#include <fstream>
#include <string>
#include <vector>

#include "tengen/session/clock_record.h"
#include "tengen/sgf/sgf.h"

#include "model/game_controller.h"
#include "model/sound_cues.h"
#include "model/tree_record.h"
#include "qt_test_support.h"
#include "widgets/clock_widget.h"
#include "widgets/sound_player.h"

using namespace tengen;
using namespace tengen::qt;
using tengen::session::moveTime;
using tengen::session::TreeNode;
using namespace tengen::qt::test;

namespace {

using Kind = TimeControl::Kind;

// A controller over a temporary autosave, on fake time.
struct Table {
  explicit Table(const OpponentConfig& opponent) {
    ControllerOptions options;
    options.autosavePath = dir.filePath(QStringLiteral("autosave.sgf"));
    options.opponent = opponent;
    options.timeSource = &time;
    controller = std::make_unique<GameController>(options);
  }
  ~Table() { waitForWorkers(); }

  QTemporaryDir dir;
  FakeTimeSource time;
  std::unique_ptr<GameController> controller;
};

GameSetup timedSetup(const TimeControl& control, bool loseOnTime = true,
                     const OpponentConfig& opponent = quickSetup().opponent) {
  GameSetup setup = quickSetup();
  setup.opponent = opponent;
  setup.timeControl = control;
  setup.loseOnTime = loseOnTime;
  return setup;
}

// Writes `text` as the file `name` in `dir` and answers its path.
QString writeRecord(const QTemporaryDir& dir, const QString& name, const QByteArray& text) {
  const QString path = dir.filePath(name);
  QFile file(path);
  if (file.open(QIODevice::WriteOnly)) file.write(text);
  return path;
}

std::vector<std::string> readLines(const QString& path) {
  std::ifstream in(path.toStdString());
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

}  // namespace

class ClockTest : public QObject {
  Q_OBJECT

 private slots:
  void mainTimeRunsForTheSideToMoveOnly() {
    FakeTimeSource time;
    GameClock clock(time);
    clock.reset({Kind::Absolute, 60, 0, 0, 0});
    QVERIFY(!clock.running());
    clock.start(Color::Black);
    time.advance(12'300);
    QCOMPARE(clock.time(Color::Black).mainMs, 47'700);
    QCOMPARE(clock.time(Color::White).mainMs, 60'000);
    QCOMPARE(clock.moveMade(Color::Black).mainMs, 47'700);
    QVERIFY(!clock.running());
    time.advance(50'000);  // nobody runs: nothing is charged
    clock.start(Color::White);
    time.advance(5'000);
    QCOMPARE(clock.time(Color::White).mainMs, 55'000);
    QCOMPARE(clock.time(Color::Black).mainMs, 47'700);
    // Stopped (scoring, game over), the clocks keep what they had.
    clock.stop();
    time.advance(30'000);
    QCOMPARE(clock.time(Color::White).mainMs, 55'000);
    QCOMPARE(clock.time(Color::White).stretchMs(clock.control()), 55'000);
    QCOMPARE(clock.time(Color::White).stretchStones(clock.control()), 0);
  }

  void byoYomiPeriodsAreLostWhenTheyRunOutAndKeptByAMoveInTime() {
    const TimeControl control{Kind::ByoYomi, 10, 5, 3, 0};
    TimeLeft t = initialTime(control);
    // 12 s: the main time and 2 s of the first period.
    t = charge(t, control, 12'000, false);
    QCOMPARE(t.mainMs, 0);
    QCOMPARE(t.periodMs, 3'000);
    QCOMPARE(t.periods, 3);
    QVERIFY(t.inOvertime(control));
    // A move within the period gives it back whole.
    t = charge(t, control, 1'000, true);
    QCOMPARE(t.periodMs, 5'000);
    QCOMPARE(t.periods, 3);
    // 7 s on one move: the period ran out and the move came 2 s into the next one, which it keeps.
    t = charge(t, control, 7'000, true);
    QCOMPARE(t.periods, 2);
    QCOMPARE(t.periodMs, 5'000);
    QVERIFY(!t.flagged);
    // What GTP's time_left tells: the period left, for one stone.
    QCOMPARE(t.stretchMs(control), 5'000);
    QCOMPARE(t.stretchStones(control), 1);
    // Both periods left run out: the flag falls.
    t = charge(t, control, 10'000, false);
    QVERIFY(t.flagged);
    QCOMPARE(t.periods, 0);
    // A flagged side stays as it is.
    QCOMPARE(charge(t, control, 1'000, true), t);
  }

  void canadianPeriodRenewsAfterItsStones() {
    const TimeControl control{Kind::Canadian, 0, 20, 0, 3};
    FakeTimeSource time;
    GameClock clock(time);
    clock.reset(control);
    QVERIFY(clock.time(Color::Black).inOvertime(control));
    for (int stone = 1; stone <= 2; ++stone) {
      clock.start(Color::Black);
      time.advance(6'000);
      const TimeLeft after = clock.moveMade(Color::Black);
      QCOMPARE(after.stones, 3 - stone);
      QCOMPARE(after.periodMs, 20'000 - stone * 6'000);
    }
    QCOMPARE(clock.time(Color::Black).stretchStones(control), 1);
    QCOMPARE(clock.time(Color::Black).stretchMs(control), 8'000);
    // The third stone in time: a new period of 20 s for 3 stones.
    clock.start(Color::Black);
    time.advance(7'000);
    const TimeLeft renewed = clock.moveMade(Color::Black);
    QCOMPARE(renewed.stones, 3);
    QCOMPARE(renewed.periodMs, 20'000);
    // Too slow for a period: the flag falls, with no stone left to play.
    QSignalSpy flags(&clock, &GameClock::flagFell);
    clock.start(Color::Black);
    time.advance(20'000);
    clock.poll();
    QCOMPARE(flags.count(), 1);
    QCOMPARE(flags.at(0).at(0).value<Color>(), Color::Black);
    QVERIFY(clock.time(Color::Black).flagged);
  }

  void theFlagFallsOncePerSide() {
    FakeTimeSource time;
    GameClock clock(time);
    clock.reset({Kind::Absolute, 30, 0, 0, 0});
    QSignalSpy flags(&clock, &GameClock::flagFell);
    clock.start(Color::White);
    time.advance(29'999);
    clock.poll();
    QCOMPARE(flags.count(), 0);
    time.advance(1);
    clock.poll();
    clock.poll();
    QCOMPARE(flags.count(), 1);
    QCOMPARE(flags.at(0).at(0).value<Color>(), Color::White);
    // A move made too late is flagged too, and reported at the next poll.
    clock.start(Color::Black);
    time.advance(31'000);
    QVERIFY(clock.moveMade(Color::Black).flagged);
    clock.poll();
    QCOMPARE(flags.count(), 2);
    // A new game: full times again, and the flags may fall again.
    clock.reset(clock.control());
    QCOMPARE(clock.time(Color::White).mainMs, 30'000);
    QVERIFY(!clock.time(Color::White).flagged);
  }

  void theAiThinkingTimeIsChargedToTheAi() {
    Table table(quickSetup().opponent);
    GameController& c = *table.controller;
    QVERIFY(c.newGame(timedSetup({Kind::Absolute, 300, 0, 0, 0})));
    QCOMPARE(c.clock().running(), std::optional<Color>(Color::Black));
    table.time.advance(4'000);
    c.clickPoint(at("E5"));
    QCOMPARE(c.clock().running(), std::optional<Color>(Color::White));
    // The AI's answer comes through the event loop, so it cannot arrive before the fake seven seconds have passed.
    QVERIFY(c.ai().thinking());
    table.time.advance(7'000);
    QVERIFY(waitForMoves(c, 2));
    QCOMPARE(c.clock().time(Color::White).mainMs, 293'000);
    QCOMPARE(c.clock().time(Color::Black).mainMs, 296'000);
    QCOMPARE(c.clock().running(), std::optional<Color>(Color::Black));
  }

  void theAiRetriesAreChargedToo() {
    // The first answer is refused (occupied) and the model is asked again: the clock runs on.
    FakeModelServer server({QStringLiteral(R"({"content": "E5"})"), QStringLiteral(R"({"content": "C3"})")});
    QVERIFY(server.port() > 0);
    Table table(modelSetup(server).opponent);
    GameController& c = *table.controller;
    QVERIFY(c.newGame(timedSetup({Kind::Absolute, 300, 0, 0, 0}, true, modelSetup(server).opponent)));
    // Each attempt "takes" three seconds of fake time.
    connect(&c.ai(), &AiTurns::asking, this, [&table](int) { table.time.advance(3'000); });
    c.clickPoint(at("E5"));
    QVERIFY(waitForMoves(c, 2));
    QCOMPARE(c.model().game().board().at(at("C3")), Color::White);
    QCOMPARE(server.requestsReceived(), 2);
    QCOMPARE(c.clock().time(Color::White).mainMs, 294'000);
  }

  void lossOnTimeEndsTheGame() {
    Table table(quickSetup().opponent);
    GameController& c = *table.controller;
    QVERIFY(c.newGame(timedSetup({Kind::ByoYomi, 10, 5, 2, 0})));
    QSignalSpy ended(&c, &GameController::gameEnded);
    c.clickPoint(at("E5"));
    QVERIFY(waitForMoves(c, 2));
    // Black thinks through the main time and both periods.
    table.time.advance(20'001);
    QTRY_COMPARE_WITH_TIMEOUT(ended.count(), 1, kTimeoutMs);
    QCOMPARE(ended.at(0).at(0).toString(), QStringLiteral("W+T"));
    QCOMPARE(c.model().game().phase(), Phase::Finished);
    QCOMPARE(c.model().game().result(), std::string("W+T"));
    QVERIFY(!c.clock().running());
    QVERIFY(c.turnText().contains(QStringLiteral("W+T")));
    // Too late for a move, and for taking one back.
    c.clickPoint(at("C3"));
    c.undo();
    QCOMPARE(c.model().game().moveCount(), 2);
    QVERIFY(c.autosave().load()->find("RE[W+T]") != std::string::npos);
  }

  void withLosingOnTimeOffTheFlagIsShownAndPlayGoesOn() {
    Table table(quickSetup().opponent);
    GameController& c = *table.controller;
    QVERIFY(c.newGame(timedSetup({Kind::Absolute, 10, 0, 0, 0}, false)));
    QSignalSpy messages(&c, &GameController::message);
    QSignalSpy ended(&c, &GameController::gameEnded);
    table.time.advance(10'500);
    c.clickPoint(at("E5"));
    QVERIFY(waitForMoves(c, 2));
    QCOMPARE(ended.count(), 0);
    QCOMPARE(c.model().game().phase(), Phase::Playing);
    QVERIFY(c.clock().time(Color::Black).flagged);
    bool told = false;
    for (const QList<QVariant>& m : messages) told = told || m.at(0).toString().contains(QStringLiteral("time is up"));
    QVERIFY(told);
    c.clickPoint(at("C3"));
    QVERIFY(waitForMoves(c, 4));
    // The record says so, and a restored game keeps playing on.
    const std::string saved = *c.autosave().load();
    QVERIFY(saved.find("XLOSEONTIME[0]") != std::string::npos);
    QVERIFY(saved.find("BL[0.0]") != std::string::npos);
  }

  void aGtpEngineIsToldTheTimeBeforeEachGenmove() {
    QTemporaryDir dir;
    const QString log = dir.filePath(QStringLiteral("commands.log"));
    OpponentConfig gtp;
    gtp.kind = OpponentKind::Gtp;
    gtp.gtpCommand = QStringLiteral(TENGEN_FAKE_GTP_ENGINE) + QStringLiteral(" --genmove C3,G7 --log ") + log;
    Table table(gtp);
    GameController& c = *table.controller;
    QVERIFY(c.newGame(timedSetup({Kind::Canadian, 300, 60, 0, 10}, true, gtp)));
    table.time.advance(10'000);
    c.clickPoint(at("E5"));
    table.time.advance(7'000);
    QVERIFY(waitForMoves(c, 2));
    table.time.advance(20'000);
    c.clickPoint(at("E3"));
    QVERIFY(waitForMoves(c, 4));
    std::vector<std::string> sent;
    for (const std::string& line : readLines(log)) {
      if (line.starts_with("time_") || line.starts_with("genmove")) sent.push_back(line);
    }
    QCOMPARE(sent, (std::vector<std::string>{"time_settings 300 60 10", "time_left w 300 0", "genmove w",
                                             "time_left w 293 0", "genmove w"}));
  }

  void theClocksAreWrittenToTheRecordAndReadBack() {
    Table table(quickSetup().opponent);
    GameController& c = *table.controller;
    QVERIFY(c.newGame(timedSetup({Kind::ByoYomi, 5, 30, 5, 0})));
    table.time.advance(2'500);
    c.clickPoint(at("E5"));
    QVERIFY(waitForMoves(c, 2));
    // Black spends the 2.5 s of main time left and 12 s of the first period, which its move keeps.
    table.time.advance(14'500);
    c.clickPoint(at("C3"));
    QVERIFY(waitForMoves(c, 4));
    const std::string text = c.recordText();
    const Result<sgf::Collection> parsed = sgf::parse(text);
    QVERIFY(parsed.ok());
    const Result<sgf::GameRecord> record = sgf::readRecord(parsed->games().front());
    QVERIFY(record.ok());
    QCOMPARE(record->info.at("TM"), std::string("5"));
    QCOMPARE(record->info.at("OT"), std::string("5x30 byo-yomi"));
    QCOMPARE(record->moveProperties.at(0).at("BL"), std::string("2.5"));
    QVERIFY(!record->moveProperties.at(0).contains("OB"));
    QCOMPARE(record->moveProperties.at(2).at("BL"), std::string("30.0"));
    QCOMPARE(record->moveProperties.at(2).at("OB"), std::string("5"));
    QVERIFY(record->moveProperties.at(1).contains("WL"));

    // Opened again: the same time control, and each side's time after its last move.
    const QString path = table.dir.filePath(QStringLiteral("game.sgf"));
    QVERIFY(c.saveRecord(path).isEmpty());
    Table other(quickSetup().opponent);
    QVERIFY(other.controller->openRecord(path).isEmpty());
    const GameClock& clock = other.controller->clock();
    QCOMPARE(clock.control(), (TimeControl{Kind::ByoYomi, 5, 30, 5, 0}));
    QCOMPARE(clock.time(Color::Black).mainMs, 0);
    QCOMPARE(clock.time(Color::Black).periodMs, 30'000);
    QCOMPARE(clock.time(Color::Black).periods, 5);
    QCOMPARE(clock.time(Color::White).mainMs, c.clock().time(Color::White).mainMs / 100 * 100);
    QCOMPARE(clock.running(), std::optional<Color>(Color::Black));
  }

  void aVariationKeepsItsOwnTimes() {
    Table table(quickSetup().opponent);
    GameController& c = *table.controller;
    QVERIFY(c.newGame(timedSetup({Kind::Absolute, 60, 0, 0, 0})));
    table.time.advance(2'000);
    c.clickPoint(at("E5"));
    QVERIFY(waitForMoves(c, 2));
    // Looking back at the start, Black plays another first move: a variation, charged the 5 s since the AI's reply.
    c.goTo(0);
    QCOMPARE(c.clock().running(), std::optional<Color>(Color::Black));
    table.time.advance(5'000);
    c.clickPoint(at("C3"));
    QCOMPARE(c.model().tree().root().children.size(), 2u);
    // The AI answers on the variation, and the clock runs for Black at its end.
    QVERIFY(waitForMoves(c, 2));
    QCOMPARE(c.clock().running(), std::optional<Color>(Color::Black));
    // Black's main time left as a move's node records it, -1 when it records none.
    const auto blackLeft = [](const TreeNode& node) -> std::int64_t {
      const std::optional<TimeLeft> time = moveTime(node.properties, Color::Black, {Kind::Absolute, 60, 0, 0, 0});
      return time ? time->mainMs : -1;
    };
    const TreeNode& mainMove = *c.model().tree().root().children[0];
    const TreeNode& variation = *c.model().tree().root().children[1];
    QCOMPARE(blackLeft(mainMove), 58'000);
    QCOMPARE(blackLeft(variation), 53'000);
    QVERIFY(moveTime(variation.children.at(0)->properties, Color::White, c.clock().control()).has_value());

    // Both lines' times are in the record; opened again, the clocks are those of the main line.
    QString why;
    const std::optional<TreeRecord> record = readTreeRecord(c.recordText(), &why);
    QVERIFY2(record.has_value(), qPrintable(why));
    QCOMPARE(blackLeft(*record->tree.root().children[0]), 58'000);
    QCOMPARE(blackLeft(*record->tree.root().children[1]), 53'000);
    const QString path = table.dir.filePath(QStringLiteral("variations.sgf"));
    QVERIFY(c.saveRecord(path).isEmpty());
    Table other(quickSetup().opponent);
    QVERIFY(other.controller->openRecord(path).isEmpty());
    QCOMPARE(other.controller->clock().time(Color::Black).mainMs, 58'000);

    // Undo on the variation takes its moves and their times back; the clock still runs for Black.
    c.undo();
    QCOMPARE(c.model().tree().root().children.size(), 1u);
    QCOMPARE(c.clock().running(), std::optional<Color>(Color::Black));
  }

  void aRecordLostOnTimeComesBackFinished() {
    QTemporaryDir dir;
    const QString path =
        writeRecord(dir, QStringLiteral("lost.sgf"),
                    "(;GM[1]FF[4]SZ[9]TM[60]OT[25/300 Canadian]RE[B+Time];B[ee]BL[41.5];W[cc]WL[0]OW[12])");
    Table table(quickSetup().opponent);
    QVERIFY(table.controller->openRecord(path).isEmpty());
    const GameController& c = *table.controller;
    QCOMPARE(c.model().game().phase(), Phase::Finished);
    QCOMPARE(c.model().game().result(), std::string("B+T"));
    QCOMPARE(c.clock().control(), (TimeControl{Kind::Canadian, 60, 300, 0, 25}));
    QCOMPARE(c.clock().time(Color::Black).mainMs, 41'500);
    QVERIFY(c.clock().time(Color::White).flagged);
    QCOMPARE(c.clock().time(Color::White).stones, 12);
    QVERIFY(!c.clock().running());
  }

  void untimedGamesHaveNoClockInTheRecord() {
    Table table(quickSetup().opponent);
    GameController& c = *table.controller;
    QVERIFY(c.newGame(quickSetup()));
    QVERIFY(!c.clock().running());
    c.clickPoint(at("E5"));
    QVERIFY(waitForMoves(c, 2));
    const std::string text = c.recordText();
    for (const char* id : {"TM[", "OT[", "BL[", "WL[", "XLOSEONTIME"}) QVERIFY2(text.find(id) == std::string::npos, id);
  }

  void aTimeControlNoClockCanPlayIsRefused() {
    Table table(quickSetup().opponent);
    QSignalSpy messages(table.controller.get(), &GameController::message);
    QVERIFY(!table.controller->newGame(timedSetup({Kind::ByoYomi, 60, 0, 5, 0})));
    QVERIFY(messages.last().at(0).toString().startsWith(QStringLiteral("Time control:")));
  }

  void theClocksShowBesideTheBoard() {
    TestHome home;
    home.setSetup(timedSetup({Kind::ByoYomi, 60, 30, 5, 0}));
    FakeTimeSource time;
    auto shown = home.makeWindow(&time);
    MainWindow& window = *shown;
    window.startUp();
    ClockWidget* clocks = window.clocks();
    QVERIFY(clocks->isVisible());
    QCOMPARE(clocks->timeShown(Color::Black), QStringLiteral("1:00"));
    QCOMPARE(clocks->detailShown(Color::White), QStringLiteral("byo-yomi 5 \u00d7 0:30"));
    QVERIFY(clocks->runningShown(Color::Black));
    QVERIFY(!clocks->runningShown(Color::White));
    time.advance(51'500);
    QTRY_COMPARE_WITH_TIMEOUT(clocks->timeShown(Color::Black), QStringLiteral("8.5"), kTimeoutMs);
    QVERIFY(clocks->urgentShown(Color::Black));
    QVERIFY(!clocks->urgentShown(Color::White));
    clickPoint(window, at("E5"));
    QVERIFY(clocks->runningShown(Color::White));
    QVERIFY(waitForMoves(window.controller(), 2));
    // Into the overtime: 8.5 s of main time, a whole period lost, 26.5 s of the next.
    time.advance(65'000);
    QTRY_COMPARE_WITH_TIMEOUT(clocks->timeShown(Color::Black), QStringLiteral("3.5"), kTimeoutMs);
    QCOMPARE(clocks->detailShown(Color::Black), QStringLiteral("4 periods left"));
    QCOMPARE(clockText(3'723'000), QStringLiteral("1:02:03"));
    QCOMPARE(clockText(10'000), QStringLiteral("0:10"));
    QCOMPARE(clockText(9'999), QStringLiteral("9.9"));
    QVERIFY(waitForWorkers());
  }

  void soundIsOnByDefaultAndTheClientRunsWithoutAnAudioDevice() {
    TestHome home;
    home.setSetup(timedSetup({Kind::Absolute, 60, 0, 0, 0}));
    auto window = home.makeWindow();
    window->startUp();
    QVERIFY(window->sounds()->enabled());
    QVERIFY(window->action(QStringLiteral("sound"))->isChecked());
    // Offscreen there is usually no audio output; a move's sound must then be nothing at all.
    clickPoint(*window, at("E5"));
    QVERIFY(waitForMoves(window->controller(), 2));
    QVERIFY(window->isVisible());
    window->action(QStringLiteral("sound"))->trigger();
    QVERIFY(!window->sounds()->enabled());
    QVERIFY(!Settings(home.store()).soundOn());
    QVERIFY(waitForWorkers());
  }

  void theSoundsAreShortAndAudible() {
    for (const Sound sound : {Sound::Stone, Sound::Capture, Sound::Tick}) {
      const QByteArray pcm = soundSamples(sound, 22050);
      QVERIFY(pcm.size() > 400);
      QVERIFY(pcm.size() < 22050 * 2 / 4);  // under a quarter of a second
      int loudest = 0;
      for (qsizetype i = 0; i + 1 < pcm.size(); i += 2) {
        const auto sample =
            static_cast<std::int16_t>(static_cast<std::uint8_t>(pcm[i]) | (static_cast<std::uint8_t>(pcm[i + 1]) << 8));
        loudest = std::max(loudest, std::abs(static_cast<int>(sample)));
      }
      QVERIFY(loudest > 5000);
    }
  }

  void soundsAreCuedForStonesCapturesAndTheLastSeconds() {
    QTemporaryDir dir;
    // White's corner stone A9 is in atari; Black to move takes it at A8.
    const QString path =
        writeRecord(dir, QStringLiteral("atari.sgf"), "(;GM[1]FF[4]SZ[9]TM[15];B[ba];W[aa];B[ee];W[ii])");
    Table table(quickSetup().opponent);
    GameController& c = *table.controller;
    SoundCues cues(c);
    QSignalSpy cued(&cues, &SoundCues::cue);
    QVERIFY(c.openRecord(path).isEmpty());
    QCOMPARE(cued.count(), 0);
    c.clickPoint(at("A8"));
    QCOMPARE(cued.count(), 1);
    QCOMPARE(cued.at(0).at(0).value<Sound>(), Sound::Capture);
    QVERIFY(waitForMoves(c, 6));
    QCOMPARE(cued.count(), 2);
    QCOMPARE(cued.at(1).at(0).value<Sound>(), Sound::Stone);
    cued.clear();
    // Black has 15 s: no tick until its last ten, then one each second.
    table.time.advance(4'500);
    QTest::qWait(250);
    QCOMPARE(cued.count(), 0);
    table.time.advance(600);
    QTRY_COMPARE_WITH_TIMEOUT(cued.count(), 1, kTimeoutMs);
    QTest::qWait(250);
    QCOMPARE(cued.count(), 1);
    table.time.advance(1'000);
    QTRY_COMPARE_WITH_TIMEOUT(cued.count(), 2, kTimeoutMs);
    QCOMPARE(cued.at(1).at(0).value<Sound>(), Sound::Tick);
  }
};

QTEST_MAIN(ClockTest)
#include "clock_test.moc"
