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
using namespace tengen::qt::test;

class ScoringTest : public QObject {
  Q_OBJECT

 private slots:
  void cleanup() { QVERIFY(waitForWorkers()); }

  void togglingGroupsChangesTheResult() {
    TestHome home;
    home.setSetup(quickSetup());
    auto window = home.makeWindow();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    const QString path = home.path(QStringLiteral("end.sgf"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(kScoringRecord);
    file.close();
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
    const QString path = home.path(QStringLiteral("end.sgf"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(kScoringRecord);
    file.close();
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
    // The walls with the lone stone, still in play (no passes), then two stones more.
    const QString path = home.path(QStringLiteral("walls.sgf"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(
        "(;GM[1]FF[4]SZ[9]RU[Chinese]KM[7.5]PB[Human]PW[engine]"
        "AB[ca][cb][cc][cd][ce][cf][cg][ch][ci]AW[da][db][dc][dd][de][df][dg][dh][di][be]PL[B];B[gd];W[gf])");
    file.close();
    QVERIFY(window->openFile(path, true));
    GameController& controller = window->controller();
    QAction* estimate = window->action(QStringLiteral("scoreEstimate"));
    QVERIFY(estimate != nullptr);
    QVERIFY(!estimate->isChecked());
    QVERIFY(controller.scoreEstimateText().isEmpty());

    QTest::keyClick(window.get(), Qt::Key_E);
    QVERIFY(estimate->isChecked());
    QVERIFY(controller.scoreEstimateShown());
    QVERIFY(Settings(home.store()).showScoreEstimate());
    QTRY_VERIFY_WITH_TIMEOUT(controller.scoreEstimate().has_value(), kTimeoutMs);
    const Analysis& end = *controller.scoreEstimate();
    QVERIFY(!end.final);
    // B5 and Black's G6 inside White's area are dead; the estimate says so on the board and in the status bar.
    QCOMPARE(end.status[pointIndex(at("B5"), 9)], StoneStatus::Dead);
    QCOMPARE(end.status[pointIndex(at("G6"), 9)], StoneStatus::Dead);
    QCOMPARE(end.status[pointIndex(at("G4"), 9)], StoneStatus::Alive);
    QCOMPARE(end.owner[pointIndex(at("A1"), 9)], Color::Black);
    QCOMPARE(end.owner[pointIndex(at("J9"), 9)], Color::White);
    const QString text = QStringLiteral("Estimate: %1").arg(QString::fromStdString(end.score.result));
    QCOMPARE(controller.scoreEstimateText(), text);
    QTRY_VERIFY_WITH_TIMEOUT(window->findChild<QLabel*>(QStringLiteral("scoreEstimate"))->text() == text, kTimeoutMs);

    // Looking back at the start: the estimate is of that position (the walls alone, nothing to take off).
    QTest::keyClick(window.get(), Qt::Key_Home);
    QTRY_VERIFY_WITH_TIMEOUT(controller.scoreEstimate().has_value() &&
                                 controller.scoreEstimate()->status[pointIndex(at("G6"), 9)] == StoneStatus::Alive,
                             kTimeoutMs);
    QCOMPARE(controller.scoreEstimate()->score.result, std::string("W+34.5"));

    // Off again: nothing shown, and the choice is kept for the next run.
    QTest::keyClick(window.get(), Qt::Key_E);
    QVERIFY(!controller.scoreEstimateShown());
    QVERIFY(!controller.scoreEstimate().has_value());
    QVERIFY(window->findChild<QLabel*>(QStringLiteral("scoreEstimate"))->text().isEmpty());
    QVERIFY(!Settings(home.store()).showScoreEstimate());
  }

  void resumingPlayForgetsTheDeadStones() {
    TestHome home;
    home.setSetup(quickSetup());
    auto window = home.makeWindow();
    const QString path = home.path(QStringLiteral("end.sgf"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(kScoringRecord);
    file.close();
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
