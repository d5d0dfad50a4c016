// tengen's rules against GNU Go's, over GTP with the real program:
//  1. Random games on 5x5 to 9x9 under every rule set, GNU Go started with the flags that match it. After every
//     move both are asked about every point (tengen: Game::check for the side to move; GNU Go: is_legal) and
//     their stones are compared (list_stones). Any difference fails the test and is printed with the moves that
//     lead to it.
//  2. Games GNU Go plays against itself and writes as SGF (`--score finish -o`), replayed by `tengen check
//     --final`, must end with GNU Go's final stones.
// Skipped only when GNU Go is not installed; CI installs it.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "tengen/core/coords.h"
#include "tengen/core/game.h"
#include "tengen/core/rules.h"
#include "tengen/gtp/client.h"
#include "tengen/gtp/process.h"

#include "support/temp_dir.h"

namespace tengen {
namespace {

using Clock = std::chrono::steady_clock;

constexpr const char* kGnuGo = "/usr/games/gnugo";
constexpr const char* kTengen = TENGEN_CLI;

// The GNU Go flags whose rules match each tengen rule set (docs/rules.md against `gnugo --help`). GNU Go's
// --allow-suicide allows multi-stone suicide only, as nz and tromp-taylor do; --japanese-rules changes only the
// scoring, and simple ko is GNU Go's default.
struct RuleCase {
  Rules rules;
  const char* gnugoFlags;
};
constexpr RuleCase kRuleCases[] = {
    {Rules::Chinese, "--chinese-rules --positional-superko"},
    {Rules::Japanese, "--japanese-rules"},
    {Rules::Korean, "--japanese-rules"},
    {Rules::Aga, "--chinese-rules --situational-superko"},
    {Rules::Nz, "--situational-superko --allow-suicide"},
    {Rules::TrompTaylor, "--positional-superko --allow-suicide"},
};

constexpr int kGamesPerRuleSet = 34;  // 204 games in all on 5x5 to 9x9
constexpr int kMinSize = 5;
constexpr int kMaxSize = 9;
// And games on 2x2 to 4x4, where whole-board repetitions (superko) come up far more often than on larger boards.
constexpr int kTinyGamesPerRuleSet = 30;
constexpr int kTinyMinSize = 2;
constexpr int kTinyMaxSize = 4;
// Random play fills eyes, so small boards see captures, kos and repeated positions again and again; the length
// bound keeps the whole test well under a minute.
int maxMoves(int size) { return size < kMinSize ? 8 * size * size : 3 * size * size; }
// A pass now and then, so that positions repeat across passes too (situational superko depends on them).
constexpr double kPassChance = 0.03;

bool gnugoInstalled() { return access(kGnuGo, X_OK) == 0; }

std::set<std::string> words(const std::string& text) {
  std::istringstream in(text);
  std::set<std::string> out;
  for (std::string w; in >> w;) out.insert(w);
  return out;
}

std::set<std::string> tengenStones(const Game& game, Color c) {
  std::set<std::string> out;
  for (int row = 0; row < game.size(); ++row) {
    for (int col = 0; col < game.size(); ++col) {
      if (game.board().at(Point{row, col}) == c) out.insert(gtpVertex({row, col}, game.size()));
    }
  }
  return out;
}

std::string joined(const std::set<std::string>& s) {
  std::string out;
  for (const std::string& w : s) {
    if (!out.empty()) out += ' ';
    out += w;
  }
  return out;
}

std::string movesText(const Game& game) {
  std::string out;
  for (const Move& m : game.moves()) {
    if (!out.empty()) out += ' ';
    out.append(colorLetter(m.color)).append(" ").append(gtpMove(m, game.size()));
  }
  return out;
}

// The one documented difference (docs/rules.md, "Checked against GNU Go"): GNU Go's superko test plays the move
// with do_play_move, which never removes the mover's own chain, so under --allow-suicide it cannot see that a
// multi-stone suicide recreates an earlier position and calls such a move legal. tengen forbids it (superko), as
// its superko rule says: no earlier whole-board position may come back. Only that exact case is left out of the
// comparison.
bool gnugoMissesSuicideRepetition(const Game& game, Color mover, Point p, RejectReason tengenReason) {
  if (tengenReason != RejectReason::Superko || !game.ruleSet().multiStoneSuicide) return false;
  const Board& board = game.board();
  return board.check(mover, board.vertex(p), /*allowMultiStoneSuicide=*/false) == RejectReason::Suicide;
}

struct Figures {
  int games = 0;
  int tinyGames = 0;
  long moves = 0;
  long pointsCompared = 0;
  long stoneListsCompared = 0;
  long suicideRepetitionsSkipped = 0;
  std::map<std::string, long> tengenReasons;  // over every point compared
  long differenceCount = 0;
  std::vector<std::string> differences;  // the first few, described
};

// One random game, compared after every move; differences are appended to f.differences.
void playAndCompare(gtp::Client& gnugo, const RuleCase& rc, int size, std::uint64_t seed, Figures& f) {
  GameConfig config;
  config.size = size;
  config.rules = rc.rules;
  Game game(config);
  std::mt19937_64 rng(seed);
  std::vector<std::string> pending{"boardsize " + std::to_string(size), "clear_board"};
  const std::string where = std::string(ruleSet(rc.rules).name) + " " + std::to_string(size) + "x" +
                            std::to_string(size) + " seed " + std::to_string(seed);
  const long maxReported = 20;

  for (;;) {
    const Color mover = game.toMove();
    const std::string colorArg = mover == Color::Black ? "black" : "white";
    // The move just played, GNU Go's verdict on every point for the side to move, and both stone lists: one write
    // and one read per move.
    std::vector<std::string> batch = pending;
    const std::size_t firstQuery = batch.size();
    for (int row = 0; row < size; ++row) {
      for (int col = 0; col < size; ++col) batch.push_back("is_legal " + colorArg + " " + gtpVertex({row, col}, size));
    }
    batch.emplace_back("list_stones black");
    batch.emplace_back("list_stones white");
    const Result<std::vector<gtp::Response>> answers = gnugo.sendBatch(batch);
    ASSERT_TRUE(answers.ok()) << answers.error();
    for (std::size_t i = 0; i < firstQuery; ++i) {
      ASSERT_TRUE((*answers)[i].success) << where << ": GNU Go refused '" << batch[i] << "': " << (*answers)[i].text
                                         << " after " << movesText(game);
    }

    std::vector<Point> legal;
    std::size_t k = firstQuery;
    // After two passes tengen's game is over while GNU Go has no such notion; only the stones still compare.
    const bool inPlay = game.phase() == Phase::Playing;
    for (int row = 0; row < size && inPlay; ++row) {
      for (int col = 0; col < size; ++col, ++k) {
        const RejectReason reason = game.check(Move::play(mover, {row, col}));
        const bool ours = reason == RejectReason::None;
        if (ours) legal.push_back({row, col});
        const std::string& theirs = (*answers)[k].text;
        if ((theirs == "1") != ours && gnugoMissesSuicideRepetition(game, mover, {row, col}, reason)) {
          ++f.suicideRepetitionsSkipped;
          continue;
        }
        ++f.tengenReasons[std::string(reasonCode(reason))];
        ++f.pointsCompared;
        if ((theirs == "1") != ours && ++f.differenceCount <= maxReported) {
          std::ostringstream d;
          d << where << ", move " << game.moveCount() + 1 << ": " << colorArg << " " << gtpVertex({row, col}, size)
            << " tengen " << reasonCode(reason) << ", GNU Go is_legal " << theirs << "; moves: " << movesText(game);
          f.differences.push_back(d.str());
        }
      }
    }
    k = firstQuery + static_cast<std::size_t>(size * size);
    for (Color c : {Color::Black, Color::White}) {
      const std::set<std::string> theirs = words((*answers)[k++].text);
      const std::set<std::string> ours = tengenStones(game, c);
      ++f.stoneListsCompared;
      if (theirs != ours && ++f.differenceCount <= maxReported) {
        f.differences.push_back(where + ", after move " + std::to_string(game.moveCount()) + ": " +
                                std::string(colorName(c)) + " stones differ: tengen [" + joined(ours) + "], GNU Go [" +
                                joined(theirs) + "]; moves: " + movesText(game));
      }
    }

    if (!inPlay || game.moveCount() >= maxMoves(size)) break;
    const bool pass = legal.empty() || std::uniform_real_distribution<double>(0, 1)(rng) < kPassChance;
    const Move move = pass ? Move::pass(mover) : Move::play(mover, legal[rng() % legal.size()]);
    ASSERT_EQ(game.play(move), RejectReason::None);
    ++f.moves;
    pending = {"play " + colorArg + " " + gtpMove(move, size)};
  }
  ++f.games;
}

TEST(GnuGoCrossCheck, EveryPointsLegalityAndEveryStoneAgreeWithGnuGoUnderEachRuleSet) {
  if (!gnugoInstalled()) GTEST_SKIP() << kGnuGo << " is not installed (apt-get install gnugo); CI installs it";
  const Clock::time_point start = Clock::now();
  Figures f;
  for (std::size_t r = 0; r < std::size(kRuleCases); ++r) {
    const RuleCase& rc = kRuleCases[r];
    gtp::ClientOptions options;
    options.timeout = std::chrono::seconds(60);
    Result<std::unique_ptr<gtp::Client>> gnugo =
        gtp::Client::start(std::string(kGnuGo) + " --mode gtp --level 0 " + rc.gnugoFlags, options);
    ASSERT_TRUE(gnugo.ok()) << gnugo.error();
    for (int g = 0; g < kGamesPerRuleSet; ++g) {
      const int size = kMinSize + g % (kMaxSize - kMinSize + 1);
      playAndCompare(**gnugo, rc, size, 1000 * (r + 1) + static_cast<std::uint64_t>(g), f);
      if (HasFatalFailure()) return;
    }
    for (int g = 0; g < kTinyGamesPerRuleSet; ++g) {
      const int size = kTinyMinSize + g % (kTinyMaxSize - kTinyMinSize + 1);
      playAndCompare(**gnugo, rc, size, 1000 * (r + 1) + 500 + static_cast<std::uint64_t>(g), f);
      if (HasFatalFailure()) return;
      ++f.tinyGames;
    }
  }
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();

  std::ostringstream figures;
  figures << "GNU Go cross-check: games=" << f.games << " (of them on 2x2..4x4: " << f.tinyGames
          << ") moves=" << f.moves << " points=" << f.pointsCompared << " stone_lists=" << f.stoneListsCompared
          << " differences=" << f.differenceCount << " skipped_suicide_repetitions=" << f.suicideRepetitionsSkipped
          << " seconds=" << seconds << "\n  tengen verdicts over the points compared:";
  for (const auto& [code, n] : f.tengenReasons) figures << " " << code << "=" << n;
  std::cout << figures.str() << std::endl;
  RecordProperty("games", f.games);
  RecordProperty("points", static_cast<int>(f.pointsCompared));

  EXPECT_GE(f.games - f.tinyGames, 200);
  // Evidence that the games reached the cases that matter, not only empty points.
  EXPECT_GT(f.tengenReasons["suicide"], 0);
  EXPECT_GT(f.tengenReasons["ko"], 0);
  EXPECT_GT(f.tengenReasons["superko"], 0);
  EXPECT_EQ(f.differenceCount, 0) << [&] {
    std::string all;
    for (const std::string& d : f.differences) all += "\n  " + d;
    return all;
  }();
}

// Runs a program to its end and answers its stdout, or a failure naming the program.
Result<std::string> runToEnd(const std::vector<std::string>& argv, std::chrono::seconds limit) {
  Result<std::unique_ptr<gtp::Process>> p = gtp::Process::start(argv);
  if (!p) return Result<std::string>::failure(p.error());
  std::string out;
  const Clock::time_point deadline = Clock::now() + limit;
  for (;;) {
    Result<std::string> line = (*p)->readLine(deadline);
    if (!line) break;
    out += *line + "\n";
  }
  if (!(*p)->waitForExit(deadline)) {
    return Result<std::string>::failure(argv[0] + " did not finish in time; its stderr: " + (*p)->stderrTail());
  }
  out += "exit: " + (*p)->exitDescription() + "\n";
  return out;
}

// SGF nodes of n random legal moves from the empty board, alternating from Black.
std::string randomOpening(int size, int seed, int n) {
  Game game(GameConfig{size, Rules::Japanese, std::nullopt, 0});
  std::mt19937_64 rng(static_cast<std::uint64_t>(seed));
  std::string nodes;
  for (int i = 0; i < n; ++i) {
    std::vector<Point> legal;
    for (int row = 0; row < size; ++row) {
      for (int col = 0; col < size; ++col) {
        if (game.isLegal(Move::play(game.toMove(), {row, col}))) legal.push_back({row, col});
      }
    }
    const Move m = Move::play(game.toMove(), legal[rng() % legal.size()]);
    nodes.append(";").append(colorLetter(m.color)).append("[").append(sgfPoint(m.point)).append("]");
    game.play(m);
  }
  return nodes;
}

// The value of a `black: ...` / `white: ...` line of `tengen check --final`.
std::set<std::string> finalLine(const std::string& output, const std::string& key) {
  std::istringstream in(output);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind(key + ":", 0) == 0) return words(line.substr(key.size() + 1));
  }
  return {};
}

