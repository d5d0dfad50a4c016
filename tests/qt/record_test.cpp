// Records: SGF save and open round trip, a record with an illegal move opened up to it, the autosave after every
// move, its atomic replacement, and a game that comes back after the process is killed.
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QProcess>
#include <QtTest>

#include "tengen/core/coords.h"
#include "tengen/sgf/sgf.h"

#include "model/autosave.h"
#include "qt_test_support.h"

using namespace tengen;
using namespace tengen::qt;
using namespace tengen::qt::test;

namespace {

QByteArray readAll(const QString& path) {
  QFile file(path);
  return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

int movesInRecord(const QByteArray& text) {
  const Result<sgf::Collection> parsed = sgf::parse(text.toStdString());
  if (!parsed || parsed->games().empty()) return -1;
  const Result<sgf::GameRecord> record = sgf::readRecord(parsed->games().front());
  return record ? static_cast<int>(record->moves.size()) : -1;
}

bool waitForHumanTurn(MainWindow& window) {
  return QTest::qWaitFor(
      [&] {
        const GameController& c = window.controller();
        return !c.ai().thinking() && c.model().game().toMove() == c.human();
      },
      kTimeoutMs);
}

// `tengen` run with `arguments` in the test's folder, `input` on its standard input: what it printed, both streams.
QString runTerminal(const QStringList& arguments, const QByteArray& input) {
  QProcess terminal;
  terminal.setProcessChannelMode(QProcess::MergedChannels);
  terminal.start(QStringLiteral(TENGEN_CLI), arguments);
  if (!terminal.waitForStarted(kTimeoutMs)) return QStringLiteral("tengen did not start");
  terminal.write(input);
  terminal.closeWriteChannel();
  if (!terminal.waitForFinished(kTimeoutMs)) return QStringLiteral("tengen did not finish");
  return QString::fromUtf8(terminal.readAll());
}

}  // namespace

class RecordTest : public QObject {
  Q_OBJECT

 private slots:
  void cleanup() { QVERIFY(waitForWorkers()); }

  void saveAndOpenRoundTrip() {
    TestHome home;
    home.setSetup(quickSetup());
    auto window = home.makeWindow();
    window->startUp();
    for (const char* vertex : {"C3", "G7", "E5"}) {
      if (window->controller().model().game().board().at(at(vertex)) != Color::Empty) continue;
      clickPoint(*window, at(vertex));
      QVERIFY(waitForHumanTurn(*window));
    }
    const Game& played = window->controller().model().game();
    const QString path = home.path(QStringLiteral("game.sgf"));
    QVERIFY(window->saveFile(path));
    QVERIFY(window->statusMessage().contains(QStringLiteral("Saved game.sgf")));

    TestHome other;
    GameSetup setup = quickSetup(Color::White);  // the record, not the settings, says which colour the player had
    other.setSetup(setup);
    auto reopened = other.makeWindow();
    QVERIFY(reopened->openFile(path, true));
    const Game& read = reopened->controller().model().game();
    QCOMPARE(read.moves(), played.moves());
    QCOMPARE(read.board().toAscii(), played.board().toAscii());
    QCOMPARE(read.komi(), played.komi());
    QCOMPARE(reopened->controller().human(), Color::Black);
    QVERIFY(reopened->windowTitle().startsWith(QStringLiteral("game.sgf")));
    // Saving the opened game again writes the same record.
    const QString again = other.path(QStringLiteral("again.sgf"));
    QVERIFY(reopened->saveFile(again));
    QCOMPARE(readAll(again), readAll(path));
  }

  void aRecordWithAnIllegalMoveOpensUpToIt() {
    TestHome home;
    home.setSetup(quickSetup());
    auto window = home.makeWindow();
    const QString path = home.writeFile(QStringLiteral("bad.sgf"), "(;GM[1]FF[4]SZ[9]PB[Human];B[ee];W[ee])");
    QVERIFY(!path.isEmpty());
    QVERIFY(!window->openFile(path, true));
    QVERIFY2(window->statusMessage().contains(QStringLiteral("move 2 (W E5): stone already there")),
             qPrintable(window->statusMessage()));
    QCOMPARE(window->controller().model().game().moveCount(), 1);
  }

