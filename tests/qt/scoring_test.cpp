// The end of the game: two passes bring the analysis's dead stones; clicking a group toggles it and the result
// follows; accepting ends the game with that result, in the record too. The score estimate view at any moment.
#include <QAction>
#include <QFile>
#include <QLabel>
#include <QtTest>

#include "model/settings.h"
#include "qt_test_support.h"

using namespace tengen;
using namespace tengen::qt;
using namespace tengen::session;
using namespace tengen::qt::test;

namespace {

// "Estimate: B+3.5" with a margin of at most 12 points either way ("Estimate: 0" too).
bool withinTwelve(const QString& text) {
  const QString prefix = QStringLiteral("Estimate: ");
  if (!text.startsWith(prefix)) return false;
  const QString result = text.mid(prefix.size());
  if (result == QStringLiteral("0")) return true;
  if (!result.startsWith(QStringLiteral("B+")) && !result.startsWith(QStringLiteral("W+"))) return false;
  bool ok = false;
  const double margin = result.mid(2).toDouble(&ok);
  return ok && margin <= 12;
}

}  // namespace

class ScoringTest : public QObject {
  Q_OBJECT

 private slots:
  void cleanup() { QVERIFY(waitForWorkers()); }

  void togglingGroupsChangesTheResult() {
    TestHome home;
    home.setSetup(quickSetup());
    auto window = home.makeWindow();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    const QString path = home.writeFile(QStringLiteral("end.sgf"), kScoringRecord);
    QVERIFY(!path.isEmpty());
    QVERIFY(window->openFile(path, true));
    GameController& controller = window->controller();
    QCOMPARE(controller.model().game().phase(), Phase::Scoring);
    QCOMPARE(controller.human(), Color::Black);

    // The estimate comes from another thread.
    QTRY_VERIFY_WITH_TIMEOUT(!controller.estimating(), kTimeoutMs);
    QVERIFY(window->turnStatus().startsWith(QStringLiteral("Scoring: ")));

    // Whatever the estimate said, bring the walls alive and B5 dead by clicking, as a player would.
    const auto ensure = [&](const char* vertex, bool dead) {
      if (controller.model().isDead(at(vertex)) != dead) clickPoint(*window, at(vertex));
      QCOMPARE(controller.model().isDead(at(vertex)), dead);
    };
    ensure("C1", false);
    ensure("D1", false);
    ensure("B5", true);
    QCOMPARE(QString::fromStdString(controller.model().score().result), QStringLiteral("W+34.5"));
    QVERIFY(window->turnStatus().startsWith(QStringLiteral("Scoring: W+34.5")));

    clickPoint(*window, at("B5"));
    QVERIFY(!controller.model().isDead(at("B5")));
    QCOMPARE(QString::fromStdString(controller.model().score().result), QStringLiteral("W+53.5"));
    QVERIFY(window->statusMessage().contains(QStringLiteral("alive")));
    QVERIFY(window->turnStatus().startsWith(QStringLiteral("Scoring: W+53.5")));

    // A whole chain toggles at once: the nine stones of the black wall.
    clickPoint(*window, at("C5"));
    QCOMPARE(controller.model().deadStones().size(), 9U);
    clickPoint(*window, at("C9"));
    QVERIFY(controller.model().deadStones().empty());

    clickPoint(*window, at("B5"));
    QCOMPARE(QString::fromStdString(controller.model().score().result), QStringLiteral("W+34.5"));

    // Enter accepts: the game is over with that result, and the autosaved record says so.
    QTest::keyClick(window.get(), Qt::Key_Return);
    QCOMPARE(controller.model().game().phase(), Phase::Finished);
    QCOMPARE(QString::fromStdString(controller.model().game().result()), QStringLiteral("W+34.5"));
    QVERIFY(window->turnStatus().startsWith(QStringLiteral("Game over: W+34.5")));
    QFile saved(home.autosavePath());
    QVERIFY(saved.open(QIODevice::ReadOnly));
    QVERIFY(saved.readAll().contains("RE[W+34.5]"));
    saved.close();

    // After a crash the game comes back over, with the dead stones accepted, not to be scored again.
    window.reset();
    QVERIFY(waitForWorkers());
    auto again = home.makeWindow();
    again->startUp();
    const GameController& restored = again->controller();
    QCOMPARE(restored.model().game().phase(), Phase::Finished);
    QVERIFY(!restored.estimating());
    QCOMPARE(QString::fromStdString(restored.model().game().result()), QStringLiteral("W+34.5"));
    QVERIFY(restored.model().isDead(at("B5")));
    QCOMPARE(restored.model().deadStones().size(), 1U);
    QVERIFY(again->turnStatus().startsWith(QStringLiteral("Game over: W+34.5")));
  }

