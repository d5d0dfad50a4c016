#include "tengen/engine/config.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <system_error>

#include "tengen/core/text.h"

namespace tengen::engine {

namespace {

constexpr int kMaxThreads = 64;

template <typename T>
bool parseNumber(std::string_view text, T& out) {
  const char* end = text.data() + text.size();
  const std::from_chars_result r = std::from_chars(text.data(), end, out);
  return r.ec == std::errc() && r.ptr == end;
}

// A key that turns a piece of the engine on (1) or off (0).
template <bool EngineOptions::*member>
bool setSwitch(EngineOptions& options, std::string_view value) {
  if (value != "0" && value != "1") return false;
  options.*member = value == "1";
  return true;
}

template <bool EngineOptions::*member>
std::string getSwitch(const EngineOptions& options) {
  return options.*member ? "1" : "0";
}

// A whole number in [low, high].
template <int EngineOptions::*member, int low, int high>
bool setWhole(EngineOptions& options, std::string_view value) {
  int n = 0;
  if (!parseNumber(value, n) || n < low || n > high) return false;
  options.*member = n;
  return true;
}

template <int EngineOptions::*member>
std::string getWhole(const EngineOptions& options) {
  return std::to_string(options.*member);
}

// A number in [0, high]; `high` in hundredths, as a double cannot be a template argument here.
template <double EngineOptions::*member, int highHundredths, bool highIncluded>
bool setShare(EngineOptions& options, std::string_view value) {
  double x = 0;
  const double high = highHundredths / 100.0;
  if (!parseNumber(value, x) || !(x >= 0 && (highIncluded ? x <= high : x < high))) return false;
  options.*member = x;
  return true;
}

template <double EngineOptions::*member>
std::string getNumber(const EngineOptions& options) {
  return shortestText(options.*member);
}

bool setTime(EngineOptions& options, std::string_view value) {
  double seconds = 0;
  if (!parseNumber(value, seconds) || !std::isfinite(seconds) || seconds <= 0) return false;
  options.seconds = seconds;
  return true;
}

std::string getTime(const EngineOptions& options) {
  return options.seconds > 0 ? shortestText(options.seconds) : "none";
}

bool setPlayouts(EngineOptions& options, std::string_view value) {
  long playouts = 0;
  if (!parseNumber(value, playouts) || playouts <= 0) return false;
  options.playouts = playouts;
  return true;
}

std::string getPlayouts(const EngineOptions& options) {
  return options.playouts > 0 ? std::to_string(options.playouts) : "none";
}

constexpr auto kKeys = std::to_array<ConfigKey>({
    {"time", "seconds > 0", "the time a move may take (with no playouts= the only limit)", setTime, getTime},
    {"playouts", "a whole number > 0", "playouts a move, summed over the threads", setPlayouts, getPlayouts},
    {"threads", "a whole number 1..64", "threads searching one tree", setWhole<&EngineOptions::threads, 1, kMaxThreads>,
     getWhole<&EngineOptions::threads>},
    {"resign", "a winning rate 0..1", "resign below this winning rate (0: never)",
     setShare<&EngineOptions::resignThreshold, 100, false>, getNumber<&EngineOptions::resignThreshold>},
    {"reuse", "0 or 1", "keep the tree from move to move", setSwitch<&EngineOptions::reuse>,
     getSwitch<&EngineOptions::reuse>},
    {"model", "0 or 1", "priors from the learned move model (0: a few hand-written rules)",
     setSwitch<&EngineOptions::moveModel>, getSwitch<&EngineOptions::moveModel>},
    {"net", "0 or 1", "priors from the policy network at the root and the nodes visited often",
     setSwitch<&EngineOptions::policyNet>, getSwitch<&EngineOptions::policyNet>},
    {"puct", "0 or 1", "the network's probabilities keep a share of the selection (PUCT)",
     setSwitch<&EngineOptions::netExploration>, getSwitch<&EngineOptions::netExploration>},
    {"fights", "0 or 1", "playouts read the fights around the last move", setSwitch<&EngineOptions::playoutFights>,
     getSwitch<&EngineOptions::playoutFights>},
    {"ownshape", "0 or 1", "playouts answer the shape of their own last move too",
     setSwitch<&EngineOptions::playoutOwnShape>, getSwitch<&EngineOptions::playoutOwnShape>},
    {"atari", "a whole number 0..100 (percent)", "how often playouts read the ataris around the last move",
     setWhole<&EngineOptions::playoutAtariRate, 0, 100>, getWhole<&EngineOptions::playoutAtariRate>},
    {"selfatari", "a whole number 0..100 (percent)", "how often playouts skip a lone stone's self-atari",
     setWhole<&EngineOptions::playoutLoneSelfAtari, 0, 100>, getWhole<&EngineOptions::playoutLoneSelfAtari>},
    {"ko", "a whole number 0..100 (percent)", "how often playouts retake a ko after a threat and its answer",
     setWhole<&EngineOptions::playoutKoRetake, 0, 100>, getWhole<&EngineOptions::playoutKoRetake>},
    {"ravedist", "a whole number 1..10", "AMAF weighs a move first played early up to this many times",
     setWhole<&EngineOptions::raveDistance, 1, 10>, getWhole<&EngineOptions::raveDistance>},
    {"crit", "a number 0..10", "criticality's weight in the AMAF statistics (0: none)",
     setShare<&EngineOptions::criticality, 1000, true>, getNumber<&EngineOptions::criticality>},
    {"endgame", "0 or 1", "read the end of the game before searching, and pass when nothing is left",
     setSwitch<&EngineOptions::endReading>, getSwitch<&EngineOptions::endReading>},
    {"value", "a share 0..1", "the network's value's share of each playout's result (the playout's the rest)",
     setShare<&EngineOptions::valueShare, 100, true>, getNumber<&EngineOptions::valueShare>},
    {"judge", "a share 0..1", "the network's share of an estimate's ownership and score (the playouts' the rest)",
     setShare<&EngineOptions::netJudgment, 100, true>, getNumber<&EngineOptions::netJudgment>},
});

}  // namespace

std::span<const ConfigKey> configKeys() { return kKeys; }

std::string configKeyList() {
  std::string out = "(keys:";
  for (const ConfigKey& key : kKeys) {
    out += ' ';
    out += key.name;
    out += ',';
  }
  out.back() = ')';
  return out;
}

std::string configHelp(const EngineOptions& defaults) {
  std::size_t width = 0;
  for (const ConfigKey& key : kKeys) width = std::max(width, key.name.size());
  std::string out;
  for (const ConfigKey& key : kKeys) {
    out += "  ";
    out += key.name;
    out.append(width + 2 - key.name.size(), ' ');
    out += std::string(key.help) + " (" + std::string(key.wanted) + "; default " + key.get(defaults) + ")\n";
  }
  return out;
}

Result<EngineOptions> parseConfig(std::string_view items, EngineOptions start) {
  using R = Result<EngineOptions>;
  EngineOptions options = start;
  bool playoutsGiven = false;
  // Every comma-separated item must be key=value, so an empty one (a stray comma) is refused too.
  for (bool more = true; more;) {
    const std::size_t comma = items.find(',');
    const std::string_view item = items.substr(0, comma);
    more = comma != std::string_view::npos;
    if (more) items = items.substr(comma + 1);
    const std::size_t eq = item.find('=');
    if (eq == std::string_view::npos) {
      return R::failure("option '" + std::string(item) + "' is not key=value " + configKeyList());
    }
    const std::string_view name = item.substr(0, eq);
    const std::string_view value = item.substr(eq + 1);
    const auto key = std::find_if(kKeys.begin(), kKeys.end(), [&](const ConfigKey& k) { return k.name == name; });
    if (key == kKeys.end()) return R::failure("unknown option '" + std::string(name) + "' " + configKeyList());
    if (!key->set(options, value)) {
      return R::failure("bad value '" + std::string(value) + "' for " + std::string(name) + ": " +
                        std::string(key->wanted));
    }
    playoutsGiven = playoutsGiven || name == "playouts";
  }
  // A time alone is the budget: the default playout count would otherwise cut it short.
  if (options.seconds > 0 && !playoutsGiven) options.playouts = 0;
  return options;
}

namespace presets {

EngineOptions play() { return EngineOptions{}; }

EngineOptions withoutPachiTactics(EngineOptions options) {
  options.playoutOwnShape = false;
  options.playoutAtariRate = 100;
  options.playoutLoneSelfAtari = 0;
  options.playoutKoRetake = 0;
  options.raveDistance = 1;
  options.criticality = 0;
  return options;
}

EngineOptions judgment() {
  EngineOptions options = withoutPachiTactics(play());
  options.netExploration = false;
  options.policyNet = false;
  return options;
}

}  // namespace presets

}  // namespace tengen::engine
