// A deliberately naive Go rules reference, written the seed's way: every check copies the board, places the
// stone, flood-fills groups to find captures and liberties, and compares whole boards with every earlier one.
// It is meant to be obviously correct, not fast; tests and benchmarks compare tengen's Board and Game against it.
#pragma once

#include <vector>

#include "tengen/core/rules.h"
#include "tengen/core/types.h"

namespace tengen::reference {

class NaiveGame {
 public:
  // An empty board with Black to move. Precondition: 2 <= size <= 25.
  NaiveGame(int size, Rules rules);

  int size() const { return m_size; }
  // The colour at (row, col); Color::OffBoard outside the board.
  Color at(int row, int col) const;
  // Row-major, row 0 at the top.
  const std::vector<Color>& stones() const { return m_history.back().stones; }
  // Black at the start, then the opponent of the last mover (a pass included).
  Color toMove() const { return m_history.back().toMove; }
  // Stones of the opponent removed by c (an allowed suicide credits the suicide's stones to the opponent).
  int captures(Color c) const;

  // Whether a stone of c may go at (row, col), ignoring whose turn it is, in the seed's order: OutOfBounds,
  // Occupied, Suicide, Ko (the result equals the board before the opponent's last move, under every rule set),
  // then Superko by the rule set (positional: any earlier board; situational: any earlier board with opponent(c)
  // to move). None when legal. Precondition: c is Black or White.
  RejectReason check(Color c, int row, int col) const;

  // Plays a stone. Precondition: check(c, row, col) == RejectReason::None.
  void play(Color c, int row, int col);
  // A pass by c: the stones stay, the opponent of c is to move.
  void pass(Color c);

 private:
  struct Position {
    std::vector<Color> stones;
    Color toMove;
    // Who made the move that reached this position, and whether it was a stone (not a pass); Empty at the start.
    Color mover;
    bool wasStone;
  };

  struct Outcome {
    std::vector<Color> stones;  // the board after the move
    int removedOpponent = 0;    // opponent stones captured
    int removedOwn = 0;         // own stones removed by an allowed multi-stone suicide
    RejectReason reason = RejectReason::None;
  };

  // Plays (row, col) for c on a copy of the current board and says what happened, with the reason if illegal.
  Outcome simulate(Color c, int row, int col) const;

  bool onBoard(int row, int col) const { return row >= 0 && row < m_size && col >= 0 && col < m_size; }

  int m_size;
  Rules m_rules;
  int m_captures[2] = {0, 0};
  // Every position since the start; back() is the current one.
  std::vector<Position> m_history;
};

}  // namespace tengen::reference
