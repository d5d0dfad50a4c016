// A fresh directory per test, removed with everything in it afterwards.
#pragma once

#include <stdlib.h>

#include <filesystem>
#include <string>
#include <system_error>

namespace tengen::test_support {

class TempDir {
 public:
  // Made under the system's temporary directory as PREFIX-XXXXXX.
  explicit TempDir(const std::string& prefix) {
    std::string pattern = (std::filesystem::temp_directory_path() / (prefix + "-XXXXXX")).string();
    if (mkdtemp(pattern.data()) != nullptr) m_path = pattern;
  }
  ~TempDir() {
    std::error_code ignored;
    if (!m_path.empty()) std::filesystem::remove_all(m_path, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& path() const { return m_path; }

 private:
  std::filesystem::path m_path;
};

// A fresh path inside a directory made for this process and removed when it exits. Never a name built from the
// process id: ids come round again across the hundreds of test processes of one run, and a file left by an earlier
// process under the same name would be appended to.
inline std::string freshPath(const std::string& name) {
  static TempDir dir("tengen-test");
  static int counter = 0;
  return (dir.path() / (std::to_string(++counter) + "_" + name)).string();
}

}  // namespace tengen::test_support
