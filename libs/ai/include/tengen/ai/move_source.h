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

// A point the referee refused earlier in this turn, with the reason's code and words (docs/rules.md), for the
// retry line.
struct Rejection {
  std::string vertex;  // as answered, e.g. "Q16"; empty when nothing could be read
  std::string code;    // "occupied", "suicide", ..., "unparseable", "repeated"
  std::string words;   // "stone already there", ...
};

struct MoveRequest {
  // The mover's clock, as GTP's time_left tells it.
  struct Clock {
    double secondsLeft = 0;  // in the main time, or in the current byo-yomi period
    int stonesLeft = 0;      // 0 = main time, >0 = byo-yomi stones left to play in the period
  };

  const Game* game = nullptr;  // the position; the source must not keep the pointer
  Color color = Color::Black;  // who is to move
  std::vector<Rejection> rejected;
  // The time the mover has left, when the game is timed; sources that can budget their thinking use it.
  std::optional<Clock> clock;
};

// A source's failure below the rules: it could not be reached, crashed, hung or answered garbage at the protocol
// level (exit code 4 on the command line, docs/cli.md).
struct TransportError {
  std::string message;
};

struct Answer {
  std::string text;  // the raw answer: a GTP vertex for engines, free text for models
  long latencyMs = 0;
  // What a model was asked, for attempts and the error log; empty for engines.
  std::string prompt;
  std::string imageSha256;  // of the PNG sent, "" when none
  int httpStatus = 0;       // 0 when not over HTTP
  // Set when the source ran a referee of its own and found no legal move (a remote `tengen serve` answering
  // ai_failed), with its detail and record: the move fails as the AI's failure (exit 3), not the transport's.
  std::string gaveUp;
};

class MoveSource {
 public:
  virtual ~MoveSource() = default;
  // The spec it was made from, e.g. "random" or "gtp:/usr/games/gnugo --mode gtp".
  virtual std::string describe() const = 0;
  // Asks for one move. A transport failure is an error value, never an exception.
  virtual Result<Answer> propose(const MoveRequest& request) = 0;
};

// The model options of docs/serving-models.md (used by openai: sources).
struct ModelOptions {
  std::string model;                         // --model; with vLLM and a LoRA adapter, the adapter's name
  std::string apiKeyEnv = "OPENAI_API_KEY";  // --api-key-env; the key itself is read from it, never printed
  bool image = true;                         // --image / --no-image
  std::string coords = "gtp";                // --coords gtp|rowcol
  std::string promptTemplatePath;            // --prompt-template FILE, "" for the built-in one
  std::string constrain = "none";            // --constrain none|regex|choice
  std::string constrainApi = "vllm";         // --constrain-api vllm|vllm-guided|llama (docs/serving-models.md)
  std::optional<double> temperature;         // --temperature
};

struct SourceOptions {
  std::uint64_t seed = 1;
  double timeoutSeconds = 60;  // one request (GTP: one command)
  // Tries of one model request when the connection fails or the server answers 5xx/429; `tengen serve` uses 1 so a
  // model that is down is a fast 502 and the caller decides when to try again.
  int transportAttempts = 4;
  ModelOptions model;
};

// Makes a source from an ENGINE spec of docs/engines.md: `builtin[:KEY=VALUE,...]`, `random`, `gtp:COMMAND ARGS...`,
// `openai:BASE_URL` or `tengen:URL`. Unknown or malformed specs are refused with the reason.
Result<std::unique_ptr<MoveSource>> makeSource(std::string_view spec, const SourceOptions& options);

}  // namespace tengen::ai
