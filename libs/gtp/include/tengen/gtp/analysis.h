// What the analysis commands for GUIs (lz-analyze, kata-analyze and the genmove_analyze pair) print: a search's
// candidates, ownership and score, in GTP's own types. The search behind them is the application's (it wires the
// built-in engine's), so this library stays free of any engine. Commands and formats: docs/gtp.md.
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <stop_token>
#include <vector>

#include "tengen/core/game.h"
#include "tengen/core/types.h"

namespace tengen::gtp {

// One candidate move of an analysis.
struct AnalysisCandidate {
  Move move;             // a play by the side analysed
  long visits = 0;       // playouts through it
  double winrate = 0;    // for the side analysed, 0..1
  double lcb = 0;        // a lower confidence bound of the winning rate, 0..1
  double scoreLead = 0;  // the expected margin for the side analysed, in points
  double prior = 0;      // the move's prior probability among the candidates, 0..1
  std::vector<Move> pv;  // the most visited line, the move itself first
};

// Where an analysis stands.
struct AnalysisReport {
  Color toMove = Color::Black;  // the side analysed: every winning rate and score is for it
  long playouts = 0;
  double winrate = 0.5;
  double scoreLead = 0;
  std::vector<AnalysisCandidate> candidates;  // the most visited first
  // Per point, row-major from the top-left: from -1 (always White's at the end) to 1 (always Black's); empty when
  // the search has none.
  std::vector<float> ownership;
};

// A live analysis of one position (lz-analyze, kata-analyze): a search grown between the updates the controller
// sees.
class Analyzer {
 public:
  virtual ~Analyzer() = default;
  // Runs at most `playouts` more playouts, ending early once `stop` answers true (it is asked every few
  // milliseconds at most). Returns how many ran: at least one, unless the search can grow no further, then 0.
  virtual long search(long playouts, const std::function<bool()>& stop) = 0;
  // The candidates so far (at most `maxCandidates`), the ownership and the scores.
  virtual AnalysisReport report(int maxCandidates) const = 0;
};

// Starts an analysis of `game` (in play) for `toMove`. The game is only valid during the call.
using AnalyzeHook = std::function<std::unique_ptr<Analyzer>(const Game& game, Color toMove)>;

// What a genmove asks of the AI besides the move: reports of its search while it thinks (genmove_analyze), about
// every `interval`. An empty `report` asks for none; a move source that cannot report ignores it. When a stop is
// requested through `interrupt` (the controller's `# interrupt` line), the move is wanted now: an AI that can answers
// at once with the best move it has found, one that cannot ignores it.
struct MoveProgress {
  std::function<void(const AnalysisReport&)> report;
  std::chrono::milliseconds interval{0};
  std::stop_token interrupt{};
};

}  // namespace tengen::gtp
