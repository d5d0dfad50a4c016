#include "genmove_command.h"

#include <chrono>
#include <cmath>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <utility>

#include <CLI/CLI.hpp>

#include "tengen/ai/attempt_json.h"
#include "tengen/ai/error_log.h"
#include "tengen/ai/move_source.h"
#include "tengen/ai/referee.h"
#include "tengen/core/coords.h"
#include "tengen/core/game.h"
#include "tengen/core/result.h"
#include "tengen/core/rules.h"
#include "tengen/core/types.h"
#include "tengen/engine/config.h"
#include "tengen/json/json.h"
#include "tengen/sgf/sgf.h"
#include "tengen/sources/make_source.h"

#include "cli_options.h"
#include "records.h"

namespace tengen::cli {

namespace {

// The record's last position, or why there is none, naming the file and, for an illegal move, its number.
Result<Game> loadPosition(const std::string& path, std::optional<Rules> rules) {
  using R = Result<Game>;
  const Result<sgf::Collection> collection = sgf::parseFile(path);
  if (!collection) return R::failure(collection.error());  // names the path already
  if (collection->games().empty()) return R::failure(path + ": no game in the file");
  const Result<sgf::GameRecord> record = sgf::readRecord(collection->games().front());
  if (!record) return R::failure(path + ": " + record.error());
  sgf::Replay replayed = sgf::replay(record.value(), rules);
  if (!replayed.setupError.empty()) return R::failure(path + ": " + replayed.setupError);
  if (replayed.illegal) {
    return R::failure(path + ": " + sgf::describe(*replayed.illegal, replayed.game.size()));
  }
  return std::move(replayed.game);
}

}  // namespace

CLI::App* addGenmoveCommand(CLI::App& app, GenmoveOptions* options) {
  CLI::App* cmd = app.add_subcommand("genmove", "One refereed AI move for the last position of an SGF record");
  cmd->add_option("--sgf", options->sgfPath, "The game record")->type_name("FILE")->required();
  cmd->add_option("--color", options->color, "Colour to move, B or W (default: the side to move)")->type_name("B|W");
  cmd->add_option("--engine", options->engine, "ENGINE spec: " + std::string(sources::kEngineKinds))
      ->type_name("ENGINE")
      ->required();
  cmd->add_option("--rules", options->rules, "Rule set instead of the record's RU: " + knownRuleNames())
      ->type_name("NAME");
  cmd->add_flag("--json", options->json, "Print the move and its attempts as JSON");
  cmd->add_option("--seed", options->seed, "Seed of the engine's randomness")
      ->check(notNegative())
      ->capture_default_str();
  addModelOptions(*cmd, &options->model, &options->timeoutSeconds);
  addRefereeOptions(*cmd, &options->referee);
  cmd->footer("The built-in engine's keys (--engine builtin:KEY=VALUE,...; docs/engine.md):\n" +
              tengen::engine::configHelp(tengen::engine::presets::play()) +
              "\nExit codes: 0 a move, 2 bad input, 3 no legal move in the attempts (see the error log), 4 the engine "
              "or model could not be reached.");
  return cmd;
}

int runGenmove(const GenmoveOptions& options, std::ostream& out, std::ostream& err) {
  const auto fail = [&err](const std::string& why) {
    err << "tengen genmove: " << why << '\n';
    return kExitUsage;
  };
  const Result<std::optional<Rules>> rules = rulesOption(options.rules);
  if (!rules) return fail(rules.error());
  if (const std::string why = checkRefereeOptions(options.referee); !why.empty()) {
    return fail(why);
  }
  if (!(std::isfinite(options.timeoutSeconds) && options.timeoutSeconds > 0)) {
    return fail("--timeout: must be a positive number of seconds");
  }
  const Result<Game> loaded = loadPosition(options.sgfPath, *rules);
  if (!loaded) return fail(loaded.error());
  const Game& game = loaded.value();
  if (game.phase() != Phase::Playing) return fail(options.sgfPath + ": the game is over; there is no move to make");
  Color color = game.toMove();
  if (options.color) {
    const std::optional<Color> parsed = parseColor(*options.color);
    if (!parsed || !isPlayer(*parsed)) return fail("--color " + *options.color + ": must be B or W");
    color = *parsed;
  }

  sources::SourceOptions sourceOptions = sourceOptionsOf(options);
  if (const Status settled = settleModel("genmove", options.engine, sourceOptions, err); !settled) {
    err << "tengen genmove: " << settled.error() << '\n';
    return exitCodeOf(settled.errorKind());
  }
  Result<std::unique_ptr<ai::MoveSource>> made = sources::makeSource(options.engine, sourceOptions);
  if (!made) {
    err << "tengen genmove: " << made.error() << '\n';
    return exitCodeOf(made.errorKind());
  }
  const std::unique_ptr<ai::MoveSource> source = std::move(made).value();
  const ai::RefereeOptions refereeOptions =
      refereeOptionsOf(options.referee, sources::errorContextOf("genmove", options.engine, sourceOptions.model));

  const auto start = std::chrono::steady_clock::now();
  const ai::RefereeOutcome outcome = ai::requestMove(*source, game, color, refereeOptions);
  const long elapsedMs = static_cast<long>(
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count());

  // Stdout is the move alone; what the referee refused on the way goes to stderr.
  for (const ai::Attempt& attempt : outcome.attempts) {
    if (!attempt.accepted()) err << "tengen genmove: " << ai::attemptLine(attempt) << '\n';
  }
  if (options.json) {
    out << json::toJson(ai::outcomeJson(outcome, game.size(), color, elapsedMs)) << '\n';
  } else if (outcome.move) {
    out << gtpMove(*outcome.move, game.size()) << '\n';
  }
  if (outcome.move) {
    if (!outcome.logError.empty())
      err << "tengen genmove: the error log could not be written: " << outcome.logError << '\n';
  } else {
    err << "tengen genmove: no move for " << colorName(color) << ": " << outcome.error << '\n';
  }
  return exitCodeOf(outcome.end);
}

}  // namespace tengen::cli
