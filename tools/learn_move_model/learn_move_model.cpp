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

// The shapes of the learned moves, counted, make the dictionary of shapes with a weight of their own; in the
// learning data a shape is its index there, or the dictionary's size (`unknown`) for all the others.
struct Shapes {
  std::unordered_map<std::uint32_t, std::uint32_t> index;
  std::vector<std::uint32_t> codes;
  std::uint32_t unknown = 0;
};

Shapes shapeDictionary(const std::vector<tengen::Game>& games, int learnGames, const Options& options) {
  std::map<std::uint32_t, int> counts;
  for (int g = 0; g < learnGames; ++g) {
    forEachPosition(games[static_cast<std::size_t>(g)],
                    [&](const Board& board, Color c, Board::Vertex played, Board::Vertex, Board::Vertex, int index) {
                      if (index % options.every == 0) ++counts[tengen::engine::canonicalShape(board, played, c)];
                    });
  }
  Shapes shapes;
  for (const auto& [code, count] : counts) {
    if (count < options.minShape) continue;
    shapes.index.emplace(code, static_cast<std::uint32_t>(shapes.codes.size()));
    shapes.codes.push_back(code);
  }
  shapes.unknown = static_cast<std::uint32_t>(shapes.codes.size());
  std::fprintf(stderr, "%zu shapes, %zu with a weight of their own\n", counts.size(), shapes.codes.size());
  return shapes;
}

// Every K-th position of the games learned from, as the feature sets of its legal moves (interned in `data`).
std::vector<Position> learningPositions(const std::vector<tengen::Game>& games, int learnGames, const Options& options,
                                        const Shapes& shapes, Data& data) {
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
        const auto known = shapes.index.find(f[kShape]);
        f[kShape] = known == shapes.index.end() ? shapes.unknown : known->second;
        const std::uint32_t set = data.intern(f);
        ++counts[set];
        if (v == played) p.chosen = set;
      }
      p.candidates.assign(counts.begin(), counts.end());
      positions.push_back(std::move(p));
    });
  }
  std::fprintf(stderr, "%zu positions, %zu distinct feature sets\n", positions.size(), data.sets().size());
  return positions;
}

// The gammas by family and level as they are learned; the wins of each level (plus the prior's virtual win) are
// fixed, and a level no feature set has is never learned.
struct Gammas {
  std::vector<std::vector<double>> gamma{static_cast<std::size_t>(kFamilies)};
  std::vector<std::vector<double>> wins{static_cast<std::size_t>(kFamilies)};
  std::vector<std::vector<bool>> seen{static_cast<std::size_t>(kFamilies)};
};

Gammas startingGammas(const std::vector<Position>& positions, const Data& data, const Shapes& shapes) {
  Gammas g;
  for (int k = 0; k < kFamilies; ++k) {
    const std::size_t levels = k == static_cast<int>(Family::Pattern) ? 65536
                               : k == static_cast<int>(Family::Shape) ? shapes.codes.size() + 1
                                                                      : 128;
    g.gamma[static_cast<std::size_t>(k)].assign(levels, 1.0);
    g.wins[static_cast<std::size_t>(k)].assign(levels, 1.0);
    g.seen[static_cast<std::size_t>(k)].assign(levels, false);
  }
  for (const Position& p : positions) {
    const MoveFeatures& f = data.sets()[p.chosen];
    for (int k = 0; k < kFamilies; ++k) g.wins[static_cast<std::size_t>(k)][f[static_cast<std::size_t>(k)]] += 1;
  }
  for (const MoveFeatures& f : data.sets()) {
    for (int k = 0; k < kFamilies; ++k) g.seen[static_cast<std::size_t>(k)][f[static_cast<std::size_t>(k)]] = true;
  }
  return g;
}

