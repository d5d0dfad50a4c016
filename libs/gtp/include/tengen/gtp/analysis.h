// What the analysis commands for GUIs (lz-analyze, kata-analyze and the genmove_analyze pair) print: a search's
// report (tengen/core/search_report.h), its candidates, ownership and score. The search behind them is the
// application's (it wires the built-in engine's), so this library stays free of any engine. Commands and formats:
// docs/gtp.md.
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <stop_token>

#include "tengen/core/game.h"
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

}  // namespace tengen::gtp
