// Garbage in, a framed `? ...` out: random bytes, NULs, megabyte lines and random commands with random arguments
// never crash the engine, break the framing or leave the board inconsistent.
#include <gtest/gtest.h>

#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "tengen/gtp/engine.h"

#include "gtp_session.h"

namespace tengen::gtp {
namespace {

using testing::parseResponse;
using testing::testOptions;

void expectConsistent(const Engine& engine) {
  std::string why;
  EXPECT_TRUE(engine.game().board().checkInvariants(&why)) << why;
}

TEST(GtpGarbageTest, RandomBytesGetAFramedAnswerOrNone) {
  std::mt19937 rng(20240501);
  Engine engine(testOptions(9));
  for (int i = 0; i < 5000; ++i) {
    std::string line(rng() % 160, '\0');
    for (char& ch : line) ch = static_cast<char>(rng() & 0xFF);
    const std::string response = engine.answer(line);
    if (response.empty()) continue;
    const testing::Response r = parseResponse(response);
    if (!r.ok) {
      EXPECT_TRUE(r.text == "unknown command" || r.text == "syntax error") << r.text;
    }
  }
  expectConsistent(engine);
}

TEST(GtpGarbageTest, NulAndOtherControlBytesAreDropped) {
  Engine engine(testOptions(9));
  EXPECT_EQ(engine.answer(std::string("na\0me", 5)), "= tengen\n\n");
  EXPECT_EQ(engine.answer(std::string("\0\0\0", 3)), "");
  EXPECT_EQ(engine.answer(std::string("play b E\0005", 10)), "= \n\n");
  EXPECT_EQ(engine.game().moveCount(), 1);
  EXPECT_EQ(engine.answer("\x1b[2Jname"), "? unknown command\n\n") << "ESC is removed, '[2Jname' remains";
  EXPECT_EQ(engine.answer("\xff\xfe name"), "? unknown command\n\n");
}

TEST(GtpGarbageTest, MegabyteLinesAreAnswered) {
  Engine engine(testOptions(9));
  const std::string mb(1 << 20, 'x');
  EXPECT_EQ(engine.answer("play b " + mb), "? syntax error\n\n");
  EXPECT_EQ(engine.answer(mb), "? unknown command\n\n");
  EXPECT_EQ(engine.answer(std::string(1 << 20, ' ') + "name"), "= tengen\n\n");
  EXPECT_EQ(engine.answer("# " + mb), "");
  EXPECT_EQ(engine.answer("name # " + mb), "= tengen\n\n");
  EXPECT_EQ(engine.answer("known_command " + mb), "= false\n\n");
  EXPECT_EQ(engine.answer("boardsize " + std::string(1 << 20, '9')), "? syntax error\n\n");
  EXPECT_EQ(engine.answer("komi " + std::string(1 << 20, '1')), "? syntax error\n\n");
  const std::string digits(1 << 20, '7');
  EXPECT_EQ(engine.answer(digits + " name"), "=" + digits + " tengen\n\n") << "an id is echoed as given";
  EXPECT_EQ(engine.answer("set_free_handicap" + std::string(1 << 18, ' ') + "D4 D4"), "? bad vertex list\n\n");
}

TEST(GtpGarbageTest, MegabyteLinesThroughASession) {
  Engine engine(testOptions(9));
  std::istringstream in(std::string(1 << 20, 'q') + "\nname\n" + std::string(1 << 20, '\0') + "\n2 version\n");
  std::ostringstream out;
  engine.run(in, out);
  EXPECT_EQ(out.str(), "? unknown command\n\n= tengen\n\n=2 test\n\n");
}

// A line longer than the limit is answered "? line too long" (with its id), its bytes skipped, and the session goes
// on; a line of exactly the limit is an ordinary line, and a comment is ignored however long.
TEST(GtpGarbageTest, LinesPastTheLimitAreRefusedAndTheSessionGoesOn) {
  Engine engine(testOptions(9));
  const std::size_t limit = Engine::kMaxLineBytes;
  std::istringstream in(std::string(limit + 1, 'x') + "\n" +                //
                        "7 play b " + std::string(3 * limit, 'E') + "\n" +  //
                        "# " + std::string(3 * limit, 'c') + "\n" +         //
                        "2 play b E5\n" +                                   //
                        std::string(limit - 4, ' ') + "name\n" +            // exactly the limit
                        "known_command " + std::string(2 * limit, 'n') +
                        " name\n"  // no '\n' before the end
                        "3 version");
  std::ostringstream out;
  engine.run(in, out);
  EXPECT_EQ(out.str(), "? line too long\n\n?7 line too long\n\n=2 \n\n= tengen\n\n? line too long\n\n=3 test\n\n");
  EXPECT_EQ(engine.game().moveCount(), 1);
}

// Every command with arguments drawn from words that mean something somewhere, so that the random walk goes deep:
// boards of every size, handicaps, passes, undos, rule changes, scoring.
TEST(GtpGarbageTest, RandomCommandsWithRandomArguments) {
  const std::vector<std::string> words = {
      "b",    "w",     "black", "white", "x",    "B",       "WHITE", "A1",       "B2", "C3",  "D4",     "E5",
      "J9",   "T19",   "Z25",   "a25",   "I5",   "pass",    "PASS",  "resign",   "0",  "1",   "2",      "3",
      "4",    "5",     "7",     "9",     "13",   "19",      "25",    "26",       "-1", "6.5", "0.5",    "-7",
      "nan",  "1e308", "alive", "dead",  "seki", "chinese", "nz",    "japanese", "tt", "aga", "korean", "tromp-taylor",
      "name", "play",  "",      "#x",    "\x01", "1 2",     "D04"};
  std::vector<std::string> names;
  for (std::string_view name : Engine::commandNames()) {
    if (name != "quit") names.emplace_back(name);
  }
  names.emplace_back("no_such_command");

  std::mt19937 rng(7);
  Engine engine(testOptions(5));
  int answered = 0;
  for (int i = 0; i < 20000; ++i) {
    const std::string& name = names[rng() % names.size()];
    std::string line = (rng() % 4 == 0) ? std::to_string(rng() % 1000) + " " + name : name;
    // printsgf with an argument writes a file; the random walk stays away from the file system.
    const int argCount = name == "printsgf" || name == "loadsgf" ? 0 : static_cast<int>(rng() % 4);
    for (int a = 0; a < argCount; ++a) line += " " + words[rng() % words.size()];
    const std::string response = engine.answer(line);
    if (response.empty()) continue;
    ++answered;
    parseResponse(response);
    if (i % 100 == 0) expectConsistent(engine);
    if (::testing::Test::HasFailure()) {
      ADD_FAILURE() << "after: " << line;
      break;
    }
  }
  EXPECT_GT(answered, 19000);
  expectConsistent(engine);
}

}  // namespace
}  // namespace tengen::gtp
