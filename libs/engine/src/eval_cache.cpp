#include "eval_cache.h"

#include <algorithm>

#include "timed_lock.h"

namespace tengen::engine {

namespace {

// FNV-1a over the codes and the side to move: every bit of the input moves the slot.
std::uint64_t keyOf(const std::uint16_t* codes, int points, Color toMove) {
  std::uint64_t h = 14695981039346656037ULL;
  auto mix = [&h](std::uint64_t byte) {
    h ^= byte;
    h *= 1099511628211ULL;
  };
  for (int p = 0; p < points; ++p) {
    mix(codes[p] & 0xffU);
    mix(codes[p] >> 8U);
  }
  mix(static_cast<std::uint64_t>(toMove));
  mix(static_cast<std::uint64_t>(points));
  return h;
}

// The time this thread waited for a slot's lock, over its life.
thread_local double t_waited = 0;

}  // namespace

EvalCache& EvalCache::shared() {
  static EvalCache cache;
  return cache;
}

double EvalCache::waitedOnThisThread() { return t_waited; }

EvalCache::EvalCache(std::size_t slots)
    : m_count(std::max<std::size_t>(slots, 1)), m_slots(std::make_unique<Slot[]>(m_count)) {}

std::unique_lock<std::mutex> EvalCache::lockSlot(Slot& slot) { return lockCountingWait(slot.lock, t_waited); }

bool EvalCache::find(const std::uint16_t* codes, int points, Color toMove, float* out, NetJudgment* judgment,
                     const GameTerms& terms) {
  const std::uint64_t key = keyOf(codes, points, toMove);
  Slot& slot = slotOf(key);
  const std::unique_lock<std::mutex> guard = lockSlot(slot);
  if (slot.toMove != toMove || slot.key != key || slot.codes.size() != static_cast<std::size_t>(points) ||
      !std::equal(slot.codes.begin(), slot.codes.end(), codes)) {
    return false;
  }
  if (judgment != nullptr) {
    if (!slot.judged || slot.terms.moverKomi != terms.moverKomi || slot.terms.territory != terms.territory) {
      return false;
    }
    *judgment = slot.judgment;
  }
  std::copy(slot.probabilities.begin(), slot.probabilities.end(), out);
  return true;
}

void EvalCache::store(const std::uint16_t* codes, int points, Color toMove, const float* probabilities,
                      const NetJudgment* judgment, const GameTerms& terms) {
  const std::uint64_t key = keyOf(codes, points, toMove);
  Slot& slot = slotOf(key);
  const std::unique_lock<std::mutex> guard = lockSlot(slot);
  slot.key = key;
  slot.toMove = toMove;
  slot.codes.assign(codes, codes + points);
  slot.probabilities.assign(probabilities, probabilities + points);
  slot.judged = judgment != nullptr;
  if (judgment != nullptr) {
    slot.terms = terms;
    slot.judgment = *judgment;
  }
}

void EvalCache::clear() {
  for (std::size_t i = 0; i < m_count; ++i) {
    Slot& slot = m_slots[i];
    const std::unique_lock<std::mutex> guard = lockSlot(slot);
    slot.toMove = Color::Empty;
    slot.codes.clear();
    slot.probabilities.clear();
    slot.judged = false;
  }
}

}  // namespace tengen::engine
