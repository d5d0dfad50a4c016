// readRecord(), replay() and writeGame(): a record's main line as a Game and back.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "tengen/core/coords.h"
#include "tengen/core/game.h"
#include "tengen/sgf/sgf.h"

#include "sgf_test_util.h"

namespace tengen::sgf {
namespace {

using testing::dataPath;

Result<GameRecord> recordOf(std::string_view text) {
  const Result<Collection> c = parse(text);
  if (!c) return Result<GameRecord>::failure("parse: " + c.error());
  return readRecord(c->games().front());
}

Result<GameRecord> recordOfFile(const std::string& name) {
  const Result<Collection> c = parseFile(dataPath(name));
  if (!c) return Result<GameRecord>::failure(c.error());
  return readRecord(c->games().front());
}

std::string readError(std::string_view text) {
  const Result<GameRecord> r = recordOf(text);
  EXPECT_FALSE(r.ok()) << text;
  return r.error();
}

// The stones as GTP vertices in GNU Go's list_stones order.
std::string stones(const Board& board, Color color) {
  std::string out;
  for (int row = 0; row < board.size(); ++row) {
    for (int col = 0; col < board.size(); ++col) {
      if (board.at(Point{row, col}) != color) continue;
      if (!out.empty()) out += ' ';
      out += gtpVertex({row, col}, board.size());
    }
  }
  return out;
}

TEST(SgfRecord, ReadsGameInfoMovesAndComments) {
  const Result<GameRecord> r = recordOfFile("variations.sgf");
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r->config.size, 9);
  EXPECT_EQ(r->config.komi, 7.5);
  EXPECT_EQ(r->config.rules, Rules::Chinese);
  EXPECT_EQ(r->config.handicap, 0);
  EXPECT_EQ(r->info.at("GN"), "Variations");
  EXPECT_EQ(r->info.at("PB"), "Black");
  EXPECT_EQ(r->info.at("RU"), "Chinese");
  EXPECT_EQ(r->info.count("SZ"), 0u);
  ASSERT_EQ(r->moves.size(), 4u);
  EXPECT_EQ(r->moves[0], Move::play(Color::Black, {4, 4}));
  EXPECT_EQ(r->moves[3], Move::play(Color::White, {6, 2}));
  ASSERT_EQ(r->comments.size(), 4u);
  EXPECT_EQ(r->comments[0], "main line");
  EXPECT_EQ(r->comments[1], "");
  EXPECT_EQ(r->comments[3], "main line ends");
  EXPECT_TRUE(r->setup.empty());
  EXPECT_FALSE(r->firstToMove);
}

// A main line of kMaxRecordMoves moves is read; one more is refused at the move past the limit, not replayed.
TEST(SgfRecord, RefusesAMainLineOfMoreMovesThanItsLimit) {
  const auto passes = [](std::size_t moves) {
    std::string text = "(;GM[1]SZ[9]";
    for (std::size_t i = 0; i < moves; ++i) text += i % 2 == 0 ? ";B[]" : ";W[]";
    return text + ";C[after the moves])";
  };
  Result<Collection> longest = parse(passes(kMaxRecordMoves));
  ASSERT_TRUE(longest.ok()) << longest.error();
  const Result<GameRecord> read = readRecord(longest->games().front());
  ASSERT_TRUE(read.ok()) << read.error();
  EXPECT_EQ(read->moves.size(), kMaxRecordMoves);
  Result<Collection> over = parse(passes(kMaxRecordMoves + 1));
  ASSERT_TRUE(over.ok()) << over.error();
  const Result<GameRecord> refused = readRecord(over->games().front());
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error(), "move 100001: a main line of more than 100000 moves (the record's limit)");
}

TEST(SgfRecord, ReadsBothPassForms) {
  const Result<GameRecord> r = recordOfFile("pass.sgf");
  ASSERT_TRUE(r.ok()) << r.error();
  ASSERT_EQ(r->moves.size(), 4u);
  EXPECT_EQ(r->moves[2], Move::pass(Color::Black));  // B[]
  EXPECT_EQ(r->moves[3], Move::pass(Color::White));  // W[tt]
}

