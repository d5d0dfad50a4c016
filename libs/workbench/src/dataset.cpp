#include "tengen/workbench/dataset.h"

#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <system_error>
#include <utility>

#include "tengen/ai/attempt_json.h"
#include "tengen/ai/error_log.h"
#include "tengen/ai/referee.h"
#include "tengen/core/coords.h"
#include "tengen/core/sha256.h"
#include "tengen/io/atomic_file.h"
#include "tengen/json/json.h"
#include "tengen/json/parse.h"
#include "tengen/sgf/sgf.h"
#include "tengen/sources/chat.h"
#include "tengen/sources/make_source.h"
#include "tengen/sources/model_request.h"
#include "tengen/sources/prompt.h"

namespace tengen::workbench {

namespace {

namespace fs = std::filesystem;
using json::JsonValue;

// The pictures of the rows: inline, or PNG files named by their hash, written once each.
class Pictures {
 public:
  static Result<Pictures> make(const DatasetOutput& output) {
    using R = Result<Pictures>;
    Pictures pictures;
    pictures.m_format = output.format;
    if (output.imagesDir.empty()) {
      if (output.format != DatasetFormat::OpenAi) {
        return R::failure("--images inline: only the openai format holds pictures inline; name a directory");
      }
      return pictures;
    }
    std::error_code ec;
    fs::create_directories(output.imagesDir, ec);
    if (ec || !fs::is_directory(output.imagesDir)) {
      return R::failure("--images " + output.imagesDir + ": cannot make the directory" +
                        (ec ? ": " + ec.message() : std::string()));
    }
    pictures.m_dir = output.imagesDir;
    const fs::path outDir = fs::absolute(fs::path(output.path)).parent_path().lexically_normal();
    pictures.m_relative = fs::absolute(fs::path(output.imagesDir)).lexically_normal().lexically_relative(outDir);
    if (pictures.m_relative.empty()) pictures.m_relative = fs::absolute(fs::path(output.imagesDir)).lexically_normal();
    return pictures;
  }

  // How the row shows this picture, and its path for the row's "images" list ("" when inline); writes the file
  // when it is not there yet.
  Result<sources::PictureForm> place(const std::string& png, const std::string& sha256, std::string* path) {
    using Kind = sources::PictureForm::Kind;
    path->clear();
    if (m_dir.empty()) return sources::PictureForm{Kind::DataUri, {}};
    const std::string name = sha256 + ".png";
    const fs::path file = fs::path(m_dir) / name;
    std::error_code ec;
    if (!fs::exists(file, ec)) {
      if (const Status written = io::writeFileAtomically(file.string(), png); !written) {
        return Result<sources::PictureForm>::failure(written);
      }
      ++m_written;
    }
    *path = (m_relative / name).generic_string();
    switch (m_format) {
      case DatasetFormat::OpenAi:
        return sources::PictureForm{Kind::Url, *path};
      case DatasetFormat::ShareGpt:
        return sources::PictureForm{Kind::Marker, "<image>"};
      case DatasetFormat::Trl:
        return sources::PictureForm{Kind::ImagePart, {}};
    }
    return sources::PictureForm{Kind::DataUri, {}};
  }

  long written() const { return m_written; }

