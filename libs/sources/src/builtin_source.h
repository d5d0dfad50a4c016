// The `builtin` source: tengen's own engine (libs/engine), in process, answering GTP vertices.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "tengen/ai/move_source.h"
#include "tengen/core/time_control.h"
#include "tengen/engine/engine.h"
#include "tengen/sources/make_source.h"

namespace tengen::sources {

// Reads the options of `builtin` or `builtin:time=2,playouts=50000,threads=2,resign=0.1` on top of the seed.
// Keys: time (seconds per move, > 0), playouts (> 0; when only time is given the playouts are not limited),
// threads (1..64), resign (winning rate below which it resigns, 0..1, 0 never), reuse (0 or 1: keep the search
// tree between moves, default 1). `defaultResign` is the resign threshold when the spec sets none. Fails naming an
// unknown key or a bad value.
Result<engine::EngineOptions> parseBuiltinSpec(std::string_view spec, std::uint64_t seed, double defaultResign = 0);

// The seconds to think about one move in `game` with `secondsLeft` of the stretch that runs and `stones` to play in
// it (TimeLeft::stretchMs and stretchStones): in main time (stones 0) a safe share of what is left for the moves the
// empty points suggest are still to come; in byo-yomi the period's time per stone less a margin. Never more than
// maxSeconds when that is > 0, never less than a small minimum.
double clockBudget(double secondsLeft, int stones, const Game& game, double maxSeconds);

// The seconds to think about one move with `clock` left under `control`: clockBudget of the stretch that runs, and in
// main time with an overtime to follow, besides, what one move of a whole overtime period would get (the period's
// time per stone, one stone in byo-yomi, less the margin). Never more than maxSeconds when that is > 0.
double clockBudget(const TimeLeft& clock, const TimeControl& control, const Game& game, double maxSeconds);

class BuiltinSource final : public ai::MoveSource {
 public:
  static Result<std::unique_ptr<BuiltinSource>> make(std::string_view spec, const SourceOptions& options);

  std::string describe() const override { return m_spec; }

  // The engine's move for request.color as a GTP vertex, "pass" or "resign" (genmoveCleanup's for a cleanup, else
  // genmove's). Never fails. With request.clock the move's time budget comes from the clock and the request's time
  // control (clockBudget), never more than the spec's `time`; with request.progress the engine reports its search
  // while it thinks.
  Result<ai::Answer> propose(const ai::MoveRequest& request) override;

 private:
  BuiltinSource(std::string spec, const engine::EngineOptions& options)
      : m_spec(std::move(spec)), m_maxSeconds(options.seconds), m_engine(options) {}

  std::string m_spec;
  double m_maxSeconds;  // the spec's `time`, 0 when none
  engine::Engine m_engine;
};

}  // namespace tengen::sources
