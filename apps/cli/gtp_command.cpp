#include "gtp_command.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <istream>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>

#include <CLI/CLI.hpp>

#include "tengen/ai/error_log.h"
#include "tengen/ai/move_source.h"
#include "tengen/ai/referee.h"
#include "tengen/core/board.h"
#include "tengen/core/game.h"
#include "tengen/core/result.h"
#include "tengen/core/rules.h"
#include "tengen/engine/judgment.h"
#include "tengen/gtp/analysis.h"
#include "tengen/gtp/engine.h"
#include "tengen/sources/make_source.h"

#include "cli_options.h"

namespace tengen::cli {

namespace {

// Every check names the option and the value it refuses, so a usage error says what and where.
Result<GameConfig> validate(const GtpOptions& options) {
  using R = Result<GameConfig>;
  GameConfig config;
  if (const std::string why = checkBoardSize(options.size); !why.empty()) return R::failure(why);
  config.size = options.size;
  const Result<Rules> rules = rulesNamed(options.rules);
  if (!rules) return R::failure(rules.error());
  config.rules = *rules;
  if (options.komi && !std::isfinite(*options.komi)) return R::failure("--komi: must be a finite number");
  config.komi = options.komi;
  if (const std::string why = checkRefereeOptions(options.referee); !why.empty()) {
    return R::failure(why);
  }
  if (!(std::isfinite(options.timeoutSeconds) && options.timeoutSeconds > 0)) {
    return R::failure("--timeout: must be a positive number of seconds");
  }
  if (options.overrideVersion) {
    const std::string& version = *options.overrideVersion;
    const bool oneLine = std::none_of(version.begin(), version.end(),
                                      [](char ch) { return static_cast<unsigned char>(ch) < 32 || ch == 127; });
    if (version.empty() || !oneLine) {
      return R::failure("--override-version: must be a non-empty version on one line");
    }
  }
  const Result<GameConfig> checked = Game::validate(config);
  if (!checked) return R::failure(checked.error());
  return config;
}

// The mover's clock as the GTP engine keeps it (gtp::Engine::clock: time_settings, time_left and the engine's own
// thinking), set on `asked` with the control it runs by. Nothing when the colour is not timed.
void setClock(ai::RefereeOptions& asked, const gtp::Engine& engine, Color color) {
  const std::optional<gtp::GameClock> clock = engine.clock(color);
  if (!clock) return;
  asked.clock = clock->left;
  asked.timeControl = clock->control;
}

// The lines of the candidates lz-analyze and kata-analyze show, as long as KataGo's default.
constexpr int kAnalysisLine = 15;
// An analysis stops growing here, whatever --engine is: the tree's float sums stay exact to about half a playout.
constexpr long kMostAnalysisPlayouts = 4'000'000;

// lz-analyze and kata-analyze: the built-in engine's search (one tree, one thread), seeded by --seed, unless a GTP
// engine behind lists them (its own are passed through, EngineOptions::relay).
class BuiltinAnalyzer final : public gtp::Analyzer {
 public:
  BuiltinAnalyzer(const Game& game, Color toMove, std::uint64_t seed)
      : m_search(game, toMove, engine::JudgmentOptions::forAnalysis(seed)) {}

  long search(long playouts, const std::function<bool()>& stop) override {
    const long left = kMostAnalysisPlayouts - m_search.playouts();
    if (left <= 0) return 0;
    return m_search.run(std::min(playouts, left), stop);
  }

  SearchReport report(int maxCandidates) const override { return m_search.report(maxCandidates, kAnalysisLine); }

