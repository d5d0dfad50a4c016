// Randomized (seeded, deterministic) play on every kind of board size, with a quarter of the attempts illegal or
// garbage. After every move the board's incremental state must match one rebuilt from the raw colours, and an
// illegal attempt must change nothing.
#include <gtest/gtest.h>

#include <cstdint>
#include <iostream>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "tengen/core/game.h"

namespace tengen {
namespace {

struct Snapshot {
  Board board;
  Color toMove;
  int moveCount;
  Phase phase;
};

Snapshot snapshotOf(const Game& game) { return {game.board(), game.toMove(), game.moveCount(), game.phase()}; }

// Whether the game is exactly as in the snapshot (stones, hash, ko point, captures, turn, moves).
::testing::AssertionResult unchanged(const Game& game, const Snapshot& before) {
  const Board& now = game.board();
  if (!now.sameStones(before.board)) return ::testing::AssertionFailure() << "stones changed";
  if (now.hash() != before.board.hash()) return ::testing::AssertionFailure() << "hash changed";
  if (now.koVertex() != before.board.koVertex() || now.koColor() != before.board.koColor()) {
    return ::testing::AssertionFailure() << "ko point changed";
  }
  if (now.captures(Color::Black) != before.board.captures(Color::Black) ||
      now.captures(Color::White) != before.board.captures(Color::White)) {
    return ::testing::AssertionFailure() << "captures changed";
  }
  if (game.toMove() != before.toMove) return ::testing::AssertionFailure() << "side to move changed";
  if (game.moveCount() != before.moveCount) return ::testing::AssertionFailure() << "move count changed";
  if (game.phase() != before.phase) return ::testing::AssertionFailure() << "phase changed";
  return ::testing::AssertionSuccess();
}

class StressRun {
 public:
  explicit StressRun(std::uint64_t seed) : m_rng(seed) {}

  int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(m_rng); }
  bool chance(double p) { return std::bernoulli_distribution(p)(m_rng); }

  // Plays one game of the given size until two passes or the move cap; returns false after a failure.
  bool playGame(int size, Rules rules) {
    GameConfig config;
    config.size = size;
    config.rules = rules;
    Game game(config);
    const int moveCap = 3 * size * size + 10;
    for (int turn = 0; turn < moveCap && game.phase() == Phase::Playing; ++turn) {
      if (chance(0.25)) {
        if (!attemptIllegal(game)) return false;
      } else if (!playLegal(game)) {
        return false;
      }
      std::string why;
      if (!game.board().checkInvariants(&why)) {
        ADD_FAILURE() << "invariants broken after move " << game.moveCount() << " on " << size << "x" << size << " ("
                      << ruleSet(rules).name << "): " << why << "\n"
                      << game.board().toAscii();
        return false;
      }
    }
    return true;
  }

  long legalMoves = 0;
  long illegalAttempts = 0;
  long undos = 0;
  std::map<RejectReason, long> reasons;

 private:
  bool playLegal(Game& game) {
    const Board& board = game.board();
    const Color c = game.toMove();
    Point chosen{-1, -1};
    // A random start in the empty list, scanning forward for a legal point; pass when none (or now and then).
    if (board.emptyCount() > 0 && !chance(0.02)) {
      const int start = pick(board.emptyCount());
      for (int i = 0; i < board.emptyCount(); ++i) {
        const Point p = board.point(board.emptyAt((start + i) % board.emptyCount()));
        if (game.check(Move::play(c, p)) == RejectReason::None) {
          chosen = p;
          break;
        }
      }
    }
    const Move move = chosen.row < 0 ? Move::pass(c) : Move::play(c, chosen);
    const Snapshot before = snapshotOf(game);
    const RejectReason r = game.play(move);
    if (r != RejectReason::None) {
      ADD_FAILURE() << "a move that check() allowed was refused: " << reasonCode(r);
      return false;
    }
    ++legalMoves;
    // Now and then take the move back and compare with the position before it, then play it again.
    if (chance(0.05)) {
      ++undos;
      if (!game.undo()) {
        ADD_FAILURE() << "undo refused after a move";
        return false;
      }
      const ::testing::AssertionResult same = unchanged(game, before);
      if (!same) {
        ADD_FAILURE() << "undo did not restore the position: " << same.message() << "\n" << game.board().toAscii();
        return false;
      }
      if (game.play(move) != RejectReason::None) {
        ADD_FAILURE() << "replaying an undone move was refused";
        return false;
      }
    }
    return true;
  }

