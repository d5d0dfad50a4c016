// What the client remembers between runs, over a QSettings store the caller chooses (the user's by default, a
// temporary INI file in tests).
#pragma once

#include <QByteArray>
#include <QSettings>
#include <QString>
#include <QStringList>

#include "tengen/core/game.h"
#include "tengen/core/time_control.h"
#include "tengen/core/types.h"

#include "model/opponent_config.h"

namespace tengen::qt {

// 9x9 with the rule set's defaults: a first game that is quick to play.
inline GameConfig defaultGameConfig() {
  GameConfig config;
  config.size = 9;
  return config;
}

// What the new-game dialog asks for.
struct GameSetup {
  GameConfig config = defaultGameConfig();
  Color human = Color::Black;
  OpponentConfig opponent;
  TimeControl timeControl;  // Kind::None: no clocks
  bool loseOnTime = true;   // a fallen flag ends the game; otherwise it is shown and play goes on
};

class Settings {
 public:
  // Does not take ownership; the store must outlive this object.
  explicit Settings(QSettings& store) : m_store(store) {}

  // The last game's setup (size, komi, handicap, rules, colour, opponent), or the defaults: 19x19, chinese, black
  // against the built-in engine.
  GameSetup lastSetup() const;
  void setLastSetup(const GameSetup& setup);

  bool showMoveNumbers() const;
  void setShowMoveNumbers(bool on);

  bool showCoordinates() const;
  void setShowCoordinates(bool on);

  bool showScoreEstimate() const;
  void setShowScoreEstimate(bool on);

  // The analysis view (off by default).
  bool showAnalysis() const;
  void setShowAnalysis(bool on);

  // The external GTP engine the analysis view asks (its command line, as a `gtp:` engine's), or "" (the default)
  // for the built-in engine.
  QString analysisEngine() const;
  void setAnalysisEngine(const QString& commandLine);

  // Sounds: stones, captures, the clock's last seconds (on by default).
  bool soundOn() const;
  void setSoundOn(bool on);

  // Where failed AI moves are logged; defaults to AppDataLocation/tengen-errors.jsonl.
  QString errorLogPath() const;
  void setErrorLogPath(const QString& path);

  // The directory of the last SGF opened or saved.
  QString lastDirectory() const;
  void setLastDirectory(const QString& dir);

  // The SGF files last opened or saved, the latest first, at most kMaxRecentFiles, each once.
  static constexpr int kMaxRecentFiles = 8;
  QStringList recentFiles() const;
  // Puts `path` (made absolute) first, dropping its older entry and any beyond the limit.
  void addRecentFile(const QString& path);
  void removeRecentFile(const QString& path);
  void clearRecentFiles();

  // The language chosen in the menu, a code of kLanguages (model/language.h); "" for the system's.
  // The GTP commands the console also sends, besides those that leave every engine's game as it is (the engine's
  // own read-only commands, e.g. gnugo's estimate_score variants), as the person listed them.
  QStringList consoleCommands() const;
  void setConsoleCommands(const QStringList& words);

  QString language() const;
  void setLanguage(const QString& code);

  // Whether the side panel (the docks beside the board) is shown; it is by default.
  bool showSidePanel() const;
  void setShowSidePanel(bool on);

  QByteArray windowGeometry() const;
  void setWindowGeometry(const QByteArray& geometry);
  QByteArray windowState() const;
  void setWindowState(const QByteArray& state);

  void sync() { m_store.sync(); }

 private:
  QSettings& m_store;
};

}  // namespace tengen::qt
