#include "tengen/io/atomic_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <system_error>

namespace tengen::io {

namespace {

Status failure(const std::string& file, int error) {
  return Status::failure(file + ": " + std::generic_category().message(error), ErrorKind::Failed);
}

}  // namespace

Result<AtomicFile> AtomicFile::open(const std::string& path) {
  std::string temp = path + ".tmp.XXXXXX";
  const int fd = ::mkostemp(temp.data(), O_CLOEXEC);
  if (fd < 0) return Result<AtomicFile>::failure(failure(path, errno));
  // mkostemp makes the file private; the file keeps the mode it had, or gets the one a plain create would give.
  struct stat existing {};
  mode_t mode = 0;
  if (::stat(path.c_str(), &existing) == 0) {
    mode = existing.st_mode & 07777;
  } else {
    const mode_t mask = ::umask(0);
    ::umask(mask);
    mode = 0666 & ~mask;
  }
  ::fchmod(fd, mode);
  return AtomicFile(path, std::move(temp), fd);
}

AtomicFile::AtomicFile(AtomicFile&& other) noexcept
    : m_path(std::move(other.m_path)), m_temp(std::move(other.m_temp)), m_fd(other.m_fd), m_error(other.m_error) {
  other.m_fd = -1;
}

AtomicFile::~AtomicFile() { abandon(); }

void AtomicFile::abandon() {
  if (m_fd < 0) return;
  ::close(m_fd);
  ::unlink(m_temp.c_str());
  m_fd = -1;
}

void AtomicFile::write(std::string_view bytes) {
  if (m_fd < 0 || m_error != 0) return;
  std::size_t written = 0;
  while (written < bytes.size()) {
    const ssize_t n = ::write(m_fd, bytes.data() + written, bytes.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      m_error = n < 0 ? errno : EIO;
      return;
    }
    written += static_cast<std::size_t>(n);
  }
}

Status AtomicFile::commit() {
  if (m_fd < 0) return Status::failure(m_path + ": already written", ErrorKind::Failed);
  int error = m_error;
  if (error == 0 && ::fsync(m_fd) != 0) error = errno;
  if (::close(m_fd) != 0 && error == 0) error = errno;
  m_fd = -1;
  if (error == 0 && std::rename(m_temp.c_str(), m_path.c_str()) != 0) error = errno;
  if (error != 0) {
    ::unlink(m_temp.c_str());
    return failure(m_path, error);
  }
  syncParentDirectory(m_path);
  return Done{};
}

Status writeFileAtomically(const std::string& path, std::string_view contents) {
  Result<AtomicFile> file = AtomicFile::open(path);
  if (!file) return Status::failure(file);
  AtomicFile& out = file.value();
  out.write(contents);
  return out.commit();
}

void syncParentDirectory(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  const std::string dir = slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

}  // namespace tengen::io