TEST(SgfRecord, TtIsAPointOnBoardsLargerThan19) {
  const Result<GameRecord> r = recordOfFile("big25.sgf");
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r->config.size, 25);
  ASSERT_EQ(r->moves.size(), 5u);
  EXPECT_EQ(r->moves[0], Move::play(Color::Black, {24, 24}));
  EXPECT_EQ(r->moves[1], Move::play(Color::White, {19, 19}));
  EXPECT_EQ(r->moves[3], Move::pass(Color::White));
  const Replay replayed = replay(r.value());
  EXPECT_FALSE(replayed.illegal);
  EXPECT_EQ(stones(replayed.game.board(), Color::Black), "A25 N13 Z1");
  EXPECT_EQ(stones(replayed.game.board(), Color::White), "U6");
}

TEST(SgfRecord, ExpandsCompressedPointListsIntoSetup) {
  const Result<GameRecord> r = recordOfFile("compressed.sgf");
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r->setup.size(), 8u + 1u + 6u);  // aa:cc without bb (AE), ee, gg:ih
  EXPECT_EQ(r->firstToMove, Color::White);
  EXPECT_EQ(r->config.rules, Rules::Japanese);
  const Replay replayed = replay(r.value());
  EXPECT_FALSE(replayed.illegal);
  EXPECT_EQ(replayed.setupError, "");
  EXPECT_EQ(stones(replayed.game.board(), Color::Black), "A9 B9 C9 A8 C8 A7 B7 C7 E5 F4");
  EXPECT_EQ(stones(replayed.game.board(), Color::White), "D6 G3 H3 J3 G2 H2 J2");
}

TEST(SgfRecord, ExpandPointsReadsOnePointOrARectangle) {
  EXPECT_EQ(expandPoints("dd", 19).value(), (std::vector<Point>{{3, 3}}));
  EXPECT_EQ(expandPoints("aa:bc", 19).value(), (std::vector<Point>{{0, 0}, {0, 1}, {1, 0}, {1, 1}, {2, 0}, {2, 1}}));
  EXPECT_EQ(expandPoints("bc:aa", 19).value().size(), 6u);
  EXPECT_EQ(expandPoints("aa:ss", 19).value().size(), 361u);
  EXPECT_EQ(expandPoints("jj", 9).error(), "SGF point 'jj' is outside the 9x9 board");
  EXPECT_EQ(expandPoints("aa:jj", 9).error(), "SGF point 'jj' is outside the 9x9 board");
  EXPECT_EQ(expandPoints("abc", 9).error(), "an SGF point is two letters (column, row): 'abc'");
  EXPECT_FALSE(expandPoints("", 9).ok());
  EXPECT_FALSE(expandPoints("a1", 9).ok());
}

TEST(SgfRecord, MapsRuleNamesInAnyCase) {
  const std::vector<std::pair<std::string, Rules>> cases = {
      {"Japanese", Rules::Japanese},
      {"chinese", Rules::Chinese},
      {"KOREAN", Rules::Korean},
      {"AGA", Rules::Aga},
      {"NZ", Rules::Nz},
      {"New Zealand", Rules::Nz},
      {"Tromp-Taylor", Rules::TrompTaylor},
      {"tromp taylor", Rules::TrompTaylor},
      {"TT", Rules::TrompTaylor},
      {"Ing", Rules::Chinese},
      {"", Rules::Chinese},
  };
  for (const auto& [ru, rules] : cases) {
    const Result<GameRecord> r = recordOf("(;GM[1]RU[" + ru + "])");
    ASSERT_TRUE(r.ok()) << r.error();
    EXPECT_EQ(r->config.rules, rules) << ru;
    EXPECT_EQ(r->info.at("RU"), ru);  // kept as read, known or not
  }
}

TEST(SgfRecord, ReadsKomiAndHandicap) {
  const Result<GameRecord> r = recordOf("(;GM[1]SZ[13]KM[0,5]HA[2]AB[dj][jd];W[dd])");
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r->config.komi, 0.5);
  EXPECT_EQ(r->config.handicap, 0);  // the stones come as setup
  EXPECT_EQ(r->info.at("HA"), "2");
  EXPECT_EQ(r->setup.size(), 2u);
  EXPECT_FALSE(recordOf("(;GM[1])")->config.komi);
  EXPECT_FALSE(recordOf("(;GM[1]KM[])")->config.komi);
}

