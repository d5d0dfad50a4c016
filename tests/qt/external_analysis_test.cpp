// The analysis view with an external GTP engine chosen in the settings: the real Leela Zero of Debian's leela-zero
// (with the tiny seeded network of support/leela_network.h) gives the candidates of a 19x19 position, while the score
// estimate stays the built-in engine's and the window says so; on 9x9, which Leela Zero refuses, the built-in engine
// analyses and the window says why. `tengen gtp` stands in for KataGo: it speaks kata-analyze with the ownership and
// the score, which then shade the board and make the estimate.
#include <QAction>
#include <QLabel>
#include <QRegularExpression>
#include <QtTest>
#include <filesystem>

#include "tengen/gtp/process.h"

#include "qt_test_support.h"
#include "support/leela_network.h"
#include "widgets/status_message.h"

using namespace tengen;
using namespace tengen::qt;
using namespace tengen::qt::test;

namespace {

GameSetup setupOfSize(int size) {
  GameSetup setup = quickSetup();
  setup.config.size = size;
  return setup;
}

QString statusText(MainWindow& window, const char* name) {
  return window.findChild<QLabel*>(QString::fromLatin1(name))->text();
}

// The whole message, as it was set (the status bar may show it cut to its width).
QString statusMessage(MainWindow& window) {
  return window.findChild<StatusMessage*>(QStringLiteral("message"))->message();
}

}  // namespace

class ExternalAnalysisTest : public QObject {
  Q_OBJECT

 private slots:
  void cleanup() { QVERIFY(waitForWorkers()); }

  void leelaZeroGivesTheCandidatesOn19x19AndTheBuiltinEngineTheEstimate() {
    if (!std::filesystem::exists(test_support::kLeelaZero)) QSKIP("leela-zero is not installed");
    TestHome home;
    const QString network = home.path(QStringLiteral("tiny-network.txt"));
    QVERIFY(test_support::writeLeelaNetwork(network.toStdString()));
    const QString engine = QString::fromStdString(gtp::joinCommandLine(
        {test_support::kLeelaZero, "--gtp", "--cpu-only", "--noponder", "-t", "1", "-w", network.toStdString()}));
    home.setSetup(setupOfSize(19));
    Settings(home.store()).setAnalysisEngine(engine);
    Settings(home.store()).setShowAnalysis(true);
    Settings(home.store()).setShowScoreEstimate(true);
    auto window = home.makeWindow();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    window->startUp();
    PositionViews& views = window->controller().views();
    QCOMPARE(views.analysisEngineName(), QStringLiteral("leelaz"));

    QTRY_VERIFY_WITH_TIMEOUT(views.analysis() != nullptr && !views.analysis()->candidates.empty(), kTimeoutMs);
    // Visits grow from one update to the next: Leela Zero's own search.
    const long first = views.analysis()->playouts;
    QTRY_VERIFY_WITH_TIMEOUT(views.analysis()->playouts > first, kTimeoutMs);
    const SearchReport& report = *views.analysis();
    QCOMPARE(report.toMove, Color::Black);
    for (const SearchCandidate& c : report.candidates) {
      QCOMPARE(c.move.color, Color::Black);
      QVERIFY(c.winrate >= 0 && c.winrate <= 1);
    }
    QVERIFY(report.ownership.empty());
    const QRegularExpression shape(
        QStringLiteral(R"(^Analysis by leelaz: ([A-HJ-T]\d{1,2}|pass) \d{1,3}\.\d%, [\d,]+ visits?$)"));
    QTRY_VERIFY_WITH_TIMEOUT(shape.match(statusText(*window, "analysis")).hasMatch(), kTimeoutMs);
    // What Leela Zero cannot give: said in the message line and the tip, and the estimate is the built-in one.
    const QString note = views.analysisNote();
    QVERIFY2(note.contains(QStringLiteral("leelaz gives no ownership or score")), qPrintable(note));
    QCOMPARE(statusMessage(*window), note);
    QTRY_VERIFY_WITH_TIMEOUT(views.scoreEstimate().has_value(), kTimeoutMs);
    QVERIFY(!views.scoreEstimate()->playoutOwnership.empty());
    QVERIFY2(views.scoreEstimateText().startsWith(QStringLiteral("Estimate: ")), qPrintable(views.scoreEstimateText()));

    // A move and the AI's reply: the analysis follows the new position, still from Leela Zero, and none of its
    // candidates is a point now taken.
    clickPoint(*window, at("Q16", 19));
    QVERIFY(waitForMoves(window->controller(), 2));
    const Game& game = window->controller().model().game();
    QTRY_VERIFY_WITH_TIMEOUT(views.analysis() != nullptr && !views.analysis()->candidates.empty(), kTimeoutMs);
    for (const SearchCandidate& c : views.analysis()->candidates) {
      QVERIFY(c.move.kind == MoveKind::Pass || game.board().at(c.move.point) == Color::Empty);
    }
    QVERIFY(views.analysisNote().contains(QStringLiteral("leelaz gives no ownership or score")));
  }

