// The game tree in the client: the AI answering on a variation, comments, the SGF round trip of the whole tree and its
// autosave, the move tree's lanes, and the move tree and comment panel in the window. The tree's own moves (making,
// switching, promoting and deleting variations) are tested in tests/session.
#include <QAction>
#include <QApplication>
#include <QFile>
#include <QMessageBox>
#include <QPushButton>
#include <QTimer>
#include <QtTest>
#include <functional>

#include "tengen/core/coords.h"
#include "tengen/session/game_model.h"
#include "tengen/sgf/sgf.h"

#include "model/tree_layout.h"
#include "model/tree_record.h"
#include "qt_test_support.h"
#include "widgets/comment_panel.h"
#include "widgets/move_tree_view.h"

using namespace tengen;
using namespace tengen::qt;
using tengen::session::GameModel;
using tengen::session::GameTree;
using tengen::session::NodeId;
using tengen::session::TreeNode;
using tengen::session::writeTreeRecord;
using namespace tengen::qt::test;

namespace {

Move black(const char* vertex) { return Move::play(Color::Black, at(vertex)); }
Move white(const char* vertex) { return Move::play(Color::White, at(vertex)); }

// The tree as text, one node a line, indented by depth: the move, its comment and its kept properties; two trees
// are the same when their texts are.
QString dump(const GameTree& tree) {
  QString out;
  std::function<void(const TreeNode&, int)> visit = [&](const TreeNode& node, int depth) {
    out += QString(depth * 2, QLatin1Char(' '));
    out += node.move ? QString::fromStdString(std::string(colorLetter(node.move->color)) + " " +
                                              gtpMove(*node.move, tree.start().size()))
                     : QStringLiteral("root");
    if (!node.comment.empty()) out += QStringLiteral(" C=") + QString::fromStdString(node.comment);
    for (const sgf::Property& p : node.properties) {
      out += QLatin1Char(' ') + QString::fromStdString(p.id) + QLatin1Char('=');
      for (const std::string& v : p.values) out += QLatin1Char('[') + QString::fromStdString(v) + QLatin1Char(']');
    }
    out += QLatin1Char('\n');
    for (const auto& child : node.children) visit(*child, depth + 1);
  };
  visit(tree.root(), 0);
  return out;
}

// C3, G7, E5 on 9x9, the view at the end.
GameModel threeMoves() {
  GameConfig config;
  config.size = 9;
  GameModel model(config);
  model.play(black("C3"));
  model.play(white("G7"));
  model.play(black("E5"));
  return model;
}

// threeMoves() with the variation W D4, B F6 after C3, looked at at its end.
GameModel withVariation() {
  GameModel model = threeMoves();
  model.goTo(1);
  model.playHere(white("D4"));
  model.playHere(black("F6"));
  return model;
}

TreeRecord read(const std::string& text) {
  QString why;
  std::optional<TreeRecord> record = readTreeRecord(text, &why);
  if (!record) qFatal("cannot read %s: %s", text.c_str(), qPrintable(why));
  return std::move(*record);
}

QByteArray readAll(const QString& path) {
  QFile file(path);
  return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

void writeFile(const QString& path, const QByteArray& text) {
  QFile file(path);
  if (file.open(QIODevice::WriteOnly)) file.write(text);
}

bool waitForHumanTurn(const GameController& c) {
  return QTest::qWaitFor([&] { return !c.ai().thinking() && c.model().game().toMove() == c.human(); }, kTimeoutMs);
}

constexpr const char* kNested = "(;GM[1]SZ[9];B[ee](;W[cc];B[gc])(;W[gg]C[a comment]))";
// The same with the person as White, so that it is their turn at the end of the main line and no AI is asked.
constexpr const char* kNestedHumanWhite = "(;GM[1]SZ[9]PW[Human];B[ee](;W[cc];B[gc])(;W[gg]C[a comment]))";

}  // namespace

class TreeTest : public QObject {
  Q_OBJECT

 private slots:
  void cleanup() { QVERIFY(waitForWorkers()); }

