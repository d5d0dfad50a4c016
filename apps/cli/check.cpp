#include "check.h"

#include <algorithm>
#include <ostream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "tengen/core/board.h"
#include "tengen/core/coords.h"
#include "tengen/core/game.h"
#include "tengen/core/rules.h"
#include "tengen/core/types.h"
#include "tengen/sgf/sgf.h"

#include "cli_options.h"
#include "records.h"

namespace tengen::cli {

namespace {

// The stones of one colour as GTP vertices, in the order GNU Go's `list_stones` gives them: row by row from the
// top (A19 before A18), left to right within a row.
std::string stoneList(const Board& board, Color color) {
  std::string out;
  for (int row = 0; row < board.size(); ++row) {
    for (int col = 0; col < board.size(); ++col) {
      if (board.at(Point{row, col}) != color) continue;
      out += ' ';
      out += gtpVertex({row, col}, board.size());
    }
  }
  return out;
}

// Checks one game tree; returns its exit code.
int checkTree(const std::string& label, sgf::NodeView root, const CheckOptions& options, std::optional<Rules> rules,
              std::ostream& out, std::ostream& err) {
  const Result<sgf::GameRecord> record = sgf::readRecord(root);
  if (!record) {
    err << label << ": " << record.error() << '\n';
    return kExitUsage;
  }
  const sgf::Replay replayed = sgf::replay(record.value(), rules);
  if (!replayed.setupError.empty()) {
    out << label << ": " << replayed.setupError << '\n';
    return kExitOther;
  }
  if (replayed.illegal) {
    out << label << ": " << sgf::describe(*replayed.illegal, replayed.game.size()) << '\n';
    return kExitOther;
  }
  out << label << ": ok " << replayed.game.moveCount() << " moves\n";
  if (options.final) {
    out << "black:" << stoneList(replayed.game.board(), Color::Black) << '\n';
    out << "white:" << stoneList(replayed.game.board(), Color::White) << '\n';
  }
  return kExitOk;
}

}  // namespace

CLI::App* addCheckCommand(CLI::App& app, CheckOptions* options) {
  CLI::App* check = app.add_subcommand(
      "check", "Replay SGF game records by the rules: prints `FILE: ok N moves` or `FILE: move K (W D4): REASON`");
  check->add_option("--rules", options->rules,
                    "Replay by this rule set instead of each record's RU (" + knownRuleNames() + ")");
  check->add_flag("--final", options->final,
                  "After each legal record, print its final stones (black: ..., white: ...)");
  check->add_option("files", options->files, "SGF files")->required();
  return check;
}

int runCheck(const CheckOptions& options, std::ostream& out, std::ostream& err) {
  const Result<std::optional<Rules>> rules = rulesOption(options.rules);
  if (!rules) {
    err << "tengen check: " << rules.error() << '\n';
    return kExitUsage;
  }
  int exitCode = kExitOk;
  forEachGameTree(
      options.files,
      [&](const std::string& label, sgf::NodeView root) {
        exitCode = std::max(exitCode, checkTree(label, root, options, *rules, out, err));
      },
      [&](const std::string&, const std::string& why) {
        err << why << '\n';
        exitCode = kExitUsage;
      });
  return exitCode;
}

}  // namespace tengen::cli
