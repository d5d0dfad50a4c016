// A request body read into a game: the JSON fields of docs/http-api.md (or an SGF record in their place), every
// move of the history checked by the rules, every refusal a sentence naming the field.
#pragma once

#include <cstddef>
#include <optional>

#include "tengen/core/game.h"
#include "tengen/core/result.h"
#include "tengen/core/types.h"
#include "tengen/json/json.h"
#include "tengen/json/parse.h"

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

// How a request body is read as JSON: at most the HTTP server's 1 MiB, nested no deeper than any JSON from outside
// (32 levels), and at most three values for each move of the longest history ([colour, vertex]) and 2,048 besides
// (the other fields, the setup stones of a 25x25 board, fields a newer client adds). A value costs tens of bytes
// once read, so a mebibyte of zeros would cost tens of megabytes; a body of more values is refused before its tree
// is built.
json::JsonLimits requestJsonLimits(std::size_t maxMoves);

// Reads a parsed body. Unknown fields are ignored (so newer clients work with older servers); known fields of the
// wrong type or out of range, an SGF together with size/komi/handicap/setup/moves, an SGF of more than eight nodes,
// properties and values a move of the longest history and 2,048 besides, and any illegal move of the history are
// refused with the reason, e.g. "moves[12] W D4: occupied".
Result<GameRequest> readGameRequest(const json::JsonValue& body, const ReadOptions& options);

}  // namespace tengen::serve
