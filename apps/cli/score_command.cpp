#include "score_command.h"

#include <cctype>
#include <ostream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "tengen/core/analysis.h"
#include "tengen/core/coords.h"
#include "tengen/core/game.h"
#include "tengen/core/result.h"
#include "tengen/core/rules.h"
#include "tengen/core/text.h"
#include "tengen/core/types.h"
#include "tengen/engine/judgment.h"
#include "tengen/json/json.h"
#include "tengen/sgf/sgf.h"

#include "cli_options.h"
#include "records.h"

namespace tengen::cli {

namespace {

// What one game tree came to.
struct Scored {
  std::string result;  // empty when the record could not be scored
  std::vector<std::string> dead;
  std::vector<std::string> seki;
  std::vector<std::string> ownership;                // letters, a row per board row from the top
  std::vector<std::vector<double>> ownershipValues;  // -1..1, the same rows
  bool final = false;
  bool counted = false;  // false when the result is the record's RE of a game that ended without counting
  std::string error;     // why it could not be scored
};

std::vector<std::string> vertices(const std::vector<Point>& points, int size) {
  std::vector<std::string> out;
  out.reserve(points.size());
  for (const Point& p : points) out.push_back(gtpVertex(p, size));
  return out;
}

// "B+R", "W+T", "B+F" from an RE that says the game ended otherwise than by counting ("B+Resign", "w+time"), or "".
std::string endedWithoutCounting(const std::string& re) {
  if (re.size() < 3 || re[1] != '+') return "";
  const char winner = static_cast<char>(std::toupper(static_cast<unsigned char>(re[0])));
  if (winner != 'B' && winner != 'W') return "";
  const std::string how = asciiLower(re.substr(2));
  for (const char* word : {"r", "resign", "resignation"}) {
    if (how == word) return std::string(1, winner) + "+R";
  }
  for (const char* word : {"t", "time"}) {
    if (how == word) return std::string(1, winner) + "+T";
  }
  for (const char* word : {"f", "forfeit"}) {
    if (how == word) return std::string(1, winner) + "+F";
  }
  return "";
}

Scored scoreTree(sgf::NodeView root, std::optional<Rules> rules, const engine::JudgmentOptions& judgment) {
  Scored scored;
  const Result<sgf::GameRecord> record = sgf::readRecord(root);
  if (!record) {
    scored.error = record.error();
    return scored;
  }
  const sgf::Replay replayed = sgf::replay(record.value(), rules);
  if (!replayed.setupError.empty()) {
    scored.error = replayed.setupError;
    return scored;
  }
  if (replayed.illegal) {
    scored.error = sgf::describe(*replayed.illegal, replayed.game.size());
    return scored;
  }
  const auto re = record->info.find("RE");
  if (re != record->info.end()) {
    if (std::string other = endedWithoutCounting(re->second); !other.empty()) {
      scored.result = other;
      scored.final = true;
      return scored;
    }
  }
  const Analysis analysis = engine::judge(replayed.game, {}, judgment);
  const int size = replayed.game.size();
  scored.result = analysis.score.result;
  scored.dead = vertices(analysis.dead, size);
  scored.seki = vertices(analysis.seki, size);
  scored.ownership = ownershipRows(analysis);
  scored.ownershipValues = ownershipValueRows(analysis);
  scored.final = analysis.final;
  scored.counted = true;
  return scored;
}

std::string joined(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : " ") + w;
  return out;
}

void print(const std::string& label, const Scored& scored, bool json, std::ostream& out) {
  if (json) {
    json::JsonValue::Array dead(scored.dead.begin(), scored.dead.end());
    json::JsonValue::Array seki(scored.seki.begin(), scored.seki.end());
    json::JsonValue::Object object{{"file", label}};
    if (scored.error.empty()) {
      object.emplace_back("result", scored.result);
      object.emplace_back("dead", std::move(dead));
      object.emplace_back("seki", std::move(seki));
      if (scored.counted) {
        object.emplace_back("ownership", json::JsonValue::Array(scored.ownership.begin(), scored.ownership.end()));
        json::JsonValue::Array values;
        for (const std::vector<double>& row : scored.ownershipValues) {
          values.emplace_back(json::JsonValue::Array(row.begin(), row.end()));
        }
        object.emplace_back("ownership_values", std::move(values));
      }
      object.emplace_back("final", scored.final);
    } else {
      object.emplace_back("error", scored.error);
    }
    out << json::toJson(object) << '\n';
    return;
  }
  if (!scored.error.empty()) return;
  out << label << ": " << scored.result;
  if (!scored.final) out << " (estimate)";
  if (scored.counted) {
    out << " (dead: " << (scored.dead.empty() ? "none" : joined(scored.dead)) << ')';
    if (!scored.seki.empty()) out << " (seki: " << joined(scored.seki) << ')';
  }
  out << '\n';
}

}  // namespace

CLI::App* addScoreCommand(CLI::App& app, ScoreOptions* options) {
  CLI::App* score =
      app.add_subcommand("score", "Score the final position of SGF game records: prints `FILE: B+3.5 (dead: D4 E5)`");
  score->add_option("--rules", options->rules,
                    "Score by this rule set instead of each record's RU (" + knownRuleNames() + ")");
  score->add_flag("--json", options->json, "One JSON object per record: file, result, dead, seki, final");
  score
      ->add_option("--search", options->search,
                   "The estimate's search: judgment (what every estimate runs) or play (genmove's), either with "
                   ":KEY=VALUE,... of the builtin spec after it, for measuring")
      ->capture_default_str();
  score->add_option("files", options->files, "SGF files")->required();
  score->footer(
      "A record that does not end with two passes is scored as an estimate, marked (estimate). Exit codes: 0 every "
      "record scored, 2 a bad option or a record that cannot be read or holds an illegal move.");
  return score;
}

int runScore(const ScoreOptions& options, std::ostream& out, std::ostream& err) {
  const Result<std::optional<Rules>> rules = rulesOption(options.rules);
  if (!rules) {
    err << "tengen score: " << rules.error() << '\n';
    return kExitUsage;
  }
  engine::JudgmentOptions judgment;
  const std::size_t colon = options.search.find(':');
  const std::string preset = options.search.substr(0, colon);
  if (preset != "judgment" && preset != "play") {
    err << "tengen score: --search " << options.search << ": judgment or play, with :KEY=VALUE,... after it\n";
    return kExitUsage;
  }
  if (preset == "play") judgment.search = engine::presets::play();
  if (colon != std::string::npos) {
    Result<engine::EngineOptions> keyed = engine::parseConfig(options.search.substr(colon + 1), judgment.search);
    if (!keyed) {
      err << "tengen score: --search " << options.search << ": " << keyed.error() << '\n';
      return kExitUsage;
    }
    judgment.search = std::move(keyed).value();
  }
  int exitCode = kExitOk;
  forEachGameTree(
      options.files,
      [&](const std::string& label, sgf::NodeView root) {
        const Scored scored = scoreTree(root, *rules, judgment);
        if (!scored.error.empty()) {
          err << label << ": " << scored.error << '\n';
          exitCode = kExitUsage;
        }
        print(label, scored, options.json, out);
        out.flush();
      },
      [&](const std::string& path, const std::string& why) {
        err << why << '\n';
        if (options.json) {
          Scored unreadable;
          unreadable.error = why;
          print(path, unreadable, true, out);
        }
        exitCode = kExitUsage;
      });
  return exitCode;
}

}  // namespace tengen::cli