  void theAiAnswersOnTheVariation() {
    TestHome home;
    ControllerOptions options;
    options.autosavePath = home.autosavePath();
    options.opponent = quickSetup().opponent;
    GameController controller(options);
    QVERIFY(controller.newGame(quickSetup()));
    controller.clickPoint(at("C3"));
    QVERIFY(waitForHumanTurn(controller));
    controller.clickPoint(at("G3"));
    QVERIFY(waitForHumanTurn(controller));
    const GameModel& model = controller.model();
    const std::vector<Move> mainLine = model.game().moves();
    QCOMPARE(mainLine.size(), std::size_t(4));

    controller.first();
    const Point e5 = mainLine[1].point == at("E5") ? at("D5") : at("E5");
    controller.clickPoint(e5);
    // The AI is asked about the variation and answers there.
    QVERIFY(waitForHumanTurn(controller));
    QCOMPARE(model.tree().root().children.size(), std::size_t(2));
    QCOMPARE(model.game().moveCount(), 2);
    QCOMPARE(model.game().moves()[0].point, e5);
    QCOMPARE(model.game().moves()[1].color, Color::White);
    QCOMPARE(model.viewMove(), 2);
    const TreeNode& variation = *model.tree().root().children[1];
    QCOMPARE(variation.children.size(), std::size_t(1));
    // The main line is untouched, and the autosave holds both lines.
    QCOMPARE(model.tree().gameAt(model.tree().mainLineEnd()).moves(), mainLine);
    const TreeRecord saved = read(readAll(home.autosavePath()).toStdString());
    QCOMPARE(dump(saved.tree), dump(model.tree()));
  }

  void theTreeSurvivesAnSgfRoundTrip() {
    const std::string text =
        "(;GM[1]FF[4]SZ[9]KM[6.5]PB[Someone]EV[Club]C[The game]LB[ee:A][cc:B]XX[kept]"
        ";B[ee]C[first]TR[dd]"
        "(;W[cc]C[main\\] reply];B[gc](;W[gg])(;W[cg]C[deep]))"
        "(;W[gg]C[a comment];B[];W[])"
        "(;W[dd]XY[1][2];C[no move here]))";
    const TreeRecord first = read(text);
    QVERIFY2(first.problem.isEmpty(), qPrintable(first.problem));
    QCOMPARE(first.tree.root().comment, std::string("The game"));
    QCOMPARE(first.info.at("EV"), std::string("Club"));
    QVERIFY(first.info.find("C") == first.info.end());
    const TreeNode& ee = *first.tree.root().children.front();
    QCOMPARE(ee.children.size(), std::size_t(3));
    QCOMPARE(ee.children[0]->comment, std::string("main] reply"));
    // A node without a move gives its comment to the move before it.
    QCOMPARE(ee.children[2]->comment, std::string("no move here"));

    const std::string written = writeTreeRecord(first.tree, first.info);
    const TreeRecord second = read(written);
    QCOMPARE(dump(second.tree), dump(first.tree));
    QCOMPARE(second.info.at("PB"), std::string("Someone"));
    QCOMPARE(writeTreeRecord(second.tree, second.info), written);
    QVERIFY2(dump(first.tree).contains(QStringLiteral("LB=[ee:A][cc:B]")), qPrintable(dump(first.tree)));
    QVERIFY(dump(first.tree).contains(QStringLiteral("TR=[dd]")));
    QVERIFY(dump(first.tree).contains(QStringLiteral("XY=[1][2]")));
    // Another reader sees FF[4] and the same tree.
    const Result<sgf::Collection> parsed = sgf::parse(written);
    QVERIFY(parsed);
    QCOMPARE(std::string(*parsed->games().front().find("FF")), std::string("4"));
    QCOMPARE(parsed->games().front().children().front().children().size(), std::size_t(3));
  }

  void aRecordOfAnotherProgramKeepsBothVariations() {
    const TreeRecord record = read(kNested);
    QVERIFY(record.problem.isEmpty());
    QCOMPARE(dump(record.tree), QStringLiteral("root\n"
                                               "  B E5\n"
                                               "    W C7\n"
                                               "      B G7\n"
                                               "    W G3 C=a comment\n"));
    GameModel model(read(kNested).tree);
    QCOMPARE(model.game().moveCount(), 3);
  }

  void anIllegalMoveInAVariationCutsOnlyThatVariation() {
    const TreeRecord record = read("(;GM[1]SZ[9];B[ee](;W[cc];B[gc])(;W[ee];B[aa])(;W[dd]))");
    QVERIFY2(record.problem.contains(QStringLiteral("a variation's move 2 (W E5): stone already there")),
             qPrintable(record.problem));
    QCOMPARE(dump(record.tree), QStringLiteral("root\n"
                                               "  B E5\n"
                                               "    W C7\n"
                                               "      B G7\n"
                                               "    W D6\n"));
    // In the main line it says how far the game was loaded, as before.
    const TreeRecord main = read("(;GM[1]SZ[9];B[ee];W[ee](;B[cc]))");
    QCOMPARE(main.problem, QStringLiteral("move 2 (W E5): stone already there; loaded up to move 1"));
    // Setup stones in a variation are not a start position of their own.
    const TreeRecord setup = read("(;GM[1]SZ[9];B[ee](;W[cc])(;AB[dd]W[gg]))");
    QVERIFY2(setup.problem.contains(QStringLiteral("setup stones")), qPrintable(setup.problem));
    QCOMPARE(setup.tree.size(), std::size_t(3));
  }