  void aResignedRecordCountsItsMovesAsCheckDoes() {
    // `tengen check` calls this record "ok 3 moves": the pass is a move, the resignation (RE) is not.
    TestHome home;
    home.setSetup(quickSetup());
    auto window = home.makeWindow();
    const QString path =
        home.writeFile(QStringLiteral("resigned.sgf"), "(;GM[1]FF[4]SZ[9]RE[W+R]AB[aa];B[ee];W[cc];B[])");
    QVERIFY(!path.isEmpty());
    QVERIFY(window->openFile(path, true));
    QVERIFY2(window->statusMessage().contains(QStringLiteral("(3 moves)")), qPrintable(window->statusMessage()));
    QCOMPARE(window->controller().model().game().result(), std::string("W+R"));
    auto* label = window->findChild<QLabel*>(QStringLiteral("moveNumber"));
    QVERIFY(label != nullptr);
    QCOMPARE(label->text(), QStringLiteral("Move 3"));
    window->controller().goTo(2);
    QCOMPARE(label->text(), QStringLiteral("Move 2 of 3"));
    window->controller().last();
    QCOMPARE(label->text(), QStringLiteral("Move 3"));
    // The move number is the label's to say: the message does not say it again.
    QVERIFY2(!window->statusMessage().contains(QStringLiteral("Move")), qPrintable(window->statusMessage()));
  }