TEST(SgfRecord, ReadsFoxKomiInHundredths) {
  // Fox (AP[YuanYu]) writes 7.5 as KM[750], and Chinese komi in hundredths of a stone: KM[375] is 7.5 points.
  const auto komiOf = [](const std::string& sgf) { return recordOf(sgf).value().config.komi.value(); };
  EXPECT_EQ(komiOf("(;GM[1]AP[YuanYu]SZ[19]KM[750]RU[Japanese];B[pd])"), 7.5);
  EXPECT_EQ(komiOf("(;GM[1]SZ[19]KM[650])"), 6.5);
  EXPECT_EQ(komiOf("(;GM[1]SZ[19]KM[550]HA[3])"), 5.5);
  EXPECT_EQ(komiOf("(;GM[1]SZ[19]KM[375]RU[Chinese])"), 7.5);
  EXPECT_EQ(komiOf("(;GM[1]SZ[9]KM[650])"), 6.5);
  EXPECT_EQ(komiOf("(;GM[1]SZ[9]KM[-650])"), -6.5);
  // Komi the board can hold is taken as written, also when large or not whole.
  EXPECT_EQ(komiOf("(;GM[1]SZ[19]KM[0])"), 0);
  EXPECT_EQ(komiOf("(;GM[1]SZ[19]KM[6.50])"), 6.5);
  EXPECT_EQ(komiOf("(;GM[1]SZ[19]KM[7.500000])"), 7.5);
  EXPECT_EQ(komiOf("(;GM[1]SZ[19]KM[3.75])"), 3.75);
  EXPECT_EQ(komiOf("(;GM[1]SZ[19]KM[361])"), 361);
  EXPECT_EQ(komiOf("(;GM[1]SZ[19]KM[750.5])"), 750.5);
  EXPECT_EQ(komiOf("(;GM[1]SZ[9]KM[81])"), 81);
}

TEST(SgfRecord, FirstToMoveDefaultsToWhiteAfterAHandicapWithoutMoves) {
  const Result<GameRecord> r = recordOf("(;GM[1]SZ[19]HA[2]AB[dp][pd])");
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(replay(r.value()).game.toMove(), Color::White);
  EXPECT_EQ(replay(recordOf("(;GM[1]SZ[19]AB[dp][pd]PL[B])").value()).game.toMove(), Color::Black);
  EXPECT_EQ(replay(recordOf("(;GM[1]SZ[19]PL[white])").value()).game.toMove(), Color::White);
}

TEST(SgfRecord, AppliesSetupNodesBeforeTheFirstMoveInOrder) {
  const Result<GameRecord> r = recordOf("(;GM[1]SZ[9]AB[aa][cc];AE[aa]AW[bb];AB[bb];B[ee])");
  ASSERT_TRUE(r.ok()) << r.error();
  // cc stays; aa removed; bb white, then black in a later node.
  EXPECT_EQ(r->setup, (std::vector<std::pair<Color, Point>>{{Color::Black, {2, 2}}, {Color::Black, {1, 1}}}));
  EXPECT_EQ(r->moves.size(), 1u);
}

TEST(SgfRecord, RefusesWhatItCannotRead) {
  EXPECT_EQ(recordOfFile("gm2.sgf").error(), "GM[2] is not a game of Go: tengen reads only GM[1] records");
  EXPECT_EQ(recordOfFile("out_of_range.sgf").error(), "move 2 (W[jj]): SGF point 'jj' is outside the 9x9 board");
  EXPECT_EQ(readError("(;SZ[9];B[ee];AB[aa];W[cc])"),
            "after move 1: setup stones (AB) after the first move are not supported; only the root and the nodes "
            "before move 1 may place or remove stones");
  EXPECT_EQ(readError("(;SZ[9];B[ee];W[cc]AE[aa])"),
            "move 2: setup stones (AE) after the first move are not supported; only the root and the nodes before "
            "move 1 may place or remove stones");
  EXPECT_EQ(readError("(;SZ[9];B[ee]W[cc])"), "move 1: a node holds both B and W");
  EXPECT_EQ(readError("(;SZ[9];B[ee];W[cc][dd])"), "move 2: W has 2 values; a move has one");
  EXPECT_EQ(readError("(;SZ[9];B[e])"), "move 1 (B[e]): an SGF point is two letters (column, row): 'e'");
  EXPECT_EQ(readError("(;SZ[9]AB[aa:zz])"), "setup AB[aa:zz]: SGF point 'zz' is outside the 9x9 board");
  EXPECT_EQ(readError("(;SZ[30])"), "SZ[30]: board size must be 2 to 25, not 30");
  EXPECT_EQ(readError("(;SZ[1])"), "SZ[1]: board size must be 2 to 25, not 1");
  EXPECT_EQ(readError("(;SZ[19:13])"), "SZ[19:13]: rectangular boards are not supported");
  EXPECT_EQ(readError("(;SZ[big])"), "SZ[big] is not a board size");
  EXPECT_EQ(readError("(;KM[six])"), "KM[six] is not a number");
  EXPECT_EQ(readError("(;KM[5000])"), "komi must be a finite number of at most 1000 points");
  EXPECT_EQ(readError("(;PL[X])"), "PL[X] is not B or W");
  EXPECT_TRUE(recordOf("(;SZ[13:13];B[mm])").ok());
}

