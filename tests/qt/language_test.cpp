// The client in the person's language: which language is chosen, and that the Japanese and Brazilian Portuguese
// translations built into the binary reach the window, the rules' reasons, the words of moves, the plurals and Qt's
// own buttons (docs/client.md, "Language").
#include "model/language.h"

#include <QAction>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QtTest>

#include "qt_test_support.h"
#include "widgets/attempts_panel.h"
#include "widgets/move_tree_view.h"

using namespace tengen;
using namespace tengen::qt;
using namespace tengen::qt::test;

namespace {

QString tookBack(int n) {
  return QCoreApplication::translate("tengen::qt::GameController", "Took back %n move(s)", nullptr, n);
}

QString firstMenuTitle(MainWindow& window) { return window.menuBar()->actions().first()->text(); }

QString yesButtonText() {
  QMessageBox box;
  box.setStandardButtons(QMessageBox::Yes | QMessageBox::No);
  return box.button(QMessageBox::Yes)->text();
}

// The first English word of moves and verdicts in `text` ("W", "pass", "accepted", "Move", ...), other than those
// the language writes itself; "" when there is none.
QString englishMoveWord(const QString& text, const QStringList& theirs) {
  const QStringList words = {QStringLiteral("B"),        QStringLiteral("W"),        QStringLiteral("pass"),
                             QStringLiteral("passes"),   QStringLiteral("resign"),   QStringLiteral("resigns"),
                             QStringLiteral("accepted"), QStringLiteral("rejected"), QStringLiteral("attempt"),
                             QStringLiteral("Move"),     QStringLiteral("plays"),    QStringLiteral("Black"),
                             QStringLiteral("White")};
  for (const QString& word : words) {
    if (!theirs.contains(word) && text.contains(QRegularExpression(QStringLiteral("\\b%1\\b").arg(word)))) return word;
  }
  return {};
}

}  // namespace

class LanguageTest : public QObject {
  Q_OBJECT

 private slots:
  // Whatever a test installed, the next one starts in English as the others do.
  void cleanup() {
    QVERIFY(waitForWorkers());
    QVERIFY(installTranslations(QStringLiteral("en")));
  }

  void theLanguageComesFromTheSettingElseTheSystem() {
    QCOMPARE(chooseLanguage(QString(), {QStringLiteral("ja-JP")}), QStringLiteral("ja"));
    QCOMPARE(chooseLanguage(QString(), {QStringLiteral("pt-BR"), QStringLiteral("en-US")}), QStringLiteral("pt_BR"));
    // Portuguese of anywhere reads Brazilian Portuguese better than English.
    QCOMPARE(chooseLanguage(QStringLiteral("system"), {QStringLiteral("pt-PT")}), QStringLiteral("pt_BR"));
    // The first of the system's languages that has a translation.
    QCOMPARE(chooseLanguage(QString(), {QStringLiteral("de-DE"), QStringLiteral("ja")}), QStringLiteral("ja"));
    QCOMPARE(chooseLanguage(QString(), {QStringLiteral("fr-FR")}), QStringLiteral("en"));
    QCOMPARE(chooseLanguage(QString(), {}), QStringLiteral("en"));
    // A setting or --lang wins over the system; one without a translation does not.
    QCOMPARE(chooseLanguage(QStringLiteral("ja"), {QStringLiteral("pt-BR")}), QStringLiteral("ja"));
    QCOMPARE(chooseLanguage(QStringLiteral("en"), {QStringLiteral("ja-JP")}), QStringLiteral("en"));
    QCOMPARE(chooseLanguage(QStringLiteral("pt-BR"), {}), QStringLiteral("pt_BR"));
    QCOMPARE(chooseLanguage(QStringLiteral("xx"), {QStringLiteral("ja-JP")}), QStringLiteral("ja"));
  }

  void theWindowSpeaksJapanese() {
    TestHome home;
    home.setSetup(quickSetup());
    QVERIFY(installTranslations(QStringLiteral("ja")));
    auto window = home.makeWindow();
    window->startUp();
    QCOMPARE(firstMenuTitle(*window), QStringLiteral("ゲーム(&G)"));
    QVERIFY2(window->turnStatus().startsWith(QStringLiteral("黒の番（あなた）")), qPrintable(window->turnStatus()));
    QVERIFY2(window->turnStatus().contains(QStringLiteral("アゲハマ")), qPrintable(window->turnStatus()));
    // An illegal click says why in the rules' words, translated; the notation stays.
    clickPoint(*window, at("E5"));
    QTRY_VERIFY_WITH_TIMEOUT(!window->controller().ai().thinking(), kTimeoutMs);
    clickPoint(*window, at("E5"));
    QVERIFY2(window->statusMessage().contains(QStringLiteral("着手できません E5: すでに石があります")),
             qPrintable(window->statusMessage()));
    QCOMPARE(reasonText(RejectReason::Ko), QStringLiteral("コウ：すぐに取り返すことはできません"));
    QCOMPARE(rulesText(Rules::Japanese), QStringLiteral("日本ルール"));
    // Japanese has one plural form.
    QCOMPARE(tookBack(1), QStringLiteral("1手戻しました"));
    QCOMPARE(tookBack(3), QStringLiteral("3手戻しました"));
    // Qt's own dialogs come from qt6-translations-l10n.
    QCOMPARE(yesButtonText(), QStringLiteral("はい(&Y)"));
  }

