// The analysis view with an external GTP engine chosen in the settings: the real Leela Zero of Debian's leela-zero
// (with the tiny seeded network of support/leela_network.h) gives the candidates of a 19x19 position, while the score
// estimate stays the built-in engine's and the window says so; on 9x9, which Leela Zero refuses, the built-in engine
// analyses and the window says why. `tengen gtp` stands in for KataGo: it speaks kata-analyze with the ownership and
// the score, which then shade the board and make the estimate. An engine that is slow to start or hangs never holds
// up the window: changing the position, turning the analysis off, choosing another engine and closing the window all
// return at once, and an engine that does not answer is killed when it is let go.
#include <signal.h>

#include <QAction>
#include <QElapsedTimer>
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

// A home whose next window plays a game of `size` and shows the analysis of `engine`, and the score estimate when
// `estimate`.
void analyseWith(TestHome& home, int size, const QString& engine, bool estimate = false) {
  home.setSetup(setupOfSize(size));
  Settings settings(home.store());
  settings.setAnalysisEngine(engine);
  settings.setShowAnalysis(true);
  if (estimate) settings.setShowScoreEstimate(true);
}

// The window of `home`, shown and started up; null when it could not be shown.
std::unique_ptr<MainWindow> startedWindow(TestHome& home) {
  std::unique_ptr<MainWindow> window = home.makeWindow();
  if (!QTest::qWaitForWindowExposed(window.get())) return nullptr;
  window->startUp();
  return window;
}

// Debian's Leela Zero on one CPU thread with the network file `network`.
QString leelaZero(const QString& network) {
  return QString::fromStdString(gtp::joinCommandLine(
      {test_support::kLeelaZero, "--gtp", "--cpu-only", "--noponder", "-t", "1", "-w", network.toStdString()}));
}

// Far below the engine's delay (it does not answer at all until the test lets it): the window must not wait for
// the engine, so this bound holds on any machine.
constexpr qint64 kPromptMs = 1000;

// An engine that writes its pid to `engine.pid`, then waits until the file `go` exists before it becomes `tengen gtp`
// (which speaks kata-analyze): an engine loading a big network, or one that hangs when `go` never comes.
QString writeSlowEngine(const TestHome& home) {
  const QString script =
      QStringLiteral("#!/bin/sh\necho $$ > '%1'\nwhile [ ! -e '%2' ]; do sleep 0.05; done\nexec '%3' gtp\n")
          .arg(home.path(QStringLiteral("engine.pid")), home.path(QStringLiteral("go")), QStringLiteral(TENGEN_CLI));
  const QString path = home.writeFile(QStringLiteral("slow-engine"), script.toUtf8());
  if (path.isEmpty()) return {};
  QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
  return QString::fromStdString(gtp::joinCommandLine({path.toStdString()}));
}

// The pid the slow engine wrote; 0 until it has.
pid_t slowEnginePid(const TestHome& home) {
  QFile file(home.path(QStringLiteral("engine.pid")));
  if (!file.open(QIODevice::ReadOnly)) return 0;
  return static_cast<pid_t>(file.readAll().trimmed().toInt());
}

// Whether the process is gone (ended and reaped).
bool gone(pid_t pid) { return ::kill(pid, 0) != 0 && errno == ESRCH; }

