// `tengen dataset sft` and `tengen dataset dpo`: training data from real records and from the error log
// (docs/model-loop.md).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "tengen/sources/make_source.h"

namespace CLI {
class App;
}

namespace tengen::cli {

// The command lines of both, as typed; the run functions validate them.
struct DatasetOptions {
  std::vector<std::string> sgf;  // sft: files or directories
  int every = 10;
  int positions = 0;  // sft: 0 takes every K-th move instead
  std::string sizes;  // sft: "9,13,19"; "" every size
  std::uint64_t seed = 1;
  std::string errorLog;               // dpo
  std::string preferred = "builtin";  // dpo: record or an ENGINE spec
  std::string out;
  std::string format = "openai";
  std::string images;  // "inline", a directory, or "" for the format's default
  sources::ModelOptions model;
  double timeoutSeconds = 60;
};

struct DatasetCommands {
  CLI::App* sft = nullptr;
  CLI::App* dpo = nullptr;
};

// Adds `dataset` with its `sft` and `dpo` subcommands to app, bound to *options.
DatasetCommands addDatasetCommand(CLI::App& app, DatasetOptions* options);

// Write the data and print what was written: exit 0, 2 for bad input (the message names the file, and the line of a
// log), 4 when the preferred engine cannot be reached, 1 when the output cannot be written. `progress` draws a
// progress line on err.
int runDatasetSft(const DatasetOptions& options, std::ostream& out, std::ostream& err, bool progress);
int runDatasetDpo(const DatasetOptions& options, std::ostream& out, std::ostream& err, bool progress);

}  // namespace tengen::cli
