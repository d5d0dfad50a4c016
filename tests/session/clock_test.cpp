// The session's clock without a timer: the running side is charged as time passes, a move settles it, and a fallen
// flag is reported once.
#include "tengen/session/clock.h"

#include <gtest/gtest.h>

namespace tengen::session {
namespace {

class HandTime final : public TimeSource {
 public:
  std::int64_t nowMs() const override { return now; }
  std::int64_t now = 1'000'000;
};

TEST(Clock, ChargesTheRunningSideAndSettlesItOnItsMove) {
  HandTime time;
  Clock clock(time);
  clock.reset({TimeControl::Kind::ByoYomi, 10, 5, 2, 0});
  clock.start(Color::Black);
  time.now += 4'000;
  EXPECT_EQ(clock.time(Color::Black).mainMs, 6'000);
  EXPECT_EQ(clock.time(Color::White).mainMs, 10'000);
  const TimeLeft black = clock.moveMade(Color::Black);
  EXPECT_EQ(black.mainMs, 6'000);
  EXPECT_FALSE(clock.running());
  time.now += 60'000;  // nothing runs: nobody is charged
  EXPECT_EQ(clock.time(Color::Black), black);
  clock.start(Color::White);
  time.now += 12'000;  // 10 s main time, then 2 s of the first 5 s period
  EXPECT_TRUE(clock.time(Color::White).inOvertime(clock.control()));
  EXPECT_EQ(clock.time(Color::White).periodMs, 3'000);
  EXPECT_TRUE(clock.newlyFlagged().empty());
}

TEST(Clock, AFallenFlagIsReportedOnce) {
  HandTime time;
  Clock clock(time);
  clock.reset({TimeControl::Kind::Absolute, 5, 0, 0, 0});
  clock.start(Color::White);
  time.now += 5'001;
  EXPECT_EQ(clock.newlyFlagged(), std::vector<Color>{Color::White});
  EXPECT_TRUE(clock.newlyFlagged().empty());
  // A new game forgets it.
  clock.reset(clock.control());
  clock.start(Color::White);
  time.now += 6'000;
  EXPECT_EQ(clock.newlyFlagged(), std::vector<Color>{Color::White});
}

TEST(Clock, AnUntimedGameNeverRuns) {
  HandTime time;
  Clock clock(time);
  clock.reset({});
  clock.start(Color::Black);
  EXPECT_FALSE(clock.running());
  time.now += 1'000'000;
  EXPECT_FALSE(clock.time(Color::Black).flagged);
  EXPECT_TRUE(clock.newlyFlagged().empty());
}

}  // namespace
}  // namespace tengen::session
