// The line of requests waiting for a move source: first come, first served, and a request that comes while others
// wait never takes a freed source before them (the latency tail of `tengen serve` under load).
#include "source_pool.h"

#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace tengen::serve {
namespace {

class NamedSource final : public ai::MoveSource {
 public:
  std::string describe() const override { return "named"; }
  Result<ai::Answer> propose(const ai::MoveRequest&) override { return Result<ai::Answer>::failure("not asked"); }
};

bool waitForLine(const SourcePool& pool, int waiting) {
  for (int i = 0; i < 6000; ++i) {
    if (pool.busyAndWaiting().second == waiting) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return false;
}

TEST(SourcePool, AFreedSourceGoesToTheRequestThatWaitedLongestNeverToANewcomer) {
  std::vector<std::unique_ptr<ai::MoveSource>> sources;
  sources.push_back(std::make_unique<NamedSource>());
  SourcePool pool(std::move(sources), 8);
  ai::MoveSource* held = pool.acquire();
  ASSERT_NE(held, nullptr);

  std::mutex mutex;
  std::vector<int> served;
  std::vector<std::thread> threads;
  const auto request = [&](int id) {
    ai::MoveSource* source = pool.acquire();
    {
      std::lock_guard lock(mutex);
      served.push_back(source != nullptr ? id : -id);
    }
    if (source != nullptr) pool.release(source);
  };
  // Three requests join the line in order.
  for (int id = 1; id <= 3; ++id) {
    threads.emplace_back(request, id);
    ASSERT_TRUE(waitForLine(pool, id));
  }
  // The source is freed and, before the first in line has run, a newcomer asks: it must queue behind the three.
  pool.release(held);
  threads.emplace_back(request, 4);
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(served, (std::vector<int>{1, 2, 3, 4}));
  EXPECT_EQ(pool.busyAndWaiting(), (std::pair<int, int>{0, 0}));
}

TEST(SourcePool, ALineThatIsFullIsAnsweredAtOnce) {
  std::vector<std::unique_ptr<ai::MoveSource>> sources;
  sources.push_back(std::make_unique<NamedSource>());
  SourcePool pool(std::move(sources), 1);
  ai::MoveSource* held = pool.acquire();
  std::thread waiting([&] { pool.release(pool.acquire()); });
  ASSERT_TRUE(waitForLine(pool, 1));
  EXPECT_EQ(pool.acquire(), nullptr);  // the line holds one: a second waiter is refused, not queued
  pool.release(held);
  waiting.join();
  EXPECT_EQ(pool.busyAndWaiting(), (std::pair<int, int>{0, 0}));
}

}  // namespace
}  // namespace tengen::serve
