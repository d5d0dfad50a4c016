// The line of genmove requests waiting for a move source (docs/http-api.md, "Load"): first come, first served.
#pragma once

#include <algorithm>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "tengen/ai/move_source.h"

namespace tengen::serve {

// The move sources, one per worker; a request takes one for as long as it asks, or waits in a bounded line. The line
// is first come, first served: a freed source goes straight to the request that has waited longest, and a request
// that arrives while others wait joins the end, so no request waits behind later ones (the latency tail under load).
class SourcePool {
 public:
  SourcePool(std::vector<std::unique_ptr<ai::MoveSource>> sources, int maxWaiting)
      : m_sources(std::move(sources)), m_maxWaiting(static_cast<std::size_t>(std::max(0, maxWaiting))) {
    for (auto& s : m_sources) m_free.push_back(s.get());
  }

  // A free source, waiting for one when the line is short enough; null when it is not (the caller answers 503).
  ai::MoveSource* acquire() {
    std::unique_lock lock(m_mutex);
    if (m_line.empty() && !m_free.empty()) {
      ai::MoveSource* source = m_free.back();
      m_free.pop_back();
      return source;
    }
    if (m_line.size() >= m_maxWaiting) return nullptr;
    Waiter waiter;
    m_line.push_back(&waiter);
    waiter.handed.wait(lock, [&] { return waiter.source != nullptr; });
    return waiter.source;
  }

  void release(ai::MoveSource* source) {
    std::lock_guard lock(m_mutex);
    if (m_line.empty()) {
      m_free.push_back(source);
      return;
    }
    Waiter* first = m_line.front();
    m_line.pop_front();
    first->source = source;
    first->handed.notify_one();
  }

  int size() const { return static_cast<int>(m_sources.size()); }
  std::pair<int, int> busyAndWaiting() const {
    std::lock_guard lock(m_mutex);
    return {static_cast<int>(m_sources.size() - m_free.size()), static_cast<int>(m_line.size())};
  }

 private:
  // A request in the line, on its own thread's stack until a source is handed to it.
  struct Waiter {
    ai::MoveSource* source = nullptr;
    std::condition_variable handed;
  };

  std::vector<std::unique_ptr<ai::MoveSource>> m_sources;
  std::size_t m_maxWaiting;
  mutable std::mutex m_mutex;
  std::vector<ai::MoveSource*> m_free;
  std::deque<Waiter*> m_line;
};

}  // namespace tengen::serve
