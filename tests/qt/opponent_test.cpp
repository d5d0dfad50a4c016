// The model opponent in the window, against the scripted server: rejected answers show up as they arrive and then
// the move; a model that never answers legally brings the failure dialog with its error-log record while the game
// stays as it was; stop drops a slow answer and the window never waits for it, and a stopped turn asks no more; the
// built-in engine's search ends when its turn is stopped or the window closes.
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QPushButton>
#include <QTimer>
#include <QtTest>

#include "qt_test_support.h"
#include "widgets/ai_failure_dialog.h"
#include "widgets/attempts_panel.h"

using namespace tengen;
using namespace tengen::qt;
using namespace tengen::qt::test;

class OpponentTest : public QObject {
  Q_OBJECT

 private:
  enum class Stopper { Esc, Button, Close };

  void stopsTheSearch(Stopper stopper) {
    TestHome home;
    GameSetup setup = quickSetup();
    setup.opponent.builtinOptions = QStringLiteral("time=3600");
    home.setSetup(setup);
    auto window = home.makeWindow();
    window->startUp();
    clickPoint(*window, at("D4"));
    QVERIFY(window->controller().ai().thinking());
    QVERIFY(runningBackgroundThreads() > 0);
    switch (stopper) {
      case Stopper::Esc:
        // The shortcut reaches an active window only.
        QVERIFY(QTest::qWaitForWindowActive(window.get()));
        QTest::keyClick(window.get(), Qt::Key_Escape);
        break;
      case Stopper::Button:
        QVERIFY(window->attemptsPanel()->stopButton()->isEnabled());
        window->attemptsPanel()->stopButton()->click();
        break;
      case Stopper::Close:
        window.reset();
        break;
    }
    // Within the test's minute, not the search's hour.
    QVERIFY(waitForWorkers());
    if (window) {
      QVERIFY(!window->controller().ai().thinking());
      QTest::qWait(100);
      QCOMPARE(window->controller().model().game().moveCount(), 1);
    }
  }

 private slots:
  void cleanup() { QVERIFY(waitForWorkers()); }

  void rejectedAttemptsAppearLiveAndThenTheMove() {
    // Each answer takes two seconds, so the first verdict is on screen while the second request is still out.
    FakeModelServer server({QStringLiteral(R"({"delay": 2, "content": "D4"})"),
                            QStringLiteral(R"({"delay": 2, "content": "I will take the centre. Move: E5"})")});
    QVERIFY(server.port() > 0);
    TestHome home;
    home.setSetup(modelSetup(server));
    auto window = home.makeWindow();
    window->startUp();
    clickPoint(*window, at("D4"));
    QVERIFY(window->controller().ai().thinking());

    const QString rejected = QStringLiteral("attempt 1: D4 rejected (stone already there)");
    QTRY_VERIFY_WITH_TIMEOUT(window->attemptsPanel()->lines().contains(rejected), kTimeoutMs);
    // Still thinking: the line came while the model was being asked again.
    QVERIFY(window->controller().ai().thinking());
    QCOMPARE(window->controller().model().game().moveCount(), 1);

    QTRY_COMPARE_WITH_TIMEOUT(window->controller().model().game().moveCount(), 2, kTimeoutMs);
    QCOMPARE(window->controller().model().game().board().at(at("E5")), Color::White);
    QCOMPARE(window->attemptsPanel()->lines(), QStringList({rejected, QStringLiteral("attempt 2: E5 accepted")}));
    QVERIFY(window->statusMessage().contains(QStringLiteral("White plays E5")));
    QCOMPARE(server.requestsReceived(), 2);
  }

