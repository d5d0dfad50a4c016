#include "tengen/workbench/eval.h"

#include <array>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <climits>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <thread>
#include <utility>

#include "tengen/ai/attempt_json.h"
#include "tengen/ai/error_log.h"
#include "tengen/core/coords.h"
#include "tengen/core/sha256.h"
#include "tengen/core/text.h"
#include "tengen/sources/make_source.h"
#include "tengen/sources/prompt.h"

namespace tengen::workbench {

namespace {

using json::JsonValue;

// One worker's sources: the one measured and the reference, each made for this worker alone.
struct Worker {
  std::unique_ptr<ai::MoveSource> source;
  std::unique_ptr<ai::MoveSource> reference;
};

Result<Worker> makeWorker(const EvalOptions& options, int index) {
  using R = Result<Worker>;
  sources::SourceOptions sourceOptions = options.source;
  sourceOptions.seed += static_cast<std::uint64_t>(index);
  Worker w;
  Result<std::unique_ptr<ai::MoveSource>> source = sources::makeSource(options.engine, sourceOptions);
  if (!source) return R::failure(source);
  w.source = std::move(source).value();
  if (options.reference) {
    Result<std::unique_ptr<ai::MoveSource>> reference = sources::makeSource(*options.reference, sourceOptions);
    if (!reference) return R::failure(reference, "--reference: ");
    w.reference = std::move(reference).value();
  }
  return w;
}

ai::RefereeOptions refereeOf(const EvalOptions& options) {
  ai::RefereeOptions referee(
      options.errorLogPath.empty()
          ? ai::ErrorLog::none()
          : ai::ErrorLog(options.errorLogPath, sources::errorContextOf("eval", options.engine, options.source.model)));
  referee.maxRetries = options.maxRetries;
  referee.logAccepted = options.logAccepted;
  return referee;
}

PositionResult ask(Worker& worker, const Position& position, const ai::RefereeOptions& options) {
  PositionResult result;
  const Game game = position.game();
  // A logged record names the record and its move, so that `tengen dataset dpo --preferred record` can use it.
  ai::RefereeOptions referee = options;
  if (referee.errorLog.enabled()) {
    referee.logFields = {{"record_file", position.file}, {"record_move", gtpMove(position.recordMove, game.size())}};
  }
  const auto start = std::chrono::steady_clock::now();
  result.outcome = ai::requestMove(*worker.source, game, position.color(), referee);
  // The prompts are in the error log when it asked for them; the run's figures and its JSON never read them again,
  // and held for every position they were most of a long run's memory.
  for (ai::Attempt& attempt : result.outcome.attempts) {
    std::string().swap(attempt.prompt);
    std::string().swap(attempt.system);
  }
  result.elapsedMs = static_cast<long>(
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count());
  if (worker.reference) {
    const ai::RefereeOutcome reference =
        ai::requestMove(*worker.reference, game, position.color(), ai::RefereeOptions(ai::ErrorLog::none()));
    result.reference = reference.move;
  }
  return result;
}

// The figures of the positions `take` selects.
template <typename Take>
Figures figuresOf(const std::vector<Position>& positions, const std::vector<PositionResult>& results,
                  bool withReference, Take take) {
  Figures f;
  long firstTry = 0;
  long legal = 0;
  long agreeRecord = 0;
  long agreeReference = 0;
  long attempts = 0;
  std::vector<double> latencies;
  for (std::size_t i = 0; i < positions.size(); ++i) {
    if (!take(positions[i])) continue;
    const PositionResult& r = results[i];
    ++f.positions;
    if (!r.outcome.attempts.empty() && r.outcome.attempts.front().accepted()) ++firstTry;
    if (r.outcome.move) ++legal;
    // A failed position disagrees with everything.
    if (r.outcome.move && *r.outcome.move == positions[i].recordMove) ++agreeRecord;
    if (r.outcome.move && r.reference && *r.outcome.move == *r.reference) ++agreeReference;
    attempts += static_cast<long>(r.outcome.attempts.size());
    f.rejections.add(r.outcome.attempts);
    for (const ai::Attempt& a : r.outcome.attempts) {
      latencies.push_back(static_cast<double>(a.latencyMs));
      if (a.tokens) {
        ++f.tokenRequests;
        f.promptTokens += a.tokens->prompt;
        f.completionTokens += a.tokens->completion;
      }
    }
    if (!r.outcome.move) {
      ++f.failures;
      if (r.outcome.end == ai::MoveEnd::Unreachable) {
        ++f.unreachable;
      } else {
        ++f.noLegalMove;
      }
    }
  }
  f.firstTryLegal = wilson(firstTry, f.positions);
  f.legal = wilson(legal, f.positions);
  f.agreementRecord = wilson(agreeRecord, f.positions);
  if (withReference) f.agreementReference = wilson(agreeReference, f.positions);
  f.attemptsPerMove = f.positions == 0 ? 0 : static_cast<double>(attempts) / static_cast<double>(f.positions);
  f.latencyP50 = percentile(latencies, 50);
  f.latencyP95 = percentile(latencies, 95);
  return f;
}

JsonValue rateJson(const Rate& r) {
  return JsonValue::Object{{"rate", r.rate}, {"low", r.low}, {"high", r.high}, {"n", r.n}};
}

JsonValue figuresJson(const Figures& f) {
  JsonValue::Object o{
      {"positions", f.positions},
      {"first_try_legal", rateJson(f.firstTryLegal)},
      {"legal", rateJson(f.legal)},
      {"agreement_record", rateJson(f.agreementRecord)},
  };
  if (f.agreementReference) o.emplace_back("agreement_reference", rateJson(*f.agreementReference));
  o.emplace_back("attempts_per_move", f.attemptsPerMove);
  o.emplace_back("rejections", f.rejections.json());
  o.emplace_back("latency_ms", JsonValue::Object{{"p50", f.latencyP50}, {"p95", f.latencyP95}});
  o.emplace_back("failures", f.failures);
  o.emplace_back("failures_no_legal_move", f.noLegalMove);
  o.emplace_back("failures_unreachable", f.unreachable);
  if (f.tokenRequests > 0) {
    o.emplace_back("tokens",
                   JsonValue::Object{
                       {"requests", f.tokenRequests}, {"prompt", f.promptTokens}, {"completion", f.completionTokens}});
  }
  return o;
}

std::string rateText(const char* name, const Rate& r) {
  char line[128];
  std::snprintf(line, sizeof line, "  %-22s %s  [%s, %s]  %ld/%ld\n", name, percentText(r.rate).c_str(),
                percentText(r.low).c_str(), percentText(r.high).c_str(), r.successes, r.n);
  return line;
}

std::string groupLine(const std::string& name, const Figures& f) {
  char line[160];
  std::snprintf(line, sizeof line, "  %-9s %5ld positions  first-try legal %s  legal %s  agrees with record %s\n",
                name.c_str(), f.positions, percentText(f.firstTryLegal.rate).c_str(), percentText(f.legal.rate).c_str(),
                percentText(f.agreementRecord.rate).c_str());
  return line;
}

// The settings in the order the report shows them: when and with what, the engine, what the model is shown and
// asked, the referee, where the positions came from.
constexpr std::array<RunSetting, 19> kRunSettings = {{
    {"date", "date (UTC)", true, false},
    {"tengen_version", "tengen version", true, true},
    {"engine", "engine", false, false},
    {"model", "model", false, false},
    {"reference", "reference", false, true},
    {"coords", "coords", true, true, true},
    {"image", "image", true, true, true},
    {"constrain", "constrain", true, true, true},
    {"constrain_api", "constrain-api", true, true, true},
    {"prompt_template", "prompt template", true, true, true},
    {"prompt_template_sha256", "prompt template sha256", true, true, true},
    {"temperature", "temperature", true, true, true},
    {"max_retries", "max-retries", true, true},
    {"seed", "seed", true, true},
    {"sgf", "sgf", true, true},
    {"every", "every", true, true},
    {"positions_drawn", "positions drawn", true, true},
    {"positions", "positions", true, false},
    {"records", "records", true, false},
}};

bool inRunObject(std::string_view key) {
  for (const RunSetting& setting : kRunSettings) {
    if (setting.key == key) return setting.inRun;
  }
  return true;
}

JsonValue nullIfEmpty(const std::string& text) { return text.empty() ? JsonValue(nullptr) : JsonValue(text); }

}  // namespace

Result<PromptTemplateId> promptTemplateId(const std::string& path) {
  using R = Result<PromptTemplateId>;
  if (path.empty())
    return PromptTemplateId{"built-in", sha256Hex(sources::formatPromptTemplate(sources::defaultPromptTemplate()))};
  std::ifstream in(path, std::ios::binary);
  if (!in) return R::failure("--prompt-template " + path + ": cannot be read: " + std::strerror(errno));
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return R::failure("--prompt-template " + path + ": cannot be read");
  return PromptTemplateId{std::filesystem::path(path).filename().string(), sha256Hex(text.str())};
}

std::string isoUtc(std::chrono::system_clock::time_point time) {
  const std::time_t seconds = std::chrono::system_clock::to_time_t(time);
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

std::span<const RunSetting> runSettings() { return kRunSettings; }

JsonValue::Object runSettingValues(const std::vector<Position>& positions, const EvalOptions& options) {
  const RunFacts& facts = options.facts;
  const sources::ModelOptions& model = options.source.model;
  const bool isModel = sources::isModelSpec(options.engine);
  // What only a model is shown or asked with: nothing for the other engines.
  const auto ifModel = [isModel](JsonValue value) { return isModel ? std::move(value) : JsonValue(nullptr); };
  JsonValue::Array sgf(facts.sgf.begin(), facts.sgf.end());
  const std::uint64_t seed = options.source.seed;
  // A seed beyond what a JSON integer here holds is kept exact as text.
  const JsonValue seedValue = seed <= static_cast<std::uint64_t>(LLONG_MAX) ? JsonValue(static_cast<long long>(seed))
                                                                            : JsonValue(std::to_string(seed));
  const bool drawn = facts.sampling.count > 0;
  JsonValue::Object values{
      {"date", facts.started ? JsonValue(isoUtc(*facts.started)) : JsonValue(nullptr)},
      {"tengen_version", nullIfEmpty(facts.tengenVersion)},
      {"engine", displayUrl(options.engine)},
      {"model", model.model},
      {"reference", options.reference ? JsonValue(displayUrl(*options.reference)) : JsonValue(nullptr)},
      {"coords", ifModel(std::string(sources::coordFormatName(model.coords)))},
      {"image", ifModel(model.image)},
      {"constrain", ifModel(std::string(sources::constraintName(model.constrain)))},
      {"constrain_api", ifModel(std::string(sources::constraintApiName(model.constrainApi)))},
      {"prompt_template", ifModel(facts.promptTemplate.name)},
      {"prompt_template_sha256", ifModel(nullIfEmpty(facts.promptTemplate.sha256))},
      {"temperature", ifModel(model.temperature ? JsonValue(*model.temperature) : JsonValue(nullptr))},
      {"max_retries", options.maxRetries},
      {"seed", seedValue},
      {"sgf", std::move(sgf)},
      {"every", drawn ? JsonValue(nullptr) : JsonValue(facts.sampling.every)},
      {"positions_drawn", drawn ? JsonValue(facts.sampling.count) : JsonValue(nullptr)},
      {"positions", static_cast<long>(positions.size())},
      {"records", facts.records},
  };
  return values;
}

std::string settingText(const JsonValue& value) {
  if (std::holds_alternative<std::nullptr_t>(value.value)) return "none";
  if (const auto* b = std::get_if<bool>(&value.value)) return *b ? "on" : "off";
  if (const auto* text = std::get_if<std::string>(&value.value)) return text->empty() ? "none" : *text;
  if (const auto* list = std::get_if<JsonValue::Array>(&value.value)) {
    std::string out;
    for (const JsonValue& item : *list) {
      if (!out.empty()) out += ' ';
      out += settingText(item);
    }
    return out.empty() ? "none" : out;
  }
  return json::toJson(value);
}

EvalRun runEval(const std::vector<Position>& positions, const EvalOptions& options) {
  EvalRun run;
  run.results.resize(positions.size());
  if (positions.empty()) return run;
  const ai::RefereeOptions referee = refereeOf(options);
  const int jobs = std::max(1, std::min<int>(options.jobs, static_cast<int>(positions.size())));

  // The first position alone: a source that cannot be reached ends the run before anything else is asked.
  Result<Worker> first = makeWorker(options, 0);
  if (!first) {
    run.startFailure = Status::failure(first);
    return run;
  }
  run.results[0] = ask(first.value(), positions[0], referee);
  if (run.results[0].outcome.end == ai::MoveEnd::Unreachable) {
    run.startFailure = Status::failure(run.results[0].outcome.error, ErrorKind::Unreachable);
    return run;
  }
  std::atomic<std::size_t> next{1};
  std::atomic<std::size_t> done{1};
  if (options.progress) options.progress(1, positions.size());
  auto work = [&](Worker worker) {
    for (std::size_t i = next++; i < positions.size(); i = next++) {
      run.results[i] = ask(worker, positions[i], referee);
      const std::size_t finished = ++done;
      if (options.progress) options.progress(finished, positions.size());
    }
  };
  std::vector<std::thread> threads;
  threads.reserve(static_cast<std::size_t>(jobs - 1));
  for (int w = 1; w < jobs; ++w) {
    // A worker whose source cannot be made adds nothing; the others finish the run, slower but complete.
    Result<Worker> worker = makeWorker(options, w);
    if (worker) threads.emplace_back(work, std::move(worker).value());
  }
  work(std::move(first).value());
  for (std::thread& t : threads) t.join();
  return run;
}

Summary summarize(const std::vector<Position>& positions, const std::vector<PositionResult>& results,
                  bool withReference) {
  Summary s;
  s.all = figuresOf(positions, results, withReference, [](const Position&) { return true; });
  for (const Position& p : positions) {
    const int size = p.size();
    if (!s.bySize.contains(size)) {
      s.bySize[size] =
          figuresOf(positions, results, withReference, [size](const Position& q) { return q.size() == size; });
    }
    const GamePhase phase = p.phase();
    if (!s.byPhase.contains(phase)) {
      s.byPhase[phase] =
          figuresOf(positions, results, withReference, [phase](const Position& q) { return q.phase() == phase; });
    }
  }
  return s;
}

JsonValue evalJson(const std::vector<Position>& positions, const std::vector<PositionResult>& results,
                   const Summary& summary, const EvalOptions& options) {
  JsonValue summaryJson = figuresJson(summary.all);
  auto& fields = std::get<JsonValue::Object>(summaryJson.value);
  JsonValue::Object bySize;
  for (const auto& [size, f] : summary.bySize) bySize.emplace_back(std::to_string(size), figuresJson(f));
  JsonValue::Object byPhase;
  for (const auto& [phase, f] : summary.byPhase) byPhase.emplace_back(std::string(phaseName(phase)), figuresJson(f));
  fields.emplace_back("by_size", std::move(bySize));
  fields.emplace_back("by_phase", std::move(byPhase));

  JsonValue::Array rows;
  rows.reserve(positions.size());
  for (std::size_t i = 0; i < positions.size(); ++i) {
    const Position& p = positions[i];
    const PositionResult& r = results[i];
    const int size = p.size();
    JsonValue::Object row{
        {"file", p.file},
        {"move_number", p.moveNumber},
        {"size", size},
        {"phase", std::string(phaseName(p.phase()))},
        {"color", std::string(colorLetter(p.color()))},
        {"record_move", gtpMove(p.recordMove, size)},
        {"move", r.outcome.move ? JsonValue(gtpMove(*r.outcome.move, size)) : JsonValue(nullptr)},
        {"end", std::string(ai::moveEndCode(r.outcome.end))},
        {"attempts", ai::attemptsJson(r.outcome.attempts)},
        {"elapsed_ms", r.elapsedMs},
    };
    if (options.reference) {
      row.emplace_back("reference_move", r.reference ? JsonValue(gtpMove(*r.reference, size)) : JsonValue(nullptr));
    }
    if (!r.outcome.move) row.emplace_back("error", r.outcome.error);
    rows.emplace_back(std::move(row));
  }
  // Engine, model and reference stay where files have always held them; the other settings make the "run" object,
  // the first member of the summary, so that a summary read alone still says how its figures were made.
  JsonValue::Object document;
  JsonValue::Object run;
  const JsonValue::Object settings = runSettingValues(positions, options);
  for (const auto& setting : settings) (inRunObject(setting.first) ? run : document).push_back(setting);
  fields.emplace(fields.begin(), "run", std::move(run));
  document.emplace_back("summary", std::move(summaryJson));
  document.emplace_back("positions", std::move(rows));
  return document;
}

std::string summaryText(const Summary& summary, const PositionSet& set) {
  const Figures& f = summary.all;
  std::string out = "positions " + std::to_string(f.positions) + " from " + std::to_string(set.records) + " records";
  if (!set.skipped.empty()) out += " (" + std::to_string(set.skipped.size()) + " files skipped)";
  out += "\n";
  out += rateText("first-try legal", f.firstTryLegal);
  out += rateText("legal within attempts", f.legal);
  out += rateText("agrees with the record", f.agreementRecord);
  if (f.agreementReference) out += rateText("agrees with reference", *f.agreementReference);
  char line[160];
  std::snprintf(line, sizeof line, "  %-22s %.2f\n", "attempts per move", f.attemptsPerMove);
  out += line;
  out += "  rejections             " + f.rejections.summary() + "\n";
  std::snprintf(line, sizeof line, "  %-22s p50 %.0f  p95 %.0f\n", "latency ms", f.latencyP50, f.latencyP95);
  out += line;
  std::snprintf(line, sizeof line, "  %-22s %ld (no legal move %ld, unreachable %ld)\n", "failures", f.failures,
                f.noLegalMove, f.unreachable);
  out += line;
  if (f.tokenRequests > 0) {
    const auto perRequest = [&f](long tokens) {
      return static_cast<double>(tokens) / static_cast<double>(f.tokenRequests);
    };
    std::snprintf(line, sizeof line, "  %-22s prompt %ld (%.0f per request)  completion %ld (%.1f per request)\n",
                  "tokens", f.promptTokens, perRequest(f.promptTokens), f.completionTokens,
                  perRequest(f.completionTokens));
    out += line;
  }
  out += "by size:\n";
  for (const auto& [size, g] : summary.bySize) out += groupLine(std::to_string(size) + "x" + std::to_string(size), g);
  out += "by phase:\n";
  for (const auto& [phase, g] : summary.byPhase) out += groupLine(std::string(phaseName(phase)), g);
  return out;
}

}  // namespace tengen::workbench
