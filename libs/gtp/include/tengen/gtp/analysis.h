// What the analysis commands for GUIs (lz-analyze, kata-analyze and the genmove_analyze pair) print: a search's
// report (tengen/core/search_report.h), its candidates, ownership and score. The search behind them is the
// application's (it wires the built-in engine's), so this library stays free of any engine. Commands and formats:
// docs/gtp.md.
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <stop_token>
#include <string>
#include <string_view>

#include "tengen/core/game.h"
#include "tengen/core/result.h"
#include "tengen/core/search_report.h"
#include "tengen/core/types.h"

namespace tengen::gtp {

// A live analysis of one position (lz-analyze, kata-analyze): a search grown between the updates the controller
// sees.
class Analyzer {
 public:
  virtual ~Analyzer() = default;
  // Runs at most `playouts` more playouts, ending early once `stop` answers true (it is asked every few
  // milliseconds at most). Returns how many ran: at least one, unless the search can grow no further, then 0.
  virtual long search(long playouts, const std::function<bool()>& stop) = 0;
  // The candidates so far (at most `maxCandidates`), the ownership and the scores.
  virtual SearchReport report(int maxCandidates) const = 0;
};

// Starts an analysis of `game` (in play) for `toMove`. The game is only valid during the call.
using AnalyzeHook = std::function<std::unique_ptr<Analyzer>(const Game& game, Color toMove)>;

// What a genmove asks of the AI besides the move: reports of its search while it thinks (genmove_analyze), about
// every `interval`. An empty `report` asks for none; a move source that cannot report ignores it. When a stop is
// requested through `interrupt` (the controller's `# interrupt` line), the move is wanted now: an AI that can answers
// at once with the best move it has found, one that cannot ignores it.
struct MoveProgress {
  std::function<void(const SearchReport&)> report;
  std::chrono::milliseconds interval{0};
  std::stop_token interrupt{};
};

// An engine behind this one whose own analysis commands are passed through to it (`tengen gtp --engine gtp:...`
// when that engine lists them): their streamed responses come from it, line by line.
class AnalysisRelay {
 public:
  // How a relayed command ended: `accepted` false when the engine refused it, with its message.
  struct Outcome {
    bool accepted = true;
    std::string refusal;
  };

  virtual ~AnalysisRelay() = default;
  // Whether the engine behind lists `command` (lz-analyze, kata-analyze, lz-genmove_analyze, kata-genmove_analyze).
  // An engine that cannot be asked lists nothing.
  virtual bool relays(std::string_view command) = 0;
  // Brings the engine to `game`, sends `command` (its name and arguments, without an id) and hands every line of its
  // streamed response after the `=` line to `line`, until `stop` answers true (asked after each line and at least
  // every 50 ms), then ends the stream before anything else is sent to the engine; or until the response ends on its
  // own (the genmove_analyze pair, with `play VERTEX` as its last line). Fails when the engine cannot be brought to
  // the position, crashes or hangs. Precondition: the game is in play.
  virtual Result<Outcome> relay(const Game& game, std::string_view command,
                                const std::function<void(std::string_view line)>& line,
                                const std::function<bool()>& stop) = 0;
};

}  // namespace tengen::gtp
