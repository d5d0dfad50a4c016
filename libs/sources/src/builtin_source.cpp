#include "builtin_source.h"

#include <algorithm>
#include <chrono>
#include <optional>
#include <stop_token>
#include <utility>

#include "tengen/core/coords.h"
#include "tengen/engine/config.h"

namespace tengen::sources {

namespace {

using ai::Answer;
using ai::MovePurpose;
using ai::MoveRequest;

// Time management. In main time the clock is shared among the moves still to come, estimated as a third of the
// empty points (19x19 from empty: 120, about each side's share of a 250-move game; 9x9: 27 of about 35) and never
// fewer than 8. Each move takes a share of what is left, so a game longer than guessed slows the spending down
// rather than running out. A tenth of each share is kept back for what the clock sees and the search does not:
// the GTP round trip, the referee, thread start-up.
constexpr double kMinMovesLeft = 8;
constexpr double kEmptyPointsPerMove = 3;
constexpr double kSafetyShare = 0.9;
// In byo-yomi the period's time is split evenly among its stones; losing the period loses the game, so besides
// the share a fixed margin covers a slow round trip.
constexpr double kByoYomiMarginSeconds = 0.15;
// Even a nearly empty clock gets a few playouts' worth of search rather than an arbitrary move.
constexpr double kMinSeconds = 0.02;

}  // namespace

Result<engine::EngineOptions> parseBuiltinSpec(std::string_view spec, std::uint64_t seed, double defaultResign) {
  using R = Result<engine::EngineOptions>;
  // Every consumer that asks the engine for a move runs the play preset, with the caller's seed and resignation.
  engine::EngineOptions options = engine::presets::play();
  options.seed = seed;
  options.resignThreshold = defaultResign;
  if (spec == "builtin") return options;
  if (spec.substr(0, 8) != "builtin:") return R::failure("not a builtin spec");
  const std::string_view rest = spec.substr(8);
  if (rest.empty()) return R::failure("builtin: needs key=value options after the colon, e.g. builtin:playouts=5000");
  return engine::parseConfig(rest, options);
}

double clockBudget(double secondsLeft, int stones, const Game& game, double maxSeconds) {
  const double left = std::max(0.0, secondsLeft);
  double budget = 0;
  if (stones > 0) {
    budget = left / stones * kSafetyShare - kByoYomiMarginSeconds;
  } else {
    const double movesLeft = std::max(kMinMovesLeft, game.board().emptyCount() / kEmptyPointsPerMove);
    budget = left / movesLeft * kSafetyShare;
  }
  if (maxSeconds > 0) budget = std::min(budget, maxSeconds);
  return std::max(kMinSeconds, budget);
}

double clockBudget(const TimeLeft& clock, const TimeControl& control, const Game& game, double maxSeconds) {
  const double stretchSeconds = static_cast<double>(clock.stretchMs(control)) / 1000.0;
  double budget = clockBudget(stretchSeconds, clock.stretchStones(control), game, 0);
  const bool overtimeFollows =
      control.kind == TimeControl::Kind::ByoYomi || control.kind == TimeControl::Kind::Canadian;
  if (overtimeFollows && !clock.inOvertime(control) && !clock.flagged) {
    // A move in main time may also take what one move of the overtime would: what it takes beyond the main time
    // comes out of the first period, which holds that much for its first stone. So the main time is spent, and the
    // overtime reached, in a game as long as guessed.
    const int stones = control.kind == TimeControl::Kind::ByoYomi ? 1 : std::max(1, control.stones);
    budget += std::max(0.0, control.periodSeconds / static_cast<double>(stones) * kSafetyShare - kByoYomiMarginSeconds);
  }
  if (maxSeconds > 0) budget = std::min(budget, maxSeconds);
  return budget;
}

Result<std::unique_ptr<BuiltinSource>> BuiltinSource::make(std::string_view spec, const SourceOptions& options) {
  Result<engine::EngineOptions> parsed = parseBuiltinSpec(spec, options.seed, options.builtinResign);
  if (!parsed) return Result<std::unique_ptr<BuiltinSource>>::failure(parsed.error());
  return std::unique_ptr<BuiltinSource>(new BuiltinSource(std::string(spec), *parsed));
}

Result<Answer> BuiltinSource::propose(const MoveRequest& request) {
  const auto start = std::chrono::steady_clock::now();
  std::optional<double> seconds;
  if (request.clock) seconds = clockBudget(*request.clock, request.timeControl, *request.game, m_maxSeconds);
  // The reports go to this request only: the engine forgets the callback however genmove ends.
  struct ProgressScope {
    engine::Engine& engine;
    ~ProgressScope() { engine.setProgress({}, std::chrono::milliseconds(0)); }
  } scope{m_engine};
  m_engine.setProgress(request.progress.report, request.progress.interval);
  // The search stops for either: a cancel gives the move up, an interrupt wants the best move so far.
  std::stop_source stop;
  const std::stop_callback onCancel(request.cancel, [&stop] { stop.request_stop(); });
  const std::stop_callback onInterrupt(request.interrupt, [&stop] { stop.request_stop(); });
  const Move move = request.purpose == MovePurpose::Cleanup
                        ? m_engine.genmoveCleanup(*request.game, request.color, seconds, stop.get_token())
                        : m_engine.genmove(*request.game, request.color, seconds, stop.get_token());
  if (request.cancel.stop_requested()) {
    return Result<Answer>::failure("the search was stopped: nobody waits for the move", ErrorKind::Unreachable);
  }
  Answer answer;
  answer.text = gtpMove(move, request.game->size());
  answer.latencyMs = static_cast<long>(
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count());
  return answer;
}

}  // namespace tengen::sources