TEST(GnuGoRecords, TengenCheckReplaysGnuGoSelfPlayToGnuGosFinalStones) {
  if (!gnugoInstalled()) GTEST_SKIP() << kGnuGo << " is not installed (apt-get install gnugo); CI installs it";
  // GNU Go's `-o` writes nothing in GTP mode and `printsgf` writes only the position (AB/AW); `--score finish`
  // plays the game out from a loaded record and writes every move with -o, so the record is GNU Go's own.
  // Some games start from a few random moves, which leave weak stones for GNU Go to capture.
  struct RecordCase {
    int size;
    int seed;
    int openingMoves;
    const char* gnugoRules;
    const char* tengenRules;
  };
  const std::vector<RecordCase> cases{
      {9, 1, 0, "--japanese-rules", "japanese"},
      {9, 2, 12, "--japanese-rules", "japanese"},
      {9, 3, 0, "--chinese-rules --positional-superko", "chinese"},
      {9, 4, 16, "--chinese-rules --positional-superko", "chinese"},
      {7, 5, 0, "--japanese-rules", "japanese"},
      {7, 6, 10, "--chinese-rules --positional-superko", "chinese"},
      {9, 7, 12, "--chinese-rules --situational-superko", "aga"},
      {9, 8, 12, "--positional-superko --allow-suicide", "tromp-taylor"},
      {13, 10, 20, "--chinese-rules --positional-superko", "chinese"},
  };
  const std::string dir = test_support::freshPath("gnugo_records_");
  int games = 0;
  long moves = 0;
  long captures = 0;
  for (const RecordCase& c : cases) {
    const std::string tag = std::to_string(c.size) + "_" + std::to_string(c.seed);
    const std::string start = dir + tag + "_start.sgf";
    const std::string record = dir + tag + ".sgf";
    std::ofstream(start) << "(;GM[1]FF[4]SZ[" << c.size << "]KM[7.5]" << randomOpening(c.size, c.seed, c.openingMoves)
                         << ")\n";

    std::ostringstream command;
    command << kGnuGo << " --quiet --level 0 --seed " << c.seed << " " << c.gnugoRules << " --score finish -l " << start
            << " -o " << record;
    Result<std::vector<std::string>> argv = gtp::splitCommandLine(command.str());
    ASSERT_TRUE(argv.ok());
    const Result<std::string> played = runToEnd(*argv, std::chrono::seconds(60));
    ASSERT_TRUE(played.ok()) << played.error();

    const Result<std::string> checked =
        runToEnd({kTengen, "check", "--final", "--rules", c.tengenRules, record}, std::chrono::seconds(30));
    ASSERT_TRUE(checked.ok()) << checked.error();
    ASSERT_NE(checked->find(record + ": ok "), std::string::npos) << *checked;
    ASSERT_NE(checked->find("exit: exited with status 0"), std::string::npos) << *checked;
    const std::size_t at = checked->find(": ok ") + 5;
    moves += std::stol(checked->substr(at));

    // GNU Go's own final position: the record loaded back into it.
    Result<std::unique_ptr<gtp::Client>> gnugo =
        gtp::Client::start(std::string(kGnuGo) + " --mode gtp " + c.gnugoRules);
    ASSERT_TRUE(gnugo.ok()) << gnugo.error();
    ASSERT_TRUE((*gnugo)->call("loadsgf " + record).ok());
    const Result<std::string> black = (*gnugo)->call("list_stones black");
    const Result<std::string> white = (*gnugo)->call("list_stones white");
    const Result<std::string> caps = (*gnugo)->call("captures black");
    const Result<std::string> capsWhite = (*gnugo)->call("captures white");
    ASSERT_TRUE(black.ok() && white.ok() && caps.ok() && capsWhite.ok());
    captures += std::stol(*caps) + std::stol(*capsWhite);
    EXPECT_EQ(finalLine(*checked, "black"), words(*black)) << record << "\n" << *checked;
    EXPECT_EQ(finalLine(*checked, "white"), words(*white)) << record << "\n" << *checked;
    EXPECT_FALSE(words(*black).empty());
    ++games;
    // Kept for a look when something differed.
    if (!HasFailure()) {
      std::remove(start.c_str());
      std::remove(record.c_str());
    }
  }
  std::cout << "GNU Go records replayed by tengen check: games=" << games << " moves=" << moves
            << " captures=" << captures << std::endl;
}

}  // namespace
}  // namespace tengen
