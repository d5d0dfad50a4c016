// Writes the positions of SGF game records as the policy network's training tool reads them: for each position
// before a move played on a point, the input code of every point (tengen/engine/policy_input.h), the move, the colour
// that played it and where it came from.
//
//   tengen_export_policy_data --train FILE --holdout-out FILE [--size 19] [--games N] [--holdout N] [--outcomes]
//                             PATH...
//
// Records are chosen as the move model's tool chooses them (tools/records): the usable records of PATH in sorted
// order, the first --games to learn from, the next --holdout to test on. File layout (little-endian): "TGPD", a
// uint32 version (1), a uint32 board size, then one record per position: size*size uint16 codes (row by row), a
// uint16 move (row * size + column), a uint8 colour (1 Black, 2 White), a uint8 holding 1 when the move's number in
// its game (passes counted, from 0) is even, a uint16 game number and a uint16 move number.
//
// With --outcomes (version 2) only the games that were played out to the end are read (two passes, or a closed
// board: self-play records), and each position also holds how its game ended, as tengen counts the final position
// (tengen/core/analysis.h), seen from the colour to move: size*size int8 owners (1 the mover's, -1 the opponent's,
// 0 neither), a float32 komi for the mover (-komi for Black, komi for White) and a float32 final margin for the mover
// (komi included; positive: the mover won).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <tuple>
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

struct Options {
  std::string train;
  std::string holdout;
  int size = 19;
  int games = 0;
  int holdoutGames = 0;
  bool outcomes = false;
  std::vector<std::string> paths;
};

std::optional<int> parseArgs(int argc, char** argv, Options& o) {
  CLI::App app{"Writes the positions the policy network learns from (docs/engine.md)", "tengen_export_policy_data"};
  app.add_option("--train", o.train, "The file of positions to learn from")->required();
  app.add_option("--holdout-out", o.holdout, "The file of held-out positions")->required();
  app.add_option("--size", o.size, "Board size of the records")->capture_default_str()->check(CLI::Range(2, 25));
  app.add_option("--games", o.games, "Records to learn from (0: all but the held-out ones)")
      ->check(CLI::Range(0, 65535));
  app.add_option("--holdout", o.holdoutGames, "Records after those to test on")->check(CLI::Range(0, 65535));
  app.add_flag("--outcomes", o.outcomes,
               "Only games played out; each position with its game's final owners and margin");
  app.add_option("PATH", o.paths, "SGF files or directories searched for *.sgf")->required();
  return tengen::tools::parseCommandLine(app, argc, argv);
}

using tengen::tools::put16;
using tengen::tools::put32;
using tengen::tools::putFloat;

// How a game played out to the end ended, as tengen counts it; nothing for a game that was not.
struct Ending {
  std::vector<Color> owner;  // row-major
  double komi = 0;           // for Black (komi and handicap compensation)
  double margin = 0;         // Black's, komi included
};

std::optional<Ending> endingOf(const tengen::Game& game) {
  const tengen::Analysis analysis = tengen::analyze(game);
  if (!analysis.final) return std::nullopt;
  return Ending{analysis.owner, analysis.score.komi + analysis.score.handicap, analysis.score.margin};
}

// The positions of games [first, last) in the file's layout, header included; counts them in *positions.
// With `outcomes`, only the games played out, each position with its game's ending.
std::string positionsOf(const std::vector<tengen::Game>& games, std::size_t first, std::size_t last, int size,
                        bool outcomes, long* positions) {
  std::string out = "TGPD";
  put32(out, outcomes ? 2 : 1);
  put32(out, static_cast<std::uint32_t>(size));
  std::vector<std::uint16_t> codes(static_cast<std::size_t>(size * size));
  for (std::size_t g = first; g < last; ++g) {
    std::optional<Ending> ending;
    if (outcomes && !(ending = endingOf(games[g]))) continue;
    tengen::tools::forEachPosition(games[g], [&](const Board& board, Color c, Board::Vertex played,
                                                 Board::Vertex lastMove, Board::Vertex lastOwn, int index) {
      tengen::engine::policyCodes(board, c, lastMove, lastOwn, codes.data());
      for (std::uint16_t code : codes) put16(out, code);
      const tengen::Point p = board.point(played);
      put16(out, static_cast<unsigned>(p.row * size + p.col));
      out.push_back(static_cast<char>(c == Color::Black ? 1 : 2));
      out.push_back(static_cast<char>(index % 2 == 0 ? 1 : 0));
      put16(out, static_cast<unsigned>(g));
      put16(out, static_cast<unsigned>(index));
      if (ending) {
        for (const Color owner : ending->owner) {
          out.push_back(static_cast<char>(owner == c ? 1 : owner == Color::Empty ? 0 : -1));
        }
        const double sign = c == Color::Black ? 1 : -1;
        putFloat(out, static_cast<float>(-sign * ending->komi));
        putFloat(out, static_cast<float>(sign * ending->margin));
      }
      ++*positions;
    });
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  if (const std::optional<int> stop = parseArgs(argc, argv, options)) return *stop;
  const std::vector<std::string> files = tengen::tools::recordFiles(options.paths);
  const std::vector<tengen::Game> games =
      tengen::tools::usableGames(files, options.size, options.games > 0 ? options.games + options.holdoutGames : 0);
  const std::size_t learn = games.size() - std::min<std::size_t>(games.size(), options.holdoutGames);
  std::fprintf(stderr, "%zu records, %zu usable %dx%d games: %zu to learn from, %zu held out\n", files.size(),
               games.size(), options.size, options.size, learn, games.size() - learn);
  for (const auto& [path, first, last] :
       {std::tuple{options.train, std::size_t{0}, learn}, std::tuple{options.holdout, learn, games.size()}}) {
    long positions = 0;
    const std::string bytes = positionsOf(games, first, last, options.size, options.outcomes, &positions);
    if (const tengen::Status written = tengen::io::writeFileAtomically(path, bytes); !written) {
      std::fprintf(stderr, "%s\n", written.error().c_str());
      return 1;
    }
    std::fprintf(stderr, "%s: %ld positions\n", path.c_str(), positions);
  }
  return 0;
}
