// The error log (docs/error-log.md): JSON Lines, one record per failed AI move, each appended with a single write
// and flushed to disk (fsync) before the failure is reported. No API key or token is ever written.
#pragma once

#include <string>
#include <string_view>
#include <utility>

#include "tengen/core/game.h"
#include "tengen/core/result.h"
#include "tengen/json/json.h"

namespace tengen::ai {

struct RefereeOutcome;

// The log's file name: in the working directory for the commands (--error-log's default), in the application's
// data directory for tengen-qt.
inline constexpr std::string_view kErrorLogFileName = "tengen-errors.jsonl";
inline std::string defaultErrorLogPath() { return "./" + std::string(kErrorLogFileName); }

// Where the failure happened and with what (sources::errorContextOf makes it from an ENGINE spec and its options).
struct ErrorContext {
  std::string source;  // "gtp" | "serve" | "genmove" | "play" | "match" | "qt"
  std::string engine;  // the ENGINE spec, as a person may see it (no credentials)
  std::string model;   // the model name, "" when none
  std::string coords;  // the model's coordinate format (--coords), "" when the source is not a model
};

// A log file and the context every record of it carries.
class ErrorLog {
 public:
  ErrorLog(std::string path, ErrorContext context) : m_path(std::move(path)), m_context(std::move(context)) {}

  // A log that writes nothing: for a person who turned logging off, and for tests. Saying so is the only way to
  // have a referee that does not log.
  static ErrorLog none() { return ErrorLog({}, {}); }

  bool enabled() const { return !m_path.empty(); }
  const std::string& path() const { return m_path; }
  const ErrorContext& context() const { return m_context; }

  // Appends one record for `outcome` (a failed move, or with --log-attempts an accepted one) for `color` in
  // `game` and returns its id. The record holds: id, time (UTC ISO-8601), source, engine, model, coords, size,
  // komi, rules, color, move_number, sgf, board (rows of the ASCII diagram), attempts (full prompt and its system
  // part, image sha256, answer, HTTP status, latency, tokens, parsed move, verdict, reason), error, then `extra`.
  // A failure to write is an error value. Precondition: enabled().
  Result<std::string> append(const Game& game, Color color, const RefereeOutcome& outcome,
                             const json::JsonValue::Object& extra = {}) const;

 private:
  std::string m_path;
  ErrorContext m_context;
};

}  // namespace tengen::ai