TEST(SgfRecord, ReplayStopsAtTheFirstIllegalMove) {
  const Result<GameRecord> r = recordOfFile("illegal.sgf");
  ASSERT_TRUE(r.ok()) << r.error();
  const Replay replayed = replay(r.value());
  ASSERT_TRUE(replayed.illegal);
  EXPECT_EQ(replayed.illegal->moveNumber, 4);
  EXPECT_EQ(replayed.illegal->move, Move::play(Color::White, {4, 4}));
  EXPECT_EQ(replayed.illegal->reason, RejectReason::Occupied);
  EXPECT_EQ(replayed.game.moveCount(), 3);
  EXPECT_EQ(replayed.setupError, "");
}

TEST(SgfRecord, ReplayReportsKoUnderEveryRuleSet) {
  const Result<GameRecord> r = recordOfFile("ko.sgf");
  ASSERT_TRUE(r.ok()) << r.error();
  for (Rules rules : {Rules::Japanese, Rules::Chinese, Rules::TrompTaylor}) {
    const Replay replayed = replay(r.value(), rules);
    ASSERT_TRUE(replayed.illegal);
    EXPECT_EQ(replayed.illegal->moveNumber, 10);
    EXPECT_EQ(replayed.illegal->reason, RejectReason::Ko);
  }
}

TEST(SgfRecord, ReplayUsesTheRecordsRulesOrTheOnesGiven) {
  // Move 7 is a two-stone suicide: allowed by tromp-taylor and nz only.
  const Result<GameRecord> r = recordOf("(;GM[1]SZ[9]RU[TT];B[aa];W[ca];B[ii];W[ab];B[hh];W[bb];B[ba])");
  ASSERT_TRUE(r.ok()) << r.error();
  const Replay own = replay(r.value());
  EXPECT_FALSE(own.illegal);
  EXPECT_EQ(own.game.ruleSet().rules, Rules::TrompTaylor);
  EXPECT_EQ(own.game.board().at(Point{0, 0}), Color::Empty);
  const Replay chinese = replay(r.value(), Rules::Chinese);
  ASSERT_TRUE(chinese.illegal);
  EXPECT_EQ(chinese.illegal->moveNumber, 7);
  EXPECT_EQ(chinese.illegal->reason, RejectReason::Suicide);
}

TEST(SgfRecord, ReplayDoesNotEnforceTurnOrder) {
  const Result<GameRecord> r = recordOf("(;GM[1]SZ[9];B[aa];B[bb];W[cc])");
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_FALSE(replay(r.value()).illegal);
}

TEST(SgfRecord, ReplayResumesAfterTwoPassesAsRecordsThatPlayOnDo) {
  // GNU Go's aftermath play-out writes moves and passes after two passes; the record is legal.
  const Result<GameRecord> r = recordOf("(;GM[1]SZ[9];B[ee];W[];B[];W[cc];B[];W[])");
  ASSERT_TRUE(r.ok()) << r.error();
  const Replay replayed = replay(r.value());
  EXPECT_FALSE(replayed.illegal);
  EXPECT_EQ(replayed.game.moveCount(), 6);
  EXPECT_EQ(replayed.game.board().at(Point{2, 2}), Color::White);
  EXPECT_EQ(replayed.game.phase(), Phase::Scoring) << "the last two passes end it again";
}

