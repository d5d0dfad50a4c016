// Every reason an attempt can be refused for, walked from the rules to every place that reports it: the retry
// prompt, the error log, the attempt JSON, the server's metrics and the match summary. All of them read the one
// reason table, so a reason added there shows up everywhere; this test says so for each one.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <ostream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "tengen/ai/answer_parser.h"
#include "tengen/ai/attempt_json.h"
#include "tengen/ai/error_log.h"
#include "tengen/ai/referee.h"
#include "tengen/ai/rejection_counts.h"
#include "tengen/core/game.h"
#include "tengen/sources/make_source.h"
#include "tengen/sources/prompt.h"

#include "metrics.h"
#include "support/game_from.h"
#include "support/temp_dir.h"

namespace tengen {
namespace {

using nlohmann::json;
using test_support::gameFrom;

// Answers from a list and keeps what each request said was rejected before it.
class ScriptedSource : public ai::MoveSource {
 public:
  explicit ScriptedSource(std::vector<std::string> answers) : m_answers(std::move(answers)) {}
  std::string describe() const override { return "scripted"; }
  Result<ai::Answer> propose(const ai::MoveRequest& request) override {
    rejected.push_back(request.rejected);
    if (m_next >= m_answers.size()) return Result<ai::Answer>::failure("the script has run out");
    ai::Answer answer;
    answer.text = m_answers[m_next++];
    return answer;
  }
  std::vector<std::vector<ai::Rejection>> rejected;

