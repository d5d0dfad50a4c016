// Google Benchmark micro-benchmarks of what one model request costs tengen itself on 19x19, apart from the model:
// reading the answer, building the prompt, drawing the board picture.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "tengen/ai/answer_parser.h"
#include "tengen/ai/error_log.h"
#include "tengen/ai/move_source.h"
#include "tengen/ai/referee.h"
#include "tengen/core/coords.h"
#include "tengen/core/game.h"
#include "tengen/core/sha256.h"
#include "tengen/sources/board_image.h"
#include "tengen/sources/chat.h"
#include "tengen/sources/make_source.h"
#include "tengen/sources/prompt.h"

namespace {

using tengen::Color;
using tengen::Game;
using tengen::Move;
using tengen::RejectReason;

// A middle game of `moves` random legal moves on 19x19, seeded, so every run measures the same position.
// Plays a random legal move of the side to move; false when there is none.
bool playRandomMove(Game& game, std::mt19937_64& rng) {
  std::vector<tengen::Point> legal;
  for (int row = 0; row < game.size(); ++row) {
    for (int col = 0; col < game.size(); ++col) {
      if (game.check(Move::play(game.toMove(), {row, col})) == RejectReason::None) legal.push_back({row, col});
    }
  }
  if (legal.empty()) return false;
  game.play(Move::play(game.toMove(), legal[rng() % legal.size()]));
  return true;
}

Game midGame(int moves, std::uint64_t seed) {
  Game game;
  std::mt19937_64 rng(seed);
  for (int i = 0; i < moves && playRandomMove(game, rng); ++i) {
  }
  return game;
}

// The positions of `games` seeded random games of `moves` moves each, after every move, game after game: what a
// model is shown move after move in play.
const std::vector<Game>& playedPositions() {
  static const std::vector<Game> positions = [] {
    constexpr int kGames = 20;
    constexpr int kMoves = 150;
    std::vector<Game> out;
    out.reserve(kGames * kMoves);
    for (int g = 0; g < kGames; ++g) {
      std::mt19937_64 rng(100 + static_cast<std::uint64_t>(g));
      Game game;
      for (int i = 0; i < kMoves && playRandomMove(game, rng); ++i) out.push_back(game);
    }
    return out;
  }();
  return positions;
}

// The same positions in a seeded random order: each picture from another game, as `tengen eval` draws them.
std::vector<const Game*> unrelatedPositions() {
  std::vector<const Game*> order;
  for (const Game& game : playedPositions()) order.push_back(&game);
  std::shuffle(order.begin(), order.end(), std::mt19937_64(7));
  return order;
}

void BM_ReadMoveShort(benchmark::State& state) {
  const std::string answer = "Q16";
  for (auto _ : state) benchmark::DoNotOptimize(tengen::ai::readMove(answer, 19));
}
BENCHMARK(BM_ReadMoveShort);

void BM_ReadMoveProse(benchmark::State& state) {
  const std::string answer =
      "Looking at the position, D4 and Q4 are both taken, and the 3-3 invasion at C17 seems premature. "
      "White's weakest group is around R14, so I would approach from the side.\nFinal answer: R12";
  for (auto _ : state) benchmark::DoNotOptimize(tengen::ai::readMove(answer, 19));
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * answer.size()));
}
BENCHMARK(BM_ReadMoveProse);

void BM_ReadMoveOneMegabyte(benchmark::State& state) {
  std::string answer;
  while (answer.size() < 1'000'000) answer += "((( 3, row 3 col : move: Q1x I5 [[ 12 , the point D4 is ";
  for (auto _ : state) benchmark::DoNotOptimize(tengen::ai::readMove(answer, 19));
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * answer.size()));
}
BENCHMARK(BM_ReadMoveOneMegabyte)->Unit(benchmark::kMillisecond);

void BM_BuildPrompt(benchmark::State& state) {
  const Game game = midGame(150, 7);
  const std::vector<tengen::ai::Rejection> rejected = {
      {tengen::ai::readMove("Q16", 19), tengen::RejectReason::Occupied},
      {tengen::ai::readMove("C3", 19), tengen::RejectReason::Suicide}};
  for (auto _ : state) {
    benchmark::DoNotOptimize(buildPrompt(tengen::sources::defaultPromptTemplate(), game, Color::Black, rejected,
                                         tengen::sources::CoordFormat::Gtp));
  }
}
BENCHMARK(BM_BuildPrompt)->Unit(benchmark::kMicrosecond);

// {{legal_count}} asks the rules about every point, the one costly placeholder.
void BM_BuildPromptWithLegalCount(benchmark::State& state) {
  const Game game = midGame(150, 7);
  const tengen::Result<tengen::sources::PromptTemplate> tmpl =
      tengen::sources::parsePromptTemplate("{{board}}\n{{moves}}\n{{legal_count}} legal points");
  for (auto _ : state) {
    benchmark::DoNotOptimize(buildPrompt(*tmpl, game, Color::Black, {}, tengen::sources::CoordFormat::Gtp));
  }
}
BENCHMARK(BM_BuildPromptWithLegalCount)->Unit(benchmark::kMicrosecond);

