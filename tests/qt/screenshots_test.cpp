// Renders the client as docs/client.md shows it (into $TENGEN_SCREENSHOT_DIR, else ./screenshots) and checks that
// the board looks like one: wood under the grid, dark and light stones, and grid lines that stay one solid colour
// with no blurred edge at every window size.
#include <QAction>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QPushButton>
#include <QStatusBar>
#include <QToolButton>
#include <QtTest>

#include "model/language.h"
#include "qt_test_support.h"
#include "widgets/ai_failure_dialog.h"
#include "widgets/attempts_panel.h"
#include "widgets/clock_widget.h"
#include "widgets/gtp_console.h"
#include "widgets/move_tree_view.h"
#include "widgets/new_game_dialog.h"

using namespace tengen;
using namespace tengen::qt;
using namespace tengen::session;
using namespace tengen::qt::test;

namespace {

QString outputDir() {
  QString dir = qEnvironmentVariable("TENGEN_SCREENSHOT_DIR");
  if (dir.isEmpty()) dir = QDir::current().filePath(QStringLiteral("screenshots"));
  QDir().mkpath(dir);
  return dir;
}

bool save(QWidget& widget, const QString& name) { return widget.grab().save(QDir(outputDir()).filePath(name), "PNG"); }

bool isWood(QColor c) { return c.red() > 170 && c.red() > c.green() && c.green() > c.blue(); }
bool isLine(QColor c) { return c.red() < 90 && c.green() < 70 && c.blue() < 50; }

void writeFile(const QString& path, const QByteArray& text) {
  QFile file(path);
  if (file.open(QIODevice::WriteOnly)) file.write(text);
}

// A window of `size` after the player's D4 and C7 against `server`'s model (shown a picture), looking at move 2;
// nullptr when the moves did not come.
std::unique_ptr<MainWindow> twoModelTurnsLookedBack(TestHome& home, const FakeModelServer& server, QSize size) {
  GameSetup setup = modelSetup(server);
  setup.opponent.modelImage = true;
  home.setSetup(setup);
  auto window = home.makeWindow();
  window->resize(size);
  window->startUp();
  clickPoint(*window, at("D4"));
  if (!waitForMoves(window->controller(), 2)) return nullptr;
  clickPoint(*window, at("C7"));
  if (!waitForMoves(window->controller(), 4)) return nullptr;
  window->controller().goTo(2);
  return window;
}

// A 19x19 opening, for the move-number picture.
constexpr const char* kOpening =
    "(;GM[1]FF[4]SZ[19]KM[7.5]PB[Human]PW[engine];B[pd];W[dp];B[pp];W[dd];B[fq];W[cn];B[jp];W[qf];B[nc];W[rd];"
    "B[qc];W[qi];B[qk];W[oi];B[dj];W[fc];B[cf];W[cd];B[ci];W[eg])";

constexpr const char* kTwoPasses =
    "(;GM[1]FF[4]SZ[9]RU[Chinese]KM[7.5]PB[Human]PW[engine]"
    "AB[ca][cb][cc][cd][ce][cf][cg][ch][ci][gd]AW[da][db][dc][dd][de][df][dg][dh][di][be];B[];W[])";

// A short game with variations and comments, for the move-tree picture.
constexpr const char* kVariations =
    "(;GM[1]FF[4]SZ[9]KM[7]PB[engine]PW[Human]C[Three ways to answer the tengen.]"
    ";B[ee](;W[cc];B[gc];W[gg];B[cg](;W[dh];B[ch])(;W[ch]C[Too slow: Black takes the corner.];B[dh]))"
    "(;W[gg];B[cc]C[Black takes the other corner.];W[ge])"
    "(;W[ec];B[ge];W[eg]))";

}  // namespace

class ScreenshotsTest : public QObject {
  Q_OBJECT

