// The GTP sessions that Kigo, qGo and Lizzie had with their engines, recorded from the real programs run as a player
// runs them (tests/testdata/gtp/README.md says how): each is replayed against tengen's GTP engine, and every answer is
// checked the way the program reads it. The sessions with GNU Go (Leela Zero for Lizzie) are the reference of what
// each program got; the sessions with tengen show what the real `tengen gtp` answered, and those recorded answers are
// checked the same way.
//
// Each session is replayed twice: on the engine in process, whose genmove hook answers the moves the recorded engine
// played, so that every replay is the recorded game and the program's later commands (its player's moves,
// list_stones, captures) meet the position they met then; and on the real `tengen gtp` (tengen-gnugo for qGo) as a
// child process, whose territory lists, estimate_score and top_moves come from its own judgment and search.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstddef>
#include <fstream>
#include <memory>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tengen/core/coords.h"
#include "tengen/core/game.h"
#include "tengen/core/types.h"
#include "tengen/gtp/client.h"
#include "tengen/gtp/command.h"
#include "tengen/gtp/engine.h"

#include "gtp_session.h"

namespace tengen::gtp {
namespace {

using testing::parseResponse;
using testing::Response;

// One command of a recorded session and the framed response the engine gave it (nothing when it never answered).
struct Recorded {
  std::string line;
  std::optional<std::string> answer;
};

using RecordedSession = std::vector<Recorded>;

// Reads a transcript of tools/gtp_record/gtp_record.py: `>` lines are commands, `<` lines the engine's output, whose
// responses end at an empty line and come in the order of the commands; each `# engine:` line starts a session.
std::vector<RecordedSession> readTranscript(const std::string& name) {
  std::ifstream in(std::string(TENGEN_GTP_TESTDATA) + "/" + name);
  EXPECT_TRUE(in) << "cannot read " << name;
  std::vector<RecordedSession> sessions;
  std::vector<std::string> responses;
  std::string pending;
  std::size_t answered = 0;
  auto pairUp = [&] {
    if (sessions.empty()) return;
    for (; answered < responses.size() && answered < sessions.back().size(); ++answered) {
      sessions.back()[answered].answer = responses[answered];
    }
  };
  std::string line;
  while (std::getline(in, line)) {
    if (line.starts_with("# engine:")) {
      pairUp();
      sessions.emplace_back();
      responses.clear();
      pending.clear();
      answered = 0;
    } else if (line.starts_with("> ")) {
      EXPECT_FALSE(sessions.empty()) << name << ": a command before the first session";
      if (!sessions.empty()) sessions.back().push_back({line.substr(2), std::nullopt});
    } else if (line == "<") {
      // The empty line that ends a response; a stray one (Kigo reads `name`'s answer before its empty line) ends
      // nothing.
      if (!pending.empty()) responses.push_back(pending + "\n");
      pending.clear();
    } else if (line.starts_with("< ")) {
      pending += line.substr(2) + "\n";
    }
  }
  pairUp();
  return sessions;
}

// The words of a one-line answer, split at single spaces as Kigo splits them (an empty answer has none).
std::vector<std::string> spaceSeparated(const std::string& text) {
  std::vector<std::string> words;
  if (text.empty()) return words;
  std::size_t start = 0;
  while (true) {
    const std::size_t space = text.find(' ', start);
    words.push_back(text.substr(start, space - start));
    if (space == std::string::npos) break;
    start = space + 1;
  }
  return words;
}

bool isInteger(std::string_view text) {
  int value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  return error == std::errc() && end == text.data() + text.size();
}

bool isNumber(const std::string& text) { return std::regex_match(text, std::regex(R"(-?[0-9]+(\.[0-9]+)?)")); }

// A point of the board in the upper-case form GNU Go writes, as Kigo's Stone and qGo read it.
bool isUpperCaseVertex(const std::string& text, int size) {
  const auto parsed = parseGtpVertex(text, size);
  return parsed.ok() && parsed.value().kind == MoveKind::Play &&
         std::none_of(text.begin(), text.end(), [](unsigned char c) { return std::islower(c) != 0; });
}

std::set<std::string> vertexSet(const std::string& text) {
  std::vector<std::string> words = spaceSeparated(text);
  return {words.begin(), words.end()};
}

enum class Program { Kigo, QGo, Lizzie };

// Checks one answer (the replay's, or the one the real engine gave in the recording) the way `program` reads it.
// `game` is the position after the command.
void expectReadable(Program program, const Command& command, Response r, const Game& game) {
  const std::string& name = command.name;
  const int size = game.size();
  SCOPED_TRACE(name + " -> " + r.text);
  if (!command.id.empty()) {
    EXPECT_EQ(r.id, command.id) << "qGo and Lizzie match answers to commands by the id";
  }
  if (program == Program::Kigo) {
    // Kigo takes the answer from the third character on (the status character and one space, no id) and trims
    // the blanks around it, as Qt's trimmed() does.
    EXPECT_TRUE(r.id.empty());
    const std::size_t first = r.text.find_first_not_of(" \t\n\r");
    r.text = first == std::string::npos ? "" : r.text.substr(first, r.text.find_last_not_of(" \t\n\r") - first + 1);
  }
  if (name == "protocol_version") {
    EXPECT_EQ(r.text, "2");  // qGo: toInt() == 2
  } else if (name == "name") {
    EXPECT_TRUE(r.ok);
    EXPECT_FALSE(r.text.empty());
  } else if (name == "version" && program == Program::Lizzie) {
    // Lizzie splits the version at dots and warns below a minor version of 15 (Leela Zero 0.15); a version without
    // a dot would end its reader thread.
    const std::size_t dot = r.text.find('.');
    ASSERT_NE(dot, std::string::npos);
    const std::string minor = r.text.substr(dot + 1, r.text.find('.', dot + 1) - dot - 1);
    ASSERT_TRUE(isInteger(minor));
    EXPECT_GE(std::stoi(minor), 15);
  } else if (name == "genmove") {
    EXPECT_TRUE(r.ok);
    // Kigo compares the answer with `PASS` and `resign` exactly and reads anything else as a point; qGo looks for
    // "pass" in any case; Lizzie reads a point or a pass in any case.
    if (program == Program::Kigo) {
      EXPECT_TRUE(r.text == "PASS" || r.text == "resign" || isUpperCaseVertex(r.text, size));
    } else {
      EXPECT_TRUE(readGtpVertex(r.text, size).has_value());
    }
  } else if (name == "list_stones") {
    EXPECT_TRUE(r.ok);
    const auto color = parseColor(command.args.at(0));
    for (const std::string& word : spaceSeparated(r.text)) {
      ASSERT_TRUE(isUpperCaseVertex(word, size)) << word;
      EXPECT_EQ(game.board().at(parseGtpVertex(word, size).value().point), color) << word;
    }
  } else if (name == "captures") {
    EXPECT_TRUE(r.ok);
    EXPECT_TRUE(isInteger(r.text));  // Kigo: toInt()
  } else if (name == "level") {
    EXPECT_TRUE(r.ok);
  } else if (name == "top_moves_black" || name == "top_moves_white") {
    // Kigo reads pairs of words, a point and a number, and shows each number on its point; an odd number of words
    // shows no hint at all.
    EXPECT_TRUE(r.ok);
    const std::vector<std::string> words = spaceSeparated(r.text);
    EXPECT_EQ(words.size() % 2, 0U);
    EXPECT_LE(words.size(), 20U);
    for (std::size_t i = 0; i + 1 < words.size(); i += 2) {
      ASSERT_TRUE(isUpperCaseVertex(words[i], size)) << words[i];
      EXPECT_EQ(game.board().at(parseGtpVertex(words[i], size).value().point), Color::Empty) << words[i];
      EXPECT_TRUE(isNumber(words[i + 1])) << words[i + 1];
    }
  } else if (name == "final_status_list" && command.args.at(0).ends_with("_territory")) {
    // Kigo splits the answer at spaces and draws a territory mark on each point.
    EXPECT_TRUE(r.ok);
    std::set<std::string> seen;
    for (const std::string& word : spaceSeparated(r.text)) {
      ASSERT_TRUE(isUpperCaseVertex(word, size)) << word;
      EXPECT_EQ(game.board().at(parseGtpVertex(word, size).value().point), Color::Empty) << word;
      EXPECT_TRUE(seen.insert(word).second) << word << " twice";
    }
  } else if (name == "estimate_score") {
    // GNU Go's form, which Kigo takes apart by position: the winner's letter, the margin from the third character
    // to the first space, the bounds as the fourth and sixth words with their last character cut.
    EXPECT_TRUE(r.ok);
    EXPECT_TRUE(std::regex_match(
        r.text,
        std::regex(R"([WB]\+[0-9]+(\.[0-9]+)? \(upper bound: -?[0-9]+(\.[0-9]+)?, lower: -?[0-9]+(\.[0-9]+)?\))")));
  } else if (name == "lz-analyze") {
    // Lizzie reads each `info` line as moves split at " info ", each `KEY VALUE` pairs up to `pv` and the line
    // after it; visits, winrate, prior and lcb as integers; the move a point or `pass`.
    EXPECT_TRUE(r.ok);
    std::istringstream lines(r.text);
    std::string line;
    int updates = 0;
    while (std::getline(lines, line)) {
      if (line.empty()) continue;
      ASSERT_TRUE(line.starts_with("info move ")) << line;
      ++updates;
      std::string rest = line.substr(5);
      std::size_t at = 0;
      while (at < rest.size()) {
        const std::size_t next = rest.find(" info ", at);
        const std::vector<std::string> words = spaceSeparated(rest.substr(at, next - at));
        const auto pv = std::find(words.begin(), words.end(), "pv");
        ASSERT_NE(pv, words.end());
        for (auto key = words.begin(); key != pv; key += 2) {
          ASSERT_NE(key + 1, pv) << *key << " without a value";
          if (*key == "move") {
            EXPECT_TRUE(*(key + 1) == "pass" || isUpperCaseVertex(*(key + 1), size)) << *(key + 1);
          } else if (*key == "visits" || *key == "winrate" || *key == "prior" || *key == "lcb" || *key == "order") {
            EXPECT_TRUE(isInteger(*(key + 1))) << *key << " " << *(key + 1);
          }
        }
        for (auto move = pv + 1; move != words.end(); ++move) {
          EXPECT_TRUE(readGtpVertex(*move, size).has_value()) << *move;
        }
        if (next == std::string::npos) break;
        at = next + 6;
      }
    }
    EXPECT_GE(updates, 1);
  }
}

// The moves the recorded engine answered to genmove, in order, read on the board of `size` in force then.
struct RecordedMoves {
  std::vector<std::string> answers;
  std::size_t next = 0;