  void recordsOtherProgramsWriteOpen() {
    // As CGoban or Sabaki write it: handicap stones, komi, rules, who moves, and passes both as B[tt] and B[].
    TestHome home;
    home.setSetup(quickSetup(Color::White));
    auto window = home.makeWindow();
    window->startUp();
    QVERIFY(waitForHumanTurn(*window));
    const QString path = home.path(QStringLiteral("cgoban.sgf"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(
        "(;GM[1]FF[4]CA[UTF-8]AP[CGoban:3]SZ[19]KM[0.50]RU[Japanese]HA[2]PB[Someone]PW[Else]\n"
        "AB[dp][pd]PL[W];W[qp];B[tt];W[dd];B[])");
    file.close();
    QVERIFY2(window->openFile(path, true), qPrintable(window->statusMessage()));
    const Game& game = window->controller().model().game();
    QCOMPARE(game.size(), 19);
    QCOMPARE(game.komi(), 0.5);
    QCOMPARE(QString::fromUtf8(std::string(game.ruleSet().name)), QStringLiteral("japanese"));
    QCOMPARE(game.setupStones().size(), std::size_t(2));
    QCOMPARE(game.board().at(parseGtpVertex("D4", 19)->point), Color::Black);
    QCOMPARE(game.board().at(parseGtpVertex("Q16", 19)->point), Color::Black);
    QCOMPARE(game.moveCount(), 4);
    QCOMPARE(game.moves()[0].color, Color::White);
    QCOMPARE(game.moves()[1].kind, MoveKind::Pass);
    QCOMPARE(game.moves()[3].kind, MoveKind::Pass);
    QCOMPARE(game.phase(), Phase::Playing);
    QCOMPARE(game.toMove(), Color::White);
    QVERIFY(!window->controller().ai().thinking());
  }

  void noAutosaveBringsTheClientDown() {
    // Damaged in every way a crash, a full disk or a hand edit can leave it: the client says so, or plays on from
    // what it could read, and never crashes.
    const char* records[] = {
        "",
        "\x01\x02\xff\xfe garbage",
        "(",
        "(;",
        "(;GM[1]SZ[0])",
        "(;GM[1]SZ[99];B[aa])",
        "(;GM[1]SZ[9]AB[zz])",
        "(;GM[1]SZ[9]HA[50]AB[ee])",
        "(;GM[1]SZ[9]KM[abc];B[ee])",
        "(;GM[1]SZ[9]PL[X];B[ee])",
        "(;GM[1]SZ[9]RE[W+R];B[ee];W[])",
        "(;GM[1]SZ[9]RE[B+R])",
        "(;GM[1]SZ[9]RE[+R];B[ee])",
        "(;GM[1]SZ[9];B[];W[];B[ee])",
        "(;GM[1]SZ[9];B[];W[];B[];W[])",
        "(;GM[1]SZ[2];B[aa];W[bb];B[ab];W[ba];B[aa])",
        "(;GM[1]SZ[9];B[ee];B[ef];B[eg])",
        "(;GM[1]SZ[9];W[ee];W[ef])",
        "(;GM[1]SZ[9]PB[Human]PW[Human];B[ee])",
        "(;GM[1]SZ[19];B[tt];W[tt])",
        "(;GM[1]SZ[9];B[ii];W[jj])",
        "(;GM[2]SZ[9];B[ee])",
        "(;GM[1]SZ[9](;B[ee])(;B[dd]))",
        "(;GM[1]SZ[9];AW[ee]B[ee])",
    };
    for (const char* text : records) {
      TestHome home;
      QFile file(home.autosavePath());
      QVERIFY(file.open(QIODevice::WriteOnly));
      file.write(text);
      file.close();
      ControllerOptions options;
      options.autosavePath = home.autosavePath();
      options.opponent = quickSetup().opponent;
      GameController controller(options);
      QString problem;
      const bool restored = controller.restoreAutosave(&problem);
      QVERIFY2(restored || QByteArray(text).trimmed().isEmpty() || !problem.isEmpty(), text);
      QVERIFY(controller.model().game().size() >= 2);
      QVERIFY(waitForWorkers());
    }
  }

  void saveNeverWritesOverAFileThatWasNotReadWhole() {
    TestHome home;
    home.setSetup(quickSetup());
    auto window = home.makeWindow();
    window->startUp();
    const QString good = home.path(QStringLiteral("good.sgf"));
    QVERIFY(window->saveFile(good));
    QVERIFY(window->windowTitle().contains(QStringLiteral("good.sgf")));
    clickPoint(*window, at("D4"));
    QVERIFY(waitForHumanTurn(*window));

    // Not SGF at all: the game in play stays, and Save must not write it over that file.
    const QString garbage = home.path(QStringLiteral("garbage.sgf"));
    QFile file(garbage);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("these are not the moves of a game");
    file.close();
    QVERIFY(!window->openFile(garbage, true));
    QCOMPARE(window->controller().model().game().moveCount(), 2);
    QVERIFY2(!window->windowTitle().contains(QStringLiteral("garbage.sgf")), qPrintable(window->windowTitle()));

    // Read up to an illegal move: saving it there would cut off the rest of the record.
    const QString cut = home.path(QStringLiteral("cut.sgf"));
    QFile cutFile(cut);
    QVERIFY(cutFile.open(QIODevice::WriteOnly));
    cutFile.write("(;GM[1]FF[4]SZ[9]PB[Human];B[ee];W[ee];B[cc];W[gg])");
    cutFile.close();
    QVERIFY(!window->openFile(cut, true));
    QCOMPARE(window->controller().model().game().moveCount(), 1);
    QVERIFY2(!window->windowTitle().contains(QStringLiteral("cut.sgf")), qPrintable(window->windowTitle()));
    QVERIFY2(!window->windowTitle().contains(QStringLiteral("good.sgf")), qPrintable(window->windowTitle()));
  }

  void everyMoveIsAutosaved() {
    TestHome home;
    home.setSetup(quickSetup());
    auto window = home.makeWindow();
    window->startUp();
    QCOMPARE(movesInRecord(readAll(home.autosavePath())), 0);
    QSignalSpy changes(&window->controller(), &GameController::changed);
    clickPoint(*window, at("D4"));
    // The player's move is on disk before the AI answers.
    QCOMPARE(movesInRecord(readAll(home.autosavePath())), 1);
    QVERIFY(waitForHumanTurn(*window));
    QCOMPARE(movesInRecord(readAll(home.autosavePath())), 2);
    window->controller().undo();
    QCOMPARE(movesInRecord(readAll(home.autosavePath())), 0);
    QVERIFY(!QFile::exists(home.autosavePath() + QStringLiteral(".tmp")));
  }

  void atomicWriteReplacesTheWholeFile() {
    TestHome home;
    const QString path = home.path(QStringLiteral("record.sgf"));
    QVERIFY(writeFileAtomically(path, std::string(10000, 'x')).isEmpty());
    QVERIFY(writeFileAtomically(path, "(;GM[1])").isEmpty());
    QCOMPARE(readAll(path), QByteArray("(;GM[1])"));
    QVERIFY(QDir(home.path(QStringLiteral("."))).entryList({QStringLiteral("record.sgf.tmp*")}).isEmpty());
    QVERIFY(!writeFileAtomically(home.path(QStringLiteral("no/such/dir/x.sgf")), "x").isEmpty());
  }

  void twoWritersNeverShareATemporary() {
    // Another client saving to the same file is half-way through writing its temporary when this one saves.
    TestHome home;
    const QString path = home.path(QStringLiteral("autosave.sgf"));
    QFile other(path + QStringLiteral(".tmp"));
    QVERIFY(other.open(QIODevice::WriteOnly));
    other.write("(;GM[1]SZ[9];B[ee]");
    other.flush();
    QVERIFY(writeFileAtomically(path, "(;GM[1]SZ[9];B[cc])").isEmpty());
    // The other client goes on writing its own file; what this one saved must not change under it.
    other.write(";W[gg])");
    other.close();
    QCOMPARE(readAll(path), QByteArray("(;GM[1]SZ[9];B[cc])"));
  }

  void anUnreadableAutosaveIsKeptAsideAndANewGameStarts() {
    TestHome home;
    home.setSetup(quickSetup());
    QVERIFY(writeFileAtomically(home.autosavePath(), "(;GM[1]SZ[9];B[ee];W[ee]").isEmpty());
    auto window = home.makeWindow();
    window->startUp();
    QCOMPARE(window->controller().model().game().moveCount(), 0);
    QVERIFY2(window->statusMessage().contains(QStringLiteral("could not be read")),
             qPrintable(window->statusMessage()));
    QCOMPARE(readAll(home.autosavePath() + QStringLiteral(".unreadable")), QByteArray("(;GM[1]SZ[9];B[ee];W[ee]"));
    QCOMPARE(movesInRecord(readAll(home.autosavePath())), 0);
  }

  void theGameComesBackAfterAKill() {
    TestHome home;
    QProcess child;
    child.start(QStringLiteral(TENGEN_AUTOSAVE_CHILD),
                {QStringLiteral("--autosave"), home.autosavePath(), QStringLiteral("C3"), QStringLiteral("G7"),
                 QStringLiteral("C7")});
    QVERIFY(child.waitForStarted(kTimeoutMs));
    QByteArray output;
    QVERIFY(QTest::qWaitFor(
        [&] {
          child.waitForReadyRead(50);
          output += child.readAllStandardOutput();
          return output.contains("ready");
        },
        kTimeoutMs));
    const auto field = [&](const QByteArray& name) {
      const qsizetype start = output.indexOf(name + ' ') + name.size() + 1;
      return output.mid(start, output.indexOf('\n', start) - start).trimmed();
    };
    const int moves = field("moves").toInt();
    const QByteArray board = QByteArray::fromBase64(field("board"));
    QVERIFY(moves >= 2);
    child.kill();  // SIGKILL: no chance to save anything on the way out
    QVERIFY(child.waitForFinished(kTimeoutMs));
    QCOMPARE(child.exitStatus(), QProcess::CrashExit);

    home.setSetup(quickSetup());
    auto window = home.makeWindow();
    window->startUp();
    const Game& restored = window->controller().model().game();
    QCOMPARE(restored.moveCount(), moves);
    QCOMPARE(QByteArray::fromStdString(restored.board().toAscii()), board);
    QCOMPARE(restored.board().at(at("C3")), Color::Black);
    QCOMPARE(restored.toMove(), Color::Black);
    QVERIFY(window->statusMessage().contains(QStringLiteral("Restored the last game")));
    // And play goes on from there.
    const Point next = restored.board().at(at("E5")) == Color::Empty ? at("E5") : at("F4");
    clickPoint(*window, next);
    QCOMPARE(restored.moveCount(), moves + 1);
    QVERIFY(waitForHumanTurn(*window));
  }

  // One record for both front ends: a game the terminal saved with the person as White opens in the client with the
  // person as White, and one the client saved so resumes in `tengen play --resume` with the person as White.
  void aGameSavedInTheTerminalOpensInTheClientAndOneSavedInTheClientResumesInTheTerminal() {
    TestHome home;
    const QString terminalRecord = home.path(QStringLiteral("terminal.sgf"));
    const QString terminalOutput =
        runTerminal({QStringLiteral("play"), QStringLiteral("--size"), QStringLiteral("9"), QStringLiteral("--human"),
                     QStringLiteral("white"), QStringLiteral("--opponent"), QStringLiteral("random"),
                     QStringLiteral("--sgf"), terminalRecord},
                    "quit\n");
    QVERIFY2(terminalOutput.contains(QStringLiteral("You are white")), qPrintable(terminalOutput));
    QVERIFY2(readAll(terminalRecord).contains("PW[Human]"), readAll(terminalRecord).constData());

    home.setSetup(quickSetup(Color::Black));  // the record, not the settings, says which colour the person had
    auto window = home.makeWindow();
    QVERIFY(window->openFile(terminalRecord, true));
    QCOMPARE(window->controller().human(), Color::White);
    QCOMPARE(window->controller().model().game().moveCount(), 1);
    QVERIFY(window->turnStatus().startsWith(QStringLiteral("White to move (you)")));
    // The person answers, the engine replies, and the client saves.
    const Game& game = window->controller().model().game();
    for (const char* vertex : {"C3", "D3", "E3"}) {
      if (game.board().at(at(vertex)) == Color::Empty) {
        clickPoint(*window, at(vertex));
        break;
      }
    }
    QVERIFY(waitForHumanTurn(*window));
    const QString clientRecord = home.path(QStringLiteral("client.sgf"));
    QVERIFY(window->saveFile(clientRecord));
    QVERIFY2(readAll(clientRecord).contains("PW[Human]"), readAll(clientRecord).constData());

    const QString resumed = runTerminal({QStringLiteral("play"), QStringLiteral("--resume"), clientRecord,
                                         QStringLiteral("--opponent"), QStringLiteral("random")},
                                        "quit\n");
    QVERIFY2(resumed.contains(QStringLiteral("after move 3")), qPrintable(resumed));
    QVERIFY2(resumed.contains(QStringLiteral("You are white")), qPrintable(resumed));
  }

  void theRealClientAutosavesAndItsGameComesBackAfterAKill() {
    // tengen-qt itself: the player is White, so the engine opens as soon as the window is up; its move is autosaved.
    TestHome home;
    home.setSetup(quickSetup(Color::White));
    QProcess client;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    client.setProcessEnvironment(environment);
    client.start(QStringLiteral(TENGEN_QT_CLIENT),
                 {QStringLiteral("--settings"), home.store().fileName(), QStringLiteral("--autosave"),
                  home.autosavePath(), QStringLiteral("--error-log"), home.errorLogPath()});
    QVERIFY(client.waitForStarted(kTimeoutMs));
    QVERIFY(QTest::qWaitFor([&] { return movesInRecord(readAll(home.autosavePath())) == 1; }, kTimeoutMs));
    client.kill();
    QVERIFY(client.waitForFinished(kTimeoutMs));
    QCOMPARE(client.exitStatus(), QProcess::CrashExit);

    auto window = home.makeWindow();
    window->startUp();
    const Game& restored = window->controller().model().game();
    QCOMPARE(restored.moveCount(), 1);
    QCOMPARE(restored.moves().front().color, Color::Black);
    QCOMPARE(window->controller().human(), Color::White);
    QVERIFY(window->turnStatus().startsWith(QStringLiteral("White to move (you)")));
  }
};

QTEST_MAIN(RecordTest)
#include "record_test.moc"
