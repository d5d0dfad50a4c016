// The client in the person's language: which language is chosen, and that the Japanese and Brazilian Portuguese
// translations built into the binary reach the window, the rules' reasons, the plurals and Qt's own buttons
// (docs/client.md, "Language").
#include "model/language.h"

#include <QAction>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QtTest>

#include "qt_test_support.h"

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
