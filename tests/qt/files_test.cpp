// Nothing lost: the controller's unsaved state (a new game clean, a move dirty, saving and opening clean, the
// autosave not), the question before the window closes, a new game starts or a file opens over an unsaved game, the
// recent files and Save As's keys.
#include <sys/stat.h>

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QLabel>
#include <QMessageBox>
#include <QTimer>
#include <QtTest>

#include "qt_test_support.h"
#include "widgets/new_game_dialog.h"

using namespace tengen;
using namespace tengen::qt;
using namespace tengen::qt::test;

namespace {

bool waitForPlayer(const GameController& c) {
  return QTest::qWaitFor([&] { return !c.ai().thinking() && c.model().game().toMove() == c.human(); }, kTimeoutMs);
}

// Clicks `button` of the next modal message box, once it is up.
void answerNextMessageBox(QMessageBox::StandardButton button, QString* text = nullptr) {
  QTimer::singleShot(0, [button, text] {
    auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
    if (box == nullptr) return;
    if (text != nullptr) *text = box->text();
    box->button(button)->click();
  });
}

// Accepts the next modal dialog of type D (the New game dialog) once it is up, then answers the message box that
// follows with `button`. Polls, since the box comes up only once the dialog's own event loop has ended.
template <typename D>
void acceptDialogThenAnswer(QMessageBox::StandardButton button) {
  auto* poll = new QTimer;
  poll->setInterval(10);
  QObject::connect(poll, &QTimer::timeout, [poll, button, accepted = false]() mutable {
    QWidget* modal = QApplication::activeModalWidget();
    if (!accepted) {
      if (auto* dialog = qobject_cast<D*>(modal)) {
        dialog->accept();
        accepted = true;
      }
      return;
    }
    if (auto* box = qobject_cast<QMessageBox*>(modal)) {
      box->button(button)->click();
      poll->deleteLater();
    }
  });
  poll->start();
}

// A window playing a new quick game as Black.
std::unique_ptr<MainWindow> startedWindow(TestHome& home) {
  home.setSetup(quickSetup());
  auto window = home.makeWindow();
  window->startUp();
  return window;
}

QByteArray readAll(const QString& path) {
  QFile file(path);
  return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

}  // namespace

class FilesTest : public QObject {
  Q_OBJECT

 private slots:
  void cleanup() { QVERIFY(waitForWorkers()); }

  void theControllerKnowsWhatIsUnsaved() {
    TestHome home;
    ControllerOptions options;
    options.autosavePath = home.autosavePath();
    GameController controller(options);
    QVERIFY(controller.newGame(quickSetup()));
    QVERIFY(!controller.unsaved());

    controller.clickPoint(at("E5"));
    QVERIFY(controller.unsaved());
    QVERIFY(waitForPlayer(controller));
    // Both moves are in the autosave, which does not make the game saved.
    QVERIFY(readAll(home.autosavePath()).contains("B[ee]"));
    QVERIFY(controller.unsaved());

    const QString path = home.path(QStringLiteral("game.sgf"));
    QVERIFY(controller.saveRecord(path).isEmpty());
    QVERIFY(!controller.unsaved());
    controller.pass();
    QVERIFY(controller.unsaved());
    QVERIFY(waitForPlayer(controller));

    QVERIFY(controller.openRecord(path).isEmpty());
    QVERIFY(!controller.unsaved());
    controller.setComment(QStringLiteral("a thought"));
    QVERIFY(controller.unsaved());

    // A new game the AI opened, untouched by the player, has nothing to lose.
    QVERIFY(controller.newGame(quickSetup(Color::White)));
    QVERIFY(waitForPlayer(controller));
    QCOMPARE(controller.model().game().moveCount(), 1);
    QVERIFY(!controller.unsaved());
  }

  void theFirstRunOpensOnTheBoardPeoplePlay() {
    // The same first-run default as `tengen play`: 19x19 (the last choice is remembered from then on).
    TestHome home;
    QCOMPARE(Settings(home.store()).lastSetup().config.size, 19);
    auto window = home.makeWindow();
    QCOMPARE(window->controller().model().game().size(), 19);
  }

  void aRestoredAutosaveCountsAsUnsavedOnlyOnceTouched() {
    TestHome home;
    ControllerOptions options;
    options.autosavePath = home.autosavePath();
    {
      GameController first(options);
      QVERIFY(first.newGame(quickSetup()));
      first.clickPoint(at("E5"));
      QVERIFY(waitForPlayer(first));
      first.setComment(QStringLiteral("my plan"));
    }
    // The autosave holds the player's move and comment; brought back, nothing is lost by leaving it as it is.
    GameController controller(options);
    QVERIFY(controller.restoreAutosave());
    QCOMPARE(controller.model().game().moveCount(), 2);
    QVERIFY(!controller.unsaved());
    // A move of the player's since it came back is something to lose.
    controller.clickPoint(at("C3"));
    QVERIFY(controller.unsaved());
    QVERIFY(waitForPlayer(controller));
    QVERIFY(controller.restoreAutosave());
    QVERIFY(!controller.unsaved());
    // So is a comment.
    controller.setComment(QStringLiteral("another plan"));
    QVERIFY(controller.unsaved());
  }

