#include "builtin_source.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <iterator>
#include <optional>
#include <stop_token>
#include <system_error>
#include <utility>

#include "tengen/core/coords.h"

namespace tengen::ai {

namespace {

constexpr int kMaxThreads = 64;
constexpr const char* kKeys =
    "(keys: time, playouts, threads, parallel, resign, reuse, model, net, puct, value, fights, nakade, replies, "
    "races, ownshape, atari, selfatari, ko, ravedist, crit, endgame)";

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

template <typename T>
bool parseNumber(std::string_view text, T& out) {
  const char* end = text.data() + text.size();
  const std::from_chars_result r = std::from_chars(text.data(), end, out);
  return r.ec == std::errc() && r.ptr == end;
}

// The keys that turn a piece of the engine on (1) or off (0), and the option each sets.
struct Switch {
  std::string_view key;
  bool engine::EngineOptions::*member;
};
constexpr Switch kSwitches[] = {
    {"reuse", &engine::EngineOptions::reuse},
    {"model", &engine::EngineOptions::moveModel},
    {"net", &engine::EngineOptions::policyNet},
    {"puct", &engine::EngineOptions::netExploration},
    {"fights", &engine::EngineOptions::playoutFights},
    {"nakade", &engine::EngineOptions::playoutNakade},
    {"replies", &engine::EngineOptions::playoutReplies},
    {"races", &engine::EngineOptions::playoutRaces},
    {"ownshape", &engine::EngineOptions::playoutOwnShape},
    {"endgame", &engine::EngineOptions::endReading},
};

}  // namespace

Result<engine::EngineOptions> parseBuiltinSpec(std::string_view spec, std::uint64_t seed, double defaultResign) {
  using R = Result<engine::EngineOptions>;
  engine::EngineOptions options;
  options.seed = seed;
  options.resignThreshold = defaultResign;
  if (spec == "builtin") return options;
  if (spec.substr(0, 8) != "builtin:") return R::failure("not a builtin spec");
  std::string_view rest = spec.substr(8);
  if (rest.empty()) return R::failure("builtin: needs key=value options after the colon, e.g. builtin:playouts=5000");
  bool playoutsGiven = false;
  // Every comma-separated item must be key=value, so an empty one (a stray comma) is refused too.
  for (bool more = true; more;) {
    const std::size_t comma = rest.find(',');
    const std::string_view item = rest.substr(0, comma);
    more = comma != std::string_view::npos;
    if (more) rest = rest.substr(comma + 1);
    const std::size_t eq = item.find('=');
    if (eq == std::string_view::npos) {
      return R::failure("option '" + std::string(item) + "' is not key=value " + kKeys);
    }
    const std::string_view key = item.substr(0, eq);
    const std::string_view value = item.substr(eq + 1);
    auto bad = [&](std::string_view wanted) {
      return R::failure("bad value '" + std::string(value) + "' for " + std::string(key) + ": " + std::string(wanted));
    };
    if (const auto on =
            std::find_if(std::begin(kSwitches), std::end(kSwitches), [&](const Switch& sw) { return sw.key == key; });
        on != std::end(kSwitches)) {
      if (value != "0" && value != "1") return bad("0 or 1");
      options.*(on->member) = value == "1";
    } else if (key == "time") {
      double seconds = 0;
      if (!parseNumber(value, seconds) || !std::isfinite(seconds) || seconds <= 0) return bad("seconds > 0");
      options.seconds = seconds;
    } else if (key == "playouts") {
      long playouts = 0;
      if (!parseNumber(value, playouts) || playouts <= 0) return bad("a whole number > 0");
      options.playouts = playouts;
      playoutsGiven = true;
    } else if (key == "threads") {
      int threads = 0;
      if (!parseNumber(value, threads) || threads < 1 || threads > kMaxThreads) return bad("a whole number 1..64");
      options.threads = threads;
    } else if (key == "resign") {
      double threshold = 0;
      if (!parseNumber(value, threshold) || !(threshold >= 0 && threshold < 1)) return bad("a winning rate 0..1");
      options.resignThreshold = threshold;
    } else if (key == "value") {
      double mix = 0;
      if (!parseNumber(value, mix) || !(mix >= 0 && mix <= 1)) return bad("a share 0..1");
      options.valueMix = mix;
    } else if (key == "parallel") {
      if (value != "tree" && value != "root") return bad("tree or root");
      options.sharedTree = value == "tree";
    } else if (key == "atari" || key == "selfatari" || key == "ko") {
      int percent = 0;
      if (!parseNumber(value, percent) || percent < 0 || percent > 100) return bad("a whole number 0..100 (percent)");
      (key == "atari"       ? options.playoutAtariRate
       : key == "selfatari" ? options.playoutLoneSelfAtari
                            : options.playoutKoRetake) = percent;
    } else if (key == "ravedist") {
      int weight = 0;
      if (!parseNumber(value, weight) || weight < 1 || weight > 10) return bad("a whole number 1..10");
      options.raveDistance = weight;
    } else if (key == "crit") {
      double weight = 0;
      if (!parseNumber(value, weight) || !(weight >= 0 && weight <= 10)) return bad("a number 0..10");
      options.criticality = weight;
    } else {
      return R::failure("unknown option '" + std::string(key) + "' " + kKeys);
    }
  }
  // A time alone is the budget: the default playout count would otherwise cut it short.
  if (options.seconds > 0 && !playoutsGiven) options.playouts = 0;
  return options;
}

double clockBudget(const MoveRequest::Clock& clock, const Game& game, double maxSeconds) {
  const double left = std::max(0.0, clock.secondsLeft);
  double budget = 0;
  if (clock.stonesLeft > 0) {
    budget = left / clock.stonesLeft * kSafetyShare - kByoYomiMarginSeconds;
  } else {
    const double movesLeft = std::max(kMinMovesLeft, game.board().emptyCount() / kEmptyPointsPerMove);
    budget = left / movesLeft * kSafetyShare;
  }
  if (maxSeconds > 0) budget = std::min(budget, maxSeconds);
  return std::max(kMinSeconds, budget);
}

Result<std::unique_ptr<BuiltinSource>> BuiltinSource::make(std::string_view spec, const SourceOptions& options) {
  Result<engine::EngineOptions> parsed = parseBuiltinSpec(spec, options.seed, options.builtinResign);
  if (!parsed) return Result<std::unique_ptr<BuiltinSource>>::failure(parsed.error());
  return std::unique_ptr<BuiltinSource>(new BuiltinSource(std::string(spec), *parsed));
}

Result<Answer> BuiltinSource::propose(const MoveRequest& request) {
  const auto start = std::chrono::steady_clock::now();
  std::optional<double> seconds;
  if (request.clock) seconds = clockBudget(*request.clock, *request.game, m_maxSeconds);
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

}  // namespace tengen::ai
