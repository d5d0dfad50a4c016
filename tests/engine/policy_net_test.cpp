// The policy network: the input codes of a position (stones, liberties, last moves, ko, legal points, captures,
// liberties after a move, ladders), their planes, the weight file's checks, and the shipped network's forward pass
// against the probabilities the training tool computed for fixed positions.
#include "tengen/engine/policy_net.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <fstream>
#include <numeric>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "tengen/core/board.h"
#include "tengen/core/coords.h"
#include "tengen/core/game.h"
#include "tengen/engine/move_model.h"
#include "tengen/engine/policy_input.h"

#include "patterns.h"
#include "position.h"
#include "search.h"
#include "support/diagram.h"

namespace tengen::engine {
namespace {

namespace pc = policy_code;

using test_support::boardFromDiagram;
using test_support::kLadder;

// The code of point (row, col) when `toMove` is to play.
std::uint16_t codeAt(const Board& board, Color toMove, int row, int col, Board::Vertex last = Board::kNoVertex,
                     Board::Vertex beforeLast = Board::kNoVertex) {
  std::vector<std::uint16_t> codes(static_cast<std::size_t>(board.size() * board.size()));
  policyCodes(board, toMove, last, beforeLast, codes.data());
  return codes[static_cast<std::size_t>(row * board.size() + col)];
}

int liberties(std::uint16_t code) { return ((code >> pc::kLibertiesShift) & 3) + 1; }
int libertiesAfter(std::uint16_t code) { return ((code >> pc::kLibertiesAfterShift) & 3) + 1; }

TEST(PolicyCodes, StonesAreTheMoversOrTheOpponentsWithTheirLiberties) {
  const Board board = boardFromDiagram({
      ".....",
      ".XO..",
      ".XO..",
      ".....",
      ".....",
  });
  const std::uint16_t black = codeAt(board, Color::Black, 1, 1);
  EXPECT_EQ(black & pc::kStoneMask, 1);
  EXPECT_EQ(liberties(black), 4);  // the chain (1,1)-(2,1): (0,1), (1,0), (2,0), (3,1)
  EXPECT_EQ(codeAt(board, Color::White, 1, 1) & pc::kStoneMask, 2);
  EXPECT_EQ(liberties(codeAt(board, Color::Black, 1, 2)), 4);
  EXPECT_EQ(codeAt(board, Color::Black, 0, 0) & pc::kStoneMask, 0);
  EXPECT_NE(codeAt(board, Color::Black, 0, 0) & pc::kLegal, 0);
  EXPECT_EQ(codeAt(board, Color::Black, 1, 1) & pc::kLegal, 0);
}

TEST(PolicyCodes, LastMovesAndKo) {
  // Black takes the white stone at (1,1) by playing (1,2), whose only liberty is then (1,1): White may not retake.
  Board board = boardFromDiagram({
      ".XO..",
      "XO.O.",
      ".XO..",
      ".....",
      ".....",
  });
  const Board::Vertex take = board.vertex({1, 2});
  ASSERT_EQ(board.check(Color::Black, take), RejectReason::None);
  board.play(Color::Black, take);
  ASSERT_EQ(board.at(board.vertex({1, 1})), Color::Empty);
  const Board::Vertex before = board.vertex({4, 4});
  const std::uint16_t ko = codeAt(board, Color::White, 1, 1, take, before);
  EXPECT_NE(ko & pc::kKo, 0);
  EXPECT_EQ(ko & pc::kLegal, 0);
  EXPECT_NE(codeAt(board, Color::White, 1, 2, take, before) & pc::kLast, 0);
  EXPECT_EQ(codeAt(board, Color::White, 1, 2, take, before) & pc::kBeforeLast, 0);
  EXPECT_NE(codeAt(board, Color::White, 4, 4, take, before) & pc::kBeforeLast, 0);
  // Black is not barred from the point: no ko bit for Black, and the point is legal (it fills the ko).
  EXPECT_EQ(codeAt(board, Color::Black, 1, 1) & pc::kKo, 0);
  EXPECT_NE(codeAt(board, Color::Black, 1, 1) & pc::kLegal, 0);
}

TEST(PolicyCodes, CapturesAndLibertiesAfterTheMove) {
  const Board board = boardFromDiagram({
      ".O...",
      "OX...",
      ".O...",
      ".....",
      ".....",
  });
  // White at (1,2) takes the black stone in atari. Black at (0,0), between the white stones at (0,1) and (1,0),
  // would have no liberty and capture nothing: suicide, not legal.
  const std::uint16_t take = codeAt(board, Color::White, 1, 2);
  EXPECT_NE(take & pc::kLegal, 0);
  EXPECT_NE(take & pc::kCapture, 0);
  EXPECT_EQ(codeAt(board, Color::Black, 0, 0) & pc::kLegal, 0);
  EXPECT_EQ(libertiesAfter(codeAt(board, Color::Black, 1, 2)), 3);  // extends the black stone to 3 liberties
  EXPECT_EQ(libertiesAfter(codeAt(board, Color::Black, 2, 0)), 1);  // between white stones: self-atari
  EXPECT_EQ(libertiesAfter(codeAt(board, Color::White, 4, 4)), 2);  // the corner
  EXPECT_EQ(liberties(codeAt(board, Color::White, 1, 1)), 1);       // the black stone, seen by White
}

TEST(PolicyCodes, LaddersOnStonesAndAtaris) {
  const Board ladder = boardFromDiagram(kLadder);
  const std::uint16_t caught = codeAt(ladder, Color::White, 10, 2);
  EXPECT_EQ(liberties(caught), 1);
  EXPECT_NE(caught & pc::kLadder, 0);
  // Only the mover's stones are marked.
  EXPECT_EQ(codeAt(ladder, Color::Black, 10, 2) & pc::kLadder, 0);
  // A white stone on the staircase's way breaks the ladder.
  Board broken = ladder;
  broken.play(Color::White, broken.vertex({3, 9}));
  EXPECT_EQ(codeAt(broken, Color::White, 10, 2) & pc::kLadder, 0);

  // Without the black stone at (9,2) the white stone has two liberties: Black's atari from above chases it into
  // the ladder; the atari from the side lets it out upwards to three liberties.
  std::vector<std::string> rows = kLadder;
  rows[9][2] = '.';
  const Board twoLiberties = boardFromDiagram(rows);
  EXPECT_NE(codeAt(twoLiberties, Color::Black, 9, 2) & pc::kLadder, 0);
  EXPECT_EQ(codeAt(twoLiberties, Color::Black, 10, 3) & pc::kLadder, 0);
  EXPECT_EQ(codeAt(twoLiberties, Color::Black, 0, 0) & pc::kLadder, 0);
}

TEST(PolicyPlanes, ExpandTheCodesPlaneByPlane) {
  const std::uint16_t own3 = 1 | (2 << pc::kLibertiesShift);
  const std::uint16_t oppLast = 2 | pc::kLast;
  const std::uint16_t legalCapture = pc::kLegal | pc::kCapture | (2 << pc::kLibertiesAfterShift) | pc::kLadder;
  const std::uint16_t ko = pc::kKo;
  const std::vector<std::uint16_t> codes = {own3, oppLast, legalCapture, ko};
  std::vector<float> planes(static_cast<std::size_t>(kPolicyPlanes) * codes.size());
  policyPlanes(codes.data(), 4, Color::White, planes.data());
  const auto at = [&](int plane, int point) { return planes[static_cast<std::size_t>(plane * 4 + point)]; };
  EXPECT_EQ(at(0, 0), 1.0F);
  EXPECT_EQ(at(5, 0), 1.0F);  // own chain with 3 liberties
  EXPECT_EQ(at(1, 1), 1.0F);
  EXPECT_EQ(at(7, 1), 1.0F);  // opponent chain with 1 liberty
  EXPECT_EQ(at(11, 1), 1.0F);
  EXPECT_EQ(at(2, 2), 1.0F);
  EXPECT_EQ(at(14, 2), 1.0F);
  EXPECT_EQ(at(15, 2), 1.0F);
  EXPECT_EQ(at(18, 2), 1.0F);
  EXPECT_EQ(at(20, 2), 1.0F);
  EXPECT_EQ(at(19, 2), 0.0F);
  EXPECT_EQ(at(13, 3), 1.0F);
  EXPECT_EQ(at(14, 3), 0.0F);
  for (int p = 0; p < 4; ++p) {
    EXPECT_EQ(at(21, p), 0.0F);  // White to move
    EXPECT_EQ(at(22, p), 1.0F);
    float sum = 0;
    for (int k = 0; k < kPolicyPlanes; ++k) sum += at(k, p);
    EXPECT_GT(sum, 1.0F);
  }
}

TEST(PolicyNetBlas, TheForwardPassRunsOnASerialBlas) {
  // A threaded OpenBLAS would start threads before main that do not block the signals `tengen serve` waits for.
  EXPECT_TRUE(PolicyNet::blasIsSerial());
}

// Two threads evaluating at once (tree parallelism, games side by side, the move server's requests) get exactly
// the answers one thread alone gets. Debian's serial OpenBLAS shares its work buffers between calls, so without
// the network's lock around them some of these evaluations come out wrong.
TEST(PolicyNetBlas, ThreadsEvaluatingAtOnceGetTheAnswersOfOneAlone) {
  Board board(9);
  board.play(Color::Black, board.vertex({4, 4}));
  board.play(Color::White, board.vertex({2, 6}));
  std::vector<std::uint16_t> codes(81);
  policyCodes(board, Color::Black, board.vertex({2, 6}), board.vertex({4, 4}), codes.data());
  const PolicyNet& net = PolicyNet::builtin();
  std::vector<float> policy(81);
  net.evaluateCodes(codes.data(), 9, Color::Black, policy.data());
  std::atomic<int> wrong{0};
  const auto evaluate = [&] {
    std::vector<float> p(81);
    for (int i = 0; i < 1500; ++i) {
      net.evaluateCodes(codes.data(), 9, Color::Black, p.data());
      if (p != policy) ++wrong;
    }
  };
  std::thread first(evaluate);
  std::thread second(evaluate);
  first.join();
  second.join();
  EXPECT_EQ(wrong.load(), 0);
}

TEST(PolicyNetFile, TheShippedNetworkLoads) {
  const PolicyNet& net = PolicyNet::builtin();
  EXPECT_GT(net.channels(), 0);
  EXPECT_GT(net.blocks(), 0);
}

std::string fileText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Why T::parse refuses `bytes` (and a failure of the test when it does not).
template <typename T>
std::string refusal(const std::string& bytes) {
  Result<T> parsed = T::parse(bytes);
  EXPECT_FALSE(parsed);
  return parsed ? std::string() : parsed.error();
}

// The numbers of one line of a fixtures file.
template <typename T>
std::vector<T> numbersOf(const std::string& line) {
  std::vector<T> numbers;
  std::istringstream in(line);
  for (T v{}; in >> v;) numbers.push_back(v);
  return numbers;
}

TEST(PolicyNetFile, BadFilesAreRefusedWithTheReason) {
  const std::string good = fileText(std::string(TENGEN_ENGINE_DATA_DIR) + "/policy_net.tgpn");
  ASSERT_GT(good.size(), 20U);
  ASSERT_TRUE(PolicyNet::parse(good));
  EXPECT_NE(refusal<PolicyNet>("TGPX" + good.substr(4)).find("no TGPN header"), std::string::npos);
  EXPECT_NE(refusal<PolicyNet>(good.substr(0, good.size() - 1)).find("ends before"), std::string::npos);
  EXPECT_NE(refusal<PolicyNet>(good + "xx").find("2 bytes after"), std::string::npos);
  std::string otherVersion = good;
  otherVersion[4] = 9;
  EXPECT_NE(refusal<PolicyNet>(otherVersion).find("version 9"), std::string::npos);
  std::string otherPlanes = good;
  otherPlanes[8] = 5;
  EXPECT_NE(refusal<PolicyNet>(otherPlanes).find("5 input planes"), std::string::npos);
  EXPECT_FALSE(PolicyNet::parse(""));
}

struct Fixture {
  int size = 0;
  Color toMove = Color::Black;
  std::vector<std::uint16_t> codes;
  std::vector<double> probabilities;
  // A network with judgment heads: what the game's terms were and the heads' answers.
  bool judged = false;
  GameTerms terms;
  std::vector<double> ownership;
  double value = 0;
  double score = 0;
};

std::vector<Fixture> readFixtures() {
  std::ifstream in(std::string(TENGEN_ENGINE_DATA_DIR) + "/policy_net_fixtures.txt");
  std::vector<Fixture> fixtures;
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("position ", 0) != 0) continue;
    Fixture f;
    char colour = 0;
    std::istringstream head(line.substr(9));
    head >> f.size >> colour;
    f.toMove = colour == 'B' ? Color::Black : Color::White;
    int territory = 0;
    f.judged = static_cast<bool>(head >> territory >> f.terms.moverKomi);
    f.terms.territory = territory != 0;
    std::string codes;
    std::string probabilities;
    std::getline(in, codes);
    std::getline(in, probabilities);
    for (unsigned v : numbersOf<unsigned>(codes)) f.codes.push_back(static_cast<std::uint16_t>(v));
    f.probabilities = numbersOf<double>(probabilities);
    if (f.judged) {
      std::string ownership;
      std::string judgment;
      std::getline(in, ownership);
      std::getline(in, judgment);
      f.ownership = numbersOf<double>(ownership);
      const std::vector<double> valueAndScore = numbersOf<double>(judgment);
      if (valueAndScore.size() == 2) {
        f.value = valueAndScore[0];
        f.score = valueAndScore[1];
      }
    }
    fixtures.push_back(std::move(f));
  }
  return fixtures;
}

