// A game over the board: rule set, komi, setup and handicap stones, turns, passes, resignation, phases, exact
// superko, undo and scoring.
#pragma once

#include <bitset>
#include <cstdint>
#include <string>
#include <vector>

#include "tengen/core/board.h"
#include "tengen/core/result.h"
#include "tengen/core/rules.h"
#include "tengen/core/types.h"

namespace tengen {

struct GameConfig {
  int size = 19;
  Rules rules = Rules::Chinese;
  // Komi; when not set, the rule set's default whatever the handicap (GTP and `tengen serve` keep that). A front end
  // that fills in a komi its user left out asks defaultKomi(rules, handicap) instead.
  std::optional<double> komi;
  // Fixed handicap stones (GTP fixed_handicap placement), 0 or 2..9.
  int handicap = 0;
};

enum class Phase { Playing, Scoring, Finished };

// The fixed handicap points of GTP's fixed_handicap for a board size, or why there are none.
Result<std::vector<Point>> fixedHandicapPoints(int size, int handicap);

struct Score {
  double black = 0;  // points (area: stones + territory; territory: territory + prisoners)
  double white = 0;  // the same, without komi
  double komi = 0;
  // Points White receives for Black's handicap stones under the rule set (handicapCompensation()).
  double handicap = 0;
  // black - white - komi - handicap; positive means Black wins.
  double margin = 0;
  // Per point, row-major: who owns it at the end (Color::Empty for neutral points and seki).
  std::vector<Color> owner;
  // As SGF RE: "B+3.5", "W+0.5", "0" for a draw.
  std::string result;
};

// "B+3.5", "W+12", "0" from a margin (Black minus White, komi included).
std::string resultString(double margin);

// The points White receives for `handicapStones` handicap stones: one per stone under chinese rules, one per stone
// after the first under aga, none under the territory rules, nz and tromp-taylor (docs/scoring.md).
double handicapCompensation(Rules rules, int handicapStones);

class Game {
 public:
  // Precondition: the config is valid; use validate() first for input from outside.
  explicit Game(const GameConfig& config = {});

  // Why a config cannot make a game (size out of range, unknown handicap), or the config back.
  static Result<GameConfig> validate(const GameConfig& config);

  const GameConfig& config() const { return m_config; }
  const RuleSet& ruleSet() const { return *m_ruleSet; }
  int size() const { return m_board.size(); }
  double komi() const { return m_komi; }
  void setKomi(double komi) { m_komi = komi; }

  const Board& board() const { return m_board; }
  Phase phase() const { return m_phase; }
  Color toMove() const { return m_toMove; }

  // When false, a colour may move out of turn (GTP's `play` allows it); default true.
  void setStrictTurn(bool strict) { m_strictTurn = strict; }

  // Places setup stones (SGF AB/AW, free handicap) before the first move. Returns false when a move has been
  // played, a point is off the board, or a point is taken.
  bool addSetupStones(Color c, const std::vector<Point>& points);
  // Sets who moves first (SGF PL); only before the first move.
  void setToMove(Color c);
  const std::vector<std::pair<Color, Point>>& setupStones() const { return m_setup; }
  // The handicap the game was given: its black setup stones when there are two or more, no white ones, and White
  // moves first (fixed, free or SGF AB placement alike); 0 otherwise.
  int handicapStones() const;

  // Whose moves check() accepts: as the game's own turn rule says (setStrictTurn), or any colour's. AnyColor asks
  // what a colour could play out of turn (GTP's genmove may ask for either colour) without copying the game.
  enum class TurnRule : std::uint8_t { Game, AnyColor };

  // Checks a move against the game and the rules and answers the first reason it breaks, in the legality order
  // (docs/rules.md), cheapest first: GameOver, WrongColor, OutOfBounds, Occupied, Suicide, Ko, Superko. Pass and
  // resign are legal whenever the game is in play.
  RejectReason check(const Move& m, TurnRule turn = TurnRule::Game) const;
  bool isLegal(const Move& m) const { return check(m) == RejectReason::None; }
  // The points where `color` may play, whoever's turn it is (TurnRule::AnyColor: GTP's genmove may ask for either
  // colour), row by row from the top; none when the game is not in play.
  std::vector<Point> legalPoints(Color color) const;

