// A game over the client's model library, for the kill test: plays the given points as Black against the built-in
// engine, autosaving after every move, prints "moves N", "board BASE64" and "ready", and then waits to be killed.
//
//   qt_autosave_child --autosave PATH D4 E5 ...
#include <QCoreApplication>
#include <QEventLoop>
#include <QTextStream>
#include <QTimer>
#include <cstdio>

#include "tengen/core/coords.h"

#include "model/game_controller.h"

using namespace tengen;
using namespace tengen::qt;

int main(int argc, char** argv) {
  QCoreApplication app(argc, argv);
  QStringList args = QCoreApplication::arguments().mid(1);
  if (args.size() < 2 || args.front() != QLatin1String("--autosave")) {
    std::fprintf(stderr, "usage: qt_autosave_child --autosave PATH VERTEX...\n");
    return 2;
  }
  ControllerOptions options;
  options.autosavePath = args.at(1);
  GameController controller(options);
  GameSetup setup;
  setup.config.size = 9;
  setup.opponent.builtinOptions = QStringLiteral("playouts=200");
  controller.newGame(setup);

  QTextStream out(stdout);
  for (const QString& vertex : args.mid(2)) {
    const Result<ParsedVertex> parsed = parseGtpVertex(vertex.toStdString(), 9);
    if (!parsed || parsed->kind != MoveKind::Play) return 2;
    controller.clickPoint(parsed->point);
    // Until the engine has answered (or the game is no longer in play).
    QEventLoop loop;
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
      if (!controller.ai().thinking()) loop.quit();
    });
    poll.start(10);
    loop.exec();
  }
  // The board goes out as one line so that the test can compare what comes back with what was played.
  const QByteArray board = QByteArray::fromStdString(controller.model().game().board().toAscii()).toBase64();
  out << "moves " << controller.model().game().moveCount() << "\nboard " << board << "\nready" << Qt::endl;
  return QCoreApplication::exec();
}