  GenmoveReply operator()(const Game& game, Color color, const MoveProgress&) {
    if (next >= answers.size()) return {std::nullopt, "the recording has no more moves"};
    const auto parsed = parseGtpVertex(answers[next++], game.size());
    if (!parsed.ok()) return {std::nullopt, "unreadable recorded move"};
    switch (parsed.value().kind) {
      case MoveKind::Play:
        return {Move::play(color, parsed.value().point), {}};
      case MoveKind::Pass:
        return {Move::pass(color), {}};
      case MoveKind::Resign:
        return {Move::resign(color), {}};
    }
    return {std::nullopt, "unreadable recorded move"};
  }
};

struct Replay {
  Program program;
  std::string transcript;
  // `tengen gtp`'s version as the program is to see it: Lizzie's sessions give --override-version 0.17.
  std::string version = "test";
};

// An engine whose genmove answers the moves the recorded engine played in `session`, in order.
std::unique_ptr<Engine> replayEngine(const RecordedSession& session, const std::string& version) {
  EngineOptions options = testing::testOptions();
  options.version = version;
  auto moves = std::make_shared<RecordedMoves>();
  for (const Recorded& r : session) {
    const auto command = parseCommand(r.line);
    if (command && command->name == "genmove" && r.answer) {
      const Response recorded = parseResponse(*r.answer);
      moves->answers.push_back(recorded.ok ? recorded.text : "?");
    }
  }
  options.genmove = [moves](const Game& game, Color color, const MoveProgress& progress) {
    return (*moves)(game, color, progress);
  };
  return std::make_unique<Engine>(std::move(options));
}

// Checks tengen's answer against the recorded one: success and failure as the program got them (a move on an
// occupied point and `fixed_handicap 0` fail with every engine, everything else succeeds), the same stones and
// captures, and both answers as the program reads them. `game` is the position after the command.
void expectAsRecorded(Program program, const Command& command, const Response& ours, const Response& recorded,
                      const Game& game) {
  EXPECT_EQ(ours.ok, recorded.ok) << "recorded: " << recorded.text << "; tengen: " << ours.text;
  expectReadable(program, command, ours, game);
  expectReadable(program, command, recorded, game);
  if (command.name == "list_stones" || command.name == "captures") {
    EXPECT_EQ(vertexSet(ours.text), vertexSet(recorded.text));
  }
}

// Replays every session of a transcript on a new engine each. Returns how many commands were replayed.
int replay(const Replay& what) {
  const std::vector<RecordedSession> sessions = readTranscript(what.transcript);
  EXPECT_FALSE(sessions.empty());
  int replayed = 0;
  for (std::size_t s = 0; s < sessions.size(); ++s) {
    const std::unique_ptr<Engine> engine = replayEngine(sessions[s], what.version);
    for (const Recorded& r : sessions[s]) {
      // The engine ended there (Leela Zero aborted on the synthetic network after both sides passed).
      if (!r.answer) break;
      SCOPED_TRACE(what.transcript + ", session " + std::to_string(s + 1) + ": " + r.line);
      const auto command = parseCommand(r.line);
      EXPECT_TRUE(command);
      if (!command) continue;
      const Response recorded = parseResponse(*r.answer);
      const Response ours = parseResponse(engine->answer(r.line));
      ++replayed;
      expectAsRecorded(what.program, *command, ours, recorded, engine->game());
      if (command->name == "genmove" && ours.ok && recorded.ok) {
        EXPECT_EQ(parseGtpVertex(ours.text, engine->game().size()).value(),
                  parseGtpVertex(recorded.text, engine->game().size()).value());
      }
    }
  }
  return replayed;
}

// The same sessions sent to the real program, `argv` (`tengen gtp`, or tengen-gnugo with qGo's options), as a child
// process: the territory lists, estimate_score and top_moves come from its own judgment and search. Its genmove
// would choose its own moves, so each recorded genmove is sent as the `play` of the recorded move, and an in-process
// replay alongside gives the position; the analysis streams are left to the in-process replay. Commands go without
// their ids (the client frames them). Returns how many commands the process answered.
int replayOnProcess(const Replay& what, const std::vector<std::string>& argv) {
  const std::vector<RecordedSession> sessions = readTranscript(what.transcript);
  int answered = 0;
  for (std::size_t s = 0; s < sessions.size(); ++s) {
    const std::unique_ptr<Engine> engine = replayEngine(sessions[s], what.version);
    ClientOptions options;
    options.sendIds = false;
    auto client = Client::start(argv, options);
    EXPECT_TRUE(client.ok()) << client.error();
    if (!client.ok()) return answered;
    for (const Recorded& r : sessions[s]) {
      if (!r.answer) break;
      SCOPED_TRACE(what.transcript + ", session " + std::to_string(s + 1) + " on the process: " + r.line);
      auto command = parseCommand(r.line);
      EXPECT_TRUE(command);
      if (!command) continue;
      const Response recorded = parseResponse(*r.answer);
      const Response inProcess = parseResponse(engine->answer(r.line));
      if (command->name == "lz-analyze") continue;
      std::string line = command->name;
      for (const std::string& arg : command->args) line += " " + arg;
      if (command->name == "genmove") {
        if (!inProcess.ok) continue;
        line = "play " + command->args.at(0) + " " + inProcess.text;
      }
      const auto answer = (*client)->send(line);
      EXPECT_TRUE(answer.ok()) << answer.error();
      if (!answer.ok()) return answered;
      ++answered;
      if (command->name == "genmove") {
        EXPECT_TRUE(answer->success) << answer->text;
        continue;
      }
      command->id.clear();
      Response ours{answer->success, "", answer->text};
      Response recordedWithoutId = recorded;
      recordedWithoutId.id.clear();
      expectAsRecorded(what.program, *command, ours, recordedWithoutId, engine->game());
    }
  }
  return answered;
}

// `tengen gtp` with `options`, its failed moves logged in the test's temporary folder.
std::vector<std::string> tengenGtp(std::vector<std::string> options = {}) {
  std::vector<std::string> argv = {TENGEN_BINARY, "gtp"};
  argv.insert(argv.end(), options.begin(), options.end());
  argv.insert(argv.end(), {"--error-log", ::testing::TempDir() + "recorded-session-errors.jsonl"});
  return argv;
}

// The commands a program sent, by name, each once, in the order of their first use.
std::vector<std::string> commandNames(const std::string& transcript) {
  std::vector<std::string> names;
  for (const RecordedSession& session : readTranscript(transcript)) {
    for (const Recorded& r : session) {
      const auto command = parseCommand(r.line);
      if (command && std::find(names.begin(), names.end(), command->name) == names.end()) {
        names.push_back(command->name);
      }
    }
  }
  return names;
}

// Kigo 22.12 with GNU Go 3.8: a 9x9 game with a hint, an undo and a move on an occupied point, played until both
// passed and counted with Finish Game.
TEST(GtpRecordedSessionTest, KigoWithGnuGo) {
  EXPECT_GE(replay({Program::Kigo, "kigo-gnugo.txt"}), 290);
  EXPECT_GE(replayOnProcess({Program::Kigo, "kigo-gnugo.txt"}, tengenGtp()), 290);
  const std::vector<std::string> expected = {
      "name", "version", "clear_board", "list_stones",     "captures", "boardsize",         "fixed_handicap", "komi",
      "play", "level",   "genmove",     "top_moves_black", "undo",     "final_status_list", "estimate_score"};
  EXPECT_EQ(commandNames("kigo-gnugo.txt"), expected);
}

// Kigo with `tengen gtp`: a whole 9x9 game until both passed (tengen's pass as `PASS`), then Finish Game, which Kigo
// counted from tengen's territory lists and estimate_score.
TEST(GtpRecordedSessionTest, KigoWithTengen) {
  EXPECT_GE(replay({Program::Kigo, "kigo-tengen.txt"}), 230);
  EXPECT_GE(replayOnProcess({Program::Kigo, "kigo-tengen.txt"}, tengenGtp()), 230);
  const std::vector<RecordedSession> sessions = readTranscript("kigo-tengen.txt");
  const RecordedSession& game = sessions.back();
  const auto last = [&](std::string_view prefix) {
    return std::find_if(game.rbegin(), game.rend(), [&](const Recorded& r) { return r.line.starts_with(prefix); });
  };
  ASSERT_NE(last("genmove"), game.rend());
  EXPECT_EQ(*last("genmove")->answer, "= PASS\n\n");
  ASSERT_NE(last("estimate_score"), game.rend());
  EXPECT_TRUE(last("estimate_score")->answer->starts_with("= W+") ||
              last("estimate_score")->answer->starts_with("= B+"));
}

// qGo 2.1 with GNU Go (the path ends in gnugo, so qGo numbers its commands): a 9x9 game with two undos (`undo 0`)
// until both passed; qGo counts the game itself.
TEST(GtpRecordedSessionTest, QGoWithGnuGo) {
  EXPECT_GE(replay({Program::QGo, "qgo-gnugo.txt"}), 30);
  EXPECT_GE(
      replayOnProcess({Program::QGo, "qgo-gnugo.txt"}, {TENGEN_GNUGO, "--mode", "gtp", "--quiet", "--level", "10"}),
      30);
  const std::vector<std::string> expected = {"protocol_version", "boardsize", "clear_board", "komi", "play",
                                             "genmove",          "undo"};
  EXPECT_EQ(commandNames("qgo-gnugo.txt"), expected);
}

// qGo with tengen-gnugo, the launcher under a name qGo drives: a whole game to both passes.
TEST(GtpRecordedSessionTest, QGoWithTengen) {
  EXPECT_GE(replay({Program::QGo, "qgo-tengen.txt"}), 50);
  EXPECT_GE(
      replayOnProcess({Program::QGo, "qgo-tengen.txt"}, {TENGEN_GNUGO, "--mode", "gtp", "--quiet", "--level", "10"}),
      50);
}

// Lizzie 0.7.4 with Leela Zero 0.17 (a one-block synthetic network): analysis on at start, two moves, analysis
// stopped with `name` and started again, then a game against the engine with a pass.
TEST(GtpRecordedSessionTest, LizzieWithLeelaZero) {
  EXPECT_GE(replay({Program::Lizzie, "lizzie-leelaz.txt", "0.17"}), 15);
  EXPECT_GE(replayOnProcess({Program::Lizzie, "lizzie-leelaz.txt", "0.17"}, tengenGtp({"--override-version", "0.17"})),
            10);
  const std::vector<std::string> expected = {"name",       "version", "boardsize",     "komi",   "clear_board",
                                             "lz-analyze", "play",    "time_settings", "genmove"};
  EXPECT_EQ(commandNames("lizzie-leelaz.txt"), expected);
}

// Lizzie with `tengen gtp --override-version 0.17`: no version warning, and the same session.
TEST(GtpRecordedSessionTest, LizzieWithTengen) {
  EXPECT_GE(replay({Program::Lizzie, "lizzie-tengen.txt", "0.17"}), 15);
  EXPECT_GE(replayOnProcess({Program::Lizzie, "lizzie-tengen.txt", "0.17"}, tengenGtp({"--override-version", "0.17"})),
            10);
}

}  // namespace
}  // namespace tengen::gtp