 private:
  // The game of the main-window pictures: D5 and E4 played, the scripted model's rejected answer and its moves.
  static QStringList modelOpeningAnswers() {
    return {QStringLiteral(R"({"content": "E6"})"), QStringLiteral(R"({"content": "D5"})"),
            QStringLiteral(R"({"content": "I see a cut. Move: F4"})")};
  }
  static void playModelOpening(MainWindow& window) {
    window.resize(1040, 720);
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.startUp();
    for (const char* vertex : {"D5", "E4"}) {
      clickPoint(window, at(vertex));
      QTRY_VERIFY_WITH_TIMEOUT(!window.controller().ai().thinking(), kTimeoutMs);
    }
  }

 private slots:
  // A picture in another language leaves the next test in English.
  void cleanup() {
    QVERIFY(waitForWorkers());
    installTranslations(QStringLiteral("en"));
  }

  void gridLinesAreCrispAtEverySize() {
    TestHome home;
    home.setSetup(quickSetup());
    auto window = home.makeWindow();
    window->startUp();
    for (const QSize size : {QSize(500, 430), QSize(731, 613), QSize(1100, 900), QSize(1613, 1201)}) {
      window->resize(size);
      QApplication::processEvents();
      BoardWidget* board = window->board();
      const QImage image = board->grab().toImage();
      // In device pixels: on a HiDPI screen (the second run, QT_SCALE_FACTOR=2) the image has twice as many.
      const double ratio = image.devicePixelRatio();
      const double cell = board->cellSize() * ratio;
      const QPointF wood = board->centerOf({4, 4}) * ratio + QPointF(cell / 3, cell / 2);
      QVERIFY(isWood(image.pixelColor(wood.toPoint())));
      // Across the vertical line of column E, half-way between two rows: solid line pixels flanked by wood.
      const QPointF a = board->centerOf({2, 4}) * ratio;
      const int y = static_cast<int>(a.y() + cell / 2);
      int linePixels = 0;
      for (int x = static_cast<int>(a.x() - cell / 3); x <= a.x() + cell / 3; ++x) {
        const QColor c = image.pixelColor(x, y);
        QVERIFY2(
            isWood(c) || isLine(c),
            qPrintable(QStringLiteral("blurred pixel %1 at %2x%3").arg(c.name()).arg(size.width()).arg(size.height())));
        linePixels += isLine(c);
      }
      // One solid run, thin beside the spacing of the lines.
      QVERIFY2(
          linePixels >= 1 && linePixels <= std::max(1.0, cell / 20),
          qPrintable(QStringLiteral("%1 line pixels at %2x%3").arg(linePixels).arg(size.width()).arg(size.height())));
    }
  }

  void renderTheVariationsPicture() {
    TestHome home;
    home.setSetup(quickSetup(Color::White));
    auto window = home.makeWindow();
    window->resize(1040, 720);
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    const QString path = home.path(QStringLiteral("variations.sgf"));
    writeFile(path, kVariations);
    QVERIFY(window->openFile(path, true));
    const GameModel& model = window->controller().model();
    const TreeNode& slow =
        *model.tree().root().children[0]->children[0]->children[0]->children[0]->children[0]->children[1];
    window->controller().goToNode(slow.id);
    QCOMPARE(model.current().comment, std::string("Too slow: Black takes the corner."));
    QCOMPARE(window->moveTree()->laneCount(), 3);
    QApplication::processEvents();
    QVERIFY(save(*window, QStringLiteral("variations.png")));
    // The tree shows the stones in their colours: B E5 dark, the reply W C7 light.
    const QImage tree = window->moveTree()->canvas()->grab().toImage();
    const TreeNode& e5 = *model.tree().root().children[0];
    QVERIFY(tree.pixelColor(*window->moveTree()->centerOf(e5.id) + QPoint(3, 3)).lightness() < 80);
    QVERIFY(tree.pixelColor(*window->moveTree()->centerOf(e5.children[0]->id) + QPoint(3, 3)).lightness() > 180);
  }

