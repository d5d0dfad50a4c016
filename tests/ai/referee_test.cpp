// The referee's retry loop with a scripted source: every rejection reason followed by a legal answer, repeated and
// unparseable answers, exhaustion, transport failures, what each retry request tells the source, the per-attempt
// observer and cancelling a turn.
#include "tengen/ai/referee.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stop_token>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "tengen/ai/error_log.h"
#include "tengen/ai/move_source.h"
#include "tengen/core/coords.h"
#include "tengen/core/game.h"
#include "tengen/core/sha256.h"
#include "tengen/core/text.h"

#include "support/game_from.h"

namespace tengen::ai {
namespace {

// Answers from a list, one per request, and remembers every request it was given.
class ScriptedSource : public MoveSource {
 public:
  explicit ScriptedSource(std::vector<std::string> answers) : m_answers(std::move(answers)) {}
  std::string describe() const override { return "scripted"; }
  Result<Answer> propose(const MoveRequest& request) override {
    requests.push_back({request.color, request.rejected});
    if (m_next >= m_answers.size()) return Result<Answer>::failure("the script has run out");
    const std::string& a = m_answers[m_next++];
    if (a == "!transport") return Result<Answer>::failure("engine x exited with status 3");
    Answer answer;
    answer.text = a;
    answer.latencyMs = 7;
    answer.prompt = "prompt";
    answer.imageSha256 = "abc";
    answer.httpStatus = 200;
    return answer;
  }
  struct Seen {
    Color color;
    std::vector<Rejection> rejected;
  };
  std::vector<Seen> requests;

