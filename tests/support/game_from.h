// Games for tests, written as the GTP moves that make them.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tengen/core/coords.h"
#include "tengen/core/game.h"

namespace tengen::test_support {

// A game from GTP moves ("pass" allowed), colours alternating from Black; a move the rules refuse fails the test.
inline Game gameFrom(int size, Rules rules, const std::vector<std::string>& moves) {
  GameConfig config;
  config.size = size;
  config.rules = rules;
  Game game(config);
  for (const std::string& text : moves) {
    const Result<ParsedVertex> v = parseGtpVertex(text, size);
    EXPECT_TRUE(v.ok()) << text;
    if (!v.ok()) continue;
    const Color c = game.toMove();
    const Move m = v->kind == MoveKind::Pass ? Move::pass(c) : Move::play(c, v->point);
    EXPECT_EQ(game.play(m), RejectReason::None) << text;
  }
  return game;
}

// The same under the default rules of GameConfig.
inline Game gameFrom(int size, const std::vector<std::string>& moves) {
  return gameFrom(size, GameConfig{}.rules, moves);
}

}  // namespace tengen::test_support