TEST(PolicyNetForward, MatchesTheTrainingToolOnFixedPositions) {
  const std::vector<Fixture> fixtures = readFixtures();
  ASSERT_GE(fixtures.size(), 4U);
  for (std::size_t i = 0; i < fixtures.size(); ++i) {
    const Fixture& f = fixtures[i];
    const auto points = static_cast<std::size_t>(f.size * f.size);
    ASSERT_EQ(f.codes.size(), points) << "fixture " << i;
    ASSERT_EQ(f.probabilities.size(), points) << "fixture " << i;
    std::vector<float> out(points);
    PolicyNet::builtin().evaluateCodes(f.codes.data(), f.size, f.toMove, out.data());
    for (std::size_t p = 0; p < points; ++p) {
      EXPECT_NEAR(out[p], f.probabilities[p], 1e-4) << "fixture " << i << ", point " << p;
    }
    // The judgment heads, when the shipped network has them: the fixtures must then have their answers too.
    ASSERT_EQ(f.judged, PolicyNet::builtin().judges()) << "fixture " << i;
    if (f.judged) {
      ASSERT_EQ(f.ownership.size(), points) << "fixture " << i;
      std::vector<float> policy(points);
      std::vector<float> ownership(points);
      const NetJudgment judgment =
          PolicyNet::builtin().judgeCodes(f.codes.data(), f.size, f.toMove, f.terms, policy.data(), ownership.data());
      for (std::size_t p = 0; p < points; ++p) {
        EXPECT_EQ(policy[p], out[p]) << "fixture " << i << ", point " << p;
        EXPECT_NEAR(ownership[p], f.ownership[p], 1e-4) << "fixture " << i << ", point " << p;
      }
      EXPECT_NEAR(judgment.value, f.value, 1e-4) << "fixture " << i;
      // The score head's output is scaled by 20 into points.
      EXPECT_NEAR(judgment.score, f.score, 2e-3) << "fixture " << i;
    }
    // The same top three moves in the same order, wherever the reference separates them by more than the
    // tolerance.
    std::vector<std::size_t> ours(points);
    std::vector<std::size_t> theirs(points);
    std::iota(ours.begin(), ours.end(), 0);
    std::iota(theirs.begin(), theirs.end(), 0);
    std::stable_sort(ours.begin(), ours.end(), [&](std::size_t a, std::size_t b) { return out[a] > out[b]; });
    std::stable_sort(theirs.begin(), theirs.end(),
                     [&](std::size_t a, std::size_t b) { return f.probabilities[a] > f.probabilities[b]; });
    for (std::size_t k = 0; k < 3; ++k) {
      if (f.probabilities[theirs[k]] - f.probabilities[theirs[k + 1]] <= 2e-4) continue;
      EXPECT_EQ(ours[k], theirs[k]) << "fixture " << i << ", move " << k + 1;
    }
  }
}