 private:
  engine::AnalysisSearch m_search;
};

// genmove's hook, or with MovePurpose::Cleanup kgs-genmove_cleanup's: the referee's move from `source`. With `timed`
// it reads the mover's clock from the GTP engine it is handed to, which does not exist yet when the hook is made: it
// sees it through `session`, a pointer set right after the engine's construction and before any command is read. A
// transport failure is answered like any other failed move: the controller sees `? ai failed: ...` and the session
// stays up, so the next genmove can try again.
gtp::GenmoveHook refereedMove(ai::MoveSource& source, const gtp::Engine* const& session,
                              const ai::RefereeOptions& refereeOptions, ai::MovePurpose purpose, bool timed) {
  return [&source, &session, refereeOptions, purpose, timed](const Game& game, Color color,
                                                             const gtp::MoveProgress& progress) {
    ai::RefereeOptions asked = refereeOptions;
    asked.purpose = purpose;
    if (timed && session != nullptr) setClock(asked, *session, color);
    asked.interrupt = progress.interrupt;
    // genmove_analyze: the built-in source reports its search while it thinks; the others do not.
    if (progress.report) {
      asked.progress.report = progress.report;
      asked.progress.interval = progress.interval;
    }
    const ai::RefereeOutcome outcome = ai::requestMove(source, game, color, asked);
    if (outcome.move) return gtp::GenmoveReply{outcome.move, {}};
    return gtp::GenmoveReply{std::nullopt, failureSummary(outcome)};
  };
}

}  // namespace

std::string failureSummary(const ai::RefereeOutcome& outcome) {
  std::string out = outcome.error.empty() ? "no move" : outcome.error;
  // The referee's error lists the attempts of a move the rules refused; a transport error names only the failure,
  // so the attempts rejected before it are added here.
  if (outcome.end != ai::MoveEnd::Unreachable) return out;
  for (const ai::Attempt& attempt : outcome.attempts) {
    out += "; " + ai::attemptLine(attempt);
  }
  return out;
}

CLI::App* addGtpCommand(CLI::App& app, GtpOptions* options) {
  CLI::App* gtp = app.add_subcommand("gtp", "Be a GTP v2 engine on stdin/stdout; genmove goes through the referee");
  gtp->add_option("--engine", options->engine, "ENGINE spec the moves come from: " + std::string(sources::kEngineKinds))
      ->type_name("ENGINE")
      ->capture_default_str();
  gtp->add_option("--size", options->size, "Board size of the first game, 2..25 (boardsize changes it)")
      ->capture_default_str();
  gtp->add_option("--komi", options->komi, "Komi (default: the rule set's; the komi command changes it)");
  gtp->add_option("--rules", options->rules, "Rule set: " + knownRuleNames())->type_name("NAME")->capture_default_str();
  gtp->add_option("--seed", options->seed, "Seed of the engine's randomness")
      ->check(notNegative())
      ->capture_default_str();
  gtp->add_option("--override-version", options->overrideVersion,
                  "Answer `version` with V instead of tengen's version (for Lizzie: docs/gtp.md)")
      ->type_name("V");
  addModelOptions(*gtp, &options->model, &options->timeoutSeconds);
  addRefereeOptions(*gtp, &options->referee);
  gtp->footer("Commands and their answers: docs/gtp.md. A failed AI move is answered `? ai failed: ...`.");
  return gtp;
}

int runGtp(const GtpOptions& options, std::istream& in, std::ostream& out, std::ostream& err) {
  const Result<GameConfig> config = validate(options);
  if (!config) {
    err << "tengen gtp: " << config.error() << '\n';
    return kExitUsage;
  }
  sources::SourceOptions sourceOptions = sourceOptionsOf(options);
  if (const Status settled = settleModel("gtp", options.engine, sourceOptions, err); !settled) {
    err << "tengen gtp: " << settled.error() << '\n';
    return exitCodeOf(settled.errorKind());
  }
  Result<std::unique_ptr<ai::MoveSource>> made = sources::makeSource(options.engine, sourceOptions);
  if (!made) {
    err << "tengen gtp: " << made.error() << '\n';
    return exitCodeOf(made.errorKind());
  }
  const std::unique_ptr<ai::MoveSource> source = std::move(made.value());
  // Every failed genmove is logged before it is answered; the record's id is part of the answer.
  const ai::RefereeOptions refereeOptions =
      refereeOptionsOf(options.referee, sources::errorContextOf("gtp", options.engine, sourceOptions.model));

  gtp::EngineOptions engineOptions;
  engineOptions.name = "tengen";
  engineOptions.version = TENGEN_VERSION;
  engineOptions.versionAnswer = options.overrideVersion.value_or("");
  engineOptions.game = *config;
  // The hooks' view of the engine they are handed to (refereedMove).
  const gtp::Engine* session = nullptr;
  // The controller's clock times the built-in engine alone (docs/gtp.md): a GTP engine behind tengen gtp is told no
  // time, and models and tengen servers take none.
  const bool timed = sources::isBuiltinSpec(options.engine);
  engineOptions.genmove = refereedMove(*source, session, refereeOptions, ai::MovePurpose::Play, timed);
  engineOptions.genmoveCleanup = refereedMove(*source, session, refereeOptions, ai::MovePurpose::Cleanup, timed);
  // final_score and final_status_list: the count of a finished game, the built-in engine's estimate mid-game.
  engineOptions.judge = [](const Game& game) { return engine::judge(game); };
  engineOptions.analyze = [seed = options.seed](const Game& game, Color toMove) -> std::unique_ptr<gtp::Analyzer> {
    return std::make_unique<BuiltinAnalyzer>(game, toMove, seed);
  };
  // An engine behind that lists analysis commands answers them itself (docs/gtp.md).
  engineOptions.relay = sources::analysisRelayOf(*source);
  gtp::Engine engine(std::move(engineOptions));
  session = &engine;
  engine.run(in, out);
  return kExitOk;
}

}  // namespace tengen::cli
