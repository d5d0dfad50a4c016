// What the board draws on stones, checked in rendered pixels: dead stones while scoring (faded, a red cross, the
// square of the side that gets the point) against live ones, and a three-digit move number kept inside its stone.
#include <QAction>
#include <QApplication>
#include <QFile>
#include <QImage>
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <vector>

#include "qt_test_support.h"

using namespace tengen;
using namespace tengen::qt;
using namespace tengen::session;
using namespace tengen::qt::test;

namespace {

bool isCrossRed(QColor c) { return c.red() > 150 && c.green() < 100 && c.blue() < 100; }
// The ink of a number on a black stone: near white.
bool isLightInk(QColor c) { return c.red() > 200 && c.green() > 200 && c.blue() > 200; }

void writeFile(const QString& path, const QByteArray& text) {
  QFile file(path);
  if (file.open(QIODevice::WriteOnly)) file.write(text);
}

// A 1000x800 window, shown, with the record `text` opened in it; null when it could not be opened.
std::unique_ptr<MainWindow> windowWithRecord(TestHome& home, const QByteArray& text) {
  home.setSetup(quickSetup());
  auto window = home.makeWindow();
  window->resize(1000, 800);
  if (!QTest::qWaitForWindowExposed(window.get())) return nullptr;
  const QString path = home.path(QStringLiteral("record.sgf"));
  writeFile(path, text);
  return window->openFile(path, true) ? std::move(window) : nullptr;
}

// 19x19: Black plays on every other point of every other line while White passes, so the black stones are numbered
// 1, 3, 5, ... and none touches another; the 62nd black stone is move 123.
QByteArray spacedBlackStones(int count) {
  QByteArray text = "(;GM[1]FF[4]SZ[19]KM[7.5]PB[Human]PW[engine]";
  for (int i = 0; i < count; ++i) {
    const char col = static_cast<char>('a' + 2 * (i % 10));
    const char row = static_cast<char>('a' + 2 * (i / 10));
    text += ";B[";
    text += col;
    text += row;
    text += "];W[]";
  }
  return text + ")";
}

}  // namespace

class BoardMarksTest : public QObject {
  Q_OBJECT

 private slots:
  void cleanup() { QVERIFY(waitForWorkers()); }

  void deadStonesAreCrossedAndMarkedForTheOpponent() {
    TestHome home;
    auto window = windowWithRecord(home, kScoringRecord);
    QVERIFY(window != nullptr);
    GameController& controller = window->controller();
    QTRY_VERIFY_WITH_TIMEOUT(!controller.estimating(), kTimeoutMs);
    const auto ensure = [&](const char* vertex, bool dead) {
      if (controller.model().isDead(at(vertex)) != dead) clickPoint(*window, at(vertex));
      QCOMPARE(controller.model().isDead(at(vertex)), dead);
    };
    ensure("B5", true);
    ensure("D5", false);
    ensure("C5", true);

    BoardWidget* board = window->board();
    const QImage image = board->grab().toImage();
    const double ratio = image.devicePixelRatio();
    const double cell = board->cellSize() * ratio;
    const auto pixel = [&](const char* vertex, double dx, double dy) {
      const QPointF p = board->centerOf(at(vertex)) * ratio + QPointF(dx * cell, dy * cell);
      return image.pixelColor(static_cast<int>(std::lround(p.x())), static_cast<int>(std::lround(p.y())));
    };
    // On both diagonals of a dead stone, the cross; on a live stone, the stone.
    for (const double dx : {-0.2, 0.2}) {
      for (const double dy : {-0.2, 0.2}) {
        QVERIFY2(isCrossRed(pixel("B5", dx, dy)), qPrintable(pixel("B5", dx, dy).name()));
        QVERIFY2(isCrossRed(pixel("C5", dx, dy)), qPrintable(pixel("C5", dx, dy).name()));
        QVERIFY(!isCrossRed(pixel("D5", dx, dy)));
        QVERIFY(!isCrossRed(pixel("E5", dx, dy)));
      }
    }
    // In the middle, the square of the opponent's colour: black on the dead white stone, white on the dead black one.
    QVERIFY2(pixel("B5", 0, 0).lightness() < 60, qPrintable(pixel("B5", 0, 0).name()));
    QVERIFY2(pixel("C5", 0, 0).lightness() > 200, qPrintable(pixel("C5", 0, 0).name()));
    // Faded: beside the cross, a dead white stone is no longer white, and a dead black one no longer black.
    QVERIFY(pixel("B5", 0.3, 0.12).lightness() < pixel("D5", 0.3, 0.12).lightness());
    QVERIFY2(pixel("C5", 0.3, 0.12).lightness() > 100, qPrintable(pixel("C5", 0.3, 0.12).name()));
  }

