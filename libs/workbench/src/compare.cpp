#include "tengen/workbench/compare.h"

#include <array>
#include <cstdio>
#include <fstream>
#include <map>
#include <optional>
#include <span>
#include <sstream>
#include <tuple>
#include <utility>

#include "tengen/ai/attempt_json.h"
#include "tengen/json/parse.h"
#include "tengen/sources/make_source.h"
#include "tengen/workbench/eval.h"

namespace tengen::workbench {

namespace {

using json::JsonValue;

// What one position of a run says, for each compared rate: succeeded, or nothing when the run cannot say (no
// reference engine).
struct Outcomes {
  std::array<std::optional<bool>, 4> of;
};

constexpr std::array<const char*, 4> kRates = {"first_try_legal", "legal", "agreement_record", "agreement_reference"};

using PositionKey = std::pair<std::string, long long>;

// What compare reads of a --json file: each position's outcomes, and the settings the run was made with.
struct Run {
  std::map<PositionKey, Outcomes> positions;
  bool settingsKnown = false;  // the file has a "run" object
  // Per runSettings() entry: the value, or nothing when the file does not say.
  std::vector<std::optional<JsonValue>> settings;
};

// The settings of runSettings() as the document holds them: in its summary's "run" object, or in the document itself
// for the engine, the model and the reference.
void readSettings(const JsonValue& doc, Run& run) {
  const JsonValue* summary = json::findMember(doc, "summary");
  const JsonValue* object = summary != nullptr ? json::findMember(*summary, "run") : nullptr;
  run.settingsKnown = object != nullptr && std::holds_alternative<JsonValue::Object>(object->value);
  for (const RunSetting& setting : runSettings()) {
    const JsonValue* holder = setting.inRun ? (run.settingsKnown ? object : nullptr) : &doc;
    const JsonValue* value = holder != nullptr ? json::findMember(*holder, setting.key) : nullptr;
    run.settings.push_back(value != nullptr ? std::optional<JsonValue>(*value) : std::nullopt);
  }
}

Result<Run> readRun(const std::string& path) {
  using R = Result<Run>;
  std::ifstream in(path, std::ios::binary);
  if (!in) return R::failure(path + ": cannot be read");
  std::ostringstream text;
  text << in.rdbuf();
  json::JsonLimits limits;
  limits.maxBytes = std::size_t{1} << 31;
  const Result<JsonValue> doc = json::parseJson(text.str(), limits);
  if (!doc) return R::failure(path + ": " + doc.error());
  const JsonValue* positions = json::findMember(*doc, "positions");
  const auto* rows = positions != nullptr ? std::get_if<JsonValue::Array>(&positions->value) : nullptr;
  if (rows == nullptr) return R::failure(path + ": not a tengen eval --json file (no \"positions\" array)");
  Run run;
  std::map<PositionKey, Outcomes>& out = run.positions;
  for (std::size_t i = 0; i < rows->size(); ++i) {
    const JsonValue& row = (*rows)[i];
    const std::string* file = json::findString(row, "file");
    const long long* moveNumber = json::findInteger(row, "move_number");
    if (file == nullptr || moveNumber == nullptr) {
      return R::failure(path + ": positions[" + std::to_string(i) + "] has no file or move_number");
    }
    const std::string* move = json::findString(row, "move");
    const std::string* recordMove = json::findString(row, "record_move");
    Outcomes o;
    bool firstTry = false;
    if (const JsonValue* attempts = json::findMember(row, "attempts")) {
      if (const auto* list = std::get_if<JsonValue::Array>(&attempts->value); list != nullptr && !list->empty()) {
        const std::optional<ai::Attempt> first = ai::parseAttempt(list->front());
        firstTry = first && first->accepted();
      }
    }
    o.of[0] = firstTry;
    o.of[1] = move != nullptr;
    o.of[2] = move != nullptr && recordMove != nullptr && *move == *recordMove;
    if (const JsonValue* reference = json::findMember(row, "reference_move")) {
      const auto* referenceMove = std::get_if<std::string>(&reference->value);
      o.of[3] = move != nullptr && referenceMove != nullptr && *move == *referenceMove;
    }
    out[{*file, *moveNumber}] = o;
  }
  readSettings(*doc, run);
  return run;
}

// Whether the run's engine was a model, from the engine spec its file names: nothing when the file does not say.
std::optional<bool> askedModel(const Run& run) {
  const std::span<const RunSetting> settings = runSettings();
  for (std::size_t i = 0; i < settings.size(); ++i) {
    if (settings[i].key != "engine" || !run.settings[i]) continue;
    const auto* spec = std::get_if<std::string>(&run.settings[i]->value);
    if (spec != nullptr) return sources::isModelSpec(*spec);
  }
  return std::nullopt;
}

// The setting's value as a person reads it, or "unknown" when the file does not say.
std::string shownValue(const Run& run, std::string_view key) {
  const std::span<const RunSetting> settings = runSettings();
  for (std::size_t i = 0; i < settings.size(); ++i) {
    if (settings[i].key == key) return run.settings[i] ? settingText(*run.settings[i]) : "unknown";
  }
  return "unknown";
}

// The settings compare warns on that differ: both files say and disagree, or one says and the other does not (a
// setting in a run object that lacks it). A run without a run object is left out of it: its warning says so. What a
// model is shown or asked is compared only between two runs that both asked a model (against another engine it is
// null, "none" as read, and the difference is the engine's), the constraint's API only where a constraint was sent,
// and a difference that reads the same in both runs is none a person could act on.
std::vector<SettingDifference> settingDifferences(const Run& a, const Run& b) {
  std::vector<SettingDifference> out;
  const std::span<const RunSetting> settings = runSettings();
  const bool bothModels = askedModel(a).value_or(true) && askedModel(b).value_or(true);
  const bool constrained = shownValue(a, "constrain") != "none" || shownValue(b, "constrain") != "none";
  for (std::size_t i = 0; i < settings.size(); ++i) {
    const RunSetting& setting = settings[i];
    if (!setting.compared) continue;
    if (setting.inRun && (!a.settingsKnown || !b.settingsKnown)) continue;
    if (setting.modelOnly && !bothModels) continue;
    if (setting.key == "constrain_api" && !constrained) continue;
    const std::optional<JsonValue>& x = a.settings[i];
    const std::optional<JsonValue>& y = b.settings[i];
    if (!x && !y) continue;
    if (x && y && json::toJson(*x) == json::toJson(*y)) continue;
    SettingDifference difference{std::string(setting.words), x ? settingText(*x) : "unknown",
                                 y ? settingText(*y) : "unknown"};
    if (difference.a == difference.b) continue;
    out.push_back(std::move(difference));
  }
  return out;
}

}  // namespace

Result<Comparison> compareRuns(const std::string& pathA, const std::string& pathB) {
  using R = Result<Comparison>;
  const auto a = readRun(pathA);
  if (!a) return R::failure(a);
  const auto b = readRun(pathB);
  if (!b) return R::failure(b);
  Comparison c;
  std::array<long, 4> n{};
  std::array<long, 4> successA{};
  std::array<long, 4> successB{};
  std::array<long, 4> onlyA{};
  std::array<long, 4> onlyB{};
  for (const auto& [key, outcomes] : a->positions) {
    const auto other = b->positions.find(key);
    if (other == b->positions.end()) {
      ++c.onlyA;
      continue;
    }
    ++c.matched;
    for (std::size_t r = 0; r < kRates.size(); ++r) {
      if (!outcomes.of[r] || !other->second.of[r]) continue;
      const bool x = *outcomes.of[r];
      const bool y = *other->second.of[r];
      ++n[r];
      successA[r] += x ? 1 : 0;
      successB[r] += y ? 1 : 0;
      onlyA[r] += x && !y ? 1 : 0;
      onlyB[r] += y && !x ? 1 : 0;
    }
  }
  for (const auto& entry : b->positions) {
    if (!a->positions.contains(entry.first)) ++c.onlyB;
  }
  if (c.matched == 0) return R::failure(pathA + " and " + pathB + " have no position in common");
  for (std::size_t r = 0; r < kRates.size(); ++r) {
    if (n[r] == 0) continue;  // e.g. no reference in one of the runs
    c.rates.push_back({kRates[r], wilson(successA[r], n[r]), wilson(successB[r], n[r]), mcnemar(onlyA[r], onlyB[r])});
  }
  c.settingsKnownA = a->settingsKnown;
  c.settingsKnownB = b->settingsKnown;
  c.differences = settingDifferences(*a, *b);
  return c;
}

std::vector<std::string> comparisonWarnings(const Comparison& c, const std::string& nameA, const std::string& nameB) {
  std::vector<std::string> lines;
  for (const auto& [known, run, name] :
       {std::tuple{c.settingsKnownA, "A", &nameA}, std::tuple{c.settingsKnownB, "B", &nameB}}) {
    if (known) continue;
    lines.push_back(std::string("the settings of run ") + run + " (" + *name +
                    ") are unknown: its file has no \"run\" object (written before tengen kept them)");
  }
  for (const SettingDifference& d : c.differences) {
    lines.push_back("the runs differ in " + d.words + ": " + d.a + " (A) vs " + d.b + " (B)");
  }
  return lines;
}

std::string comparisonText(const Comparison& c, const std::string& nameA, const std::string& nameB) {
  std::string out = "positions in both runs: " + std::to_string(c.matched);
  if (c.onlyA > 0 || c.onlyB > 0) {
    out += " (only in A: " + std::to_string(c.onlyA) + ", only in B: " + std::to_string(c.onlyB) + ")";
  }
  out += "\nA: " + nameA + "\nB: " + nameB + "\n";
  char line[200];
  std::snprintf(line, sizeof line, "%-20s %8s %8s %9s %8s %8s  %s\n", "rate", "A", "B", "B - A", "A only", "B only",
                "McNemar p");
  out += line;
  for (const ComparedRate& r : c.rates) {
    char diff[16];
    std::snprintf(diff, sizeof diff, "%+6.1f pt", 100 * (r.b.rate - r.a.rate));
    std::snprintf(line, sizeof line, "%-20s %8s %8s %9s %8ld %8ld  %.4f (%s)%s\n", r.name.c_str(),
                  percentText(r.a.rate).c_str(), percentText(r.b.rate).c_str(), diff, r.test.onlyA, r.test.onlyB,
                  r.test.p, std::string(r.test.method).c_str(), r.test.p < 0.05 ? "  significant" : "");
    out += line;
  }
  return out;
}

}  // namespace tengen::workbench
