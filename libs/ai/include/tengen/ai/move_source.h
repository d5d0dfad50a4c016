// Where AI moves come from. Every source only proposes: the referee reads the answer and the rules decide.
//
// One reply of an AI goes through four types, each naming a different stage:
// - Answer (here): what a source gave back — its raw text, and for a model what it was asked and what it cost.
// - ReadMove (answer_parser.h): the move read out of an answer's text — a kind, a point that may lie off the
//   board, and the piece of text it came from; nothing when no move can be read.
// - Attempt (referee.h): the record of one request — the Answer, its ReadMove, the board vertex and the rules'
//   verdict with the reason; what `--json`, `tengen serve` and the error log show and parseAttempt reads back.
// - Rejection (here): what the next request is told about a refused Attempt — the move as read and why — so that
//   a source can name the rejected points in its retry.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

#include "tengen/ai/answer_parser.h"
#include "tengen/ai/chat.h"
#include "tengen/core/game.h"
#include "tengen/core/result.h"
#include "tengen/core/search_report.h"
#include "tengen/core/time_control.h"
#include "tengen/core/types.h"

namespace tengen::gtp {
enum class Traffic;  // tengen/gtp/client.h
}  // namespace tengen::gtp

namespace tengen::ai {

// An answer the referee refused earlier in this turn, for the retry line: the move as it was read (a point that
// may lie off the board, a pass or a resignation, with the answer's own text for it), and why.
struct Rejection {
  std::optional<ReadMove> read;  // nothing when no move could be read from the answer
  RejectReason reason = RejectReason::Unparseable;
};

// Reports of the built-in engine's search while it thinks about a move (GTP's genmove_analyze): its candidates, the
// ownership and the score about every `interval` and once at the end (engine::Engine::setProgress), on the thread
// that searches. An empty `report` asks for none; the other sources ignore it.
struct SearchProgress {
  std::function<void(const SearchReport&)> report;
  std::chrono::milliseconds interval{0};
};

// What a move is asked for. Cleanup is KGS's kgs-genmove_cleanup: the players disagreed about dead stones, so the
// game goes on and every stone left on the board at its end counts as alive; the mover is to capture the opponent's
// dead stones before it passes. The built-in source does (engine::Engine::genmoveCleanup); a GTP engine is asked
// with kgs-genmove_cleanup when its list_commands names it, else with genmove; the other sources are asked as for
// any move.
enum class MovePurpose : std::uint8_t { Play, Cleanup };

struct MoveRequest {
  const Game* game = nullptr;  // the position; the source must not keep the pointer
  Color color = Color::Black;  // who is to move
  std::vector<Rejection> rejected;
  // The time the mover has left, under timeControl, when the game is timed; sources that can budget their thinking
  // use it.
  std::optional<TimeLeft> clock;
  // The game's time control, when the caller knows it (Kind::None otherwise): a GTP engine is told it with
  // time_settings (docs/engines.md).
  TimeControl timeControl{};
  // RefereeOptions::cancel: sources that wait on a server (openai:, tengen:) give the request up when a stop is
  // requested, and the built-in engine its search.
  std::stop_token cancel{};
  // RefereeOptions::progress: the built-in source reports its search through it.
  SearchProgress progress{};
  MovePurpose purpose = MovePurpose::Play;
  // RefereeOptions::interrupt: the built-in engine answers at once with the best move it has found.
  std::stop_token interrupt{};
};

struct Answer {
  std::string text;  // the raw answer: a GTP vertex for engines, free text for models
  long latencyMs = 0;
  // What a model was asked, for attempts and the error log; empty for engines: the whole prompt (system, a blank
  // line, user) and its system part alone.
  std::string prompt;
  std::string system;
  std::optional<TokenUsage> tokens;  // when the server reported them
  std::string imageSha256;           // of the PNG sent, "" when none
  int httpStatus = 0;                // 0 when not over HTTP
};

class MoveSource {
 public:
  virtual ~MoveSource() = default;
  // The spec it was made from, e.g. "random" or "gtp:/usr/games/gnugo --mode gtp".
  virtual std::string describe() const = 0;
  // Asks for one move. A failure is an error value, never an exception: ErrorKind::Unreachable when the source
  // could not be reached or failed below the rules, ErrorKind::NoLegalMove when it ran a referee of its own and
  // found nothing legal (a remote `tengen serve` answering ai_failed), so that asking again cannot help.
  virtual Result<Answer> propose(const MoveRequest& request) = 0;
  // A GTP command a person typed for the engine (tengen-qt's console), sent once the engine holds `game`'s
  // position: the engine's answer, "= TEXT" or "? TEXT". Which commands may be sent is the caller's to decide. Only a
  // GTP engine takes one; the other sources answer ErrorKind::Invalid.
  virtual Result<std::string> typedCommand(const Game& game, std::string_view line);
};

// The coordinates a model is asked to answer in: GTP vertices ("D4") or zero-based (row, col) from the top left.
enum class CoordFormat { Gtp, RowCol };

// The words of the command line, the error log and the records for each choice: "gtp", "rowcol"; "none",
// "regex", "choice"; "vllm", "vllm-guided", "llama". The parsers answer nothing for any other word.
std::string_view coordFormatName(CoordFormat format);
std::optional<CoordFormat> parseCoordFormat(std::string_view name);
std::string_view constraintName(Constraint constraint);
std::optional<Constraint> parseConstraint(std::string_view name);
std::string_view constraintApiName(ConstraintApi api);
std::optional<ConstraintApi> parseConstraintApi(std::string_view name);

// The model options of docs/serving-models.md (used by openai: sources).
struct ModelOptions {
  std::string model;                         // --model; with vLLM and a LoRA adapter, the adapter's name
  std::string apiKeyEnv = "OPENAI_API_KEY";  // --api-key-env; the key itself is read from it, never printed
  bool image = true;                         // --image / --no-image
  CoordFormat coords = CoordFormat::Gtp;     // --coords gtp|rowcol
  std::string promptTemplatePath;            // --prompt-template FILE, "" for the built-in one
  Constraint constrain = Constraint::None;   // --constrain none|regex|choice
  // --constrain-api vllm|vllm-guided|llama (docs/serving-models.md)
  ConstraintApi constrainApi = ConstraintApi::VllmStructuredOutputs;
  std::optional<double> temperature;  // --temperature
};

struct SourceOptions {
  std::uint64_t seed = 1;
  double timeoutSeconds = 60;  // one request (GTP: one command)
  // A GTP engine that has not answered its first command after this long is reported once through `notice`
  // (still waiting, up to timeoutSeconds): an engine loading its weights looks like a hang otherwise.
  double slowStartSeconds = 5;
  // Receives such reports, one line each; when empty, they go to std::cerr.
  std::function<void(const std::string& line)> notice;
  // A GTP engine's raw protocol lines, as gtp::ClientOptions::traffic sees them (for a console of the traffic); called
  // on the thread that asks for moves. Other sources ignore it.
  std::function<void(gtp::Traffic direction, const std::string& line)> gtpTraffic;
  // Tries of one model request when the connection fails or the server answers 5xx/429; `tengen serve` uses 1 so a
  // model that is down is a fast 502 and the caller decides when to try again.
  int transportAttempts = 4;
  // The built-in engine's resignation threshold when its spec sets no `resign` key; 0 never resigns (match, gtp),
  // kInteractiveResign against a person (play, tengen-qt).
  double builtinResign = 0;
  ModelOptions model;
};

// The model an `openai:` engine asks for.
struct ChosenModel {
  std::string name;
  // True when no model was given and `name` is the one model the server lists: the caller says so, once, with
  // chosenModelLine.
  bool fromServer = false;
};

// For an `openai:` spec: SourceOptions::model.model when given, else the one model the server lists at
// GET BASE_URL/models, as OpenAI-API clients do. When the server lists several models or none, or has no such
// endpoint, the failure is ErrorKind::Invalid and says to give --model (naming the models listed); a server that
// cannot be reached is ErrorKind::Unreachable. Any other spec: the given model, untouched, and nothing is asked.
Result<ChosenModel> chooseModel(std::string_view spec, const SourceOptions& options);

// "model qwen-go: the only model http://127.0.0.1:8000/v1 serves (--model chooses another)"
std::string chosenModelLine(std::string_view spec, const ChosenModel& model);

// The five kinds of ENGINE spec, as every help text and error names them.
inline constexpr std::string_view kEngineKinds =
    "builtin[:KEY=VALUE,...], random, gtp:COMMAND ARGS..., openai:BASE_URL, tengen:URL";

// Whether an ENGINE spec names a model (`openai:`), the one kind of source a prompt, a picture and the model options
// reach.
bool isModelSpec(std::string_view spec);
// Whether an ENGINE spec names the built-in engine (`builtin` or `builtin:KEY=VALUE,...`).
bool isBuiltinSpec(std::string_view spec);

// The winning rate below which the built-in engine resigns when a person plays it (`tengen play`, tengen-qt) and its
// spec sets no `resign` key (SourceOptions::builtinResign): it resigns rather than play on into a lost game.
inline constexpr double kInteractiveResign = 0.05;

// Makes a source from an ENGINE spec of docs/engines.md: `builtin[:KEY=VALUE,...]`, `random`, `gtp:COMMAND ARGS...`,
// `openai:BASE_URL` or `tengen:URL`. Unknown or malformed specs are refused with the reason (ErrorKind::Invalid);
// an engine that cannot be started or does not answer its handshake is ErrorKind::Unreachable.
Result<std::unique_ptr<MoveSource>> makeSource(std::string_view spec, const SourceOptions& options);

}  // namespace tengen::ai
