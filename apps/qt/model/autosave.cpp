#include "model/autosave.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <cerrno>
#include <cstdio>
#include <cstring>

namespace tengen::qt {

namespace {

QString errnoText(const QString& path) {
  return path + QStringLiteral(": ") + QString::fromLocal8Bit(std::strerror(errno));
}

// Makes the rename itself durable; without it a power cut can bring back the old directory entry.
void syncDirectory(const QString& dir) {
  const int fd = ::open(QFile::encodeName(dir).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

}  // namespace

QString writeFileAtomically(const QString& path, std::string_view contents) {
  // A temporary of this write's own: two clients saving to one autosave (or one record) must not write into each
  // other's temporary, or one could rename the other's half-written file into place.
  QByteArray tempName = QFile::encodeName(path + QStringLiteral(".tmp.XXXXXX"));
  const int fd = ::mkostemp(tempName.data(), O_CLOEXEC);
  const QString temp = QFile::decodeName(tempName);
  if (fd < 0) return errnoText(temp);
  // mkostemp makes the file private; the record gets the mode the file had, else the usual one.
  struct stat existing {};
  const mode_t mode = ::stat(QFile::encodeName(path).constData(), &existing) == 0 ? (existing.st_mode & 07777) : 0644;
  ::fchmod(fd, mode);
  QString error;
  std::size_t written = 0;
  while (written < contents.size()) {
    const ssize_t n = ::write(fd, contents.data() + written, contents.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      error = errnoText(temp);
      break;
    }
    written += static_cast<std::size_t>(n);
  }
  if (error.isEmpty() && ::fsync(fd) != 0) error = errnoText(temp);
  if (::close(fd) != 0 && error.isEmpty()) error = errnoText(temp);
  if (error.isEmpty() && std::rename(tempName.constData(), QFile::encodeName(path).constData()) != 0) {
    error = errnoText(path);
  }
  if (!error.isEmpty()) {
    ::unlink(tempName.constData());
    return error;
  }
  syncDirectory(QFileInfo(path).absolutePath());
  return {};
}

QString Autosave::defaultPath() {
  const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
  QDir().mkpath(dir);
  return dir + QStringLiteral("/autosave.sgf");
}

QString Autosave::save(std::string_view sgf) const {
  if (m_path.isEmpty()) return {};
  QDir().mkpath(QFileInfo(m_path).absolutePath());
  return writeFileAtomically(m_path, sgf);
}

std::optional<std::string> Autosave::load() const {
  if (m_path.isEmpty()) return std::nullopt;
  QFile file(m_path);
  if (!file.open(QIODevice::ReadOnly)) return std::nullopt;
  const QByteArray bytes = file.readAll();
  if (bytes.trimmed().isEmpty()) return std::nullopt;
  return bytes.toStdString();
}

QString Autosave::setAside() const {
  if (m_path.isEmpty()) return {};
  const QString aside = m_path + QStringLiteral(".unreadable");
  QFile::remove(aside);
  return QFile::rename(m_path, aside) ? aside : QString();
}

}  // namespace tengen::qt
