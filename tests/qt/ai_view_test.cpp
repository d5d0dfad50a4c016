// What the AI saw, kept with the record: every AI move carries its attempts (answer, verdict, reason) and, for a
// model, the prompt in the private SGF property XAITURN, apart from the player's comments; selecting a past move
// shows them, with the picture drawn again and checked against the recorded hash; the record survives saving and
// opening; a GTP opponent's raw traffic shows in the console.
#include <QDockWidget>
#include <QFile>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QScrollArea>
#include <QToolButton>
#include <QtTest>
#include <cstdlib>

#include "tengen/ai/error_log.h"
#include "tengen/session/ai_turn_record.h"

#include "qt_test_support.h"
#include "widgets/attempts_panel.h"
#include "widgets/gtp_console.h"

using namespace tengen;
using namespace tengen::qt;
using namespace tengen::session;
using namespace tengen::qt::test;

namespace {

QString readText(const QString& path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return {};
  return QString::fromUtf8(file.readAll());
}

bool writeText(const QString& path, const QString& text) {
  QFile file(path);
  return file.open(QIODevice::WriteOnly) && file.write(text.toUtf8()) >= 0;
}

// A model that first names an occupied point and then plays E5, then G7: with the player's D4 and C7, the AI's
// moves are move 2 (two attempts) and move 4 (one).
QStringList twoTurnsScript() {
  return {QStringLiteral(R"({"content": "D4"})"), QStringLiteral(R"({"content": "E5"})"),
          QStringLiteral(R"({"content": "G7"})")};
}

// The window after those four moves, with the model shown a picture.
std::unique_ptr<MainWindow> playFourMoves(TestHome& home, const FakeModelServer& server) {
  GameSetup setup = modelSetup(server);
  setup.opponent.modelImage = true;
  home.setSetup(setup);
  auto window = home.makeWindow();
  window->startUp();
  clickPoint(*window, at("D4"));
  if (!waitForMoves(window->controller(), 2)) return nullptr;
  clickPoint(*window, at("C7"));
  if (!waitForMoves(window->controller(), 4)) return nullptr;
  return window;
}

}  // namespace

class AiViewTest : public QObject {
  Q_OBJECT

 private slots:
  void cleanup() { QVERIFY(waitForWorkers()); }

  void openingPromptAndPictureScrollsInsideTheWindow() {
    FakeModelServer server(twoTurnsScript());
    TestHome home;
    auto window = playFourMoves(home, server);
    QVERIFY(window != nullptr);
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    window->controller().goTo(2);
    QCoreApplication::processEvents();
    const QSize before = window->size();
    auto* toggle = window->findChild<QToolButton*>(QStringLiteral("attemptDetailsToggle"));
    QVERIFY(toggle != nullptr);
    toggle->setChecked(true);
    QTest::qWait(50);
    QCoreApplication::processEvents();
    QCOMPARE(window->size(), before);
    // The details are shown, in a frame that scrolls within the panel.
    auto* prompt = window->findChild<QPlainTextEdit*>(QStringLiteral("attemptPrompt"));
    QVERIFY(prompt != nullptr && prompt->isVisible());
    auto* frame = window->findChild<QScrollArea*>(QStringLiteral("attemptDetails"));
    QVERIFY(frame != nullptr && frame->isVisible());
    QVERIFY(frame->geometry().bottom() <= frame->parentWidget()->rect().bottom());
  }

