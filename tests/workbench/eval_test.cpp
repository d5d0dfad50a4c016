// tengen eval's runs against scripted OpenAI-compatible servers whose behaviour is known, so that the figures are
// too: a model that is always illegal first and legal second, one that is always legal, several workers at once.
#include "tengen/workbench/eval.h"

#include <gtest/gtest.h>

#include <chrono>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tengen/ai/error_log.h"
#include "tengen/core/sha256.h"
#include "tengen/io/atomic_file.h"
#include "tengen/sgf/sgf.h"
#include "tengen/sources/chat.h"
#include "tengen/sources/make_source.h"
#include "tengen/sources/prompt.h"
#include "tengen/workbench/compare.h"
#include "tengen/workbench/positions.h"

#include "support/fake_model.h"
#include "support/temp_dir.h"

namespace tengen::workbench {
namespace {

using nlohmann::json;
using test_support::FakeServer;

// A 9x9 record of twelve moves, written into dir.
std::string writeRecord(const test_support::TempDir& dir, const std::string& name) {
  const std::string path = (dir.path() / name).string();
  test_support::writeFile(path,
                          "(;GM[1]FF[4]SZ[9]KM[7]RU[Chinese];B[ee];W[cc];B[gc];W[cg];B[gg];W[ec];B[ce];W[eg];B[ge]"
                          ";W[dd];B[fd];W[df])");
  return path;
}

Sampling everyMove() {
  Sampling sampling;
  sampling.every = 1;
  return sampling;
}

EvalOptions optionsFor(const FakeServer& server, int jobs) {
  EvalOptions o;
  o.engine = server.spec();
  o.jobs = jobs;
  o.source.model.model = "fake";
  o.source.model.image = false;
  return o;
}

// Each position is the game the record's replay reaches, taken back to before the move: the same stones, hash,
// turn, phase, captures and moves, and the same verdict on every point (so ko and superko see the same history).
// The record has setup stones, White first, a ko taken back after a threat, and two passes before play resumed.
TEST(Positions, EachIsTheRecordsGameTakenBackToIt) {
  test_support::TempDir dir("tengen-eval");
  const std::string text =
      "(;GM[1]FF[4]SZ[9]KM[0.5]RU[Japanese]AB[cc][gg]PL[W];W[ed];B[ce];W[ef];B[dd];W[fe];B[df];W[de];B[ee];W[aa]"
      ";B[ab];W[de];B[];W[];B[ia];W[ib])";
  test_support::writeFile((dir.path() / "line.sgf").string(), text);
  const Result<PositionSet> set = collectPositions({dir.path().string()}, everyMove());
  ASSERT_TRUE(set.ok()) << set.error();
  ASSERT_EQ(set->positions.size(), 15u);

  const Result<sgf::Collection> collection = sgf::parse(text);
  ASSERT_TRUE(collection.ok()) << collection.error();
  const Result<sgf::GameRecord> record = sgf::readRecord(collection->games()[0]);
  ASSERT_TRUE(record.ok()) << record.error();
  const Game end = sgf::replay(*record).game;
  ASSERT_EQ(end.moveCount(), 15);
  for (const Position& p : set->positions) {
    SCOPED_TRACE("before move " + std::to_string(p.moveNumber));
    Game expected = end;
    expected.undoTo(p.moveNumber - 1);
    const Game game = p.game();
    EXPECT_EQ(p.size(), 9);
    EXPECT_EQ(game.board().hash(), expected.board().hash());
    EXPECT_EQ(game.toMove(), expected.toMove());
    EXPECT_EQ(game.phase(), expected.phase());
    EXPECT_EQ(game.moves(), expected.moves());
    EXPECT_EQ(game.board().captures(Color::Black), expected.board().captures(Color::Black));
    EXPECT_EQ(game.board().captures(Color::White), expected.board().captures(Color::White));
    for (int row = 0; row < 9; ++row) {
      for (int col = 0; col < 9; ++col) {
        const Move move = Move::play(p.color(), {row, col});
        EXPECT_EQ(game.check(move), expected.check(move)) << row << "," << col;
      }
    }
  }
  // Black took the ko at D5 with move 8: before move 9 White may not take it back at once; before move 11, after the
  // threat and its answer, it may.
  EXPECT_EQ(set->positions[10].game().check(Move::play(Color::White, {4, 3})), RejectReason::None);
  EXPECT_EQ(set->positions[8].game().check(Move::play(Color::White, {4, 3})), RejectReason::Ko);
  // Move 14 follows two passes: the position is in scoring, as the game taken back is; move 15 is in play again.
  EXPECT_EQ(set->positions[13].game().phase(), Phase::Scoring);
  EXPECT_EQ(set->positions[14].game().phase(), Phase::Playing);
}

TEST(Positions, EveryKthMoveOfTheRecordWithItsPhase) {
  test_support::TempDir dir("tengen-eval");
  writeRecord(dir, "a.sgf");
  Sampling sampling;
  sampling.every = 4;
  const Result<PositionSet> set = collectPositions({dir.path().string()}, sampling);
  ASSERT_TRUE(set.ok()) << set.error();
  ASSERT_EQ(set->positions.size(), 3U);  // moves 1, 5, 9 of 12
  EXPECT_EQ(set->positions[0].moveNumber, 1);
  EXPECT_EQ(set->positions[0].game().moveCount(), 0);
  EXPECT_EQ(set->positions[0].phase(), GamePhase::Opening);
  EXPECT_EQ(set->positions[1].moveNumber, 5);
  EXPECT_EQ(set->positions[1].phase(), GamePhase::Middle);
  EXPECT_EQ(set->positions[2].moveNumber, 9);
  EXPECT_EQ(set->positions[2].phase(), GamePhase::End);
  EXPECT_EQ(set->positions[2].recordMove, Move::play(Color::Black, {4, 6}));  // G5
  EXPECT_EQ(set->positions[2].game().moveCount(), 8);
}

TEST(Positions, ARandomDrawIsSeededAndUnreadableRecordsAreCountedNotDropped) {
  test_support::TempDir dir("tengen-eval");
  writeRecord(dir, "a.sgf");
  writeRecord(dir, "b.sgf");
  test_support::writeFile(dir.path() / "broken.sgf", "(;GM[1]SZ[9];B[ee];W[ee])");
  test_support::writeFile(dir.path() / "notes.txt", "not a record");
  Sampling sampling;
  sampling.count = 5;
  sampling.seed = 7;
  const Result<PositionSet> first = collectPositions({dir.path().string()}, sampling);
  const Result<PositionSet> again = collectPositions({dir.path().string()}, sampling);
  ASSERT_TRUE(first.ok()) << first.error();
  ASSERT_EQ(first->positions.size(), 5U);
  EXPECT_EQ(first->records, 2);
  ASSERT_EQ(first->skipped.size(), 1U);
  EXPECT_NE(first->skipped[0].find("broken.sgf"), std::string::npos) << first->skipped[0];
  EXPECT_NE(first->skipped[0].find("occupied"), std::string::npos) << first->skipped[0];
  for (std::size_t i = 0; i < 5; ++i) {
    EXPECT_EQ(first->positions[i].file, again->positions[i].file);
    EXPECT_EQ(first->positions[i].moveNumber, again->positions[i].moveNumber);
  }
  EXPECT_FALSE(collectPositions({(dir.path() / "missing").string()}, sampling).ok());
}

// Illegal first (a point off the board), legal on the retry: first-try 0%, within attempts 100%, 2.0 attempts.
TEST(Eval, IllegalFirstAndLegalSecondGivesTheKnownRates) {
  test_support::TempDir dir("tengen-eval");
  writeRecord(dir, "a.sgf");
  const Result<PositionSet> set = collectPositions({dir.path().string()}, everyMove());
  ASSERT_TRUE(set.ok()) << set.error();
  FakeServer server({R"({"first": "Z99", "retry": "pass"})"});
  const EvalRun run = runEval(set->positions, optionsFor(server, 1));
  ASSERT_FALSE(run.startFailure.has_value());
  const Summary s = summarize(set->positions, run.results, false);
  EXPECT_EQ(s.all.positions, 12);
  EXPECT_EQ(s.all.firstTryLegal.successes, 0);
  EXPECT_EQ(s.all.legal.successes, 12);
  EXPECT_DOUBLE_EQ(s.all.legal.rate, 1.0);
  EXPECT_DOUBLE_EQ(s.all.attemptsPerMove, 2.0);
  EXPECT_EQ(s.all.rejections.count(RejectReason::OutOfBounds), 12U);
  EXPECT_EQ(s.all.agreementRecord.successes, 0);  // a pass never is the record's move
  EXPECT_EQ(s.all.failures, 0);
  ASSERT_EQ(s.bySize.size(), 1U);
  EXPECT_EQ(s.bySize.at(9).positions, 12);
  EXPECT_EQ(s.byPhase.at(GamePhase::Opening).positions, 4);
  EXPECT_EQ(server.bodies().size(), 24U);

  const json doc = json::parse(tengen::json::toJson(evalJson(set->positions, run.results, s, optionsFor(server, 1))));
  EXPECT_EQ(doc["summary"]["positions"], 12);
  EXPECT_EQ(doc["summary"]["first_try_legal"]["rate"], 0.0);
  EXPECT_EQ(doc["summary"]["legal"]["n"], 12);
  EXPECT_EQ(doc["summary"]["attempts_per_move"], 2.0);
  EXPECT_EQ(doc["summary"]["rejections"]["out_of_bounds"], 12);
  EXPECT_TRUE(doc["summary"]["latency_ms"].contains("p95"));
  ASSERT_EQ(doc["positions"].size(), 12U);
  EXPECT_EQ(doc["positions"][0]["file"], set->positions[0].file);
  EXPECT_EQ(doc["positions"][0]["record_move"], "E5");
  EXPECT_EQ(doc["positions"][0]["move"], "pass");
  EXPECT_EQ(doc["positions"][0]["attempts"][0]["reason"], "out_of_bounds");
  EXPECT_EQ(doc["positions"][0]["attempts"][0]["answer"], "Z99");
}

// Several workers really ask at once (the server sees overlapping requests), and the results are those of one.
TEST(Eval, JobsAskConcurrentlyWithTheSameResultsAsOne) {
  test_support::TempDir dir("tengen-eval");
  writeRecord(dir, "a.sgf");
  const Result<PositionSet> set = collectPositions({dir.path().string()}, everyMove());
  ASSERT_TRUE(set.ok()) << set.error();
  FakeServer one({R"({"delay": 0.05, "first": "Z99", "retry": "pass"})"});
  FakeServer four({R"({"delay": 0.05, "first": "Z99", "retry": "pass"})"});
  const EvalRun a = runEval(set->positions, optionsFor(one, 1));
  const EvalRun b = runEval(set->positions, optionsFor(four, 4));
  EXPECT_EQ(one.maxInFlight(), 1);
  EXPECT_GE(four.maxInFlight(), 2);
  ASSERT_EQ(a.results.size(), b.results.size());
  for (std::size_t i = 0; i < a.results.size(); ++i) {
    EXPECT_EQ(a.results[i].outcome.move, b.results[i].outcome.move) << i;
    ASSERT_EQ(a.results[i].outcome.attempts.size(), b.results[i].outcome.attempts.size()) << i;
    for (std::size_t k = 0; k < a.results[i].outcome.attempts.size(); ++k) {
      EXPECT_EQ(a.results[i].outcome.attempts[k].answer, b.results[i].outcome.attempts[k].answer) << i;
      EXPECT_EQ(a.results[i].outcome.attempts[k].reason, b.results[i].outcome.attempts[k].reason) << i;
    }
  }
}

// Two fakes whose difference is known: one always legal at once, one never legal at once.
TEST(Eval, CompareFindsTheKnownDifferenceWithMcNemar) {
  test_support::TempDir dir("tengen-eval");
  writeRecord(dir, "a.sgf");
  const Result<PositionSet> set = collectPositions({dir.path().string()}, everyMove());
  ASSERT_TRUE(set.ok()) << set.error();
  FakeServer good({R"({"content": "pass"})"});
  FakeServer bad({R"({"first": "Z99", "retry": "pass"})"});
  const std::string pathA = (dir.path() / "a.json").string();
  const std::string pathB = (dir.path() / "b.json").string();
  for (const auto& [server, path] : {std::pair{&good, pathA}, std::pair{&bad, pathB}}) {
    const EvalOptions options = optionsFor(*server, 2);
    const EvalRun run = runEval(set->positions, options);
    const Summary s = summarize(set->positions, run.results, false);
    ASSERT_TRUE(
        io::writeFileAtomically(path, tengen::json::toJson(evalJson(set->positions, run.results, s, options))).ok());
  }
  const Result<Comparison> c = compareRuns(pathA, pathB);
  ASSERT_TRUE(c.ok()) << c.error();
  EXPECT_EQ(c->matched, 12);
  ASSERT_GE(c->rates.size(), 3U);
  EXPECT_EQ(c->rates[0].name, "first_try_legal");
  EXPECT_DOUBLE_EQ(c->rates[0].a.rate, 1.0);
  EXPECT_DOUBLE_EQ(c->rates[0].b.rate, 0.0);
  EXPECT_EQ(c->rates[0].test.onlyA, 12);
  EXPECT_EQ(c->rates[0].test.onlyB, 0);
  EXPECT_NEAR(c->rates[0].test.p, 2.0 / 4096, 1e-12);  // exact: 2 * 0.5^12
  EXPECT_EQ(c->rates[1].name, "legal");
  EXPECT_DOUBLE_EQ(c->rates[1].test.p, 1.0);  // both always legal within attempts
  const std::string table = comparisonText(*c, "a", "b");
  EXPECT_NE(table.find("significant"), std::string::npos) << table;
}

// A run file is JSON from outside like any other: read no deeper than 32 levels, and refused naming the file.
TEST(Eval, CompareRefusesARunNestedTooDeeply) {
  test_support::TempDir dir("tengen-eval");
  const std::string path = (dir.path() / "deep.json").string();
  test_support::writeFile(path, R"({"positions":)" + std::string(100000, '[') + std::string(100000, ']') + "}");
  const Result<Comparison> c = compareRuns(path, path);
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.error(), path + ": JSON nested deeper than 32 levels");
}

TEST(Eval, AnUnreachableSourceFailsTheRunAtTheStart) {
  test_support::TempDir dir("tengen-eval");
  writeRecord(dir, "a.sgf");
  const Result<PositionSet> set = collectPositions({dir.path().string()}, everyMove());
  ASSERT_TRUE(set.ok());
  EvalOptions options;
  options.engine = "openai:http://127.0.0.1:9/v1";
  options.source.transportAttempts = 1;
  const EvalRun run = runEval(set->positions, options);
  ASSERT_TRUE(run.startFailure.has_value());
  EXPECT_EQ(run.startFailure->errorKind(), ErrorKind::Unreachable);
}

// The tokens a server reports in `usage` are summed over every request; the error log names the record's move.
TEST(Eval, TokensFromUsageAndTheRecordsMoveInTheLog) {
  test_support::TempDir dir("tengen-eval");
  writeRecord(dir, "a.sgf");
  Sampling sampling;
  sampling.every = 4;
  const Result<PositionSet> set = collectPositions({dir.path().string()}, sampling);
  ASSERT_TRUE(set.ok()) << set.error();
  FakeServer server({R"({"first": "Z99", "retry": "pass", "usage": {"prompt_tokens": 850, "completion_tokens": 3}})"});
  EvalOptions options = optionsFor(server, 1);
  options.errorLogPath = (dir.path() / "errors.jsonl").string();
  options.logAccepted = true;
  const EvalRun run = runEval(set->positions, options);
  ASSERT_FALSE(run.startFailure.has_value());
  const Summary s = summarize(set->positions, run.results, false);
  EXPECT_EQ(s.all.tokenRequests, 6);  // 3 positions, 2 requests each
  EXPECT_EQ(s.all.promptTokens, 6 * 850);
  EXPECT_EQ(s.all.completionTokens, 6 * 3);
  const json doc = json::parse(tengen::json::toJson(evalJson(set->positions, run.results, s, options)));
  EXPECT_EQ(doc["summary"]["tokens"], json({{"requests", 6}, {"prompt", 5100}, {"completion", 18}}));
  EXPECT_EQ(doc["positions"][0]["attempts"][1]["usage"], json({{"prompt_tokens", 850}, {"completion_tokens", 3}}));
  EXPECT_NE(summaryText(s, *set).find("prompt 5100 (850 per request)"), std::string::npos) << summaryText(s, *set);

  std::istringstream log(test_support::readFile(options.errorLogPath));
  std::vector<json> records;
  for (std::string line; std::getline(log, line);) records.push_back(json::parse(line));
  ASSERT_EQ(records.size(), 3U);
  EXPECT_EQ(records[1]["record_move"], "G3");
  EXPECT_EQ(records[1]["record_file"], set->positions[1].file);
  EXPECT_EQ(records[1]["coords"], "gtp");
  EXPECT_EQ(records[1]["attempts"][0]["usage"]["prompt_tokens"], 850);
  EXPECT_EQ(records[1]["attempts"][0]["system"], records[1]["attempts"][0]["prompt"].get<std::string>().substr(
                                                     0, records[1]["attempts"][0]["system"].get<std::string>().size()));
  // The log has the prompts; the run does not keep them for every position once they are logged.
  EXPECT_GT(records[1]["attempts"][0]["prompt"].get<std::string>().size(), 100U);
  for (const PositionResult& r : run.results) {
    for (const ai::Attempt& a : r.outcome.attempts) EXPECT_TRUE(a.prompt.empty() && a.system.empty());
  }
}

// A run's settings as the options and facts of a model run on every move of one record: the prompt settings, the
// template file, the referee's and the sampling's.
EvalOptions modelRunOptions(const FakeServer& server, const test_support::TempDir& dir) {
  EvalOptions options = optionsFor(server, 1);
  // Credentials in the spec never reach the file.
  options.engine = "openai:http://user:secret@127.0.0.1:" + std::to_string(server.port()) + "/v1";
  options.source.model.coords = sources::CoordFormat::RowCol;
  options.source.model.constrain = sources::Constraint::Regex;
  options.source.model.temperature = 0.25;
  options.source.seed = 7;
  options.maxRetries = 2;
  const std::string templatePath = (dir.path() / "go.txt").string();
  test_support::writeFile(templatePath, "Play {{color}}.\n---\n{{board}}\n");
  const Result<PromptTemplateId> id = promptTemplateId(templatePath);
  EXPECT_TRUE(id.ok()) << id.error();
  if (id) options.facts.promptTemplate = *id;
  options.facts.started = std::chrono::system_clock::from_time_t(1772357400);  // 2026-03-01 09:30:00 UTC
  options.facts.tengenVersion = "9.8.7";
  options.facts.sgf = {dir.path().string()};
  options.facts.sampling = everyMove();
  options.facts.records = 1;
  return options;
}

TEST(Eval, TheJsonHoldsTheSettingsTheRunWasMadeWith) {
  test_support::TempDir dir("tengen-eval");
  writeRecord(dir, "a.sgf");
  const Result<PositionSet> set = collectPositions({dir.path().string()}, everyMove());
  ASSERT_TRUE(set.ok()) << set.error();
  FakeServer server({R"({"content": "pass"})"});
  const EvalOptions options = modelRunOptions(server, dir);
  const EvalRun run = runEval(set->positions, options);
  ASSERT_FALSE(run.startFailure.has_value());
  const Summary s = summarize(set->positions, run.results, false);
  const json doc = json::parse(tengen::json::toJson(evalJson(set->positions, run.results, s, options)));

  EXPECT_EQ(doc["engine"], "openai:http://127.0.0.1:" + std::to_string(server.port()) + "/v1");
  EXPECT_EQ(doc["model"], "fake");
  EXPECT_EQ(doc["summary"]["positions"], 12);  // the figures stay where they were
  ASSERT_TRUE(doc["summary"].contains("run")) << doc.dump();
  EXPECT_FALSE(doc.contains("run"));
  const json& r = doc["summary"]["run"];
  EXPECT_EQ(r["date"], "2026-03-01T09:30:00Z");
  EXPECT_EQ(r["tengen_version"], "9.8.7");
  EXPECT_EQ(r["coords"], "rowcol");
  EXPECT_EQ(r["image"], false);
  EXPECT_EQ(r["constrain"], "regex");
  EXPECT_EQ(r["constrain_api"], "vllm");
  EXPECT_EQ(r["prompt_template"], "go.txt");
  EXPECT_EQ(r["prompt_template_sha256"], sha256Hex("Play {{color}}.\n---\n{{board}}\n"));
  EXPECT_EQ(r["temperature"], 0.25);
  EXPECT_EQ(r["max_retries"], 2);
  EXPECT_EQ(r["seed"], 7);
  EXPECT_EQ(r["sgf"], json::array({dir.path().string()}));
  EXPECT_EQ(r["every"], 1);
  EXPECT_TRUE(r["positions_drawn"].is_null());
  EXPECT_EQ(r["positions"], 12);
  EXPECT_EQ(r["records"], 1);
  EXPECT_EQ(doc.dump().find("secret"), std::string::npos);

  // An engine that is not a model is shown no prompt: its prompt settings are null, the others are kept.
  EvalOptions builtin = options;
  builtin.engine = "random";
  builtin.facts.sampling.count = 5;
  const json other = json::parse(tengen::json::toJson(evalJson(set->positions, run.results, s, builtin)));
  for (const char* key :
       {"coords", "image", "constrain", "constrain_api", "prompt_template", "prompt_template_sha256", "temperature"}) {
    EXPECT_TRUE(other["summary"]["run"][key].is_null()) << key;
  }
  EXPECT_EQ(other["summary"]["run"]["max_retries"], 2);
  EXPECT_TRUE(other["summary"]["run"]["every"].is_null());
  EXPECT_EQ(other["summary"]["run"]["positions_drawn"], 5);
}

TEST(Eval, ThePromptTemplateIsNamedAndHashed) {
  const Result<PromptTemplateId> builtin = promptTemplateId("");
  ASSERT_TRUE(builtin.ok());
  EXPECT_EQ(builtin->name, "built-in");
  EXPECT_EQ(builtin->sha256, sha256Hex(sources::formatPromptTemplate(sources::defaultPromptTemplate())));
  EXPECT_EQ(builtin->sha256.size(), 64U);

  test_support::TempDir dir("tengen-eval");
  const std::string missing = (dir.path() / "nowhere.txt").string();
  const Result<PromptTemplateId> none = promptTemplateId(missing);
  ASSERT_FALSE(none.ok());
  EXPECT_NE(none.error().find(missing), std::string::npos) << none.error();
}

TEST(Eval, SettingsReadAsAPersonReadsThem) {
  EXPECT_EQ(isoUtc(std::chrono::system_clock::from_time_t(0)), "1970-01-01T00:00:00Z");
  EXPECT_EQ(settingText(nullptr), "none");
  EXPECT_EQ(settingText(true), "on");
  EXPECT_EQ(settingText(false), "off");
  EXPECT_EQ(settingText(""), "none");
  EXPECT_EQ(settingText(4), "4");
  EXPECT_EQ(settingText(tengen::json::JsonValue::Array{"a", "b dir"}), "a b dir");
}

// Writes the --json file of a run of `options` whose results are `run`'s, and returns its path.
std::string writeRun(const std::string& path, const std::vector<Position>& positions, const EvalRun& run,
                     const EvalOptions& options) {
  const Summary s = summarize(positions, run.results, false);
  EXPECT_TRUE(io::writeFileAtomically(path, tengen::json::toJson(evalJson(positions, run.results, s, options))).ok());
  return path;
}

// The same results written with settings that differ in one way, in none (but the date), and in a file with no run
// settings at all, as tengen wrote before it kept them.
TEST(Eval, CompareWarnsOfEachSettingTheRunsDifferInAndCopesWithAnOldFile) {
  test_support::TempDir dir("tengen-eval");
  writeRecord(dir, "a.sgf");
  const Result<PositionSet> set = collectPositions({dir.path().string()}, everyMove());
  ASSERT_TRUE(set.ok()) << set.error();
  FakeServer server({R"({"content": "pass"})"});
  const EvalOptions gtp = [&] {
    EvalOptions o = modelRunOptions(server, dir);
    o.source.model.coords = sources::CoordFormat::Gtp;
    return o;
  }();
  const EvalRun run = runEval(set->positions, gtp);
  ASSERT_FALSE(run.startFailure.has_value());
  EvalOptions later = gtp;
  later.facts.started = *gtp.facts.started + std::chrono::hours(30);
  EvalOptions rowcol = gtp;
  rowcol.source.model.coords = sources::CoordFormat::RowCol;
  const std::string a = writeRun((dir.path() / "a.json").string(), set->positions, run, gtp);
  const std::string same = writeRun((dir.path() / "same.json").string(), set->positions, run, later);
  const std::string b = writeRun((dir.path() / "b.json").string(), set->positions, run, rowcol);

  const Result<Comparison> alike = compareRuns(a, same);
  ASSERT_TRUE(alike.ok()) << alike.error();
  EXPECT_TRUE(alike->differences.empty());
  EXPECT_TRUE(comparisonWarnings(*alike, a, same).empty());

  const Result<Comparison> unlike = compareRuns(a, b);
  ASSERT_TRUE(unlike.ok()) << unlike.error();
  EXPECT_EQ(comparisonWarnings(*unlike, a, b),
            std::vector<std::string>{"the runs differ in coords: gtp (A) vs rowcol (B)"});

  json old = json::parse(test_support::readFile(b));
  old["summary"].erase("run");
  const std::string oldPath = (dir.path() / "old.json").string();
  test_support::writeFile(oldPath, old.dump());
  const Result<Comparison> withOld = compareRuns(a, oldPath);
  ASSERT_TRUE(withOld.ok()) << withOld.error();
  EXPECT_EQ(withOld->matched, 12);
  EXPECT_TRUE(withOld->settingsKnownA);
  EXPECT_FALSE(withOld->settingsKnownB);
  const std::vector<std::string> warnings = comparisonWarnings(*withOld, a, oldPath);
  ASSERT_EQ(warnings.size(), 1U);
  EXPECT_EQ(warnings[0], "the settings of run B (" + oldPath +
                             ") are unknown: its file has no \"run\" object (written before tengen kept them)");

  // A setting one file's run object lacks is unknown there, and said so.
  json partial = json::parse(test_support::readFile(a));
  partial["summary"]["run"].erase("seed");
  const std::string partialPath = (dir.path() / "partial.json").string();
  test_support::writeFile(partialPath, partial.dump());
  const Result<Comparison> withPartial = compareRuns(a, partialPath);
  ASSERT_TRUE(withPartial.ok()) << withPartial.error();
  EXPECT_EQ(comparisonWarnings(*withPartial, a, partialPath),
            std::vector<std::string>{"the runs differ in seed: 7 (A) vs unknown (B)"});
}

// What a model is shown or asked is null for any other engine and reads "none": a model run against an engine run
// differs in the engine, not in its constraint, and a constraint's API matters only where a constraint was sent.
TEST(Eval, CompareWarnsOnlyOfSettingsThatReallyDiffer) {
  test_support::TempDir dir("tengen-eval");
  writeRecord(dir, "a.sgf");
  const Result<PositionSet> set = collectPositions({dir.path().string()}, everyMove());
  ASSERT_TRUE(set.ok()) << set.error();
  FakeServer server({R"({"content": "pass"})"});
  EvalOptions model = modelRunOptions(server, dir);
  model.source.model.constrain = sources::Constraint::None;
  const EvalRun run = runEval(set->positions, model);
  ASSERT_FALSE(run.startFailure.has_value());
  EvalOptions engine = model;
  engine.engine = "builtin:playouts=50";
  EvalOptions llama = model;
  llama.source.model.constrainApi = sources::ConstraintApi::LlamaCppGrammar;
  EvalOptions regex = model;
  regex.source.model.constrain = sources::Constraint::Regex;
  const auto path = [&](const char* name) { return (dir.path() / name).string(); };
  const std::string a = writeRun(path("model.json"), set->positions, run, model);
  const std::string b = writeRun(path("engine.json"), set->positions, run, engine);
  const std::string c = writeRun(path("llama.json"), set->positions, run, llama);
  const std::string d = writeRun(path("regex.json"), set->positions, run, regex);

  for (const auto& [x, y] : {std::pair{a, b}, std::pair{b, a}, std::pair{a, c}}) {
    const Result<Comparison> compared = compareRuns(x, y);
    ASSERT_TRUE(compared.ok()) << compared.error();
    EXPECT_EQ(comparisonWarnings(*compared, x, y), std::vector<std::string>{}) << x << " vs " << y;
  }
  const Result<Comparison> constrained = compareRuns(a, d);
  ASSERT_TRUE(constrained.ok()) << constrained.error();
  EXPECT_EQ(comparisonWarnings(*constrained, a, d),
            std::vector<std::string>{"the runs differ in constrain: none (A) vs regex (B)"});
  const Result<Comparison> apis = compareRuns(c, d);
  ASSERT_TRUE(apis.ok()) << apis.error();
  EXPECT_EQ(comparisonWarnings(*apis, c, d),
            (std::vector<std::string>{"the runs differ in constrain: none (A) vs regex (B)",
                                      "the runs differ in constrain-api: llama (A) vs vllm (B)"}));
}

}  // namespace
}  // namespace tengen::workbench