  void theWindowSpeaksBrazilianPortuguese() {
    TestHome home;
    home.setSetup(quickSetup());
    QVERIFY(installTranslations(QStringLiteral("pt_BR")));
    auto window = home.makeWindow();
    window->startUp();
    QCOMPARE(firstMenuTitle(*window), QStringLiteral("&Partida"));
    QVERIFY2(window->turnStatus().startsWith(QStringLiteral("Vez das Pretas (você)")),
             qPrintable(window->turnStatus()));
    QCOMPARE(reasonText(RejectReason::Occupied), QStringLiteral("já há uma pedra ali"));
    QCOMPARE(tookBack(1), QStringLiteral("1 lance desfeito"));
    QCOMPARE(tookBack(2), QStringLiteral("2 lances desfeitos"));
    QCOMPARE(yesButtonText(), QStringLiteral("&Sim"));
  }

  void movesAndPassesAreInTheWindowsLanguage_data() {
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("moveTwoTitle");  // the attempts panel's title of the AI's move 2 starts so
    QTest::addColumn<QStringList>("moveTwoLines");
    QTest::addColumn<QString>("moveTwoMessage");
    QTest::addColumn<QString>("passTitle");
    QTest::addColumn<QString>("passLine");
    QTest::addColumn<QString>("passMessage");
    QTest::addColumn<QString>("passListed");  // the move list's words for the pass, move 4
    QTest::addColumn<QString>("resignListed");
    QTest::addColumn<QString>("resultShown");     // the status bar's words for B+R
    QTest::addColumn<QStringList>("theirWords");  // words of the language that look like English ones
    QTest::newRow("ja") << QStringLiteral("ja") << QStringLiteral("2手目（白 F5）")
                        << QStringList{QStringLiteral("1回目: E5 は却下（すでに石があります）"),
                                       QStringLiteral("2回目: F5 を採用")}
                        << QStringLiteral("白: F5") << QStringLiteral("4手目（白 パス）")
                        << QStringLiteral("1回目: パス を採用") << QStringLiteral("白がパスしました")
                        << QStringLiteral("4 白 パス") << QStringLiteral("6 白 投了")
                        << QStringLiteral("黒の中押し勝ち") << QStringList{};
    // Portuguese writes White's letter B (Brancas).
    QTest::newRow("pt_BR") << QStringLiteral("pt_BR") << QStringLiteral("Lance 2 (B F5)")
                           << QStringList{QStringLiteral("tentativa 1: E5 rejeitado (já há uma pedra ali)"),
                                          QStringLiteral("tentativa 2: F5 aceito")}
                           << QStringLiteral("Brancas jogam F5") << QStringLiteral("Lance 4 (B passe)")
                           << QStringLiteral("tentativa 1: passe aceito") << QStringLiteral("Brancas passam")
                           << QStringLiteral("4 B passe") << QStringLiteral("6 B desistência")
                           << QStringLiteral("Pretas vencem por desistência") << QStringList{QStringLiteral("B")};
  }