  bool attemptIllegal(Game& game) {
    const Board& board = game.board();
    const int size = board.size();
    const Color c = game.toMove();
    Move attempt = Move::pass(c);
    RejectReason expected = RejectReason::None;  // None: any refusal will do
    switch (pick(6)) {
      case 0: {  // an occupied point
        if (board.emptyCount() == size * size) return true;
        for (;;) {
          const Point p{pick(size), pick(size)};
          if (board.at(p) != Color::Empty) {
            attempt = Move::play(c, p);
            break;
          }
        }
        expected = RejectReason::Occupied;
        break;
      }
      case 1: {  // off the board, negative or too large, sometimes far away
        const int far = chance(0.5) ? 1 : 1 + pick(1000000);
        Point p{pick(size), pick(size)};
        switch (pick(4)) {
          case 0:
            p.row = -far;
            break;
          case 1:
            p.col = -far;
            break;
          case 2:
            p.row = size - 1 + far;
            break;
          default:
            p.col = size - 1 + far;
            break;
        }
        attempt = Move::play(c, p);
        expected = RejectReason::OutOfBounds;
        break;
      }
      case 2: {  // the ko retake, when there is a ko against the side to move
        if (board.koVertex() == Board::kNoVertex || board.koColor() != c) return true;
        attempt = Move::play(c, board.point(board.koVertex()));
        expected = RejectReason::Ko;
        break;
      }
      case 3: {  // a suicide, when there is one
        bool found = false;
        for (int i = 0; i < board.emptyCount() && !found; ++i) {
          const Point p = board.point(board.emptyAt(i));
          if (game.check(Move::play(c, p)) == RejectReason::Suicide) {
            attempt = Move::play(c, p);
            found = true;
          }
        }
        if (!found) return true;
        expected = RejectReason::Suicide;
        break;
      }
      case 4: {  // the wrong colour
        attempt = Move::play(opponent(c), {pick(size), pick(size)});
        expected = RejectReason::WrongColor;
        break;
      }
      default: {  // any point the game refuses (superko included), if one is found quickly
        for (int tries = 0; tries < 20; ++tries) {
          const Point p{pick(size), pick(size)};
          if (game.check(Move::play(c, p)) != RejectReason::None) {
            attempt = Move::play(c, p);
            break;
          }
        }
        if (attempt.kind != MoveKind::Play) return true;
        break;
      }
    }
    const Snapshot before = snapshotOf(game);
    const RejectReason checked = game.check(attempt);
    const RejectReason played = game.play(attempt);
    ++illegalAttempts;
    ++reasons[played];
    if (played == RejectReason::None || played != checked || (expected != RejectReason::None && played != expected)) {
      ADD_FAILURE() << "attempt " << colorLetter(attempt.color) << " (" << attempt.point.row << ", "
                    << attempt.point.col << ") answered " << reasonCode(played) << ", check said "
                    << reasonCode(checked) << ", expected " << reasonCode(expected) << "\n"
                    << before.board.toAscii();
      return false;
    }
    const ::testing::AssertionResult same = unchanged(game, before);
    if (!same) {
      ADD_FAILURE() << "an illegal attempt (" << reasonCode(played) << ") changed the game: " << same.message();
      return false;
    }
    return true;
  }

  std::mt19937_64 m_rng;
};

TEST(StressTest, RandomPlayKeepsInvariantsAndIllegalAttemptsChangeNothing) {
  const int sizes[] = {2, 5, 9, 13, 19, 25};
  StressRun run(20240611);
  const long kMinMoves = 120000;
  int game = 0;
  while (run.legalMoves + run.illegalAttempts < kMinMoves || game < 60) {
    const int size = sizes[game % std::size(sizes)];
    const Rules rules = allRuleSets()[static_cast<std::size_t>(game / std::size(sizes)) % allRuleSets().size()].rules;
    ASSERT_TRUE(run.playGame(size, rules)) << "game " << game << " on " << size << "x" << size;
    ++game;
  }
  std::cout << "[ stress   ] games=" << game << " legal_moves=" << run.legalMoves
            << " illegal_attempts=" << run.illegalAttempts << " undos=" << run.undos << " reasons:";
  for (const auto& [reason, count] : run.reasons) std::cout << " " << reasonCode(reason) << "=" << count;
  std::cout << "\n";
  EXPECT_GE(run.legalMoves + run.illegalAttempts, kMinMoves);
  EXPECT_GE(run.illegalAttempts * 5, run.legalMoves) << "about a quarter of the attempts are illegal";
  for (RejectReason r : {RejectReason::WrongColor, RejectReason::OutOfBounds, RejectReason::Occupied,
                         RejectReason::Suicide, RejectReason::Ko}) {
    EXPECT_GT(run.reasons[r], 0) << reasonCode(r) << " was never attempted";
  }
}

}  // namespace
}  // namespace tengen
