// The report of `tengen eval --report DIR` (docs/model-loop.md, "The report"): one self-contained HTML page with the
// figures, PNG charts of the legal rate by move number, the rejections by reason and the latencies, and the worst
// positions drawn as boards with every answer the source gave.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "tengen/core/result.h"
#include "tengen/workbench/eval.h"
#include "tengen/workbench/positions.h"
#include "tengen/workbench/stats.h"

namespace tengen::workbench {

// The positions whose move numbers lie in [first, last], with their rates (n == 0 when there are none).
struct MoveBin {
  int first = 0;
  int last = 0;
  Rate firstTryLegal;
  Rate legal;
};

// The positions in bins of one width by move number: bins start at move 1, 1+W, 1+2W, ..., W the smallest of 5, 10,
// 20, 50, 100, ... that needs at most 12 bins up to the highest move number and is no narrower than the closest two
// move numbers asked (K with --every K); from the bin of the lowest move number to that of the highest, empty bins
// kept. No positions: no bins.
std::vector<MoveBin> binsByMoveNumber(const std::vector<Position>& positions,
                                      const std::vector<PositionResult>& results);

// How many worst positions the report draws.
constexpr std::size_t kWorstPositions = 12;

// Up to `most` indices of positions that failed or had a refused answer, worst first: failed ones, then by refused
// answers (most first), then by file and move number.
std::vector<std::size_t> worstPositions(const std::vector<Position>& positions,
                                        const std::vector<PositionResult>& results, std::size_t most);

// Text made safe for HTML, in an element or a quoted attribute: & < > " ' as entities, and invalid UTF-8 and control
// characters other than tab and line breaks as U+FFFD.
std::string htmlEscape(std::string_view text);

struct ReportFile {
  std::string name;  // a file name inside the report's directory
  std::string contents;
};

// The report's files: the pictures, then index.html, which names them by relative file name. The same run always
// gives the same bytes. Fails (ErrorKind::Failed) when a picture cannot be drawn.
Result<std::vector<ReportFile>> makeReport(const std::vector<Position>& positions,
                                           const std::vector<PositionResult>& results, const Summary& summary,
                                           const EvalOptions& options);

// Makes `directory`, and its parents, when missing. Fails (ErrorKind::Invalid), naming it, when it cannot be made or
// is not a directory: called before a run so that a bad path costs no question to the source.
Status prepareReportDirectory(const std::string& directory);

// Writes every file into `directory` (which exists), each atomically and in order, so that with makeReport's order
// the page is written last and never names a missing picture. Fails (ErrorKind::Failed) at the first file that
// cannot be written, naming it.
Status writeReport(const std::string& directory, const std::vector<ReportFile>& files);

}  // namespace tengen::workbench
