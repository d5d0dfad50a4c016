// The statistics of the model workbench (docs/model-loop.md): rates with their 95% Wilson intervals, McNemar's
// paired test for two runs on the same positions, and percentiles of latencies.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace tengen::workbench {

// A proportion with its 95% Wilson score interval: successes out of n. With n == 0 the rate is 0 and the interval
// [0, 1] (nothing is known).
struct Rate {
  long successes = 0;
  long n = 0;
  double rate = 0;
  double low = 0;
  double high = 1;
};

Rate wilson(long successes, long n);

// McNemar's test on the discordant pairs of two paired runs: `onlyA` positions where A succeeded and B did not,
// `onlyB` the other way. Fewer than 25 discordant pairs: the exact two-sided binomial test; otherwise the
// chi-squared test with continuity correction (one degree of freedom). p is 1 when there are none.
struct McNemar {
  long onlyA = 0;
  long onlyB = 0;
  double p = 1;
  std::string_view method = "exact";  // "exact" or "chi-squared"
};

McNemar mcnemar(long onlyA, long onlyB);

// A rate as the tables print it: " 62.5%" (width 6, one decimal).
std::string percentText(double rate);

// The q-th percentile (0..100) of the values by linear interpolation between closest ranks; 0 for no values.
double percentile(std::vector<double> values, double q);

}  // namespace tengen::workbench
