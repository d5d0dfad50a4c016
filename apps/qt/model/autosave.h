// The game record rewritten after every move, so that a crash or a kill loses nothing: written atomically (a
// temporary file beside it, fsync, rename, fsync of the directory) and read back when the client starts.
#pragma once

#include <QString>
#include <optional>
#include <string>
#include <string_view>

namespace tengen::qt {

// Writes `contents` to `path` through a temporary of its own beside it (PATH.tmp.XXXXXX) so that the file is
// always either the old or the new whole record.
// Returns why it failed, or an empty string.
QString writeFileAtomically(const QString& path, std::string_view contents);

class Autosave {
 public:
  // An empty path turns autosaving off.
  explicit Autosave(QString path) : m_path(std::move(path)) {}

  // AppDataLocation/autosave.sgf (creating the directory).
  static QString defaultPath();

  const QString& path() const { return m_path; }
  // Replaces the saved record; why it failed or "".
  QString save(std::string_view sgf) const;
  // The saved record, if there is one.
  std::optional<std::string> load() const;
  // Deletes the saved record, so that the next start begins a new game; why it failed, or "" (also when there was
  // none).
  QString remove() const;
  // Moves a record that cannot be read to PATH.unreadable, so that the next save does not destroy what may still
  // be rescued by hand. Returns where it went, or "" when it could not be moved.
  QString setAside() const;

 private:
  QString m_path;
};

}  // namespace tengen::qt
