// The six rule sets of docs/rules.md.
#pragma once

#include <optional>
#include <span>
#include <string_view>

namespace tengen {

enum class Rules { Chinese, Japanese, Korean, Aga, Nz, TrompTaylor };

enum class Scoring { Area, Territory };

enum class KoRule { Simple, PositionalSuperko, SituationalSuperko };

struct RuleSet {
  Rules rules;
  std::string_view name;  // as given to --rules, e.g. "tromp-taylor"
  Scoring scoring;
  KoRule ko;
  bool multiStoneSuicide;
  double defaultKomi;
};

const RuleSet& ruleSet(Rules rules);

// The komi of a game whose komi nobody gave: 0.5 with a handicap of two stones or more under every rule set (as KGS,
// Sabaki and GNU Go), else the rule set's defaultKomi.
double defaultKomi(Rules rules, int handicap);

// Every rule set, in the order docs/rules.md lists them.
std::span<const RuleSet> allRuleSets();

// Accepts the names of docs/rules.md in any case ("tromp_taylor" and "tt" too).
std::optional<Rules> parseRules(std::string_view name);

}  // namespace tengen
