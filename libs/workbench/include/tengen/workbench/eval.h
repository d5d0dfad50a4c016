// tengen eval (docs/model-loop.md): asks a move source, through the referee exactly as in play, for the move of
// positions from real records, and measures how legally and how well it answers.
#pragma once

#include <chrono>
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "tengen/ai/referee.h"
#include "tengen/ai/rejection_counts.h"
#include "tengen/json/json.h"
#include "tengen/sources/make_source.h"
#include "tengen/sources/prompt.h"
#include "tengen/workbench/positions.h"
#include "tengen/workbench/stats.h"

namespace tengen::workbench {

// The prompt template a run asks with, as its JSON and report name it.
struct PromptTemplateId {
  std::string name = "built-in";  // "built-in", or the template file's name
  std::string sha256;             // of its text: the file's bytes as read, or sources::formatPromptTemplate's built-in
};

// The template --prompt-template names ("" the built-in one). Fails (ErrorKind::Invalid), naming the file, when it
// cannot be read.
Result<PromptTemplateId> promptTemplateId(const std::string& path);

// What a run's JSON and report say of it besides the options that made it, so that a person can tell two runs apart;
// runEval does not read it.
struct RunFacts {
  std::optional<std::chrono::system_clock::time_point> started;  // when the run started
  std::string tengenVersion;                                     // as `tengen --version` prints it; "" unknown
  PromptTemplateId promptTemplate;
  std::vector<std::string> sgf;  // the paths the positions were taken from, as given
  Sampling sampling;             // how they were taken
  int records = 0;               // how many records they came from
};

struct EvalOptions {
  std::string engine;  // the ENGINE spec measured
  sources::SourceOptions source;
  std::optional<std::string> reference;  // an ENGINE spec whose move each answer is compared with
  int maxRetries = 4;
  std::string errorLogPath;  // failed moves are logged here (source "eval"); "" logs nothing
  bool logAccepted = false;
  int jobs = 1;  // positions asked at once, each worker with its own source, so a model server can batch them
  // Called after each position is done, from the worker that did it, with how many are done so far.
  std::function<void(std::size_t done, std::size_t total)> progress;
  RunFacts facts;
};

struct PositionResult {
  ai::RefereeOutcome outcome;
  std::optional<Move> reference;  // the reference engine's accepted move, when there is one
  long elapsedMs = 0;             // the whole request, every attempt included
};

struct EvalRun {
  std::vector<PositionResult> results;  // parallel to the positions asked
  // When the source could not be made or reached at the start: why (nothing else was asked).
  std::optional<Result<Done>> startFailure;
};

// Asks the source for every position: the first alone (a source that cannot be reached fails the run at once),
// then the rest on `jobs` workers. Results are in the positions' order whatever the number of workers.
EvalRun runEval(const std::vector<Position>& positions, const EvalOptions& options);

// The figures of a run, whole and by group.
struct Figures {
  long positions = 0;
  Rate firstTryLegal;
  Rate legal;
  Rate agreementRecord;
  std::optional<Rate> agreementReference;
  double attemptsPerMove = 0;
  ai::RejectionCounts rejections;
  double latencyP50 = 0;
  double latencyP95 = 0;
  long failures = 0;
  long noLegalMove = 0;
  long unreachable = 0;
  // The tokens of the requests whose replies reported `usage` (a model server's; zero requests otherwise).
  long tokenRequests = 0;
  long promptTokens = 0;
  long completionTokens = 0;
};

struct Summary {
  Figures all;
  std::map<int, Figures> bySize;
  std::map<GamePhase, Figures> byPhase;
};

Summary summarize(const std::vector<Position>& positions, const std::vector<PositionResult>& results,
                  bool withReference);

// A time as the run's JSON writes it: UTC, ISO 8601 to the second ("2026-03-01T09:30:00Z").
std::string isoUtc(std::chrono::system_clock::time_point time);

// A setting a run was made with, as its --json file holds it: a key of the summary's "run" object, or of the
// document itself (engine, model and reference, which files held before there was a "run" object); the words a person
// reads it by; and whether `tengen eval compare` warns when two runs differ in it (not for the date, the engine and the
// model, which are what two runs usually differ in, nor for the counts the comparison shows itself); and whether it
// is what a model is shown or asked (null for any other engine), so that only two runs that both asked a model are
// compared on it: against an engine that is shown no prompt, the difference is the engine's.
struct RunSetting {
  std::string_view key;
  std::string_view words;
  bool inRun = true;
  bool compared = true;
  bool modelOnly = false;
};

// Every setting, in the order the report shows them.
std::span<const RunSetting> runSettings();

// Every setting's value for a run of `options` on `positions`, in runSettings()'s order: the date, tengen's version,
// the engine (no credentials), model and reference, the prompt settings (null when the engine is not a model), the
// referee's and the sampling's, and the positions' and records' counts.
json::JsonValue::Object runSettingValues(const std::vector<Position>& positions, const EvalOptions& options);

// A setting's value as a person reads it: text as it is ("" as "none"), true and false as "on" and "off", null as
// "none", numbers as JSON writes them, lists with spaces between.
std::string settingText(const json::JsonValue& value);

// The --json document: {"engine", "model", "reference", "summary": {"run": {...}, ...figures, "by_size",
// "by_phase"}, "positions": [...]}.
json::JsonValue evalJson(const std::vector<Position>& positions, const std::vector<PositionResult>& results,
                         const Summary& summary, const EvalOptions& options);

// The summary as a person reads it, several lines.
std::string summaryText(const Summary& summary, const PositionSet& set);

}  // namespace tengen::workbench
