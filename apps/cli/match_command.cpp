#include "match_command.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cassert>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <ostream>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

#include "tengen/ai/error_log.h"
#include "tengen/ai/move_source.h"
#include "tengen/ai/referee.h"
#include "tengen/ai/rejection_counts.h"
#include "tengen/core/analysis.h"
#include "tengen/core/game.h"
#include "tengen/core/result.h"
#include "tengen/core/rules.h"
#include "tengen/core/text.h"
#include "tengen/core/types.h"
#include "tengen/engine/judgment.h"
#include "tengen/io/atomic_file.h"
#include "tengen/json/json.h"
#include "tengen/session/players.h"
#include "tengen/sgf/sgf.h"
#include "tengen/sources/make_source.h"

#include "cli_options.h"

namespace tengen::cli {

namespace {

constexpr int kMaxGames = 100000;
constexpr int kMaxJobs = 64;

// What one game came to; filled by the thread that played it.
struct GameReport {
  int index = 0;  // 0-based
  std::string black;
  std::string white;
  sources::ModelOptions blackModel;  // what an openai: side asks
  sources::ModelOptions whiteModel;
  std::string result;  // SGF RE ("B+3.5", "W+R", "0"), "" when the game failed
  int moves = 0;
  std::string failed;  // why the game failed, "" when it did not
  std::string sgfPath;
  std::string sgfError;  // why the SGF could not be written
  int requests = 0;      // requestMove calls
  int attempts = 0;
  ai::RejectionCounts rejections;
};

// "attempt 1: Q16 rejected (stone already there)", one line per rejected attempt of a move, for the SGF comment.
std::string rejectedAttemptsComment(const ai::RefereeOutcome& outcome) {
  std::string comment;
  for (const ai::Attempt& a : outcome.attempts) {
    if (a.accepted()) continue;
    if (!comment.empty()) comment += '\n';
    comment += ai::attemptLine(a);
  }
  return comment;
}

// The model each engine of the match asks for (settled once before the first game), by --black and --white.
struct SideModels {
  sources::ModelOptions first;   // --black's, which plays White in the odd games
  sources::ModelOptions second;  // --white's
};

class MatchRunner {
 public:
  MatchRunner(const MatchOptions& options, const GameConfig& config, SideModels models, std::ostream& err)
      : m_options(options),
        m_config(config),
        m_models(std::move(models)),
        m_err(err),
        m_reports(static_cast<std::size_t>(options.games)) {}

  // Plays every game on options.jobs threads, each thread taking the next game not yet started.
  std::vector<GameReport> run() {
    const int threads = std::min(m_options.jobs, m_options.games);
    std::vector<std::thread> workers;
    workers.reserve(static_cast<std::size_t>(threads));
    for (int t = 0; t < threads; ++t) {
      workers.emplace_back([this] {
        for (int i = m_next++; i < m_options.games; i = m_next++) {
          GameReport report = playGame(i);
          const std::lock_guard<std::mutex> lock(m_mutex);
          printProgress(report);
          m_reports[static_cast<std::size_t>(i)] = std::move(report);
        }
      });
    }
    for (std::thread& w : workers) w.join();
    return std::move(m_reports);
  }

 private:
  GameReport playGame(int index) {
    GameReport report;
    report.index = index;
    // Odd games swap the specs so that each engine plays both colours.
    const bool swapped = index % 2 == 1;
    const std::string& blackSpec = swapped ? m_options.white : m_options.black;
    const std::string& whiteSpec = swapped ? m_options.black : m_options.white;
    report.black = displayUrl(blackSpec);
    report.white = displayUrl(whiteSpec);
    report.blackModel = swapped ? m_models.second : m_models.first;
    report.whiteModel = swapped ? m_models.first : m_models.second;

    // Fresh sources per game, seeded by the game's index, keep games independent of each other and of --jobs.
    sources::SourceOptions sourceOptions = sourceOptionsOf(m_options, static_cast<std::uint64_t>(index));
    sourceOptions.model = report.blackModel;
    Result<std::unique_ptr<ai::MoveSource>> blackSource = sources::makeSource(blackSpec, sourceOptions);
    if (!blackSource) {
      report.failed = report.black + ": " + blackSource.error();
      return report;
    }
    sourceOptions.model = report.whiteModel;
    Result<std::unique_ptr<ai::MoveSource>> whiteSource = sources::makeSource(whiteSpec, sourceOptions);
    if (!whiteSource) {
      report.failed = report.white + ": " + whiteSource.error();
      return report;
    }
    Game game(m_config);
    Record record;
    playMoves(game, *blackSource.value(), *whiteSource.value(), report, record);
    report.moves = game.moveCount();
    if (report.failed.empty()) report.result = resultOf(game);
    writeRecord(game, record, report);
    return report;
  }

