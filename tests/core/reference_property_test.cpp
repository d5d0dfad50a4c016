// Property test: the fast Game/Board must agree with the naive reference (bench/reference) on every point of
// every position of many random games, under all six rule sets: the same RejectReason for every candidate move,
// the same stones and the same captures after every move.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "tengen/core/coords.h"
#include "tengen/core/game.h"
#include "tengen/reference/naive_game.h"

namespace tengen {
namespace {

using reference::NaiveGame;

struct Tally {
  long games = 0;
  long moves = 0;
  long checks = 0;
  int mismatches = 0;
  std::map<RejectReason, long> reasons;
};

constexpr int kMaxMismatchesReported = 5;

std::string movesText(const Game& game) {
  std::ostringstream out;
  for (const Move& m : game.moves()) out << colorLetter(m.color) << " " << gtpMove(m, game.size()) << ", ";
  return out.str();
}

class RandomGame {
 public:
  RandomGame(int size, Rules rules, std::uint64_t seed, Tally& tally)
      : m_size(size),
        m_rules(rules),
        m_rng(seed),
        m_tally(tally),
        m_game(makeConfig(size, rules)),
        m_naive(size, rules) {}

  // Plays until two passes or maxMoves; returns false after a disagreement.
  bool run(int maxMoves) {
    ++m_tally.games;
    Point last{-1, -1};
    for (int n = 0; n < maxMoves && m_game.phase() == Phase::Playing; ++n) {
      const Color c = m_game.toMove();
      if (m_naive.toMove() != c) return fail("side to move differs");
      std::vector<Point> legal;
      if (!compareEveryPoint(c, legal)) return false;

      Move move = Move::pass(c);
      if (!legal.empty() && !chance(0.03)) move = Move::play(c, choose(legal, last));
      if (m_game.play(move) != RejectReason::None) return fail("Game refused a move it had called legal");
      if (move.kind == MoveKind::Play) {
        m_naive.play(c, move.point.row, move.point.col);
        last = move.point;
      } else {
        m_naive.pass(c);
      }
      ++m_tally.moves;
      if (!compareStones()) return false;
    }
    return true;
  }

 private:
  static GameConfig makeConfig(int size, Rules rules) {
    GameConfig config;
    config.size = size;
    config.rules = rules;
    return config;
  }

  bool chance(double p) { return std::bernoulli_distribution(p)(m_rng); }
  int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(m_rng); }

  // Usually a legal point close to the last move, so that captures, kos and repetitions come often.
  Point choose(const std::vector<Point>& legal, Point last) {
    if (last.row >= 0 && chance(0.8)) {
      std::vector<Point> near;
      for (Point p : legal) {
        if (std::abs(p.row - last.row) <= 2 && std::abs(p.col - last.col) <= 2) near.push_back(p);
      }
      if (!near.empty()) return near[static_cast<std::size_t>(pick(static_cast<int>(near.size())))];
    }
    return legal[static_cast<std::size_t>(pick(static_cast<int>(legal.size())))];
  }

  bool compareEveryPoint(Color c, std::vector<Point>& legal) {
    for (int row = -1; row <= m_size; ++row) {
      for (int col = -1; col <= m_size; ++col) {
        const bool onBoard = row >= 0 && row < m_size && col >= 0 && col < m_size;
        // Off the board, only the ring around it (every off-board point answers the same).
        const RejectReason fast = m_game.check(Move::play(c, {row, col}));
        const RejectReason slow = m_naive.check(c, row, col);
        ++m_tally.checks;
        if (onBoard) ++m_tally.reasons[slow];
        if (fast != slow) {
          std::ostringstream why;
          why << colorLetter(c) << " at (" << row << ", " << col << ")";
          if (onBoard) why << " = " << gtpVertex({row, col}, m_size);
          why << ": Game says " << reasonCode(fast) << ", reference says " << reasonCode(slow);
          return fail(why.str());
        }
        if (onBoard && slow == RejectReason::None) legal.push_back({row, col});
      }
    }
    return true;
  }

  bool compareStones() {
    for (int row = 0; row < m_size; ++row) {
      for (int col = 0; col < m_size; ++col) {
        if (m_game.board().at(Point{row, col}) != m_naive.at(row, col)) {
          return fail("stones differ at " + gtpVertex({row, col}, m_size));
        }
      }
    }
    for (Color c : {Color::Black, Color::White}) {
      if (m_game.board().captures(c) != m_naive.captures(c)) {
        return fail(std::string("captures of ") + std::string(colorName(c)) + " differ: Game " +
                    std::to_string(m_game.board().captures(c)) + ", reference " + std::to_string(m_naive.captures(c)));
      }
    }
    return true;
  }

  bool fail(const std::string& what) {
    if (++m_tally.mismatches <= kMaxMismatchesReported) {
      ADD_FAILURE() << ruleSet(m_rules).name << " " << m_size << "x" << m_size << " after " << m_game.moveCount()
                    << " moves: " << what << "\nmoves: " << movesText(m_game) << "\n"
                    << m_game.board().toAscii();
    }
    return false;
  }

