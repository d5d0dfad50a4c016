// The engine's one table of keys: each key's default reads back as the default, each takes the values its words say
// and refuses the rest, the key list and the help come from it, and the presets differ where they say they do.
#include "tengen/engine/config.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace tengen::engine {
namespace {

// The options as every key writes them, one string: two options are the same configuration when these are.
std::string written(const EngineOptions& options) {
  std::string out;
  for (const ConfigKey& key : configKeys()) out += std::string(key.name) + "=" + key.get(options) + ",";
  return out;
}

TEST(EngineConfig, EveryKeyIsNamedOnceAndItsDefaultReadsBack) {
  std::set<std::string_view> names;
  const EngineOptions defaults;
  for (const ConfigKey& key : configKeys()) {
    EXPECT_TRUE(names.insert(key.name).second) << key.name;
    EXPECT_FALSE(key.wanted.empty()) << key.name;
    EXPECT_FALSE(key.help.empty()) << key.name;
    const std::string value = key.get(defaults);
    if (value == "none") continue;  // no time limit: no value a spec may give
    const Result<EngineOptions> parsed = parseConfig(std::string(key.name) + "=" + value);
    ASSERT_TRUE(parsed) << parsed.error();
    EXPECT_EQ(written(*parsed), written(defaults)) << key.name << "=" << value;
  }
  EXPECT_EQ(names.size(), configKeys().size());
}

TEST(EngineConfig, KeysTakeTheirValuesAndRefuseTheRestNamingWhatTheyWant) {
  const Result<EngineOptions> set = parseConfig("threads=4,crit=0.5,atari=100,net=0");
  ASSERT_TRUE(set) << set.error();
  EXPECT_EQ(set->threads, 4);
  EXPECT_DOUBLE_EQ(set->criticality, 0.5);
  EXPECT_EQ(set->playoutAtariRate, 100);
  EXPECT_FALSE(parseConfig("parallel=root")) << "root parallelism left the engine";
  EXPECT_FALSE(set->policyNet);
  for (const ConfigKey& key : configKeys()) {
    const Result<EngineOptions> bad = parseConfig(std::string(key.name) + "=x");
    ASSERT_FALSE(bad) << key.name;
    EXPECT_EQ(bad.error(), "bad value 'x' for " + std::string(key.name) + ": " + std::string(key.wanted));
  }
  const Result<EngineOptions> unknown = parseConfig("speed=3");
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.error(), "unknown option 'speed' " + configKeyList());
  EXPECT_FALSE(parseConfig("threads=65"));
  EXPECT_FALSE(parseConfig("resign=1"));
  EXPECT_TRUE(parseConfig("resign=0.99"));
}

TEST(EngineConfig, ATimeAloneIsTheOnlyLimit) {
  const Result<EngineOptions> time = parseConfig("time=2");
  ASSERT_TRUE(time);
  EXPECT_EQ(time->playouts, 0);
  const Result<EngineOptions> both = parseConfig("time=2,playouts=500");
  ASSERT_TRUE(both);
  EXPECT_EQ(both->playouts, 500);
}

TEST(EngineConfig, TheListAndTheHelpNameEveryKey) {
  const std::string list = configKeyList();
  const std::string help = configHelp();
  EXPECT_TRUE(list.starts_with("(keys: time, playouts,")) << list;
  for (const ConfigKey& key : configKeys()) {
    EXPECT_NE(list.find(std::string(key.name)), std::string::npos) << key.name;
    EXPECT_NE(help.find("  " + std::string(key.name) + " "), std::string::npos) << key.name;
  }
  EXPECT_NE(help.find("default 10000"), std::string::npos) << help;
}

TEST(EngineConfig, TheJudgmentPresetDiffersFromPlayWhereItSays) {
  const EngineOptions play = presets::play();
  const EngineOptions judgment = presets::judgment();
  EXPECT_EQ(written(play), written(EngineOptions{}));
  EXPECT_EQ(judgment.playoutAtariRate, 100);
  EXPECT_EQ(judgment.playoutLoneSelfAtari, 0);
  EXPECT_EQ(judgment.playoutKoRetake, 0);
  EXPECT_FALSE(judgment.playoutOwnShape);
  EXPECT_EQ(judgment.raveDistance, 1);
  EXPECT_EQ(judgment.criticality, 0);
  EXPECT_FALSE(judgment.netExploration);
  EXPECT_FALSE(judgment.policyNet);
  EXPECT_TRUE(judgment.moveModel);
  EXPECT_TRUE(judgment.playoutFights);
}

}  // namespace
}  // namespace tengen::engine