  void aFailingModelBringsTheDialogAndLeavesTheBoard() {
    FakeModelServer server({QStringLiteral(R"({"content": "D4"})")});
    TestHome home;
    home.setSetup(modelSetup(server));
    auto window = home.makeWindow();
    window->startUp();
    clickPoint(*window, at("D4"));
    const std::string position = window->controller().model().game().board().toAscii();

    QTRY_VERIFY_WITH_TIMEOUT(window->failureDialog() != nullptr, kTimeoutMs);
    AiFailureDialog* dialog = window->failureDialog();
    QVERIFY(dialog->isVisible());
    // Five attempts: D4 occupied, then D4 repeated four times.
    QCOMPARE(server.requestsReceived(), 5);
    QCOMPARE(window->controller().model().game().moveCount(), 1);
    QCOMPARE(window->controller().model().game().board().toAscii(), position);
    QCOMPARE(window->attemptsPanel()->lines().size(), 5);
    QCOMPARE(window->attemptsPanel()->lines().back(),
             QStringLiteral("attempt 5: D4 rejected (names a point already rejected this turn)"));

    // The dialog names the record, and the record is in the error log.
    QFile log(home.errorLogPath());
    QVERIFY(log.open(QIODevice::ReadOnly));
    const QByteArray line = log.readAll().trimmed();
    QCOMPARE(line.count('\n'), 0);
    const QByteArray idKey = QByteArrayLiteral("\"id\":\"");  // NOLINT(modernize-raw-string-literal): moc misreads it
    const qsizetype idStart = line.indexOf(idKey) + idKey.size();
    const QString id = QString::fromUtf8(line.mid(idStart, line.indexOf('"', idStart) - idStart));
    QVERIFY(!id.isEmpty());
    QVERIFY2(dialog->text().contains(id), qPrintable(dialog->text()));
    QVERIFY(line.contains("\"source\":\"qt\""));
    QVERIFY(line.contains("\"model\":\"scripted\""));

    // Ask again: the same failure, a second record, and still the same board.
    QSignalSpy failures(&window->controller().ai(), &AiTurns::aiFailed);
    dialog->askAgainButton()->click();
    QTRY_COMPARE_WITH_TIMEOUT(failures.count(), 1, kTimeoutMs);
    QTRY_VERIFY(window->failureDialog() != nullptr);
    QVERIFY(window->failureDialog()->text().contains(failures.front().at(1).toString()));
    QCOMPARE(server.requestsReceived(), 10);
    QCOMPARE(window->controller().model().game().board().toAscii(), position);
    window->failureDialog()->closeButton()->click();
    QTRY_VERIFY(window->failureDialog() == nullptr);
    QVERIFY(window->controller().ai().held());

    // Another opponent finishes the turn.
    OpponentConfig builtin = quickSetup().opponent;
    window->controller().setOpponent(builtin);
    QTRY_COMPARE_WITH_TIMEOUT(window->controller().model().game().moveCount(), 2, kTimeoutMs);
    QCOMPARE(window->controller().model().game().moves().back().color, Color::White);
  }

  void anUnreachableModelIsATransportFailure() {
    TestHome home;
    GameSetup setup = quickSetup();
    setup.opponent.kind = OpponentKind::Model;
    setup.opponent.modelUrl = QStringLiteral("http://127.0.0.1:9/v1");  // the discard port: nothing listens
    setup.opponent.modelName = QStringLiteral("nobody");
    setup.opponent.timeoutSeconds = 5;
    home.setSetup(setup);
    auto window = home.makeWindow();
    window->startUp();
    clickPoint(*window, at("C3"));
    QTRY_VERIFY_WITH_TIMEOUT(window->failureDialog() != nullptr, kTimeoutMs);
    QVERIFY(window->failureDialog()->windowTitle().contains(QStringLiteral("could not be reached")));
    QCOMPARE(window->controller().model().game().moveCount(), 1);
    window->failureDialog()->closeButton()->click();
  }

  void eachFailureIsTitledByWhatItIs() {
    struct Case {
      OpponentKind kind;
      QString options;  // the built-in options or the GTP command
      QString title;
      QString detail;  // in the message
    };
    const QList<Case> cases = {
        {OpponentKind::Builtin, QStringLiteral("speed=3"), QStringLiteral("The opponent's settings cannot be used"),
         QStringLiteral("speed")},
        {OpponentKind::Gtp, QStringLiteral("/nonexistent/engine --mode gtp"),
         QStringLiteral("The opponent could not be started"), QStringLiteral("/nonexistent/engine")},
    };
    for (const Case& c : cases) {
      TestHome home;
      GameSetup setup = quickSetup();
      setup.opponent.kind = c.kind;
      // Settings that never went through the dialog (an older version's, or edited by hand).
      (c.kind == OpponentKind::Builtin ? setup.opponent.builtinOptions : setup.opponent.gtpCommand) = c.options;
      home.setSetup(setup);
      auto window = home.makeWindow();
      QSignalSpy failures(&window->controller().ai(), &AiTurns::aiFailed);
      window->startUp();
      clickPoint(*window, at("C3"));
      QTRY_VERIFY_WITH_TIMEOUT(window->failureDialog() != nullptr, kTimeoutMs);
      QCOMPARE(window->failureDialog()->windowTitle(), c.title);
      QVERIFY2(window->failureDialog()->text().contains(c.detail), qPrintable(window->failureDialog()->text()));
      QCOMPARE(failures.count(), 1);
      QCOMPARE(window->controller().model().game().moveCount(), 1);
      window->failureDialog()->closeButton()->click();
    }
  }