// Runs `action` and answers how long it took, in milliseconds.
template <typename Action>
qint64 timed(Action action) {
  QElapsedTimer timer;
  timer.start();
  action();
  return timer.elapsed();
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
    analyseWith(home, 19, leelaZero(network), true);
    const std::unique_ptr<MainWindow> window = startedWindow(home);
    QVERIFY(window);
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
    analyseWith(home, 9, leelaZero(network));
    const std::unique_ptr<MainWindow> window = startedWindow(home);
    QVERIFY(window);
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
    analyseWith(home, 9, QString::fromStdString(gtp::joinCommandLine({TENGEN_CLI, "gtp"})), true);
    const std::unique_ptr<MainWindow> window = startedWindow(home);
    QVERIFY(window);
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

  void anEngineSlowToStartNeverHoldsTheWindow() {
    TestHome home;
    const QString engine = writeSlowEngine(home);
    QVERIFY(!engine.isEmpty());
    analyseWith(home, 9, engine);
    std::unique_ptr<MainWindow> window = startedWindow(home);
    QVERIFY(window);
    PositionViews& views = window->controller().views();
    const QString starting = QStringLiteral("Analysis: starting slow-engine\u2026");
    QTRY_COMPARE_WITH_TIMEOUT(statusText(*window, "analysis"), starting, kTimeoutMs);
    QTRY_VERIFY_WITH_TIMEOUT(slowEnginePid(home) > 0, kTimeoutMs);

    // While the engine does not answer, the window goes on: a move and the AI's reply, looking back, the analysis
    // turned off and on again.
    QVERIFY(timed([&] { clickPoint(*window, at("E5")); }) < kPromptMs);
    QVERIFY(waitForMoves(window->controller(), 2));
    QVERIFY(timed([&] { QTest::keyClick(window.get(), Qt::Key_Left); }) < kPromptMs);
    QCOMPARE(window->controller().model().view().toMove(), Color::White);
    QVERIFY(timed([&] { QTest::keyClick(window.get(), Qt::Key_A); }) < kPromptMs);
    QVERIFY(!views.analysisShown());
    QVERIFY(statusText(*window, "analysis").isEmpty());
    QVERIFY(timed([&] { QTest::keyClick(window.get(), Qt::Key_A); }) < kPromptMs);
    QVERIFY(views.analysisShown());
    QCOMPARE(statusText(*window, "analysis"), starting);
    QVERIFY(views.analysis() == nullptr);

    // The engine answers at last: its analysis is of the position looked at now; the requests it missed are dropped.
    QVERIFY(!home.writeFile(QStringLiteral("go"), QByteArray()).isEmpty());
    QTRY_VERIFY_WITH_TIMEOUT(views.analysis() != nullptr && !views.analysis()->candidates.empty(), kTimeoutMs);
    QCOMPARE(views.analysis()->toMove, Color::White);
    QVERIFY2(statusText(*window, "analysis").startsWith(QStringLiteral("Analysis by slow-engine: ")),
             qPrintable(statusText(*window, "analysis")));
    QCOMPARE(views.analysis()->ownership.size(), std::size_t{81});
    // Back to the end of the game: followed too.
    QTest::keyClick(window.get(), Qt::Key_End);
    QTRY_VERIFY_WITH_TIMEOUT(views.analysis() != nullptr && views.analysis()->toMove == Color::Black, kTimeoutMs);

    // An engine that answers is asked to quit when the window closes, and leaves. (The game is saved first: no
    // question on the way.)
    const pid_t pid = slowEnginePid(home);
    QVERIFY(window->saveFile(home.path(QStringLiteral("kept.sgf"))));
    QVERIFY(timed([&] {
              window->close();
              window.reset();
            }) < kPromptMs);
    QTRY_VERIFY_WITH_TIMEOUT(gone(pid), kTimeoutMs);
  }

  void anEngineThatHangsIsKilledWhenLetGo() {
    TestHome home;
    const QString engine = writeSlowEngine(home);
    QVERIFY(!engine.isEmpty());
    analyseWith(home, 9, engine);
    std::unique_ptr<MainWindow> window = startedWindow(home);
    QVERIFY(window);
    PositionViews& views = window->controller().views();
    QTRY_VERIFY_WITH_TIMEOUT(views.analysisText().startsWith(QStringLiteral("Analysis: starting")), kTimeoutMs);
    QTRY_VERIFY_WITH_TIMEOUT(slowEnginePid(home) > 0, kTimeoutMs);
    const pid_t first = slowEnginePid(home);

    // Back to the built-in engine: it analyses at once, and the engine that never answered is killed.
    QVERIFY(timed([&] { views.setAnalysisEngine(QString()); }) < kPromptMs);
    QTRY_VERIFY_WITH_TIMEOUT(
        statusText(*window, "analysis").startsWith(QStringLiteral("Analysis: ")) && views.analysis() != nullptr,
        kTimeoutMs);
    QTRY_VERIFY_WITH_TIMEOUT(gone(first), kTimeoutMs);

    // The hanging engine again, then the window closes while it does not answer: at once, and the engine is killed.
    QVERIFY(QFile::remove(home.path(QStringLiteral("engine.pid"))));
    views.setAnalysisEngine(engine);
    QTRY_VERIFY_WITH_TIMEOUT(views.analysisText().startsWith(QStringLiteral("Analysis: starting")), kTimeoutMs);
    QTRY_VERIFY_WITH_TIMEOUT(slowEnginePid(home) > 0, kTimeoutMs);
    const pid_t second = slowEnginePid(home);
    QVERIFY(second != first);
    QVERIFY(timed([&] {
              window->close();
              window.reset();
            }) < kPromptMs);
    QTRY_VERIFY_WITH_TIMEOUT(gone(second), kTimeoutMs);
  }
};

QTEST_MAIN(ExternalAnalysisTest)
#include "external_analysis_test.moc"
