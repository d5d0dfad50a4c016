// The engine side of GTP v2: a game driven command by command, as GUIs (Sabaki, GoGui, Lizzie), bots (gtp2ogs) and
// tools drive engines. Moves, the judgment of a position (dead stones, the score) and the live analysis GUIs show
// come from hooks the application injects, so this library knows nothing of AIs. Commands and their answers:
// docs/gtp.md.
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tengen/core/analysis.h"
#include "tengen/core/game.h"
#include "tengen/core/time_control.h"
#include "tengen/core/types.h"
#include "tengen/gtp/analysis.h"

namespace tengen::gtp {

// What the AI answered for genmove: a move (a point, a pass or a resignation by the colour asked for), or why there
// is none. An error is answered `? ai failed: <error>` and the game is left as it was.
struct GenmoveReply {
  std::optional<Move> move;
  std::string error;
};

// Asks for a move by `color` in `game`; `progress` asks for reports of the search meanwhile (genmove_analyze), which
// a hook may ignore. The game is only valid during the call; the reports may come from another thread, one at a
// time, and none after the call returns.
using GenmoveHook = std::function<GenmoveReply(const Game& game, Color color, const MoveProgress& progress)>;

// The judgment of a position that final_score and final_status_list answer: the count of a finished game, the
// estimate of one in play (the application wires the built-in engine's, tengen/engine/judgment.h).
using JudgeHook = std::function<Analysis(const Game& game)>;

struct EngineOptions {
  std::string name = "tengen";
  std::string version;
  // What `version` answers when not empty, in place of `version` (an engine started as another program's stand-in,
  // `tengen gtp --override-version`); printsgf still names `version`.
  std::string versionAnswer;
  // Size, rules and komi of every new game (boardsize changes the size, komi the komi, tengen-rules the rules).
  // The handicap is ignored: GTP controllers place it with fixed_handicap or set_free_handicap.
  GameConfig game;
  // Without one, genmove answers `? ai failed: no move source`.
  GenmoveHook genmove;
  // kgs-genmove_cleanup's move, which KGS asks for once the players disagreed about dead stones: as genmove's, but
  // the AI is to capture the opponent's dead stones before it passes, since every stone left on the board at the end
  // counts as alive. Without one, kgs-genmove_cleanup answers `? ai failed: no move source`.
  GenmoveHook genmoveCleanup;
  // Without one, the score is core's reading of the board as finished (analysis.h), even mid-game.
  JudgeHook judge;
  // lz-analyze and kata-analyze; without one they answer `? analysis unavailable`.
  AnalyzeHook analyze;
  // What genmove's thinking is timed by, for the clocks the engine keeps: milliseconds from any fixed point. The
  // steady clock when unset; a test sets one to charge exact times.
  std::function<std::int64_t()> nowMs;
  // The engine behind this one, when the analysis commands it lists are passed through to it rather than answered
  // by `analyze` (and genmove_analyze's move is its move). Not owned; it outlives the Engine. Null: none.
  AnalysisRelay* relay = nullptr;
};

// time_settings, as given.
struct TimeSettings {
  long mainTime = 0;  // seconds
  long byoYomiTime = 0;
  long byoYomiStones = 0;  // 0 means no byo-yomi
};

// The control time_settings mean. GTP's byo-yomi is Canadian: byoYomiTime seconds for byoYomiStones stones. No
// byo-yomi time (or no stones) leaves absolute main time; byo-yomi time without stones, or no time at all, means no
// limit (Kind::None). Seconds beyond an int are read as the most an int holds.
TimeControl gtpTimeControl(const TimeSettings& settings);

// A colour's clock as the engine keeps it: what is left, under the control it runs by.
struct GameClock {
  TimeControl control;
  TimeLeft left;
  bool operator==(const GameClock&) const = default;
};

// The clock `time_left SECONDS STONES` states under `control` (gtpTimeControl of the settings, Kind::None before
// any): SECONDS of main time when STONES is 0, else of an overtime period with STONES stones still to play in it;
// whatever `control` has after the stretch stated is whole. Without a control, or with one that has no such stretch
// (stones under absolute time), the clock is read as that stretch alone: main time as absolute time, a period as
// Canadian overtime of its stones. Precondition: `seconds` has at most 12 digits, as the commands read it; negative
// seconds are read as 0, stones beyond an int as the most an int holds.
GameClock gtpTimeLeft(long seconds, long stones, const TimeControl& control);

class Engine {
 public:
  // Precondition: Game::validate(options.game) succeeds.
  explicit Engine(EngineOptions options);
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  // Answers one line of input with the whole framed response ("=id result\n\n" or "?id error\n\n"), or "" for a
  // line that GTP ignores (empty, blank or only a comment). Any bytes are accepted. The analysis commands, which
  // stream in a session, answer here with one update after a short search of a fixed size, then end.
  std::string answer(std::string_view line);

  // The longest line run() reads, far more than any command needs (set_free_handicap with every point of a 25x25
  // board is under 2.5 KB). A longer line is answered "? line too long" (with its id, if it has one): its bytes are
  // skipped, not kept, and the session goes on with the next line.
  static constexpr std::size_t kMaxLineBytes = std::size_t{1} << 20;

  // A session: reads lines from `in` until `quit` or the end of input and writes each response to `out`, flushed.
  // lz-analyze and kata-analyze write their updates as they come until the next line arrives (a thread of their
  // own reads it meanwhile); that line ends the stream, and is then answered as usual. The end of input during a
  // stream ends the stream and the session.
  void run(std::istream& in, std::ostream& out);

  // Whether `quit` has been answered.
  bool quitRequested() const;

  const Game& game() const;
  const std::optional<TimeSettings>& timeSettings() const;
  // `color`'s clock as the engine keeps it (docs/engine.md): set by time_settings, clear_board, boardsize and loadsgf
  // to the settings' whole time, by time_left to what it states, and charged with the engine's own thinking by every
  // genmove for that colour (kgs-genmove_cleanup and the genmove_analyze commands too, reg_genmove not). Nothing
  // when the colour is not timed: no time_settings and no time_left for it yet, or settings that mean no limit.
  std::optional<GameClock> clock(Color color) const;
  // What is left on that clock.
  std::optional<TimeLeft> timeLeft(Color color) const;

  // Every command the engine knows, in the order list_commands gives them.
  static std::vector<std::string_view> commandNames();

  struct State;

 private:
  std::unique_ptr<State> m_state;
};

}  // namespace tengen::gtp