  // Plays the move if it is legal; answers the reason otherwise and leaves the game unchanged.
  RejectReason play(const Move& m);

  // Takes a game in the scoring phase back to play, as when the players dispute the end or a record goes on after
  // two passes; the pass count starts again. Does nothing in any other phase.
  void resumePlay();

  // Plays a move as a record or a game's history has it: one made after two passes (a disputed end played on, GNU
  // Go's aftermath) resumes the game first, as it did when it was played; a resignation ends it as in play(). A
  // refused move answers its reason, the game resumed all the same.
  RejectReason playRecorded(const Move& m);

  // The moves played so far.
  const std::vector<Move>& moves() const { return m_moves; }
  int moveCount() const { return static_cast<int>(m_moves.size()); }

  // Takes back the last move; false when there is none.
  bool undo();
  // Keeps the first n moves (n <= moveCount()).
  void undoTo(int n);

  // Area or territory score by the game's rule set, komi and handicap compensation, with the given stones taken as
  // dead (any order; points that are not stones are ignored). Empty points next to live stones of both colours are
  // dame (except under tromp-taylor); chains in seki keep no territory under territory scoring. Which stones are
  // dead is the analysis's answer (analysis.h) or a person's; tromp-taylor takes none off, whatever is given.
  Score score(const std::vector<Point>& deadStones) const;

  // Ends a game in the scoring phase with the given dead stones; the result becomes the score's.
  void finish(const std::vector<Point>& deadStones);

  // Ends a game in play as lost on time by `player`: the result becomes "W+T" or "B+T" (SGF RE). It is not a
  // move, so undo() and undoTo() bring the game back into play. Does nothing when the game is not in play.
  void loseOnTime(Color player);

  // As SGF RE once the game is finished ("B+R" after a resignation, "W+T" on time), otherwise empty.
  const std::string& result() const { return m_result; }

  // Every stone of the chain at p, or nothing when p is empty or off the board.
  std::vector<Point> chainAt(Point p) const;

 private:
  struct Snapshot {
    std::uint64_t hash;
    Color toMove;
  };
  void reset();
  void apply(const Move& m);
  void record();
  bool repeatsEarlierPosition(Color c, Board::Vertex v) const;
  // Writes the stones of the history's position i (0 the start, n after move n) as Board::copyColors() does.
  void historyStones(std::size_t i, std::uint8_t* out) const;

  GameConfig m_config;
  const RuleSet* m_ruleSet;
  double m_komi;
  Board m_board;
  Phase m_phase = Phase::Playing;
  Color m_toMove = Color::Black;
  Color m_firstToMove = Color::Black;
  bool m_strictTurn = true;
  int m_consecutivePasses = 0;
  std::string m_result;
  std::vector<std::pair<Color, Point>> m_setup;
  std::vector<Move> m_moves;
  // One entry per position reached (the start, then after every move).
  std::vector<Snapshot> m_history;
  // The stones of every kStonesEvery-th position of the history (the start, then every 32nd): any other is played
  // forward from the one before it when a hash says it may repeat, which is rare. Keeping every position's stones
  // cost a whole board a move (361 bytes on 19x19) for as long as the game lasts: a record of a million passes
  // took 360 MB to replay.
  static constexpr std::size_t kStonesEvery = 32;
  std::vector<std::uint8_t> m_historyStones;
  // A bit per value of the low 12 bits of the history's hashes: a hash whose bit is clear was never reached, so
  // most legality checks under superko need not look through the history at all.
  static constexpr std::size_t kHistoryFilterBits = 4096;
  std::bitset<kHistoryFilterBits> m_historyFilter;
};

}  // namespace tengen
