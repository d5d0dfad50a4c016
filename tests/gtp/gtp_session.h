// Helpers for protocol-level tests: an engine with a deterministic genmove hook, and readers of framed responses.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tengen/core/game.h"
#include "tengen/core/types.h"
#include "tengen/gtp/engine.h"

namespace tengen::gtp::testing {

// The first legal point in reading order (top row first, left to right), or a pass: deterministic, and legal by
// construction, as the referee guarantees for the real hook.
inline GenmoveReply firstLegalPoint(const Game& game, Color color) {
  for (int row = 0; row < game.size(); ++row) {
    for (int col = 0; col < game.size(); ++col) {
      const Move move = Move::play(color, {row, col});
      if (game.check(move) == RejectReason::None) return {move, {}};
    }
  }
  return {Move::pass(color), {}};
}

inline EngineOptions testOptions(int size = 19) {
  EngineOptions options;
  options.name = "tengen";
  options.version = "test";
  options.game.size = size;
  options.genmove = firstLegalPoint;
  return options;
}

// One framed response taken apart: "=id text\n\n" or "?id text\n\n".
struct Response {
  bool ok = false;
  std::string id;
  std::string text;
};

// Checks the framing (a status character, digits, a space, no empty line inside, an empty line at the end) and
// takes the response apart.
inline Response parseResponse(const std::string& framed) {
  Response r;
  EXPECT_GE(framed.size(), 4U) << framed;
  if (framed.size() < 4) return r;
  EXPECT_TRUE(framed[0] == '=' || framed[0] == '?') << framed;
  EXPECT_TRUE(framed.ends_with("\n\n")) << framed;
  EXPECT_EQ(framed.find("\n\n"), framed.size() - 2) << "an empty line inside the response: " << framed;
  r.ok = framed[0] == '=';
  std::size_t i = 1;
  while (i < framed.size() && framed[i] >= '0' && framed[i] <= '9') r.id += framed[i++];
  EXPECT_EQ(framed[i], ' ') << framed;
  r.text = framed.substr(i + 1, framed.size() - i - 3);
  return r;
}

// Sends one line and expects success; returns the result text.
inline std::string ok(Engine& engine, std::string_view line) {
  const std::string framed = engine.answer(line);
  const Response r = parseResponse(framed);
  EXPECT_TRUE(r.ok) << line << " -> " << framed;
  return r.text;
}

// Sends one line and expects failure; returns the error text.
inline std::string error(Engine& engine, std::string_view line) {
  const std::string framed = engine.answer(line);
  const Response r = parseResponse(framed);
  EXPECT_FALSE(r.ok) << line << " -> " << framed;
  return r.text;
}

// A scripted session: each command with the exact framed response expected ("" for an ignored line).
using Exchange = std::vector<std::pair<std::string, std::string>>;

inline void expectSession(Engine& engine, const Exchange& exchange) {
  for (const auto& [line, expected] : exchange) EXPECT_EQ(engine.answer(line), expected) << "command: " << line;
}

}  // namespace tengen::gtp::testing