 private:
  std::vector<std::string> m_answers;
  std::size_t m_next = 0;
};

struct WalkCase {
  RejectReason reason;
  int size;
  Rules rules;
  std::vector<std::string> moves;
  std::vector<std::string> answers;  // the last one is refused for `reason`; a legal pass follows
};

void PrintTo(const WalkCase& c, std::ostream* os) { *os << reasonCode(c.reason); }

class ReasonWalk : public ::testing::TestWithParam<WalkCase> {};

TEST_P(ReasonWalk, FromTheRulesToThePromptLogJsonMetricsAndMatchSummary) {
  const WalkCase& c = GetParam();
  const std::string code(reasonCode(c.reason));
  const Game game = gameFrom(c.size, c.rules, c.moves);
  const Color color = game.toMove();

  // The rules: Game::check answers the reason itself for every reason of the rules.
  const std::optional<ai::ReadMove> read = ai::readMove(c.answers.back(), c.size);
  const bool rulesReason = c.reason != RejectReason::Unparseable && c.reason != RejectReason::Repeated;
  if (rulesReason) {
    ASSERT_TRUE(read.has_value());
    EXPECT_EQ(game.check(Move{color, read->kind, read->point}, Game::TurnRule::AnyColor), c.reason);
  }

  // The referee, logging every move.
  test_support::TempDir dir("tengen-reason-walk");
  const std::string logPath = (dir.path() / "errors.jsonl").string();
  ai::RefereeOptions options(ai::ErrorLog(logPath, {"match", "scripted", "", ""}));
  options.logAccepted = true;
  std::vector<std::string> answers = c.answers;
  answers.emplace_back("pass");
  ScriptedSource source(answers);
  const ai::RefereeOutcome outcome = ai::requestMove(source, game, color, options);
  ASSERT_EQ(outcome.end, ai::MoveEnd::Accepted) << outcome.error;
  const std::size_t k = c.answers.size() - 1;
  ASSERT_EQ(outcome.attempts.size(), c.answers.size() + 1);
  const ai::Attempt& refused = outcome.attempts[k];
  EXPECT_EQ(refused.reason, c.reason);
  EXPECT_FALSE(refused.accepted());

  // The retry prompt names the refused answer with the reason's words (a repeat adds nothing new; an unreadable
  // answer has no point to name).
  const std::vector<ai::Rejection>& told = source.rejected.back();
  const sources::Prompt prompt =
      sources::buildPrompt(sources::defaultPromptTemplate(), game, color, told, sources::CoordFormat::Gtp);
  if (c.reason == RejectReason::Unparseable) {
    EXPECT_NE(prompt.user.find("(unreadable answer)"), std::string::npos) << prompt.user;
  } else if (c.reason == RejectReason::Repeated) {
    ASSERT_EQ(told.size(), 1U);
    EXPECT_NE(told[0].reason, RejectReason::Repeated);
  } else {
    EXPECT_NE(prompt.user.find(" (" + std::string(reasonWords(c.reason)) + ")"), std::string::npos) << prompt.user;
  }

  // The attempt JSON of --json and the server.
  const json attempt = json::parse(tengen::json::toJson(ai::attemptJson(refused)));
  EXPECT_EQ(attempt["reason"], code);
  EXPECT_EQ(attempt["verdict"], "rejected");
  EXPECT_EQ(attempt["answer"], c.answers.back());

  // The error log.
  std::ifstream in(logPath);
  std::string line;
  ASSERT_TRUE(std::getline(in, line));
  const json record = json::parse(line);
  EXPECT_EQ(record["attempts"][k]["reason"], code);
  EXPECT_EQ(record["attempts"][k]["answer"], c.answers.back());

  // The server's metrics.
  serve::Metrics metrics;
  metrics.countOutcome(outcome);
  const std::string text = metrics.text(serve::Gauges{1, 0, 0, {}});
  EXPECT_NE(text.find("tengen_rejections_total{reason=\"" + code + "\"} 1\n"), std::string::npos) << text;

  // The match summary's rejections= and its JSON.
  ai::RejectionCounts counts;
  counts.add(outcome.attempts);
  std::vector<std::string> entries;
  std::stringstream summary(counts.summary());
  for (std::string entry; std::getline(summary, entry, ',');) entries.push_back(entry);
  EXPECT_NE(std::find(entries.begin(), entries.end(), code + ":1"), entries.end()) << counts.summary();
  EXPECT_EQ(entries.size(), attemptReasons().size());
  EXPECT_EQ(json::parse(tengen::json::toJson(counts.json()))[code], 1);
}

const std::vector<WalkCase> kCases = {
    WalkCase{RejectReason::Occupied, 5, Rules::Chinese, {"C3", "D4"}, {"C3"}},
    // White A2 and B1 leave Black's A1 without a liberty or a capture.
    WalkCase{RejectReason::Suicide, 5, Rules::Chinese, {"E5", "A2", "E4", "B1"}, {"A1"}},
    // Black C2 takes White B2 in a ko; White may not retake at once.
    WalkCase{RejectReason::Ko, 5, Rules::Japanese, {"B3", "C3", "A2", "D2", "B1", "C1", "E5", "B2", "C2"}, {"B2"}},
    // Black A3 would bring back the position after White B2.
    WalkCase{RejectReason::Superko, 4, Rules::Chinese, {"C4", "A1", "A3", "B2", "B4", "B3", "A2", "A4"}, {"A3"}},
    WalkCase{RejectReason::OutOfBounds, 9, Rules::Chinese, {}, {"(3, 12)"}},
    WalkCase{RejectReason::Unparseable, 5, Rules::Chinese, {}, {"I would play the centre"}},
    WalkCase{RejectReason::Repeated, 5, Rules::Chinese, {"C3"}, {"C3", "c3"}}};

INSTANTIATE_TEST_SUITE_P(EveryAttemptReason, ReasonWalk, ::testing::ValuesIn(kCases),
                         [](const ::testing::TestParamInfo<WalkCase>& param) {
                           return std::string(reasonCode(param.param.reason));
                         });

TEST(ReasonTable, TheWalkCoversEveryAttemptReason) {
  // A reason added to the table without a case above fails here.
  std::vector<RejectReason> walked;
  for (const WalkCase& c : kCases) walked.push_back(c.reason);
  EXPECT_EQ(walked, std::vector<RejectReason>(attemptReasons().begin(), attemptReasons().end()));
}

}  // namespace
}  // namespace tengen
