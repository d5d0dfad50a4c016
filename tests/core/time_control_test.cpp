// A side's time under each kind of time control: how thinking spends it (charge) and what GTP's time_left reads of it
// (stretchMs, stretchStones). The clock that runs it is tested with the session (tests/session, tests/qt).
#include "tengen/core/time_control.h"

#include <gtest/gtest.h>

namespace tengen {
namespace {

using Kind = TimeControl::Kind;

TEST(TimeLeftTest, StartsWithTheWholeMainTimeAndAWholePeriodWaiting) {
  EXPECT_EQ(initialTime({Kind::ByoYomi, 60, 30, 3, 0}), (TimeLeft{60'000, 30'000, 3, 0, false}));
  EXPECT_EQ(initialTime({Kind::Canadian, 0, 300, 0, 25}), (TimeLeft{0, 300'000, 0, 25, false}));
  EXPECT_EQ(initialTime({}), TimeLeft{});
}

TEST(TimeLeftTest, ByoYomiSpendsTheMainTimeThenLosesEveryPeriodThatRunsOut) {
  const TimeControl byoYomi{Kind::ByoYomi, 60, 30, 3, 0};
  const TimeLeft main{.mainMs = 40'000, .periodMs = 30'000, .periods = 3};
  TimeLeft t = charge(main, byoYomi, 15'000, false);
  EXPECT_EQ(t.stretchMs(byoYomi), 25'000);
  EXPECT_EQ(t.stretchStones(byoYomi), 0);
  // 10 s of the first period: time_left tells the period left, for one stone.
  t = charge(main, byoYomi, 50'000, false);
  EXPECT_TRUE(t.inOvertime(byoYomi));
  EXPECT_EQ(t.stretchMs(byoYomi), 20'000);
  EXPECT_EQ(t.stretchStones(byoYomi), 1);
  EXPECT_EQ(t.periods, 3);
  t = charge(main, byoYomi, 80'000, false);
  EXPECT_EQ(t.stretchMs(byoYomi), 20'000);
  EXPECT_EQ(t.periods, 2);
  t = charge(TimeLeft{.periodMs = 12'000, .periods = 2}, byoYomi, 20'000, false);
  EXPECT_EQ(t.stretchMs(byoYomi), 22'000);
  EXPECT_EQ(t.periods, 1);
  // Past the last period the flag falls with nothing left, still one stone to play.
  t = charge(main, byoYomi, 500'000, false);
  EXPECT_TRUE(t.flagged);
  EXPECT_EQ(t.stretchMs(byoYomi), 0);
  EXPECT_EQ(t.stretchStones(byoYomi), 1);
}

TEST(TimeLeftTest, CanadianCountsThePeriodDownAndKeepsItsStones) {
  const TimeControl canadian{Kind::Canadian, 60, 300, 0, 25};
  TimeLeft t = charge(TimeLeft{.mainMs = 40'000, .periodMs = 300'000, .stones = 25}, canadian, 100'000, false);
  EXPECT_EQ(t.stretchMs(canadian), 240'000);
  EXPECT_EQ(t.stretchStones(canadian), 25);
  const TimeLeft period{.periodMs = 100'000, .stones = 7};
  t = charge(period, canadian, 30'000, false);
  EXPECT_EQ(t.stretchMs(canadian), 70'000);
  EXPECT_EQ(t.stretchStones(canadian), 7);
  t = charge(period, canadian, 130'000, false);
  EXPECT_TRUE(t.flagged);
  EXPECT_EQ(t.stretchMs(canadian), 0);
  EXPECT_EQ(t.stretchStones(canadian), 7);
}

TEST(TimeLeftTest, AbsoluteTimeRunsOutAtZeroAndNoTimeChangesNothing) {
  const TimeControl absolute{Kind::Absolute, 60, 0, 0, 0};
  const TimeLeft main{.mainMs = 40'000};
  const TimeLeft out = charge(main, absolute, 45'000, false);
  EXPECT_TRUE(out.flagged);
  EXPECT_EQ(out.stretchMs(absolute), 0);
  EXPECT_EQ(out.stretchStones(absolute), 0);
  EXPECT_EQ(charge(main, absolute, 0, false), main);
  EXPECT_EQ(charge(main, TimeControl{}, 45'000, false), main);
}

}  // namespace
}  // namespace tengen
