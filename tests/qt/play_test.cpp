// Playing in the window: clicks land on the right points at any window size, illegal clicks change nothing and
// say why, the AI answers off the GUI thread, undo takes back its reply too, navigation and shortcuts.
#include <QAction>
#include <QtTest>

#include "tengen/core/coords.h"
#include "tengen/sgf/sgf.h"

#include "qt_test_support.h"
#include "widgets/new_game_dialog.h"

using namespace tengen;
using namespace tengen::qt;
using namespace tengen::qt::test;

class PlayTest : public QObject {
  Q_OBJECT

 private:
  // Waits until the AI has answered and it is the player's turn again.
  static bool waitForHumanTurn(MainWindow& window) {
    return QTest::qWaitFor(
        [&] {
          const GameController& c = window.controller();
          return !c.thinking() && c.model().game().toMove() == c.human();
        },
        kTimeoutMs);
  }

 private slots:
  void cleanup() { QVERIFY(waitForWorkers()); }

  void clicksPlaceStonesAtTheRightPoints_data() {  // NOLINT(readability-identifier-naming): QtTest finds it by name
    QTest::addColumn<QSize>("windowSize");
    QTest::addColumn<int>("boardSize");
    QTest::newRow("9x9 in a small window") << QSize(520, 460) << 9;
    QTest::newRow("9x9 in a large window") << QSize(1400, 1000) << 9;
    QTest::newRow("19x19 in a tall window") << QSize(640, 1000) << 19;
    QTest::newRow("13x13 in a wide window") << QSize(1300, 560) << 13;
  }

  void clicksPlaceStonesAtTheRightPoints() {
    QFETCH(QSize, windowSize);
    QFETCH(int, boardSize);
    TestHome home;
    GameSetup setup = quickSetup();
    setup.config.size = boardSize;
    home.setSetup(setup);
    auto window = home.makeWindow();
    window->resize(windowSize);
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    window->startUp();
    BoardWidget* board = window->board();

    // Every point maps to itself, also a little off its centre.
    for (int row = 0; row < boardSize; ++row) {
      for (int col = 0; col < boardSize; ++col) {
        const Point p{row, col};
        QCOMPARE(board->pointAt(board->centerOf(p)), std::optional<Point>(p));
        const QPointF nudge(board->cellSize() * 0.3, -board->cellSize() * 0.3);
        QCOMPARE(board->pointAt(board->centerOf(p) + nudge), std::optional<Point>(p));
      }
    }

    const char* vertices[] = {"C3", "G7", "A1"};
    for (const char* vertex : vertices) {
      const Point p = at(vertex, boardSize);
      if (window->controller().model().game().board().at(p) != Color::Empty) continue;
      clickPoint(*window, p);
      QCOMPARE(window->controller().model().game().board().at(p), Color::Black);
      QVERIFY(waitForHumanTurn(*window));
    }
    QCOMPARE(window->controller().model().game().moveCount() % 2, 0);
    QVERIFY(window->turnStatus().startsWith(QStringLiteral("Black to move (you)")));
  }

