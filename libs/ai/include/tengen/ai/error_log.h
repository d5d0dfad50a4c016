// The error log (docs/error-log.md): JSON Lines, one record per failed AI move, each appended with a single write
// and flushed to disk (fsync) before the failure is reported. No API key or token is ever written.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "tengen/ai/referee.h"
#include "tengen/core/game.h"
#include "tengen/core/result.h"

namespace tengen::ai {

// Where the failure happened and with what.
struct ErrorContext {
  std::string source;  // "gtp" | "serve" | "genmove" | "play" | "match" | "qt"
  std::string engine;  // the ENGINE spec
  std::string model;   // the model name, "" when none
};

class ErrorLog {
 public:
  explicit ErrorLog(std::string path) : m_path(std::move(path)) {}
  const std::string& path() const { return m_path; }

  // Appends one record for `outcome` (a failed move, or with --log-attempts an accepted one) for `color` in
  // `game` and returns its id. The record holds: id, time (UTC ISO-8601), source, engine, model, size, komi,
  // rules, color, move_number, sgf, board (rows of the ASCII diagram), attempts (full prompt, image sha256,
  // answer, HTTP status, latency, parsed move, verdict, reason), error. A failure to write is an error value.
  Result<std::string> append(const ErrorContext& context, const Game& game, Color color, const RefereeOutcome& outcome);

 private:
  std::string m_path;
};

// Lower-case hex SHA-256 of the bytes.
std::string sha256Hex(const std::string& bytes);

}  // namespace tengen::ai
