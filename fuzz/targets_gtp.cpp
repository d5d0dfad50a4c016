#include <algorithm>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "tengen/core/board.h"
#include "tengen/core/game.h"
#include "tengen/gtp/analysis.h"
#include "tengen/gtp/command.h"
#include "tengen/gtp/engine.h"

#include "targets.h"

namespace tengen::fuzz {

namespace {

void require(bool condition) {
  if (!condition) __builtin_trap();
}

// The first point the rules allow `color`, if any.
std::optional<Point> firstLegalPoint(const Game& game, Color color) {
  for (int row = 0; row < game.size(); ++row) {
    for (int col = 0; col < game.size(); ++col) {
      if (game.check(Move::play(color, {row, col}), Game::TurnRule::AnyColor) == RejectReason::None) {
        return Point{row, col};
      }
    }
  }
  return std::nullopt;
}

// A cheap, deterministic stand-in for the engine's analysis, so that the analysis commands' formats are fuzzed
// without a search: the first legal point as the one candidate, and an ownership of the board's own stones.
class StandInAnalyzer final : public gtp::Analyzer {
 public:
  StandInAnalyzer(const Game& game, Color toMove) : m_board(game.board()), m_toMove(toMove) {
    m_point = firstLegalPoint(game, toMove);
  }

  long search(long playouts, const std::function<bool()>& stop) override {
    const long done = std::min(playouts, 16L);
    m_playouts += done;
    if (stop) stop();
    return done;
  }

  SearchReport report(int maxCandidates) const override {
    SearchReport r;
    r.toMove = m_toMove;
    r.playouts = m_playouts;
    const int size = m_board.size();
    for (int row = 0; row < size; ++row) {
      for (int col = 0; col < size; ++col) {
        const Color c = m_board.at(Point{row, col});
        r.ownership.push_back(c == Color::Black ? 1.0F : c == Color::White ? -1.0F : 0.0F);
      }
    }
    if (m_point && maxCandidates > 0) {
      const Move move = Move::play(m_toMove, *m_point);
      r.candidates.push_back({move, m_playouts, 0.5, 0.4, -1.5, 1.0, {move}});
    }
    return r;
  }

 private:
  Board m_board;
  Color m_toMove;
  std::optional<Point> m_point;
  long m_playouts = 0;
};

// A deterministic stand-in for the AI: the first point the rules allow, else a pass; it reports once, as the
// built-in engine does when its search ends, when asked to.
gtp::GenmoveReply firstLegalMove(const Game& game, Color color, const gtp::MoveProgress& progress) {
  if (progress.report) progress.report(StandInAnalyzer(game, color).report(10));
  const std::optional<Point> point = firstLegalPoint(game, color);
  return {point ? Move::play(color, *point) : Move::pass(color), ""};
}

}  // namespace

int gtp(const std::uint8_t* data, std::size_t size) {
  gtp::EngineOptions options;
  options.version = "fuzz";
  options.game.size = 9;
  options.genmove = firstLegalMove;
  options.genmoveCleanup = firstLegalMove;
  options.analyze = [](const Game& game, Color toMove) -> std::unique_ptr<gtp::Analyzer> {
    return std::make_unique<StandInAnalyzer>(game, toMove);
  };
  gtp::Engine engine(options);
  std::string_view input(reinterpret_cast<const char*>(data), size);
  while (!input.empty() && !engine.quitRequested()) {
    const std::size_t end = input.find('\n');
    const std::string_view line = input.substr(0, end);
    input = end == std::string_view::npos ? std::string_view() : input.substr(end + 1);
    // Commands that name files would let the fuzzer read and write anywhere: only their file-less forms run.
    const auto command = gtp::parseCommand(line);
    if (command && (command->name == "loadsgf" || (command->name == "printsgf" && !command->args.empty()))) {
      continue;
    }
    const std::string response = engine.answer(line);
    if (response.empty()) continue;
    require(response[0] == '=' || response[0] == '?');
    require(response.size() >= 2 && response.compare(response.size() - 2, 2, "\n\n") == 0);
    require(engine.game().board().checkInvariants());
  }
  return 0;
}

}  // namespace tengen::fuzz
