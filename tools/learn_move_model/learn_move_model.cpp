// Learns the weights of the built-in engine's move model from SGF game records with Coulom's minorization-
// maximization ("Computing Elo ratings of move patterns in the game of Go", 2007): every move a record plays is a
// win of its features over those of every other legal move of the position.
//
//   tengen_learn_move_model --out FILE [--size 19] [--games N] [--every K] [--iterations N] [--holdout N]
//                           [--min-shape N] PATH...
//
// PATH is an SGF file or a directory searched for *.sgf / *.SGF (files are read in sorted order, so the same inputs
// always give the same bytes). Records of another size, with an illegal move or with no moves are skipped. The
// first --games usable records are read (all when 0); of each, every K-th position is learned from. The last
// --holdout of those games are kept out of learning and the share of their moves the model ranks first is
// reported on stderr. A shape (the twelve-point diamond) gets a weight of its own when at least --min-shape of the
// learned moves have it; the others share one. docs/engine.md has the command that rebuilt
// libs/engine/data/move_model.txt.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include <CLI/CLI.hpp>

#include "tengen/core/game.h"
#include "tengen/engine/move_features.h"
#include "tengen/engine/move_model.h"
#include "tengen/io/atomic_file.h"

#include "command_line.h"
#include "records.h"

namespace {

using tengen::Board;
using tengen::Color;
using tengen::engine::Family;
using tengen::engine::kFamilies;
using tengen::engine::MoveFeatures;
using tengen::tools::forEachPosition;
using tengen::tools::recordFiles;
using tengen::tools::usableGames;

struct Options {
  std::string out;
  int size = 19;
  int games = 0;
  int every = 1;
  int iterations = 20;
  int holdout = 0;
  int minShape = 10;
  std::vector<std::string> paths;
};

// One position: the distinct feature sets of its legal moves with how many moves have each, and the played one's.
struct Position {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> candidates;  // (feature set index, count)
  std::uint32_t chosen = 0;
};

struct FeatureSetHash {
  std::size_t operator()(const MoveFeatures& f) const {
    std::uint64_t h = 1469598103934665603ULL;
    for (std::uint32_t x : f) h = (h ^ x) * 1099511628211ULL;
    return static_cast<std::size_t>(h);
  }
};

class Data {
 public:
  std::uint32_t intern(const MoveFeatures& f) {
    const auto [it, added] = m_index.try_emplace(f, static_cast<std::uint32_t>(m_sets.size()));
    if (added) m_sets.push_back(f);
    return it->second;
  }
  const std::vector<MoveFeatures>& sets() const { return m_sets; }