  // Against a model that names an occupied point, then plays F5, passes and resigns: the attempts panel, the move
  // list and the status bar name colours and moves in the window's language; the record keeps Go's English.
  void movesAndPassesAreInTheWindowsLanguage() {
    QFETCH(QString, language);
    QFETCH(QString, moveTwoTitle);
    QFETCH(QStringList, moveTwoLines);
    QFETCH(QString, moveTwoMessage);
    QFETCH(QString, passTitle);
    QFETCH(QString, passLine);
    QFETCH(QString, passMessage);
    QFETCH(QString, passListed);
    QFETCH(QString, resignListed);
    QFETCH(QString, resultShown);
    QFETCH(QStringList, theirWords);
    FakeModelServer server({QStringLiteral(R"({"content": "E5"})"), QStringLiteral(R"({"content": "F5"})"),
                            QStringLiteral(R"({"content": "pass"})"), QStringLiteral(R"({"content": "resign"})")});
    TestHome home;
    home.setSetup(modelSetup(server));
    QVERIFY(installTranslations(language));
    auto window = home.makeWindow();
    window->startUp();
    GameController& c = window->controller();
    const AttemptsPanel& panel = *window->attemptsPanel();
    QStringList shown;  // every text checked for English words below

    clickPoint(*window, at("E5"));
    QVERIFY(waitForMoves(c, 2));
    QVERIFY2(window->statusMessage().contains(moveTwoMessage), qPrintable(window->statusMessage()));
    QVERIFY2(panel.title().startsWith(moveTwoTitle), qPrintable(panel.title()));
    QCOMPARE(panel.lines(), moveTwoLines);
    shown << window->statusMessage() << window->turnStatus() << panel.title() << panel.lines();

    clickPoint(*window, at("D4"));
    QVERIFY(waitForMoves(c, 4));
    QCOMPARE(c.model().game().moves().back().kind, MoveKind::Pass);
    QVERIFY2(window->statusMessage().contains(passMessage), qPrintable(window->statusMessage()));
    QVERIFY2(panel.title().startsWith(passTitle), qPrintable(panel.title()));
    QCOMPARE(panel.lines(), QStringList{passLine});
    QCOMPARE(window->moveTree()->describe(c.model().current()), passListed);
    shown << window->statusMessage() << window->turnStatus() << panel.title() << panel.lines();

    clickPoint(*window, at("C3"));
    QTRY_COMPARE_WITH_TIMEOUT(c.model().game().phase(), Phase::Finished, kTimeoutMs);
    QCOMPARE(window->moveTree()->describe(c.model().tree().mainLineEnd()), resignListed);
    // The result is the turn's words; the message says the resignation, not the result again.
    QVERIFY2(window->turnStatus().contains(resultShown), qPrintable(window->turnStatus()));
    QVERIFY2(!window->statusMessage().contains(resultShown), qPrintable(window->statusMessage()));
    shown << window->statusMessage() << window->turnStatus() << panel.title() << panel.lines();
    // The move list names every move the same way, looked at one by one.
    for (int n = 1; n <= 5; ++n) {
      c.goTo(n);
      shown << window->moveTree()->describe(c.model().current()) << panel.title() << panel.lines();
    }
    for (const QString& text : shown) QVERIFY2(englishMoveWord(text, theirWords).isEmpty(), qPrintable(text));

    // The record and what the AI saw keep Go's own English.
    const std::string record = c.recordText();
    QVERIFY2(record.find("W[]") != std::string::npos, record.c_str());
    QVERIFY2(record.find(R"("move":"pass")") != std::string::npos, record.c_str());
    QVERIFY2(record.find("RE[B+R]") != std::string::npos, record.c_str());
  }

  // Numbers are written as the language shown writes them, in the system's region when it speaks that language.
  void numbersAreWrittenAsTheLanguageWritesThem() {
    QCOMPARE(numberLocale(QStringLiteral("pt_BR"), QLocale(QStringLiteral("en_US"))).toString(6.5),
             QStringLiteral("6,5"));
    QCOMPARE(numberLocale(QStringLiteral("pt_BR"), QLocale(QStringLiteral("pt_PT"))).name(), QStringLiteral("pt_PT"));
    QCOMPARE(numberLocale(QStringLiteral("en"), QLocale(QStringLiteral("pt_BR"))).toString(6.5), QStringLiteral("6.5"));
    QCOMPARE(numberLocale(QStringLiteral("en"), QLocale(QStringLiteral("en_GB"))).name(), QStringLiteral("en_GB"));
    QCOMPARE(numberLocale(QStringLiteral("ja"), QLocale::c()).language(), QLocale::Japanese);
    // The window's own numbers follow: komi in the message of a new game in Portuguese, whatever the system's.
    TestHome home;
    GameSetup setup = quickSetup();
    setup.config.komi = 6.5;
    home.setSetup(setup);
    QVERIFY(installTranslations(QStringLiteral("pt_BR")));
    auto window = home.makeWindow();
    window->startUp();
    QVERIFY(window->controller().newGame(setup));
    QVERIFY2(window->statusMessage().contains(QStringLiteral("komi 6,5")), qPrintable(window->statusMessage()));
    QVERIFY(installTranslations(QStringLiteral("en")));
    QVERIFY(window->controller().newGame(setup));
    QVERIFY2(window->statusMessage().contains(QStringLiteral("komi 6.5")), qPrintable(window->statusMessage()));
  }