TEST(PolicyNetForward, ProbabilitiesCoverTheLegalPointsOnEverySize) {
  for (int size : {9, 13, 19}) {
    Board board(size);
    board.play(Color::Black, board.vertex({2, 2}));
    board.play(Color::White, board.vertex({2, 3}));
    std::vector<float> out(static_cast<std::size_t>(size * size));
    PolicyNet::builtin().evaluate(board, Color::Black, board.vertex({2, 3}), board.vertex({2, 2}), out.data());
    EXPECT_EQ(out[static_cast<std::size_t>(2 * size + 2)], 0.0F);
    EXPECT_EQ(out[static_cast<std::size_t>(2 * size + 3)], 0.0F);
    EXPECT_NEAR(std::accumulate(out.begin(), out.end(), 0.0), 1.0, 1e-4) << size;
    for (float p : out) EXPECT_GE(p, 0.0F);
  }
}

TEST(PolicyNetForward, TheSamePositionGivesTheSameAnswer) {
  Board board(19);
  board.play(Color::Black, board.vertex({3, 15}));
  std::vector<float> first(361);
  std::vector<float> second(361);
  PolicyNet::builtin().evaluate(board, Color::White, board.vertex({3, 15}), Board::kNoVertex, first.data());
  PolicyNet::builtin().evaluate(board, Color::White, board.vertex({3, 15}), Board::kNoVertex, second.data());
  EXPECT_EQ(first, second);
}