  // The SGF comments of a game: one per move, and the root's when the game failed.
  struct Record {
    std::vector<std::string> comments;
    std::string rootComment;
  };

  // Asks each side in turn through its referee until the game ends, an AI fails, or the move cap is reached.
  void playMoves(Game& game, ai::MoveSource& black, ai::MoveSource& white, GameReport& report, Record& record) {
    const ai::RefereeOptions blackReferee =
        refereeOptionsOf(m_options.referee, sources::errorContextOf("match", report.black, report.blackModel));
    const ai::RefereeOptions whiteReferee =
        refereeOptionsOf(m_options.referee, sources::errorContextOf("match", report.white, report.whiteModel));
    // A cap on the game's length so that two engines that never pass still end; such a game is scored as it is.
    const int maxMoves = 3 * m_config.size * m_config.size;
    while (game.phase() == Phase::Playing && game.moveCount() < maxMoves) {
      const Color color = game.toMove();
      const bool blackToMove = color == Color::Black;
      const ai::RefereeOutcome outcome =
          ai::requestMove(blackToMove ? black : white, game, color, blackToMove ? blackReferee : whiteReferee);
      ++report.requests;
      report.attempts += static_cast<int>(outcome.attempts.size());
      report.rejections.add(outcome.attempts);
      if (!outcome.move) {
        report.failed =
            (blackToMove ? report.black : report.white) + " as " + std::string(colorName(color)) + ": " + outcome.error;
        record.rootComment = "failed at move " + std::to_string(game.moveCount() + 1) + ": " + outcome.error;
        if (const std::string tried = rejectedAttemptsComment(outcome); !tried.empty()) {
          record.rootComment += "\n" + tried;
        }
        return;
      }
      // The referee accepted the move for this game, so the rules cannot refuse it here.
      [[maybe_unused]] const RejectReason played = game.play(*outcome.move);
      assert(played == RejectReason::None);
      record.comments.push_back(rejectedAttemptsComment(outcome));
    }
  }

  // The result as SGF RE has it. Engines pass with dead stones still on the board (GNU Go does): the analysis every
  // result comes from takes them off before counting, as a person scoring the game would. A game cut off by the
  // move limit gets the built-in engine's estimate (or the count, when its board is closed).
  static std::string resultOf(Game& game) {
    if (game.phase() == Phase::Scoring) {
      game.finish(analyze(game).dead);
      return game.result();
    }
    if (game.phase() == Phase::Finished) return game.result();
    return engine::judge(game).score.result;
  }

  // Writes the game's SGF into --sgf-dir, when given.
  void writeRecord(const Game& game, const Record& record, GameReport& report) const {
    if (m_options.sgfDir.empty()) return;
    std::map<std::string, std::string> info{{"PB", report.black}, {"PW", report.white}};
    session::recordModel(info, Color::Black, report.black, report.blackModel.model);
    session::recordModel(info, Color::White, report.white, report.whiteModel.model);
    if (report.failed.empty()) {
      info["RE"] = report.result;
    } else {
      info["C"] = record.rootComment;
    }
    char name[32];
    std::snprintf(name, sizeof name, "game-%03d.sgf", report.index + 1);
    report.sgfPath = (std::filesystem::path(m_options.sgfDir) / name).string();
    report.sgfError = io::writeFileAtomically(report.sgfPath, sgf::writeGame(game, info, record.comments)).error();
  }

