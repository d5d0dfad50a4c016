#include "search.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <memory>
#include <mutex>
#include <thread>
#include <utility>

#include "tengen/engine/move_features.h"
#include "tengen/engine/policy_input.h"

#include "timed_lock.h"

namespace tengen::engine {

namespace {

using Vertex = Board::Vertex;

// A leaf grows children only after this many visits, which keeps the arena small on 19x19. The move model's
// priors cost a feature reading per child, so with them big boards wait longer.
constexpr std::uint32_t kExpandAfter = 2;
std::uint32_t expandAfter(int size, bool model) {
  if (!model || size <= 9) return kExpandAfter;
  return size <= 13 ? 3 : 4;
}
// UCT exploration; small because RAVE already spreads the visits.
constexpr double kExploration = 0.05;
// RAVE weight beta = rave / (rave + n + n * rave / kRaveEquivalence) (Silver's formula): the number of real
// visits at which RAVE and the real winning rate count the same.
constexpr double kRaveEquivalence = 1000;
// Criticality is read only in nodes with more real playouts than this: below it the covariance is noise.
constexpr std::uint32_t kCriticalityAfter = 1000;

// Prior strength, in virtual playouts: a capture or an escape counts as this many wins, a self-atari of a big
// chain as this many losses; a first-line move far from every stone as kEdgePrior losses.
constexpr float kTacticsPrior = 10;
constexpr float kEdgePrior = 6;
// A move that matches a 3x3 pattern without self-atari counts kPatternPrior wins; one of the eight points around
// the last move kNearPrior wins: answering locally is usually right, and it steers the first visits there.
constexpr float kPatternPrior = 5;
constexpr float kNearPrior = 3;
// With the move model each child gets this many virtual playouts, won in the share the model gives it against the
// average candidate of its position: strength / (strength + mean strength); and as many AMAF ones, or RAVE, which
// every playout feeds for half the board, would drown the prior at once.
constexpr float kModelPrior = 10;
constexpr std::uint32_t kModelRavePrior = 40;

// With the policy network a node's children get this many virtual playouts, won in the share p / (p + mean) where
// p is the network's probability of the move and mean that of the average candidate: the move model's rule with
// the network's probability as the strength. The network ranks moves better than the model, so it counts for more.
constexpr float kNetPrior = 20;
// A node earns the network's evaluation (about 2.5 ms on 19x19, 0.7 ms on 9x9, on one core) once it has had this
// many visits, so that the evaluations cost a fraction of the playouts they steer.
std::uint32_t netAfter(int size) { return size <= 9 ? 256 : size <= 13 ? 160 : 100; }
// Once a node has the network's evaluation, a child's selection value also gains c * p * sqrt(N) / (1 + n), p its
// probability among its siblings, N the parent's visits and n its own (the PUCT term of AlphaGo, beside the winning
// rate and RAVE). The virtual playouts above fade as real ones come; this does not, so on a board where the
// playouts cannot tell the candidates apart (a 19x19 opening: every winning rate within a few hundredths of 0.5)
// the visits still go where the network points instead of to whichever move the playouts' noise favours.
constexpr double kNetExploration = 0.5;

// The opening prior. On boards of 13x13 and more, while the board holds fewer stones than it has lines, a player
// takes the empty corners on the third and fourth lines first, then the sides, and plays neither on the first two
// lines away from the stones nor in the open centre. Random playouts do not know this: on a nearly empty board
// their winning rates differ by little more than the playouts' own biases, and enough playouts drown the model's
// prior, which fades like any virtual playout. So the root's children get a term of their selection value that
// does not fade: kOpeningBias for a corner move, minus as much for a poor one, falling linearly to nothing as the
// stones on the board reach its size. Only at the root: below it the tree reads each side's best replies, not the
// natural ones, so the values the root sees stay the playouts'.
constexpr int kOpeningMinSize = 13;
constexpr double kOpeningBias = 0.1;
// A move is in open space when no stone stands within this many lines of it either way (a 9x9 square).
constexpr int kOpenRadius = 4;

// The opening prior of a move at p, as a share of kOpeningBias; `stones` are the points of the board's stones. In
// open space: 1 on the third and fourth lines near a corner (the other line the third to the fifth), 0 on the
// third and fourth lines of a side, -1 from the fifth line in; and -1 on the first two lines whenever no stone
// touches the point (diagonals included). Elsewhere (near stones) 0.
int openingSign(int size, Point p, const std::vector<Point>& stones) {
  const int lineRow = std::min(p.row + 1, size - p.row);
  const int lineCol = std::min(p.col + 1, size - p.col);
  const int near = std::min(lineRow, lineCol);
  const int far = std::max(lineRow, lineCol);
  int closest = size;  // the nearest stone, counted in lines either way
  for (const Point s : stones) closest = std::min(closest, std::max(std::abs(s.row - p.row), std::abs(s.col - p.col)));
  if (near <= 2) return closest <= 1 ? 0 : -1;
  if (closest <= kOpenRadius) return 0;
  return near >= 5 ? -1 : far <= 5 ? 1 : 0;
}

// How often the early stop looks at the root: rarely enough that scanning the root children costs nothing next to
// the playouts, often enough that little is wasted once the choice is settled.
constexpr long kEarlyStopEvery = 256;

}  // namespace

void Search::setPrior(Node& child, const Board& board, Color c, Vertex v, Vertex last) const {
  const Color opp = opponent(c);
  bool captures = false;
  bool escapes = false;
  for (int d : board.neighbourOffsets()) {
    const Vertex u = v + d;
    if (board.at(u) == opp && board.inAtari(u)) captures = true;
    if (board.at(u) == c && board.inAtari(u)) escapes = true;
  }
  if (captures || (escapes && board.libertiesAfter(c, v, 2) >= 2)) {
    child.priorVisits += kTacticsPrior;
    child.priorWins += kTacticsPrior;
    return;
  }
  if (isBigSelfAtari(board, c, v)) {
    child.priorVisits += kTacticsPrior;
    return;
  }
  // The first line is rarely right while nothing stands near it.
  const int size = board.size();
  const Point p = board.point(v);
  if (p.row == 0 || p.col == 0 || p.row == size - 1 || p.col == size - 1) {
    bool near = false;
    for (int r = p.row - 2; r <= p.row + 2 && !near; ++r) {
      for (int k = p.col - 2; k <= p.col + 2 && !near; ++k) near = isPlayer(board.at(Point{r, k}));
    }
    if (!near) {
      child.priorVisits += kEdgePrior;
      return;
    }
  }
  if (last != Board::kNoVertex) {
    const Point q = board.point(last);
    if (std::abs(q.row - p.row) <= 1 && std::abs(q.col - p.col) <= 1) {
      child.priorVisits += kNearPrior;
      child.priorWins += kNearPrior;
    }
  }
  if (m_patterns && m_patterns->matches(board, v, c) && board.libertiesAfter(c, v, 2) >= 2) {
    child.priorVisits += kPatternPrior;
    child.priorWins += kPatternPrior;
  }
}

void Search::setOpeningPrior() {
  m_openingPrior.clear();
  const int size = m_root.size();
  const int stoneCount = size * size - m_root.emptyCount();
  // The network learned the opening from the records; the rule is for the model, which sees only shapes.
  if (m_model == nullptr || m_net != nullptr || size < kOpeningMinSize || stoneCount >= size) return;
  const double weight = kOpeningBias * (1 - static_cast<double>(stoneCount) / size);
  std::vector<Point> stones;
  for (int row = 0; row < size; ++row) {
    for (int col = 0; col < size; ++col) {
      if (isPlayer(m_root.at(Point{row, col}))) stones.push_back({row, col});
    }
  }
  const Node& root = m_nodes[0];
  for (std::int32_t i = root.firstChild; i < root.firstChild + root.childCount; ++i) {
    const Point p = m_root.point(m_nodes[static_cast<std::size_t>(i)].move);
    m_openingPrior.push_back(weight * openingSign(size, p, stones));
  }
}

void Search::setModelPriors(Node* children, std::size_t count, const Board& board, Color c, Vertex last, Vertex lastOwn,
                            const std::vector<bool>* only) const {
  if (count == 0) return;
  std::vector<double> strength(count);
  double total = 0;
  for (std::size_t i = 0; i < count; ++i) {
    strength[i] = m_model->strength(moveFeatures(board, c, children[i].move, last, lastOwn));
    total += strength[i];
  }
  const double mean = total / static_cast<double>(count);
  for (std::size_t i = 0; i < count; ++i) {
    if (only != nullptr && !(*only)[i]) continue;
    Node& child = children[i];
    const auto q = static_cast<float>(strength[i] / (strength[i] + mean));
    child.priorVisits = kModelPrior;
    child.priorWins = kModelPrior * q;
    child.raveVisits = kModelRavePrior;
    child.raveWins = static_cast<float>(kModelRavePrior) * q;
  }
}

void Search::setNetPriors(std::int32_t node, const Board& board, Color c, Vertex last, Vertex lastOwn,
                          const std::vector<bool>* only) {
  m_main.netCodes.resize(static_cast<std::size_t>(board.size() * board.size()));
  policyCodes(board, c, last, lastOwn, m_main.netCodes.data());
  evaluate(m_main, board.size(), c);
  applyNetPriors(node, m_main.netOut, only);
  if (valued()) setNodeValue(node, c, m_main.netJudgment);
  m_waits += m_main.waits;
  m_main.waits = SearchWaits{};
}

void Search::evaluate(Worker& w, int size, Color toMove) const {
  const int points = size * size;
  w.netOut.resize(static_cast<std::size_t>(points));
  ++w.waits.evaluations;
  // The search counts by area; the komi is the one its playouts count with.
  const GameTerms terms{toMove == Color::Black ? -m_komi : m_komi, false};
  NetJudgment* judgment = valued() ? &w.netJudgment : nullptr;
  const double cacheBefore = EvalCache::waitedOnThisThread();
  if (m_cache != nullptr && m_cache->find(w.netCodes.data(), points, toMove, w.netOut.data(), judgment, terms)) {
    ++w.waits.cacheHits;
    w.waits.cache += EvalCache::waitedOnThisThread() - cacheBefore;
    return;
  }
  const double before = PolicyNet::waitedOnThisThread();
  if (judgment != nullptr) {
    *judgment = m_net->judgeCodes(w.netCodes.data(), size, toMove, terms, w.netOut.data(), nullptr);
  } else {
    m_net->evaluateCodes(w.netCodes.data(), size, toMove, w.netOut.data());
  }
  w.waits.network += PolicyNet::waitedOnThisThread() - before;
  if (m_cache != nullptr) m_cache->store(w.netCodes.data(), points, toMove, w.netOut.data(), judgment, terms);
  w.waits.cache += EvalCache::waitedOnThisThread() - cacheBefore;
}

void Search::setNodeValue(std::int32_t node, Color toMove, const NetJudgment& judgment) {
  Node& n = m_nodes[static_cast<std::size_t>(node)];
  const bool black = toMove == Color::Black;
  n.blackValue = black ? judgment.value : 1.0F - judgment.value;
  n.blackScore = black ? judgment.score : -judgment.score;
  n.valued = true;
}

void Search::applyNetPriors(std::int32_t node, const std::vector<float>& probabilities, const std::vector<bool>* only) {
  m_nodes[static_cast<std::size_t>(node)].netPriors = true;
  // The root's are set before any thread searches (the constructor, advance).
  if (node == 0) m_rootNet = probabilities;
  const Node& n = m_nodes[static_cast<std::size_t>(node)];
  if (!n.expanded || n.childCount == 0) return;
  const int size = m_root.size();
  const auto probability = [&](Vertex v) {
    const Point p = m_root.point(v);
    return static_cast<double>(probabilities[static_cast<std::size_t>(p.row * size + p.col)]);
  };
  double total = 0;
  for (std::int32_t i = n.firstChild; i < n.firstChild + n.childCount; ++i) {
    total += probability(m_nodes[static_cast<std::size_t>(i)].move);
  }
  const double mean = total / n.childCount;
  for (std::int32_t i = n.firstChild; i < n.firstChild + n.childCount; ++i) {
    Node& child = m_nodes[static_cast<std::size_t>(i)];
    const double p = probability(child.move);
    // Not a statistic: every child's share is set again, among its siblings of now.
    child.policy = total > 0 ? static_cast<float>(p / total) : 0.0F;
    if (only != nullptr && !(*only)[static_cast<std::size_t>(i - n.firstChild)]) continue;
    const auto q = static_cast<float>(mean > 0 ? p / (p + mean) : 0.5);
    // The RAVE prior: the model's share taken out (it gave every child kModelPrior virtual playouts), the
    // network's put in.
    const float before = m_model != nullptr ? child.priorWins / kModelPrior : 0.0F;
    if (m_model == nullptr) child.raveVisits += kModelRavePrior;
    child.raveWins += static_cast<float>(kModelRavePrior) * (q - before);
    child.priorVisits = kNetPrior;
    child.priorWins = kNetPrior * q;
  }
}

SearchConfig searchConfigOf(const EngineOptions& options) {
  SearchConfig config;
  config.playout.fights = options.playoutFights;
  config.playout.ownShape = options.playoutOwnShape;
  config.playout.atariRate = options.playoutAtariRate;
  config.playout.loneSelfAtari = options.playoutLoneSelfAtari;
  config.playout.koRetake = options.playoutKoRetake;
  config.raveDistance = options.raveDistance;
  config.criticality = options.criticality;
  config.netExploration = options.netExploration;
  config.valueShare = options.valueShare;
  return config;
}

Search::Arena::Arena() : m_nodes(static_cast<Node*>(::operator new(kCapacity * sizeof(Node)))) {}

Search::Arena::Arena(Arena&& other) noexcept
    : m_nodes(std::move(other.m_nodes)), m_size(other.m_size.load(std::memory_order_relaxed)) {
  other.m_size.store(0, std::memory_order_relaxed);
}

Search::Arena& Search::Arena::operator=(Arena&& other) noexcept {
  m_nodes = std::move(other.m_nodes);
  m_size.store(other.m_size.load(std::memory_order_relaxed), std::memory_order_relaxed);
  other.m_size.store(0, std::memory_order_relaxed);
  return *this;
}

std::int32_t Search::Arena::append(const Node* nodes, std::size_t count) {
  std::size_t first = m_size.load(std::memory_order_relaxed);
  do {
    if (first + count > kCapacity) return -1;
  } while (!m_size.compare_exchange_weak(first, first + count, std::memory_order_relaxed));
  // The block is this thread's alone until the parent publishes it.
  std::uninitialized_copy_n(nodes, count, m_nodes.get() + first);
  return static_cast<std::int32_t>(first);
}

Search::Search(const Board& root, Color toMove, Vertex last, Vertex lastOwn, double komi, std::vector<Vertex> rootMoves,
               std::uint64_t seed, const PatternTable* patterns, const MoveModel* model, const PolicyNet* net,
               const SearchConfig& config, EvalCache* cache)
    : m_root(root),
      m_toMove(toMove),
      m_last(last),
      m_lastOwn(lastOwn),
      m_komi(komi),
      m_rootMoves(std::move(rootMoves)),
      m_patterns(patterns),
      m_model(model),
      m_net(net),
      m_netAfter(netAfter(root.size())),
      m_expandAfter(expandAfter(root.size(), model != nullptr)),
      m_maxPlayoutMoves(3 * root.size() * root.size()),
      m_cache(net != nullptr ? cache : nullptr),
      m_policy(config.playout),
      m_raveDistance(config.raveDistance),
      m_criticality(config.criticality),
      m_puct(config.netExploration ? kNetExploration : 0.0),
      m_valueShare(net != nullptr && net->judgesSize(root.size()) ? config.valueShare : 0.0),
      m_main(seed, static_cast<std::size_t>(root.vertexEnd())) {
  m_policy.patterns = m_patterns;
  Node rootNode;
  rootNode.color = opponent(toMove);
  m_nodes.append(&rootNode, 1);
  std::vector<Node> children;
  makeChildren(children, m_root, toMove, last, lastOwn, true);
  attachChildren(0, children);
  if (m_net != nullptr) setNetPriors(0, m_root, toMove, last, lastOwn);
  setOpeningPrior();
  setRootStatistics();
}

void Search::setRootStatistics() {
  const Node& root = m_nodes[0];
  const std::size_t count = root.childCount;
  m_rootPriors.assign(count, count > 0 ? 1.0 / static_cast<double>(count) : 0.0);
  m_childScore.assign(count, 0.0);
  m_childScored.assign(count, 0);
  if ((m_model == nullptr && m_net == nullptr) || count == 0) return;
  double total = 0;
  const int size = m_root.size();
  for (std::size_t i = 0; i < count; ++i) {
    const Vertex v = m_nodes[static_cast<std::size_t>(root.firstChild) + i].move;
    const Point p = m_root.point(v);
    m_rootPriors[i] = m_net != nullptr ? m_rootNet[static_cast<std::size_t>(p.row * size + p.col)]
                                       : m_model->strength(moveFeatures(m_root, m_toMove, v, m_last, m_lastOwn));
    total += m_rootPriors[i];
  }
  if (total <= 0) return;
  for (double& p : m_rootPriors) p /= total;
}

void Search::collectOutcomes(bool territory) {
  m_collect = true;
  m_territory = territory;
  m_outcomes = Outcomes{};
  m_outcomes.owned.assign(static_cast<std::size_t>(m_root.vertexEnd()), 0);
  std::fill(m_childScore.begin(), m_childScore.end(), 0.0);
  std::fill(m_childScored.begin(), m_childScored.end(), 0);
}

void Search::stopCollectingOutcomes() {
  m_collect = false;
  m_outcomes = Outcomes{};
}

namespace {

// Empties `outcomes` and the per-child sums, sized for `vertices` and `children`.
void clearOutcomes(Outcomes& outcomes, std::vector<double>& childScore, std::vector<long>& childScored,
                   std::size_t vertices, std::size_t children) {
  outcomes.owned.assign(vertices, 0);
  outcomes.blackSum = 0;
  outcomes.whiteSum = 0;
  outcomes.playouts = 0;
  childScore.assign(children, 0.0);
  childScored.assign(children, 0);
}

}  // namespace

void Search::flushOutcomes(Worker& w, std::mutex* lock) {
  if (!m_collect || w.outcomes.playouts == 0) return;
  std::unique_lock<std::mutex> guard;
  if (lock != nullptr) guard = lockCountingWait(*lock, w.waits.outcomes);
  for (std::size_t v = 0; v < w.outcomes.owned.size(); ++v) m_outcomes.owned[v] += w.outcomes.owned[v];
  m_outcomes.blackSum += w.outcomes.blackSum;
  m_outcomes.whiteSum += w.outcomes.whiteSum;
  m_outcomes.playouts += w.outcomes.playouts;
  for (std::size_t k = 0; k < w.childScore.size(); ++k) {
    m_childScore[k] += w.childScore[k];
    m_childScored[k] += w.childScored[k];
  }
  if (guard.owns_lock()) guard.unlock();
  clearOutcomes(w.outcomes, w.childScore, w.childScored, m_outcomes.owned.size(), m_childScore.size());
}

int Search::addOutcome(Worker& w, const Board& board, std::ptrdiff_t child, double netDifference, double share) const {
  const int size = board.size();
  int black = 0;
  int white = 0;
  int blackStones = 0;
  int whiteStones = 0;
  for (int row = 0; row < size; ++row) {
    Vertex v = board.vertex({row, 0});
    for (int col = 0; col < size; ++col, ++v) {
      const Color owner = areaOwner(board, v);
      if (owner == Color::Black) {
        ++black;
        ++w.outcomes.owned[static_cast<std::size_t>(v)];
        blackStones += board.at(v) == Color::Black;
      } else if (owner == Color::White) {
        ++white;
        --w.outcomes.owned[static_cast<std::size_t>(v)];
        whiteStones += board.at(v) == Color::White;
      }
    }
  }
  // Territory counts the empty points owned and the stones each side took; area the stones and empty points owned.
  const double blackPoints = m_territory ? black - blackStones + board.captures(Color::Black) : black;
  const double whitePoints = m_territory ? white - whiteStones + board.captures(Color::White) : white;
  const double score = blackPoints - whitePoints;
  w.outcomes.blackSum += blackPoints;
  w.outcomes.whiteSum += whitePoints;
  ++w.outcomes.playouts;
  if (child >= 0) {
    w.childScore[static_cast<std::size_t>(child)] += (1 - share) * score + share * netDifference;
    ++w.childScored[static_cast<std::size_t>(child)];
  }
  return black - white;
}

std::vector<Vertex> Search::principalVariation(std::size_t child, int maxLength) const {
  std::vector<Vertex> line;
  std::int32_t node = m_nodes[0].firstChild + static_cast<std::int32_t>(child);
  while (static_cast<int>(line.size()) < maxLength) {
    const Node& n = m_nodes[static_cast<std::size_t>(node)];
    line.push_back(n.move);
    if (!n.expanded || n.childCount == 0) break;
    std::int32_t best = -1;
    std::uint32_t most = 0;
    for (std::int32_t i = n.firstChild; i < n.firstChild + n.childCount; ++i) {
      const std::uint32_t visits = m_nodes[static_cast<std::size_t>(i)].visits;
      if (visits > most) {
        most = visits;
        best = i;
      }
    }
    if (best < 0) break;
    node = best;
  }
  return line;
}

void Search::makeChildren(std::vector<Node>& children, const Board& board, Color toMove, Vertex last, Vertex lastOwn,
                          bool root) const {
  children.clear();
  auto addChild = [&](Vertex v) {
    Node child;
    child.move = static_cast<std::uint16_t>(v);
    child.color = toMove;
    if (m_model == nullptr) setPrior(child, board, toMove, v, last);
    children.push_back(child);
  };
  if (root) {
    for (Vertex v : m_rootMoves) addChild(v);
  } else {
    for (int i = 0; i < board.emptyCount(); ++i) {
      const Vertex v = board.emptyAt(i);
      if (board.check(toMove, v) == RejectReason::None && !board.isSimpleEye(toMove, v)) addChild(v);
    }
  }
  if (m_model != nullptr) setModelPriors(children.data(), children.size(), board, toMove, last, lastOwn);
}

void Search::attachChildren(std::int32_t node, const std::vector<Node>& children) {
  Node& n = m_nodes[static_cast<std::size_t>(node)];
  if (n.expanded) {
    n.expanding = false;
    return;
  }
  const std::int32_t first = m_nodes.append(children.data(), children.size());
  // A full arena: the node stays a leaf, marked as being expanded so that nobody tries again.
  if (first < 0) return;
  n.firstChild = first;
  n.childCount = static_cast<std::uint16_t>(children.size());
  n.expanded = true;
  n.expanding = false;
}

void Search::criticalRave(const Node& ch, double& raveVisits, double& raveRate) const {
  // cov(the player owns the point, the player wins) = P(winner owns) - (P(B owns) P(B wins) + P(W owns) P(W wins)),
  // with only stones counted as owning.
  const double n = ch.visits;
  const double winnerOwns = ch.winnerOwns / n;
  const double blackOwns = ch.blackOwns / n;
  const double blackWins = ch.color == Color::Black ? ch.wins / n : 1.0 - ch.wins / n;
  const double covariance = winnerOwns - (2 * blackOwns * blackWins - blackOwns - blackWins + 1);
  // Added as that many wins for the child's player (a negative covariance takes wins away, as in Pachi); never so
  // many taken that the statistics would fall under one playout.
  const double extra = covariance * raveVisits * m_criticality;
  if (raveVisits + extra <= 1) return;
  raveRate = (raveRate * raveVisits + extra) / (raveVisits + extra);
  raveVisits += extra;
}

std::int32_t Search::select(std::int32_t node) const {
  const Node& parent = m_nodes[static_cast<std::size_t>(node)];
  const double logParent = std::log(static_cast<double>(parent.visits) + 1);
  const double puct = parent.netPriors ? m_puct * std::sqrt(static_cast<double>(parent.visits)) : 0.0;
  std::int32_t best = parent.firstChild;
  double bestValue = -1;
  for (std::int32_t i = parent.firstChild; i < parent.firstChild + parent.childCount; ++i) {
    const Node& ch = m_nodes[static_cast<std::size_t>(i)];
    // A thread walking through the child counts as a visit it lost until its playout is backed up.
    const double n = ch.visits + ch.virtualLoss + static_cast<double>(ch.priorVisits);
    double value;
    if (n == 0 && ch.raveVisits == 0) {
      value = 2;  // never seen in any playout: try it once
    } else {
      const double q = n > 0 ? (ch.wins + static_cast<double>(ch.priorWins)) / n : 0;
      double rn = ch.raveVisits;
      double rq = rn > 0 ? ch.raveWins / rn : 0;
      if (m_criticality > 0 && ch.visits > kCriticalityAfter && rn > 0) criticalRave(ch, rn, rq);
      const double beta = rn / (rn + n + n * rn / kRaveEquivalence);
      value = (1 - beta) * q + beta * rq + kExploration * std::sqrt(logParent / (n + 1));
    }
    if (puct > 0) value += puct * ch.policy / (1.0 + ch.visits + ch.virtualLoss);
    if (node == 0 && !m_openingPrior.empty()) value += m_openingPrior[static_cast<std::size_t>(i - parent.firstChild)];
    // Strictly greater: ties go to the first child, so the choice never depends on anything but the tree.
    if (value > bestValue) {
      bestValue = value;
      best = i;
    }
  }
  return best;
}

void Search::descend(Worker& w, bool virtualLoss) {
  w.path.clear();
  w.path.push_back(0);
  w.expandNode = -1;
  w.netNode = -1;
  std::int32_t node = 0;
  for (;;) {
    Node& n = m_nodes[static_cast<std::size_t>(node)];
    if (m_net != nullptr && w.netNode < 0 && n.expanded && !n.netPriors && n.visits >= m_netAfter &&
        n.netPriors.claim()) {
      // Claimed, so that no other thread evaluates it too.
      w.netNode = node;
      w.netDepth = w.path.size() - 1;
    }
    if (!n.expanded) {
      // A leaf. Once it has earned children this thread makes them, unless another one is doing so already.
      if (!n.expanding && n.visits >= m_expandAfter && !m_nodes.full() && n.expanding.claim()) w.expandNode = node;
      break;
    }
    if (n.childCount == 0) break;
    node = select(node);
    if (virtualLoss) m_nodes[static_cast<std::size_t>(node)].virtualLoss += 1;
    w.path.push_back(node);
  }
  w.moves.clear();
  for (std::size_t d = 1; d < w.path.size(); ++d) w.moves.push_back(m_nodes[static_cast<std::size_t>(w.path[d])].move);
}

void Search::backup(Worker& w, const Board& board, bool virtualLoss) {
  // The network's judgment of the deepest node of the walk it has evaluated, standing in for the leaf's.
  const Node* judged = nullptr;
  if (valued()) {
    for (auto d = static_cast<std::ptrdiff_t>(w.path.size()) - 1; d >= 0 && judged == nullptr; --d) {
      const Node& n = m_nodes[static_cast<std::size_t>(w.path[static_cast<std::size_t>(d)])];
      if (n.valued) judged = &n;
    }
  }
  const double share = judged != nullptr ? m_valueShare : 0.0;
  // Collecting the outcome counts the area already: the margin is read off it rather than counted twice.
  const double margin = m_collect ? addOutcome(w, board, w.path.size() > 1 ? w.path[1] - m_nodes[0].firstChild : -1,
                                               judged != nullptr ? judged->blackScore + m_komi : 0.0, share) -
                                        m_komi
                                  : areaMargin(board, m_komi);
  const float playoutResult = margin > 0 ? 1.0F : margin < 0 ? 0.0F : 0.5F;
  const float blackResult =
      judged != nullptr ? static_cast<float>((1 - share) * playoutResult + share * judged->blackValue) : playoutResult;
  auto resultFor = [&](Color c) { return c == Color::Black ? blackResult : 1.0F - blackResult; };
  auto playoutFor = [&](Color c) { return c == Color::Black ? playoutResult : 1.0F - playoutResult; };

  // With the distance weighting: the line's length, tree moves and playout (w.firstIndex has the playout's first
  // plays; the tree's are set on the way up).
  const auto length = static_cast<std::int32_t>(w.moves.size() + w.trail.size());
  // From the leaf up: each node's children get the AMAF update from the moves after it, then its own move is
  // recorded, since it came before all of those.
  for (auto d = static_cast<std::ptrdiff_t>(w.path.size()) - 1; d >= 0; --d) {
    Node& n = m_nodes[static_cast<std::size_t>(w.path[static_cast<std::size_t>(d)])];
    if (m_criticality > 0 && d > 0) {
      const Color owner = board.at(n.move);
      if (owner == Color::Black) n.blackOwns += 1.0F;
      if (owner != Color::Empty && playoutFor(owner) == 1.0F) n.winnerOwns += 1.0F;
    }
    n.visits += 1;
    // Nothing added for a loss: every figure is an atomic update, and adding 0 changes nothing.
    if (const float result = resultFor(n.color); result > 0) n.wins += result;
    if (virtualLoss && d > 0) n.virtualLoss -= 1;
    if (n.expanded) {
      for (std::int32_t i = n.firstChild; i < n.firstChild + n.childCount; ++i) {
        Node& ch = m_nodes[static_cast<std::size_t>(i)];
        if (w.firstColor[ch.move] == static_cast<std::uint8_t>(ch.color)) {
          // The node's children are the moves at index d of the line. With the distance weighting a move counts
          // 1 + floor(D x) times, x the share of the line after d that was still to come when it was first played
          // (x < 1): D times right after the node (on a long enough line), once near the end.
          std::uint32_t weight = 1;
          if (m_raveDistance > 1) {
            const std::int32_t first = w.firstIndex[ch.move];
            weight += static_cast<std::uint32_t>(m_raveDistance * (length - first) /
                                                 (length - static_cast<std::int32_t>(d) + 1));
          }
          ch.raveVisits.addLossy(weight);
          if (const float result = resultFor(ch.color); result > 0)
            ch.raveWins.addLossy(result * static_cast<float>(weight));
        }
      }
    }
    if (d > 0) w.firstColor[n.move] = static_cast<std::uint8_t>(n.color);
    if (d > 0 && m_raveDistance > 1) w.firstIndex[n.move] = static_cast<std::int32_t>(d - 1);
  }
}

void Search::playoutOnce(Worker& w, bool shared) {
  descend(w, shared);

  // The walk again on the board. Each move was legal when its node was made, on this same board: the path from the
  // root fixes the position.
  Board board = m_root;
  Color toMove = m_toMove;
  Vertex last = m_last;
  Vertex lastOwn = m_lastOwn;
  const int size = board.size();
  for (std::size_t d = 0;; ++d) {
    if (w.netNode >= 0 && d == w.netDepth) {
      w.netCodes.resize(static_cast<std::size_t>(size * size));
      policyCodes(board, toMove, last, lastOwn, w.netCodes.data());
      evaluate(w, size, toMove);
    }
    if (d == w.moves.size()) break;
    board.play(toMove, w.moves[d]);
    lastOwn = last;
    last = w.moves[d];
    toMove = opponent(toMove);
  }
  if (w.expandNode >= 0) makeChildren(w.children, board, toMove, last, lastOwn, false);
  std::fill(w.firstColor.begin(), w.firstColor.end(), 0);
  // The distance weighting reads the playout's own moves.
  std::vector<Vertex>* sequence = m_raveDistance > 1 ? &w.trail : nullptr;
  w.trail.clear();
  playout(board, toMove, last, lastOwn, w.rng, m_policy, w.firstColor.data(), m_maxPlayoutMoves, sequence);
  if (m_raveDistance > 1) {
    // Where the playout first played each vertex, as an index into the whole line (the tree's moves come first).
    w.firstIndex.assign(w.firstColor.size(), -1);
    for (std::size_t i = 0; i < w.trail.size(); ++i) {
      const auto v = static_cast<std::size_t>(w.trail[i]);
      if (w.trail[i] != Board::kNoVertex && w.firstIndex[v] < 0) {
        w.firstIndex[v] = static_cast<std::int32_t>(w.moves.size() + i);
      }
    }
  }

  if (w.expandNode >= 0) attachChildren(w.expandNode, w.children);
  if (w.netNode >= 0) {
    applyNetPriors(w.netNode, w.netOut, nullptr);
    if (valued()) {
      setNodeValue(w.netNode, opponent(m_nodes[static_cast<std::size_t>(w.netNode)].color), w.netJudgment);
    }
  }
  backup(w, board, shared);
}

bool Search::leaderCanChange(long remaining) const {
  const Node& root = m_nodes[0];
  std::uint32_t first = 0;
  std::uint32_t second = 0;
  for (std::int32_t i = root.firstChild; i < root.firstChild + root.childCount; ++i) {
    const std::uint32_t v = m_nodes[static_cast<std::size_t>(i)].visits;
    if (v > first) {
      second = first;
      first = v;
    } else if (v > second) {
      second = v;
    }
  }
  // Strictly ahead at the end is needed: on equal visits the winning rate decides, and that can still move.
  return static_cast<long>(first - second) <= remaining;
}

void Search::help(Worker& w, long maxPlayouts, std::atomic<long>& claimed, std::atomic<long>& done,
                  const std::atomic<bool>& stop, std::mutex& outcomesLock) {
  long mine = 0;
  while (!stop.load(std::memory_order_relaxed)) {
    if (maxPlayouts > 0 && claimed.fetch_add(1) >= maxPlayouts) break;
    playoutOnce(w, true);
    done.fetch_add(1);
    if ((++mine & 15) == 0) flushOutcomes(w, &outcomesLock);
  }
}

long Search::run(long maxPlayouts, std::optional<std::chrono::steady_clock::time_point> deadline, bool earlyStop,
                 int threads, const std::stop_token& stopToken) {
  using Clock = std::chrono::steady_clock;
  const Clock::time_point start = deadline ? Clock::now() : Clock::time_point{};
  const bool shared = threads > 1;
  // Held while the threads add their outcomes to the search's and while the tick reads them.
  std::mutex outcomesLock;
  // Playouts begun (each thread claims one before it starts, so a limit is never overrun) and finished.
  std::atomic<long> claimed{0};
  std::atomic<long> done{0};
  std::atomic<bool> stop{false};
  std::vector<Worker> helpers;
  for (int t = 1; t < threads; ++t) helpers.emplace_back(m_main.rng.next(), m_main.firstColor.size());
  const auto vertices = static_cast<std::size_t>(m_root.vertexEnd());
  std::vector<Worker*> workers{&m_main};
  for (Worker& w : helpers) workers.push_back(&w);
  if (m_collect) {
    for (Worker* w : workers) clearOutcomes(w->outcomes, w->childScore, w->childScored, vertices, m_childScore.size());
  }
  std::vector<std::thread> pool;
  for (Worker& w : helpers) {
    pool.emplace_back([&, worker = &w] { help(*worker, maxPlayouts, claimed, done, stop, outcomesLock); });
  }
  long mine = 0;
  for (;;) {
    if (maxPlayouts > 0 && claimed.fetch_add(1) >= maxPlayouts) break;
    playoutOnce(m_main, shared);
    ++mine;
    const long total = done.fetch_add(1) + 1;
    if (stopToken.stop_requested()) break;
    if (m_tick && (mine & 15) == 0) {
      flushOutcomes(m_main, shared ? &outcomesLock : nullptr);
      const std::lock_guard<std::mutex> guard(outcomesLock);
      m_tick();
    }
    // The clock is read every 16 playouts of this thread only, and never when the search has no deadline.
    Clock::time_point now{};
    if (deadline && (mine & 15) == 0) {
      now = Clock::now();
      if (now >= *deadline) break;
    }
    if (earlyStop && mine % kEarlyStopEvery == 0) {
      long remaining = maxPlayouts > 0 ? maxPlayouts - total : std::numeric_limits<long>::max();
      if (deadline) {
        // The rate so far is the best guess of the rate to come; the tree grows slowly, so it changes little.
        const double elapsed = std::chrono::duration<double>(now - start).count();
        const double left = std::chrono::duration<double>(*deadline - now).count();
        if (elapsed > 0) {
          const double estimate = static_cast<double>(total) / elapsed * left;
          remaining = std::min(remaining, static_cast<long>(std::min(estimate, 1e15)) + 1);
        }
      }
      if (!leaderCanChange(remaining)) break;
    }
  }
  stop.store(true);
  for (std::thread& th : pool) th.join();
  for (Worker* w : workers) {
    flushOutcomes(*w, nullptr);
    m_waits += w->waits;
    w->waits = SearchWaits{};
  }
  return done.load();
}

std::int32_t Search::walkTo(const std::vector<Move>& path, const Board& root, Color toMove) const {
  if (path.empty()) return -1;
  Board board = m_root;
  std::int32_t node = 0;
  for (const Move& m : path) {
    if (m.kind != MoveKind::Play) return -1;
    const Node& n = m_nodes[static_cast<std::size_t>(node)];
    if (!n.expanded) return -1;
    const Vertex v = board.vertex(m.point);
    std::int32_t found = -1;
    for (std::int32_t i = n.firstChild; i < n.firstChild + n.childCount && found < 0; ++i) {
      const Node& ch = m_nodes[static_cast<std::size_t>(i)];
      if (ch.move == v && ch.color == m.color) found = i;
    }
    if (found < 0 || board.check(m.color, v, true) != RejectReason::None) return -1;
    board.play(m.color, v);
    node = found;
  }
  // The moves say where the tree went; the stones say whether that is really the position asked about (setup
  // stones or a game edited behind the engine's back would not show in the moves).
  if (board.hash() != root.hash() || toMove != opponent(m_nodes[static_cast<std::size_t>(node)].color)) return -1;
  return node;
}

Search::Arena Search::copySubtree(std::int32_t node, const std::vector<Vertex>& rootMoves, const Board& root,
                                  Color toMove, Vertex last, std::vector<bool>& newChild, long& reused) const {
  Arena fresh;
  // A leaf a full arena left marked as being expanded may grow in the new one.
  const auto push = [&fresh](const Node& n) {
    Node copy = n;
    if (!copy.expanded) copy.expanding = false;
    fresh.append(&copy, 1);
  };
  const Node& oldRoot = m_nodes[static_cast<std::size_t>(node)];
  Node newRoot = oldRoot;
  newRoot.expanded = true;
  newRoot.firstChild = 1;
  newRoot.childCount = static_cast<std::uint16_t>(rootMoves.size());
  push(newRoot);
  // Old nodes whose children are still to be copied, with their place in the new arena; breadth first, so each
  // node's children are appended together and stay one contiguous block.
  std::vector<std::pair<std::int32_t, std::int32_t>> pending;
  reused = 0;
  newChild.clear();
  for (const Vertex v : rootMoves) {
    std::int32_t match = -1;
    if (oldRoot.expanded) {
      for (std::int32_t i = oldRoot.firstChild; i < oldRoot.firstChild + oldRoot.childCount && match < 0; ++i) {
        if (m_nodes[static_cast<std::size_t>(i)].move == v) match = i;
      }
    }
    if (match >= 0) {
      pending.emplace_back(match, static_cast<std::int32_t>(fresh.size()));
      push(m_nodes[static_cast<std::size_t>(match)]);
      reused += m_nodes[static_cast<std::size_t>(match)].visits;
      newChild.push_back(false);
    } else {
      Node child;
      child.move = static_cast<std::uint16_t>(v);
      child.color = toMove;
      if (m_model == nullptr) setPrior(child, root, toMove, v, last);
      push(child);
      newChild.push_back(true);
    }
  }
  for (std::size_t k = 0; k < pending.size(); ++k) {
    const auto [from, to] = pending[k];
    const Node& old = m_nodes[static_cast<std::size_t>(from)];
    if (!old.expanded) continue;
    fresh[static_cast<std::size_t>(to)].firstChild = static_cast<std::int32_t>(fresh.size());
    for (std::int32_t i = old.firstChild; i < old.firstChild + old.childCount; ++i) {
      pending.emplace_back(i, static_cast<std::int32_t>(fresh.size()));
      push(m_nodes[static_cast<std::size_t>(i)]);
    }
  }
  return fresh;
}

bool Search::advance(const std::vector<Move>& path, const Board& root, Color toMove, Vertex last, Vertex lastOwn,
                     double komi, std::vector<Vertex> rootMoves, std::uint64_t seed) {
  const std::int32_t node = walkTo(path, root, toMove);
  if (node < 0) return false;
  std::vector<bool> newChild;
  long reused = 0;
  Arena fresh = copySubtree(node, rootMoves, root, toMove, last, newChild, reused);

  m_nodes = std::move(fresh);
  if (m_model != nullptr) {
    // The new root children get the model's priors, measured against all the root's candidates; the kept ones
    // keep theirs.
    setModelPriors(&m_nodes[1], rootMoves.size(), root, toMove, last, lastOwn, &newChild);
  }
  // The root always has the network's priors: all of them when the old node had not earned them yet, else those of
  // its new children.
  if (m_net != nullptr) setNetPriors(0, root, toMove, last, lastOwn, m_nodes[0].netPriors ? &newChild : nullptr);
  m_root = root;
  m_toMove = toMove;
  m_last = last;
  m_lastOwn = lastOwn;
  m_komi = komi;
  m_rootMoves = std::move(rootMoves);
  m_main.rng = Rng(seed);
  m_reusedVisits = reused;
  setOpeningPrior();
  setRootStatistics();
  if (m_collect) collectOutcomes(m_territory);
  return true;
}

long Search::virtualLosses() const {
  long total = 0;
  for (std::size_t i = 0; i < m_nodes.size(); ++i) total += m_nodes[i].virtualLoss;
  return total;
}

std::vector<RootChild> Search::rootChildren() const {
  std::vector<RootChild> out;
  const Node& root = m_nodes[0];
  for (std::int32_t i = root.firstChild; i < root.firstChild + root.childCount; ++i) {
    const Node& ch = m_nodes[static_cast<std::size_t>(i)];
    const auto k = static_cast<std::size_t>(i - root.firstChild);
    out.push_back({ch.move, static_cast<long>(ch.visits), ch.wins, m_childScore[k], m_childScored[k], m_rootPriors[k],
                   static_cast<double>(ch.raveVisits)});
  }
  return out;
}

}  // namespace tengen::engine