TEST(PolicyNetSearch, TheRootsPriorsAreTheNetworksProbabilities) {
  GameConfig config;
  Game game(config);
  for (const char* v : {"Q16", "D4", "R4", "C16", "O17"}) {
    ASSERT_EQ(game.play(Move::play(game.toMove(), parseGtpVertex(v, 19)->point)), RejectReason::None);
  }
  const Board& board = game.board();
  const Board::Vertex last = board.vertex(parseGtpVertex("O17", 19)->point);
  const Board::Vertex lastOwn = board.vertex(parseGtpVertex("C16", 19)->point);
  std::vector<float> net(361);
  PolicyNet::builtin().evaluate(board, Color::White, last, lastOwn, net.data());
  const PatternTable patterns;
  const std::vector<Board::Vertex> moves = rootMovesFor(game, Color::White);
  double sum = 0;
  for (Board::Vertex v : moves) sum += net[static_cast<std::size_t>(board.point(v).row * 19 + board.point(v).col)];
  const Search withNet(board, Color::White, last, lastOwn, 7.5, moves, 1, &patterns, &MoveModel::builtin(),
                       &PolicyNet::builtin());
  const Search withoutNet(board, Color::White, last, lastOwn, 7.5, moves, 1, &patterns, &MoveModel::builtin());
  const std::vector<RootChild> a = withNet.rootChildren();
  const std::vector<RootChild> b = withoutNet.rootChildren();
  ASSERT_EQ(a.size(), moves.size());
  double differ = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const Point p = board.point(a[i].move);
    EXPECT_NEAR(a[i].prior, net[static_cast<std::size_t>(p.row * 19 + p.col)] / sum, 1e-6) << gtpVertex(p, 19);
    differ += std::abs(a[i].prior - b[i].prior);
  }
  // The model's priors are another distribution.
  EXPECT_GT(differ, 0.1);
}

