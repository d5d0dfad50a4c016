// A request body read into a game: the JSON fields of docs/http-api.md (or an SGF record in their place), every
// move of the history checked by the rules, every refusal a sentence naming the field.
#pragma once

#include <cstddef>
#include <optional>

#include "tengen/core/game.h"
#include "tengen/core/result.h"
#include "tengen/core/types.h"
#include "tengen/net/json_line.h"

namespace tengen::serve {

struct GameRequest {
  Game game;
  Color color = Color::Black;  // "color", else the side to move
  bool colorGiven = false;     // the body named "color"
  int maxRetries = 4;          // "max_retries", else the server's default
  std::optional<Move> move;    // "move" of /v1/legal
};

struct ReadOptions {
  std::size_t maxMoves = 10000;
  int defaultMaxRetries = 4;
  int maxRetries = 10;
  bool wantMove = false;  // /v1/legal: "move" is required
};

// Reads a parsed body. Unknown fields are ignored (so newer clients work with older servers); known fields of the
// wrong type or out of range, an SGF together with size/komi/handicap/setup/moves, and any illegal move of the
// history are refused with the reason, e.g. "moves[12] W D4: occupied".
Result<GameRequest> readGameRequest(const net::JsonValue& body, const ReadOptions& options);

}  // namespace tengen::serve