  void renderTheAiViewPicture() {
    // A model that first names an occupied point: the first AI move has two attempts, looked at again after the
    // game went on, with the prompt and the picture drawn again unfolded; and the console of a GTP opponent.
    FakeModelServer server({QStringLiteral(R"({"content": "D4"})"),
                            QStringLiteral(R"({"content": "I take the centre. Move: E5"})"),
                            QStringLiteral(R"({"content": "G7"})")});
    TestHome home;
    auto window = twoModelTurnsLookedBack(home, server, QSize(1200, 760));
    QVERIFY(window != nullptr);
    auto* toggle = window->attemptsPanel()->findChild<QToolButton*>(QStringLiteral("attemptDetailsToggle"));
    QVERIFY(toggle != nullptr && toggle->isVisible());
    toggle->setChecked(true);
    QApplication::processEvents();
    QVERIFY(window->attemptsPanel()->pictureMatches());
    QVERIFY(save(*window, QStringLiteral("ai-view.png")));

    TestHome gtpHome;
    gtpHome.setSetup(fakeGtpSetup(QStringLiteral("C3,G7")));
    auto gtpWindow = gtpHome.makeWindow();
    gtpWindow->startUp();
    clickPoint(*gtpWindow, at("E5"));
    QTRY_VERIFY_WITH_TIMEOUT(gtpWindow->controller().model().game().moveCount() == 2, kTimeoutMs);
    GtpConsole* console = gtpWindow->showGtpConsole();
    console->resize(560, 360);
    QApplication::processEvents();
    QVERIFY(console->text().contains(QStringLiteral("genmove")));
    QVERIFY(save(*console, QStringLiteral("gtp-console.png")));
  }

  // The window in Japanese (docs/client.md, "Language"): menus, status bar, attempts and the rules' reason.
  void renderTheJapanesePicture() {
    FakeModelServer server(modelOpeningAnswers());
    TestHome home;
    home.setSetup(modelSetup(server));
    QVERIFY(installTranslations(QStringLiteral("ja")));
    auto window = home.makeWindow();
    playModelOpening(*window);
    if (QTest::currentTestFailed()) return;
    clickPoint(*window, at("D5"));
    QVERIFY2(window->statusMessage().contains(QStringLiteral("すでに石があります")),
             qPrintable(window->statusMessage()));
    QApplication::processEvents();
    QVERIFY(save(*window, QStringLiteral("client-ja.png")));
  }

  // At the size of a laptop's screen: the prompt unfolded takes the room of the move tree below it, which keeps a
  // few rows; a long record opened with the window shows its current move in the tree; the status bar of a game
  // being scored in Japanese says the count once and cuts its message after a whole sentence.
  void renderTheRoomyPictures() {
    FakeModelServer server({QStringLiteral(R"({"content": "D4"})"), QStringLiteral(R"({"content": "E5"})"),
                            QStringLiteral(R"({"content": "G7"})")});
    TestHome home;
    auto window = twoModelTurnsLookedBack(home, server, QSize(1600, 975));
    QVERIFY(window != nullptr);
    window->attemptsPanel()->findChild<QToolButton*>(QStringLiteral("attemptDetailsToggle"))->setChecked(true);
    QTest::qWait(50);
    QApplication::processEvents();
    QVERIFY(save(*window, QStringLiteral("prompt-unfolded.png")));

    TestHome longHome;
    longHome.setSetup(quickSetup());
    const QString path = longHome.path(QStringLiteral("long.sgf"));
    writeFile(path, longRecord(30));
    auto longWindow = longHome.makeWindow(nullptr, false);
    longWindow->resize(1600, 975);
    QVERIFY(longWindow->openFile(path, true));
    longWindow->show();
    QVERIFY(QTest::qWaitForWindowExposed(longWindow.get()));
    QApplication::processEvents();
    QVERIFY(save(*longWindow->moveTree(), QStringLiteral("move-tree-current.png")));

    TestHome jaHome;
    jaHome.setSetup(quickSetup());
    QVERIFY(installTranslations(QStringLiteral("ja")));
    auto jaWindow = jaHome.makeWindow();
    jaWindow->resize(800, 700);
    const QString passed = jaHome.path(QStringLiteral("passed.sgf"));
    writeFile(passed, "(;GM[1]FF[4]SZ[9]KM[7.5]RU[Chinese];B[ee];W[cc];B[gc];W[cg];B[gg];W[ec];B[ce];W[eg];B[];W[])");
    QVERIFY(jaWindow->openFile(passed, true));
    jaWindow->action(QStringLiteral("scoreEstimate"))->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(jaWindow->statusMessage().count(QStringLiteral("。")) >= 2, kTimeoutMs);
    QApplication::processEvents();
    QVERIFY(save(*jaWindow->statusBar(), QStringLiteral("status-bar-ja.png")));
    QVERIFY(installTranslations(QStringLiteral("en")));
  }