  void commentsAreEditedSavedAndAutosaved() {
    TestHome home;
    ControllerOptions options;
    options.autosavePath = home.autosavePath();
    options.opponent = quickSetup().opponent;
    const QString path = home.path(QStringLiteral("commented.sgf"));
    {
      GameController controller(options);
      controller.newGame(quickSetup());
      controller.setComment(QStringLiteral("before the game"));
      controller.clickPoint(at("E5"));
      QVERIFY(waitForHumanTurn(controller));
      controller.back();
      controller.setComment(QStringLiteral("the centre, ] and \\ too"));
      QCOMPARE(controller.model().current().comment, std::string("the centre, ] and \\ too"));
      QVERIFY(controller.saveRecord(path).isEmpty());
      // The autosave follows once typing pauses.
      QVERIFY(!readAll(home.autosavePath()).contains("the centre"));
      QTRY_VERIFY_WITH_TIMEOUT(readAll(home.autosavePath()).contains("C[the centre, \\] and \\\\ too]"), kTimeoutMs);
      controller.setComment(QStringLiteral("changed just before closing"));
    }
    // Closing saves a comment still waiting for its autosave.
    QVERIFY(readAll(home.autosavePath()).contains("changed just before closing"));
    const Result<sgf::Collection> saved = sgf::parseFile(path.toStdString());
    QVERIFY(saved);
    QCOMPARE(std::string(*saved->games().front().find("C")), std::string("before the game"));
    QCOMPARE(std::string(*saved->games().front().children().front().find("C")),
             std::string("the centre, ] and \\ too"));
  }

  void theAutosaveBringsBackTheWholeTree() {
    TestHome home;
    ControllerOptions options;
    options.autosavePath = home.autosavePath();
    options.opponent = quickSetup().opponent;
    QString before;
    {
      GameController controller(options);
      const QString path = home.path(QStringLiteral("nested.sgf"));
      writeFile(path, kNestedHumanWhite);
      QVERIFY(controller.openRecord(path).isEmpty());
      controller.goTo(2);
      controller.nextVariation();
      controller.setComment(QStringLiteral("edited"));
      controller.promoteVariation();
      before = dump(controller.model().tree());
      QVERIFY(before.contains(QStringLiteral("W G3 C=edited")));
    }
    GameController restored(options);
    QVERIFY(restored.restoreAutosave());
    QCOMPARE(dump(restored.model().tree()), before);
    // The promoted variation is the main line it comes back at.
    QCOMPARE(restored.model().current().comment, std::string("edited"));
  }

  void laneLayoutNeverOverlaps() {
    GameModel model = withVariation();
    model.goTo(2);
    model.playHere(black("A1"));
    model.goTo(0);
    model.playHere(black("J9"));
    const std::vector<TreeCell> cells = layoutTree(model.tree());
    QCOMPARE(cells.size(), model.tree().size());
    QSet<QPair<int, int>> used;
    int lanes = 0;
    for (const TreeCell& cell : cells) {
      QVERIFY(!used.contains({cell.row, cell.lane}));
      used.insert({cell.row, cell.lane});
      lanes = std::max(lanes, cell.lane + 1);
      QCOMPARE(cell.row, GameTree::depth(*cell.node));
      if (cell.parent < 0) continue;
      const TreeCell& parent = cells[static_cast<std::size_t>(cell.parent)];
      QCOMPARE(parent.node, cell.node->parent);
      // The first child goes on in its parent's lane, variations to the right.
      if (cell.node->parent->indexOf(cell.node) == 0) {
        QCOMPARE(cell.lane, parent.lane);
      } else {
        QVERIFY(cell.lane > parent.lane);
      }
    }
    QCOMPARE(lanes, 3);
    QCOMPARE(cells.front().node, &model.tree().root());
  }