  void thePromptTakesTheRoomTheMoveTreeCanSpare() {
    FakeModelServer server(twoTurnsScript());
    TestHome home;
    auto window = playFourMoves(home, server);
    QVERIFY(window != nullptr);
    // The size a newcomer's screen gave the window, the side panel as it comes.
    window->resize(1600, 975);
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    window->controller().goTo(2);
    QCoreApplication::processEvents();
    auto* tree = window->findChild<QDockWidget*>(QStringLiteral("moveTreeDock"));
    QVERIFY(tree != nullptr);
    const int treeBefore = tree->height();
    window->findChild<QToolButton*>(QStringLiteral("attemptDetailsToggle"))->setChecked(true);
    QTest::qWait(50);
    QCoreApplication::processEvents();
    // The prompt shows a screenful, not four lines, and the move tree keeps a few rows.
    auto* prompt = window->findChild<QPlainTextEdit*>(QStringLiteral("attemptPrompt"));
    QVERIFY(prompt != nullptr && prompt->isVisible());
    const int lines = prompt->viewport()->height() / prompt->fontMetrics().lineSpacing();
    QVERIFY2(lines >= 15, qPrintable(QStringLiteral("the prompt shows %1 lines").arg(lines)));
    QVERIFY2(tree->height() >= 100, qPrintable(QStringLiteral("the move tree is %1 px").arg(tree->height())));
    QCOMPARE(window->size(), QSize(1600, 975));
    // Folded away, the move tree gets its height back.
    window->findChild<QToolButton*>(QStringLiteral("attemptDetailsToggle"))->setChecked(false);
    QTest::qWait(50);
    QCoreApplication::processEvents();
    QVERIFY2(std::abs(tree->height() - treeBefore) <= 2,
             qPrintable(QStringLiteral("the move tree is %1 px, was %2").arg(tree->height()).arg(treeBefore)));
  }

  void aRecordReadsBackAsItWasWritten() {
    AiTurnRecord record;
    record.opponent = "openai:http://127.0.0.1:8000/v1";
    record.coords = "rowcol";
    ai::Attempt first;
    first.n = 1;
    first.answer = "Move: (3, 3) ]\\ \"quoted\"";
    first.move = "D6";
    first.reason = RejectReason::Occupied;
    first.latencyMs = 812;
    first.prompt = "You are Black.\n\nThe board:";
    first.system = "You are Black.";
    first.imageSha256 = std::string(64, 'a');
    first.httpStatus = 200;
    first.tokens = ai::TokenUsage{850, 3};
    ai::Attempt second;
    second.n = 2;
    second.answer = "pass";
    second.move = "pass";
    record.attempts = {first, second};

    const std::optional<AiTurnRecord> back = parseAiTurn(aiTurnJson(record));
    QVERIFY(back.has_value());
    QCOMPARE(back->opponent, record.opponent);
    QCOMPARE(back->coords, record.coords);
    QCOMPARE(back->attempts.size(), std::size_t{2});
    const ai::Attempt& a = back->attempts[0];
    QCOMPARE(a.n, 1);
    QCOMPARE(a.answer, first.answer);
    QCOMPARE(a.move, first.move);
    QCOMPARE(a.reason, RejectReason::Occupied);
    QCOMPARE(a.latencyMs, 812L);
    QCOMPARE(a.prompt, first.prompt);
    QCOMPARE(a.system, first.system);
    QCOMPARE(a.imageSha256, first.imageSha256);
    QCOMPARE(a.httpStatus, 200);
    QVERIFY(a.tokens.has_value());
    QCOMPARE(a.tokens->prompt, 850L);
    QCOMPARE(a.tokens->completion, 3L);
    QVERIFY(back->attempts[1].accepted());
    QVERIFY(back->attempts[1].prompt.empty());

    // Not a record: nothing, never a half-read one.
    QVERIFY(!parseAiTurn("not json").has_value());
    QVERIFY(!parseAiTurn(R"({"attempts": [{"n": 1, "verdict": "rejected", "reason": "no such reason"}]})"));
    QVERIFY(!parseAiTurn(R"({"opponent": "x"})"));
    // Nested deeper than 32 levels: refused before anything deep is built.
    QVERIFY(!parseAiTurn(R"({"attempts":)" + std::string(100000, '[') + std::string(100000, ']') + "}"));
  }