  void theEstimateShadesEachSidesArea() {
    // Two walls in a game still in play: columns A and B are surely Black's (White's B5 inside is dead), H and J
    // White's.
    TestHome home;
    auto window = windowWithRecord(home, kWallsInPlayRecord);
    QVERIFY(window != nullptr);
    GameController& controller = window->controller();
    BoardWidget* board = window->board();
    // Between the grid lines and away from the middle, where the owner's square is: only the wood or its shade.
    const auto shade = [&](const char* vertex) {
      const QImage image = board->grab().toImage();
      const double ratio = image.devicePixelRatio();
      const QPointF p = board->centerOf(at(vertex)) * ratio + QPointF(0.3, 0.3) * board->cellSize() * ratio;
      return image.pixelColor(static_cast<int>(std::lround(p.x())), static_cast<int>(std::lround(p.y())));
    };
    const QColor blacksBefore = shade("A2");
    const QColor whitesBefore = shade("H2");
    controller.views().setScoreEstimateShown(true);
    QTRY_VERIFY_WITH_TIMEOUT(controller.views().scoreEstimate().has_value(), kTimeoutMs);
    QApplication::processEvents();
    const QColor blacks = shade("A2");
    const QColor whites = shade("H2");
    QVERIFY2(blacks.lightness() < blacksBefore.lightness() - 30,
             qPrintable(blacks.name() + QLatin1Char(' ') + blacksBefore.name()));
    QVERIFY2(whites.lightness() > whitesBefore.lightness() + 15,
             qPrintable(whites.name() + QLatin1Char(' ') + whitesBefore.name()));
    QVERIFY(controller.views().scoreEstimateText().startsWith(QStringLiteral("Estimate: W+")));
  }

  void theEstimateOfOneStoneDarkensItsSurroundings() {
    // One black stone at E5 of 9x9, the player White (so the AI does not answer): the points beside it are Black's
    // more likely than not, and their squares darken; a far corner, nobody's yet, hardly changes.
    TestHome home;
    auto window = windowWithRecord(home, "(;GM[1]FF[4]SZ[9]RU[Chinese]KM[7.5]PB[engine]PW[Human];B[ee])");
    QVERIFY(window != nullptr);
    GameController& controller = window->controller();
    BoardWidget* board = window->board();
    const auto shade = [&](const char* vertex) {
      const QImage image = board->grab().toImage();
      const double ratio = image.devicePixelRatio();
      const QPointF p = board->centerOf(at(vertex)) * ratio + QPointF(0.3, 0.3) * board->cellSize() * ratio;
      return image.pixelColor(static_cast<int>(std::lround(p.x())), static_cast<int>(std::lround(p.y())));
    };
    const QColor besideBefore = shade("D5");
    const QColor cornerBefore = shade("A9");
    controller.views().setScoreEstimateShown(true);
    QTRY_VERIFY_WITH_TIMEOUT(controller.views().scoreEstimate().has_value(), kTimeoutMs);
    QApplication::processEvents();
    QVERIFY(controller.views().scoreEstimate()->playoutOwnership[pointIndex(at("D5"), 9)] > 0.2F);
    const QColor beside = shade("D5");
    const QColor corner = shade("A9");
    QVERIFY2(beside.lightness() < besideBefore.lightness() - 15,
             qPrintable(beside.name() + QLatin1Char(' ') + besideBefore.name()));
    QVERIFY2(std::abs(corner.lightness() - cornerBefore.lightness()) < 15,
             qPrintable(corner.name() + QLatin1Char(' ') + cornerBefore.name()));
    // The darker square is Black's likelier area, not a wash over everything.
    QVERIFY(beside.lightness() < corner.lightness());
  }

  void aThreeDigitMoveNumberStaysInsideItsStone() {
    TestHome home;
    home.setSetup(quickSetup());
    auto window = home.makeWindow();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    const QString path = home.path(QStringLiteral("numbers.sgf"));
    writeFile(path, spacedBlackStones(62));
    QVERIFY(window->openFile(path, true));
    window->action(QStringLiteral("moveNumbers"))->trigger();
    BoardWidget* board = window->board();
    // The record ends in White's pass, so the stone is not the last move (whose number is red).
    const std::vector<int> numbers = window->controller().model().moveNumbers();
    const auto found = std::find(numbers.begin(), numbers.end(), 123);
    QVERIFY(found != numbers.end());
    const int index = static_cast<int>(found - numbers.begin());
    const Point stone{index / 19, index % 19};

    // From small boards (where a least font size used to push it over the grid) to large: it never leaves the stone.
    for (const QSize size : {QSize(560, 480), QSize(700, 560), QSize(1000, 800), QSize(1500, 1200)}) {
      window->resize(size);
      QApplication::processEvents();
      const QImage image = board->grab().toImage();
      const double ratio = image.devicePixelRatio();
      const double cell = board->cellSize() * ratio;
      const double radius = cell * 0.48;
      const QPointF centre = board->centerOf(stone) * ratio;
      int inside = 0;
      int outside = 0;
      for (int y = static_cast<int>(centre.y() - cell); y <= centre.y() + cell; ++y) {
        for (int x = static_cast<int>(centre.x() - cell); x <= centre.x() + cell; ++x) {
          if (!isLightInk(image.pixelColor(x, y))) continue;
          const double distance = std::hypot(x + 0.5 - centre.x(), y + 0.5 - centre.y());
          (distance <= radius ? inside : outside) += 1;
        }
      }
      // Too small a stone to hold three legible digits (13 device pixels) shows none rather than spill over.
      QVERIFY2((inside > 0 || cell < 16) && outside == 0, qPrintable(QStringLiteral("%1 inside, %2 outside at %3x%4")
                                                                         .arg(inside)
                                                                         .arg(outside)
                                                                         .arg(size.width())
                                                                         .arg(size.height())));
    }
  }
};

QTEST_MAIN(BoardMarksTest)
#include "board_marks_test.moc"
