// The side panel beside the board: a quarter of the window's width at the most once the window is shown, hidden and
// shown again by View → Show side panel, and the choice kept for the next window; and the window's icon.
#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QtTest>

#include "qt_test_support.h"

using namespace tengen;
using namespace tengen::qt;
using namespace tengen::qt::test;

namespace {

QList<QDockWidget*> docks(MainWindow& window) {
  return window.findChildren<QDockWidget*>(QString(), Qt::FindDirectChildrenOnly);
}

}  // namespace

class SidePanelTest : public QObject {
  Q_OBJECT

 private slots:
  void cleanup() { QVERIFY(waitForWorkers()); }

  // The icon is drawn for every size a window system asks for: a black stone at the centre, a white one towards
  // the lower right, wood around them and nothing outside the rounded corner.
  void theWindowHasItsIcon() {
    TestHome home;
    auto window = home.makeWindow();
    const QIcon icon = window->windowIcon();
    QVERIFY(!icon.isNull());
    const QList<QSize> sizes = icon.availableSizes();
    for (const int side : {16, 32, 48, 256})
      QVERIFY2(sizes.contains(QSize(side, side)), qPrintable(QString::number(side)));
    const QImage image = icon.pixmap(QSize(64, 64)).toImage();
    QCOMPARE(image.size(), QSize(64, 64));
    QCOMPARE(qAlpha(image.pixel(0, 0)), 0);
    QVERIFY(qGray(image.pixel(32, 33)) < 80);
    QVERIFY(qGray(image.pixel(50, 51)) > 180);
    const QColor wood = image.pixelColor(22, 22);
    QVERIFY2(wood.red() > wood.blue() + 60, qPrintable(wood.name()));
  }

  void theSidePanelTakesAQuarterAtMost() {
    TestHome home;
    home.setSetup(quickSetup());
    auto window = home.makeWindow();
    window->resize(1200, 800);
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    window->startUp();
    QApplication::processEvents();
    QCOMPARE(docks(*window).size(), 4);  // clocks, AI attempts, moves, comment
    for (QDockWidget* dock : docks(*window)) {
      QVERIFY(dock->isVisible());
      QVERIFY2(dock->width() <= 1200 / 4,
               qPrintable(QStringLiteral("%1: %2 px wide").arg(dock->objectName()).arg(dock->width())));
    }
    // The board has the rest.
    QVERIFY(window->board()->width() >= 1200 * 3 / 4 - 20);
    // Narrower, the panel follows.
    window->resize(900, 700);
    QApplication::processEvents();
    for (QDockWidget* dock : docks(*window))
      QVERIFY2(dock->width() <= 900 / 4, qPrintable(QString::number(dock->width())));
  }

  void theSidePanelHidesAndTheChoiceIsKept() {
    TestHome home;
    home.setSetup(quickSetup());
    auto window = home.makeWindow();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    QAction* panel = window->action(QStringLiteral("sidePanel"));
    QVERIFY(!panel->shortcut().isEmpty());
    QVERIFY(panel->isChecked());
    const int boardWidth = window->board()->width();
    panel->trigger();
    QApplication::processEvents();
    QVERIFY(!panel->isChecked());
    for (QDockWidget* dock : docks(*window)) QVERIFY(!dock->isVisible());
    QVERIFY(window->board()->width() > boardWidth);
    QVERIFY(!Settings(home.store()).showSidePanel());

    auto next = home.makeWindow();
    QVERIFY(QTest::qWaitForWindowExposed(next.get()));
    QVERIFY(!next->action(QStringLiteral("sidePanel"))->isChecked());
    for (QDockWidget* dock : docks(*next)) QVERIFY(!dock->isVisible());
    next->action(QStringLiteral("sidePanel"))->trigger();
    for (QDockWidget* dock : docks(*next)) QVERIFY(dock->isVisible());
    QVERIFY(Settings(home.store()).showSidePanel());
  }
};

QTEST_MAIN(SidePanelTest)
#include "side_panel_test.moc"