// A network with judgment heads whose every weight is 0 but the last layer's biases: for every position its
// value for the side to move is sigmoid(2) and its score for it is 5 points plus its komi (the score head's bias
// 0.25, times 20); one channel, no residual block. Float16 of 2.0 is 0x4000, of 0.25 0x3400.
std::string constantJudgmentNet() {
  std::string bytes = "TGPN";
  const auto u32 = [&bytes](std::uint32_t v) {
    for (int i = 0; i < 4; ++i) bytes.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
  };
  const auto halves = [&bytes](std::size_t count) { bytes.append(2 * count, '\0'); };
  u32(2);
  u32(kPolicyPlanes);
  u32(1);                         // channels
  u32(0);                         // blocks
  halves(kPolicyPlanes * 9 + 1);  // the input convolution and its bias
  halves(1 + 1);                  // the move head
  for (std::uint32_t v : {1U, 1U, 1U, 3U}) u32(v);
  halves(1 + 1);      // ownership, 1x1 to one channel
  halves(1 + 1);      // ownership, to the point's value
  halves(1 + 1);      // the pooling convolution
  halves(6 * 1 + 1);  // the fully connected layer: the mean, the maximum, the ownership's sum, three numbers
  halves(2 * 1);      // the last layer's weights
  bytes += std::string("\x00\x40\x00\x34", 4);  // its biases: 2.0 and 0.25
  return bytes;
}