  void twoPassesProposeTheAnalysissDeadStones() {
    TestHome home;
    home.setSetup(quickSetup());
    auto window = home.makeWindow();
    const QString path = home.writeFile(QStringLiteral("end.sgf"), kScoringRecord);
    QVERIFY(!path.isEmpty());
    QVERIFY(window->openFile(path, true));
    GameController& controller = window->controller();
    QTRY_VERIFY_WITH_TIMEOUT(!controller.estimating(), kTimeoutMs);
    // The lone stone in Black's area, and nothing else: no toggling needed for the right result.
    QCOMPARE(controller.model().deadStones(), std::vector<Point>{at("B5")});
    QVERIFY(window->turnStatus().startsWith(QStringLiteral("Scoring: W+34.5")));
    QVERIFY2(window->statusMessage().contains(QStringLiteral("tengen takes 1 stone as dead")),
             qPrintable(window->statusMessage()));
  }

  void theScoreEstimateFollowsThePositionLookedAt() {
    TestHome home;
    home.setSetup(quickSetup());
    auto window = home.makeWindow();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    // The walls with the lone stone and the open middle, then two stones more there, B E6 and W E4.
    const QString path = home.path(QStringLiteral("walls.sgf"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    QByteArray record(kWallsInPlayRecord);
    record.chop(1);
    file.write(record + ";B[ed];W[ef])");
    file.close();
    QVERIFY(window->openFile(path, true));
    GameController& controller = window->controller();
    QAction* estimate = window->action(QStringLiteral("scoreEstimate"));
    QVERIFY(estimate != nullptr);
    QVERIFY(!estimate->isChecked());
    QVERIFY(controller.views().scoreEstimateText().isEmpty());

    QTest::keyClick(window.get(), Qt::Key_E);
    QVERIFY(estimate->isChecked());
    QVERIFY(controller.views().scoreEstimateShown());
    QVERIFY(Settings(home.store()).showScoreEstimate());
    QTRY_VERIFY_WITH_TIMEOUT(controller.views().scoreEstimate().has_value(), kTimeoutMs);
    const Analysis& end = *controller.views().scoreEstimate();
    // The built-in engine's estimate of a game in play: each point's ownership, the lone white stone in Black's
    // area dead, the walls and the new stones alive, and the expected score on the board and in the status bar.
    QVERIFY(!end.final);
    QCOMPARE(end.playoutOwnership.size(), 81U);
    QCOMPARE(end.dead, std::vector<Point>{at("B5")});
    for (const char* alive : {"C5", "G5", "E6", "E4"})
      QCOMPARE(end.status[pointIndex(at(alive), 9)], StoneStatus::Alive);
    QCOMPARE(end.owner[pointIndex(at("A1"), 9)], Color::Black);
    QCOMPARE(end.owner[pointIndex(at("J1"), 9)], Color::White);
    QVERIFY(end.playoutOwnership[pointIndex(at("A1"), 9)] > 0.5F);
    QVERIFY(end.playoutOwnership[pointIndex(at("J1"), 9)] < -0.5F);
    const QString text = QStringLiteral("Estimate: %1").arg(QString::fromStdString(end.score.result));
    QCOMPARE(controller.views().scoreEstimateText(), text);
    QTRY_VERIFY_WITH_TIMEOUT(window->findChild<QLabel*>(QStringLiteral("scoreEstimate"))->text() == text, kTimeoutMs);

    // Looking back at the start: the estimate is worked out again, for that position (the walls alone).
    QTest::keyClick(window.get(), Qt::Key_Home);
    QVERIFY(!controller.views().scoreEstimate().has_value());
    QTRY_VERIFY_WITH_TIMEOUT(controller.views().scoreEstimate().has_value(), kTimeoutMs);
    QVERIFY(!controller.views().scoreEstimate()->final);
    QCOMPARE(controller.views().scoreEstimate()->dead, std::vector<Point>{at("B5")});
    QVERIFY(controller.views().scoreEstimateText().startsWith(QStringLiteral("Estimate: ")));

    // Off again: nothing shown, and the choice is kept for the next run.
    QTest::keyClick(window.get(), Qt::Key_E);
    QVERIFY(!controller.views().scoreEstimateShown());
    QVERIFY(!controller.views().scoreEstimate().has_value());
    QVERIFY(window->findChild<QLabel*>(QStringLiteral("scoreEstimate"))->text().isEmpty());
    QVERIFY(!Settings(home.store()).showScoreEstimate());
  }

  void theEstimateOfAScoredGameIsItsCount() {
    // After two passes the estimate view shows core's count, the one scoring proposes, not an estimate.
    TestHome home;
    home.setSetup(quickSetup());
    auto window = home.makeWindow();
    const QString path = home.writeFile(QStringLiteral("end.sgf"), kScoringRecord);
    QVERIFY(!path.isEmpty());
    QVERIFY(window->openFile(path, true));
    GameController& controller = window->controller();
    controller.views().setScoreEstimateShown(true);
    QTRY_VERIFY_WITH_TIMEOUT(controller.views().scoreEstimate().has_value(), kTimeoutMs);
    QVERIFY(controller.views().scoreEstimate()->final);
    QCOMPARE(controller.views().scoreEstimate()->dead, std::vector<Point>{at("B5")});
    QCOMPARE(controller.views().scoreEstimateText(), QStringLiteral("Score: W+34.5"));
  }

  void theEstimateOfOneStoneIsClose() {
    // One black stone in the middle of 9x9 is worth a few points, not the whole board (the B+73.5 of a count).
    TestHome home;
    home.setSetup(quickSetup());
    auto window = home.makeWindow();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    // The player has White, so that the AI does not answer.
    const QString path =
        home.writeFile(QStringLiteral("e5.sgf"), "(;GM[1]FF[4]SZ[9]RU[Chinese]KM[7.5]PB[engine]PW[Human];B[ee])");
    QVERIFY(!path.isEmpty());
    QVERIFY(window->openFile(path, true));
    GameController& controller = window->controller();
    QTest::keyClick(window.get(), Qt::Key_E);
    QTRY_VERIFY_WITH_TIMEOUT(controller.views().scoreEstimate().has_value(), kTimeoutMs);
    QVERIFY(!controller.views().scoreEstimate()->final);
    const QString shown = window->findChild<QLabel*>(QStringLiteral("scoreEstimate"))->text();
    QVERIFY2(withinTwelve(shown), qPrintable(shown));
    // E5 itself is surely Black's.
    QVERIFY(controller.views().scoreEstimate()->playoutOwnership[pointIndex(at("E5"), 9)] > 0.3F);
  }

  void aResignedGameKeepsItsResultAndItsPositionsEstimate() {
    // After a resignation the estimate view gives the result, over the engine's judgment of the position as it
    // stood: not a count of it, which would give the whole board to the lone stone.
    TestHome home;
    home.setSetup(quickSetup());
    auto window = home.makeWindow();
    const QString path =
        home.writeFile(QStringLiteral("e5.sgf"), "(;GM[1]FF[4]SZ[9]RU[Chinese]KM[7.5]PB[engine]PW[Human];B[ee])");
    QVERIFY(!path.isEmpty());
    QVERIFY(window->openFile(path, true));
    GameController& controller = window->controller();
    QCOMPARE(controller.human(), Color::White);
    controller.resign();
    QCOMPARE(controller.model().game().phase(), Phase::Finished);
    controller.views().setScoreEstimateShown(true);
    QTRY_VERIFY_WITH_TIMEOUT(controller.views().scoreEstimate().has_value(), kTimeoutMs);
    const Analysis& judged = *controller.views().scoreEstimate();
    QVERIFY(judged.final);
    QCOMPARE(controller.views().scoreEstimateText(), QStringLiteral("Score: B+R"));
    QCOMPARE(judged.playoutOwnership.size(), 81U);
    QCOMPARE(judged.owner[pointIndex(at("E5"), 9)], Color::Black);
    QCOMPARE(judged.owner[pointIndex(at("A1"), 9)], Color::Empty);
  }

  void resumingPlayForgetsTheDeadStones() {
    TestHome home;
    home.setSetup(quickSetup());
    auto window = home.makeWindow();
    const QString path = home.writeFile(QStringLiteral("end.sgf"), kScoringRecord);
    QVERIFY(!path.isEmpty());
    QVERIFY(window->openFile(path, true));
    QTRY_VERIFY_WITH_TIMEOUT(!window->controller().estimating(), kTimeoutMs);
    window->controller().resumePlay();
    QCOMPARE(window->controller().model().game().phase(), Phase::Playing);
    QVERIFY(window->controller().model().deadStones().empty());
    // Black passed first, so after White's pass it is Black's (the player's) turn.
    QCOMPARE(window->controller().model().game().toMove(), Color::Black);
  }
};

QTEST_MAIN(ScoringTest)
#include "scoring_test.moc"
