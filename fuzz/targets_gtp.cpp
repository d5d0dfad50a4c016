#include <string>
#include <string_view>

#include "tengen/gtp/command.h"
#include "tengen/gtp/engine.h"

#include "targets.h"

namespace tengen::fuzz {

namespace {

void require(bool condition) {
  if (!condition) __builtin_trap();
}

// A deterministic stand-in for the AI: the first point the rules allow, else a pass.
gtp::GenmoveReply firstLegalMove(const Game& game, Color color) {
  for (int row = 0; row < game.size(); ++row) {
    for (int col = 0; col < game.size(); ++col) {
      const Move m = Move::play(color, {row, col});
      if (game.isLegal(m)) return {m, ""};
    }
  }
  return {Move::pass(color), ""};
}

}  // namespace

int gtp(const std::uint8_t* data, std::size_t size) {
  gtp::EngineOptions options;
  options.version = "fuzz";
  options.game.size = 9;
  options.genmove = firstLegalMove;
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