  // "game 3/20: B+12.5 (builtin as black) 134 moves"
  void printProgress(const GameReport& r) {
    m_err << "game " << r.index + 1 << '/' << m_options.games << ": ";
    if (!r.failed.empty()) {
      m_err << "failed (" << r.failed << ")";
    } else if (r.result.rfind("B+", 0) == 0) {
      m_err << r.result << " (" << r.black << " as black)";
    } else if (r.result.rfind("W+", 0) == 0) {
      m_err << r.result << " (" << r.white << " as white)";
    } else {
      m_err << r.result << " (draw)";
    }
    m_err << ' ' << r.moves << " moves\n";
    if (!r.sgfError.empty()) m_err << "tengen match: the SGF could not be written: " << r.sgfError << '\n';
    m_err.flush();
  }

  const MatchOptions& m_options;
  GameConfig m_config;
  SideModels m_models;
  std::ostream& m_err;
  std::vector<GameReport> m_reports;
  std::atomic<int> m_next{0};
  std::mutex m_mutex;
};

struct Totals {
  int blackWins = 0;
  int whiteWins = 0;
  int draws = 0;
  int failed = 0;
  int moves = 0;
  int requests = 0;
  int attempts = 0;
  ai::RejectionCounts rejections;
};

Totals addUp(const std::vector<GameReport>& reports) {
  Totals t;
  for (const GameReport& r : reports) {
    if (!r.failed.empty()) {
      ++t.failed;
    } else if (r.result.rfind("B+", 0) == 0) {
      ++t.blackWins;
    } else if (r.result.rfind("W+", 0) == 0) {
      ++t.whiteWins;
    } else {
      ++t.draws;
    }
    t.moves += r.moves;
    t.requests += r.requests;
    t.attempts += r.attempts;
    t.rejections.add(r.rejections);
  }
  return t;
}

std::string twoDecimals(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f", x);
  return text;
}

double attemptsPerMove(const Totals& t) { return t.requests == 0 ? 0.0 : static_cast<double>(t.attempts) / t.requests; }

std::string summaryLine(int games, const Totals& t) {
  std::ostringstream line;
  line << "games=" << games << " black_wins=" << t.blackWins << " white_wins=" << t.whiteWins << " draws=" << t.draws
       << " failed=" << t.failed << " moves=" << t.moves << " attempts_per_move=" << twoDecimals(attemptsPerMove(t))
       << " rejections=" << t.rejections.summary();
  return line.str();
}

json::JsonValue matchJson(const std::vector<GameReport>& reports, const Totals& t) {
  json::JsonValue::Array games;
  for (const GameReport& r : reports) {
    games.push_back(json::JsonValue::Object{
        {"index", r.index + 1},
        {"black", r.black},
        {"white", r.white},
        {"result", r.failed.empty() ? json::JsonValue(r.result) : json::JsonValue(nullptr)},
        {"moves", r.moves},
        {"failed", r.failed.empty() ? json::JsonValue(nullptr) : json::JsonValue(r.failed)},
        {"sgf", r.sgfPath.empty() || !r.sgfError.empty() ? json::JsonValue(nullptr) : json::JsonValue(r.sgfPath)},
        {"requests", r.requests},
        {"attempts", r.attempts},
        {"rejections", r.rejections.json()},
    });
  }
  return json::JsonValue::Object{
      {"games", static_cast<int>(reports.size())},
      {"black_wins", t.blackWins},
      {"white_wins", t.whiteWins},
      {"draws", t.draws},
      {"failed", t.failed},
      {"moves", t.moves},
      {"attempts_per_move", std::round(attemptsPerMove(t) * 100) / 100},
      {"rejections", t.rejections.json()},
      {"game_detail", std::move(games)},
  };
}

}  // namespace

CLI::App* addMatchCommand(CLI::App& app, MatchOptions* options) {
  CLI::App* cmd = app.add_subcommand("match", "Engine-against-engine games, both sides refereed");
  cmd->add_option("--black", options->black,
                  "ENGINE spec of Black in the first game: " + std::string(sources::kEngineKinds))
      ->type_name("ENGINE")
      ->required();
  cmd->add_option("--white", options->white, "ENGINE spec of White in the first game")->type_name("ENGINE")->required();
  cmd->add_option("--games", options->games, "Number of games (colours alternate), 1.." + std::to_string(kMaxGames))
      ->check(CLI::Range(1, kMaxGames))
      ->capture_default_str();
  cmd->add_option("--size", options->size, "Board size, 2..25")->check(CLI::Range(2, 25))->capture_default_str();
  cmd->add_option("--komi", options->komi, "Komi (default: the rule set's; 0.5 with a handicap)");
  cmd->add_option("--rules", options->rules, "Rule set: " + knownRuleNames())->type_name("NAME")->capture_default_str();
  cmd->add_option("--handicap", options->handicap, "Fixed handicap stones, 0 or 2..9")->capture_default_str();
  cmd->add_option("--seed", options->seed, "Seed of the engines' randomness; game i uses seed + i")
      ->check(notNegative())
      ->capture_default_str();
  cmd->add_option("--sgf-dir", options->sgfDir, "Directory for one SGF per game (created when missing)")
      ->type_name("DIR");
  cmd->add_option("--jobs", options->jobs,
                  "Games played at once, each on its own thread, 1.." + std::to_string(kMaxJobs))
      ->check(CLI::Range(1, kMaxJobs))
      ->capture_default_str();
  cmd->add_option("--json", options->jsonPath, "Also write the figures and per-game detail to this JSON file")
      ->type_name("FILE");
  addModelOptions(*cmd, &options->model, &options->timeoutSeconds);
  addRefereeOptions(*cmd, &options->referee);
  cmd->footer("Exit codes: 0 the match ran (failed games included), 2 bad options, 4 an engine could not be started.");
  return cmd;
}

int runMatch(const MatchOptions& options, std::ostream& out, std::ostream& err) {
  const auto fail = [&err](const std::string& why) {
    err << "tengen match: " << why << '\n';
    return kExitUsage;
  };
  const Result<Rules> rules = rulesNamed(options.rules);
  if (!rules) return fail(rules.error());
  if (options.komi && !std::isfinite(*options.komi)) return fail("--komi: must be a number");
  if (const std::string why = checkRefereeOptions(options.referee); !why.empty()) {
    return fail(why);
  }
  if (!(std::isfinite(options.timeoutSeconds) && options.timeoutSeconds > 0)) {
    return fail("--timeout: must be a positive number of seconds");
  }
  GameConfig config;
  config.size = options.size;
  config.rules = *rules;
  config.handicap = options.handicap;
  config.komi = options.komi.value_or(defaultKomi(*rules, options.handicap));
  const Result<GameConfig> valid = Game::validate(config);
  if (!valid) return fail(valid.error());

  // Every spec is tried once before any game starts, so a typo or a missing engine stops the match at once
  // instead of failing every game.
  // An openai: engine without --model asks the server which model it serves, once for the whole match.
  SideModels models;
  for (auto [spec, model] : {std::pair{&options.black, &models.first}, std::pair{&options.white, &models.second}}) {
    sources::SourceOptions probeOptions = sourceOptionsOf(options);
    if (const Status settled = settleModel("match", *spec, probeOptions, err); !settled) {
      err << "tengen match: " << settled.error() << '\n';
      return exitCodeOf(settled.errorKind());
    }
    *model = probeOptions.model;
    const Result<std::unique_ptr<ai::MoveSource>> probe = sources::makeSource(*spec, probeOptions);
    if (!probe) {
      err << "tengen match: " << displayUrl(*spec) << ": " << probe.error() << '\n';
      return exitCodeOf(probe.errorKind());
    }
  }

  if (!options.sgfDir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(options.sgfDir, ec);
    if (ec || !std::filesystem::is_directory(options.sgfDir)) {
      return fail("--sgf-dir " + options.sgfDir + ": " + (ec ? ec.message() : "not a directory"));
    }
  }

  MatchRunner runner(options, valid.value(), std::move(models), err);
  const std::vector<GameReport> reports = runner.run();
  const Totals totals = addUp(reports);
  if (!options.jsonPath.empty()) {
    const std::string why =
        io::writeFileAtomically(options.jsonPath, json::toPrettyJson(matchJson(reports, totals)) + "\n").error();
    if (!why.empty()) err << "tengen match: the JSON file could not be written: " << why << '\n';
  }
  out << summaryLine(options.games, totals) << '\n';
  return kExitOk;
}

}  // namespace tengen::cli