  void anOpenedRecordAsksTheModelItNames() {
    FakeModelServer server({QStringLiteral(R"({"content": "C3"})")});
    TestHome home;
    home.setSetup(modelSetup(server));
    auto window = home.makeWindow();
    window->startUp();
    QCOMPARE(window->controller().ai().opponent().modelName, QStringLiteral("scripted"));
    const QString path = home.writeFile(QStringLiteral("r5.sgf"),
                                        "(;GM[1]FF[4]SZ[9]PB[Human]PW[model round5]XMODELW[round5];B[ee];W[cc])");
    QVERIFY(window->controller().openRecord(path).isEmpty());
    QCOMPARE(window->controller().ai().opponent().modelName, QStringLiteral("round5"));
    QVERIFY(window->controller().recordText().find("XMODELW[round5]") != std::string::npos);
  }

  void stopDropsTheAnswerAndTheWindowNeverWaits() {
    FakeModelServer server({QStringLiteral(R"({"delay": 3, "content": "E5"})")});
    TestHome home;
    home.setSetup(modelSetup(server));
    auto window = home.makeWindow();
    window->startUp();
    clickPoint(*window, at("D4"));
    QVERIFY(window->controller().ai().thinking());
    QVERIFY(window->attemptsPanel()->stopButton()->isEnabled());

    // While the model takes its time the event loop runs: a timer fires on schedule.
    QElapsedTimer clock;
    clock.start();
    bool fired = false;
    QTimer::singleShot(100, this, [&] { fired = true; });
    QTRY_VERIFY_WITH_TIMEOUT(fired, kTimeoutMs);
    QVERIFY(window->controller().ai().thinking());

    QTest::keyClick(window.get(), Qt::Key_Escape);
    QVERIFY(!window->controller().ai().thinking());
    QVERIFY(window->controller().ai().held());
    // The dropped answer arrives and changes nothing.
    QVERIFY(waitForWorkers());
    QTest::qWait(200);
    QCOMPARE(window->controller().model().game().moveCount(), 1);
    QCOMPARE(window->controller().model().game().board().at(at("E5")), Color::Empty);

    // Asked again, the model answers.
    QTest::keyClick(window.get(), Qt::Key_G, Qt::ControlModifier);
    QVERIFY(window->controller().ai().thinking());
    QTRY_COMPARE_WITH_TIMEOUT(window->controller().model().game().moveCount(), 2, kTimeoutMs);
    QCOMPARE(window->controller().model().game().board().at(at("E5")), Color::White);
  }

  // The built-in engine's search ends with the turn it was for: given an hour, its thread is gone at once after Esc,
  // after the Stop button, and when the window closes.
  void escStopsTheBuiltInEnginesSearch() { stopsTheSearch(Stopper::Esc); }
  void theStopButtonStopsTheBuiltInEnginesSearch() { stopsTheSearch(Stopper::Button); }
  void closingTheWindowStopsTheBuiltInEnginesSearch() { stopsTheSearch(Stopper::Close); }

  void stopEndsTheTurnWithoutAskingAgainOrLogging() {
    // Every answer is the occupied D4, after a second: left alone the referee would ask five times and log a failure.
    FakeModelServer server({QStringLiteral(R"({"delay": 1, "content": "D4"})")});
    TestHome home;
    home.setSetup(modelSetup(server));
    auto window = home.makeWindow();
    window->startUp();
    clickPoint(*window, at("D4"));
    QTRY_COMPARE_WITH_TIMEOUT(server.requestsReceived(), 1, kTimeoutMs);

    QTest::keyClick(window.get(), Qt::Key_Escape);
    QVERIFY(!window->controller().ai().thinking());
    // The request already out runs to its end; its verdict is dropped and no second request follows.
    QVERIFY(waitForWorkers());
    QTest::qWait(200);
    QCOMPARE(server.requestsReceived(), 1);
    QVERIFY(window->attemptsPanel()->lines().isEmpty());
    QVERIFY(window->failureDialog() == nullptr);
    QVERIFY(!QFile::exists(home.errorLogPath()) || QFileInfo(home.errorLogPath()).size() == 0);
    QCOMPARE(window->controller().model().game().moveCount(), 1);
  }
};

QTEST_MAIN(OpponentTest)
#include "opponent_test.moc"
