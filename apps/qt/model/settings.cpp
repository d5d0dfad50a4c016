#include "model/settings.h"

#include <QFileInfo>
#include <QStandardPaths>
#include <optional>
#include <utility>

#include "tengen/ai/error_log.h"
#include "tengen/core/rules.h"

namespace tengen::qt {

namespace {

constexpr int kDefaultSize = 19;

// The words the settings keep for each kind of time control.
constexpr std::pair<TimeControl::Kind, const char*> kTimeKindNames[] = {{TimeControl::Kind::None, "none"},
                                                                        {TimeControl::Kind::Absolute, "absolute"},
                                                                        {TimeControl::Kind::ByoYomi, "byoyomi"},
                                                                        {TimeControl::Kind::Canadian, "canadian"}};

QString timeKindName(TimeControl::Kind kind) {
  for (const auto& [k, name] : kTimeKindNames) {
    if (k == kind) return QString::fromLatin1(name);
  }
  return QStringLiteral("none");
}

// The numbers of a time control, their keys and what they are before anything is stored (10 minutes, then 5
// periods of 30 s or 25 stones in 30 s).
struct TimeField {
  const char* key;
  int TimeControl::*member;
  int byDefault;
};
constexpr TimeField kTimeFields[] = {{"time/mainSeconds", &TimeControl::mainSeconds, 600},
                                     {"time/periodSeconds", &TimeControl::periodSeconds, 30},
                                     {"time/periods", &TimeControl::periods, 5},
                                     {"time/stones", &TimeControl::stones, 25}};

// Unknown words are no clock.
TimeControl::Kind timeKindFromName(const QString& name) {
  for (const auto& [k, word] : kTimeKindNames) {
    if (name == QLatin1String(word)) return k;
  }
  return TimeControl::Kind::None;
}

}  // namespace

GameSetup Settings::lastSetup() const {
  GameSetup setup;
  const int size = m_store.value(QStringLiteral("game/size"), kDefaultSize).toInt();
  setup.config.size = size >= Board::kMinSize && size <= Board::kMaxSize ? size : kDefaultSize;
  const std::optional<Rules> rules =
      parseRules(m_store.value(QStringLiteral("game/rules"), QStringLiteral("chinese")).toString().toStdString());
  setup.config.rules = rules.value_or(Rules::Chinese);
  if (m_store.contains(QStringLiteral("game/komi"))) {
    setup.config.komi = m_store.value(QStringLiteral("game/komi")).toDouble();
  }
  setup.config.handicap = m_store.value(QStringLiteral("game/handicap"), 0).toInt();
  // A stored handicap that no longer fits the size must not make an invalid game.
  if (!Game::validate(setup.config)) setup.config.handicap = 0;
  setup.human = m_store.value(QStringLiteral("game/human"), QStringLiteral("B")).toString() == QLatin1String("W")
                    ? Color::White
                    : Color::Black;
  OpponentConfig& o = setup.opponent;
  o.kind = kindFromName(m_store.value(QStringLiteral("opponent/kind")).toString());
  o.builtinOptions = m_store.value(QStringLiteral("opponent/builtinOptions")).toString();
  o.gtpCommand =
      m_store.value(QStringLiteral("opponent/gtpCommand"), QStringLiteral("/usr/games/gnugo --mode gtp --level 1"))
          .toString();
  o.modelUrl =
      m_store.value(QStringLiteral("opponent/modelUrl"), QStringLiteral("http://127.0.0.1:8000/v1")).toString();
  o.modelName = m_store.value(QStringLiteral("opponent/modelName")).toString();
  o.modelImage = m_store.value(QStringLiteral("opponent/modelImage"), true).toBool();
  o.remoteUrl = m_store.value(QStringLiteral("opponent/remoteUrl"), QStringLiteral("http://127.0.0.1:8080")).toString();
  o.timeoutSeconds = m_store.value(QStringLiteral("opponent/timeoutSeconds"), 60.0).toDouble();
  o.maxRetries = m_store.value(QStringLiteral("opponent/maxRetries"), 4).toInt();
  TimeControl& t = setup.timeControl;
  t.kind = timeKindFromName(m_store.value(QStringLiteral("time/kind")).toString());
  for (const TimeField& field : kTimeFields) {
    t.*field.member = m_store.value(QLatin1String(field.key), field.byDefault).toInt();
  }
  // Stored values that no clock can play must not make a game that cannot start.
  if (!checkTimeControl(t).empty()) t = {};
  setup.loseOnTime = m_store.value(QStringLiteral("time/loseOnTime"), true).toBool();
  return setup;
}

void Settings::setLastSetup(const GameSetup& setup) {
  m_store.setValue(QStringLiteral("game/size"), setup.config.size);
  m_store.setValue(QStringLiteral("game/rules"), QString::fromUtf8(std::string(ruleSet(setup.config.rules).name)));
  if (setup.config.komi) {
    m_store.setValue(QStringLiteral("game/komi"), *setup.config.komi);
  } else {
    m_store.remove(QStringLiteral("game/komi"));
  }
  m_store.setValue(QStringLiteral("game/handicap"), setup.config.handicap);
  m_store.setValue(QStringLiteral("game/human"),
                   setup.human == Color::White ? QStringLiteral("W") : QStringLiteral("B"));
  const OpponentConfig& o = setup.opponent;
  m_store.setValue(QStringLiteral("opponent/kind"), kindName(o.kind));
  m_store.setValue(QStringLiteral("opponent/builtinOptions"), o.builtinOptions);
  m_store.setValue(QStringLiteral("opponent/gtpCommand"), o.gtpCommand);
  m_store.setValue(QStringLiteral("opponent/modelUrl"), o.modelUrl);
  m_store.setValue(QStringLiteral("opponent/modelName"), o.modelName);
  m_store.setValue(QStringLiteral("opponent/modelImage"), o.modelImage);
  m_store.setValue(QStringLiteral("opponent/remoteUrl"), o.remoteUrl);
  m_store.setValue(QStringLiteral("opponent/timeoutSeconds"), o.timeoutSeconds);
  m_store.setValue(QStringLiteral("opponent/maxRetries"), o.maxRetries);
  const TimeControl& t = setup.timeControl;
  m_store.setValue(QStringLiteral("time/kind"), timeKindName(t.kind));
  for (const TimeField& field : kTimeFields) m_store.setValue(QLatin1String(field.key), t.*field.member);
  m_store.setValue(QStringLiteral("time/loseOnTime"), setup.loseOnTime);
}

bool Settings::soundOn() const { return m_store.value(QStringLiteral("sound/on"), true).toBool(); }
void Settings::setSoundOn(bool on) { m_store.setValue(QStringLiteral("sound/on"), on); }

bool Settings::showMoveNumbers() const { return m_store.value(QStringLiteral("view/moveNumbers"), false).toBool(); }
void Settings::setShowMoveNumbers(bool on) { m_store.setValue(QStringLiteral("view/moveNumbers"), on); }

bool Settings::showCoordinates() const { return m_store.value(QStringLiteral("view/coordinates"), true).toBool(); }
void Settings::setShowCoordinates(bool on) { m_store.setValue(QStringLiteral("view/coordinates"), on); }

bool Settings::showScoreEstimate() const { return m_store.value(QStringLiteral("view/scoreEstimate"), false).toBool(); }
void Settings::setShowScoreEstimate(bool on) { m_store.setValue(QStringLiteral("view/scoreEstimate"), on); }

bool Settings::showAnalysis() const { return m_store.value(QStringLiteral("view/analysis"), false).toBool(); }
void Settings::setShowAnalysis(bool on) { m_store.setValue(QStringLiteral("view/analysis"), on); }

QString Settings::analysisEngine() const {
  return m_store.value(QStringLiteral("analysis/engine")).toString().trimmed();
}
void Settings::setAnalysisEngine(const QString& commandLine) {
  m_store.setValue(QStringLiteral("analysis/engine"), commandLine.trimmed());
}

QString Settings::errorLogPath() const {
  QString stored = m_store.value(QStringLiteral("paths/errorLog")).toString();
  if (!stored.isEmpty()) return stored;
  return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QLatin1Char('/') +
         QString::fromLatin1(ai::kErrorLogFileName.data(), static_cast<qsizetype>(ai::kErrorLogFileName.size()));
}
void Settings::setErrorLogPath(const QString& path) { m_store.setValue(QStringLiteral("paths/errorLog"), path); }

QString Settings::lastDirectory() const { return m_store.value(QStringLiteral("paths/lastDirectory")).toString(); }
void Settings::setLastDirectory(const QString& dir) { m_store.setValue(QStringLiteral("paths/lastDirectory"), dir); }

QStringList Settings::recentFiles() const {
  QStringList files = m_store.value(QStringLiteral("paths/recentFiles")).toStringList();
  files.removeAll(QString());
  files.removeDuplicates();
  return files.mid(0, kMaxRecentFiles);
}

void Settings::addRecentFile(const QString& path) {
  const QString absolute = QFileInfo(path).absoluteFilePath();
  QStringList files = recentFiles();
  files.removeAll(absolute);
  files.prepend(absolute);
  m_store.setValue(QStringLiteral("paths/recentFiles"), files.mid(0, kMaxRecentFiles));
}

void Settings::removeRecentFile(const QString& path) {
  QStringList files = recentFiles();
  files.removeAll(QFileInfo(path).absoluteFilePath());
  m_store.setValue(QStringLiteral("paths/recentFiles"), files);
}

void Settings::clearRecentFiles() { m_store.remove(QStringLiteral("paths/recentFiles")); }

QStringList Settings::consoleCommands() const {
  return m_store.value(QStringLiteral("console/allowedCommands")).toStringList();
}
void Settings::setConsoleCommands(const QStringList& words) {
  m_store.setValue(QStringLiteral("console/allowedCommands"), words);
}

QString Settings::language() const { return m_store.value(QStringLiteral("view/language")).toString(); }
void Settings::setLanguage(const QString& code) {
  if (code.isEmpty()) {
    m_store.remove(QStringLiteral("view/language"));
  } else {
    m_store.setValue(QStringLiteral("view/language"), code);
  }
}

bool Settings::showSidePanel() const { return m_store.value(QStringLiteral("view/sidePanel"), true).toBool(); }
void Settings::setShowSidePanel(bool on) { m_store.setValue(QStringLiteral("view/sidePanel"), on); }

QByteArray Settings::windowGeometry() const { return m_store.value(QStringLiteral("window/geometry")).toByteArray(); }
void Settings::setWindowGeometry(const QByteArray& geometry) {
  m_store.setValue(QStringLiteral("window/geometry"), geometry);
}
QByteArray Settings::windowState() const { return m_store.value(QStringLiteral("window/state")).toByteArray(); }
void Settings::setWindowState(const QByteArray& state) { m_store.setValue(QStringLiteral("window/state"), state); }

}  // namespace tengen::qt
