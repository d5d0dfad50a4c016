// tengen eval (docs/model-loop.md): asks a move source, through the referee exactly as in play, for the move of
// positions from real records, and measures how legally and how well it answers.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "tengen/ai/move_source.h"
#include "tengen/ai/referee.h"
#include "tengen/ai/rejection_counts.h"
#include "tengen/json/json.h"
#include "tengen/workbench/positions.h"
#include "tengen/workbench/stats.h"

namespace tengen::workbench {

struct EvalOptions {
  std::string engine;  // the ENGINE spec measured
  ai::SourceOptions source;
  std::optional<std::string> reference;  // an ENGINE spec whose move each answer is compared with
  int maxRetries = 4;
  std::string errorLogPath;  // failed moves are logged here (source "eval"); "" logs nothing
  bool logAccepted = false;
  int jobs = 1;  // positions asked at once, each worker with its own source, so a model server can batch them
  // Called after each position is done, from the worker that did it, with how many are done so far.
  std::function<void(std::size_t done, std::size_t total)> progress;
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

// The --json document: {"engine", "reference", "summary": {...figures, "by_size", "by_phase"}, "positions": [...]}.
json::JsonValue evalJson(const std::vector<Position>& positions, const std::vector<PositionResult>& results,
                         const Summary& summary, const EvalOptions& options);

// The summary as a person reads it, several lines.
std::string summaryText(const Summary& summary, const PositionSet& set);

}  // namespace tengen::workbench
