// tengen eval compare (docs/model-loop.md): two runs of tengen eval on the same positions side by side, each rate
// with the difference and McNemar's paired test on the positions both runs saw.
#pragma once

#include <string>
#include <vector>

#include "tengen/core/result.h"
#include "tengen/workbench/stats.h"

namespace tengen::workbench {

struct ComparedRate {
  std::string name;  // "first_try_legal", "legal", "agreement_record", "agreement_reference"
  Rate a;
  Rate b;
  McNemar test;
};

// A setting two runs were made with that differs between them (eval.h's runSettings(), those compare warns on): its
// words and each run's value as a person reads it, "unknown" when that run's file does not say.
struct SettingDifference {
  std::string words;
  std::string a;
  std::string b;
};

struct Comparison {
  long matched = 0;  // positions in both runs (same file and move number)
  long onlyA = 0;    // positions only the first run has
  long onlyB = 0;
  std::vector<ComparedRate> rates;
  // Whether each file holds its run's settings: files written before tengen kept them have no "run" object, and of
  // their settings only the engine, model and reference are known.
  bool settingsKnownA = true;
  bool settingsKnownB = true;
  std::vector<SettingDifference> differences;  // in runSettings()'s order
};

// Reads two --json files of tengen eval and compares them; a file that cannot be read or is not an eval report is
// an error naming it.
Result<Comparison> compareRuns(const std::string& pathA, const std::string& pathB);

// What a person should know before reading the table, one line each: a run whose settings are unknown ("the settings
// of run B (old.json) are unknown: ..."), then each setting the runs differ in ("the runs differ in coords: gtp (A)
// vs rowcol (B)"). Empty when the runs were made alike.
std::vector<std::string> comparisonWarnings(const Comparison& comparison, const std::string& nameA,
                                            const std::string& nameB);

// The comparison as a table for a person, with "significant" at p < 0.05.
std::string comparisonText(const Comparison& comparison, const std::string& nameA, const std::string& nameB);

}  // namespace tengen::workbench
