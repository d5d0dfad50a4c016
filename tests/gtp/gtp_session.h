// Helpers for protocol-level tests: an engine with deterministic genmove and analysis hooks, and readers of framed
// responses.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "tengen/core/game.h"
#include "tengen/core/types.h"
#include "tengen/gtp/engine.h"

namespace tengen::gtp::testing {

// The first legal point in reading order (top row first, left to right), or a pass: deterministic, and legal by
// construction, as the referee guarantees for the real hook.
inline GenmoveReply firstLegalPoint(const Game& game, Color color, const MoveProgress& = {}) {
  for (int row = 0; row < game.size(); ++row) {
    for (int col = 0; col < game.size(); ++col) {
      const Move move = Move::play(color, {row, col});
      if (game.check(move) == RejectReason::None) return {move, {}};
    }
  }
  return {Move::pass(color), {}};
}

// A deterministic stand-in for the built-in engine's analysis: the first three legal points in reading order, the
// first the most visited; every playout adds a visit to each, and the ownership is 0.25 (Black's) everywhere.
// `pace` is how long a playout takes (0: none); the search can grow by `most` playouts in all.
class FakeAnalyzer final : public Analyzer {
 public:
  FakeAnalyzer(const Game& game, Color toMove, std::chrono::microseconds pace = {}, long most = 1'000'000'000)
      : m_size(game.size()), m_toMove(toMove), m_pace(pace), m_most(most) {
    for (int row = 0; row < game.size() && m_points.size() < 3; ++row) {
      for (int col = 0; col < game.size() && m_points.size() < 3; ++col) {
        if (game.check(Move::play(toMove, {row, col}), Game::TurnRule::AnyColor) == RejectReason::None) {
          m_points.push_back({row, col});
        }
      }
    }
  }

  long search(long playouts, const std::function<bool()>& stop) override {
    long done = 0;
    while (done < playouts && m_playouts < m_most) {
      if (m_pace.count() > 0) std::this_thread::sleep_for(m_pace);
      ++m_playouts;
      ++done;
      if (stop && stop()) break;
    }
    return done;
  }

  SearchReport report(int maxCandidates) const override {
    SearchReport r;
    r.toMove = m_toMove;
    r.playouts = m_playouts;
    r.winrate = 0.55;
    r.scoreLead = 2.5;
    for (std::size_t i = 0; i < m_points.size() && static_cast<int>(i) < maxCandidates; ++i) {
      SearchCandidate c;
      c.move = Move::play(m_toMove, m_points[i]);
      c.visits = m_playouts * static_cast<long>(3 - i);
      c.winrate = 0.6 - 0.1 * static_cast<double>(i);
      c.lcb = c.winrate - 0.05;
      c.scoreLead = 3.5 - static_cast<double>(i);
      c.prior = 0.25;
      c.pv = {c.move, Move::play(opponent(m_toMove), m_points[(i + 1) % m_points.size()])};
      r.candidates.push_back(c);
    }
    r.ownership.assign(static_cast<std::size_t>(m_size) * m_size, 0.25F);
    return r;
  }

  long playouts() const { return m_playouts; }

 private:
  int m_size;
  Color m_toMove;
  std::chrono::microseconds m_pace;
  long m_most;
  long m_playouts = 0;
  std::vector<Point> m_points;
};

inline std::unique_ptr<Analyzer> fakeAnalyzer(const Game& game, Color toMove) {
  return std::make_unique<FakeAnalyzer>(game, toMove);
}

inline EngineOptions testOptions(int size = 19) {
  EngineOptions options;
  options.name = "tengen";
  options.version = "test";
  options.game.size = size;
  options.genmove = firstLegalPoint;
  options.analyze = fakeAnalyzer;
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
  // The analysis commands put `=id` on a line of its own, as KataGo and Leela Zero do; the text starts after it.
  EXPECT_TRUE(framed[i] == ' ' || (r.ok && framed[i] == '\n')) << framed;
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