 private:
  std::unordered_map<MoveFeatures, std::uint32_t, FeatureSetHash> m_index;
  std::vector<MoveFeatures> m_sets;
};

// Reads the command line into `o`; answers the exit code when the program should stop there (after --help: 0; after
// a usage error, which CLI11 prints: 2).
std::optional<int> parseArgs(int argc, char** argv, Options& o) {
  CLI::App app{"Learns the built-in engine's move model from SGF game records (docs/engine.md)",
               "tengen_learn_move_model"};
  app.add_option("--out", o.out, "The model file to write")->required();
  app.add_option("--size", o.size, "Board size of the records to learn from")
      ->capture_default_str()
      ->check(CLI::Range(2, 25));
  app.add_option("--games", o.games, "Records to read, held-out ones included (0: all)")
      ->check(CLI::Range(0, 1000000000));
  app.add_option("--every", o.every, "Learn from every K-th position of a record")->check(CLI::Range(1, 1000000000));
  app.add_option("--iterations", o.iterations, "Minorization-maximization iterations")
      ->capture_default_str()
      ->check(CLI::Range(0, 1000000000));
  app.add_option("--holdout", o.holdout, "The last N records are kept out and the model tested on them")
      ->check(CLI::Range(0, 1000000000));
  app.add_option("--min-shape", o.minShape, "Learned moves a shape needs to get a weight of its own")
      ->capture_default_str()
      ->check(CLI::Range(0, 1000000000));
  app.add_option("PATH", o.paths, "SGF files or directories searched for *.sgf")->required();
  return tengen::tools::parseCommandLine(app, argc, argv);
}

bool alwaysPresent(int family) {
  return family == static_cast<int>(Family::Pattern) || family == static_cast<int>(Family::Shape);
}

double strength(const std::vector<std::vector<double>>& gamma, const MoveFeatures& f) {
  double s = 1;
  for (int k = 0; k < kFamilies; ++k) {
    if (f[static_cast<std::size_t>(k)] == 0 && !alwaysPresent(k)) continue;
    s *= gamma[static_cast<std::size_t>(k)][f[static_cast<std::size_t>(k)]];
  }
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  if (const std::optional<int> stop = parseArgs(argc, argv, options)) return *stop;
  const std::vector<std::string> files = recordFiles(options.paths);

  const std::vector<tengen::Game> games =
      usableGames(files, options.size, options.games > 0 ? options.games + options.holdout : 0);
  const int learnGames =
      static_cast<int>(games.size()) - std::min<int>(options.holdout, static_cast<int>(games.size()));
  std::fprintf(stderr, "%zu records, %zu usable %dx%d games: %d to learn from, %zu held out\n", files.size(),
               games.size(), options.size, options.size, learnGames, games.size() - learnGames);

  // The shapes of the learned moves, counted, make the dictionary of shapes with a weight of their own; in the
  // learning data a shape is its index there, or the dictionary's size for all the others.
  std::map<std::uint32_t, int> shapeCounts;
  for (int g = 0; g < learnGames; ++g) {
    forEachPosition(games[static_cast<std::size_t>(g)],
                    [&](const Board& board, Color c, Board::Vertex played, Board::Vertex, Board::Vertex, int index) {
                      if (index % options.every == 0) ++shapeCounts[tengen::engine::canonicalShape(board, played, c)];
                    });
  }
  std::unordered_map<std::uint32_t, std::uint32_t> shapeIndex;
  std::vector<std::uint32_t> shapeCodes;
  for (const auto& [code, count] : shapeCounts) {
    if (count < options.minShape) continue;
    shapeIndex.emplace(code, static_cast<std::uint32_t>(shapeCodes.size()));
    shapeCodes.push_back(code);
  }
  const auto unknownShape = static_cast<std::uint32_t>(shapeCodes.size());
  std::fprintf(stderr, "%zu shapes, %zu with a weight of their own\n", shapeCounts.size(), shapeCodes.size());

  Data data;
  std::vector<Position> positions;
  constexpr auto kShape = static_cast<std::size_t>(Family::Shape);
  for (int g = 0; g < learnGames; ++g) {
    forEachPosition(games[static_cast<std::size_t>(g)], [&](const Board& board, Color c, Board::Vertex played,
                                                            Board::Vertex last, Board::Vertex lastOwn, int index) {
      if (index % options.every != 0) return;
      std::map<std::uint32_t, std::uint32_t> counts;
      Position p;
      for (int i = 0; i < board.emptyCount(); ++i) {
        const Board::Vertex v = board.emptyAt(i);
        if (board.check(c, v) != tengen::RejectReason::None) continue;
        MoveFeatures f = tengen::engine::moveFeatures(board, c, v, last, lastOwn);
        const auto known = shapeIndex.find(f[kShape]);
        f[kShape] = known == shapeIndex.end() ? unknownShape : known->second;
        const std::uint32_t set = data.intern(f);
        ++counts[set];
        if (v == played) p.chosen = set;
      }
      p.candidates.assign(counts.begin(), counts.end());
      positions.push_back(std::move(p));
    });
  }
  std::fprintf(stderr, "%zu positions, %zu distinct feature sets\n", positions.size(), data.sets().size());

  // Gammas by family and level; the wins of each level (plus the prior's virtual win) are fixed.
  std::vector<std::vector<double>> gamma(kFamilies);
  std::vector<std::vector<double>> wins(kFamilies);
  std::vector<std::vector<bool>> seen(kFamilies);
  for (int k = 0; k < kFamilies; ++k) {
    const std::size_t levels = k == static_cast<int>(Family::Pattern) ? 65536
                               : k == static_cast<int>(Family::Shape) ? shapeCodes.size() + 1
                                                                      : 128;
    gamma[static_cast<std::size_t>(k)].assign(levels, 1.0);
    wins[static_cast<std::size_t>(k)].assign(levels, 1.0);
    seen[static_cast<std::size_t>(k)].assign(levels, false);
  }
  for (const Position& p : positions) {
    const MoveFeatures& f = data.sets()[p.chosen];
    for (int k = 0; k < kFamilies; ++k) wins[static_cast<std::size_t>(k)][f[static_cast<std::size_t>(k)]] += 1;
  }
  for (const MoveFeatures& f : data.sets()) {
    for (int k = 0; k < kFamilies; ++k) seen[static_cast<std::size_t>(k)][f[static_cast<std::size_t>(k)]] = true;
  }

  std::vector<double> setStrength(data.sets().size());
  for (int iteration = 0; iteration < options.iterations; ++iteration) {
    for (int k = 0; k < kFamilies; ++k) {
      const auto fk = static_cast<std::size_t>(k);
      for (std::size_t s = 0; s < data.sets().size(); ++s) setStrength[s] = strength(gamma, data.sets()[s]);
      // The prior: one virtual win and one virtual loss against a move of gamma 1.
      std::vector<double> denominator(gamma[fk].size(), 0.0);
      for (std::size_t level = 0; level < gamma[fk].size(); ++level) denominator[level] = 2 / (gamma[fk][level] + 1);
      for (const Position& p : positions) {
        double total = 0;
        for (const auto& [set, count] : p.candidates) total += count * setStrength[set];
        for (const auto& [set, count] : p.candidates) {
          const std::uint32_t level = data.sets()[set][fk];
          if (level == 0 && !alwaysPresent(k)) continue;
          denominator[level] += count * setStrength[set] / gamma[fk][level] / total;
        }
      }
      for (std::size_t level = 0; level < gamma[fk].size(); ++level) {
        if (!seen[fk][level] || (level == 0 && !alwaysPresent(k))) continue;
        gamma[fk][level] = wins[fk][level] / denominator[level];
      }
      if (k == static_cast<int>(Family::Pattern)) {
        // Patterns are always present, so only their ratios matter: the empty neighbourhood keeps gamma 1.
        const double scale = gamma[fk][0];
        for (double& g : gamma[fk]) g /= scale;
      } else if (k == static_cast<int>(Family::Shape)) {
        // The same for shapes: those without a weight of their own keep gamma 1.
        const double scale = gamma[fk][unknownShape];
        for (double& g : gamma[fk]) g /= scale;
      }
    }
    // Mean log-likelihood of the played moves, to watch the learning converge.
    double logLikelihood = 0;
    for (std::size_t s = 0; s < data.sets().size(); ++s) setStrength[s] = strength(gamma, data.sets()[s]);
    for (const Position& p : positions) {
      double total = 0;
      for (const auto& [set, count] : p.candidates) total += count * setStrength[set];
      logLikelihood += std::log(setStrength[p.chosen] / total);
    }
    std::fprintf(stderr, "iteration %d: mean log-likelihood %.4f\n", iteration + 1,
                 positions.empty() ? 0.0 : logLikelihood / static_cast<double>(positions.size()));
  }

  tengen::engine::MoveModel model;
  for (int k = 0; k < kFamilies; ++k) {
    for (std::size_t level = 0; level < gamma[static_cast<std::size_t>(k)].size(); ++level) {
      if (!seen[static_cast<std::size_t>(k)][level]) continue;
      const double g = gamma[static_cast<std::size_t>(k)][level];
      if (k == static_cast<int>(Family::Shape)) {
        // Weights that round to 1 are left out: the model then treats the shape as unknown, with the same weight.
        if (level < shapeCodes.size() && std::fabs(g - 1) > 0.005) model.setGamma(Family::Shape, shapeCodes[level], g);
        continue;
      }
      model.setGamma(static_cast<Family>(k), static_cast<std::uint32_t>(level), g);
    }
  }

  // How often the model ranks the played move first in the held-out games.
  long held = 0;
  long first = 0;
  for (std::size_t g = static_cast<std::size_t>(learnGames); g < games.size(); ++g) {
    forEachPosition(games[g], [&](const Board& board, Color c, Board::Vertex played, Board::Vertex last,
                                  Board::Vertex lastOwn, int) {
      double best = -1;
      Board::Vertex bestMove = Board::kNoVertex;
      for (int i = 0; i < board.emptyCount(); ++i) {
        const Board::Vertex v = board.emptyAt(i);
        if (board.check(c, v) != tengen::RejectReason::None) continue;
        const double s = model.strength(tengen::engine::moveFeatures(board, c, v, last, lastOwn));
        if (s > best) {
          best = s;
          bestMove = v;
        }
      }
      ++held;
      first += bestMove == played;
    });
  }
  if (held > 0) {
    std::fprintf(stderr, "held-out games: the played move ranked first in %ld of %ld positions (%.1f%%)\n", first, held,
                 100.0 * static_cast<double>(first) / static_cast<double>(held));
  }

  std::string command = "tengen_learn_move_model";
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    // Paths are written as given (relative to where the command ran), so the file does not depend on the machine.
    command += " " + arg;
  }
  const std::string comment =
      "The built-in engine's move model (libs/engine/include/tengen/engine/move_model.h).\n"
      "Rebuilt with: " +
      command + "\nfrom " + std::to_string(learnGames) + " games, " + std::to_string(positions.size()) +
      " positions, " + std::to_string(options.iterations) + " iterations of minorization-maximization.";
  const tengen::Status written = tengen::io::writeFileAtomically(options.out, model.write(comment));
  if (!written) {
    std::fprintf(stderr, "tengen_learn_move_model: %s\n", written.error().c_str());
    return 1;
  }
  return 0;
}
