// Writes positions of SGF game records with how their games ended, for the judgment heads of the engine's network
// (tools/train_policy/train_judgment.py): a few positions a game, each with the move played there, the winner, the
// final margin when the record gives it and, where tengen can count the end, the final owner of every point.
//
//   tengen_export_judgment_data --train FILE --holdout-out FILE [--size 19] [--per-game K] [--holdout-every N]
//                               [--seed S] [--margin-tolerance P] PATH...
//
// The usable records of PATH in sorted order (tools/records); every Nth of them is held out. A record needs a winner:
// RE naming one (B+..., W+..., a draw as 0), or, without RE, a game played out to the end (two passes, or a closed
// board), which tengen counts. Records won on time or forfeit are left out. From each game, K of its positions before
// a move on a point are chosen at random (the generator seeded by --seed and the game's number), so the network
// sees many games rather than every position of few.
//
// Margin: a counted RE (B+2.5), or tengen's count of a game played out without RE; unknown (NaN) after a
// resignation. Owners: tengen's count of the record's last position (tengen/core/analysis.h) when the game was
// played out, or when RE is a count and tengen's count of the last position names the same winner within
// --margin-tolerance points of it (a record that stops without passes but whose last position is settled).
//
// File layout (little-endian): "TGJD", a uint32 version (1), a uint32 board size, then one record per position:
// size*size uint16 codes (tengen/engine/policy_input.h, row by row), a uint16 move (row * size + column), a uint8
// colour to move (1 Black, 2 White), a uint8 scoring (0 area, 1 territory), a uint32 game number, a uint16 move
// number (passes counted, from 0), an int8 outcome for the mover (1 won, -1 lost, 0 draw), a uint8 that is 1 when
// the owners are known, size*size int8 owners for the mover (1 the mover's, -1 the opponent's, 0 neither; all 0
// when unknown), a float32 komi for the mover (-komi for Black, komi for White, handicap compensation included) and
// a float32 final margin for the mover (komi included; NaN when unknown).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <numeric>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "tengen/core/analysis.h"
#include "tengen/engine/policy_input.h"
#include "tengen/io/atomic_file.h"

#include "binary_out.h"
#include "command_line.h"
#include "records.h"

namespace {

using tengen::Board;
using tengen::Color;
using tengen::tools::put16;
using tengen::tools::put32;
using tengen::tools::putFloat;

struct Options {
  std::string train;
  std::string holdout;
  int size = 19;
  int perGame = 6;
  int holdoutEvery = 50;
  unsigned seed = 1;
  double tolerance = 2;
  std::vector<std::string> paths;
};

std::optional<int> parseArgs(int argc, char** argv, Options& o) {
  CLI::App app{"Writes positions with their games' outcomes for the network's judgment heads (docs/engine.md)",
               "tengen_export_judgment_data"};
  app.add_option("--train", o.train, "The file of positions to learn from")->required();
  app.add_option("--holdout-out", o.holdout, "The file of held-out positions")->required();
  app.add_option("--size", o.size, "Board size of the records")->capture_default_str()->check(CLI::Range(2, 25));
  app.add_option("--per-game", o.perGame, "Positions chosen from each game")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000));
  app.add_option("--holdout-every", o.holdoutEvery, "Every Nth usable record is held out")
      ->capture_default_str()
      ->check(CLI::Range(2, 1000000));
  app.add_option("--seed", o.seed, "Seed of the choice of positions")->capture_default_str();
  app.add_option("--margin-tolerance", o.tolerance,
                 "How far tengen's count of a record's last position may be from its counted result for the owners "
                 "to be used")
      ->capture_default_str()
      ->check(CLI::Range(0.0, 400.0));
  app.add_option("PATH", o.paths, "SGF files or directories searched for *.sgf")->required();
  return tengen::tools::parseCommandLine(app, argc, argv);
}

// How a game ended, Black's view.
struct Ending {
  int winner = 0;  // 1 Black, -1 White, 0 draw
  double komi = 0;
  double margin = std::numeric_limits<double>::quiet_NaN();
  std::vector<Color> owner;  // empty when unknown
};

