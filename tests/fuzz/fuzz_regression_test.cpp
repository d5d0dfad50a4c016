// Replays every fuzz target's seed corpus and every input that once made a target fail, with the ordinary build:
// a crash found once stays fixed.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "targets.h"

namespace tengen::fuzz {
namespace {

using Target = int (*)(const std::uint8_t*, std::size_t);

std::vector<std::filesystem::path> inputsOf(const std::string& target) {
  std::vector<std::filesystem::path> files;
  for (const char* root : {TENGEN_FUZZ_CORPUS_DIR, TENGEN_FUZZ_REGRESSION_DIR}) {
    const std::filesystem::path dir = std::filesystem::path(root) / target;
    if (!std::filesystem::is_directory(dir)) continue;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
      if (entry.is_regular_file()) files.push_back(entry.path());
    }
  }
  return files;
}

void replayAll(const std::string& name, Target target) {
  const std::vector<std::filesystem::path> files = inputsOf(name);
  ASSERT_FALSE(files.empty()) << "no inputs for " << name;
  for (const auto& path : files) {
    std::ifstream in(path, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    SCOPED_TRACE(path.string());
    EXPECT_EQ(target(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()), 0);
  }
}

TEST(FuzzRegressionTest, CoordinateInputsReplayCleanly) { replayAll("coordinates", &coordinates); }
TEST(FuzzRegressionTest, SgfInputsReplayCleanly) { replayAll("sgf", &sgf); }
TEST(FuzzRegressionTest, GtpInputsReplayCleanly) { replayAll("gtp", &gtp); }

}  // namespace
}  // namespace tengen::fuzz
