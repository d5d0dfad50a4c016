#include "tengen/ai/error_log.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <string>
#include <variant>

#include "tengen/ai/attempt_json.h"
#include "tengen/ai/referee.h"
#include "tengen/core/board.h"
#include "tengen/core/coords.h"
#include "tengen/core/sha256.h"
#include "tengen/core/text.h"
#include "tengen/io/atomic_file.h"
#include "tengen/json/json.h"
#include "tengen/sgf/sgf.h"

namespace tengen::ai {

namespace {

using json::JsonValue;

// UTC as ISO-8601 with milliseconds ("2026-11-30T10:17:58.123Z") and the id's compact form ("20261130T101758Z").
struct Stamp {
  std::string iso;
  std::string compact;
};

Stamp now() {
  const auto t = std::chrono::system_clock::now();
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(t.time_since_epoch()).count() % 1000;
  const std::time_t secs = std::chrono::system_clock::to_time_t(t);
  std::tm utc{};
  gmtime_r(&secs, &utc);
  char iso[40];
  char compact[24];
  std::strftime(compact, sizeof compact, "%Y%m%dT%H%M%SZ", &utc);
  std::strftime(iso, sizeof iso, "%Y-%m-%dT%H:%M:%S", &utc);
  char millis[8];
  std::snprintf(millis, sizeof millis, ".%03dZ", static_cast<int>(ms));
  return {std::string(iso) + millis, compact};
}

JsonValue stringOrNull(const std::string& s) { return s.empty() ? JsonValue(nullptr) : JsonValue(s); }

JsonValue boardRows(const Game& game) {
  JsonValue::Array rows;
  const std::string ascii = game.board().toAscii();
  std::size_t start = 0;
  while (start < ascii.size()) {
    std::size_t end = ascii.find('\n', start);
    if (end == std::string::npos) end = ascii.size();
    rows.emplace_back(ascii.substr(start, end - start));
    start = end + 1;
  }
  return rows;
}

std::string errnoText(const std::string& what, const std::string& path) {
  return what + " " + path + ": " + std::strerror(errno);
}

// Appends the whole line with one write() (O_APPEND makes each write land at the end as one piece, so concurrent
// writers never interleave inside a line), then fsyncs.
Status appendLine(const std::string& path, const std::string& line) {
  bool created = true;
  int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0 && errno == EEXIST) {
    created = false;
    fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  }
  if (fd < 0) return Status::failure(errnoText("cannot open error log", path), ErrorKind::Failed);
  std::size_t done = 0;
  while (done < line.size()) {
    const ssize_t n = ::write(fd, line.data() + done, line.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      const std::string why = errnoText("cannot write error log", path);
      ::close(fd);
      return Status::failure(why, ErrorKind::Failed);
    }
    done += static_cast<std::size_t>(n);
  }
  if (::fsync(fd) != 0) {
    const std::string why = errnoText("cannot flush error log", path);
    ::close(fd);
    return Status::failure(why, ErrorKind::Failed);
  }
  if (::close(fd) != 0 && errno != EINTR)
    return Status::failure(errnoText("cannot close error log", path), ErrorKind::Failed);
  // The directory entry of a new file must reach the disk too, or a crash could lose the whole file.
  if (created) io::syncParentDirectory(path);
  return Done{};
}

}  // namespace

Result<std::string> ErrorLog::append(const Game& game, Color color, const RefereeOutcome& outcome,
                                     const JsonValue::Object& extra) const {
  const ErrorContext& context = m_context;
  const Stamp stamp = now();
  JsonValue::Array attempts;
  for (const Attempt& a : outcome.attempts) attempts.push_back(loggedAttemptJson(a));
  // Only the fields docs/error-log.md lists: no request headers, no environment, so no key or token can get in.
  JsonValue::Object fields{
      {"time", stamp.iso},
      {"source", context.source},
      {"engine", displayUrl(context.engine)},
      {"model", stringOrNull(context.model)},
      {"coords", stringOrNull(context.coords)},
      {"size", game.size()},
      {"komi", game.komi()},
      {"rules", std::string(game.ruleSet().name)},
      {"color", std::string(colorLetter(color))},
      {"move_number", game.moveCount() + 1},
      {"sgf", sgf::writeGame(game)},
      {"board", boardRows(game)},
      {"attempts", std::move(attempts)},
      {"error", outcome.error},
  };
  fields.insert(fields.end(), extra.begin(), extra.end());
  // The id hashes the record without it, so it is reproducible from the line and differs for any other content.
  const std::string digest = sha256Hex(json::toJson(JsonValue(fields)));
  const std::string id = stamp.compact + "-" + digest.substr(0, 12);
  fields.insert(fields.begin(), {"id", id});
  const std::string line = json::toJson(JsonValue(std::move(fields))) + "\n";
  const Status written = appendLine(m_path, line);
  if (!written) return Result<std::string>::failure(written);
  return id;
}

}  // namespace tengen::ai