enum class Verdict { Usable, NoResult, NotOnTheBoard };

// The winner and margin RE gives: "B+Resign", "W+2.5", "B+R", "0", "Draw"; a time or forfeit win is not a verdict
// on the board.
Verdict readResult(const std::string& re, Ending& ending) {
  if (re.empty()) return Verdict::NoResult;
  if (re == "0" || re == "Draw" || re == "draw" || re == "Jigo" || re == "jigo") {
    ending.winner = 0;
    ending.margin = 0;
    return Verdict::Usable;
  }
  if (re.size() < 3 || (re[0] != 'B' && re[0] != 'W') || re[1] != '+') return Verdict::NoResult;
  ending.winner = re[0] == 'B' ? 1 : -1;
  const std::string how = re.substr(2);
  if (how == "R" || how == "Resign" || how == "resign") return Verdict::Usable;
  char* end = nullptr;
  const double points = std::strtod(how.c_str(), &end);
  if (end != how.c_str() && *end == '\0' && std::isfinite(points) && points >= 0) {
    ending.margin = ending.winner * points;
    return Verdict::Usable;
  }
  return Verdict::NotOnTheBoard;
}

struct Tally {
  long games = 0, positions = 0, withOwners = 0, withMargin = 0, noResult = 0, notOnTheBoard = 0, countDisagrees = 0;
};

std::optional<Ending> endingOf(const tengen::tools::Record& record, double tolerance, Tally& tally) {
  Ending ending;
  const Verdict verdict = readResult(record.result, ending);
  if (verdict == Verdict::NotOnTheBoard) {
    ++tally.notOnTheBoard;
    return std::nullopt;
  }
  const tengen::Game& game = record.game;
  ending.komi = game.komi() + tengen::handicapCompensation(game.config().rules, game.config().handicap);
  const bool counted = verdict == Verdict::Usable && !std::isnan(ending.margin);
  if (verdict == Verdict::NoResult || counted) {
    const tengen::Analysis analysis = tengen::analyze(game);
    if (verdict == Verdict::NoResult) {
      if (!analysis.final) {
        ++tally.noResult;
        return std::nullopt;
      }
      ending.margin = analysis.score.margin;
      ending.winner = analysis.score.margin > 0 ? 1 : analysis.score.margin < 0 ? -1 : 0;
      ending.owner = analysis.owner;
    } else if (std::abs(analysis.score.margin - ending.margin) <= tolerance &&
               (analysis.score.margin > 0) == (ending.margin > 0)) {
      ending.owner = analysis.owner;
    } else {
      ++tally.countDisagrees;
    }
  }
  return ending;
}