void BM_RenderBoardPng(benchmark::State& state) {
  const Game game = midGame(150, 7);
  tengen::sources::BoardImageOptions options;
  options.pixels = static_cast<int>(state.range(0));
  std::size_t bytes = 0;
  for (auto _ : state) {
    const std::string png = tengen::sources::renderBoardPng(game, options);
    bytes = png.size();
    benchmark::DoNotOptimize(png.data());
  }
  state.counters["png_bytes"] = static_cast<double>(bytes);
}
BENCHMARK(BM_RenderBoardPng)->Arg(512)->Arg(640)->Arg(800)->Unit(benchmark::kMillisecond);

// Draws `positions` in turn with one renderer, as a model source does; when they run out, a fresh renderer starts
// over (not timed), so that no picture is ever drawn twice by one renderer.
void drawInTurn(benchmark::State& state, const std::vector<const Game*>& positions) {
  tengen::sources::BoardImageOptions options;
  options.pixels = static_cast<int>(state.range(0));
  auto renderer = std::make_unique<tengen::sources::BoardRenderer>(options);
  benchmark::DoNotOptimize(renderer->png(*positions.front()));  // the first picture draws the board with cairo
  std::size_t next = 1;
  std::size_t bytes = 0;
  for (auto _ : state) {
    if (next == positions.size()) {
      state.PauseTiming();
      renderer = std::make_unique<tengen::sources::BoardRenderer>(options);
      benchmark::DoNotOptimize(renderer->png(*positions.front()));
      next = 1;
      state.ResumeTiming();
    }
    const std::string png = renderer->png(*positions[next++]);
    bytes += png.size();
    benchmark::DoNotOptimize(png.data());
  }
  state.counters["png_bytes"] = benchmark::Counter(static_cast<double>(bytes), benchmark::Counter::kAvgIterations);
}

// What a model source pays per move in play: its renderer keeps the drawn board and stones and the compressed bands
// of the picture, and each picture is the next position of a game (a stone more, the last-move mark moved).
void BM_KeptRendererPng(benchmark::State& state) {
  std::vector<const Game*> positions;
  for (const Game& game : playedPositions()) positions.push_back(&game);
  drawInTurn(state, positions);
}
BENCHMARK(BM_KeptRendererPng)->Arg(512)->Arg(640)->Arg(800)->Unit(benchmark::kMicrosecond);

// The same renderer on positions of unrelated games, as `tengen eval` asks: few bands repeat.
void BM_KeptRendererPngUnrelated(benchmark::State& state) { drawInTurn(state, unrelatedPositions()); }
BENCHMARK(BM_KeptRendererPngUnrelated)->Arg(640)->Unit(benchmark::kMicrosecond);

// The referee's own cost per move with an instant model: a source that does what the openai: source does before
// and after HTTP (prompt, PNG and its sha256, the request body with the base64 image) and answers at once in
// prose, so requestMove's figure is tengen's whole share of a model move. Arg 1: with the image, 0: without.
class InstantModel : public tengen::ai::MoveSource {
 public:
  explicit InstantModel(bool image) : m_image(image) {}
  void setAnswer(std::string answer) { m_answer = std::move(answer); }
  std::string describe() const override { return "instant"; }
  tengen::Result<tengen::ai::Answer> propose(const tengen::ai::MoveRequest& request) override {
    const tengen::sources::Prompt prompt =
        buildPrompt(tengen::sources::defaultPromptTemplate(), *request.game, request.color, request.rejected,
                    tengen::sources::CoordFormat::Gtp);
    tengen::sources::ChatRequest chat;
    chat.system = prompt.system;
    chat.userText = prompt.user;
    tengen::ai::Answer answer;
    if (m_image) {
      chat.png = m_renderer.png(*request.game);
      answer.imageSha256 = tengen::sha256Hex(*chat.png);
    }
    benchmark::DoNotOptimize(tengen::sources::chatRequestBody(chat));
    answer.text = m_answer;
    answer.prompt = prompt.system + "\n\n" + prompt.user;
    answer.httpStatus = 200;
    return answer;
  }

 private:
  bool m_image;
  std::string m_answer;
  tengen::sources::BoardRenderer m_renderer;  // kept between moves, as ModelSource keeps its own
};

// An answer in prose naming a legal point of each position, one per position.
std::vector<std::string> proseAnswers(const std::vector<Game>& positions) {
  std::vector<std::string> answers;
  answers.reserve(positions.size());
  for (const Game& game : positions) {
    std::string vertex = "pass";
    for (int i = 0; i < 19 * 19; ++i) {
      const tengen::Point p{i / 19, i % 19};
      if (game.check(Move::play(game.toMove(), p)) == RejectReason::None) {
        vertex = tengen::gtpVertex(p, 19);
        break;
      }
    }
    answers.push_back("Looking at the position, I would play " + vertex + ".");
  }
  return answers;
}

// Move after move of the played games, as in play.
void BM_RefereeInstantModel(benchmark::State& state) {
  const std::vector<Game>& positions = playedPositions();
  static const std::vector<std::string> answers = proseAnswers(positions);
  InstantModel model(state.range(0) != 0);
  std::size_t next = 0;
  for (auto _ : state) {
    const Game& game = positions[next];
    model.setAnswer(answers[next]);
    next = (next + 1) % positions.size();
    const tengen::ai::RefereeOutcome outcome =
        tengen::ai::requestMove(model, game, game.toMove(), tengen::ai::RefereeOptions(tengen::ai::ErrorLog::none()));
    if (!outcome.move) state.SkipWithError(outcome.error.c_str());
    benchmark::DoNotOptimize(outcome.move);
  }
}
BENCHMARK(BM_RefereeInstantModel)->ArgName("image")->Arg(1)->Arg(0)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
