#include "eval_command.h"

#include <chrono>
#include <cmath>
#include <filesystem>
#include <ostream>
#include <utility>

#include <CLI/CLI.hpp>

#include "tengen/io/atomic_file.h"
#include "tengen/json/json.h"
#include "tengen/sources/make_source.h"
#include "tengen/workbench/compare.h"
#include "tengen/workbench/eval.h"
#include "tengen/workbench/positions.h"
#include "tengen/workbench/report.h"

namespace tengen::cli {

EvalCommands addEvalCommand(CLI::App& app, EvalOptions* options) {
  CLI::App* cmd = app.add_subcommand("eval", "Measure a move source on positions from real game records");
  cmd->add_option("--engine", options->engine, "ENGINE spec measured: " + std::string(sources::kEngineKinds))
      ->type_name("ENGINE");
  cmd->add_option("--sgf", options->sgf, "SGF files or directories (searched for *.sgf) the positions come from")
      ->type_name("PATH...");
  CLI::Option* every = cmd->add_option("--every", options->every, "Take every K-th move of each record, from move 1")
                           ->type_name("K")
                           ->check(CLI::Range(1, 100000))
                           ->capture_default_str();
  cmd->add_option("--positions", options->positions, "Instead, this many positions drawn at random with --seed")
      ->check(CLI::Range(1, 10000000))
      ->excludes(every);
  cmd->add_option("--seed", options->seed, "Seed of the draw and of the engines' randomness (worker i: seed + i)")
      ->check(notNegative())
      ->capture_default_str();
  cmd->add_option("--reference", options->reference, "ENGINE spec whose moves the answers are compared with")
      ->type_name("ENGINE");
  cmd->add_option("--jobs", options->jobs, "Positions asked at once (a vLLM server batches them), 1..256")
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
  cmd->add_option("--json", options->jsonPath, "Also write the figures and every position to this JSON file")
      ->type_name("FILE");
  cmd->add_option("--report", options->reportDir,
                  "Also write an HTML page with charts and the worst positions to DIR/index.html")
      ->type_name("DIR");
  addModelOptions(*cmd, &options->model, &options->timeoutSeconds);
  addRefereeOptions(*cmd, &options->referee);
  cmd->footer(
      "Exit codes: 0 the run finished (failed positions are counted), 2 bad input, 4 the source could not be "
      "reached at the start, 1 the JSON file or the report could not be written. docs/model-loop.md");
  CLI::App* compare = cmd->add_subcommand("compare", "Compare two runs of tengen eval --json on the same positions");
  compare->add_option("runs", options->compare, "The two --json files, A then B")->expected(2)->required();
  cmd->require_subcommand(0, 1);
  return {cmd, compare};
}

int runEval(const EvalOptions& options, std::ostream& out, std::ostream& err, bool progress) {
  const auto fail = [&err](const std::string& why, int code) {
    err << "tengen eval: " << why << '\n';
    return code;
  };
  if (options.engine.empty())
    return fail("--engine is required (or use: tengen eval compare A.json B.json)", kExitUsage);
  if (options.sgf.empty()) return fail("--sgf is required: the records the positions come from", kExitUsage);
  if (const std::string why = checkRefereeOptions(options.referee); !why.empty()) return fail(why, kExitUsage);
  if (!(std::isfinite(options.timeoutSeconds) && options.timeoutSeconds > 0)) {
    return fail("--timeout: must be a positive number of seconds", kExitUsage);
  }
  // Checked before the run, so that a bad path costs no question to the source.
  if (!options.reportDir.empty()) {
    if (const Status made = workbench::prepareReportDirectory(options.reportDir); !made) {
      return fail("--report: " + made.error(), kExitUsage);
    }
  }
  workbench::Sampling sampling;
  sampling.every = options.every;
  sampling.count = options.positions;
  sampling.seed = options.seed;
  const Result<workbench::PositionSet> set = workbench::collectPositions(options.sgf, sampling);
  if (!set) return fail(set.error(), kExitUsage);
  for (const std::string& skipped : set->skipped) err << "tengen eval: skipped " << skipped << '\n';

  workbench::EvalOptions run;
  // What the JSON and the report say of the run, so that two runs can be told apart; the template is read for its
  // hash only when a model is asked with it.
  if (sources::isModelSpec(options.engine)) {
    Result<workbench::PromptTemplateId> promptTemplate = workbench::promptTemplateId(options.model.promptTemplatePath);
    if (!promptTemplate) return fail(promptTemplate.error(), kExitUsage);
    run.facts.promptTemplate = std::move(promptTemplate).value();
  }
  run.facts.tengenVersion = TENGEN_VERSION;
  run.facts.sgf = options.sgf;
  run.facts.sampling = sampling;
  run.facts.records = set->records;
  run.facts.started = std::chrono::system_clock::now();
  run.engine = options.engine;
  run.source = sourceOptionsOf(options);
  // The model options are shared: the reference's model is settled only when the engine left it open.
  for (const std::string* spec : {&options.engine, options.reference ? &*options.reference : nullptr}) {
    if (spec == nullptr) continue;
    if (const Status settled = settleModel("eval", *spec, run.source, err); !settled) {
      return fail(settled.error(), exitCodeOf(settled.errorKind()));
    }
  }
  run.reference = options.reference;
  run.maxRetries = options.referee.maxRetries;
  run.errorLogPath = options.referee.errorLog;
  run.logAccepted = options.referee.logAttempts;
  run.jobs = options.jobs;
  if (progress) run.progress = progressLine(err, "tengen eval:", "positions");
  const workbench::EvalRun result = workbench::runEval(set->positions, run);
  if (result.startFailure) {
    if (progress) err << '\n';
    // The error names the engine already (its spec, or the source's own description).
    return fail(result.startFailure->error(), exitCodeOf(result.startFailure->errorKind()));
  }
  const workbench::Summary summary =
      workbench::summarize(set->positions, result.results, options.reference.has_value());
  out << workbench::summaryText(summary, *set);
  if (!options.jsonPath.empty()) {
    const json::JsonValue json = workbench::evalJson(set->positions, result.results, summary, run);
    if (const Status written = io::writeFileAtomically(options.jsonPath, json::toJson(json) + "\n"); !written) {
      return fail("the JSON file could not be written: " + written.error(), kExitOther);
    }
  }
  if (!options.reportDir.empty()) {
    const Result<std::vector<workbench::ReportFile>> report =
        workbench::makeReport(set->positions, result.results, summary, run);
    const Status written = report ? workbench::writeReport(options.reportDir, *report) : Status::failure(report);
    if (!written) return fail("the report could not be written: " + written.error(), kExitOther);
    err << "tengen eval: report written to " << (std::filesystem::path(options.reportDir) / "index.html").string()
        << '\n';
  }
  return kExitOk;
}

int runEvalCompare(const EvalOptions& options, std::ostream& out, std::ostream& err) {
  const Result<workbench::Comparison> comparison = workbench::compareRuns(options.compare[0], options.compare[1]);
  if (!comparison) {
    err << "tengen eval compare: " << comparison.error() << '\n';
    return kExitUsage;
  }
  // Before the table, so that a person reads what makes the runs unlike before the figures.
  for (const std::string& line : workbench::comparisonWarnings(*comparison, options.compare[0], options.compare[1])) {
    err << "tengen eval compare: warning: " << line << '\n';
  }
  err.flush();
  out << workbench::comparisonText(*comparison, options.compare[0], options.compare[1]);
  return kExitOk;
}

}  // namespace tengen::cli