  void everyAiMoveKeepsWhatItSawApartFromTheComments() {
    FakeModelServer server(twoTurnsScript());
    TestHome home;
    auto window = playFourMoves(home, server);
    QVERIFY(window != nullptr);
    GameController& c = window->controller();

    // The record names the model White asked, beside PW's readable name.
    const std::string text = c.recordText();
    QVERIFY2(text.find("XMODELW[scripted]") != std::string::npos, text.c_str());
    QVERIFY(text.find("XMODELB") == std::string::npos);

    c.goTo(2);
    const NodeId second = c.model().current().id;
    const std::optional<AiTurnRecord> record = c.ai().aiTurnAt(second);
    QVERIFY(record.has_value());
    QCOMPARE(record->coords, std::string("gtp"));
    QVERIFY(QString::fromStdString(record->opponent).startsWith(server.baseUrl().prepend(QStringLiteral("openai:"))));
    QCOMPARE(record->attempts.size(), std::size_t{2});
    QCOMPARE(record->attempts[0].reason, RejectReason::Occupied);
    QCOMPARE(record->attempts[0].answer, std::string("D4"));
    QVERIFY(record->attempts[1].accepted());
    QCOMPARE(*record->attempts[1].move, std::string("E5"));
    // The second prompt is the one that named the rejected point.
    QVERIFY(record->attempts[1].prompt.find("D4") != std::string::npos);
    QCOMPARE(record->attempts[0].imageSha256.size(), std::size_t{64});
    // The player's moves have none.
    c.goTo(1);
    QVERIFY(!c.ai().aiTurnAt(c.model().current().id).has_value());

    // A comment on the AI's move stays the player's alone.
    c.goTo(2);
    c.setComment(QStringLiteral("a fine reply"));
    const QString path = home.path(QStringLiteral("game.sgf"));
    QVERIFY(window->saveFile(path));
    const QString sgf = readText(path);
    QCOMPARE(sgf.count(QStringLiteral("XAITURN[")), 2);
    QVERIFY(sgf.contains(QStringLiteral("C[a fine reply]")));
    QCOMPARE(sgf.count(QStringLiteral("C[")), 1);
  }

  void aPastMoveShowsItsAttemptsPromptAndPicture() {
    FakeModelServer server(twoTurnsScript());
    TestHome home;
    auto window = playFourMoves(home, server);
    QVERIFY(window != nullptr);
    GameController& c = window->controller();
    AttemptsPanel& panel = *window->attemptsPanel();

    // At the end: the latest AI move.
    QVERIFY(panel.title().startsWith(QStringLiteral("Move 4 (W G7)")));
    QCOMPARE(panel.lines(), QStringList{QStringLiteral("attempt 1: G7 accepted")});

    // Stepping back to the first AI move shows its two attempts, not the latest turn's.
    c.goTo(2);
    QVERIFY(panel.title().startsWith(QStringLiteral("Move 2 (W E5)")));
    QCOMPARE(panel.lines(), QStringList({QStringLiteral("attempt 1: D4 rejected (stone already there)"),
                                         QStringLiteral("attempt 2: E5 accepted")}));
    QVERIFY(panel.promptShown().contains(QStringLiteral("D4")));
    QVERIFY(panel.pictureMatches());
    QVERIFY(panel.pictureVerdict().contains(QStringLiteral("is the one the model was sent")));

    // A player's move: nothing of the AI's.
    c.goTo(3);
    QVERIFY(panel.lines().isEmpty());
    QVERIFY(panel.title().contains(QStringLiteral("No AI attempts")));
  }

