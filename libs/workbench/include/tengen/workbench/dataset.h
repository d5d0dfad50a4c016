// tengen dataset (docs/model-loop.md): training data made of what tengen asks a model. `sft` turns positions of
// real records into chat examples, the very request the openai: source sends with the record's move as the answer;
// `dpo` turns every rejected answer of an error log into a preference pair against a legal move.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tengen/core/result.h"
#include "tengen/sources/make_source.h"
#include "tengen/workbench/positions.h"

namespace tengen::workbench {

enum class DatasetFormat : std::uint8_t {
  OpenAi,    // OpenAI chat fine-tuning (sft) or preference (dpo) JSONL, pictures as image_url parts
  ShareGpt,  // messages with an "<image>" placeholder and an "images" list of files (LLaMA-Factory, TRL)
  Trl,       // TRL's prompt / chosen / rejected with {"type": "image"} parts and an "images" list of files
};

// "openai", "sharegpt", "trl"; nothing for another word.
std::optional<DatasetFormat> parseDatasetFormat(std::string_view name);

// Where the JSONL goes and where its pictures do.
struct DatasetOutput {
  std::string path;  // the JSONL file, written atomically
  DatasetFormat format = DatasetFormat::OpenAi;
  // "" keeps pictures inline (data: URIs, openai only); else PNG files named by their SHA-256 in this directory,
  // made when missing, each named in the rows by its path relative to the JSONL's directory.
  std::string imagesDir;
};

// The directory pictures go to when a format needs files and none was named: beside the output, "train.jsonl" ->
// "train-images".
std::string defaultImagesDir(const std::string& outPath);

// What was written, for the summary line.
struct DatasetSummary {
  long rows = 0;
  long picturesWritten = 0;  // files new in the pictures directory
  long picturesChecked = 0;  // dpo: pictures drawn again from the log and checked against its hash
  long reRendered = 0;       // dpo: of those, the ones whose hash differs (the renderer changed since)
  long recordsRead = 0;      // dpo: error-log records read
  // What was left out, each "FILE:LINE: why" or "FILE: why", in input order: never dropped without a word.
  std::vector<std::string> skipped;
};

// Called after each row is made with (done, total); total is 0 when not known in advance.
using DatasetProgress = std::function<void(std::size_t done, std::size_t total)>;

struct SftOptions {
  sources::ModelOptions model;  // the prompt options: --coords, --image/--no-image, --prompt-template
  DatasetOutput output;
  DatasetProgress progress;
};

// One example per position: the `messages` the openai: source sends for it (system and user turn, same text,
// template, PNG bytes and coordinate format; byte for byte in the openai format with inline pictures) followed by
// an assistant turn holding the record's move in the asked format. The same inputs give the same bytes.
Result<DatasetSummary> writeSft(const std::vector<Position>& positions, const SftOptions& options);

struct DpoOptions {
  std::string errorLogPath;
  // "record": the record's move an `eval` log names (record_move); anything else is an ENGINE spec asked for a
  // legal move in each logged position (the built-in engine by default).
  std::string preferred = "builtin";
  sources::SourceOptions source;  // of the preferred engine
  DatasetOutput output;
  DatasetProgress progress;
};

// One pair per rejected answer of the log: the prompt as sent at that attempt (its logged text, the picture drawn
// again from the logged game and checked against the logged hash), the rejected answer, and the preferred legal
// move. An answer the log keeps only the start of (ai::Attempt::cut) makes no pair and is named in `skipped`. Fails
// with ErrorKind::Invalid when the log cannot be read at all, ErrorKind::Unreachable when the preferred engine cannot
// be started or reached.
Result<DatasetSummary> writeDpo(const DpoOptions& options);

}  // namespace tengen::workbench