 private:
  std::vector<std::string> m_answers;
  std::size_t m_next = 0;
};

using test_support::gameFrom;

struct ReasonCase {
  const char* name;
  int size;
  Rules rules;
  std::vector<std::string> moves;
  std::string bad;  // the answer to reject
  RejectReason reason;
  std::string words;
};

class RejectThenAccept : public ::testing::TestWithParam<ReasonCase> {};

TEST_P(RejectThenAccept, RejectsWithTheReasonThenAcceptsTheNextLegalAnswer) {
  const ReasonCase& c = GetParam();
  const Game game = gameFrom(c.size, c.rules, c.moves);
  ScriptedSource source({c.bad, "pass"});
  const RefereeOutcome out = requestMove(source, game, game.toMove(), RefereeOptions(ErrorLog::none()));

  ASSERT_TRUE(out.move.has_value()) << out.error;
  EXPECT_EQ(*out.move, Move::pass(game.toMove()));
  ASSERT_EQ(out.attempts.size(), 2U);
  EXPECT_EQ(out.attempts[0].n, 1);
  EXPECT_FALSE(out.attempts[0].accepted());
  EXPECT_EQ(out.attempts[0].reason, c.reason);
  EXPECT_EQ(out.attempts[0].answer, c.bad);
  EXPECT_EQ(out.attempts[0].latencyMs, 7);
  EXPECT_TRUE(out.attempts[1].accepted());
  EXPECT_EQ(out.attempts[1].reason, RejectReason::None);
  EXPECT_EQ(out.attempts[1].move, "pass");
  EXPECT_NE(out.end, MoveEnd::Unreachable);

  // The first request names nothing; the retry names the rejected point with its reason's code and words.
  ASSERT_EQ(source.requests.size(), 2U);
  EXPECT_TRUE(source.requests[0].rejected.empty());
  ASSERT_EQ(source.requests[1].rejected.size(), 1U);
  const Rejection& r = source.requests[1].rejected[0];
  EXPECT_EQ(r.reason, c.reason);
  EXPECT_EQ(reasonWords(r.reason), c.words);
  EXPECT_EQ(r.read.has_value(), out.attempts[0].read.has_value());
  if (r.read) {
    EXPECT_EQ(r.read->text, out.attempts[0].read->text);
  }
  EXPECT_EQ(source.requests[1].color, game.toMove());
}

INSTANTIATE_TEST_SUITE_P(
    EveryReason, RejectThenAccept,
    ::testing::Values(
        ReasonCase{"out_of_bounds", 5, Rules::Chinese, {}, "F6", RejectReason::OutOfBounds, "outside the board"},
        ReasonCase{"out_of_bounds_far", 5, Rules::Chinese, {}, "Z30", RejectReason::OutOfBounds, "outside the board"},
        ReasonCase{"occupied", 5, Rules::Chinese, {"C3", "D4"}, "c3", RejectReason::Occupied, "stone already there"},
        // White A2 and B1 leave Black's A1 without a liberty or a capture.
        ReasonCase{"suicide", 5, Rules::Chinese, {"E5", "A2", "E4", "B1"}, "A1", RejectReason::Suicide, "suicide"},
        // Black C2 takes White B2 in a ko; White may not retake at once.
        ReasonCase{"ko",
                   5,
                   Rules::Japanese,
                   {"B3", "C3", "A2", "D2", "B1", "C1", "E5", "B2", "C2"},
                   "B2",
                   RejectReason::Ko,
                   "ko: immediate recapture is forbidden"},
        // Found by a search of random 4x4 games: Black A3 would bring back the position after White B2.
        ReasonCase{"superko",
                   4,
                   Rules::Chinese,
                   {"C4", "A1", "A3", "B2", "B4", "B3", "A2", "A4"},
                   "A3",
                   RejectReason::Superko,
                   "ko repetition: recreates an earlier position"},
        ReasonCase{"unparseable",
                   5,
                   Rules::Chinese,
                   {},
                   "I would play the centre",
                   RejectReason::Unparseable,
                   "no coordinate could be read from the answer"}),
    [](const ::testing::TestParamInfo<ReasonCase>& param) { return std::string(param.param.name); });

TEST(Referee, AcceptsALegalAnswerAtOnceInAnyCaseWithBlanksAround) {
  const Game game = gameFrom(9, Rules::Chinese, {});
  ScriptedSource source({"  d4\r\n"});
  const RefereeOutcome out = requestMove(source, game, Color::Black, RefereeOptions(ErrorLog::none()));
  ASSERT_TRUE(out.move.has_value());
  EXPECT_EQ(*out.move, Move::play(Color::Black, {5, 3}));
  ASSERT_EQ(out.attempts.size(), 1U);
  EXPECT_EQ(out.attempts[0].move, "D4");
  EXPECT_EQ(out.attempts[0].answer, "  d4\r\n");
  EXPECT_TRUE(out.attempts[0].accepted());
  EXPECT_TRUE(out.error.empty());
}

TEST(Referee, AcceptsPassAndResignAsTheAisOwnMoves) {
  const Game game = gameFrom(9, Rules::Chinese, {"E5"});
  ScriptedSource passes({"PASS"});
  const RefereeOutcome pass = requestMove(passes, game, Color::White, RefereeOptions(ErrorLog::none()));
  ASSERT_TRUE(pass.move.has_value());
  EXPECT_EQ(*pass.move, Move::pass(Color::White));
  ScriptedSource resigns({"Resign"});
  const RefereeOutcome resign = requestMove(resigns, game, Color::White, RefereeOptions(ErrorLog::none()));
  ASSERT_TRUE(resign.move.has_value());
  EXPECT_EQ(*resign.move, Move::resign(Color::White));
}

TEST(Referee, NamesARepeatedPointAsRepeatedButNamesEachRejectedPointOnceInTheRequest) {
  const Game game = gameFrom(9, Rules::Chinese, {"E5", "D4"});
  ScriptedSource source({"E5", "e5", "D4", "C3"});
  const RefereeOutcome out = requestMove(source, game, Color::Black, RefereeOptions(ErrorLog::none()));
  ASSERT_TRUE(out.move.has_value());
  EXPECT_EQ(*out.move, Move::play(Color::Black, {6, 2}));
  ASSERT_EQ(out.attempts.size(), 4U);
  EXPECT_EQ(out.attempts[0].reason, RejectReason::Occupied);
  EXPECT_EQ(out.attempts[1].reason, RejectReason::Repeated);
  EXPECT_EQ(out.attempts[1].move, "E5");
  EXPECT_EQ(out.attempts[2].reason, RejectReason::Occupied);
  // The repeat is an attempt of its own, but the retry keeps naming E5 once, with its first reason.
  ASSERT_EQ(source.requests[3].rejected.size(), 2U);
  EXPECT_EQ(source.requests[3].rejected[0].read->text, "E5");
  EXPECT_EQ(source.requests[3].rejected[0].reason, RejectReason::Occupied);
  EXPECT_EQ(source.requests[3].rejected[1].read->text, "D4");
  EXPECT_EQ(source.requests[3].rejected[1].reason, RejectReason::Occupied);
}

TEST(Referee, SeveralUnreadableAnswersAreNamedOnceInTheRetry) {
  const Game game = gameFrom(9, Rules::Chinese, {});
  ScriptedSource source({"no idea", "still thinking", "E5"});
  const RefereeOutcome out = requestMove(source, game, Color::Black, RefereeOptions(ErrorLog::none()));
  ASSERT_TRUE(out.move.has_value());
  ASSERT_EQ(out.attempts.size(), 3U);
  EXPECT_EQ(out.attempts[1].reason, RejectReason::Unparseable);
  EXPECT_EQ(source.requests[2].rejected.size(), 1U);
}

TEST(Referee, AnUnparseableAnswerHasNoMoveAndAnEmptyVertex) {
  const Game game = gameFrom(9, Rules::Chinese, {});
  ScriptedSource source({"", "I5", "D", "D4"});
  const RefereeOutcome out = requestMove(source, game, Color::Black, RefereeOptions(ErrorLog::none()));
  ASSERT_TRUE(out.move.has_value());
  ASSERT_EQ(out.attempts.size(), 4U);
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(out.attempts[i].reason, RejectReason::Unparseable) << i;
    EXPECT_FALSE(out.attempts[i].move.has_value()) << i;
  }
  // Three unreadable answers are one line of the retry: "(unreadable answer)".
  ASSERT_EQ(source.requests[3].rejected.size(), 1U);
  EXPECT_FALSE(source.requests[3].rejected[0].read.has_value());
  EXPECT_EQ(source.requests[3].rejected[0].reason, RejectReason::Unparseable);
}

TEST(Referee, GivesUpAfterMaxRetriesPlusOneAttemptsNamingEachAttemptAndReason) {
  const Game game = gameFrom(5, Rules::Chinese, {"C3"});
  ScriptedSource source({"C3", "C3", "nonsense", "F6", "C3", "B2"});
  RefereeOptions options(ErrorLog::none());
  options.maxRetries = 3;
  const RefereeOutcome out = requestMove(source, game, Color::White, options);
  EXPECT_FALSE(out.move.has_value());
  EXPECT_NE(out.end, MoveEnd::Unreachable);
  ASSERT_EQ(out.attempts.size(), 4U);
  EXPECT_EQ(source.requests.size(), 4U);  // never a fifth request, and no move made up in the AI's place
  EXPECT_EQ(out.error,
            "no legal move in 4 attempts: attempt 1: C3 rejected (stone already there); attempt 2: C3 rejected (names "
            "a point already rejected this turn); "
            "attempt 3: \"nonsense\" rejected (no coordinate could be read from the answer); attempt 4: F6 rejected "
            "(outside the board)");
}

TEST(Referee, DefaultOptionsAllowFiveAttempts) {
  const Game game = gameFrom(5, Rules::Chinese, {"C3"});
  ScriptedSource source({"x", "x", "x", "x", "x", "x"});
  const RefereeOutcome out = requestMove(source, game, Color::White, RefereeOptions(ErrorLog::none()));
  EXPECT_FALSE(out.move.has_value());
  EXPECT_EQ(out.attempts.size(), 5U);
  EXPECT_EQ(out.attempts.back().n, 5);
}

TEST(Referee, ATransportFailureEndsTheRequestAtOnce) {
  const Game game = gameFrom(9, Rules::Chinese, {});
  ScriptedSource source({"Z99", "!transport", "D4"});
  const RefereeOutcome out = requestMove(source, game, Color::Black, RefereeOptions(ErrorLog::none()));
  EXPECT_FALSE(out.move.has_value());
  EXPECT_EQ(out.end, MoveEnd::Unreachable);
  EXPECT_EQ(source.requests.size(), 2U);
  ASSERT_EQ(out.attempts.size(), 1U);
  EXPECT_EQ(out.attempts[0].reason, RejectReason::OutOfBounds);
  EXPECT_EQ(out.error, "scripted: engine x exited with status 3");
}

TEST(Referee, JudgesAMoveAskedOutOfTurnForThatColour) {
  const Game game = gameFrom(9, Rules::Chinese, {"E5"});  // White to move
  ScriptedSource source({"E5", "D4"});
  const RefereeOutcome out = requestMove(source, game, Color::Black, RefereeOptions(ErrorLog::none()));
  ASSERT_TRUE(out.move.has_value());
  EXPECT_EQ(*out.move, Move::play(Color::Black, {5, 3}));
  EXPECT_EQ(out.attempts[0].reason, RejectReason::Occupied);  // not wrong_color
  EXPECT_EQ(source.requests[0].color, Color::Black);
}

TEST(Referee, DoesNotAskWhenTheGameIsOver) {
  Game game = gameFrom(9, Rules::Chinese, {"pass", "pass"});
  ASSERT_NE(game.phase(), Phase::Playing);
  ScriptedSource source({"D4"});
  const RefereeOutcome out = requestMove(source, game, Color::Black, RefereeOptions(ErrorLog::none()));
  EXPECT_FALSE(out.move.has_value());
  EXPECT_TRUE(source.requests.empty());
  EXPECT_FALSE(out.error.empty());
}

// The error log as the referee uses it: a record before requestMove returns, its id in the outcome and the error.
class RefereeErrorLog : public ::testing::Test {
 protected:
  void SetUp() override {
    char pattern[] = "/tmp/tengen-referee-log-XXXXXX";
    ASSERT_NE(mkdtemp(pattern), nullptr);
    m_dir = pattern;
  }
  void TearDown() override { std::filesystem::remove_all(m_dir); }
  std::string path() const { return m_dir + "/errors.jsonl"; }
  std::vector<std::string> lines() const {
    std::ifstream in(path());
    std::vector<std::string> out;
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
  }
  std::string m_dir;
};

TEST_F(RefereeErrorLog, WritesARecordOnExhaustionAndNamesItInTheError) {
  const Game game = gameFrom(5, Rules::Chinese, {"C3"});
  ScriptedSource source({"C3", "C3"});
  RefereeOptions options(ErrorLog(path(), {"genmove", "scripted", "m", ""}));
  options.maxRetries = 1;
  const RefereeOutcome out = requestMove(source, game, Color::White, options);
  ASSERT_FALSE(out.move.has_value());
  ASSERT_FALSE(out.logId.empty());
  EXPECT_TRUE(out.logError.empty());
  EXPECT_EQ(out.error,
            "no legal move in 2 attempts: attempt 1: C3 rejected (stone already there); attempt 2: C3 rejected (names "
            "a point already rejected this turn) (error log record " +
                out.logId + ")");
  const std::vector<std::string> written = lines();
  ASSERT_EQ(written.size(), 1U);
  EXPECT_NE(written[0].find("\"id\":\"" + out.logId + "\""), std::string::npos) << written[0];
  EXPECT_NE(written[0].find("\"reason\":\"repeated\""), std::string::npos) << written[0];
}

TEST_F(RefereeErrorLog, WritesARecordOnATransportFailureWithTheAttemptsBeforeIt) {
  const Game game = gameFrom(9, Rules::Chinese, {});
  ScriptedSource source({"Z99", "!transport"});
  RefereeOptions options(ErrorLog(path(), {"gtp", "scripted", "", ""}));
  const RefereeOutcome out = requestMove(source, game, Color::Black, options);
  EXPECT_EQ(out.end, MoveEnd::Unreachable);
  ASSERT_FALSE(out.logId.empty());
  EXPECT_NE(out.error.find("(error log record " + out.logId + ")"), std::string::npos) << out.error;
  const std::vector<std::string> written = lines();
  ASSERT_EQ(written.size(), 1U);
  EXPECT_NE(written[0].find("out_of_bounds"), std::string::npos);
  EXPECT_NE(written[0].find("exited with status 3"), std::string::npos);
}

TEST_F(RefereeErrorLog, LogsAcceptedMovesOnlyWhenAsked) {
  const Game game = gameFrom(9, Rules::Chinese, {});
  RefereeOptions options(ErrorLog(path(), {"play", "scripted", "", ""}));
  ScriptedSource quiet({"D4"});
  const RefereeOutcome first = requestMove(quiet, game, Color::Black, options);
  ASSERT_TRUE(first.move.has_value());
  EXPECT_TRUE(first.logId.empty());
  EXPECT_TRUE(lines().empty());
  options.logAccepted = true;
  ScriptedSource logged({"D4"});
  const RefereeOutcome second = requestMove(logged, game, Color::Black, options);
  ASSERT_TRUE(second.move.has_value());
  EXPECT_FALSE(second.logId.empty());
  EXPECT_TRUE(second.error.empty());
  ASSERT_EQ(lines().size(), 1U);
  EXPECT_NE(lines()[0].find("\"verdict\":\"accepted\""), std::string::npos);
}

TEST_F(RefereeErrorLog, AnUnwritableLogIsReportedNotHidden) {
  const Game game = gameFrom(5, Rules::Chinese, {"C3"});
  ScriptedSource source({"C3"});
  RefereeOptions options(ErrorLog(m_dir + "/missing/dir/errors.jsonl", {"genmove", "scripted", "", ""}));
  options.maxRetries = 0;
  const RefereeOutcome out = requestMove(source, game, Color::White, options);
  EXPECT_FALSE(out.move.has_value());
  EXPECT_TRUE(out.logId.empty());
  EXPECT_FALSE(out.logError.empty());
  EXPECT_NE(out.error.find("the error log could not be written"), std::string::npos) << out.error;
}

TEST(Referee, ReadsFreeTextAnswersAndCopiesTheModelsDetailsIntoTheAttempt) {
  const Game game = gameFrom(9, Rules::Chinese, {"E5"});
  ScriptedSource source({"I'd say E5, the centre.", "(4, 3)"});
  const RefereeOutcome out = requestMove(source, game, Color::White, RefereeOptions(ErrorLog::none()));
  ASSERT_TRUE(out.move.has_value()) << out.error;
  EXPECT_EQ(*out.move, Move::play(Color::White, {4, 3}));
  EXPECT_EQ(out.attempts[0].move, "E5");
  EXPECT_EQ(out.attempts[0].reason, RejectReason::Occupied);
  EXPECT_EQ(out.attempts[1].move, "D5");
  EXPECT_EQ(out.attempts[1].prompt, "prompt");
  EXPECT_EQ(out.attempts[1].imageSha256, "abc");
  EXPECT_EQ(out.attempts[1].httpStatus, 200);
}

// An attempt keeps at most kAnswerExcerptBytes of an answer, ending where a character ends, whatever the length of
// the character that straddles the limit; the move is read from the whole answer, past the excerpt.
TEST(Referee, ALongAnswerIsKeptAsItsStartWithItsLengthAndHashAndReadWhole) {
  const Game game = gameFrom(9, Rules::Chinese, {"E5"});
  for (std::size_t lead = 0; lead < 4; ++lead) {
    std::string whole(lead, 'a');
    while (whole.size() < 2 * kAnswerExcerptBytes) whole += "\xf0\x9f\x98\x80";  // four bytes each
    whole += " C3";
    ScriptedSource source({whole});
    const RefereeOutcome out = requestMove(source, game, Color::White, RefereeOptions(ErrorLog::none()));
    ASSERT_TRUE(out.move.has_value()) << out.error;
    EXPECT_EQ(out.attempts[0].move, "C3");
    const std::string& kept = out.attempts[0].answer;
    EXPECT_LE(kept.size(), kAnswerExcerptBytes);
    EXPECT_GT(kept.size(), kAnswerExcerptBytes - 4);
    EXPECT_TRUE(whole.compare(0, kept.size(), kept) == 0) << lead;
    EXPECT_EQ(validUtf8(kept), kept) << lead;
    ASSERT_TRUE(out.attempts[0].cut);
    EXPECT_EQ(out.attempts[0].cut->bytes, whole.size());
    EXPECT_EQ(out.attempts[0].cut->sha256, sha256Hex(whole));
  }
  ScriptedSource exact({std::string(kAnswerExcerptBytes - 2, ' ') + "C3"});
  const RefereeOutcome out = requestMove(exact, game, Color::White, RefereeOptions(ErrorLog::none()));
  EXPECT_EQ(out.attempts[0].answer.size(), kAnswerExcerptBytes);
  EXPECT_FALSE(out.attempts[0].cut);
}

TEST(Referee, AnOffBoardRowColAnswerIsOutOfBoundsAndCanBeRepeated) {
  const Game game = gameFrom(9, Rules::Chinese, {});
  ScriptedSource source({"(30, 40)", "row 30, col 40", "D4"});
  const RefereeOutcome out = requestMove(source, game, Color::Black, RefereeOptions(ErrorLog::none()));
  ASSERT_TRUE(out.move.has_value()) << out.error;
  EXPECT_EQ(out.attempts[0].reason, RejectReason::OutOfBounds);
  EXPECT_EQ(out.attempts[1].reason, RejectReason::Repeated);
  // No point of this board is named, so there is no vertex; the text read keeps what the model wrote.
  EXPECT_FALSE(out.attempts[0].move.has_value());
  EXPECT_FALSE(out.attempts[1].move.has_value());
  EXPECT_EQ(out.attempts[0].read->text, "(30, 40)");
  EXPECT_EQ(out.attempts[1].read->text, "(30, 40)");
}

// What the observer saw of one attempt, and how many requests the source had had by then.
struct Observed {
  Attempt attempt;
  std::size_t requestsSoFar;
  std::thread::id thread;
};

TEST(Referee, TheObserverSeesEveryAttemptInOrderWithTheOutcomesVerdictsBeforeTheNextRequest) {
  const Game game = gameFrom(9, Rules::Chinese, {"E5", "D4"});
  ScriptedSource source({"E5", "e5", "nonsense", "Z30", "C3"});
  std::vector<Observed> seen;
  RefereeOptions options(ErrorLog::none());
  options.onAttempt = [&](const Attempt& a) {
    seen.push_back({a, source.requests.size(), std::this_thread::get_id()});
  };
  const RefereeOutcome out = requestMove(source, game, Color::Black, options);

  ASSERT_TRUE(out.move.has_value()) << out.error;
  ASSERT_EQ(out.attempts.size(), 5U);
  ASSERT_EQ(seen.size(), out.attempts.size());
  const std::vector<RejectReason> reasons = {RejectReason::Occupied, RejectReason::Repeated, RejectReason::Unparseable,
                                             RejectReason::OutOfBounds, RejectReason::None};
  for (std::size_t i = 0; i < seen.size(); ++i) {
    const Attempt& a = seen[i].attempt;
    const Attempt& b = out.attempts[i];
    EXPECT_EQ(a.n, static_cast<int>(i) + 1) << i;
    EXPECT_EQ(a.n, b.n) << i;
    EXPECT_EQ(a.answer, b.answer) << i;
    EXPECT_EQ(a.move, b.move) << i;
    EXPECT_EQ(a.accepted(), b.accepted()) << i;
    EXPECT_EQ(a.reason, b.reason) << i;
    EXPECT_EQ(a.reason, reasons[i]) << i;
    EXPECT_EQ(a.latencyMs, b.latencyMs) << i;
    // Told after its own request and before the next one, on the caller's thread.
    EXPECT_EQ(seen[i].requestsSoFar, i + 1) << i;
    EXPECT_EQ(seen[i].thread, std::this_thread::get_id()) << i;
  }
  EXPECT_TRUE(seen.back().attempt.accepted());
  EXPECT_EQ(seen.back().attempt.move, "C3");
}

TEST(Referee, TheObserverSeesEveryAttemptOfAFailureButNotTheTransportError) {
  const Game game = gameFrom(5, Rules::Chinese, {"C3"});
  std::vector<Attempt> seen;
  RefereeOptions options(ErrorLog::none());
  options.maxRetries = 1;
  options.onAttempt = [&](const Attempt& a) { seen.push_back(a); };
  ScriptedSource exhausted({"C3", "C3"});
  const RefereeOutcome out = requestMove(exhausted, game, Color::White, options);
  ASSERT_FALSE(out.move.has_value());
  ASSERT_EQ(seen.size(), 2U);
  EXPECT_EQ(seen[0].reason, RejectReason::Occupied);
  EXPECT_EQ(seen[1].reason, RejectReason::Repeated);

  seen.clear();
  ScriptedSource broken({"Z99", "!transport"});
  const RefereeOutcome failed = requestMove(broken, game, Color::White, options);
  EXPECT_EQ(failed.end, MoveEnd::Unreachable);
  ASSERT_EQ(seen.size(), 1U);
  EXPECT_EQ(seen[0].reason, RejectReason::OutOfBounds);
}

TEST(Referee, CancelSetDuringAnAttemptStopsBeforeTheNextRequest) {
  const Game game = gameFrom(9, Rules::Chinese, {"E5"});
  ScriptedSource source({"E5", "D4"});
  std::stop_source cancel;
  RefereeOptions options(ErrorLog::none());
  options.cancel = cancel.get_token();
  // Set while the turn is under way, as a Stop button on another thread would.
  options.onAttempt = [&](const Attempt&) { cancel.request_stop(); };
  const RefereeOutcome out = requestMove(source, game, Color::Black, options);
  EXPECT_FALSE(out.move.has_value());
  EXPECT_EQ(out.end, MoveEnd::Stopped);
  EXPECT_EQ(out.error, "stopped");
  EXPECT_NE(out.end, MoveEnd::Unreachable);
  EXPECT_EQ(source.requests.size(), 1U);
  ASSERT_EQ(out.attempts.size(), 1U);
  EXPECT_EQ(out.attempts[0].reason, RejectReason::Occupied);
}

TEST(Referee, ARetryIsToldTheTimeTheRefusedAttemptsTook) {
  // A source that thinks for 1.1 s before each answer; its first answer is refused.
  class SlowSource : public MoveSource {
   public:
    std::string describe() const override { return "slow"; }
    Result<Answer> propose(const MoveRequest& request) override {
      clocks.push_back(request.clock);
      std::this_thread::sleep_for(std::chrono::milliseconds(1100));
      Answer answer;
      answer.text = clocks.size() == 1 ? "E5" : "D4";
      return answer;
    }
    std::vector<std::optional<TimeLeft>> clocks;
  };
  const Game game = gameFrom(9, Rules::Chinese, {"E5"});
  SlowSource source;
  RefereeOptions options(ErrorLog::none());
  options.timeControl = {TimeControl::Kind::ByoYomi, 0, 30, 5, 0};
  options.clock = initialTime(options.timeControl);
  const RefereeOutcome out = requestMove(source, game, Color::White, options);
  ASSERT_TRUE(out.move.has_value());
  ASSERT_EQ(source.clocks.size(), 2U);
  ASSERT_TRUE(source.clocks[0] && source.clocks[1]);
  EXPECT_EQ(source.clocks[0]->periodMs, 30'000);
  EXPECT_LE(source.clocks[1]->periodMs, 28'900);
  EXPECT_GT(source.clocks[1]->periodMs, 0);
  EXPECT_EQ(source.clocks[1]->periods, 5);
}

TEST(Referee, CancelSetBeforehandMakesNoRequest) {
  const Game game = gameFrom(9, Rules::Chinese, {});
  ScriptedSource source({"D4"});
  std::stop_source cancel;
  cancel.request_stop();
  RefereeOptions options(ErrorLog::none());
  options.cancel = cancel.get_token();
  const RefereeOutcome out = requestMove(source, game, Color::Black, options);
  EXPECT_FALSE(out.move.has_value());
  EXPECT_EQ(out.error, "stopped");
  EXPECT_TRUE(source.requests.empty());
  EXPECT_TRUE(out.attempts.empty());
}

TEST(Referee, AnUnsetCancelChangesNothing) {
  const Game game = gameFrom(9, Rules::Chinese, {"E5"});
  ScriptedSource source({"E5", "D4"});
  const std::stop_source cancel;
  RefereeOptions options(ErrorLog::none());
  options.cancel = cancel.get_token();
  const RefereeOutcome out = requestMove(source, game, Color::Black, options);
  ASSERT_TRUE(out.move.has_value()) << out.error;
  EXPECT_EQ(out.attempts.size(), 2U);
}

TEST_F(RefereeErrorLog, AStoppedRequestWritesNoRecord) {
  const Game game = gameFrom(5, Rules::Chinese, {"C3"});
  ScriptedSource source({"C3", "C3"});
  std::stop_source cancel;
  RefereeOptions options(ErrorLog(path(), {"qt", "scripted", "", ""}));
  options.cancel = cancel.get_token();
  options.onAttempt = [&](const Attempt&) { cancel.request_stop(); };
  const RefereeOutcome out = requestMove(source, game, Color::White, options);
  EXPECT_FALSE(out.move.has_value());
  EXPECT_EQ(out.error, "stopped");
  EXPECT_TRUE(out.logId.empty());
  EXPECT_TRUE(out.logError.empty());
  EXPECT_TRUE(lines().empty());
}

TEST(Referee, AttemptsAreShownByVertexByTheTextReadOrByTheQuotedAnswer) {
  const Game game = gameFrom(9, Rules::Chinese, {"E5"});
  ScriptedSource source({"E5", "(3, 12)", "no idea", "D4"});
  const RefereeOutcome out = requestMove(source, game, Color::White, RefereeOptions(ErrorLog::none()));
  ASSERT_EQ(out.attempts.size(), 4U);
  EXPECT_EQ(attemptLine(out.attempts[0]), "attempt 1: E5 rejected (stone already there)");
  EXPECT_EQ(attemptLine(out.attempts[1]), "attempt 2: (3, 12) rejected (outside the board)");
  EXPECT_EQ(attemptLine(out.attempts[2]),
            "attempt 3: \"no idea\" rejected (no coordinate could be read from the answer)");
  EXPECT_EQ(attemptLine(out.attempts[3]), "attempt 4: D4 accepted");
}

TEST(Referee, EndsSayHowTheRequestEnded) {
  const Game over = gameFrom(9, Rules::Chinese, {"pass", "pass"});
  ScriptedSource source({"D4"});
  EXPECT_EQ(requestMove(source, over, Color::Black, RefereeOptions(ErrorLog::none())).end, MoveEnd::NotInPlay);
  const Game game = gameFrom(9, Rules::Chinese, {});
  EXPECT_EQ(requestMove(source, game, Color::Black, RefereeOptions(ErrorLog::none())).end, MoveEnd::Accepted);
  EXPECT_EQ(moveEndCode(MoveEnd::Accepted), "accepted");
  EXPECT_EQ(moveEndCode(MoveEnd::NoLegalMove), "ai_failed");
  EXPECT_EQ(moveEndCode(MoveEnd::Unreachable), "model_unavailable");
  EXPECT_EQ(moveEndCode(MoveEnd::Stopped), "stopped");
  EXPECT_EQ(moveEndCode(MoveEnd::NotInPlay), "not_in_play");
}

// A source that refereed its own attempts (a remote tengen serve) fails with NoLegalMove: the AI's failure, not the
// transport's, and it is not asked again.
class GivingUpSource : public MoveSource {
 public:
  std::string describe() const override { return "remote"; }
  Result<Answer> propose(const MoveRequest&) override {
    ++asked;
    return Result<Answer>::failure("found no legal move", ErrorKind::NoLegalMove);
  }
  int asked = 0;
};

TEST(Referee, ASourceThatFoundNoLegalMoveEndsAsNoLegalMove) {
  const Game game = gameFrom(9, Rules::Chinese, {});
  GivingUpSource source;
  const RefereeOutcome out = requestMove(source, game, Color::Black, RefereeOptions(ErrorLog::none()));
  EXPECT_EQ(out.end, MoveEnd::NoLegalMove);
  EXPECT_EQ(source.asked, 1);
  EXPECT_EQ(out.error, "remote: found no legal move");
}

}  // namespace
}  // namespace tengen::ai
