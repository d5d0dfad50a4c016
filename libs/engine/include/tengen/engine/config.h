// The built-in engine's configuration as one value (EngineOptions), and the one table that names each of its keys
// as the `builtin:KEY=VALUE,...` spec writes them: the key, the values it takes, its default and a line of help. The
// spec's parser, its errors, the help `tengen genmove --help` prints and the key lists of the docs all come from the
// table (docs/engine.md, "The builtin spec"). The presets name what each consumer runs.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "tengen/core/result.h"

namespace tengen::engine {

struct EngineOptions {
  // Wall-clock budget per move in seconds; 0 means no time limit.
  double seconds = 0;
  // Playouts per move (summed over threads); 0 means no playout limit (then seconds must be set).
  long playouts = 10000;
  // Threads searching one tree together (tree parallelism with virtual loss). Spec key `threads`.
  int threads = 1;
  std::uint64_t seed = 1;
  // Resign when the chosen move's winning rate is below this; 0 means never resign.
  double resignThreshold = 0;
  // Keep the trees between genmove calls and search on from the node of the new position (see Engine::genmove).
  bool reuse = true;
  // The tree's priors come from the learned move model (move_model.h); off, from a few hand-written rules (for
  // comparing the two).
  bool moveModel = true;
  // The policy network (policy_net.h) gives the priors of the root and of the nodes visited often enough, above
  // the move model. Spec key `net`; off, for measuring what it gains.
  bool policyNet = true;
  // Where the network has evaluated a node, its probabilities keep a share of each child's selection value however
  // many playouts the node has had (the PUCT term), not only the virtual playouts that real ones outweigh. Spec key
  // `puct`; off, for measuring what it gains.
  bool netExploration = true;
  // Stop a search once its most visited root move can no longer be overtaken in what is left of the budget. Not a
  // spec key: with one thread and only a playout limit the move is the same either way; tests turn it off to
  // show that.
  bool earlyStop = true;
  // The playouts read the fights around the last move (saving a chain by capturing, ataris and extensions of
  // chains with two liberties). Spec key `fights`; off, for measuring what they gain.
  bool playoutFights = true;
  // The playouts' tactics after Pachi's (docs/engine.md, "Playouts"): the own last move's shape is answered too,
  // spec key `ownshape`. Shares in percent: how often the atari answers around the last move are read, `atari`; how
  // often the scan skips a lone stone in atari, `selfatari`; how often a ko is retaken after a threat and its answer,
  // `ko`. (Nakade, last good replies and race reading in the playouts were measured and gained nothing: their
  // figures are in docs/benchmarks.md and their code in the history.)
  bool playoutOwnShape = true;
  int playoutAtariRate = 90;
  int playoutLoneSelfAtari = 60;
  int playoutKoRetake = 40;
  // AMAF weighted by how early a move was first played, up to this many times (1: every move alike). Spec key
  // `ravedist`.
  int raveDistance = 3;
  // How much criticality (the covariance of owning a move's point and winning) adds to the AMAF statistics of the
  // nodes visited often (0: none). Spec key `crit`.
  double criticality = 1.1;
  // Read the end of the game before searching, late in the game and after the opponent's pass (genmove). Spec key
  // `endgame`; off, the engine passes only when no legal point is left that does not fill its own eye (for
  // measuring what the reading gains).
  bool endReading = true;
  // The share of the network's value in each playout's result (search.h: SearchConfig::valueShare), with a network
  // that has judgment heads. Spec key `value`.
  double valueShare = 0;
  // The network's share of the estimate's ownership and expected score (judgment.h), the playouts' the rest: 0, the
  // playouts alone; 1, the network's judgment of the position alone. Only the estimate reads it, and only when the
  // network has judgment heads (policy_net.h). Spec key `judge`.
  double netJudgment = 0;
};

// One key of a `builtin:` spec.
struct ConfigKey {
  std::string_view name;
  // What a value must be, as a refusal says it: "0 or 1", "a whole number 1..64", ...
  std::string_view wanted;
  // One line of help.
  std::string_view help;
  // Sets the key in `options` from `value`; false when `value` is not one the key takes.
  bool (*set)(EngineOptions& options, std::string_view value);
  // The key's value in `options`, as a spec writes it ("none" for no time limit).
  std::string (*get)(const EngineOptions& options);
};

// Every key, in the order the help and the docs list them.
std::span<const ConfigKey> configKeys();

// "(keys: time, playouts, ...)": the list a refusal of an unknown key ends with.
std::string configKeyList();

// A line per key: `KEY=VALUE`, what the value must be, its default in `defaults`, and the key's help.
std::string configHelp(const EngineOptions& defaults = {});

// Sets the keys of `items` ("playouts=5000,threads=2"; every item key=value) on `start`. A time without a playout
// count makes the time the only limit (playouts 0). A failure names the item and what it wants, e.g. "bad value
// '0' for playouts: a whole number > 0", "unknown option 'speed' (keys: ...)".
Result<EngineOptions> parseConfig(std::string_view items, EngineOptions start = {});

// What each consumer runs. play(): genmove's search (the defaults above), for every move any front end asks of the
// engine. judgment(): the estimate's search behind every judgment of a position in play (`tengen score`,
// `/v1/score`, `final_score` mid-game, genmove's reading of the end, the client's estimate) and the live analysis,
// which differs from play() in its playouts' tactics and tree statistics for the reason docs/benchmarks.md gives
// ("The estimate's search").
namespace presets {
EngineOptions play();
EngineOptions judgment();
// `options` with the playouts and AMAF as they were before Pachi's tactics: every atari answered, no answer to the
// own last move's shape, every lone self-atari allowed, no ko retaken, AMAF counted once, no criticality. The
// judgment preset is play()'s so, and the benchmarks measure the tactics against it.
EngineOptions withoutPachiTactics(EngineOptions options);
}  // namespace presets

}  // namespace tengen::engine
