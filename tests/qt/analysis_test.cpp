// The analysis view: the built-in engine's best candidates for the position looked at, drawn on the board with their
// winning rates and visits and refreshed live from a worker thread; paused while the AI thinks (a slow scripted
// model), started again on the next position, stopped when turned off, at its playout cap and while a game is being
// scored, and joined when the window closes.
#include <QAction>
#include <QImage>
#include <QLabel>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QtTest>
#include <algorithm>
#include <cmath>

#include "qt_test_support.h"

using namespace tengen;
using namespace tengen::qt;
using namespace tengen::qt::test;

namespace {

void writeFile(const QString& path, const QByteArray& text) {
  QFile file(path);
  if (file.open(QIODevice::WriteOnly)) file.write(text);
}

// The share of the pixels within `within` cells of point p's centre, as the board draws it now, that `test` accepts.
template <typename Test>
double shareAt(BoardWidget& board, Point p, double within, Test test) {
  const QImage image = board.grab().toImage();
  const double ratio = image.devicePixelRatio();
  const QPointF centre = board.centerOf(p) * ratio;
  const double radius = within * board.cellSize() * ratio;
  int all = 0;
  int accepted = 0;
  for (int y = static_cast<int>(centre.y() - radius); y <= centre.y() + radius; ++y) {
    for (int x = static_cast<int>(centre.x() - radius); x <= centre.x() + radius; ++x) {
      if (std::hypot(x + 0.5 - centre.x(), y + 0.5 - centre.y()) > radius) continue;
      ++all;
      if (test(image.pixelColor(x, y))) ++accepted;
    }
  }
  return all == 0 ? 0 : static_cast<double>(accepted) / all;
}

bool isBestBlue(QColor c) { return c.blue() > 180 && c.blue() > c.red() + 80; }
bool isInk(QColor c) { return c.lightness() < 70; }
bool isWoodLike(QColor c) { return c.red() > 170 && c.red() > c.green() && c.green() > c.blue(); }

// Whether every candidate of the report is a legal play of the side to move in `game`, and there are 1 to 5.
bool candidatesFit(const SearchReport& report, const Game& game) {
  if (report.candidates.empty() || report.candidates.size() > 5) return false;
  return std::all_of(report.candidates.begin(), report.candidates.end(), [&](const SearchCandidate& c) {
    return c.move.kind == MoveKind::Play && c.move.color == game.toMove() && game.isLegal(c.move) && c.visits > 0 &&
           c.winrate >= 0 && c.winrate <= 1;
  });
}

}  // namespace

class AnalysisTest : public QObject {
  Q_OBJECT

 private slots:
  void cleanup() { QVERIFY(waitForWorkers()); }