  void aRecordOpenedInANewWindowShowsItsCurrentMoveInTheTree() {
    TestHome home;
    home.setSetup(quickSetup());
    // 60 moves: far more than the tree shows at once.
    const QString path = home.path(QStringLiteral("long.sgf"));
    writeFile(path, longRecord(30));
    // As `tengen-qt long.sgf` does: the record is opened, then the window shown.
    auto window = home.makeWindow(nullptr, false);
    QVERIFY(window->openFile(path, true));
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    QCoreApplication::processEvents();
    MoveTreeView* tree = window->moveTree();
    const auto inView = [tree](session::NodeId id) {
      const std::optional<QPoint> at = tree->centerOf(id);
      return at && tree->viewport()->rect().contains(tree->canvas()->mapTo(tree->viewport(), *at));
    };
    const session::NodeId last = window->controller().model().current().id;
    QCOMPARE(window->controller().model().viewMove(), 60);
    QVERIFY2(inView(last), "the current move is out of the tree's view");
    // And when the current move changes, by any way of moving.
    window->controller().first();
    QCoreApplication::processEvents();
    QVERIFY(inView(window->controller().model().current().id));
    window->controller().last();
    QCoreApplication::processEvents();
    QVERIFY(inView(last));
    // A smaller panel keeps it in view.
    window->resize(900, 500);
    QCoreApplication::processEvents();
    QVERIFY(inView(last));
  }

  void theMoveTreeShowsVariationsAndClicksMoveTheView() {
    TestHome home;
    home.setSetup(quickSetup());
    auto window = home.makeWindow();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    const QString path = home.path(QStringLiteral("nested.sgf"));
    writeFile(path, kNestedHumanWhite);
    QVERIFY(window->openFile(path, true));
    MoveTreeView* tree = window->moveTree();
    QCOMPARE(tree->laneCount(), 2);
    const GameModel& model = window->controller().model();
    const TreeNode& gg = *model.tree().root().children.front()->children[1];
    const std::optional<QPoint> spot = tree->centerOf(gg.id);
    QVERIFY(spot.has_value());
    QCOMPARE(tree->nodeAt(*spot), std::optional<NodeId>(gg.id));
    QVERIFY(!tree->nodeAt(*spot + QPoint(0, 24 * 5)).has_value());
    QCOMPARE(tree->describe(gg), QStringLiteral("2 W G3 \u2014 a comment"));

    tree->ensureVisible(spot->x(), spot->y());
    QTest::mouseClick(tree->canvas(), Qt::LeftButton, Qt::NoModifier, *spot);
    QCOMPARE(model.current().id, gg.id);
    QCOMPARE(model.view().board().at(at("G3")), Color::White);
    QCOMPARE(window->commentPanel()->toPlainText(), QStringLiteral("a comment"));

    // The keys: Up to the main line's reply, Right along it, Down back into the variation.
    QTest::keyClick(window.get(), Qt::Key_Up);
    QCOMPARE(model.current().move, std::optional<Move>(white("C7")));
    QVERIFY(window->commentPanel()->toPlainText().isEmpty());
    QTest::keyClick(window.get(), Qt::Key_Right);
    QCOMPARE(model.viewMove(), 3);
    QTest::keyClick(window.get(), Qt::Key_Down);
    QCOMPARE(model.current().id, gg.id);
    QVERIFY(window->action(QStringLiteral("promoteVariation"))->isEnabled());

    // Typing in the comment edits it, and the window's one-key shortcuts (P passes) do not fire there.
    window->commentPanel()->setFocus();
    window->commentPanel()->moveCursor(QTextCursor::End);
    QTest::keyClicks(window->commentPanel(), QStringLiteral(" P"));
    QCOMPARE(model.current().comment, std::string("a comment P"));
    QCOMPARE(model.tree().size(), std::size_t(5));
    // The arrows move the cursor in the text, not the view.
    QTest::keyClick(window->commentPanel(), Qt::Key_Left);
    QTest::keyClick(window->commentPanel(), Qt::Key_Home);
    QCOMPARE(model.current().id, gg.id);
    QCOMPARE(window->commentPanel()->textCursor().position(), 0);

    // Deleting more than one move asks first; No keeps them.
    window->board()->setFocus();
    QTest::keyClick(window.get(), Qt::Key_Up);  // the main line's W C7, with B G7 below it
    QCOMPARE(model.current().move, std::optional<Move>(white("C7")));
    const auto answer = [](QMessageBox::StandardButton button) {
      QTimer::singleShot(0, [button] {
        if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) box->button(button)->click();
      });
    };
    answer(QMessageBox::No);
    window->action(QStringLiteral("deleteBranch"))->trigger();
    QCOMPARE(model.tree().size(), std::size_t(5));
    answer(QMessageBox::Yes);
    window->action(QStringLiteral("deleteBranch"))->trigger();
    QCOMPARE(model.tree().size(), std::size_t(3));
    QCOMPARE(tree->laneCount(), 1);
    QCOMPARE(model.current().move, std::optional<Move>(black("E5")));
  }
};

QTEST_MAIN(TreeTest)
#include "tree_test.moc"
