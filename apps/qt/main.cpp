// tengen-qt [FILE.sgf] [--autosave PATH] [--settings FILE.ini] [--error-log PATH] [--lang CODE]: the desktop client.
#include <QApplication>
#include <QCommandLineParser>
#include <QSettings>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

#include "model/autosave.h"
#include "model/background.h"
#include "model/language.h"
#include "model/settings.h"
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

// The client's options, described in the language installed when it is called.
void addOptions(QCommandLineParser& parser) {
  parser.setApplicationDescription(
      QCoreApplication::translate("main", "Play Go against an engine or a model, every move refereed."));
  parser.addHelpOption();
  parser.addVersionOption();
  parser.addPositionalArgument(QStringLiteral("file"),
                               QCoreApplication::translate("main", "An SGF game record to open."),
                               QCoreApplication::translate("main", "[FILE.sgf]"));
  parser.addOption(QCommandLineOption(
      QStringLiteral("autosave"),
      QCoreApplication::translate(
          "main", "Where the game is saved after every move (default: the application data directory)."),
      QCoreApplication::translate("main", "PATH")));
  parser.addOption(
      QCommandLineOption(QStringLiteral("settings"),
                         QCoreApplication::translate("main", "Keep settings in this INI file instead of the user's."),
                         QCoreApplication::translate("main", "FILE")));
  parser.addOption(QCommandLineOption(QStringLiteral("error-log"),
                                      QCoreApplication::translate("main", "Where failed AI moves are logged."),
                                      QCoreApplication::translate("main", "PATH")));
  parser.addOption(QCommandLineOption(
      QStringLiteral("lang"),
      QCoreApplication::translate("main",
                                  "The language to speak: en, pt_BR or ja (default: the one chosen in "
                                  "View > Language, else the system's)."),
      QCoreApplication::translate("main", "CODE")));
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
  QApplication::setApplicationVersion(QStringLiteral(TENGEN_VERSION));
  // The installed menu entry (data/tengen-qt.desktop): Wayland compositors match the window to it by this name.
  QApplication::setDesktopFileName(QStringLiteral("tengen-qt"));

  // The language comes before --help is answered, so that the help is in it too: a first quiet pass reads only
  // --lang and --settings (docs/client.md, "Language").
  QCommandLineParser early;
  addOptions(early);
  early.parse(QCoreApplication::arguments());
  std::unique_ptr<QSettings> store =
      early.isSet(QStringLiteral("settings"))
          ? std::make_unique<QSettings>(early.value(QStringLiteral("settings")), QSettings::IniFormat)
          : std::make_unique<QSettings>();
  const QString wanted = early.isSet(QStringLiteral("lang")) ? early.value(QStringLiteral("lang"))
                                                             : tengen::qt::Settings(*store).language();
  tengen::qt::installTranslations(tengen::qt::chooseLanguage(wanted));

  QCommandLineParser parser;
  addOptions(parser);
  parser.process(app);

  tengen::qt::MainWindowOptions options;
  options.store = store.get();
  options.autosavePath = parser.isSet(QStringLiteral("autosave")) ? parser.value(QStringLiteral("autosave"))
                                                                  : tengen::qt::Autosave::defaultPath();
  options.errorLogPath = parser.value(QStringLiteral("error-log"));

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
