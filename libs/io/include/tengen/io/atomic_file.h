// Writing a whole file so that a reader, a crash or a kill never sees half of it: the one way tengen writes game
// records, match reports and autosaves.
#pragma once

#include <string>
#include <string_view>

#include "tengen/core/result.h"

namespace tengen::io {

// Writes `contents` to a temporary file of this call's own beside `path` (PATH.tmp.XXXXXX), fsyncs it, gives it the
// mode `path` had (0666 less the umask for a new file), renames it over `path` and fsyncs the directory. On failure
// nothing at `path` has changed, the temporary is gone, and the result says why as "PATH: reason"
// (ErrorKind::Failed) (also when it
// was the temporary beside it that could not be made). Safe to call from several threads and
// processes for the same path: the last rename wins, and no one renames another's half-written temporary.
Status writeFileAtomically(const std::string& path, std::string_view contents);

// Fsyncs the directory that holds `path`, so that a file just created or renamed there survives a power cut.
// Best effort: a directory that cannot be opened is left as it is.
void syncParentDirectory(const std::string& path);

}  // namespace tengen::io