TEST(SgfRecord, ReplaySaysGameOverAfterAResignation) {
  GameConfig config;
  config.size = 9;
  GameRecord record;
  record.config = config;
  record.moves = {Move::play(Color::Black, {4, 4}), Move::resign(Color::White), Move::play(Color::Black, {2, 2})};
  const Replay replayed = replay(record);
  ASSERT_TRUE(replayed.illegal);
  EXPECT_EQ(replayed.illegal->moveNumber, 3);
  EXPECT_EQ(replayed.illegal->reason, RejectReason::GameOver);
}

TEST(SgfRecord, ReplaySurfacesAnImpossibleSetup) {
  const Result<GameRecord> overlap = recordOfFile("setup_overlap.sgf");
  ASSERT_TRUE(overlap.ok()) << overlap.error();
  const Replay a = replay(overlap.value());
  EXPECT_EQ(a.setupError, "setup stone W B8 (bb) is on a point already taken");
  EXPECT_FALSE(a.illegal);
  EXPECT_EQ(a.game.moveCount(), 0);
  EXPECT_EQ(a.game.board().emptyCount(), 81);

  EXPECT_EQ(replay(recordOf("(;SZ[9]AB[ba][ab]AW[aa])").value()).setupError, "setup stone W A9 (aa) has no liberties");
  EXPECT_EQ(replay(recordOf("(;SZ[9]AW[aa]AB[ba][ab])").value()).setupError,
            "setup stone B A8 (ab) leaves stones of the other colour without liberties");
  EXPECT_EQ(replay(recordOf("(;SZ[9]AB[aa:bb][aa])").value()).setupError,
            "setup stone B A9 (aa) is on a point already taken");

  GameRecord bad;
  bad.config.size = 40;
  EXPECT_EQ(replay(bad).setupError, "the record's settings cannot make a game: board size must be 2 to 25, not 40");
}

// A game with captures, passes, setup stones and comments survives writeGame -> parse -> readRecord -> replay.
TEST(SgfRecord, WriteGameThenReplayGivesTheSamePosition) {
  for (const int size : {9, 13, 19, 25}) {
    GameConfig config;
    config.size = size;
    config.rules = size == 13 ? Rules::Japanese : Rules::Chinese;
    config.handicap = size == 19 ? 3 : 0;
    Game game(config);
    if (size == 9) {
      ASSERT_TRUE(game.addSetupStones(Color::White, {{0, 0}, {8, 8}}));
    }
    std::mt19937 rng(static_cast<unsigned>(size));
    std::vector<std::string> comments;
    int captures = 0;
    for (int i = 0; i < 2 * size * size && game.phase() == Phase::Playing; ++i) {
      const Color c = game.toMove();
      std::vector<Point> legal;
      for (int row = 0; row < size; ++row) {
        for (int col = 0; col < size; ++col) {
          if (game.isLegal(Move::play(c, {row, col}))) legal.push_back({row, col});
        }
      }
      const Move m = legal.empty() || rng() % 100 == 0 ? Move::pass(c) : Move::play(c, legal[rng() % legal.size()]);
      ASSERT_EQ(game.play(m), RejectReason::None);
      comments.push_back(i % 7 == 0 ? "move " + std::to_string(i + 1) + " with ] and \\" : "");
    }
    captures = game.board().captures(Color::Black) + game.board().captures(Color::White);
    EXPECT_GT(captures, 0) << size << ": the game should exercise captures";

    const std::map<std::string, std::string> info = {{"PB", "Black \xC3\xA9"}, {"PW", "White"}, {"GN", "g]n"}};
    const std::string text = writeGame(game, info, comments);
    const Result<Collection> parsed = parse(text);
    ASSERT_TRUE(parsed.ok()) << parsed.error() << "\n" << text;
    const Result<GameRecord> record = readRecord(parsed->games().front());
    ASSERT_TRUE(record.ok()) << record.error();
    EXPECT_EQ(record->config.size, size);
    EXPECT_EQ(record->config.rules, config.rules);
    EXPECT_EQ(record->config.komi, game.komi());
    EXPECT_EQ(record->info.at("PB"), "Black \xC3\xA9");
    EXPECT_EQ(record->info.at("GN"), "g]n");
    EXPECT_EQ(record->moves, game.moves());
    // Read back up to the last comment.
    while (!comments.empty() && comments.back().empty()) comments.pop_back();
    EXPECT_EQ(record->comments, comments);
    EXPECT_EQ(record->setup.size(), game.setupStones().size());

    const Replay replayed = replay(record.value());
    EXPECT_EQ(replayed.setupError, "");
    EXPECT_FALSE(replayed.illegal);
    EXPECT_TRUE(replayed.game.board().sameStones(game.board())) << text;
    EXPECT_EQ(replayed.game.board().captures(Color::Black), game.board().captures(Color::Black));
    EXPECT_EQ(replayed.game.toMove(), game.toMove());
    EXPECT_EQ(replayed.game.phase(), game.phase());
  }
}