  void theRecordComesBackFromTheFileAndAChangedPictureIsSaid() {
    FakeModelServer server(twoTurnsScript());
    TestHome home;
    auto window = playFourMoves(home, server);
    QVERIFY(window != nullptr);
    const QString path = home.path(QStringLiteral("game.sgf"));
    QVERIFY(window->saveFile(path));
    const std::optional<AiTurnRecord> played = [&] {
      window->controller().goTo(2);
      return window->controller().ai().aiTurnAt(window->controller().model().current().id);
    }();
    QVERIFY(played.has_value());
    window.reset();

    TestHome other;
    auto reader = other.makeWindow();
    QVERIFY(reader->openFile(path));
    GameController& c = reader->controller();
    c.goTo(2);
    const std::optional<AiTurnRecord> read = c.ai().aiTurnAt(c.model().current().id);
    QVERIFY(read.has_value());
    QCOMPARE(aiTurnJson(*read), aiTurnJson(*played));
    QCOMPARE(reader->attemptsPanel()->lines().size(), 2);
    QVERIFY(reader->attemptsPanel()->pictureMatches());

    // A record whose picture hash is not the one this renderer draws: shown, and said to differ.
    const QString hash = QString::fromStdString(played->attempts[0].imageSha256);
    QString sgf = readText(path);
    QVERIFY(sgf.contains(hash));
    sgf.replace(hash, QString(64, QLatin1Char('0')));
    const QString changed = other.path(QStringLiteral("changed.sgf"));
    QVERIFY(writeText(changed, sgf));
    QVERIFY(reader->openFile(changed));
    c.goTo(2);
    QCOMPARE(reader->attemptsPanel()->lines().size(), 2);
    QVERIFY(!reader->attemptsPanel()->pictureMatches());
    QVERIFY(reader->attemptsPanel()->pictureVerdict().contains(QStringLiteral("differs")));
  }

  void aRecordThisClientCannotReadIsKeptAsItIs() {
    TestHome home;
    auto window = home.makeWindow();
    const QString path = home.path(QStringLiteral("foreign.sgf"));
    QVERIFY(writeText(path, QStringLiteral("(;GM[1]FF[4]SZ[9];B[ee];W[cc]XAITURN[from another program])")));
    QVERIFY(window->openFile(path));
    GameController& c = window->controller();
    c.goTo(2);
    QVERIFY(!c.ai().aiTurnAt(c.model().current().id).has_value());
    QVERIFY(window->attemptsPanel()->lines().isEmpty());
    QVERIFY(QString::fromStdString(c.recordText()).contains(QStringLiteral("XAITURN[from another program]")));
  }

  // A record 100,000 levels deep (in a file from anywhere) is one this client cannot read: kept, never a crash.
  void aRecordNestedTooDeeplyIsKeptAsItIs() {
    TestHome home;
    auto window = home.makeWindow();
    const QString path = home.path(QStringLiteral("deep.sgf"));
    std::string closing;
    for (int i = 0; i < 100000; ++i) closing += "\\]";
    const std::string value = R"({"attempts":)" + std::string(100000, '[') + closing + "}";
    QVERIFY(writeText(path, QString::fromStdString("(;GM[1]FF[4]SZ[9];B[ee];W[cc]XAITURN[" + value + "])")));
    QVERIFY(window->openFile(path));
    GameController& c = window->controller();
    c.goTo(2);
    QVERIFY(!c.ai().aiTurnAt(c.model().current().id).has_value());
    QVERIFY(window->attemptsPanel()->lines().isEmpty());
    QVERIFY(c.recordText().find(R"(XAITURN[{"attempts":[[[)") != std::string::npos);
  }

  void theGtpConsoleShowsTheRawTraffic() {
    TestHome home;
    home.setSetup(fakeGtpSetup(QStringLiteral("C3,G7")));
    auto window = home.makeWindow();
    window->startUp();
    clickPoint(*window, at("E5"));
    QVERIFY(waitForMoves(window->controller(), 2));

    GtpConsole* console = window->showGtpConsole();
    const QString text = console->text();
    QVERIFY2(
        text.contains(QRegularExpression(QStringLiteral("^> \\d+ play B E5$"), QRegularExpression::MultilineOption)),
        qPrintable(text));
    QVERIFY(text.contains(
        QRegularExpression(QStringLiteral("^> \\d+ genmove [wW]$"), QRegularExpression::MultilineOption)));
    QVERIFY(text.contains(QRegularExpression(QStringLiteral("^< =\\d+ C3$"), QRegularExpression::MultilineOption)));
    // New traffic is added while the console is open.
    clickPoint(*window, at("E3"));
    QVERIFY(waitForMoves(window->controller(), 4));
    QTRY_VERIFY_WITH_TIMEOUT(console->text().contains(QRegularExpression(QStringLiteral("^< =\\d+ G7$"),
                                                                         QRegularExpression::MultilineOption)),
                             kTimeoutMs);
    // The GTP engine's moves keep their attempts too, without a prompt or a picture.
    const std::optional<AiTurnRecord> record =
        window->controller().ai().aiTurnAt(window->controller().model().current().id);
    QVERIFY(record.has_value());
    QVERIFY(record->coords.empty());
    QCOMPARE(record->attempts.size(), std::size_t{1});
    QVERIFY(record->attempts[0].prompt.empty());
    QVERIFY(!window->attemptsPanel()->pictureMatches());
    QVERIFY(window->attemptsPanel()->pictureVerdict().isEmpty());
  }

