// The text of the analysis commands: one update of lz-analyze or kata-analyze as Leela Zero and KataGo write it
// (KataGo's docs/GTP_Extensions.md), and the ownership as GoGui's gfx draws it.
#pragma once

#include <string>
#include <vector>

#include "tengen/gtp/analysis.h"
#include "tengen/gtp/analysis_line.h"

namespace tengen::gtp {

// What KataGo's dialect adds to the candidates on request (kata-analyze's `ownership true`, `rootInfo true`).
struct AnalysisExtras {
  bool ownership = false;
  bool rootInfo = false;
};

// One update on one line, without its newline: every candidate in the report's order, each as
// `info move D4 visits 120 winrate 5400 prior 1234 lcb 5100 order 0 pv D4 Q16` (Leela Zero) or
// `info move D4 visits 120 winrate 0.540000 scoreMean 2.300 scoreLead 2.300 prior 0.123400 lcb 0.510000 order 0 pv
// D4 Q16` (KataGo), `pv` last. KataGo's only: with `rootInfo`, `rootInfo visits N winrate W scoreMean S scoreLead S`
// (the whole search) follows; with `ownership`, `ownership` and size * size values, row by row from the top-left
// point, from the side to move's view as KataGo gives them. "" when there is no candidate.
std::string analysisLine(const SearchReport& report, int size, AnalysisFormat format, AnalysisExtras extras = {});

// `value` with `decimals` digits after the point, whatever the locale; never "-0.0".
std::string decimal(double value, int decimals);

// GoGui's gfx INFLUENCE command: every point with its value from -1 (White's) to 1 (Black's), as
// `INFLUENCE A9 0.12 B9 -0.5 ...`; `values` row by row from the top.
std::string influenceLine(const std::vector<std::vector<double>>& values);

}  // namespace tengen::gtp