void writePositions(const tengen::tools::Record& record, const Ending& ending, std::uint32_t number,
                    const Options& options, std::string& out, Tally& tally) {
  struct Chosen {
    std::vector<std::uint16_t> codes;
    int move = 0, index = 0;
    Color colour = Color::Black;
  };
  std::vector<Chosen> all;
  const int size = options.size;
  tengen::tools::forEachPosition(record.game, [&](const Board& board, Color c, Board::Vertex played,
                                                  Board::Vertex lastMove, Board::Vertex lastOwn, int index) {
    Chosen p;
    p.codes.resize(static_cast<std::size_t>(size * size));
    tengen::engine::policyCodes(board, c, lastMove, lastOwn, p.codes.data());
    const tengen::Point at = board.point(played);
    p.move = at.row * size + at.col;
    p.index = index;
    p.colour = c;
    all.push_back(std::move(p));
  });
  std::vector<std::size_t> order(all.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::mt19937_64 rng(std::uint64_t{options.seed} * 0x9E3779B97F4A7C15ULL + number);
  const std::size_t take = std::min(order.size(), static_cast<std::size_t>(options.perGame));
  for (std::size_t i = 0; i < take; ++i) {
    std::uniform_int_distribution<std::size_t> pick(i, order.size() - 1);
    std::swap(order[i], order[pick(rng)]);
  }
  std::sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(take));
  const bool territory = record.game.ruleSet().scoring == tengen::Scoring::Territory;
  for (std::size_t i = 0; i < take; ++i) {
    const Chosen& p = all[order[i]];
    const int sign = p.colour == Color::Black ? 1 : -1;
    for (const std::uint16_t code : p.codes) put16(out, code);
    put16(out, static_cast<unsigned>(p.move));
    out.push_back(static_cast<char>(p.colour == Color::Black ? 1 : 2));
    out.push_back(static_cast<char>(territory ? 1 : 0));
    put32(out, number);
    put16(out, static_cast<unsigned>(std::min(p.index, 65535)));
    out.push_back(static_cast<char>(sign * ending.winner));
    out.push_back(static_cast<char>(ending.owner.empty() ? 0 : 1));
    for (int k = 0; k < size * size; ++k) {
      const Color owner = ending.owner.empty() ? Color::Empty : ending.owner[static_cast<std::size_t>(k)];
      out.push_back(static_cast<char>(owner == Color::Empty ? 0 : owner == p.colour ? 1 : -1));
    }
    putFloat(out, static_cast<float>(-sign * ending.komi));
    putFloat(out, static_cast<float>(sign * ending.margin));
    ++tally.positions;
    if (!ending.owner.empty()) ++tally.withOwners;
    if (!std::isnan(ending.margin)) ++tally.withMargin;
  }
  ++tally.games;
}

std::string header(int size) {
  std::string out = "TGJD";
  put32(out, 1);
  put32(out, static_cast<std::uint32_t>(size));
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  if (const std::optional<int> stop = parseArgs(argc, argv, options)) return *stop;
  const std::vector<std::string> files = tengen::tools::recordFiles(options.paths);
  auto openedTrain = tengen::io::AtomicFile::open(options.train);
  auto openedHoldout = tengen::io::AtomicFile::open(options.holdout);
  for (const auto* file : {&openedTrain, &openedHoldout}) {
    if (!*file) {
      std::fprintf(stderr, "%s\n", file->error().c_str());
      return 1;
    }
  }
  tengen::io::AtomicFile outputs[2] = {std::move(openedTrain).value(), std::move(openedHoldout).value()};
  outputs[0].write(header(options.size));
  outputs[1].write(header(options.size));
  Tally tallies[2];
  std::uint32_t usable = 0;
  std::string out;
  for (std::size_t f = 0; f < files.size(); ++f) {
    if (f % 2000 == 0 && f > 0) {
      std::fprintf(stderr, "%zu of %zu records read, %u usable\n", f, files.size(), usable);
    }
    const std::optional<tengen::tools::Record> record = tengen::tools::usableRecord(files[f], options.size);
    if (!record) continue;
    const bool held = (usable + 1) % static_cast<std::uint32_t>(options.holdoutEvery) == 0;
    Tally& tally = tallies[held ? 1 : 0];
    const std::optional<Ending> ending = endingOf(*record, options.tolerance, tally);
    if (!ending) continue;
    out.clear();
    writePositions(*record, *ending, usable, options, out, tally);
    outputs[held ? 1 : 0].write(out);
    ++usable;
  }
  for (int i = 0; i < 2; ++i) {
    const Tally& t = tallies[i];
    const std::string& path = i == 0 ? options.train : options.holdout;
    if (const tengen::Status committed = outputs[i].commit(); !committed) {
      std::fprintf(stderr, "%s\n", committed.error().c_str());
      return 1;
    }
    std::fprintf(stderr,
                 "%s: %ld positions of %ld games (%ld with final owners, %ld with a margin); left out: %ld without "
                 "a result, %ld won off the board; %ld counted results tengen's count disagrees with\n",
                 path.c_str(), t.positions, t.games, t.withOwners, t.withMargin, t.noResult, t.notOnTheBoard,
                 t.countDisagrees);
  }
  return 0;
}
