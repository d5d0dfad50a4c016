// One update of lz-analyze or kata-analyze, as Leela Zero and KataGo write it (KataGo's docs/GTP_Extensions.md):
// the two dialects, and the reader of such a line that a controller of an external engine needs. The writer of the
// same lines sits beside the reader (analysis_format.cpp).
#pragma once

#include <string_view>

#include "tengen/core/result.h"
#include "tengen/core/search_report.h"
#include "tengen/core/types.h"

namespace tengen::gtp {

// Leela Zero's dialect (lz-analyze: rates as integers in 1/10000) or KataGo's (kata-analyze: rates as decimals from
// 0 to 1, the score, and on request the ownership).
enum class AnalysisFormat { LeelaZero, KataGo };

// Reads one update, `info move D4 visits 120 winrate 5400 ... pv D4 Q16 info move ...`, optionally followed by
// `ownership` and size * size values (from the side to move's view, as KataGo gives them), for a position of
// `size` with `toMove` to play. Fields it does not use (utility, scoreStdev, pvVisits, rootInfo's, ownershipStdev
// ...) are skipped. The report's candidates keep the line's order; its playouts are their visits summed, its winning
// rate and score the first candidate's, its ownership (when given) from Black's view. Fails, naming the word, when
// the line is not an update: it does not start with `info`, a candidate lacks its move, visits or winning rate, or a
// value is not a number or a vertex of the board.
Result<SearchReport> parseAnalysisLine(std::string_view line, int size, AnalysisFormat format, Color toMove);

}  // namespace tengen::gtp
