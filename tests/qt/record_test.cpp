// Records: SGF save and open round trip, a record with an illegal move opened up to it, the autosave after every
// move, its atomic replacement, and a game that comes back after the process is killed.
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QtTest>

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
  if (!parsed || parsed->games.empty()) return -1;
  const Result<sgf::GameRecord> record = sgf::readRecord(*parsed->games.front());
  return record ? static_cast<int>(record->moves.size()) : -1;
}

bool waitForHumanTurn(MainWindow& window) {
  return QTest::qWaitFor(
      [&] {
        const GameController& c = window.controller();
        return !c.thinking() && c.model().game().toMove() == c.human();
      },
      kTimeoutMs);
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
    const QString path = home.path(QStringLiteral("bad.sgf"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("(;GM[1]FF[4]SZ[9]PB[Human];B[ee];W[ee])");
    file.close();
    QVERIFY(!window->openFile(path, true));
    QVERIFY2(window->statusMessage().contains(QStringLiteral("move 2 (W E5): stone already there")),
             qPrintable(window->statusMessage()));
    QCOMPARE(window->controller().model().game().moveCount(), 1);
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
    QVERIFY(!QFile::exists(path + QStringLiteral(".tmp")));
    QVERIFY(!writeFileAtomically(home.path(QStringLiteral("no/such/dir/x.sgf")), "x").isEmpty());
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
