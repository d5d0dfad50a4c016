// Writing a whole file so that a reader, a crash or a kill never sees half of it: the one way tengen writes game
// records, match reports and autosaves.
#pragma once

#include <string>
#include <string_view>
#include <utility>

#include "tengen/core/result.h"

namespace tengen::io {

// Writes `contents` to a temporary file of this call's own beside `path` (PATH.tmp.XXXXXX), fsyncs it, gives it the
// mode `path` had (0666 less the umask for a new file), renames it over `path` and fsyncs the directory. On failure
// nothing at `path` has changed, the temporary is gone, and the result says why as "PATH: reason"
// (ErrorKind::Failed) (also when it
// was the temporary beside it that could not be made). Safe to call from several threads and
// processes for the same path: the last rename wins, and no one renames another's half-written temporary.
Status writeFileAtomically(const std::string& path, std::string_view contents);

// The same, written piece by piece, for files too large to hold whole (training data): open() makes the temporary,
// write() appends to it, commit() fsyncs and renames it over the path. Until commit() the path is untouched; a
// writer destroyed without committing (an error, an exception) removes its temporary.
class AtomicFile {
 public:
  static Result<AtomicFile> open(const std::string& path);
  AtomicFile(AtomicFile&& other) noexcept;
  AtomicFile& operator=(AtomicFile&&) = delete;
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;
  ~AtomicFile();

  // Appends; the first failure is kept and reported by commit().
  void write(std::string_view bytes);
  Status commit();

 private:
  AtomicFile(std::string path, std::string temp, int fd) : m_path(std::move(path)), m_temp(std::move(temp)), m_fd(fd) {}
  void abandon();

  std::string m_path;
  std::string m_temp;
  int m_fd = -1;
  int m_error = 0;
};

// Fsyncs the directory that holds `path`, so that a file just created or renamed there survives a power cut.
// Best effort: a directory that cannot be opened is left as it is.
void syncParentDirectory(const std::string& path);

}  // namespace tengen::io
