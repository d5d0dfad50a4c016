#include "tengen/core/rules.h"

#include <array>
#include <string>

#include "tengen/core/text.h"

namespace tengen {

namespace {

constexpr std::array<RuleSet, 6> kRuleSets = {{
    {Rules::Chinese, "chinese", Scoring::Area, KoRule::PositionalSuperko, false, 7.5},
    {Rules::Japanese, "japanese", Scoring::Territory, KoRule::Simple, false, 6.5},
    {Rules::Korean, "korean", Scoring::Territory, KoRule::Simple, false, 6.5},
    {Rules::Aga, "aga", Scoring::Area, KoRule::SituationalSuperko, false, 7.5},
    {Rules::Nz, "nz", Scoring::Area, KoRule::SituationalSuperko, true, 7.0},
    {Rules::TrompTaylor, "tromp-taylor", Scoring::Area, KoRule::PositionalSuperko, true, 7.5},
}};

}  // namespace

const RuleSet& ruleSet(Rules rules) { return kRuleSets[static_cast<int>(rules)]; }

double defaultKomi(Rules rules, int handicap) {
  // The handicap stones are White's compensation already; the half point only rules out a draw.
  return handicap >= 2 ? 0.5 : ruleSet(rules).defaultKomi;
}

std::span<const RuleSet> allRuleSets() { return kRuleSets; }

std::optional<Rules> parseRules(std::string_view name) {
  const std::string lower = asciiLower(name);
  if (lower == "tromp_taylor" || lower == "tt" || lower == "tromptaylor") return Rules::TrompTaylor;
  if (lower == "new zealand" || lower == "newzealand") return Rules::Nz;
  for (const RuleSet& r : kRuleSets) {
    if (r.name == lower) return r.rules;
  }
  return std::nullopt;
}

}  // namespace tengen
