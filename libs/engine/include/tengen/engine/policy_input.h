// What the policy network sees of a position: one 16-bit code per point, computed from the board by the engine and
// by the tool that exports training data (tools/export_policy_data) with the same function, and the input planes
// the network reads, expanded from the codes. The training tool (tools/train_policy) expands the codes into planes
// the same way; docs/engine.md lists the planes.
#pragma once

#include <cstdint>

#include "tengen/core/board.h"
#include "tengen/core/types.h"

namespace tengen::engine {

// The bits of a point's code, as the side to move sees the position.
namespace policy_code {
inline constexpr std::uint16_t kStoneMask = 0x3;       // 0 empty, 1 the mover's stone, 2 the opponent's
inline constexpr int kLibertiesShift = 2;              // stones: the chain's liberties, 0..3 for 1, 2, 3, 4 or more
inline constexpr std::uint16_t kLast = 1U << 4;        // the last move was played here
inline constexpr std::uint16_t kBeforeLast = 1U << 5;  // the move before it was played here
inline constexpr std::uint16_t kKo = 1U << 6;          // the mover may not retake a ko here
inline constexpr std::uint16_t kLegal = 1U << 7;       // the mover may play here
inline constexpr std::uint16_t kCapture = 1U << 8;     // legal points: playing here captures
inline constexpr int kLibertiesAfterShift = 9;         // legal points: the new chain's liberties, 0..2 for 1, 2, 3+
// Stones: the mover's chain is in atari and is caught in a ladder even when it moves first. Legal points: playing
// here puts an opponent chain of two liberties in atari and the ladder catches it.
inline constexpr std::uint16_t kLadder = 1U << 11;
}  // namespace policy_code

// The input planes, in order: the mover's stones, the opponent's, empty points; the mover's chains with 1, 2, 3 and
// 4+ liberties; the same for the opponent; the last move; the move before; the ko point; legal points; capturing
// points; legal points whose new chain has 1, 2 and 3+ liberties; the mover's stones caught in a ladder; ladder
// ataris; a plane of ones when Black is to move; a plane of ones (so the padding shows the edge).
inline constexpr int kPolicyPlanes = 23;

// Writes the code of every point of `board` as colour `toMove` sees it, row by row (size * size values) to `out`.
// `last` and `beforeLast` are the vertices of the last two moves (kNoVertex for a pass or none).
void policyCodes(const Board& board, Color toMove, Board::Vertex last, Board::Vertex beforeLast, std::uint16_t* out);

// Expands the codes of `points` points into kPolicyPlanes planes of `points` floats each (plane by plane) in `out`.
void policyPlanes(const std::uint16_t* codes, int points, Color toMove, float* out);

}  // namespace tengen::engine
