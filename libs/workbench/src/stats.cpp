#include "tengen/workbench/stats.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace tengen::workbench {

namespace {

constexpr double kZ95 = 1.959963984540054;  // the standard normal quantile of 0.975

// log of n choose k, through lgamma, exact enough for the binomial tail at the sizes a run has.
double logChoose(long n, long k) {
  return std::lgamma(static_cast<double>(n) + 1) - std::lgamma(static_cast<double>(k) + 1) -
         std::lgamma(static_cast<double>(n - k) + 1);
}

}  // namespace

Rate wilson(long successes, long n) {
  Rate r;
  r.successes = successes;
  r.n = n;
  if (n <= 0) return r;
  const double nn = static_cast<double>(n);
  const double p = static_cast<double>(successes) / nn;
  const double z2 = kZ95 * kZ95;
  const double centre = (p + z2 / (2 * nn)) / (1 + z2 / nn);
  const double half = kZ95 * std::sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn)) / (1 + z2 / nn);
  r.rate = p;
  r.low = std::max(0.0, centre - half);
  r.high = std::min(1.0, centre + half);
  return r;
}

McNemar mcnemar(long onlyA, long onlyB) {
  McNemar m;
  m.onlyA = onlyA;
  m.onlyB = onlyB;
  const long n = onlyA + onlyB;
  if (n == 0) return m;
  if (n < 25) {
    // Two-sided exact test: twice the smaller tail of Binomial(n, 1/2), at most 1.
    const long k = std::min(onlyA, onlyB);
    double tail = 0;
    for (long i = 0; i <= k; ++i) tail += std::exp(logChoose(n, i) - static_cast<double>(n) * std::log(2.0));
    m.p = std::min(1.0, 2 * tail);
    m.method = "exact";
    return m;
  }
  const double d = std::fabs(static_cast<double>(onlyA - onlyB)) - 1;
  const double chi2 = std::max(0.0, d) * std::max(0.0, d) / static_cast<double>(n);
  m.p = std::erfc(std::sqrt(chi2 / 2));  // the chi-squared tail with one degree of freedom
  m.method = "chi-squared";
  return m;
}

std::string percentText(double rate) {
  char text[16];
  std::snprintf(text, sizeof text, "%5.1f%%", 100 * rate);
  return text;
}

double percentile(std::vector<double> values, double q) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const double rank = std::clamp(q, 0.0, 100.0) / 100 * static_cast<double>(values.size() - 1);
  const auto below = static_cast<std::size_t>(std::floor(rank));
  const std::size_t above = std::min(below + 1, values.size() - 1);
  return values[below] + (values[above] - values[below]) * (rank - static_cast<double>(below));
}

}  // namespace tengen::workbench
