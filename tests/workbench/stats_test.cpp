// The workbench's statistics against values worked out by hand (and checked with R's binom.test, prop.test and
// mcnemar.test).
#include "tengen/workbench/stats.h"

#include <gtest/gtest.h>

#include <cmath>

namespace tengen::workbench {
namespace {

TEST(Wilson, MatchesTheScoreIntervalOfKnownCases) {
  const Rate half = wilson(5, 10);
  EXPECT_DOUBLE_EQ(half.rate, 0.5);
  EXPECT_NEAR(half.low, 0.2366, 1e-4);
  EXPECT_NEAR(half.high, 0.7634, 1e-4);
  const Rate none = wilson(0, 34);
  EXPECT_EQ(none.low, 0.0);
  EXPECT_NEAR(none.high, 0.1015, 1e-4);
  const Rate all = wilson(20, 20);
  EXPECT_NEAR(all.low, 0.8389, 1e-4);
  EXPECT_NEAR(all.high, 1.0, 1e-12);
  const Rate empty = wilson(0, 0);
  EXPECT_EQ(empty.n, 0);
  EXPECT_EQ(empty.low, 0.0);
  EXPECT_EQ(empty.high, 1.0);
}

TEST(McNemar, UsesTheExactTestBelow25DiscordantPairs) {
  const McNemar none = mcnemar(0, 0);
  EXPECT_EQ(none.p, 1.0);
  const McNemar oneSided = mcnemar(0, 11);
  EXPECT_EQ(oneSided.method, "exact");
  EXPECT_NEAR(oneSided.p, 2.0 / 2048, 1e-12);
  const McNemar mostly = mcnemar(10, 1);  // 2 * (1 + 11) / 2^11
  EXPECT_NEAR(mostly.p, 24.0 / 2048, 1e-12);
  EXPECT_NEAR(mcnemar(3, 3).p, 1.0, 1e-12);
}

TEST(McNemar, UsesChiSquaredWithContinuityCorrectionFrom25) {
  const McNemar m = mcnemar(30, 10);  // (|30 - 10| - 1)^2 / 40 = 9.025
  EXPECT_EQ(m.method, "chi-squared");
  EXPECT_NEAR(m.p, std::erfc(std::sqrt(9.025 / 2)), 1e-12);
  EXPECT_NEAR(m.p, 0.002663, 1e-5);
  EXPECT_NEAR(mcnemar(13, 12).p, 1.0, 1e-12);  // |1| - 1 = 0
}

TEST(Percentile, InterpolatesBetweenClosestRanks) {
  EXPECT_EQ(percentile({}, 50), 0.0);
  EXPECT_DOUBLE_EQ(percentile({5, 1, 4, 2, 3}, 50), 3.0);
  EXPECT_DOUBLE_EQ(percentile({5, 1, 4, 2, 3}, 95), 4.8);
  EXPECT_DOUBLE_EQ(percentile({7}, 95), 7.0);
}

}  // namespace
}  // namespace tengen::workbench
