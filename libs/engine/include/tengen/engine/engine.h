// The built-in engine: Monte-Carlo tree search (UCT with RAVE) over light playouts with a little Go knowledge, its
// priors from a learned policy network and move model.
// It proposes moves; like every source it never plays anything itself. The dead stones and the score of a game in play
// are its judgment's (judgment.h: the estimate, from the same kind of search); a finished game is counted by
// tengen::core's analysis (analysis.h).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stop_token>
#include <vector>

#include "tengen/core/game.h"
#include "tengen/core/types.h"
#include "tengen/engine/config.h"
#include "tengen/engine/judgment.h"

namespace tengen::engine {

class PatternTable;

struct EngineStats {
  long playouts = 0;
  double seconds = 0;
  double playoutsPerSecond = 0;
  long visits = 0;        // root visits of the chosen move, summed over the trees (reused ones included)
  double winrate = 0;     // of the chosen move, for the side that moves; 0 when no search ran
  long reusedVisits = 0;  // visits under the root's children kept from earlier searches, summed over the trees
  double komi = 0;        // the komi the search counted with: the game's, plus dynamic komi in a handicap game
  // The network's evaluations the search asked for, and how many of them the evaluation cache answered.
  long evaluations = 0;
  long cacheHits = 0;
  // Seconds the search's threads waited, summed over them, for the only locks a playout may take: the network's
  // products, a slot of the evaluation cache, and the outcomes collected for progress reports.
  double networkWait = 0;
  double cacheWait = 0;
  double outcomesWait = 0;
};

// Forgets the policy network's answers that every search in the process shares (engine.md, **Evaluation cache**):
// a measurement that times the network calls it between its runs. Searches find the same answers either way.
void forgetEvaluations();

class Engine {
 public:
  explicit Engine(EngineOptions options);
  ~Engine();
  Engine(Engine&&) noexcept;
  Engine& operator=(Engine&&) noexcept;

  // A move for `color` in `game` (which may be asked out of turn, as GTP's genmove allows): a point legal by
  // Game::check (superko included), a pass, or a resignation when resignThreshold allows it. After the opponent's
  // pass, and once the board is half full, it first reads the end (judgment.h: core's reading of the board as
  // finished against its own estimate) and plays only on points that are not settled; it passes when none is left
  // (resigns instead when behind and resigning is on), when no legal point is left that does not fill its own eye,
  // and when the game is not in play. `seconds`, when given, is this call's
  // time budget in place of options.seconds (the playout limit still holds); the budget counts from the call, so
  // everything genmove does is inside it. With reuse, when `game` is the game of the last search plus one or more moves
  // (no pass among them) with the same size, komi and colour to search for, the search goes on from that node of the
  // old trees and `playouts` counts only the new playouts. Determinism, with only `playouts` limiting the search and
  // one thread: the same sequence of genmove calls on a fresh engine with the same options gives the same moves; with
  // reuse off the same options, game and colour always give the same move, whatever was asked before.
  // A stop requested through `stop`, from any thread, ends the search within a playout (and the end's reading within
  // 16 of its playouts) and the move is the best found so far: the one with the most visits after at least one
  // playout. The trees are kept for the next search as after any other.
  Move genmove(const Game& game, Color color, std::optional<double> seconds = std::nullopt,
               const std::stop_token& stop = {});

  // As genmove, for KGS's kgs-genmove_cleanup: the players disagreed about dead stones, so the game goes on and every
  // stone left on the board at its end counts as alive. It reads the end before every move (whatever endReading
  // says), the empty points beside the opponent's chains its estimate reads as dead count as not settled, and it
  // plays only on points that are not settled, as after the opponent's pass: it captures those chains before it
  // passes. It passes with such a chain left only when it can play on none of that chain's liberties (a ko it may
  // not take back yet, a liberty that would be suicide).
  Move genmoveCleanup(const Game& game, Color color, std::optional<double> seconds = std::nullopt,
                      const std::stop_token& stop = {});

  // Figures of the last genmove.
  EngineStats lastStats() const { return m_stats; }

  // Receives, while genmove searches, the first tree's report (its candidates, the ownership and the score of the
  // playouts since the search began) about every `interval`, on the searching thread, and once more when the
  // search ends. An empty function turns it off.
  using Progress = std::function<void(const SearchReport&)>;
  void setProgress(Progress progress, std::chrono::milliseconds interval) {
    m_progress = std::move(progress);
    m_progressInterval = interval;
  }

 private:
  // The trees of the last search and the game they were searched from (private: search.h is not public).
  struct Trees;

  // What a move is asked for: genmove's, or genmoveCleanup's.
  enum class Purpose : std::uint8_t { Play, Cleanup };
  Move chooseMove(const Game& game, Color color, std::optional<double> seconds, Purpose purpose,
                  const std::stop_token& stop);

  EngineOptions m_options;
  EngineStats m_stats;
  std::unique_ptr<Trees> m_trees;
  Progress m_progress;
  std::chrono::milliseconds m_progressInterval{0};
  // The 3x3 shape table, built once per engine; shared so the engine stays cheap to move.
  std::shared_ptr<const PatternTable> m_patterns;
};

}  // namespace tengen::engine
