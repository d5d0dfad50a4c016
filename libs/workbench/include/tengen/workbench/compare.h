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

struct Comparison {
  long matched = 0;  // positions in both runs (same file and move number)
  long onlyA = 0;    // positions only the first run has
  long onlyB = 0;
  std::vector<ComparedRate> rates;
};

// Reads two --json files of tengen eval and compares them; a file that cannot be read or is not an eval report is
// an error naming it.
Result<Comparison> compareRuns(const std::string& pathA, const std::string& pathB);

// The comparison as a table for a person, with "significant" at p < 0.05.
std::string comparisonText(const Comparison& comparison, const std::string& nameA, const std::string& nameB);

}  // namespace tengen::workbench
