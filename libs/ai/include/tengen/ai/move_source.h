// Where AI moves come from. Every source only proposes: the referee reads the answer and the rules decide.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tengen/core/game.h"
#include "tengen/core/result.h"
#include "tengen/core/types.h"

namespace tengen::ai {

// A point the referee refused earlier in this turn, with the reason's code and words (SPEC sections 1 and 5).
struct Rejection {
  std::string vertex;  // as answered, e.g. "Q16"; empty when nothing could be read
  std::string code;    // "occupied", "suicide", ..., "unparseable", "repeated"
  std::string words;   // "stone already there", ...
};

struct MoveRequest {
  const Game* game = nullptr;  // the position; the source must not keep the pointer
  Color color = Color::Black;  // who is to move
  std::vector<Rejection> rejected;
};

// A source's failure below the rules: it could not be reached, crashed, hung or answered garbage at the protocol
// level (exit code 4 in SPEC section 2).
struct TransportError {
  std::string message;
};

struct Answer {
  std::string text;  // the raw answer: a GTP vertex for engines, free text for models
  long latencyMs = 0;
};

class MoveSource {
 public:
  virtual ~MoveSource() = default;
  // The spec it was made from, e.g. "random" or "gtp:/usr/games/gnugo --mode gtp".
  virtual std::string describe() const = 0;
  // Asks for one move. A transport failure is an error value, never an exception.
  virtual Result<Answer> propose(const MoveRequest& request) = 0;
};

struct SourceOptions {
  std::uint64_t seed = 1;
  double timeoutSeconds = 60;  // one request (GTP: one command)
};

// Makes a source from an ENGINE spec of SPEC section 2 (`random`, `gtp:COMMAND ARGS...`; later kinds are added as
// they are built). Unknown or malformed specs are refused with the reason.
Result<std::unique_ptr<MoveSource>> makeSource(std::string_view spec, const SourceOptions& options);

}  // namespace tengen::ai
