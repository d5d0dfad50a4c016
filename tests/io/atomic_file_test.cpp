#include "tengen/io/atomic_file.h"

#include <dirent.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace tengen::io {
namespace {

class AtomicFile : public ::testing::Test {
 protected:
  void SetUp() override {
    char pattern[] = "/tmp/tengen-io-XXXXXX";
    ASSERT_NE(::mkdtemp(pattern), nullptr);
    m_dir = pattern;
  }
  void TearDown() override {
    for (const std::string& name : entries()) ::unlink((m_dir + "/" + name).c_str());
    ::rmdir(m_dir.c_str());
  }
  std::vector<std::string> entries() const {
    std::vector<std::string> names;
    if (DIR* d = ::opendir(m_dir.c_str())) {
      while (const dirent* e = ::readdir(d)) {
        const std::string name = e->d_name;
        if (name != "." && name != "..") names.push_back(name);
      }
      ::closedir(d);
    }
    return names;
  }
  static std::string read(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
  }
  std::string m_dir;
};

TEST_F(AtomicFile, WritesAndReplacesTheWholeFileLeavingNoTemporary) {
  const std::string path = m_dir + "/game.sgf";
  ASSERT_TRUE(writeFileAtomically(path, std::string(100000, 'x')).ok());
  ASSERT_TRUE(writeFileAtomically(path, "(;GM[1])").ok());
  EXPECT_EQ(read(path), "(;GM[1])");
  EXPECT_EQ(entries(), std::vector<std::string>{"game.sgf"});
}

TEST_F(AtomicFile, KeepsTheModeOfTheFileItReplaces) {
  const std::string path = m_dir + "/report.json";
  ASSERT_TRUE(writeFileAtomically(path, "{}").ok());
  ASSERT_EQ(::chmod(path.c_str(), 0640), 0);
  ASSERT_TRUE(writeFileAtomically(path, "[]").ok());
  struct stat st {};
  ASSERT_EQ(::stat(path.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0640u);
}

TEST_F(AtomicFile, AMissingDirectoryIsAnErrorNamingItAndChangesNothing) {
  const Status written = writeFileAtomically(m_dir + "/no/such/x.sgf", "x");
  ASSERT_FALSE(written.ok());
  EXPECT_EQ(written.error(), m_dir + "/no/such/x.sgf: No such file or directory");
  EXPECT_TRUE(entries().empty());
}

TEST_F(AtomicFile, RenamingOverADirectoryFailsAndRemovesTheTemporary) {
  const std::string path = m_dir + "/taken";
  ASSERT_EQ(::mkdir(path.c_str(), 0755), 0);
  const Status written = writeFileAtomically(path, "x");
  ASSERT_FALSE(written.ok());
  EXPECT_EQ(written.error().rfind(path + ": ", 0), 0u) << written.error();
  EXPECT_EQ(entries(), std::vector<std::string>{"taken"});
  ::rmdir(path.c_str());
}

TEST_F(AtomicFile, ConcurrentWritersLeaveOneWholeFile) {
  const std::string path = m_dir + "/shared.sgf";
  std::vector<std::thread> writers;
  for (int t = 0; t < 4; ++t) {
    writers.emplace_back([&path, t] {
      const std::string text(50000, static_cast<char>('a' + t));
      for (int i = 0; i < 20; ++i) EXPECT_TRUE(writeFileAtomically(path, text).ok());
    });
  }
  for (std::thread& w : writers) w.join();
  const std::string text = read(path);
  ASSERT_EQ(text.size(), 50000u);
  EXPECT_EQ(text.find_first_not_of(text[0]), std::string::npos) << "a mix of two writers' bytes";
  EXPECT_EQ(entries(), std::vector<std::string>{"shared.sgf"});
}

}  // namespace
}  // namespace tengen::io