  void theBestCandidatesAreShownLive() {
    TestHome home;
    home.setSetup(quickSetup());
    auto window = home.makeWindow();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    window->startUp();
    GameController& controller = window->controller();
    QAction* action = window->action(QStringLiteral("analysis"));
    QVERIFY(action != nullptr);
    QVERIFY(!action->isChecked());
    QVERIFY(controller.views().analysis() == nullptr);

    QTest::keyClick(window.get(), Qt::Key_A);
    QVERIFY(action->isChecked());
    QVERIFY(controller.views().analysisShown());
    QVERIFY(Settings(home.store()).showAnalysis());
    QVERIFY(controller.views().analysing());

    // Reports keep coming while the person thinks: the playouts grow from one to the next.
    QTRY_VERIFY_WITH_TIMEOUT(controller.views().analysis() != nullptr, kTimeoutMs);
    const long first = controller.views().analysis()->playouts;
    QTRY_VERIFY_WITH_TIMEOUT(
        controller.views().analysis()->playouts > first && controller.views().analysis()->candidates.size() >= 2,
        kTimeoutMs);
    const SearchReport report = *controller.views().analysis();
    QVERIFY(candidatesFit(report, controller.model().game()));
    QCOMPARE(report.toMove, Color::Black);
    for (std::size_t i = 1; i < report.candidates.size(); ++i) {
      QVERIFY(report.candidates[i - 1].visits >= report.candidates[i].visits);
    }
    // The status bar names the best move, its winning rate for the side to move and the playouts so far.
    const QString status = window->findChild<QLabel*>(QStringLiteral("analysis"))->text();
    const QRegularExpression shape(QStringLiteral(R"(^Analysis: [A-HJ][1-9] \d{1,3}\.\d%, [\d,]+ playouts$)"));
    QVERIFY2(shape.match(status).hasMatch(), qPrintable(status));

    // On the board: the best candidate in blue with its numbers in dark ink, another in a colour of its own, and a
    // point that is no candidate left as the wood.
    BoardWidget* board = window->board();
    const Point best = report.candidates[0].move.point;
    const Point second = report.candidates[1].move.point;
    QTRY_VERIFY_WITH_TIMEOUT(shareAt(*board, best, 0.4, isBestBlue) > 0.3, kTimeoutMs);
    QVERIFY(shareAt(*board, best, 0.4, isInk) > 0.02);
    QVERIFY(shareAt(*board, second, 0.4, isBestBlue) < 0.05);
    QVERIFY(shareAt(*board, second, 0.4, isInk) > 0.02);
    const SearchReport* now = controller.views().analysis();
    Point empty{-1, -1};
    for (int row = 0; row < 9 && empty.row < 0; ++row) {
      for (int col = 0; col < 9; ++col) {
        const bool candidate =
            std::any_of(now->candidates.begin(), now->candidates.end(), [&](const SearchCandidate& c) {
              return c.move.point == Point{row, col};
            });
        if (!candidate) {
          empty = {row, col};
          break;
        }
      }
    }
    QVERIFY(empty.row >= 0);
    QVERIFY(shareAt(*board, empty, 0.2, isBestBlue) == 0);
    QVERIFY(shareAt(*board, empty, 0.2, isWoodLike) > 0.5);
  }

  void itPausesWhileTheAiThinksAndFollowsTheGame() {
    // A model that takes three seconds to answer: long enough to see the analysis paused meanwhile.
    FakeModelServer server({QStringLiteral(R"({"delay": 3, "content": "D4"})")});
    QVERIFY(server.port() > 0);
    TestHome home;
    home.setSetup(modelSetup(server));
    Settings(home.store()).setShowAnalysis(true);
    auto window = home.makeWindow();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    window->startUp();
    GameController& controller = window->controller();
    // The setting was kept: the view is on from the start, whatever the opponent.
    QVERIFY(window->action(QStringLiteral("analysis"))->isChecked());
    QTRY_VERIFY_WITH_TIMEOUT(controller.views().analysis() != nullptr, kTimeoutMs);

    clickPoint(*window, at("E5"));
    QVERIFY(controller.ai().thinking());
    QTRY_VERIFY_WITH_TIMEOUT(!controller.views().analysing(), kTimeoutMs);
    QVERIFY(controller.views().analysis() == nullptr);
    QCOMPARE(controller.views().analysisText(), QStringLiteral("Analysis: paused while the AI thinks"));
    QCOMPARE(window->findChild<QLabel*>(QStringLiteral("analysis"))->text(), controller.views().analysisText());

    // The model's D4 comes; the analysis starts again, for the position after it.
    QTRY_COMPARE_WITH_TIMEOUT(controller.model().game().moveCount(), 2, kTimeoutMs);
    QTRY_VERIFY_WITH_TIMEOUT(
        controller.views().analysis() != nullptr && controller.views().analysis()->candidates.size() >= 2, kTimeoutMs);
    QVERIFY(controller.views().analysing());
    QVERIFY(candidatesFit(*controller.views().analysis(), controller.model().game()));
    QCOMPARE(controller.views().analysis()->toMove, Color::Black);

    // Looking back one move: White to move there, and the analysis is of that position.
    QTest::keyClick(window.get(), Qt::Key_Left);
    QTRY_VERIFY_WITH_TIMEOUT(
        controller.views().analysis() != nullptr && controller.views().analysis()->toMove == Color::White, kTimeoutMs);
    QVERIFY(candidatesFit(*controller.views().analysis(), controller.model().view()));
  }

