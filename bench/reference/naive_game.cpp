#include "tengen/reference/naive_game.h"

#include <cassert>

namespace tengen::reference {

namespace {

struct Group {
  std::vector<int> stones;
  int liberties = 0;
};

// The group containing the stone at index start and its distinct liberties, by flood fill.
Group collectGroup(const std::vector<Color>& board, int size, int start) {
  const Color color = board[start];
  Group group;
  std::vector<bool> seen(board.size(), false);
  std::vector<bool> libertySeen(board.size(), false);
  std::vector<int> stack{start};
  seen[start] = true;
  while (!stack.empty()) {
    const int index = stack.back();
    stack.pop_back();
    group.stones.push_back(index);
    const int row = index / size;
    const int col = index % size;
    const int neighbours[4][2] = {{row - 1, col}, {row + 1, col}, {row, col - 1}, {row, col + 1}};
    for (const auto& n : neighbours) {
      if (n[0] < 0 || n[0] >= size || n[1] < 0 || n[1] >= size) continue;
      const int next = n[0] * size + n[1];
      if (board[next] == Color::Empty) {
        if (!libertySeen[next]) {
          libertySeen[next] = true;
          ++group.liberties;
        }
      } else if (board[next] == color && !seen[next]) {
        seen[next] = true;
        stack.push_back(next);
      }
    }
  }
  return group;
}

}  // namespace

NaiveGame::NaiveGame(int size, Rules rules) : m_size(size), m_rules(rules) {
  assert(size >= 2 && size <= 25);
  m_history.push_back(
      {std::vector<Color>(static_cast<std::size_t>(size * size), Color::Empty), Color::Black, Color::Empty, false});
}

Color NaiveGame::at(int row, int col) const {
  if (!onBoard(row, col)) return Color::OffBoard;
  return stones()[row * m_size + col];
}

int NaiveGame::captures(Color c) const { return m_captures[c == Color::Black ? 0 : 1]; }

NaiveGame::Outcome NaiveGame::simulate(Color c, int row, int col) const {
  Outcome out;
  if (!onBoard(row, col)) {
    out.reason = RejectReason::OutOfBounds;
    return out;
  }
  const int index = row * m_size + col;
  if (stones()[index] != Color::Empty) {
    out.reason = RejectReason::Occupied;
    return out;
  }

  // Step 2 of the seed: a copy of the board, the stone on it, and every adjacent opponent group without liberties
  // removed (not only the first one).
  out.stones = stones();
  out.stones[index] = c;
  const int neighbours[4][2] = {{row - 1, col}, {row + 1, col}, {row, col - 1}, {row, col + 1}};
  for (const auto& n : neighbours) {
    if (!onBoard(n[0], n[1])) continue;
    const int next = n[0] * m_size + n[1];
    if (out.stones[next] != opponent(c)) continue;
    const Group group = collectGroup(out.stones, m_size, next);
    if (group.liberties == 0) {
      for (int s : group.stones) out.stones[s] = Color::Empty;
      out.removedOpponent += static_cast<int>(group.stones.size());
    }
  }

  // Step 3: suicide, then the comparisons with earlier boards.
  const Group own = collectGroup(out.stones, m_size, index);
  if (own.liberties == 0) {
    if (!ruleSet(m_rules).multiStoneSuicide || own.stones.size() <= 1) {
      out.reason = RejectReason::Suicide;
      return out;
    }
    for (int s : own.stones) out.stones[s] = Color::Empty;
    out.removedOwn = static_cast<int>(own.stones.size());
  }

  const Position& current = m_history.back();
  if (m_history.size() >= 2 && current.wasStone && current.mover == opponent(c) &&
      out.stones == m_history[m_history.size() - 2].stones) {
    out.reason = RejectReason::Ko;
    return out;
  }

  const KoRule ko = ruleSet(m_rules).ko;
  for (const Position& earlier : m_history) {
    const bool repeats =
        (ko == KoRule::PositionalSuperko && earlier.stones == out.stones) ||
        (ko == KoRule::SituationalSuperko && earlier.toMove == opponent(c) && earlier.stones == out.stones);
    if (repeats) {
      out.reason = RejectReason::Superko;
      return out;
    }
  }
  return out;
}

RejectReason NaiveGame::check(Color c, int row, int col) const { return simulate(c, row, col).reason; }

void NaiveGame::play(Color c, int row, int col) {
  Outcome out = simulate(c, row, col);
  assert(out.reason == RejectReason::None);
  m_captures[c == Color::Black ? 0 : 1] += out.removedOpponent;
  m_captures[c == Color::Black ? 1 : 0] += out.removedOwn;
  m_history.push_back({std::move(out.stones), opponent(c), c, true});
}

void NaiveGame::pass(Color c) {
  Position next = m_history.back();
  next.toMove = opponent(c);
  next.mover = c;
  next.wasStone = false;
  m_history.push_back(std::move(next));
}

}  // namespace tengen::reference