  void closingAnUnsavedGameAsksFirst() {
    TestHome home;
    auto window = startedWindow(home);
    QVERIFY(!window->controller().unsaved());
    clickPoint(*window, at("E5"));
    QVERIFY(waitForPlayer(window->controller()));

    QString question;
    answerNextMessageBox(QMessageBox::Cancel, &question);
    QVERIFY(!window->close());
    QCOMPARE(question, QStringLiteral("The current game has not been saved."));
    QVERIFY(window->isVisible());

    answerNextMessageBox(QMessageBox::Discard);
    QVERIFY(window->close());
    QVERIFY(!window->isVisible());
  }

  void discardingOnCloseMakesTheNextStartBeginAfresh() {
    TestHome home;
    {
      auto window = startedWindow(home);
      clickPoint(*window, at("E5"));
      QVERIFY(waitForPlayer(window->controller()));
      QVERIFY(QFile::exists(window->controller().autosave().path()));
      answerNextMessageBox(QMessageBox::Discard);
      QVERIFY(window->close());
      QVERIFY(!QFile::exists(window->controller().autosave().path()));
    }
    auto next = home.makeWindow();
    next->startUp();
    QCOMPARE(next->controller().model().game().moveCount(), 0);
    QVERIFY(!next->statusMessage().startsWith(QStringLiteral("Restored")));
  }

  void closingASavedGameBringsItBackAtTheNextStart() {
    TestHome home;
    {
      auto window = startedWindow(home);
      clickPoint(*window, at("E5"));
      QVERIFY(waitForPlayer(window->controller()));
      QVERIFY(window->saveFile(home.path(QStringLiteral("kept.sgf"))));
      // Nothing to lose: no question, and the autosave stays for the next start.
      QVERIFY(window->close());
    }
    auto next = home.makeWindow();
    next->startUp();
    QCOMPARE(next->controller().model().game().moveCount(), 2);
  }

  void aNewGameAsksBeforeAnUnsavedOneGoes() {
    TestHome home;
    auto window = startedWindow(home);
    clickPoint(*window, at("E5"));
    QVERIFY(waitForPlayer(window->controller()));
    QCOMPARE(window->controller().model().game().moveCount(), 2);

    acceptDialogThenAnswer<NewGameDialog>(QMessageBox::Cancel);
    window->action(QStringLiteral("newGame"))->trigger();
    QCOMPARE(window->controller().model().game().moveCount(), 2);
    QVERIFY(window->controller().unsaved());

    acceptDialogThenAnswer<NewGameDialog>(QMessageBox::Discard);
    window->action(QStringLiteral("newGame"))->trigger();
    QCOMPARE(window->controller().model().game().moveCount(), 0);
    QVERIFY(!window->controller().unsaved());
  }

  void openingAFileAsksBeforeAnUnsavedGameGoes() {
    TestHome home;
    auto window = startedWindow(home);
    const QString other = home.path(QStringLiteral("other.sgf"));
    QVERIFY(window->saveFile(other));
    clickPoint(*window, at("E5"));
    QVERIFY(waitForPlayer(window->controller()));

    // Open: Cancel at the question, and no file dialog follows.
    QString question;
    answerNextMessageBox(QMessageBox::Cancel, &question);
    window->action(QStringLiteral("open"))->trigger();
    QCOMPARE(question, QStringLiteral("The current game has not been saved."));
    QVERIFY(QApplication::activeModalWidget() == nullptr);
    QCOMPARE(window->controller().model().game().moveCount(), 2);

    // Open Recent: Cancel keeps the game, Discard opens the file.
    answerNextMessageBox(QMessageBox::Cancel);
    window->action(QStringLiteral("recentFile0"))->trigger();
    QCOMPARE(window->controller().model().game().moveCount(), 2);
    answerNextMessageBox(QMessageBox::Discard);
    window->action(QStringLiteral("recentFile0"))->trigger();
    QCOMPARE(window->controller().model().game().moveCount(), 0);
    QVERIFY(window->windowTitle().startsWith(QStringLiteral("other.sgf")));
  }

  void saveFromTheQuestionWritesTheFileAndCloses() {
    TestHome home;
    auto window = startedWindow(home);
    const QString path = home.path(QStringLiteral("game.sgf"));
    QVERIFY(window->saveFile(path));
    clickPoint(*window, at("C3"));
    QVERIFY(waitForPlayer(window->controller()));
    answerNextMessageBox(QMessageBox::Save);
    QVERIFY(window->close());
    QVERIFY(readAll(path).contains("B[cg]"));
  }

