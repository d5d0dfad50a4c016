// What the client's tests share: a temporary home for settings, autosave and error log; a window built over it;
// the scripted model server as a child process; and clicks on board points.
#pragma once

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <memory>

#include "tengen/core/coords.h"

#include "model/background.h"
#include "model/clock.h"
#include "model/game_controller.h"
#include "model/language.h"
#include "model/opponent_runner.h"
#include "model/settings.h"
#include "widgets/board_widget.h"
#include "widgets/main_window.h"

namespace tengen::qt::test {

// Long enough for a slow shared machine; the tests never wait this long when things work.
constexpr int kTimeoutMs = 60000;

// A temporary directory holding the settings (INI), the autosave and the error log of one window.
class TestHome {
 public:
  // In English, with its plural forms, as the client starts on an English system.
  TestHome() : m_store(m_dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat) {
    installTranslations(QStringLiteral("en"));
  }

  QString path(const QString& name) const { return m_dir.filePath(name); }

  // Writes `text` to the file `name` here and answers its path; an empty string when it could not be written.
  QString writeFile(const QString& name, const QByteArray& text) const {
    const QString where = path(name);
    QFile file(where);
    if (!file.open(QIODevice::WriteOnly) || file.write(text) != text.size()) return {};
    return where;
  }
  QString autosavePath() const { return path(QStringLiteral("autosave.sgf")); }
  QString errorLogPath() const { return path(QStringLiteral("errors.jsonl")); }
  QSettings& store() { return m_store; }

  // The setup the next window starts with (no autosave yet).
  void setSetup(const GameSetup& setup) {
    Settings(m_store).setLastSetup(setup);
    m_store.sync();
  }

  // A window over this home; its clocks read `time` when given, else the steady clock. Shown unless `shown` is false
  // (as tengen-qt FILE opens the record before it shows the window).
  std::unique_ptr<MainWindow> makeWindow(const session::TimeSource* time = nullptr, bool shown = true) {
    MainWindowOptions options;
    options.store = &m_store;
    options.autosavePath = autosavePath();
    options.errorLogPath = errorLogPath();
    options.timeSource = time;
    auto window = std::make_unique<MainWindow>(options);
    window->resize(900, 700);
    if (shown) window->show();
    return window;
  }

 private:
  QTemporaryDir m_dir;
  QSettings m_store;
};

// A monotonic time the test moves by hand, so that clocks run without anyone waiting.
class FakeTimeSource final : public session::TimeSource {
 public:
  std::int64_t nowMs() const override { return m_now; }
  void advance(std::int64_t ms) { m_now += ms; }

 private:
  std::int64_t m_now = 5'000'000;
};

// 9x9: a black wall on column C, a white wall on column D, a white stone at B5 inside Black's side, two passes.
// With B5 dead (area scoring): Black 9 + 18, White 9 + 45, komi 7.5 -> W+34.5. With B5 alive, columns A and B
// touch both colours and are nobody's: Black 9, White 55 -> W+53.5.
constexpr const char* kScoringRecord =
    "(;GM[1]FF[4]SZ[9]RU[Chinese]KM[7.5]PB[Human]PW[engine]"
    "AB[ca][cb][cc][cd][ce][cf][cg][ch][ci]AW[da][db][dc][dd][de][df][dg][dh][di][be];B[];W[])";

// 9x9 still in play, Black to move: a black wall on column C, a white wall on column G, a white stone at B5 inside
// Black's side, and the three columns between the walls open. The engine's estimate gives A and B to Black (B5
// dead) and H and J to White, all but surely.
constexpr const char* kWallsInPlayRecord =
    "(;GM[1]FF[4]SZ[9]RU[Chinese]KM[7.5]PB[Human]PW[engine]"
    "AB[ca][cb][cc][cd][ce][cf][cg][ch][ci]AW[ga][gb][gc][gd][ge][gf][gg][gh][gi][be]PL[B])";

// A quick 9x9 game against the built-in engine with a small budget, so that tests do not depend on speed.
inline GameSetup quickSetup(Color human = Color::Black) {
  GameSetup setup;
  setup.config.size = 9;
  setup.human = human;
  setup.opponent.kind = OpponentKind::Builtin;
  setup.opponent.builtinOptions = QStringLiteral("playouts=200");
  return setup;
}

// tengen-fake-model-server (apps/fake_model_server/) as a child process; each line of the script answers one request
// (the last one repeats). `models` is what it lists at GET /v1/models ("none": it answers 404 there).
class FakeModelServer {
 public:
  explicit FakeModelServer(const QStringList& script, const QString& models = QStringLiteral("fake")) {
    QFile file(m_dir.filePath(QStringLiteral("script.jsonl")));
    if (file.open(QIODevice::WriteOnly)) file.write(script.join(QLatin1Char('\n')).toUtf8() + '\n');
    file.close();
    QDir(m_dir.path()).mkdir(QStringLiteral("requests"));
    m_process.start(QStringLiteral(TENGEN_FAKE_MODEL_SERVER),
                    {QStringLiteral("--script"), file.fileName(), QStringLiteral("--record"),
                     m_dir.filePath(QStringLiteral("requests")), QStringLiteral("--models"), models});
    m_process.waitForStarted(kTimeoutMs);
    while (!m_process.canReadLine() && m_process.waitForReadyRead(kTimeoutMs)) {
    }
    m_port = m_process.readLine().trimmed().toInt();
  }
  ~FakeModelServer() {
    m_process.kill();
    m_process.waitForFinished(kTimeoutMs);
  }
  int port() const { return m_port; }
  QString baseUrl() const { return QStringLiteral("http://127.0.0.1:%1/v1").arg(m_port); }
  int requestsReceived() const {
    return static_cast<int>(
        QDir(m_dir.filePath(QStringLiteral("requests"))).entryList({QStringLiteral("*.body")}, QDir::Files).size());
  }

