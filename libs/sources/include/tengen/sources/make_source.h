// The move sources of docs/engines.md, made from an ENGINE spec: the built-in engine, `random`, a GTP engine, a model
// behind an OpenAI-compatible server, a remote `tengen serve`. Each is an ai::MoveSource; this library holds them all,
// with what they need (the engine, GTP's client, HTTP, the picture a model is shown), so that the referee's library
// (tengen::ai) needs none of it.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "tengen/ai/error_log.h"
#include "tengen/ai/move_source.h"
#include "tengen/core/result.h"
#include "tengen/gtp/analysis.h"
#include "tengen/gtp/client.h"
#include "tengen/sources/chat.h"

namespace tengen::sources {

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
  // A GTP engine's process as it starts (again, after a crash), as gtp::ProcessOptions::started sees it: for a
  // caller that must be able to end an engine that hangs without waiting for the timeout. Other sources ignore it.
  std::function<void(pid_t pid)> gtpStarted;
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
Result<std::unique_ptr<ai::MoveSource>> makeSource(std::string_view spec, const SourceOptions& options);

// The source's engine as an analysis relay (tengen/gtp/analysis.h) when it is a GTP engine (`gtp:`), which can
// be asked for its own analysis commands; null for any other source.
gtp::AnalysisRelay* analysisRelayOf(ai::MoveSource& source);

// What `tengen serve` makes its workers' sources with: worker `index` (0-based) gets a source of `spec` with seed +
// index, and one try per model request, so that a model that is down is a fast 502 and the server's client decides
// when to try again.
std::function<Result<std::unique_ptr<ai::MoveSource>>(int index)> workerSources(std::string spec,
                                                                                SourceOptions options);

// The error log's context of `source` asking `engine` (shown without credentials): the model name and coordinate
// format only when the engine is a model (`openai:`).
ai::ErrorContext errorContextOf(std::string source, std::string_view engine, const ModelOptions& model);

}  // namespace tengen::sources