  void theGtpConsoleSendsTypedCommandsThatLeaveTheGameAsItIs() {
    TestHome home;
    home.setSetup(fakeGtpSetup(QStringLiteral("C3,G7")));
    auto window = home.makeWindow();
    window->startUp();
    clickPoint(*window, at("E5"));
    QVERIFY(waitForMoves(window->controller(), 2));
    GtpConsole* console = window->showGtpConsole();
    auto* input = console->findChild<QLineEdit*>(QStringLiteral("gtpInput"));
    auto* allowed = console->findChild<QLineEdit*>(QStringLiteral("gtpAllowed"));
    QVERIFY(input && allowed);
    const auto type = [input](const QString& line) {
      input->setText(line);
      QTest::keyClick(input, Qt::Key_Return);
    };
    const auto shown = [console](const QString& pattern) {
      return console->text().contains(QRegularExpression(pattern, QRegularExpression::MultilineOption));
    };

    // A read-only command goes to the engine, with the person's own id dropped, and its answer shows.
    type(QStringLiteral("7 name"));
    QTRY_VERIFY_WITH_TIMEOUT(shown(QStringLiteral("^< =\\d+ fake$")), kTimeoutMs);
    QVERIFY2(shown(QStringLiteral("^> \\d+ name$")), qPrintable(console->text()));
    QVERIFY(input->text().isEmpty());

    // A command that would change the engine's game is refused, and never sent.
    type(QStringLiteral("play b D4"));
    QVERIFY2(shown(QStringLiteral("^! play was not sent: only commands that leave the engine's game as it is")),
             qPrintable(console->text()));
    QVERIFY(!shown(QStringLiteral("^> \\d+ play b D4$")));
    type(QStringLiteral("genmove w"));
    QVERIFY(shown(QStringLiteral("^! genmove was not sent")));
    QCOMPARE(window->controller().model().game().moveCount(), 2);

    // The engine's own read-only command, once allowed in the console, goes through and is remembered.
    type(QStringLiteral("fake-ownership"));
    QVERIFY(shown(QStringLiteral("^! fake-ownership was not sent")));
    allowed->setText(QStringLiteral("fake-ownership"));
    QMetaObject::invokeMethod(allowed, "editingFinished");
    type(QStringLiteral("fake-ownership"));
    QTRY_VERIFY_WITH_TIMEOUT(shown(QStringLiteral("^> \\d+ fake-ownership$")), kTimeoutMs);
    QTRY_VERIFY_WITH_TIMEOUT(shown(QStringLiteral("^< \\?\\d+ unknown command$")), kTimeoutMs);
    QCOMPARE(Settings(home.store()).consoleCommands(), QStringList{QStringLiteral("fake-ownership")});
  }

  void theGtpConsoleSaysWhyAModelTakesNoCommand() {
    FakeModelServer server(twoTurnsScript());
    TestHome home;
    home.setSetup(modelSetup(server));
    auto window = home.makeWindow();
    window->startUp();
    GtpConsole* console = window->showGtpConsole();
    auto* input = console->findChild<QLineEdit*>(QStringLiteral("gtpInput"));
    QVERIFY(input != nullptr);
    input->setText(QStringLiteral("name"));
    QTest::keyClick(input, Qt::Key_Return);
    QVERIFY2(console->text().contains(QStringLiteral("! name failed: the opponent is not a GTP engine")),
             qPrintable(console->text()));
  }
};

QTEST_MAIN(AiViewTest)
#include "ai_view_test.moc"