 private:
  DatasetFormat m_format = DatasetFormat::OpenAi;
  std::string m_dir;
  fs::path m_relative;
  long m_written = 0;
};

std::string assistantTurn(const std::string& text) {
  return json::toJson(JsonValue::Object{{"role", "assistant"}, {"content", text}});
}

// "[a,b]" with one more element: "[a,b,turn]".
std::string withTurn(const std::string& messages, const std::string& turn) {
  return messages.substr(0, messages.size() - 1) + "," + turn + "]";
}

std::string imagesList(const std::string& path) {
  return path.empty() ? "[]" : json::toJson(JsonValue::Array{JsonValue(path)});
}

// A move as the model is asked to write it: "Q16" or "(3, 15)", or "pass".
std::string answerText(const Move& move, int size, sources::CoordFormat format) {
  return move.kind == MoveKind::Play ? sources::pointText(move.point, size, format) : gtpMove(move, size);
}

sources::ChatRequest chatOf(const sources::ModelTurn& turn) {
  sources::ChatRequest chat;
  chat.system = turn.system;
  chat.userText = turn.user;
  chat.png = turn.png;
  return chat;
}

// Where rows go: the output file, opened before any work so that a path that cannot be written fails at once, and
// its pictures.
struct Rows {
  Pictures pictures;
  io::AtomicFile file;
};

Result<Rows> openRows(const DatasetOutput& output) {
  Result<Pictures> pictures = Pictures::make(output);
  if (!pictures) return Result<Rows>::failure(pictures);
  Result<io::AtomicFile> file = io::AtomicFile::open(output.path);
  if (!file) return Result<Rows>::failure(file, "--out: ");
  return Rows{std::move(pictures).value(), std::move(file).value()};
}

// ---- dpo ----

// A logged game, replayed from its SGF.
Result<Game> loggedGame(const JsonValue& record) {
  using R = Result<Game>;
  const std::string* sgfText = json::findString(record, "sgf");
  if (sgfText == nullptr) return R::failure("the record has no sgf");
  const Result<sgf::Collection> collection = sgf::parse(*sgfText);
  if (!collection || collection->games().empty()) {
    return R::failure("its sgf cannot be read: " + (collection ? std::string("no game") : collection.error()));
  }
  const Result<sgf::GameRecord> read = sgf::readRecord(collection->games().front());
  if (!read) return R::failure("its sgf cannot be read: " + read.error());
  sgf::Replay replayed = sgf::replay(*read);
  if (!replayed.setupError.empty()) return R::failure("its sgf cannot be replayed: " + replayed.setupError);
  if (replayed.illegal) {
    return R::failure("its sgf cannot be replayed: " + sgf::describe(*replayed.illegal, read->config.size));
  }
  return std::move(replayed.game);
}

// The preferred move for one logged position, or why there is none.
class Preferred {
 public:
  static Result<Preferred> make(const DpoOptions& options) {
    Preferred p;
    if (options.preferred == "record") return p;
    sources::SourceOptions source = options.source;
    Result<std::unique_ptr<ai::MoveSource>> made = sources::makeSource(options.preferred, source);
    if (!made) return Result<Preferred>::failure(made, "--preferred: ");
    p.m_engine = std::move(made).value();
    return p;
  }

  Result<Move> move(const JsonValue& record, const Game& game, Color color) {
    using R = Result<Move>;
    if (!m_engine) {
      const std::string* text = json::findString(record, "record_move");
      if (text == nullptr) return R::failure("no record_move (only tengen eval logs name it; use --preferred ENGINE)");
      const Result<ParsedVertex> vertex = parseGtpVertex(*text, game.size());
      if (!vertex || vertex->kind == MoveKind::Resign) return R::failure("record_move " + *text + " is not a move");
      const Move move = vertex->kind == MoveKind::Pass ? Move::pass(color) : Move::play(color, vertex->point);
      if (const RejectReason why = game.check(move, Game::TurnRule::AnyColor); why != RejectReason::None) {
        return R::failure("record_move " + *text + " is not legal here (" + std::string(reasonCode(why)) + ")");
      }
      return move;
    }
    const ai::RefereeOutcome outcome =
        ai::requestMove(*m_engine, game, color, ai::RefereeOptions(ai::ErrorLog::none()));
    if (outcome.move) return *outcome.move;
    return R::failure(m_engine->describe() + " gave no move: " + outcome.error,
                      outcome.end == ai::MoveEnd::Unreachable ? ErrorKind::Unreachable : ErrorKind::NoLegalMove);
  }

 private:
  std::unique_ptr<ai::MoveSource> m_engine;  // none: the record's move
};

// The user's words of a logged prompt: the prompt is the system text, a blank line, the user's.
std::optional<std::string> userPart(const std::string& prompt, const std::string& system) {
  if (system.empty()) return prompt;
  const std::string head = system + "\n\n";
  if (prompt.compare(0, head.size(), head) != 0) return std::nullopt;
  return prompt.substr(head.size());
}

// Appended piece by piece: GCC 12 warns falsely (-Wrestrict) about "literal" + std::string temporaries.
std::string dpoRow(DatasetFormat format, const std::string& messages, const std::string& chosen,
                   const std::string& rejected, const std::string& picturePath) {
  const bool trl = format == DatasetFormat::Trl;
  std::string row = trl ? R"({"prompt":)" : R"({"input":{"messages":)";
  row += messages;
  row += trl ? R"(,"chosen":[)" : R"(},"preferred_output":[)";
  row += assistantTurn(chosen);
  row += trl ? R"(],"rejected":[)" : R"(],"non_preferred_output":[)";
  row += assistantTurn(rejected);
  row += ']';
  if (trl) {
    row += R"(,"images":)";
    row += imagesList(picturePath);
  }
  row += "}\n";
  return row;
}

// The preference pairs of an error log, record by record: each rejected model answer with the preferred move, the
// prompt it was given and its picture drawn again. What cannot be paired is skipped with where and why.
class DpoPairs {
 public:
  DpoPairs(const DpoOptions& options, Preferred& preferred, Rows& rows)
      : m_options(options), m_preferred(preferred), m_rows(rows) {}