  int m_size;
  Rules m_rules;
  std::mt19937_64 m_rng;
  Tally& m_tally;
  Game m_game;
  NaiveGame m_naive;
};

std::string tallyLine(const Tally& tally) {
  std::ostringstream out;
  out << "games=" << tally.games << " moves=" << tally.moves << " checks=" << tally.checks;
  for (RejectReason r :
       {RejectReason::None, RejectReason::Occupied, RejectReason::Suicide, RejectReason::Ko, RejectReason::Superko}) {
    const auto it = tally.reasons.find(r);
    out << " " << reasonCode(r) << "=" << (it == tally.reasons.end() ? 0 : it->second);
  }
  return out.str();
}

// (size, games per rule set, moves per game): small boards get many long games so that kos and repetitions
// happen; a few large boards check that nothing depends on the size.
struct Plan {
  int size;
  int games;
  int maxMoves;
};
const Plan kPlan[] = {
    {2, 100, 60}, {3, 100, 120}, {4, 80, 160}, {5, 50, 200}, {6, 20, 200},
    {7, 12, 220}, {8, 8, 240},   {9, 8, 260},  {13, 2, 200}, {19, 1, 150},
};

TEST(ReferencePropertyTest, GameAgreesWithTheNaiveReferenceOnEveryPointUnderEveryRuleSet) {
  Tally total;
  std::uint64_t seed = 1;
  for (const RuleSet& set : allRuleSets()) {
    Tally perRules;
    for (const Plan& plan : kPlan) {
      for (int g = 0; g < plan.games && total.mismatches + perRules.mismatches < kMaxMismatchesReported; ++g) {
        RandomGame(plan.size, set.rules, seed++, perRules).run(plan.maxMoves);
      }
    }
    std::cout << "[ reference] " << set.name << ": " << tallyLine(perRules) << "\n";
    total.games += perRules.games;
    total.moves += perRules.moves;
    total.checks += perRules.checks;
    total.mismatches += perRules.mismatches;
    for (const auto& [reason, count] : perRules.reasons) total.reasons[reason] += count;
  }
  std::cout << "[ reference] all: " << tallyLine(total) << "\n";
  EXPECT_EQ(total.mismatches, 0);
  // The comparison means something only if the interesting answers actually came up.
  for (RejectReason r : {RejectReason::Occupied, RejectReason::Suicide, RejectReason::Ko, RejectReason::Superko}) {
    EXPECT_GT(total.reasons[r], 0) << reasonCode(r) << " never occurred";
  }
}

// The reference itself on the five rule tests' boards, so that a wrong reference cannot hide a wrong engine.
TEST(NaiveGameTest, ReferenceFollowsTheRulesOnHandBuiltPositions) {
  NaiveGame ko(5, Rules::Japanese);
  // Black surrounds (1, 1) and White surrounds (1, 2), then White fills (1, 1) and Black takes it.
  const int moves[][2] = {{0, 1}, {0, 2}, {1, 0}, {1, 3}, {2, 1}, {2, 2}, {4, 4}, {1, 1}};
  for (int i = 0; i < 8; ++i) {
    const Color c = i % 2 == 0 ? Color::Black : Color::White;
    ASSERT_EQ(ko.check(c, moves[i][0], moves[i][1]), RejectReason::None) << i;
    ko.play(c, moves[i][0], moves[i][1]);
  }
  EXPECT_EQ(ko.check(Color::Black, 1, 2), RejectReason::None);
  ko.play(Color::Black, 1, 2);
  EXPECT_EQ(ko.at(1, 1), Color::Empty);
  EXPECT_EQ(ko.captures(Color::Black), 1);
  EXPECT_EQ(ko.check(Color::White, 1, 1), RejectReason::Ko);
  EXPECT_EQ(ko.check(Color::White, 1, 2), RejectReason::Occupied);
  EXPECT_EQ(ko.check(Color::White, -1, 2), RejectReason::OutOfBounds);
  EXPECT_EQ(ko.check(Color::White, 0, 5), RejectReason::OutOfBounds);
  EXPECT_EQ(ko.at(5, 0), Color::OffBoard);
  ko.pass(Color::White);
  EXPECT_EQ(ko.toMove(), Color::Black);
  ko.pass(Color::Black);
  EXPECT_EQ(ko.check(Color::White, 1, 1), RejectReason::None) << "the passes ended the ko";

  NaiveGame suicide(3, Rules::Nz);
  suicide.play(Color::White, 0, 1);
  suicide.play(Color::White, 1, 0);
  EXPECT_EQ(suicide.check(Color::Black, 0, 0), RejectReason::Suicide);
  NaiveGame multi(3, Rules::Nz);
  multi.play(Color::Black, 0, 1);
  multi.play(Color::White, 0, 2);
  multi.play(Color::White, 1, 1);
  multi.play(Color::White, 1, 0);
  EXPECT_EQ(multi.check(Color::Black, 0, 0), RejectReason::None);
  multi.play(Color::Black, 0, 0);
  EXPECT_EQ(multi.at(0, 1), Color::Empty);
  EXPECT_EQ(multi.captures(Color::White), 2);
  NaiveGame chinese(3, Rules::Chinese);
  chinese.play(Color::Black, 0, 1);
  chinese.play(Color::White, 0, 2);
  chinese.play(Color::White, 1, 1);
  chinese.play(Color::White, 1, 0);
  EXPECT_EQ(chinese.check(Color::Black, 0, 0), RejectReason::Suicide);
}

}  // namespace
}  // namespace tengen