// The spread of the root children's winning rates around `value` after `playouts` playouts of a search of the empty
// board of `size` whose results take `share` of the network's value; each child's rate checked against the share.
double spreadAroundValue(const PolicyNet& net, int size, double share, long playouts, double value) {
  Game game(GameConfig{size, Rules::Chinese, 7.5, 0});
  const PatternTable patterns;
  const std::vector<Board::Vertex> moves = rootMovesFor(game, Color::Black);
  SearchConfig config;
  config.valueShare = share;
  Search search(game.board(), Color::Black, Board::kNoVertex, Board::kNoVertex, 7.5, moves, 3, &patterns,
                &MoveModel::builtin(), &net, config);
  search.collectOutcomes(false);
  search.run(playouts, std::nullopt, false);
  double spread = 0;
  long visits = 0;
  for (const RootChild& child : search.rootChildren()) {
    if (child.visits == 0) continue;
    visits += child.visits;
    const double rate = child.wins / static_cast<double>(child.visits);
    // Each playout's result is (1 - share) times its win (0, 1/2 or 1) plus share times the value.
    EXPECT_GE(rate, share * value - 1e-5) << "share " << share;
    EXPECT_LE(rate, share * value + (1 - share) + 1e-5) << "share " << share;
    if (share == 1.0) {
      EXPECT_NEAR(rate, value, 1e-5);
      EXPECT_NEAR(child.scoreSum / static_cast<double>(child.scored), 5.0, 1e-4);
    }
    spread = std::max(spread, std::abs(rate - value));
  }
  EXPECT_GT(visits, playouts * 3 / 4);
  return spread;
}

TEST(PolicyNetSearch, TheValueTakesItsShareOfEveryPlayoutsResult) {
  Result<PolicyNet> parsed = PolicyNet::parse(constantJudgmentNet());
  ASSERT_TRUE(parsed) << parsed.error();
  const PolicyNet& net = *parsed;
  ASSERT_TRUE(net.judges());
  ASSERT_TRUE(net.judgesSize(19));
  const double value = 1 / (1 + std::exp(-2.0));
  // Fewer playouts than a 19x19 node needs for its evaluation: only the root is judged, so with the whole share
  // every playout's result is the root's value for Black, and every Black move's score is the network's 5 points.
  EXPECT_LT(spreadAroundValue(net, 19, 1.0, 90, value), 1e-5);
  spreadAroundValue(net, 19, 0.5, 90, value);
  // Without the value the playouts' own results show: some child's rate is far from the network's value.
  EXPECT_GT(spreadAroundValue(net, 19, 0.0, 90, value), 0.2);
}

TEST(PolicyNetSearch, OtherSizesKeepThePlayoutsJudgment) {
  Result<PolicyNet> parsed = PolicyNet::parse(constantJudgmentNet());
  ASSERT_TRUE(parsed) << parsed.error();
  EXPECT_FALSE(parsed->judgesSize(9));
  EXPECT_FALSE(parsed->judgesSize(13));
  // The whole share asked for on 9x9, and the playouts' results show all the same.
  const double value = 1 / (1 + std::exp(-2.0));
  EXPECT_GT(spreadAroundValue(*parsed, 9, 0.0, 200, value), 0.2);
  Game game(GameConfig{9, Rules::Chinese, 7.5, 0});
  const PatternTable patterns;
  SearchConfig config;
  config.valueShare = 1.0;
  Search search(game.board(), Color::Black, Board::kNoVertex, Board::kNoVertex, 7.5, rootMovesFor(game, Color::Black),
                3, &patterns, &MoveModel::builtin(), &*parsed, config);
  search.run(200, std::nullopt, false);
  double spread = 0;
  for (const RootChild& child : search.rootChildren()) {
    if (child.visits > 0) spread = std::max(spread, std::abs(child.wins / static_cast<double>(child.visits) - value));
  }
  EXPECT_GT(spread, 0.2);
}

}  // namespace
}  // namespace tengen::engine
