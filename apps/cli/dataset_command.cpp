#include "dataset_command.h"

#include <cmath>
#include <ostream>

#include <CLI/CLI.hpp>

#include "tengen/core/text.h"
#include "tengen/sources/make_source.h"
#include "tengen/workbench/dataset.h"
#include "tengen/workbench/positions.h"

#include "cli_options.h"

namespace tengen::cli {

namespace {

// "9,13,19" as sizes, or why not.
Result<std::vector<int>> parseSizes(const std::string& text) {
  using R = Result<std::vector<int>>;
  std::vector<int> sizes;
  if (trim(text).empty()) return sizes;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find(',', start);
    if (end == std::string::npos) end = text.size();
    const std::string item(trim(std::string_view(text).substr(start, end - start)));
    int size = 0;
    std::size_t used = 0;
    try {
      size = std::stoi(item, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (item.empty() || used != item.size() || size < 2 || size > 25) {
      return R::failure("--sizes " + text + ": '" + item + "' is not a board size (2..25)");
    }
    sizes.push_back(size);
    start = end + 1;
  }
  return sizes;
}

// The output's format and pictures, or why they do not go together.
Result<workbench::DatasetOutput> outputOf(const DatasetOptions& options) {
  using R = Result<workbench::DatasetOutput>;
  workbench::DatasetOutput output;
  if (options.out.empty()) return R::failure("--out is required: the JSONL file to write");
  output.path = options.out;
  const std::optional<workbench::DatasetFormat> format = workbench::parseDatasetFormat(options.format);
  if (!format) return R::failure("--format " + options.format + ": must be openai, sharegpt or trl");
  output.format = *format;
  const bool files = *format != workbench::DatasetFormat::OpenAi;
  if (options.images.empty()) {
    output.imagesDir = files ? workbench::defaultImagesDir(options.out) : std::string();
  } else if (options.images == "inline") {
    if (files) return R::failure("--images inline: the " + options.format + " format names picture files");
  } else {
    output.imagesDir = options.images;
  }
  return output;
}

std::string summaryLine(const workbench::DatasetSummary& summary, const workbench::DatasetOutput& output,
                        const char* what) {
  std::string line = "wrote " + std::to_string(summary.rows) + " " + what + " to " + output.path;
  if (!output.imagesDir.empty()) {
    line += " (" + std::to_string(summary.picturesWritten) + " new pictures in " + output.imagesDir + ")";
  }
  return line;
}

}  // namespace

DatasetCommands addDatasetCommand(CLI::App& app, DatasetOptions* options) {
  CLI::App* cmd = app.add_subcommand("dataset", "Write training data: sft examples from records, dpo pairs from a log");
  cmd->require_subcommand(1);
  cmd->footer("docs/model-loop.md");
  const auto addOutput = [options](CLI::App& sub, const std::string& other) {
    sub.add_option("--out", options->out, "The JSONL file written (atomically)")->type_name("FILE")->required();
    sub.add_option("--format", options->format, "Row layout: openai or " + other + " (docs/model-loop.md)")
        ->type_name("openai|" + other)
        ->check(CLI::IsMember({std::string("openai"), other}))
        ->capture_default_str();
    sub.add_option("--images", options->images,
                   "Pictures inline (data: URIs, openai only) or as PNG files in DIR (default: inline for openai, "
                   "else FILE without .jsonl + -images)")
        ->type_name("inline|DIR");
  };

  CLI::App* sft = cmd->add_subcommand("sft",
                                      "One chat example per position of real records, the record's move "
                                      "as the answer");
  sft->add_option("--sgf", options->sgf, "SGF files or directories (searched for *.sgf)")
      ->type_name("PATH...")
      ->required();
  CLI::Option* every = sft->add_option("--every", options->every, "Take every K-th move of each record, from move 1")
                           ->type_name("K")
                           ->check(CLI::Range(1, 100000))
                           ->capture_default_str();
  sft->add_option("--positions", options->positions, "Instead, this many positions drawn at random with --seed")
      ->check(CLI::Range(1, 100000000))
      ->excludes(every);
  sft->add_option("--seed", options->seed, "Seed of the --positions draw")->check(notNegative())->capture_default_str();
  sft->add_option("--sizes", options->sizes, "Only records of these board sizes, e.g. 9,19")->type_name("LIST");
  addOutput(*sft, "sharegpt");
  addPromptOptions(*sft, &options->model);
  sft->footer("Exit codes: 0 written, 2 bad input, 1 the output could not be written. docs/model-loop.md");

  CLI::App* dpo =
      cmd->add_subcommand("dpo", "One preference pair per rejected answer of an error log, against a legal move");
  dpo->add_option("--error-log", options->errorLog, "The error log (JSON Lines) the rejected answers come from")
      ->type_name("FILE")
      ->required();
  dpo->add_option("--preferred", options->preferred,
                  "The preferred move: 'record' (the record's move, in tengen eval logs) or an ENGINE spec: " +
                      std::string(sources::kEngineKinds))
      ->type_name("record|ENGINE")
      ->capture_default_str();
  dpo->add_option("--seed", options->seed, "Seed of the preferred engine")->check(notNegative())->capture_default_str();
  dpo->add_option("--timeout", options->timeoutSeconds, "Seconds one request to the preferred engine may take")
      ->capture_default_str();
  addOutput(*dpo, "trl");
  dpo->footer(
      "Exit codes: 0 written, 2 bad input, 4 the preferred engine could not be reached, 1 the output could not be "
      "written. docs/model-loop.md");
  return {sft, dpo};
}

int runDatasetSft(const DatasetOptions& options, std::ostream& out, std::ostream& err, bool progress) {
  const auto fail = [&err](const std::string& why, int code) {
    err << "tengen dataset sft: " << why << '\n';
    return code;
  };
  const Result<workbench::DatasetOutput> output = outputOf(options);
  if (!output) return fail(output.error(), kExitUsage);
  const Result<std::vector<int>> sizes = parseSizes(options.sizes);
  if (!sizes) return fail(sizes.error(), kExitUsage);
  workbench::Sampling sampling;
  sampling.every = options.every;
  sampling.count = options.positions;
  sampling.seed = options.seed;
  sampling.sizes = *sizes;
  const Result<workbench::PositionSet> set = workbench::collectPositions(options.sgf, sampling);
  if (!set) return fail(set.error(), kExitUsage);
  for (const std::string& skipped : set->skipped) err << "tengen dataset sft: skipped " << skipped << '\n';

  workbench::SftOptions sft;
  sft.model = options.model;
  sft.output = *output;
  if (progress) sft.progress = progressLine(err, "tengen dataset sft:", "examples");
  const Result<workbench::DatasetSummary> written = workbench::writeSft(set->positions, sft);
  if (!written) return fail(written.error(), exitCodeOf(written.errorKind()));
  out << summaryLine(*written, *output, "examples") << " from " << set->records << " records";
  if (!set->skipped.empty()) out << " (" << set->skipped.size() << " files skipped)";
  if (set->otherSizes > 0) out << " (" << set->otherSizes << " records of other sizes left out)";
  out << '\n';
  return kExitOk;
}

int runDatasetDpo(const DatasetOptions& options, std::ostream& out, std::ostream& err, bool progress) {
  const auto fail = [&err](const std::string& why, int code) {
    err << "tengen dataset dpo: " << why << '\n';
    return code;
  };
  const Result<workbench::DatasetOutput> output = outputOf(options);
  if (!output) return fail(output.error(), kExitUsage);
  if (!(std::isfinite(options.timeoutSeconds) && options.timeoutSeconds > 0)) {
    return fail("--timeout: must be a positive number of seconds", kExitUsage);
  }
  workbench::DpoOptions dpo;
  dpo.errorLogPath = options.errorLog;
  dpo.preferred = options.preferred;
  dpo.source = sourceOptionsOf(options);
  dpo.output = *output;
  if (progress) dpo.progress = progressLine(err, "tengen dataset dpo:", "pairs");
  const Result<workbench::DatasetSummary> written = workbench::writeDpo(dpo);
  if (!written) return fail(written.error(), exitCodeOf(written.errorKind()));
  if (progress && written->rows > 0) err << '\n';
  for (const std::string& skipped : written->skipped) err << "tengen dataset dpo: skipped " << skipped << '\n';
  out << summaryLine(*written, *output, "pairs") << " from " << written->recordsRead << " log records";
  if (written->picturesChecked > 0) {
    out << "; pictures drawn again: " << written->picturesChecked - written->reRendered << " match the log's hash, "
        << written->reRendered << " re-rendered";
    if (written->reRendered > 0) out << " (the renderer changed since the log was written)";
  }
  if (!written->skipped.empty()) out << "; " << written->skipped.size() << " skipped";
  out << '\n';
  return kExitOk;
}

}  // namespace tengen::cli
