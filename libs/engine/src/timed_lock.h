// A mutex taken with the time spent waiting for it counted: the engine reports how long its threads wait for each of
// the few locks a playout may take (SearchWaits, EngineStats).
#pragma once

#include <chrono>
#include <mutex>

namespace tengen::engine {

// `lock` taken; when another thread held it, the seconds waited are added to `waited`.
inline std::unique_lock<std::mutex> lockCountingWait(std::mutex& lock, double& waited) {
  std::unique_lock<std::mutex> guard(lock, std::try_to_lock);
  if (guard.owns_lock()) return guard;
  const auto start = std::chrono::steady_clock::now();
  guard.lock();
  waited += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return guard;
}

}  // namespace tengen::engine
