// tengen-qt [FILE.sgf] [--autosave PATH] [--settings FILE.ini] [--error-log PATH]: the desktop client.
#include <QApplication>
#include <QCommandLineParser>
#include <QSettings>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

#include "model/autosave.h"
#include "model/background.h"
#include "widgets/main_window.h"

namespace {

// Whether Qt has anything to open a window on: an X or Wayland display, a platform chosen by QT_QPA_PLATFORM, or
// one given with -platform. Without one Qt aborts with a message that suggests reinstalling.
bool haveDisplay(int argc, char** argv) {
  for (const char* name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"}) {
    const char* value = std::getenv(name);
    if (value != nullptr && *value != '\0') return true;
  }
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "-platform") == 0 || std::strcmp(argv[i], "--platform") == 0) return true;
  }
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  if (!haveDisplay(argc, argv)) {
    std::fputs(
        "tengen-qt: there is no display to open a window on (DISPLAY, WAYLAND_DISPLAY and QT_QPA_PLATFORM are not "
        "set); play in the terminal instead with: tengen play --size 9\n",
        stderr);
    return 2;
  }
  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("tengen"));
  QApplication::setApplicationName(QStringLiteral("tengen-qt"));
  QApplication::setApplicationVersion(QStringLiteral("0.1.0"));

  QCommandLineParser parser;
  parser.setApplicationDescription(QStringLiteral("Play Go against an engine or a model, every move refereed."));
  parser.addHelpOption();
  parser.addVersionOption();
  parser.addPositionalArgument(QStringLiteral("file"), QStringLiteral("An SGF game record to open."),
                               QStringLiteral("[FILE.sgf]"));
  const QCommandLineOption autosave(QStringLiteral("autosave"),
                                    QStringLiteral("Where the game is saved after every move (default: the "
                                                   "application data directory)."),
                                    QStringLiteral("PATH"));
  const QCommandLineOption settings(QStringLiteral("settings"),
                                    QStringLiteral("Keep settings in this INI file instead of the user's."),
                                    QStringLiteral("FILE"));
  const QCommandLineOption errorLog(QStringLiteral("error-log"), QStringLiteral("Where failed AI moves are logged."),
                                    QStringLiteral("PATH"));
  parser.addOption(autosave);
  parser.addOption(settings);
  parser.addOption(errorLog);
  parser.process(app);

  std::unique_ptr<QSettings> store = parser.isSet(settings)
                                         ? std::make_unique<QSettings>(parser.value(settings), QSettings::IniFormat)
                                         : std::make_unique<QSettings>();
  tengen::qt::MainWindowOptions options;
  options.store = store.get();
  options.autosavePath = parser.isSet(autosave) ? parser.value(autosave) : tengen::qt::Autosave::defaultPath();
  options.errorLogPath = parser.value(errorLog);

  tengen::qt::MainWindow window(options);
  const QStringList files = parser.positionalArguments();
  if (files.isEmpty()) {
    window.startUp();
  } else if (!window.openFile(files.first())) {
    // A record that cannot be read leaves the last game in place rather than an empty window.
    if (window.controller().model().game().moveCount() == 0) window.startUp();
  }
  window.show();
  const int status = QApplication::exec();
  // A stopped AI request may still be waiting for its model on a worker thread. Everything worth keeping (the
  // autosave, the settings) is on disk by now, so the process leaves without waiting for it or tearing down under it.
  if (tengen::qt::runningBackgroundThreads() > 0) std::_Exit(status);
  return status;
}
