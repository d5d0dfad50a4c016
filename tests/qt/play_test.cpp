// Playing in the window: clicks land on the right points at any window size, illegal clicks change nothing and
// say why, the AI answers off the GUI thread, undo takes back its reply too, navigation and shortcuts.
#include <QAction>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLabel>
#include <QMouseEvent>
#include <QPushButton>
#include <QSpinBox>
#include <QtTest>
#include <memory>

#include "tengen/ai/move_source.h"
#include "tengen/core/coords.h"
#include "tengen/sgf/sgf.h"
#include "tengen/sources/make_source.h"

#include "qt_test_support.h"
#include "support/test_server.h"
#include "widgets/new_game_dialog.h"

using namespace tengen;
using namespace tengen::qt;
using namespace tengen::session;
using namespace tengen::qt::test;
using tengen::net::fixture::SilentServer;

class PlayTest : public QObject {
  Q_OBJECT

 private:
  // Waits until the AI has answered and it is the player's turn again.
  static Point firstEmpty(MainWindow& window, std::initializer_list<const char*> vertices) {
    for (const char* vertex : vertices) {
      if (window.controller().model().game().board().at(at(vertex)) == Color::Empty) return at(vertex);
    }
    return at(*vertices.begin());
  }

  static bool waitForHumanTurn(MainWindow& window) {
    return QTest::qWaitFor(
        [&] {
          const GameController& c = window.controller();
          return !c.ai().thinking() && c.model().game().toMove() == c.human();
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
    QTest::newRow("2x2, the smallest board") << QSize(500, 450) << 2;
    QTest::newRow("25x25, the largest board") << QSize(900, 860) << 25;
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

    // Z25 and J10 only on 25x25 (there is no I column); A1 and B2 on every board.
    const char* vertices[] = {"C3", "G7", "A1", "B2", "Z25", "J10"};
    for (const char* vertex : vertices) {
      const Point p = at(vertex, boardSize);
      if (p.row < 0) continue;  // not on this board
      const Game& game = window->controller().model().game();
      if (game.phase() != Phase::Playing || !game.isLegal(Move::play(Color::Black, p))) continue;
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
    const QString path =
        home.writeFile(QStringLiteral("suicide.sgf"), "(;GM[1]FF[4]SZ[9]PB[Human]PW[engine]AW[ba][ab])");
    QVERIFY(!path.isEmpty());
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
    // The AI's reply may be any point, so the person's second move is the first of these it left empty.
    const Point second = firstEmpty(*window, {"F6", "C7", "G3"});
    clickPoint(*window, second);
    QVERIFY(waitForHumanTurn(*window));
    QCOMPARE(window->controller().model().game().moveCount(), 4);

    QTest::keyClick(window.get(), Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(window->controller().model().game().moveCount(), 2);
    QCOMPARE(window->controller().model().game().board().at(second), Color::Empty);
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
    // Looking back, a click starts a variation there, which the AI answers; the main line keeps its four moves.
    clickPoint(*window, at("E5"));
    QVERIFY(waitForHumanTurn(*window));
    QCOMPARE(model.tree().root().children.size(), std::size_t(2));
    QCOMPARE(model.game().moveCount(), 2);
    QCOMPARE(model.game().moves().front().point, at("E5"));
    // Up goes back to the main line, at the same move number.
    QTest::keyClick(window.get(), Qt::Key_Up);
    QCOMPARE(model.viewMove(), 2);
    QCOMPARE(model.game().moveCount(), 4);
    QCOMPARE(model.view().board().at(at("C7")), Color::Black);
    QTest::keyClick(window.get(), Qt::Key_Home);
    QTest::keyClick(window.get(), Qt::Key_Right);
    QCOMPARE(model.viewMove(), 1);
    QCOMPARE(model.view().board().at(at("C7")), Color::Black);
    QTest::keyClick(window.get(), Qt::Key_End);
    QVERIFY(model.atEnd());
    QCOMPARE(model.game().moveCount(), 4);

    // M toggles move numbers and the choice is kept between runs.
    const bool numbers = window->board()->showMoveNumbers();
    QTest::keyClick(window.get(), Qt::Key_M);
    QCOMPARE(window->board()->showMoveNumbers(), !numbers);
    QCOMPARE(Settings(home.store()).showMoveNumbers(), !numbers);
    QCOMPARE(model.moveNumbers()[pointIndex(at("C7"), 9)], 1);

    // P passes; the AI answers.
    QTest::keyClick(window.get(), Qt::Key_P);
    QCOMPARE(model.game().moves()[4].kind, MoveKind::Pass);
    QVERIFY(QTest::qWaitFor([&] { return !window->controller().ai().thinking(); }, kTimeoutMs));
    QVERIFY(model.game().moveCount() >= 6 || model.game().phase() != Phase::Playing);

    if (model.game().phase() == Phase::Playing) {
      window->controller().resign();
      QCOMPARE(model.game().phase(), Phase::Finished);
      QCOMPARE(QString::fromStdString(model.game().result()), QStringLiteral("W+R"));
      QVERIFY(window->turnStatus().startsWith(QStringLiteral("Game over: W+R")));
    }
  }

  void handicapGamesStartWithWhite() {
    {
      // The player takes Black's handicap: the AI, White, opens.
      GameSetup setup = quickSetup(Color::Black);
      setup.config.handicap = 2;
      TestHome home;
      home.setSetup(setup);
      auto window = home.makeWindow();
      window->startUp();
      QVERIFY(waitForHumanTurn(*window));
      const Game& game = window->controller().model().game();
      QCOMPARE(game.setupStones().size(), std::size_t(2));
      QCOMPARE(game.moveCount(), 1);
      QCOMPARE(game.moves().front().color, Color::White);
      // Undo has nothing of the player's to take back: the AI's opening stays.
      window->controller().undo();
      QCOMPARE(game.moveCount(), 1);
    }
    {
      // The AI takes Black's handicap: the player, White, opens and the AI waits.
      GameSetup setup = quickSetup(Color::White);
      setup.config.handicap = 2;
      TestHome home;
      home.setSetup(setup);
      auto window = home.makeWindow();
      window->startUp();
      const GameController& controller = window->controller();
      QVERIFY(!controller.ai().thinking());
      QCOMPARE(controller.model().game().toMove(), Color::White);
      QVERIFY(window->turnStatus().startsWith(QStringLiteral("White to move (you)")));
      clickPoint(*window, at("E5"));
      QVERIFY(waitForHumanTurn(*window));
      QCOMPARE(controller.model().game().moveCount(), 2);
      QCOMPARE(controller.model().game().moves()[1].color, Color::Black);
      window->controller().undo();
      QCOMPARE(controller.model().game().moveCount(), 0);
      QCOMPARE(controller.model().game().toMove(), Color::White);
      QVERIFY(!controller.ai().thinking());
    }
  }

  void answersToAnAbandonedRequestAreDropped() {
    TestHome home;
    home.setSetup(quickSetup());
    {
      // Undo while the AI thinks: the reply to the move taken back never lands.
      auto window = home.makeWindow();
      window->startUp();
      clickPoint(*window, at("D4"));
      QVERIFY(window->controller().ai().thinking());
      window->controller().undo();
      QVERIFY(!window->controller().ai().thinking());
      QVERIFY(waitForWorkers());
      QCoreApplication::processEvents();
      QCOMPARE(window->controller().model().game().moveCount(), 0);
      QVERIFY(window->turnStatus().startsWith(QStringLiteral("Black to move (you)")));

      // Another opponent while the AI thinks: only the new one's answer is played.
      clickPoint(*window, at("D4"));
      QVERIFY(window->controller().ai().thinking());
      OpponentConfig other = quickSetup().opponent;
      other.builtinOptions = QStringLiteral("playouts=100");
      window->controller().setOpponent(other);
      QVERIFY(window->controller().ai().thinking());
      QVERIFY(waitForHumanTurn(*window));
      QVERIFY(waitForWorkers());
      QCoreApplication::processEvents();
      QCOMPARE(window->controller().model().game().moveCount(), 2);

      // A new game while the AI thinks: the old game's answer does not land in it.
      clickPoint(*window, firstEmpty(*window, {"F6", "C7", "G3"}));
      QVERIFY(window->controller().ai().thinking());
      QVERIFY(window->controller().newGame(quickSetup()));
      QVERIFY(waitForWorkers());
      QCoreApplication::processEvents();
      QCOMPARE(window->controller().model().game().moveCount(), 0);

      // The window goes while the AI thinks: its answer arrives to nobody.
      clickPoint(*window, at("D4"));
      QVERIFY(window->controller().ai().thinking());
    }
    QVERIFY(waitForWorkers());
    QCoreApplication::processEvents();
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
  }

  void anAiMoveWhileLookingBackLeavesTheViewWhereItWas() {
    TestHome home;
    home.setSetup(quickSetup());
    auto window = home.makeWindow();
    window->startUp();
    clickPoint(*window, at("D4"));
    QVERIFY(window->controller().ai().thinking());
    // The answer comes through the event loop, so it cannot arrive before the player looks back.
    window->controller().first();
    QVERIFY(waitForHumanTurn(*window));
    const GameModel& model = window->controller().model();
    QCOMPARE(model.game().moveCount(), 2);
    QCOMPARE(model.viewMove(), 0);
    QCOMPARE(model.view().board().at(at("D4")), Color::Empty);
    QTest::keyClick(window.get(), Qt::Key_End);
    QVERIFY(model.atEnd());
    QCOMPARE(model.view().board().at(at("D4")), Color::Black);
  }

  void theGhostStoneShowsOnlyWhereAClickWouldPlay() {
    // Black to move with A9 surrounded by White: an empty point where Black's stone would be suicide.
    GameConfig nine;
    nine.size = 9;
    Game position(nine);
    position.addSetupStones(Color::White, {at("B9"), at("A8")});
    position.setToMove(Color::Black);
    TestHome home;
    home.setSetup(quickSetup());
    const QString path = home.path(QStringLiteral("suicide.sgf"));
    {
      QFile file(path);
      QVERIFY(file.open(QIODevice::WriteOnly));
      file.write(QByteArray::fromStdString(sgf::writeGame(position)));
    }
    auto window = home.makeWindow();
    QVERIFY(window->openFile(path, true));
    QCOMPARE(window->controller().model().game().toMove(), window->controller().human());
    BoardWidget* board = window->board();
    const auto hover = [board](Point p) {
      const QPointF local = board->centerOf(p);
      QMouseEvent move(QEvent::MouseMove, local, board->mapToGlobal(local), Qt::NoButton, Qt::NoButton, Qt::NoModifier);
      QApplication::sendEvent(board, &move);
      return board->hoverPoint();
    };
    QCOMPARE(hover(at("E5")), std::optional<Point>(at("E5")));
    QCOMPARE(hover(at("B9")), std::optional<Point>());  // a stone
    QCOMPARE(hover(at("A9")), std::optional<Point>());  // suicide
    QCOMPARE(hover(at("C9")), std::optional<Point>(at("C9")));

    // A point of a large board under the mouse is not kept for a smaller new game: it is not on that board.
    GameSetup large = quickSetup();
    large.config.size = 19;
    QVERIFY(window->controller().newGame(large));
    const Point corner = parseGtpVertex("T19", 19)->point;
    QCOMPARE(hover(corner), std::optional<Point>(corner));
    QVERIFY(window->controller().newGame(quickSetup()));
    QCOMPARE(board->hoverPoint(), std::optional<Point>());
    board->grab();
  }

  void theRemoteServerOptionMakesATengenSpec() {
    GameSetup setup = quickSetup();
    setup.opponent.kind = OpponentKind::Remote;
    setup.opponent.remoteUrl = QStringLiteral("127.0.0.1:8080");
    NewGameDialog dialog(setup, false);
    // Without a scheme makeSource refuses the spec, so the dialog must not take it.
    dialog.accept();
    QVERIFY(dialog.result() != QDialog::Accepted);
    QVERIFY(!sources::makeSource(setup.opponent.spec(), setup.opponent.sourceOptions()));

    setup.opponent.remoteUrl = QStringLiteral("http://user:secret@127.0.0.1:8080");
    dialog.setSetup(setup);
    dialog.accept();
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    const OpponentConfig chosen = dialog.setup().opponent;
    QCOMPARE(chosen.kind, OpponentKind::Remote);
    QCOMPARE(chosen.spec(), std::string("tengen:http://user:secret@127.0.0.1:8080"));
    QCOMPARE(chosen.displaySpec(), std::string("tengen:http://127.0.0.1:8080"));
    const Result<std::unique_ptr<ai::MoveSource>> source = sources::makeSource(chosen.spec(), chosen.sourceOptions());
    QVERIFY2(source, source ? "" : source.error().c_str());
    // And it comes back from the settings as it went in.
    TestHome home;
    GameSetup stored = dialog.setup();
    home.setSetup(stored);
    const GameSetup back = Settings(home.store()).lastSetup();
    QCOMPARE(back.opponent.kind, OpponentKind::Remote);
    QCOMPARE(back.opponent.spec(), chosen.spec());
  }

  void aModelWithNoNameTakesTheServersOnlyModelOrOffersItsList() {
    FakeModelServer one({QStringLiteral(R"({"content": "D4"})")}, QStringLiteral("round5"));
    GameSetup setup = modelSetup(one);
    setup.opponent.modelName.clear();
    NewGameDialog dialog(setup, false);
    dialog.accept();
    QTRY_COMPARE_WITH_TIMEOUT(dialog.result(), int(QDialog::Accepted), kTimeoutMs);
    QCOMPARE(dialog.setup().opponent.modelName, QStringLiteral("round5"));

    FakeModelServer two({QStringLiteral(R"({"content": "D4"})")}, QStringLiteral("round4,round5"));
    setup = modelSetup(two);
    setup.opponent.modelName.clear();
    NewGameDialog choose(setup, false);
    choose.accept();
    QTRY_VERIFY_WITH_TIMEOUT(!choose.askingForModels(), kTimeoutMs);
    QVERIFY(choose.result() != QDialog::Accepted);
    auto* name = choose.findChild<QComboBox*>(QStringLiteral("modelName"));
    auto* problem = choose.findChild<QLabel*>(QStringLiteral("problem"));
    QVERIFY(name && problem);
    QCOMPARE(name->count(), 2);
    QCOMPARE(name->itemText(0), QStringLiteral("round4"));
    QCOMPARE(name->itemText(1), QStringLiteral("round5"));
    QVERIFY2(problem->text().contains(QStringLiteral("2 models")), qPrintable(problem->text()));
    name->setCurrentIndex(1);
    choose.accept();
    QCOMPARE(choose.result(), int(QDialog::Accepted));
    QCOMPARE(choose.setup().opponent.modelName, QStringLiteral("round5"));

    FakeModelServer none({QStringLiteral(R"({"content": "D4"})")}, QStringLiteral("none"));
    setup = modelSetup(none);
    setup.opponent.modelName.clear();
    NewGameDialog unlisted(setup, false);
    unlisted.accept();
    QTRY_VERIFY_WITH_TIMEOUT(!unlisted.askingForModels(), kTimeoutMs);
    QVERIFY(unlisted.result() != QDialog::Accepted);
    QVERIFY2(unlisted.findChild<QLabel*>(QStringLiteral("problem"))->text().contains(QStringLiteral("model's name")),
             qPrintable(unlisted.findChild<QLabel*>(QStringLiteral("problem"))->text()));
    QVERIFY(waitForWorkers());
  }

  // The server is asked off the GUI thread: Start returns at once and waits greyed out, a second Start does nothing,
  // Cancel cancels at once, and the answer that comes later is dropped.
  void askingTheServerForItsModelsLeavesTheDialogFreeToCancel() {
    GameSetup setup = quickSetup();
    setup.opponent.kind = OpponentKind::Model;
    setup.opponent.modelName.clear();
    auto silent = std::make_unique<SilentServer>();
    setup.opponent.modelUrl = QString::fromStdString(silent->url("/v1"));
    NewGameDialog dialog(setup, false);
    auto* problem = dialog.findChild<QLabel*>(QStringLiteral("problem"));
    auto* start = dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
    QVERIFY(problem && start);
    dialog.accept();
    // The server never answers, and the request's timeout is 10 s: accept() came back without the answer.
    QVERIFY(dialog.askingForModels());
    QVERIFY(!start->isEnabled());
    QVERIFY2(problem->text().contains(QStringLiteral("Asking")), qPrintable(problem->text()));
    dialog.accept();
    QVERIFY(dialog.askingForModels());
    QVERIFY(dialog.result() != QDialog::Accepted);
    dialog.reject();
    QCOMPARE(dialog.result(), int(QDialog::Rejected));
    QVERIFY(!dialog.askingForModels());
    QVERIFY(start->isEnabled());
    QVERIFY(problem->text().isEmpty());
    // Closing the listening socket resets the waiting connection, so the request ends now with an error, which
    // comes back to a dialog no longer waiting for it.
    silent.reset();
    QVERIFY(waitForWorkers());
    QCoreApplication::processEvents();
    QCOMPARE(dialog.result(), int(QDialog::Rejected));
    QVERIFY2(problem->text().isEmpty(), qPrintable(problem->text()));

    // A model named while the server is asked wins over the server's answer.
    FakeModelServer one({QStringLiteral(R"({"content": "D4"})")}, QStringLiteral("round5"));
    setup = modelSetup(one);
    setup.opponent.modelName.clear();
    NewGameDialog typed(setup, false);
    auto* name = typed.findChild<QComboBox*>(QStringLiteral("modelName"));
    QVERIFY(name);
    typed.accept();
    QVERIFY(typed.askingForModels());
    name->setEditText(QStringLiteral("mine"));
    QTRY_VERIFY_WITH_TIMEOUT(!typed.askingForModels(), kTimeoutMs);
    QVERIFY(typed.result() != QDialog::Accepted);
    QCOMPARE(name->currentText(), QStringLiteral("mine"));
    typed.accept();
    QCOMPARE(typed.result(), int(QDialog::Accepted));
    QCOMPARE(typed.setup().opponent.modelName, QStringLiteral("mine"));
    QVERIFY(waitForWorkers());
  }

  void aBuiltinKeyTheEngineDoesNotTakeIsRefusedWhenEntered() {
    GameSetup setup = quickSetup();
    setup.opponent.builtinOptions = QStringLiteral("speed=3");
    NewGameDialog dialog(setup, true);
    dialog.accept();
    QVERIFY(dialog.result() != QDialog::Accepted);
    const Result<std::unique_ptr<ai::MoveSource>> made =
        sources::makeSource(setup.opponent.spec(), setup.opponent.sourceOptions());
    QVERIFY(!made);
    QCOMPARE(dialog.findChild<QLabel*>(QStringLiteral("problem"))->text(), QString::fromStdString(made.error()));
    QVERIFY(made.error().find("speed") != std::string::npos);
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
    QCOMPARE(*shown.config.komi, 0.5);  // a handicap game's komi when the setup gives none

    setup.config.komi = 2.0;
    dialog.setSetup(setup);
    QCOMPARE(*dialog.setup().config.komi, 2.0);  // a setup's own komi stays, handicap or not
  }

  void aHandicapSetsAHalfPointOfKomiAndWhiteMovesFirst() {
    GameSetup setup = quickSetup();
    setup.config.rules = Rules::Japanese;
    NewGameDialog dialog(setup, false);
    auto* komi = dialog.findChild<QDoubleSpinBox*>(QStringLiteral("komi"));
    auto* handicap = dialog.findChild<QSpinBox*>(QStringLiteral("handicap"));
    auto* rules = dialog.findChild<QComboBox*>(QStringLiteral("rules"));
    auto* color = dialog.findChild<QComboBox*>(QStringLiteral("color"));
    QVERIFY(komi && handicap && rules && color);
    QCOMPARE(komi->value(), 6.5);
    QCOMPARE(color->itemText(0), QStringLiteral("Black (you move first)"));
    QCOMPARE(color->itemText(1), QStringLiteral("White"));

    handicap->setValue(2);
    QCOMPARE(komi->value(), 0.5);
    QCOMPARE(*dialog.setup().config.komi, 0.5);
    QCOMPARE(color->currentText(), QStringLiteral("Black (handicap stones; White moves first)"));
    QCOMPARE(color->itemText(1), QStringLiteral("White (you move first)"));

    // The person may change the komi; more stones keep that choice, a new rule set keeps the half point.
    komi->setValue(1.5);
    handicap->setValue(3);
    QCOMPARE(komi->value(), 1.5);
    rules->setCurrentIndex(rules->findData(static_cast<int>(Rules::Chinese)));
    QCOMPARE(komi->value(), 0.5);

    // Back to no handicap: the rule set's komi, and Black moves first again.
    handicap->setValue(0);
    QCOMPARE(komi->value(), 7.5);
    QCOMPARE(color->currentText(), QStringLiteral("Black (you move first)"));
    QCOMPARE(color->itemText(1), QStringLiteral("White"));
  }
};

QTEST_MAIN(PlayTest)
#include "play_test.moc"