TEST(SgfRecord, WriteGameWritesTheRootMovesAndResult) {
  GameConfig config;
  config.size = 9;
  config.rules = Rules::Japanese;
  Game game(config);
  game.play(Move::play(Color::Black, {4, 4}));
  game.play(Move::pass(Color::White));
  game.play(Move::resign(Color::Black));
  // KM and SZ are the game's own and stay; an id that is not upper-case letters is left out.
  const std::string text =
      writeGame(game, {{"PB", "me"}, {"KM", "0.5"}, {"SZ", "19"}, {"bad", "x"}, {"RU", "Ing"}}, {"", "", "gg"});
  EXPECT_EQ(text,
            "(;GM[1]FF[4]CA[UTF-8]AP[tengen:0.1.0]SZ[9]KM[6.5]RU[Ing]RE[W+R]PB[me]\n"
            ";B[ee];W[];C[gg])\n");
}

TEST(SgfRecord, WriteGameWritesHandicapSetupAndPlayer) {
  GameConfig config;
  config.size = 9;
  config.handicap = 2;
  Game game(config);
  EXPECT_EQ(writeGame(game), "(;GM[1]FF[4]CA[UTF-8]AP[tengen:0.1.0]SZ[9]KM[7.5]RU[Chinese]HA[2]PL[W]AB[cg][gc])\n");
}

TEST(SgfRecord, WriteGameWritesMovePropertiesAndReadRecordReadsThemBack) {
  Game game(GameConfig{9, Rules::Chinese, std::nullopt, 0});
  game.play(Move::play(Color::Black, {4, 4}));
  game.play(Move::pass(Color::White));
  game.play(Move::resign(Color::Black));
  // B and C are the node's own; a resignation has no node for its properties.
  const std::string text = writeGame(
      game, {}, {"", "ok"}, {{{"BL", "583.2"}, {"B", "aa"}, {"C", "x"}}, {{"WL", "30"}, {"OW", "5"}}, {{"BL", "1"}}});
  EXPECT_NE(text.find(";B[ee]BL[583.2];W[]C[ok]OW[5]WL[30])"), std::string::npos) << text;
  const Result<GameRecord> record = recordOf(text);
  ASSERT_TRUE(record.ok()) << record.error();
  ASSERT_EQ(record->moveProperties.size(), 2u);
  EXPECT_EQ(record->moveProperties[0], (std::map<std::string, std::string>{{"BL", "583.2"}}));
  EXPECT_EQ(record->moveProperties[1], (std::map<std::string, std::string>{{"OW", "5"}, {"WL", "30"}}));
  EXPECT_EQ(record->comments[1], "ok");
}

TEST(SgfRecord, CommentsAndMovePropertiesStopAtTheLastMoveThatHasThem) {
  const Result<GameRecord> some = recordOf("(;SZ[9];B[aa]C[one];W[bb];B[cc]BL[10];W[dd];C[after])");
  ASSERT_TRUE(some.ok()) << some.error();
  EXPECT_EQ(some->comments, (std::vector<std::string>{"one", "", "", "after"}));
  ASSERT_EQ(some->moveProperties.size(), 3u);
  EXPECT_TRUE(some->moveProperties[0].empty());
  EXPECT_EQ(some->moveProperties[2], (std::map<std::string, std::string>{{"BL", "10"}}));

  const Result<GameRecord> bare = recordOf("(;SZ[9];B[aa];W[bb]C[];B[cc])");
  ASSERT_TRUE(bare.ok()) << bare.error();
  EXPECT_EQ(bare->moves.size(), 3u);
  EXPECT_TRUE(bare->comments.empty());
  EXPECT_TRUE(bare->moveProperties.empty());
}

