#include "model/autosave.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <optional>
#include <string>

#include "tengen/io/atomic_file.h"

namespace tengen::qt {

QString writeFileAtomically(const QString& path, std::string_view contents) {
  const Status written = io::writeFileAtomically(QFile::encodeName(path).toStdString(), contents);
  return written ? QString() : QString::fromLocal8Bit(written.error().c_str());
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

QString Autosave::remove() const {
  if (m_path.isEmpty()) return {};
  QFile file(m_path);
  if (!file.exists() || file.remove()) return {};
  return file.errorString();
}

QString Autosave::setAside() const {
  if (m_path.isEmpty()) return {};
  const QString aside = m_path + QStringLiteral(".unreadable");
  QFile::remove(aside);
  return QFile::rename(m_path, aside) ? aside : QString();
}

}  // namespace tengen::qt