  void skip(const std::string& where, const std::string& why) { m_summary.skipped.push_back(where + why); }

  // The pairs of one log record. A failure only when the run cannot go on: the preferred engine is unreachable or
  // a picture cannot be written.
  Status record(const JsonValue& record, const std::string& where) {
    ++m_summary.recordsRead;
    const std::string* colorText = json::findString(record, "color");
    if (colorText == nullptr || (*colorText != "B" && *colorText != "W")) return skipped(where, "no color B or W");
    const Color color = *colorText == "B" ? Color::Black : Color::White;
    const JsonValue* attemptsValue = json::findMember(record, "attempts");
    const auto* attempts = attemptsValue == nullptr ? nullptr : std::get_if<JsonValue::Array>(&attemptsValue->value);
    if (attempts == nullptr) return skipped(where, "no attempts");
    Result<Game> game = loggedGame(record);
    if (!game) return skipped(where, game.error());
    const std::string* coordsText = json::findString(record, "coords");
    Result<sources::ModelPrompter*> prompter = prompterFor(coordsText == nullptr ? "gtp" : *coordsText);
    if (!prompter) return skipped(where, prompter.error());

    std::optional<Result<Move>> good;  // asked once per record, when it has a pair to give
    for (const JsonValue& logged : *attempts) {
      const std::optional<ai::Attempt> attempt = ai::parseAttempt(logged);
      if (!attempt) {
        skip(where, "an attempt whose n, verdict or reason cannot be read");
        continue;
      }
      if (attempt->accepted()) continue;
      const std::string which = where + "attempt " + std::to_string(attempt->n) + ": ";
      if (attempt->cut) {
        // The log kept only the start of it: a pair would teach the model to avoid an answer it never gave.
        skip(which, "the answer is cut to its first " + std::to_string(attempt->answer.size()) + " of " +
                        std::to_string(attempt->cut->bytes) + " bytes in the log: a pair needs the whole answer");
        continue;
      }
      const std::optional<std::string> user = userText(*attempt, logged, which);
      if (!user) continue;
      if (!good) good = m_preferred.move(record, *game, color);
      if (!*good) {
        if (good->errorKind() == ErrorKind::Unreachable) return Status::failure(*good);
        skip(which, good->error());
        continue;
      }
      const std::string chosen = answerText(good->value(), game->size(), (*prompter)->format());
      if (const Status written = writePair(*attempt, *user, chosen, *game, **prompter); !written) return written;
    }
    return Done{};
  }

  Result<DatasetSummary> finish() {
    if (const Status committed = m_rows.file.commit(); !committed) return Result<DatasetSummary>::failure(committed);
    m_summary.picturesWritten = m_rows.pictures.written();
    return m_summary;
  }

 private:
  Status skipped(const std::string& where, const std::string& why) {
    skip(where, why);
    return Done{};
  }

  // One prompter per coordinate format, as the logged source had it: each draws the pictures its format draws.
  Result<sources::ModelPrompter*> prompterFor(const std::string& coords) {
    auto found = m_prompters.find(coords);
    if (found == m_prompters.end()) {
      const std::optional<sources::CoordFormat> format = sources::parseCoordFormat(coords);
      if (!format) return Result<sources::ModelPrompter*>::failure("coords " + coords + ": must be gtp or rowcol");
      sources::ModelOptions model;
      model.coords = *format;
      Result<sources::ModelPrompter> made = sources::ModelPrompter::make(model);
      if (!made) return Result<sources::ModelPrompter*>::failure("coords " + coords + ": " + made.error());
      found = m_prompters.emplace(coords, std::move(made).value()).first;
    }
    return &found->second;
  }

  // The user's part of the prompt a rejected answer was given; nothing (and a skip) when it is not a model's answer
  // or its prompt cannot be split.
  std::optional<std::string> userText(const ai::Attempt& attempt, const JsonValue& logged, const std::string& which) {
    if (attempt.prompt.empty()) {
      skip(which, "no prompt: not a model's answer");
      return std::nullopt;
    }
    if (json::findMember(logged, "system") == nullptr) {
      skip(which, "no system field: a log written before tengen kept it, whose prompt cannot be split");
      return std::nullopt;
    }
    std::optional<std::string> user = userPart(attempt.prompt, attempt.system);
    if (!user) skip(which, "the prompt does not start with its system text");
    return user;
  }