  void renderTheAnalysisPicture() {
    // The analysis view of the 19x19 opening, Black to move: the built-in engine's five best moves, a few seconds in.
    TestHome home;
    home.setSetup(quickSetup());
    auto window = home.makeWindow();
    window->resize(1000, 860);
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    const QString opening = home.path(QStringLiteral("opening.sgf"));
    writeFile(opening, kOpening);
    QVERIFY(window->openFile(opening, true));
    window->action(QStringLiteral("analysis"))->trigger();
    const GameController& controller = window->controller();
    QTRY_VERIFY_WITH_TIMEOUT(controller.views().analysis() != nullptr &&
                                 controller.views().analysis()->playouts >= 8000 &&
                                 controller.views().analysis()->candidates.size() == 5,
                             kTimeoutMs);
    QApplication::processEvents();
    QVERIFY(save(*window, QStringLiteral("analysis.png")));
  }

  void renderTheDocumentationPictures() {
    // The main window after a model's rejected answer and its move.
    FakeModelServer server(modelOpeningAnswers());
    TestHome home;
    home.setSetup(modelSetup(server));
    auto window = home.makeWindow();
    playModelOpening(*window);
    if (QTest::currentTestFailed()) return;
    QCOMPARE(window->controller().model().game().moveCount(), 4);
    // The mouse over F6 shows the ghost stone.
    QTest::mouseMove(window->board(), window->board()->centerOf(at("F6")).toPoint());
    QTRY_VERIFY(window->board()->hoverPoint().has_value());
    QApplication::processEvents();
    QVERIFY(save(*window, QStringLiteral("main-window.png")));
    const QImage shot = window->board()->grab().toImage();
    QVERIFY(shot.pixelColor(window->board()->centerOf(at("D5")).toPoint() + QPoint(4, 4)).lightness() < 80);
    QVERIFY(shot.pixelColor(window->board()->centerOf(at("E6")).toPoint() + QPoint(4, 4)).lightness() > 180);

    // An illegal click, explained in the status bar.
    clickPoint(*window, at("D5"));
    QVERIFY(window->statusMessage().contains(QStringLiteral("stone already there")));
    QVERIFY(save(*window, QStringLiteral("illegal-click.png")));

    // A 19x19 game with move numbers.
    TestHome big;
    big.setSetup(quickSetup());
    auto numbered = big.makeWindow();
    numbered->resize(1000, 860);
    const QString opening = big.path(QStringLiteral("opening.sgf"));
    writeFile(opening, kOpening);
    QVERIFY(numbered->openFile(opening, true));
    numbered->action(QStringLiteral("moveNumbers"))->trigger();
    QVERIFY(numbered->board()->showMoveNumbers());
    QApplication::processEvents();
    QVERIFY(save(*numbered->board(), QStringLiteral("move-numbers-19x19.png")));

    // The score estimate view of the same opening: who holds what, and the estimate in the status bar.
    TestHome estimated;
    estimated.setSetup(quickSetup());
    auto estimate = estimated.makeWindow();
    estimate->resize(1000, 860);
    const QString opening2 = estimated.path(QStringLiteral("opening.sgf"));
    writeFile(opening2, kOpening);
    QVERIFY(estimate->openFile(opening2, true));
    estimate->action(QStringLiteral("scoreEstimate"))->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(estimate->controller().views().scoreEstimate().has_value(), kTimeoutMs);
    QApplication::processEvents();
    QVERIFY(save(*estimate, QStringLiteral("score-estimate.png")));

    // Scoring with the analysis's dead stones and one toggle.
    TestHome end;
    end.setSetup(quickSetup());
    auto scoring = end.makeWindow();
    scoring->resize(1000, 720);
    const QString passes = end.path(QStringLiteral("end.sgf"));
    writeFile(passes, kTwoPasses);
    QVERIFY(scoring->openFile(passes, true));
    QTRY_VERIFY_WITH_TIMEOUT(!scoring->controller().estimating(), kTimeoutMs);
    for (const char* vertex : {"B5", "G6"}) {
      if (!scoring->controller().model().isDead(at(vertex))) clickPoint(*scoring, at(vertex));
    }
    QApplication::processEvents();
    QVERIFY(save(*scoring, QStringLiteral("scoring.png")));
    // The picture shows the dead stones' red crosses.
    const QImage marks = scoring->board()->grab().toImage();
    const double markCell = scoring->board()->cellSize() * marks.devicePixelRatio();
    const QColor cross = marks.pixelColor(
        (scoring->board()->centerOf(at("B5")) * marks.devicePixelRatio() + QPointF(0.2, 0.2) * markCell).toPoint());
    QVERIFY2(cross.red() > 150 && cross.green() < 100, qPrintable(cross.name()));

    // The failure dialog, from a model that only ever names an occupied point.
    FakeModelServer stubborn({QStringLiteral(R"({"content": "D5"})")});
    TestHome failing;
    failing.setSetup(modelSetup(stubborn));
    auto failed = failing.makeWindow();
    failed->resize(1040, 720);
    failed->startUp();
    clickPoint(*failed, at("D5"));
    QTRY_VERIFY_WITH_TIMEOUT(failed->failureDialog() != nullptr, kTimeoutMs);
    QApplication::processEvents();
    QVERIFY(save(*failed->failureDialog(), QStringLiteral("ai-failure-dialog.png")));
    QVERIFY(save(*failed, QStringLiteral("ai-failure-window.png")));
    failed->failureDialog()->closeButton()->click();

    GameSetup shown = modelSetup(stubborn);
    shown.opponent.modelUrl = QStringLiteral("http://127.0.0.1:8000/v1");
    shown.opponent.modelName = QStringLiteral("lora_mix_qwen_r5");
    shown.opponent.modelImage = true;
    shown.timeControl = {TimeControl::Kind::ByoYomi, 1200, 30, 5, 0};
    NewGameDialog dialog(shown, false);
    dialog.show();
    QApplication::processEvents();
    QVERIFY(save(dialog, QStringLiteral("new-game-dialog.png")));

    // The clocks, Black in the last seconds of its main time, on fake time.
    FakeTimeSource time;
    TestHome timed;
    GameSetup clocked = quickSetup();
    clocked.timeControl = {TimeControl::Kind::ByoYomi, 300, 30, 5, 0};
    timed.setSetup(clocked);
    auto clocks = timed.makeWindow(&time);
    clocks->resize(1040, 720);
    clocks->startUp();
    time.advance(20'000);
    clickPoint(*clocks, at("E5"));
    QTRY_VERIFY_WITH_TIMEOUT(!clocks->controller().ai().thinking(), kTimeoutMs);
    time.advance(272'600);
    QTRY_VERIFY_WITH_TIMEOUT(clocks->clocks()->urgentShown(Color::Black), kTimeoutMs);
    QApplication::processEvents();
    QVERIFY(save(*clocks, QStringLiteral("clocks.png")));
  }
};

QTEST_MAIN(ScreenshotsTest)
#include "screenshots_test.moc"
