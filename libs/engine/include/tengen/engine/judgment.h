// The engine's judgment of a position in play: for every point the chance that it ends Black's or White's, the
// expected score under the game's rules and the chains that are probably dead, read from the built-in engine's own
// search (one tree, one thread, a fixed seed and playout budget), and the live analysis GUIs show (candidates with
// their winning rates, visits and lines). A finished position is counted by tengen::core's analysis instead
// (analysis.h); judge() chooses. How it is read: docs/scoring.md.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <stop_token>
#include <vector>

#include "tengen/core/analysis.h"
#include "tengen/core/game.h"
#include "tengen/core/search_report.h"
#include "tengen/core/types.h"
#include "tengen/engine/config.h"

namespace tengen::engine {

// A chain is probably dead when the opponent owns its points with probability at least 0.8 on average: an ownership
// value (P(Black) - P(White), from -1 to 1) of at least this toward the opponent.
inline constexpr double kDeadOwnership = 0.6;
// A point is someone's likely owner's (the ownership letters, the board drawn by `tengen play`'s score) when its
// ownership value is at least this toward them: a chance of 0.65 or more.
inline constexpr double kLikelyOwnership = 0.3;
// A point is settled when core's reading of the board as finished and the estimate give it to the same side, the
// estimate with at least this value (a chance of 0.8).
inline constexpr double kSettledOwnership = 0.6;

// The seed of every judgment: fixed, so the same position always gives the same answer.
inline constexpr std::uint64_t kJudgmentSeed = 0x6A75646765ULL;

// The network's share of the live analysis's values (each playout's result) and of its ownership and score leads,
// where the network judges the board's size: measured against the playouts alone in docs/benchmarks.md ("The
// judgment heads").
inline constexpr double kAnalysisNetShare = 0.5;

struct JudgmentOptions {
  // Playouts of an estimate; 0: the default for the position (estimatePlayouts).
  long playouts = 0;
  std::uint64_t seed = kJudgmentSeed;
  // What the search searches with (config.h): its priors (`moveModel`, `policyNet`), its playouts' tactics and its
  // tree statistics; its budget, threads, seed and the keys of genmove alone are not read. The judgment preset: the
  // estimate of the score and ownership keeps to the move model's priors.
  EngineOptions search = presets::judgment();

  // The live analysis GUIs show: the judgment preset with the policy network's priors at the root and the nodes
  // visited often, as the engine's own search has them, and kAnalysisNetShare of the network's judgment.
  static JudgmentOptions forAnalysis(std::uint64_t seed);
};

// The default playout budget of an estimate, fixed by the board size and the empty points alone: a 19x19 estimate
// takes at most about 300 ms on one core, a 9x9 one about 50 ms (docs/benchmarks.md).
long estimatePlayouts(const Game& game);

// One tree searched for the side to move (or `toMove`, out of turn) with every playout's end collected: the engine's
// reading of a position, grown as long as the caller asks. One thread; deterministic for a seed and a playout count.
class AnalysisSearch {
 public:
  // Precondition: the game is in play.
  AnalysisSearch(const Game& game, Color toMove, const JudgmentOptions& options = {});
  ~AnalysisSearch();
  AnalysisSearch(AnalysisSearch&&) noexcept;
  AnalysisSearch& operator=(AnalysisSearch&&) noexcept;

  // Runs `playouts` more playouts; when `stop` is given it is asked every 16 playouts and ends the run early when it
  // answers true. Returns how many ran.
  long run(long playouts, const std::function<bool()>& stop = {});

  // The candidates (at most `maxCandidates`, each with a line of at most `maxLine` moves) and the ownership so far.
  SearchReport report(int maxCandidates, int maxLine = 10) const;

  // The estimate so far, as core's Analysis reads (final false): ownership values, the owner of each point by
  // kLikelyOwnership, the chains dead by kDeadOwnership and the seki among the rest (core's structural test), and
  // the expected score rounded to whole points before komi (so `B+3.5` with komi 7.5).
  Analysis judgment() const;

  long playouts() const;

 private:
  struct State;
  std::unique_ptr<State> m_state;
};

// The estimate of a position in play: an AnalysisSearch for the side to move, run for options.playouts (or the
// default budget), judged. Deterministic: the same position, rules and options give the same answer.
Analysis estimate(const Game& game, const JudgmentOptions& options = {});
// The same for `toMove`, whether or not it is its turn (GTP's genmove may ask out of turn). A stop requested through
// `stop` ends the search early (within 16 playouts): the estimate is then of the playouts run so far, which nobody
// should show as the estimate; callers stop it when nobody is waiting for it any more.
Analysis estimate(const Game& game, Color toMove, const JudgmentOptions& options = {},
                  const std::stop_token& stop = {});

// The judgment every consumer shows: core's count (analysis.h) when it reads the game as finished (two passes, or a
// board with nothing left to play: docs/scoring.md), else estimate(game) (final false). A game ended by resignation
// or on time keeps its result ("W+R", "B+T", final true) with the judgment of the position as it stood.
// `stop` as estimate's; `options` is the estimate's (a measurement may search with another preset).
Analysis judge(const Game& game, const std::stop_token& stop = {}, const JudgmentOptions& options = {});

// Per point, row-major: whether playing on can no longer change who it counts for, given core's reading of the game's
// board as finished and an estimate of the same position. Seki stones and the empty points beside them are settled
// (found structurally, as core finds them); so is dame under territory scoring, where filling it gains nothing (under
// area scoring it is worth a point to whoever fills it); a point core gives to a side is when the estimate gives it
// to the same side by at least kSettledOwnership; any other point (an open border) is not.
std::vector<bool> settledPoints(const Analysis& asFinished, const Analysis& estimated, const Game& game);

}  // namespace tengen::engine