  void turningItOffStopsTheSearch() {
    TestHome home;
    home.setSetup(quickSetup());
    auto window = home.makeWindow();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    window->startUp();
    GameController& controller = window->controller();
    QTest::keyClick(window.get(), Qt::Key_A);
    QTRY_VERIFY_WITH_TIMEOUT(controller.views().analysis() != nullptr, kTimeoutMs);

    QTest::keyClick(window.get(), Qt::Key_A);
    QVERIFY(!window->action(QStringLiteral("analysis"))->isChecked());
    QVERIFY(!controller.views().analysisShown());
    QVERIFY(!Settings(home.store()).showAnalysis());
    QVERIFY(!controller.views().analysing());
    QVERIFY(controller.views().analysis() == nullptr);
    QVERIFY(window->findChild<QLabel*>(QStringLiteral("analysis"))->text().isEmpty());
    // Nothing more arrives: the worker is gone, and reports still on their way were dropped.
    QSignalSpy updates(&controller.views(), &PositionViews::analysisChanged);
    QTest::qWait(1500);
    QCOMPARE(updates.count(), 0);
    QVERIFY(controller.views().analysis() == nullptr);
  }

  void theSearchStopsAtItsCap() {
    TestHome home;
    ControllerOptions options;
    options.opponent = quickSetup().opponent;
    options.analysisPlayouts = 3000;
    GameController controller(options);
    QVERIFY(controller.newGame(quickSetup()));
    controller.views().setAnalysisShown(true);
    QTRY_VERIFY_WITH_TIMEOUT(controller.views().analysis() != nullptr && !controller.views().analysing(), kTimeoutMs);
    QCOMPARE(controller.views().analysis()->playouts, 3000L);
    const QRegularExpression done(QStringLiteral(R"(3,?000 playouts \(limit reached\)$)"));
    QVERIFY2(done.match(controller.views().analysisText()).hasMatch(), qPrintable(controller.views().analysisText()));
    // It stays there: the last report is kept, and no search grows.
    QSignalSpy updates(&controller.views(), &PositionViews::analysisChanged);
    QTest::qWait(700);
    QCOMPARE(updates.count(), 0);
    QCOMPARE(controller.views().analysis()->playouts, 3000L);
  }

  void nothingIsAnalysedWhileScoring() {
    TestHome home;
    home.setSetup(quickSetup());
    Settings(home.store()).setShowAnalysis(true);
    auto window = home.makeWindow();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    const QString path = home.path(QStringLiteral("end.sgf"));
    writeFile(path, kScoringRecord);
    QVERIFY(window->openFile(path, true));
    GameController& controller = window->controller();
    QCOMPARE(controller.model().game().phase(), Phase::Scoring);
    QTest::qWait(500);
    QVERIFY(!controller.views().analysing());
    QVERIFY(controller.views().analysis() == nullptr);
    QVERIFY(controller.views().analysisText().isEmpty());
    // Looking back at the position before the passes, in play there: it is analysed.
    QTest::keyClick(window.get(), Qt::Key_Home);
    QTRY_VERIFY_WITH_TIMEOUT(controller.views().analysis() != nullptr, kTimeoutMs);
    QVERIFY(candidatesFit(*controller.views().analysis(), controller.model().view()));
    // Back to the end: stopped again.
    QTest::keyClick(window.get(), Qt::Key_End);
    QTRY_VERIFY_WITH_TIMEOUT(!controller.views().analysing() && controller.views().analysis() == nullptr, kTimeoutMs);
  }

  void theWindowClosesWhileItRuns() {
    TestHome home;
    home.setSetup(quickSetup());
    Settings(home.store()).setShowAnalysis(true);
    {
      auto window = home.makeWindow();
      QVERIFY(QTest::qWaitForWindowExposed(window.get()));
      window->startUp();
      QTRY_VERIFY_WITH_TIMEOUT(window->controller().views().analysis() != nullptr, kTimeoutMs);
      QVERIFY(window->controller().views().analysing());
      QVERIFY(window->close());
      QVERIFY(!window->controller().views().analysing());
    }
    // The setting stays on for the next start.
    QVERIFY(Settings(home.store()).showAnalysis());
    // A window destroyed while its analysis runs joins the worker on the way.
    {
      auto window = home.makeWindow();
      window->startUp();
      QTRY_VERIFY_WITH_TIMEOUT(window->controller().views().analysis() != nullptr, kTimeoutMs);
      QVERIFY(window->controller().views().analysing());
    }
    QApplication::processEvents();
  }
};

QTEST_MAIN(AnalysisTest)
#include "analysis_test.moc"