  void onAnotherSizeTheBuiltinEngineAnalysesAndTheWindowSaysWhy() {
    if (!std::filesystem::exists(test_support::kLeelaZero)) QSKIP("leela-zero is not installed");
    TestHome home;
    const QString network = home.path(QStringLiteral("tiny-network.txt"));
    QVERIFY(test_support::writeLeelaNetwork(network.toStdString()));
    home.setSetup(setupOfSize(9));
    Settings(home.store())
        .setAnalysisEngine(QString::fromStdString(gtp::joinCommandLine(
            {test_support::kLeelaZero, "--gtp", "--cpu-only", "--noponder", "-t", "1", "-w", network.toStdString()})));
    Settings(home.store()).setShowAnalysis(true);
    auto window = home.makeWindow();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    window->startUp();
    PositionViews& views = window->controller().views();
    QTRY_VERIFY_WITH_TIMEOUT(views.analysis() != nullptr && !views.analysis()->candidates.empty(), kTimeoutMs);
    const QString note = views.analysisNote();
    QVERIFY2(note.startsWith(QStringLiteral("The built-in engine analyses this position: ")), qPrintable(note));
    QVERIFY2(note.contains(QStringLiteral("boardsize 9")) && note.contains(QStringLiteral("unacceptable size")),
             qPrintable(note));
    QCOMPARE(statusMessage(*window), note);
    // The built-in engine's own line and its ownership.
    QVERIFY2(statusText(*window, "analysis").startsWith(QStringLiteral("Analysis: ")),
             qPrintable(statusText(*window, "analysis")));
    QVERIFY(!views.analysis()->ownership.empty());
  }

  void kataAnalyzeGivesTheOwnershipAndTheEstimateToo() {
    TestHome home;
    home.setSetup(setupOfSize(9));
    Settings(home.store()).setAnalysisEngine(QString::fromStdString(gtp::joinCommandLine({TENGEN_CLI, "gtp"})));
    Settings(home.store()).setShowAnalysis(true);
    Settings(home.store()).setShowScoreEstimate(true);
    auto window = home.makeWindow();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    window->startUp();
    PositionViews& views = window->controller().views();
    QTRY_VERIFY_WITH_TIMEOUT(views.analysis() != nullptr && !views.analysis()->candidates.empty(), kTimeoutMs);
    QCOMPARE(views.analysis()->ownership.size(), std::size_t{81});
    QVERIFY(views.analysisNote().isEmpty());
    QTRY_VERIFY_WITH_TIMEOUT(views.scoreEstimateText().startsWith(QStringLiteral("Estimate (tengen): ")), kTimeoutMs);
    QVERIFY(statusText(*window, "analysis").startsWith(QStringLiteral("Analysis by tengen: ")));
    // The shading is the engine's ownership.
    QCOMPARE(views.scoreEstimate()->playoutOwnership, views.analysis()->ownership);

    // Back to the built-in engine.
    views.setAnalysisEngine(QString());
    QTRY_VERIFY_WITH_TIMEOUT(statusText(*window, "analysis").startsWith(QStringLiteral("Analysis: ")), kTimeoutMs);
  }
};

QTEST_MAIN(ExternalAnalysisTest)
#include "external_analysis_test.moc"