TEST(SgfRecord, TimeControlsAreWrittenAsTmAndOtAndReadBack) {
  using Kind = TimeControl::Kind;
  const std::vector<std::pair<TimeControl, std::map<std::string, std::string>>> cases = {
      {{Kind::None, 0, 0, 0, 0}, {}},
      {{Kind::Absolute, 600, 0, 0, 0}, {{"TM", "600"}}},
      {{Kind::ByoYomi, 1200, 30, 5, 0}, {{"TM", "1200"}, {"OT", "5x30 byo-yomi"}}},
      {{Kind::ByoYomi, 0, 10, 3, 0}, {{"TM", "0"}, {"OT", "3x10 byo-yomi"}}},
      {{Kind::Canadian, 600, 600, 0, 25}, {{"TM", "600"}, {"OT", "25/600 Canadian"}}},
  };
  for (const auto& [control, properties] : cases) {
    EXPECT_EQ(timeControlProperties(control), properties);
    EXPECT_EQ(readTimeControl(properties), control) << (properties.empty() ? "" : properties.begin()->second);
  }
  // Other programs' spellings; what cannot be played or read is no clock, an unknown overtime absolute time.
  EXPECT_EQ(readTimeControl({{"TM", "300.0"}, {"OT", "3X20 Byoyomi"}}), (TimeControl{Kind::ByoYomi, 300, 20, 3, 0}));
  EXPECT_EQ(readTimeControl({{"TM", "300"}, {"OT", " 20/300  canadian "}}),
            (TimeControl{Kind::Canadian, 300, 300, 0, 20}));
  EXPECT_EQ(readTimeControl({{"TM", "300"}, {"OT", "fischer 10"}}), (TimeControl{Kind::Absolute, 300, 0, 0, 0}));
  EXPECT_EQ(readTimeControl({{"TM", "ten minutes"}}), TimeControl{});
  EXPECT_EQ(readTimeControl({{"TM", "0"}}), TimeControl{});
  EXPECT_EQ(readTimeControl({{"TM", "60"}, {"OT", "0x30 byo-yomi"}}), TimeControl{});
}

// GNU Go, when installed, reads what writeGame() writes to the same position.
TEST(SgfRecord, GnuGoReadsWhatWriteGameWrites) {
  const char* gnugo = "/usr/games/gnugo";
  if (std::FILE* f = std::fopen(gnugo, "r")) {
    std::fclose(f);
  } else {
    GTEST_SKIP() << "GNU Go is not installed";
  }
  GameConfig config;
  config.size = 13;
  Game game(config);
  ASSERT_TRUE(game.addSetupStones(Color::Black, {{3, 3}, {9, 9}}));
  std::mt19937 rng(7);
  for (int i = 0; i < 120; ++i) {
    const Color c = game.toMove();
    std::vector<Point> legal;
    for (int row = 0; row < 13; ++row) {
      for (int col = 0; col < 13; ++col) {
        if (game.isLegal(Move::play(c, {row, col}))) legal.push_back({row, col});
      }
    }
    if (legal.empty()) break;
    game.play(Move::play(c, legal[rng() % legal.size()]));
  }
  const std::string dir = ::testing::TempDir();
  const std::string sgfPath = dir + "tengen_gnugo_check.sgf";
  const std::string outPath = dir + "tengen_gnugo_check.out";
  std::ofstream(sgfPath) << writeGame(game, {{"C", "a comment with ] and \\ in it"}});
  const std::string command = "printf 'loadsgf " + sgfPath + R"(\nlist_stones black\nlist_stones white\nquit\n' | )" +
                              gnugo + " --mode gtp > " + outPath + " 2>&1";
  ASSERT_EQ(std::system(command.c_str()), 0);
  const std::string answer = testing::readBytes(outPath);
  const std::string expected =
      "= " + stones(game.board(), Color::Black) + "\n\n= " + stones(game.board(), Color::White) + "\n\n";
  EXPECT_NE(answer.find(expected), std::string::npos) << answer << "\nexpected:\n" << expected;
}

}  // namespace
}  // namespace tengen::sgf
