// The policy network's answers by what it read: a position's codes (policy_input.h) and the side to move, which is
// all the network sees. A search that meets a position again — a transposition in one tree, the next move's tree,
// the same position analysed twice, the other player's engine in a match — takes the probabilities from here instead
// of evaluating it again. The codes are stored whole and compared, so an answer is never one for another position,
// and a search finds the same answers with or without a cache. Threads share a cache: each slot has a lock of its
// own, held for a copy.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "tengen/core/types.h"
#include "tengen/engine/policy_net.h"

namespace tengen::engine {

class EvalCache {
 public:
  // Room for `slots` positions; a position takes the slot its codes hash to, in place of what was there.
  explicit EvalCache(std::size_t slots = kDefaultSlots);

  // The probabilities kept for `codes` (`points` of them) with toMove to play, copied to `out`; false when none are.
  // With `judgment`, also the judgment heads' answer for the game's terms `terms`, and false when the slot has none
  // for those terms.
  bool find(const std::uint16_t* codes, int points, Color toMove, float* out, NetJudgment* judgment = nullptr,
            const GameTerms& terms = {});
  // Keeps `probabilities` as the answer for `codes` with toMove to play, and `judgment` (when given) as the
  // judgment heads' for `terms`.
  void store(const std::uint16_t* codes, int points, Color toMove, const float* probabilities,
             const NetJudgment* judgment = nullptr, const GameTerms& terms = {});
  // Forgets every answer.
  void clear();

  // The cache every search of the built-in network shares, for as long as the process runs.
  static EvalCache& shared();

  // Seconds the calling thread has waited, over its life, for a slot another thread held (of any cache).
  static double waitedOnThisThread();

  // About 10 MB when every slot holds a 19x19 position.
  static constexpr std::size_t kDefaultSlots = 4096;

 private:
  struct Slot {
    std::mutex lock;
    std::uint64_t key = 0;
    Color toMove = Color::Empty;  // Empty: the slot holds nothing
    std::vector<std::uint16_t> codes;
    std::vector<float> probabilities;
    bool judged = false;
    GameTerms terms;
    NetJudgment judgment;
  };
  // Locks `slot`, counting the time waited when another thread holds it.
  std::unique_lock<std::mutex> lockSlot(Slot& slot);
  Slot& slotOf(std::uint64_t key) { return m_slots[key % m_count]; }

  std::size_t m_count;
  std::unique_ptr<Slot[]> m_slots;
};

}  // namespace tengen::engine