  void illegalClickLeavesTheBoardUnchangedAndShowsTheReason() {
    TestHome home;
    home.setSetup(quickSetup());
    auto window = home.makeWindow();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    window->startUp();
    clickPoint(*window, at("E5"));
    QVERIFY(waitForHumanTurn(*window));

    const std::string before = window->controller().model().game().board().toAscii();
    const int moves = window->controller().model().game().moveCount();
    clickPoint(*window, at("E5"));
    QCOMPARE(window->controller().model().game().board().toAscii(), before);
    QCOMPARE(window->controller().model().game().moveCount(), moves);
    QVERIFY2(window->statusMessage().contains(QStringLiteral("stone already there")),
             qPrintable(window->statusMessage()));
    QVERIFY(window->statusMessage().contains(QStringLiteral("E5")));

    // Suicide, from a record: White stones at B9 and A8 leave A9 without liberties for Black.
    const QString path = home.path(QStringLiteral("suicide.sgf"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("(;GM[1]FF[4]SZ[9]PB[Human]PW[engine]AW[ba][ab])");
    file.close();
    QVERIFY(window->openFile(path, true));
    const std::string position = window->controller().model().game().board().toAscii();
    clickPoint(*window, at("A9"));
    QCOMPARE(window->controller().model().game().board().toAscii(), position);
    QVERIFY2(window->statusMessage().contains(QStringLiteral("suicide")), qPrintable(window->statusMessage()));

    // Ko: Black has just taken the white stone at B8 by playing C8; the player is White and may not retake at once.
    const QString koPath = home.path(QStringLiteral("ko.sgf"));
    QFile koFile(koPath);
    QVERIFY(koFile.open(QIODevice::WriteOnly));
    koFile.write("(;GM[1]FF[4]SZ[9]PB[engine]PW[Human]AB[ba][ab][bc]AW[ca][bb][db][cc];B[cb])");
    koFile.close();
    QVERIFY(window->openFile(koPath, true));
    QCOMPARE(window->controller().human(), Color::White);
    QCOMPARE(window->controller().model().game().board().at(at("B8")), Color::Empty);
    const std::string koPosition = window->controller().model().game().board().toAscii();
    clickPoint(*window, at("B8"));
    QCOMPARE(window->controller().model().game().board().toAscii(), koPosition);
    QCOMPARE(window->controller().model().game().moveCount(), 1);
    QVERIFY2(window->statusMessage().contains(QStringLiteral("Illegal move B8: ko: immediate recapture is forbidden")),
             qPrintable(window->statusMessage()));
  }

  void undoTakesBackTheAiReplyToo() {
    TestHome home;
    home.setSetup(quickSetup());
    auto window = home.makeWindow();
    window->startUp();
    clickPoint(*window, at("D4"));
    QVERIFY(waitForHumanTurn(*window));
    clickPoint(*window, at("F6"));
    QVERIFY(waitForHumanTurn(*window));
    QCOMPARE(window->controller().model().game().moveCount(), 4);

    QTest::keyClick(window.get(), Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(window->controller().model().game().moveCount(), 2);
    QCOMPARE(window->controller().model().game().board().at(at("F6")), Color::Empty);
    QCOMPARE(window->controller().model().game().board().at(at("D4")), Color::Black);
    QCOMPARE(window->controller().model().game().toMove(), Color::Black);
    QVERIFY(window->statusMessage().contains(QStringLiteral("Took back 2 moves")));
  }

  void theAiMovesFirstWhenThePlayerIsWhite() {
    TestHome home;
    home.setSetup(quickSetup(Color::White));
    auto window = home.makeWindow();
    window->startUp();
    QVERIFY(waitForHumanTurn(*window));
    QCOMPARE(window->controller().model().game().moveCount(), 1);
    QCOMPARE(window->controller().model().game().moves().front().color, Color::Black);
    QVERIFY(window->turnStatus().startsWith(QStringLiteral("White to move (you)")));
  }

  void passResignNavigationAndShortcuts() {
    TestHome home;
    home.setSetup(quickSetup());
    auto window = home.makeWindow();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    window->startUp();
    clickPoint(*window, at("C7"));
    QVERIFY(waitForHumanTurn(*window));
    clickPoint(*window, at("G3"));
    QVERIFY(waitForHumanTurn(*window));
    const GameModel& model = window->controller().model();
    QCOMPARE(model.game().moveCount(), 4);

    QTest::keyClick(window.get(), Qt::Key_Left);
    QCOMPARE(model.viewMove(), 3);
    QCOMPARE(model.view().board().at(at("G3")), Color::Black);
    QTest::keyClick(window.get(), Qt::Key_Home);
    QCOMPARE(model.viewMove(), 0);
    QCOMPARE(model.view().board().at(at("C7")), Color::Empty);
    // Looking back does not play and does not lose the record.
    clickPoint(*window, at("E5"));
    QCOMPARE(model.game().moveCount(), 4);
    QVERIFY(window->statusMessage().contains(QStringLiteral("press End")));
    QTest::keyClick(window.get(), Qt::Key_Right);
    QCOMPARE(model.viewMove(), 1);
    QTest::keyClick(window.get(), Qt::Key_End);
    QVERIFY(model.atEnd());

    // M toggles move numbers and the choice is kept between runs.
    const bool numbers = window->board()->showMoveNumbers();
    QTest::keyClick(window.get(), Qt::Key_M);
    QCOMPARE(window->board()->showMoveNumbers(), !numbers);
    QCOMPARE(Settings(home.store()).showMoveNumbers(), !numbers);
    QCOMPARE(model.moveNumbers()[pointIndex(at("C7"), 9)], 1);

    // P passes; the AI answers.
    QTest::keyClick(window.get(), Qt::Key_P);
    QCOMPARE(model.game().moves()[4].kind, MoveKind::Pass);
    QVERIFY(QTest::qWaitFor([&] { return !window->controller().thinking(); }, kTimeoutMs));
    QVERIFY(model.game().moveCount() >= 6 || model.game().phase() != Phase::Playing);

    if (model.game().phase() == Phase::Playing) {
      window->controller().resign();
      QCOMPARE(model.game().phase(), Phase::Finished);
      QCOMPARE(QString::fromStdString(model.game().result()), QStringLiteral("W+R"));
      QVERIFY(window->turnStatus().startsWith(QStringLiteral("Game over: W+R")));
    }
  }

  void theNewGameDialogMakesTheGameItShows() {
    GameSetup setup = quickSetup(Color::White);
    setup.config.size = 13;
    setup.config.rules = Rules::Japanese;
    setup.config.handicap = 3;
    setup.opponent.kind = OpponentKind::Gtp;
    setup.opponent.gtpCommand = QStringLiteral("/usr/games/gnugo --mode gtp");
    NewGameDialog dialog(setup, false);
    const GameSetup shown = dialog.setup();
    QCOMPARE(shown.config.size, 13);
    QCOMPARE(shown.config.rules, Rules::Japanese);
    QCOMPARE(shown.config.handicap, 3);
    QCOMPARE(shown.human, Color::White);
    QCOMPARE(shown.opponent.spec(), std::string("gtp:/usr/games/gnugo --mode gtp"));
    QCOMPARE(*shown.config.komi, 6.5);
  }
};

QTEST_MAIN(PlayTest)
#include "play_test.moc"