// One minorization-maximization step for family k: every other family's gammas held fixed.
void updateFamily(Gammas& g, int k, const std::vector<Position>& positions, const Data& data, const Shapes& shapes,
                  std::vector<double>& setStrength) {
  const auto fk = static_cast<std::size_t>(k);
  for (std::size_t s = 0; s < data.sets().size(); ++s) setStrength[s] = strength(g.gamma, data.sets()[s]);
  // The prior: one virtual win and one virtual loss against a move of gamma 1.
  std::vector<double> denominator(g.gamma[fk].size(), 0.0);
  for (std::size_t level = 0; level < g.gamma[fk].size(); ++level) denominator[level] = 2 / (g.gamma[fk][level] + 1);
  for (const Position& p : positions) {
    double total = 0;
    for (const auto& [set, count] : p.candidates) total += count * setStrength[set];
    for (const auto& [set, count] : p.candidates) {
      const std::uint32_t level = data.sets()[set][fk];
      if (level == 0 && !alwaysPresent(k)) continue;
      denominator[level] += count * setStrength[set] / g.gamma[fk][level] / total;
    }
  }
  for (std::size_t level = 0; level < g.gamma[fk].size(); ++level) {
    if (!g.seen[fk][level] || (level == 0 && !alwaysPresent(k))) continue;
    g.gamma[fk][level] = g.wins[fk][level] / denominator[level];
  }
  if (k == static_cast<int>(Family::Pattern)) {
    // Patterns are always present, so only their ratios matter: the empty neighbourhood keeps gamma 1.
    const double scale = g.gamma[fk][0];
    for (double& x : g.gamma[fk]) x /= scale;
  } else if (k == static_cast<int>(Family::Shape)) {
    // The same for shapes: those without a weight of their own keep gamma 1.
    const double scale = g.gamma[fk][shapes.unknown];
    for (double& x : g.gamma[fk]) x /= scale;
  }
}

Gammas learnGammas(const std::vector<Position>& positions, const Data& data, const Shapes& shapes, int iterations) {
  Gammas g = startingGammas(positions, data, shapes);
  std::vector<double> setStrength(data.sets().size());
  for (int iteration = 0; iteration < iterations; ++iteration) {
    for (int k = 0; k < kFamilies; ++k) updateFamily(g, k, positions, data, shapes, setStrength);
    // Mean log-likelihood of the played moves, to watch the learning converge.
    double logLikelihood = 0;
    for (std::size_t s = 0; s < data.sets().size(); ++s) setStrength[s] = strength(g.gamma, data.sets()[s]);
    for (const Position& p : positions) {
      double total = 0;
      for (const auto& [set, count] : p.candidates) total += count * setStrength[set];
      logLikelihood += std::log(setStrength[p.chosen] / total);
    }
    std::fprintf(stderr, "iteration %d: mean log-likelihood %.4f\n", iteration + 1,
                 positions.empty() ? 0.0 : logLikelihood / static_cast<double>(positions.size()));
  }
  return g;
}

tengen::engine::MoveModel modelOf(const Gammas& g, const Shapes& shapes) {
  tengen::engine::MoveModel model;
  for (int k = 0; k < kFamilies; ++k) {
    for (std::size_t level = 0; level < g.gamma[static_cast<std::size_t>(k)].size(); ++level) {
      if (!g.seen[static_cast<std::size_t>(k)][level]) continue;
      const double gamma = g.gamma[static_cast<std::size_t>(k)][level];
      if (k == static_cast<int>(Family::Shape)) {
        // Weights that round to 1 are left out: the model then treats the shape as unknown, with the same weight.
        if (level < shapes.codes.size() && std::fabs(gamma - 1) > 0.005) {
          model.setGamma(Family::Shape, shapes.codes[level], gamma);
        }
        continue;
      }
      model.setGamma(static_cast<Family>(k), static_cast<std::uint32_t>(level), gamma);
    }
  }
  return model;
}

// How often the model ranks the played move first in the held-out games, on stderr.
void reportHeldOut(const tengen::engine::MoveModel& model, const std::vector<tengen::Game>& games, int learnGames) {
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
}

// The model file's comment: the command that rebuilt it, with paths as given (relative to where it ran), so the file
// does not depend on the machine.
std::string rebuildComment(int argc, char** argv, int learnGames, std::size_t positions, int iterations) {
  std::string command = "tengen_learn_move_model";
  for (int i = 1; i < argc; ++i) command += " " + std::string(argv[i]);
  return "The built-in engine's move model (libs/engine/include/tengen/engine/move_model.h).\n"
         "Rebuilt with: " +
         command + "\nfrom " + std::to_string(learnGames) + " games, " + std::to_string(positions) + " positions, " +
         std::to_string(iterations) + " iterations of minorization-maximization.";
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

  const Shapes shapes = shapeDictionary(games, learnGames, options);
  Data data;
  const std::vector<Position> positions = learningPositions(games, learnGames, options, shapes, data);
  const tengen::engine::MoveModel model = modelOf(learnGammas(positions, data, shapes, options.iterations), shapes);
  reportHeldOut(model, games, learnGames);

  const std::string comment = rebuildComment(argc, argv, learnGames, positions.size(), options.iterations);
  const tengen::Status written = tengen::io::writeFileAtomically(options.out, model.write(comment));
  if (!written) {
    std::fprintf(stderr, "tengen_learn_move_model: %s\n", written.error().c_str());
    return 1;
  }
  return 0;
}