  void aSavedOrUntouchedGameClosesWithoutAQuestion() {
    TestHome home;
    auto window = startedWindow(home);
    QVERIFY(window->close());
    auto again = startedWindow(home);
    clickPoint(*again, at("E5"));
    QVERIFY(waitForPlayer(again->controller()));
    QVERIFY(again->saveFile(home.path(QStringLiteral("game.sgf"))));
    QVERIFY(again->close());
  }

  void recentFilesKeepTheLatestEightFirst() {
    TestHome home;
    Settings settings(home.store());
    for (int i = 0; i < 10; ++i) settings.addRecentFile(home.path(QStringLiteral("game%1.sgf").arg(i)));
    QStringList files = settings.recentFiles();
    QCOMPARE(files.size(), Settings::kMaxRecentFiles);
    QCOMPARE(files.first(), home.path(QStringLiteral("game9.sgf")));
    QCOMPARE(files.last(), home.path(QStringLiteral("game2.sgf")));
    // Again: to the front, once.
    settings.addRecentFile(home.path(QStringLiteral("game5.sgf")));
    files = settings.recentFiles();
    QCOMPARE(files.size(), Settings::kMaxRecentFiles);
    QCOMPARE(files.first(), home.path(QStringLiteral("game5.sgf")));
    QCOMPARE(files.count(home.path(QStringLiteral("game5.sgf"))), 1);
    settings.removeRecentFile(home.path(QStringLiteral("game9.sgf")));
    QVERIFY(!settings.recentFiles().contains(home.path(QStringLiteral("game9.sgf"))));
    settings.clearRecentFiles();
    QVERIFY(settings.recentFiles().isEmpty());
  }

  void theRecentMenuOpensAndForgetsMissingFiles() {
    TestHome home;
    auto window = startedWindow(home);
    const QString first = home.path(QStringLiteral("first.sgf"));
    const QString second = home.path(QStringLiteral("second.sgf"));
    QVERIFY(window->saveFile(first));
    QVERIFY(window->saveFile(second));
    QCOMPARE(window->action(QStringLiteral("recentFile0"))->data().toString(), second);
    QCOMPARE(window->action(QStringLiteral("recentFile1"))->data().toString(), first);

    // A file gone since: chosen, it is taken off the list with a message.
    QVERIFY(QFile::remove(second));
    QString warning;
    answerNextMessageBox(QMessageBox::Ok, &warning);
    window->action(QStringLiteral("recentFile0"))->trigger();
    QVERIFY(warning.contains(second));
    QCOMPARE(Settings(home.store()).recentFiles(), QStringList{first});
    QApplication::processEvents();
    QCOMPARE(window->action(QStringLiteral("recentFile0"))->data().toString(), first);
    QVERIFY(window->action(QStringLiteral("recentFile1")) == nullptr);

    window->action(QStringLiteral("recentFile0"))->trigger();
    QVERIFY(window->windowTitle().startsWith(QStringLiteral("first.sgf")));
    window->action(QStringLiteral("clearRecentFiles"))->trigger();
    QVERIFY(Settings(home.store()).recentFiles().isEmpty());
  }

  // Open on a FIFO, on /dev/zero or on a file larger than the SGF size limit says why in the status bar, at once,
  // and the game on the board stays.
  void openingWhatIsNotAnSgfFileSaysWhyAndKeepsTheGame() {
    TestHome home;
    auto window = startedWindow(home);
    window->controller().clickPoint(at("E5"));
    QVERIFY(waitForPlayer(window->controller()));
    const int moves = window->controller().model().game().moveCount();

    const QString fifo = home.path(QStringLiteral("fifo.sgf"));
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    const QString big = home.path(QStringLiteral("big.sgf"));
    {
      QFile file(big);
      QVERIFY(file.open(QIODevice::WriteOnly));
      QVERIFY(file.resize(qint64{65} << 20));  // sparse: no disk, no time
    }
    const std::pair<QString, QString> cases[] = {
        {fifo, fifo + QStringLiteral(": not a regular file (a FIFO)")},
        {QStringLiteral("/dev/zero"), QStringLiteral("/dev/zero: not a regular file (a character device)")},
        {big, big + QStringLiteral(": larger than 64 MiB (the SGF size limit)")},
    };
    auto* message = window->findChild<QLabel*>(QStringLiteral("message"));
    QVERIFY(message != nullptr);
    for (const auto& [path, why] : cases) {
      QElapsedTimer timer;
      timer.start();
      QVERIFY(!window->openFile(path, true));
      QVERIFY2(timer.elapsed() < 5000, qPrintable(path));
      QCOMPARE(message->text(), why);
      QCOMPARE(window->controller().model().game().moveCount(), moves);
    }
  }

  void saveAsShowsItsShortcut() {
    TestHome home;
    auto window = home.makeWindow();
    QVERIFY(!window->action(QStringLiteral("saveAs"))->shortcut().isEmpty());
    QVERIFY(window->action(QStringLiteral("saveAs"))->shortcut() != window->action(QStringLiteral("save"))->shortcut());
  }
};

QTEST_MAIN(FilesTest)
#include "files_test.moc"