 private:
  QTemporaryDir m_dir;
  QProcess m_process;
  int m_port = 0;
};

inline GameSetup modelSetup(const FakeModelServer& server, Color human = Color::Black) {
  GameSetup setup = quickSetup(human);
  setup.opponent.kind = OpponentKind::Model;
  setup.opponent.modelUrl = server.baseUrl();
  setup.opponent.modelName = QStringLiteral("scripted");
  setup.opponent.modelImage = false;
  setup.opponent.maxRetries = 4;
  return setup;
}

// The scripted GTP engine of tests/gtp as the opponent, answering `genmoves` ("C3,G7") in turn.
inline GameSetup fakeGtpSetup(const QString& genmoves, Color human = Color::Black) {
  GameSetup setup = quickSetup(human);
  setup.opponent.kind = OpponentKind::Gtp;
  setup.opponent.gtpCommand = QStringLiteral(TENGEN_FAKE_GTP_ENGINE) + QStringLiteral(" --genmove ") + genmoves;
  return setup;
}

// A left click on a board point, where the board widget draws it.
inline void clickPoint(MainWindow& window, Point p) {
  BoardWidget* board = window.board();
  QTest::mouseClick(board, Qt::LeftButton, Qt::NoModifier, board->centerOf(p).toPoint());
}

// "D4" on a board of the given size.
inline Point at(const char* vertex, int size = 9) {
  const Result<ParsedVertex> parsed = parseGtpVertex(vertex, size);
  return parsed ? parsed->point : Point{-1, -1};
}

// Waits until the game has `count` moves and the AI is not thinking.
inline bool waitForMoves(const GameController& controller, int count) {
  return QTest::qWaitFor([&] { return controller.model().game().moveCount() >= count && !controller.ai().thinking(); },
                         kTimeoutMs);
}

// A 19x19 record of `pairs` black and white moves on rows of their own (Black from C3 along the third and fifth
// lines, White along the seventeenth and fifteenth), longer than a move tree shows at once.
inline QByteArray longRecord(int pairs) {
  QByteArray record = "(;GM[1]FF[4]SZ[19]KM[7.5]";
  for (int i = 0; i < pairs; ++i) {
    const char column = static_cast<char>('a' + i % 19);
    record += QByteArray(";B[") + column + static_cast<char>('c' + i / 19 * 2) + "]";
    record += QByteArray(";W[") + column + static_cast<char>('q' - i / 19 * 2) + "]";
  }
  return record + ")";
}

// Waits until no AI request or estimate is left running, cancelled ones included, so that a test ends with its
// threads.
inline bool waitForWorkers() {
  return QTest::qWaitFor([] { return runningBackgroundThreads() == 0; }, kTimeoutMs);
}

}  // namespace tengen::qt::test
