// `tengen`: parses the command line and hands over to one subcommand; each lives in its own file.
#include <unistd.h>

#include <algorithm>
#include <exception>
#include <functional>
#include <iostream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "bench.h"
#include "check.h"
#include "cli_options.h"
#include "dataset_command.h"
#include "eval_command.h"
#include "genmove_command.h"
#include "gtp_command.h"
#include "match_command.h"
#include "play.h"
#include "score_command.h"
#include "serve_command.h"

namespace {

using tengen::cli::kExitOk;
using tengen::cli::kExitOther;
using tengen::cli::kExitUsage;

int run(int argc, char** argv) {
  CLI::App app{
      "tengen: a Go (baduk) system in which a person plays against an AI, every AI move checked by a rules "
      "referee.",
      "tengen"};
  app.set_version_flag("--version", "tengen " TENGEN_VERSION, "Print the version and exit");
  app.require_subcommand(1);
  tengen::cli::useReadableHelp(app);

  tengen::cli::PlayOptions playOptions;
  const CLI::App* play = tengen::cli::addPlayCommand(app, &playOptions);
  tengen::cli::BenchPlayoutsOptions benchOptions;
  const CLI::App* benchPlayouts = tengen::cli::addBenchCommand(app, &benchOptions);
  tengen::cli::CheckOptions checkOptions;
  const CLI::App* check = tengen::cli::addCheckCommand(app, &checkOptions);
  tengen::cli::GtpOptions gtpOptions;
  const CLI::App* gtp = tengen::cli::addGtpCommand(app, &gtpOptions);
  tengen::cli::GenmoveOptions genmoveOptions;
  const CLI::App* genmove = tengen::cli::addGenmoveCommand(app, &genmoveOptions);
  tengen::cli::MatchOptions matchOptions;
  const CLI::App* match = tengen::cli::addMatchCommand(app, &matchOptions);
  tengen::cli::ScoreOptions scoreOptions;
  const CLI::App* score = tengen::cli::addScoreCommand(app, &scoreOptions);
  tengen::cli::EvalOptions evalOptions;
  const tengen::cli::EvalCommands eval = tengen::cli::addEvalCommand(app, &evalOptions);
  tengen::cli::DatasetOptions datasetOptions;
  const tengen::cli::DatasetCommands dataset = tengen::cli::addDatasetCommand(app, &datasetOptions);
  tengen::cli::ServeOptions serveOptions;
  const CLI::App* serve = tengen::cli::addServeCommand(app, &serveOptions);

  // A mistyped subcommand would otherwise read as a missing one ("A subcommand is required").
  if (argc > 1 && argv[1][0] != '-') {
    std::vector<std::string> names;
    const CLI::App& all = app;
    for (const CLI::App* sub : all.get_subcommands(std::function<bool(const CLI::App*)>())) {
      names.push_back(sub->get_name());
    }
    const std::string word = argv[1];
    if (std::find(names.begin(), names.end(), word) == names.end()) {
      std::cerr << "tengen: unknown subcommand '" << word << "'";
      if (const std::string near = tengen::cli::nearestName(word, names); !near.empty()) {
        std::cerr << "; did you mean '" << near << "'?";
      }
      std::cerr << "\nRun tengen --help for the list.\n";
      return kExitUsage;
    }
  }

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help and --version arrive here too, with exit code 0; everything else is a usage error.
    return app.exit(e) == 0 ? kExitOk : kExitUsage;
  }

  if (play->parsed()) {
    const bool typed = isatty(STDIN_FILENO) != 0;
    const tengen::cli::PlayTerminal terminal{std::cin, std::cout, std::cerr, !typed, typed};
    return tengen::cli::runPlay(playOptions, terminal);
  }
  if (gtp->parsed()) return tengen::cli::runGtp(gtpOptions, std::cin, std::cout, std::cerr);
  if (genmove->parsed()) return tengen::cli::runGenmove(genmoveOptions, std::cout, std::cerr);
  if (match->parsed()) return tengen::cli::runMatch(matchOptions, std::cout, std::cerr);
  if (eval.compare->parsed()) return tengen::cli::runEvalCompare(evalOptions, std::cout, std::cerr);
  if (eval.eval->parsed()) return tengen::cli::runEval(evalOptions, std::cout, std::cerr, isatty(STDERR_FILENO) != 0);
  if (dataset.sft->parsed()) {
    return tengen::cli::runDatasetSft(datasetOptions, std::cout, std::cerr, isatty(STDERR_FILENO) != 0);
  }
  if (dataset.dpo->parsed()) {
    return tengen::cli::runDatasetDpo(datasetOptions, std::cout, std::cerr, isatty(STDERR_FILENO) != 0);
  }
  if (serve->parsed()) return tengen::cli::runServe(serveOptions, std::cout, std::cerr);
  if (check->parsed()) return tengen::cli::runCheck(checkOptions, std::cout, std::cerr);
  if (score->parsed()) return tengen::cli::runScore(scoreOptions, std::cout, std::cerr);
  if (benchPlayouts->parsed()) {
    return tengen::cli::runBenchPlayouts(benchOptions, std::cout, std::cerr, isatty(STDERR_FILENO) != 0);
  }
  return kExitUsage;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "tengen: " << e.what() << '\n';
  } catch (...) {
    std::cerr << "tengen: unexpected error\n";
  }
  return kExitOther;
}
