// The status bar says each thing once: the count of a game being scored or over in the turn's words only (not again
// as the estimate, nor in the message), the move number in its own place only (not again in the message after
// navigation); and a message longer than the room left is cut after a whole sentence or word with "…", the whole of
// it in the tooltip, in Japanese as in English.
#include <QLabel>
#include <QStatusBar>
#include <QtTest>

#include "model/language.h"
#include "qt_test_support.h"
#include "widgets/status_message.h"

using namespace tengen;
using namespace tengen::qt;
using namespace tengen::qt::test;

namespace {

// A 9x9 game ended by two passes: opened, it is being scored, White ahead by komi.
constexpr const char* kPassed =
    "(;GM[1]FF[4]SZ[9]KM[7.5]RU[Chinese];B[ee];W[cc];B[gc];W[cg];B[gg];W[ec];B[ce];W[eg];B[];W[])";

// The texts of the status bar's labels, the message line's as shown.
QStringList statusTexts(MainWindow& window) {
  QStringList out;
  for (QLabel* label : window.statusBar()->findChildren<QLabel*>()) {
    if (!label->text().isEmpty()) out << label->text();
  }
  return out;
}

int occurrences(const QStringList& texts, const QString& word) {
  int n = 0;
  for (const QString& text : texts) n += static_cast<int>(text.count(word));
  return n;
}

}  // namespace

class StatusBarTest : public QObject {
  Q_OBJECT

 private slots:
  void cleanup() { QVERIFY(waitForWorkers()); }

  void aLongMessageIsCutAfterAWholeSentenceOrWord() {
    const QFontMetrics metrics(QApplication::font());
    const QString japanese = QStringLiteral(
        "双方パス。tengen は0子を死に石と判定しました。石をクリックすると死活が切り替わります。Enter で確定します");
    const QString twoSentences = QStringLiteral("双方パス。tengen は0子を死に石と判定しました。");
    const int width = metrics.horizontalAdvance(twoSentences + QStringLiteral("石をクリック\u2026"));
    QCOMPARE(elideAtBreak(japanese, metrics, width), twoSentences + QStringLiteral("\u2026"));

    const QString english = QStringLiteral("Opened a-long-record.sgf (60 moves); the AI plays White");
    for (int room = 40; room < metrics.horizontalAdvance(english); room += 7) {
      const QString cut = elideAtBreak(english, metrics, room);
      QVERIFY2(metrics.horizontalAdvance(cut) <= room || cut == QStringLiteral("\u2026"), qPrintable(cut));
      QVERIFY(cut.endsWith(QStringLiteral("\u2026")));
      const QString start = cut.chopped(1);
      // Cut where a line may break: before a space or after a hyphen, never inside a word.
      QVERIFY2(start.isEmpty() || english.at(start.size()) == QLatin1Char(' ') || start.endsWith(QLatin1Char('-')) ||
                   start.endsWith(QLatin1Char(';')),
               qPrintable(cut));
      QVERIFY(english.startsWith(start));
    }
    QCOMPARE(elideAtBreak(english, metrics, 10000), english);
  }

  void theCountOfAGameBeingScoredIsSaidOnce() {
    TestHome home;
    home.setSetup(quickSetup());
    auto window = home.makeWindow();
    window->resize(1600, 975);
    const QString path = home.writeFile(QStringLiteral("passed.sgf"), kPassed);
    QVERIFY(window->openFile(path, true));
    window->action(QStringLiteral("scoreEstimate"))->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(window->controller().views().scoreEstimate().has_value(), kTimeoutMs);
    QCoreApplication::processEvents();
    QVERIFY2(occurrences(statusTexts(*window), QStringLiteral("W+7.5")) == 1,
             qPrintable(statusTexts(*window).join('|')));
    // Accepted, the game is over: still once.
    window->controller().acceptScore();
    QCoreApplication::processEvents();
    QVERIFY2(occurrences(statusTexts(*window), QStringLiteral("W+7.5")) == 1,
             qPrintable(statusTexts(*window).join('|')));
    QVERIFY(window->turnStatus().startsWith(QStringLiteral("Game over: W+7.5")));
    // Looking back, the estimate is of the position looked at, and the move number is said once.
    window->controller().goTo(8);
    QCoreApplication::processEvents();
    QCOMPARE(occurrences(statusTexts(*window), QStringLiteral("Move 8 of 10")), 1);
    window->controller().last();
    QCoreApplication::processEvents();
    QCOMPARE(occurrences(statusTexts(*window), QStringLiteral("Move 10")), 1);
  }

  void aJapaneseMessageIsCutAfterASentenceWithItsWholeInTheTooltip() {
    TestHome home;
    QVERIFY(installTranslations(QStringLiteral("ja")));
    home.setSetup(quickSetup());
    auto window = home.makeWindow();
    window->resize(800, 700);
    const QString path = home.writeFile(QStringLiteral("passed.sgf"), kPassed);
    QVERIFY(window->openFile(path, true));
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    QCoreApplication::processEvents();
    auto* message = window->findChild<StatusMessage*>(QStringLiteral("message"));
    QVERIFY(message != nullptr);
    // The message once the dead stones are found: two passes, what was found, how to go on.
    QTRY_VERIFY_WITH_TIMEOUT(window->statusMessage().count(QStringLiteral("。")) >= 2, kTimeoutMs);
    const QString whole = window->statusMessage();
    QTRY_VERIFY_WITH_TIMEOUT(message->text() != whole, kTimeoutMs);
    QVERIFY2(message->text().endsWith(QStringLiteral("。\u2026")), qPrintable(message->text()));
    QVERIFY(whole.startsWith(message->text().chopped(1)));
    QCOMPARE(message->toolTip(), whole);
    QVERIFY(message->fontMetrics().horizontalAdvance(message->text()) <= message->contentsRect().width());
    // Wide enough, it is whole and needs no tooltip.
    window->resize(1600, 975);
    QTRY_COMPARE_WITH_TIMEOUT(message->text(), whole, kTimeoutMs);
    QVERIFY(message->toolTip().isEmpty());
    QVERIFY(installTranslations(QStringLiteral("en")));
  }
};

QTEST_MAIN(StatusBarTest)
#include "status_bar_test.moc"