  // One row: the prompt as the model had it (the picture drawn again when it was sent one), the preferred answer
  // and the rejected one.
  Status writePair(const ai::Attempt& attempt, const std::string& user, const std::string& chosen, const Game& game,
                   sources::ModelPrompter& prompter) {
    sources::ChatRequest chat;
    chat.system = attempt.system;
    chat.userText = user;
    std::string picturePath;
    sources::PictureForm form;
    if (!attempt.imageSha256.empty()) {
      chat.png = prompter.picture(game);
      const std::string hash = sha256Hex(*chat.png);
      ++m_summary.picturesChecked;
      if (hash != attempt.imageSha256) ++m_summary.reRendered;
      Result<sources::PictureForm> placed = m_rows.pictures.place(*chat.png, hash, &picturePath);
      if (!placed) return Status::failure(placed);
      form = *placed;
    }
    m_rows.file.write(
        dpoRow(m_options.output.format, sources::chatMessagesJson(chat, form), chosen, attempt.answer, picturePath));
    ++m_summary.rows;
    if (m_options.progress) m_options.progress(static_cast<std::size_t>(m_summary.rows), 0);
    return Done{};
  }

  const DpoOptions& m_options;
  Preferred& m_preferred;
  Rows& m_rows;
  std::map<std::string, sources::ModelPrompter> m_prompters;
  DatasetSummary m_summary;
};

}  // namespace

std::optional<DatasetFormat> parseDatasetFormat(std::string_view name) {
  if (name == "openai") return DatasetFormat::OpenAi;
  if (name == "sharegpt") return DatasetFormat::ShareGpt;
  if (name == "trl") return DatasetFormat::Trl;
  return std::nullopt;
}

std::string defaultImagesDir(const std::string& outPath) {
  fs::path path(outPath);
  path.replace_extension();
  return path.string() + "-images";
}

Result<DatasetSummary> writeSft(const std::vector<Position>& positions, const SftOptions& options) {
  using R = Result<DatasetSummary>;
  if (options.output.format == DatasetFormat::Trl) {
    return R::failure("--format trl: is for preference pairs (dataset dpo); sft writes openai or sharegpt");
  }
  Result<sources::ModelPrompter> prompter = sources::ModelPrompter::make(options.model);
  if (!prompter) return R::failure(prompter);
  Result<Rows> rows = openRows(options.output);
  if (!rows) return R::failure(rows);
  Pictures& pictures = rows.value().pictures;
  io::AtomicFile& out = rows.value().file;

  DatasetSummary summary;
  std::string picturePath;
  for (const Position& position : positions) {
    const sources::ModelTurn turn = prompter.value().turn(position.game(), position.color(), {});
    sources::PictureForm form;
    if (turn.png) {
      Result<sources::PictureForm> placed = pictures.place(*turn.png, turn.pngSha256, &picturePath);
      if (!placed) return R::failure(placed);
      form = *placed;
    } else {
      picturePath.clear();
    }
    const std::string answer = answerText(position.recordMove, position.size(), prompter->format());
    const std::string messages = withTurn(sources::chatMessagesJson(chatOf(turn), form), assistantTurn(answer));
    std::string row = R"({"messages":)" + messages;
    if (options.output.format == DatasetFormat::ShareGpt) row += R"(,"images":)" + imagesList(picturePath);
    row += "}\n";
    out.write(row);
    ++summary.rows;
    if (options.progress) options.progress(static_cast<std::size_t>(summary.rows), positions.size());
  }
  if (const Status committed = out.commit(); !committed) return R::failure(committed);
  summary.picturesWritten = pictures.written();
  return summary;
}

Result<DatasetSummary> writeDpo(const DpoOptions& options) {
  using R = Result<DatasetSummary>;
  if (options.output.format == DatasetFormat::ShareGpt) {
    return R::failure("--format sharegpt: is for examples (dataset sft); dpo writes openai or trl");
  }
  std::ifstream log(options.errorLogPath, std::ios::binary);
  if (!log) return R::failure("--error-log " + options.errorLogPath + ": cannot be read");
  Result<Preferred> preferred = Preferred::make(options);
  if (!preferred) return R::failure(preferred);
  Result<Rows> rows = openRows(options.output);
  if (!rows) return R::failure(rows);
  DpoPairs pairs(options, preferred.value(), rows.value());

  json::JsonLimits limits;
  limits.maxBytes = std::size_t{256} << 20;
  int lineNumber = 0;
  for (std::string line; std::getline(log, line);) {
    ++lineNumber;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    const std::string where = options.errorLogPath + ":" + std::to_string(lineNumber) + ": ";
    const Result<JsonValue> parsed = json::parseJson(line, limits);
    if (!parsed) {
      pairs.skip(where, "not a JSON record: " + parsed.error());
      continue;
    }
    if (const Status read = pairs.record(*parsed, where); !read) return R::failure(read);
  }
  return pairs.finish();
}

}  // namespace tengen::workbench