  // English is the sources' language; its file gives the plurals their two forms.
  void englishHasItsPlurals() {
    QVERIFY(installTranslations(QStringLiteral("en")));
    QCOMPARE(tookBack(1), QStringLiteral("Took back 1 move"));
    QCOMPARE(tookBack(2), QStringLiteral("Took back 2 moves"));
    QCOMPARE(reasonText(RejectReason::Occupied), QString::fromUtf8(std::string(reasonWords(RejectReason::Occupied))));
  }

  // Every reason has words of the client's own, each its own; in English they are the words models read.
  void everyReasonHasItsWords() {
    QVERIFY(installTranslations(QStringLiteral("en")));
    for (int r = 0; r <= static_cast<int>(RejectReason::Repeated); ++r) {
      const auto reason = static_cast<RejectReason>(r);
      QCOMPARE(reasonText(reason), QString::fromUtf8(std::string(reasonWords(reason))));
    }
    QVERIFY(installTranslations(QStringLiteral("ja")));
    QStringList seen;
    for (int r = 0; r <= static_cast<int>(RejectReason::Repeated); ++r) {
      const auto reason = static_cast<RejectReason>(r);
      const QString words = reasonText(reason);
      QVERIFY2(words != QString::fromUtf8(std::string(reasonWords(reason))), qPrintable(words));
      QVERIFY(!seen.contains(words));
      seen << words;
    }
  }

  // A result reads as Go writes it in English and in words in the others, the margin in the language's numbers; a
  // move keeps its vertex and a pass or resignation takes the language's word.
  void resultsAndMovesHaveTheirWords() {
    const Move pass = Move::pass(Color::White);
    QVERIFY(installTranslations(QStringLiteral("en")));
    for (const char* result : {"B+R", "W+12.5", "B+T", "W+F", "B+"})
      QCOMPARE(resultText(result), QLatin1String(result));
    QCOMPARE(resultText("0"), QStringLiteral("Draw"));
    QCOMPARE(resultText("Void"), QStringLiteral("Void"));
    QCOMPARE(moveText(pass, 19), QStringLiteral("pass"));
    QCOMPARE(moveText("resign"), QStringLiteral("resign"));

    QVERIFY(installTranslations(QStringLiteral("ja")));
    QCOMPARE(resultText("B+R"), QStringLiteral("黒の中押し勝ち"));
    QCOMPARE(resultText("W+12.5"), QStringLiteral("白の12.5目勝ち"));
    QCOMPARE(resultText("W+Time"), QStringLiteral("白の時間勝ち"));
    QCOMPARE(resultText("0"), QStringLiteral("持碁"));
    QCOMPARE(resultText("B+x"), QStringLiteral("B+x"));  // not a result it can read: as it is
    QCOMPARE(resultText("B+inf"), QStringLiteral("B+inf"));
    QCOMPARE(resultText("W+nan"), QStringLiteral("W+nan"));
    QCOMPARE(moveText(pass, 19), QStringLiteral("パス"));
    QCOMPARE(moveText(Move::play(Color::Black, {3, 3}), 19), QStringLiteral("D16"));
    QCOMPARE(moveText("resign"), QStringLiteral("投了"));
    QCOMPARE(moveText("\"no idea\""), QStringLiteral("\"no idea\""));
    QCOMPARE(colorLetterText(Color::White), QStringLiteral("白"));

    QVERIFY(installTranslations(QStringLiteral("pt_BR")));
    QCOMPARE(resultText("W+12.5"), QStringLiteral("Brancas vencem por 12,5 pontos"));
    QCOMPARE(resultText("B+R"), QStringLiteral("Pretas vencem por desistência"));
    QCOMPARE(moveText(pass, 9), QStringLiteral("passe"));
    QCOMPARE(colorLetterText(Color::Black), QStringLiteral("P"));
  }

  void theMenuKeepsTheChoiceForTheNextStart() {
    TestHome home;
    home.setSetup(quickSetup());
    auto window = home.makeWindow();
    auto* japanese = window->findChild<QAction*>(QStringLiteral("language_ja"));
    QVERIFY(japanese != nullptr);
    QCOMPARE(japanese->text(), QStringLiteral("日本語"));
    QVERIFY(window->findChild<QAction*>(QStringLiteral("language_system"))->isChecked());
    japanese->trigger();
    QCOMPARE(Settings(home.store()).language(), QStringLiteral("ja"));
    QVERIFY(window->statusMessage().contains(QStringLiteral("next time")));
    window->findChild<QAction*>(QStringLiteral("language_system"))->trigger();
    QCOMPARE(Settings(home.store()).language(), QString());
  }
};

QTEST_MAIN(LanguageTest)
#include "language_test.moc"
