#include "tengen/gtp/engine.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <istream>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "tengen/core/analysis.h"
#include "tengen/core/board.h"
#include "tengen/core/coords.h"
#include "tengen/core/result.h"
#include "tengen/core/rules.h"
#include "tengen/core/text.h"
#include "tengen/gtp/command.h"
#include "tengen/io/atomic_file.h"
#include "tengen/sgf/sgf.h"

#include "analysis_format.h"
#include "input_line.h"
#include "pending_line.h"

namespace tengen::gtp {

struct Engine::State {
  explicit State(EngineOptions opts) : options(std::move(opts)), game(options.game) { game.setStrictTurn(false); }

  // options.game is what the next new game gets: boardsize, komi and tengen-rules change it.
  EngineOptions options;
  Game game;
  bool quit = false;
  std::optional<TimeSettings> timeSettings;
  // Each colour's clock as the engine keeps it (Engine::clock), Black's first.
  std::array<std::optional<GameClock>, 2> clocks;

  // While run() answers: the session's streams, for the commands that write their answer as they go (the analysis
  // commands), and what a stream read from the input. Null in answer().
  struct Session {
    std::istream& in;
    std::ostream& out;
    // The next line, read ahead while a command ran (it ended a stream, or came after a genmove), answered next.
    std::unique_ptr<PendingLine> pending;
  };
  Session* session = nullptr;
  // The id of the command being answered, for the commands that write their `=` line themselves.
  std::string id;

  // The judgment of the last position scored: GUIs ask final_status_list and final_score of one position in a row.
  struct ScoredPosition {
    std::uint64_t hash;
    Color toMove;
    Phase phase;
    int moves;
    int size;
    Rules rules;
    double komi;
    Analysis analysis;
  };
  std::optional<ScoredPosition> scored;

  const Analysis& analysis() {
    const bool same = scored && scored->hash == game.board().hash() && scored->toMove == game.toMove() &&
                      scored->phase == game.phase() && scored->moves == game.moveCount() &&
                      scored->size == game.size() && scored->rules == game.ruleSet().rules &&
                      scored->komi == game.komi();
    if (!same) {
      scored = ScoredPosition{
          game.board().hash(), game.toMove(),        game.phase(), game.moveCount(),
          game.size(),         game.ruleSet().rules, game.komi(),  options.judge ? options.judge(game) : analyze(game)};
    }
    return scored->analysis;
  }
};

namespace {

using State = Engine::State;
using Args = std::vector<std::string>;

// A command's outcome before framing, or (framed) the rest of a response the command framed itself.
struct Reply {
  bool ok = true;
  std::string text;
  bool framed = false;
};

Reply success(std::string text = {}) { return {true, std::move(text)}; }
Reply failure(std::string text) { return {false, std::move(text)}; }

// The error texts of the GTP v2 specification (and GNU Go where the specification has none); controllers match
// them, so they are kept word for word.
constexpr std::string_view kSyntaxError = "syntax error";
constexpr std::string_view kUnknownCommand = "unknown command";
constexpr std::string_view kIllegalMove = "illegal move";
constexpr std::string_view kUnacceptableSize = "unacceptable size";
constexpr std::string_view kBoardNotEmpty = "board not empty";
constexpr std::string_view kCannotUndo = "cannot undo";
constexpr std::string_view kInvalidNumberOfStones = "invalid number of stones";
constexpr std::string_view kBadVertexList = "bad vertex list";
constexpr std::string_view kAiFailed = "ai failed: ";
constexpr std::string_view kLineTooLong = "line too long";

Reply syntaxError() { return failure(std::string(kSyntaxError)); }

// An integer of at most 12 digits with an optional minus sign, the whole word.
std::optional<long> parseInteger(std::string_view word) {
  const std::string_view digits = word.starts_with('-') ? word.substr(1) : word;
  if (digits.empty() || digits.size() > 12) return std::nullopt;
  if (!std::all_of(digits.begin(), digits.end(), [](char ch) { return ch >= '0' && ch <= '9'; })) return std::nullopt;
  long value = 0;
  const auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), value);
  if (ec != std::errc() || end != word.data() + word.size()) return std::nullopt;
  return value;
}

// A finite decimal number, the whole word. from_chars, unlike strtod, does not depend on the locale.
std::optional<double> parseReal(std::string_view word) {
  double value = 0;
  const auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), value);
  if (ec != std::errc() || end != word.data() + word.size() || !std::isfinite(value)) return std::nullopt;
  return value;
}

std::optional<Color> parsePlayer(std::string_view word) {
  const std::optional<Color> c = parseColor(word);
  if (!c || !isPlayer(*c)) return std::nullopt;
  return c;
}

// A vertex argument. A well-formed vertex beyond this board (Z9 on 9x9) is kept apart from garbage: for play it is
// an illegal move (out_of_bounds), not a syntax error.
struct VertexArg {
  enum class Kind { Invalid, Pass, OnBoard, OffBoard };
  Kind kind = Kind::Invalid;
  Point point{};
};

VertexArg parseVertex(std::string_view word, int size) {
  // A row number of at most three digits, and never 0: anything else is no vertex of any board.
  if (word.size() > 4) return {};
  const std::optional<ParsedVertex> v = readGtpVertex(word, size);
  if (!v || v->kind == MoveKind::Resign) return {};
  if (v->kind == MoveKind::Pass) return {VertexArg::Kind::Pass, {}};
  const Point p = v->point;
  if (p.row >= size) return {};  // row number 0
  if (p.col >= size || p.row < 0) return {VertexArg::Kind::OffBoard, {}};
  return {VertexArg::Kind::OnBoard, p};
}

std::string joined(const std::vector<std::string>& words, std::string_view separator) {
  std::string out;
  for (const std::string& word : words) {
    if (!out.empty()) out += separator;
    out += word;
  }
  return out;
}

std::string vertexList(const std::vector<Point>& points, int size) {
  std::vector<std::string> words;
  words.reserve(points.size());
  for (const Point& p : points) words.push_back(gtpVertex(p, size));
  return joined(words, " ");
}

// --- the clocks ---

std::optional<GameClock>& clockOf(State& state, Color color) { return state.clocks[static_cast<int>(color) - 1]; }

// Both clocks back to the whole time of the settings: a new game, or new settings.
void resetClocks(State& state) {
  const TimeControl control = state.timeSettings ? gtpTimeControl(*state.timeSettings) : TimeControl{};
  std::optional<GameClock> whole;
  if (control.timed()) whole = GameClock{control, initialTime(control)};
  state.clocks = {whole, whole};
}

std::int64_t nowMs(const State& state) {
  if (state.options.nowMs) return state.options.nowMs();
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// Charges the thinking of one genmove to the mover's clock when it goes out of scope, however the genmove ended; the
// move counts (a byo-yomi period kept, a Canadian stone played) once moved() is called.
class ThinkingCharge {
 public:
  ThinkingCharge(State& state, Color color) : m_state(state), m_color(color), m_from(nowMs(state)) {}
  ~ThinkingCharge() {
    std::optional<GameClock>& clock = clockOf(m_state, m_color);
    // Without time_settings there is no time control to keep a clock by: a time_left was this genmove's alone.
    if (!m_state.timeSettings) {
      clock.reset();
    } else if (clock) {
      clock->left = charge(clock->left, clock->control, nowMs(m_state) - m_from, m_moved);
    }
  }
  ThinkingCharge(const ThinkingCharge&) = delete;
  ThinkingCharge& operator=(const ThinkingCharge&) = delete;
  void moved() { m_moved = true; }

 private:
  State& m_state;
  Color m_color;
  std::int64_t m_from;
  bool m_moved = false;
};

void newGame(State& state) {
  state.game = Game(state.options.game);
  state.game.setStrictTurn(false);
  resetClocks(state);
}

bool boardEmpty(const Game& game) { return game.moves().empty() && game.setupStones().empty(); }

// GTP knows no end of game: after two passes a controller may still send moves (OGS resumes a game when the players
// disagree about dead stones). Such a move resumes the game; both passes stay in the record.
Game resumed(const Game& game) {
  Game copy = game;
  copy.resumePlay();
  return copy;
}

// The position play goes on from: after two passes the game resumed, else the game as it is. What the analysis
// commands search.
Game playedOn(const Game& game) { return game.phase() == Phase::Scoring ? resumed(game) : game; }

RejectReason checkMove(const State& state, const Move& move) {
  if (state.game.phase() == Phase::Scoring) return resumed(state.game).check(move);
  return state.game.check(move);
}

RejectReason playMove(State& state, const Move& move) {
  if (state.game.phase() != Phase::Scoring) return state.game.play(move);
  Game trial = resumed(state.game);
  const RejectReason why = trial.play(move);
  if (why == RejectReason::None) state.game = std::move(trial);
  return why;
}

// The same setup, first player and moves under another config, or the first move it refuses.
Result<Game> rebuild(const Game& from, const GameConfig& config) {
  Game game(config);
  game.setStrictTurn(false);
  for (const auto& [color, point] : from.setupStones()) {
    if (!game.addSetupStones(color, {point})) {
      return Result<Game>::failure("setup stone " + gtpVertex(point, from.size()) + " does not fit");
    }
  }
  game.setToMove(from.moves().empty() ? from.toMove() : from.moves().front().color);
  for (std::size_t i = 0; i < from.moves().size(); ++i) {
    const Move& move = from.moves()[i];
    const RejectReason why = game.playRecorded(move);  // resuming after two passes, as when it was played
    if (why != RejectReason::None) {
      return Result<Game>::failure("move " + std::to_string(i + 1) + " (" + std::string(colorLetter(move.color)) + " " +
                                   gtpMove(move, from.size()) + "): " + std::string(reasonCode(why)));
    }
  }
  return game;
}

// Newlines and other control characters inside an error would break the framing or split the message.
std::string oneLine(std::string_view text) {
  std::string out(text);
  for (char& ch : out) {
    if (static_cast<unsigned char>(ch) < 32 || ch == 127) ch = ' ';
  }
  return out;
}

// GTP ends a response at the first empty line, so a multi-line result may hold none.
std::string withoutEmptyLines(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char ch : text) {
    if (ch == '\r') continue;
    if (ch == '\n' && !out.empty() && out.back() == '\n') out += ' ';
    out += ch;
  }
  while (!out.empty() && out.back() == '\n') out.pop_back();
  return out;
}

std::string frame(const std::string& id, const Reply& reply) {
  if (reply.framed) return reply.text;
  std::string out(1, reply.ok ? '=' : '?');
  out += id;
  out += ' ';
  out += reply.ok ? withoutEmptyLines(reply.text) : oneLine(reply.text);
  out += "\n\n";
  return out;
}

// The response of a command that writes it as it goes (the analysis commands), framed as KataGo and Leela Zero frame
// it: `=id` on a line of its own, a line per update, and the end of the response, an empty line. In a session each
// line is written and flushed as soon as it is made; in answer() the lines are gathered into the text it returns.
class StreamedResponse {
 public:
  explicit StreamedResponse(State& state) : m_state(state) {}

  // Writes the `=` line, once.
  void begin() {
    if (m_begun) return;
    m_begun = true;
    write("=" + m_state.id + "\n");
  }
  bool begun() const { return m_begun; }

  // Writes one line of the response (`text` holds no newline), after the `=` line.
  void line(std::string_view text) {
    begin();
    std::string out(text);
    out += '\n';
    write(out);
  }

  // What ends the response, `last` as its last line when given, for the caller to return: in a session the rest
  // still to be written, in answer() the whole response.
  Reply end(std::string_view last = {}) {
    begin();
    std::string rest(last);
    if (!rest.empty()) rest += '\n';
    rest += '\n';
    Reply reply = success(m_gathered + rest);
    reply.framed = true;
    return reply;
  }

 private:
  void write(const std::string& text) {
    if (m_state.session == nullptr) {
      m_gathered += text;
      return;
    }
    m_state.session->out << text << std::flush;
  }

  State& m_state;
  bool m_begun = false;
  std::string m_gathered;
};

// The commands, one function each.

using Handler = Reply (*)(State&, const Args&);

struct CommandEntry {
  std::string_view name;
  Handler handler;
};

std::span<const CommandEntry> commandTable();

Reply protocolVersion(State&, const Args&) { return success("2"); }

Reply name(State& state, const Args&) { return success(state.options.name); }

Reply version(State& state, const Args&) {
  return success(state.options.versionAnswer.empty() ? state.options.version : state.options.versionAnswer);
}

Reply knownCommand(State&, const Args& args) {
  const std::span<const CommandEntry> table = commandTable();
  const bool known = !args.empty() &&
                     std::any_of(table.begin(), table.end(), [&](const CommandEntry& e) { return e.name == args[0]; });
  return success(known ? "true" : "false");
}

Reply listCommands(State&, const Args&) {
  std::string out;
  for (const CommandEntry& e : commandTable()) {
    if (!out.empty()) out += '\n';
    out += e.name;
  }
  return success(out);
}

Reply quit(State& state, const Args&) {
  state.quit = true;
  return success();
}

Reply boardsize(State& state, const Args& args) {
  if (args.empty()) return syntaxError();
  const std::optional<long> size = parseInteger(args[0]);
  if (!size) return syntaxError();
  if (*size < Board::kMinSize || *size > Board::kMaxSize) return failure(std::string(kUnacceptableSize));
  state.options.game.size = static_cast<int>(*size);
  newGame(state);
  return success();
}

Reply clearBoard(State& state, const Args&) {
  newGame(state);
  return success();
}

Reply komi(State& state, const Args& args) {
  if (args.empty()) return syntaxError();
  const std::optional<double> value = parseReal(args[0]);
  if (!value) return syntaxError();
  GameConfig config = state.options.game;
  config.komi = *value;
  if (!Game::validate(config)) return failure("unacceptable komi");
  state.options.game.komi = *value;
  state.game.setKomi(*value);
  return success();
}

Reply play(State& state, const Args& args) {
  if (args.size() < 2) return syntaxError();
  const std::optional<Color> color = parsePlayer(args[0]);
  const VertexArg vertex = parseVertex(args[1], state.game.size());
  if (!color || vertex.kind == VertexArg::Kind::Invalid) return syntaxError();
  RejectReason why = RejectReason::OutOfBounds;
  if (vertex.kind == VertexArg::Kind::Pass) why = playMove(state, Move::pass(*color));
  if (vertex.kind == VertexArg::Kind::OnBoard) why = playMove(state, Move::play(*color, vertex.point));
  if (why != RejectReason::None) return failure(std::string(kIllegalMove) + ": " + std::string(reasonCode(why)));
  return success();
}

// genmove, reg_genmove, kgs-genmove_cleanup and the genmove_analyze commands: asks `hook`, checks its answer with the
// rules and plays it when `commit`. The answer is the move's vertex.
Reply generateMove(State& state, const GenmoveHook& hook, Color color, bool commit, const MoveProgress& progress = {}) {
  if (state.game.phase() == Phase::Finished) return failure("game is over");
  if (!hook) return failure(std::string(kAiFailed) + "no move source");

  std::optional<Game> resumedGame;
  if (state.game.phase() == Phase::Scoring) resumedGame = resumed(state.game);
  const Game& position = resumedGame ? *resumedGame : state.game;

  // In a session the input is read on while the AI thinks: a `# interrupt` line (GoGui's, gogui-interrupt) asks for
  // the best move so far, and the next command waits there until this one is answered.
  MoveProgress asked = progress;
  // reg_genmove makes no move in the game and so spends no time on its clock.
  std::optional<ThinkingCharge> charged;
  if (commit) charged.emplace(state, color);
  // (A session reads a command only after the one before it has been answered: nothing is pending here.)
  if (state.session != nullptr) {
    std::stop_source interrupt;
    asked.interrupt = interrupt.get_token();
    state.session->pending = std::make_unique<PendingLine>(state.session->in, Engine::kMaxLineBytes,
                                                           [interrupt]() mutable { interrupt.request_stop(); });
  }
  GenmoveReply reply;
  try {
    reply = hook(position, color, asked);
  } catch (const std::exception& e) {
    return failure(std::string(kAiFailed) + e.what());
  }
  if (!reply.move) return failure(std::string(kAiFailed) + (reply.error.empty() ? "no move" : reply.error));
  const Move move = *reply.move;
  const int size = position.size();
  if (move.color != color) {
    return failure(std::string(kAiFailed) + "the move source answered for " + std::string(colorName(move.color)));
  }
  // The referee has checked the move already; this keeps a faulty hook from ever corrupting the game.
  const RejectReason why = position.check(move);
  if (why != RejectReason::None) {
    return failure(std::string(kAiFailed) + "the move source answered an illegal move " + gtpMove(move, size) + ": " +
                   std::string(reasonCode(why)));
  }
  if (commit) {
    if (resumedGame) state.game = std::move(*resumedGame);
    state.game.play(move);
    charged->moved();
  }
  return success(gtpMove(move, size));
}

// genmove's pass is written `PASS`, as GNU Go writes it: Kigo compares the answer with `PASS` exactly, and every
// other controller reads a vertex in any case (GTP's vertices are case-insensitive). The analysis commands' `play`
// line and candidates keep KataGo's `pass`.
Reply asGnuGoMove(Reply reply) {
  if (reply.ok && reply.text == "pass") reply.text = "PASS";
  return reply;
}

Reply genmove(State& state, const Args& args) {
  const std::optional<Color> color = args.empty() ? std::nullopt : parsePlayer(args[0]);
  if (!color) return syntaxError();
  return asGnuGoMove(generateMove(state, state.options.genmove, *color, true));
}

Reply regGenmove(State& state, const Args& args) {
  const std::optional<Color> color = args.empty() ? std::nullopt : parsePlayer(args[0]);
  if (!color) return syntaxError();
  return asGnuGoMove(generateMove(state, state.options.genmove, *color, false));
}

// KGS asks it in place of genmove once the players disagreed about dead stones and the game went on.
Reply genmoveCleanup(State& state, const Args& args) {
  const std::optional<Color> color = args.empty() ? std::nullopt : parsePlayer(args[0]);
  if (!color) return syntaxError();
  return asGnuGoMove(generateMove(state, state.options.genmoveCleanup, *color, true));
}

// --- analysis for GUIs ---

// The moves of one colour an analysis leaves out (KataGo's `avoid COLOR VERTICES UNTILDEPTH`) or keeps to (`allow
// ...`). Only the first move of a line, the root's candidate, is filtered here: the search still reads every move.
struct MoveFilter {
  bool allow = false;  // keep to `moves` rather than leave them out
  std::vector<Move> moves;
};

// The arguments of lz-analyze, kata-analyze and the genmove_analyze pair, as KataGo reads them: [COLOR] [INTERVAL]
// (centiseconds), then KEY VALUE pairs (docs/gtp.md lists them, and which are taken without effect).
struct AnalyzeArgs {
  std::optional<Color> color;             // the side to move when not given
  std::chrono::milliseconds interval{0};  // 0: no update while searching
  std::size_t maxMoves = static_cast<std::size_t>(Board::kMaxSize) * Board::kMaxSize;
  bool ownership = false;
  bool rootInfo = false;
  // Per colour (Black, White): the candidates left out or kept to.
  std::array<std::optional<MoveFilter>, 2> filters;
};

// Beyond this an interval is a typing error (KataGo draws the line at about a year).
constexpr double kMaxIntervalCentiseconds = 1e8;

std::optional<std::chrono::milliseconds> parseInterval(std::string_view word) {
  const std::optional<double> centiseconds = parseReal(word);
  if (!centiseconds || *centiseconds < 0 || *centiseconds > kMaxIntervalCentiseconds) return std::nullopt;
  if (*centiseconds == 0) return std::chrono::milliseconds(0);
  return std::chrono::milliseconds(std::max(1L, std::lround(*centiseconds * 10)));
}

// KataGo's booleans, in any case (`true`, `True`, `TRUE`), and 1 or 0.
std::optional<bool> parseBool(std::string_view word) {
  const std::string lower = asciiLower(word);
  if (lower == "true" || lower == "1") return true;
  if (lower == "false" || lower == "0") return false;
  return std::nullopt;
}

// `avoid`/`allow` COLOR VERTICES UNTILDEPTH, the vertices separated by commas (empty pieces skipped). As KataGo: one
// colour takes several `avoid`s, or one `allow`, never both.
bool parseMoveFilter(AnalyzeArgs& out, bool allow, std::string_view colorWord, std::string_view vertices,
                     std::string_view depthWord, int size) {
  const std::optional<Color> color = parsePlayer(colorWord);
  const std::optional<long> depth = parseInteger(depthWord);
  if (!color || !depth || *depth < 1) return false;
  std::optional<MoveFilter>& filter = out.filters[static_cast<int>(*color) - 1];
  if (filter && (allow || filter->allow)) return false;
  if (!filter) filter = MoveFilter{allow, {}};
  std::size_t from = 0;
  while (from <= vertices.size()) {
    const std::size_t comma = std::min(vertices.find(',', from), vertices.size());
    const std::string_view word = vertices.substr(from, comma - from);
    from = comma + 1;
    if (word.empty()) continue;
    const VertexArg vertex = parseVertex(word, size);
    if (vertex.kind == VertexArg::Kind::Pass) {
      filter->moves.push_back(Move::pass(*color));
    } else if (vertex.kind == VertexArg::Kind::OnBoard) {
      filter->moves.push_back(Move::play(*color, vertex.point));
    } else {
      return false;
    }
  }
  return true;
}

std::optional<AnalyzeArgs> parseAnalyzeArgs(const Args& args, AnalysisFormat format, int size) {
  AnalyzeArgs out;
  std::size_t i = 0;
  if (i < args.size() && parsePlayer(args[i])) out.color = parsePlayer(args[i++]);
  if (i < args.size()) {
    if (const std::optional<std::chrono::milliseconds> interval = parseInterval(args[i])) {
      out.interval = *interval;
      ++i;
    }
  }
  // KataGo's keys that ask for what the built-in search does not report: taken, without effect.
  constexpr std::array kIgnored = {"ownershipStdev", "movesOwnership", "movesOwnershipStdev", "pvVisits",
                                   "pvEdgeVisits"};
  while (i < args.size()) {
    if (i + 1 >= args.size()) return std::nullopt;
    const std::string& key = args[i];
    const std::string& value = args[i + 1];
    i += 2;
    if (key == "interval") {
      const std::optional<std::chrono::milliseconds> interval = parseInterval(value);
      if (!interval) return std::nullopt;
      out.interval = *interval;
    } else if (key == "maxmoves") {
      const std::optional<long> most = parseInteger(value);
      if (!most || *most < 0) return std::nullopt;
      out.maxMoves = std::min(out.maxMoves, static_cast<std::size_t>(*most));
    } else if (key == "avoid" || key == "allow") {
      if (i + 1 >= args.size() || !parseMoveFilter(out, key == "allow", value, args[i], args[i + 1], size)) {
        return std::nullopt;
      }
      i += 2;
    } else if (key == "ownership" || key == "rootInfo") {
      const std::optional<bool> on = parseBool(value);
      if (!on) return std::nullopt;
      // Leela Zero's dialect has neither: taken, without effect there.
      if (format == AnalysisFormat::KataGo) (key == "ownership" ? out.ownership : out.rootInfo) = *on;
    } else if (key == "minmoves") {
      const std::optional<long> least = parseInteger(value);
      if (!least || *least < 0) return std::nullopt;
    } else if (std::find(kIgnored.begin(), kIgnored.end(), key) != kIgnored.end()) {
      if (!parseBool(value)) return std::nullopt;
    } else {
      return std::nullopt;
    }
  }
  return out;
}

// The report's candidates without those `args` leave out for the colour analysed, at most maxmoves of them.
SearchReport shownCandidates(SearchReport report, const AnalyzeArgs& args) {
  const std::optional<MoveFilter>& filter = args.filters[static_cast<int>(report.toMove) - 1];
  if (filter) {
    std::erase_if(report.candidates, [&](const SearchCandidate& c) {
      const bool listed = std::find(filter->moves.begin(), filter->moves.end(), c.move) != filter->moves.end();
      return listed != filter->allow;
    });
  }
  if (report.candidates.size() > args.maxMoves) report.candidates.resize(args.maxMoves);
  return report;
}

// The playouts of the one update the analysis commands give in answer(): a short search of a fixed size, so that
// the answer is quick and the same every time.
constexpr long kAnswerPlayouts = 400;
// The playouts asked of each search call of a stream; the stop ends it much sooner.
constexpr long kStreamPlayouts = 1L << 20;

constexpr std::string_view kAnalysisUnavailable = "analysis unavailable";
// The start of the error when the analysis search, or the engine it is passed through to, failed.
constexpr std::string_view kAnalysisFailed = "analysis failed: ";

// lz-analyze and kata-analyze: the analyzer's updates every interval until the next line arrives. A finished game
// (after a resignation) has nothing to analyse: the stream stays empty.
Reply analyze(State& state, const Args& args, AnalysisFormat format) {
  const std::optional<AnalyzeArgs> parsed = parseAnalyzeArgs(args, format, state.game.size());
  if (!parsed) return syntaxError();
  if (!state.options.analyze) return failure(std::string(kAnalysisUnavailable));
  const Color color = parsed->color.value_or(state.game.toMove());
  std::unique_ptr<Analyzer> analyzer;
  if (state.game.phase() != Phase::Finished) {
    try {
      analyzer = state.options.analyze(playedOn(state.game), color);
    } catch (const std::exception& e) {
      return failure(std::string(kAnalysisFailed) + e.what());
    }
  }
  const int size = state.game.size();
  StreamedResponse response(state);
  response.begin();
  // With a filter for the colour analysed every candidate is asked for, the filter's to choose from.
  const bool filtered = parsed->filters[static_cast<int>(color) - 1].has_value();
  const int asked = filtered ? size * size + 1 : static_cast<int>(parsed->maxMoves);
  const AnalysisExtras extras{parsed->ownership, parsed->rootInfo};
  auto update = [&] {
    const std::string line = analysisLine(shownCandidates(analyzer->report(asked), *parsed), size, format, extras);
    if (!line.empty()) response.line(line);
  };
  if (state.session == nullptr) {
    if (analyzer) {
      analyzer->search(kAnswerPlayouts, {});
      update();
    }
    return response.end();
  }

  using Clock = std::chrono::steady_clock;
  State::Session& session = *state.session;
  session.pending = std::make_unique<PendingLine>(session.in, Engine::kMaxLineBytes);
  const PendingLine& next = *session.pending;
  const bool timed = parsed->interval.count() > 0;
  Clock::time_point due = Clock::now() + parsed->interval;
  bool growing = analyzer != nullptr;
  while (growing && !next.arrived() && session.out) {
    try {
      growing = analyzer->search(kStreamPlayouts, [&] { return next.arrived() || (timed && Clock::now() >= due); }) > 0;
      if (timed && Clock::now() >= due && !next.arrived()) {
        update();
        due = Clock::now() + parsed->interval;
      }
    } catch (const std::exception&) {
      // Nothing can be said on the stream but updates: the search ends, and the stream with the next line.
      growing = false;
    }
  }
  // A search that stopped growing keeps the stream open until the controller sends its next line (run() answers it).
  next.wait();
  return response.end();
}

// How long a relayed analysis answered outside a session (answer()) waits for the engine's first update.
constexpr std::chrono::milliseconds kRelayAnswerWait{2000};

bool relays(const State& state, std::string_view name) {
  return state.options.relay != nullptr && state.game.phase() != Phase::Finished && state.options.relay->relays(name);
}

// An analysis command passed through to the engine behind (EngineOptions::relay), its arguments as given: its lines
// stream back as they come, until the controller's next line (in answer(), the first update) ends the stream; a
// genmove_analyze's `play` is played here too. A move tengen's rules refuse ends the response without it, as a failed
// genmove_analyze does, and leaves the game as it was.
Reply relayed(State& state, std::string_view name, const Args& args) {
  std::string command(name);
  for (const std::string& a : args) command += " " + a;
  const bool genmove = name.ends_with("genmove_analyze");
  const Color color = !args.empty() && parsePlayer(args[0]) ? *parsePlayer(args[0]) : state.game.toMove();
  const Game position = playedOn(state.game);
  StreamedResponse response(state);
  std::optional<std::string> played;
  bool updated = false;
  const auto line = [&](std::string_view text) {
    if (genmove && text.starts_with("play ")) {
      played = std::string(trim(text.substr(5)));
      return;
    }
    updated = true;
    response.line(text);
  };
  std::function<bool()> stop = [] { return false; };
  using Clock = std::chrono::steady_clock;
  const Clock::time_point answerBy = Clock::now() + kRelayAnswerWait;
  if (!genmove && state.session != nullptr) {
    state.session->pending = std::make_unique<PendingLine>(state.session->in, Engine::kMaxLineBytes);
    const PendingLine& next = *state.session->pending;
    stop = [&next, &state] { return next.arrived() || !state.session->out; };
  } else if (!genmove) {
    stop = [&] { return updated || Clock::now() >= answerBy; };
  }
  const Result<AnalysisRelay::Outcome> outcome = state.options.relay->relay(position, command, line, stop);
  if (!outcome) {
    if (response.begun()) return response.end();
    return failure((genmove ? std::string(kAiFailed) : std::string(kAnalysisFailed)) + outcome.error());
  }
  if (!outcome->accepted) return failure(outcome->refusal);
  if (!genmove) {
    // An engine whose search stopped may end its stream itself; the controller's stream still ends with its line.
    if (state.session != nullptr) state.session->pending->wait();
    return response.end();
  }
  if (!played) return response.end();
  const Result<ParsedVertex> vertex = parseGtpVertex(*played, position.size());
  if (!vertex) return response.end();
  const Move move = vertex->kind == MoveKind::Play   ? Move::play(color, vertex->point)
                    : vertex->kind == MoveKind::Pass ? Move::pass(color)
                                                     : Move::resign(color);
  if (position.check(move) != RejectReason::None) return response.end();
  state.game = position;
  state.game.play(move);
  return response.end("play " + gtpMove(move, position.size()));
}

Reply lzAnalyze(State& state, const Args& args) {
  if (relays(state, "lz-analyze")) return relayed(state, "lz-analyze", args);
  return analyze(state, args, AnalysisFormat::LeelaZero);
}

Reply kataAnalyze(State& state, const Args& args) {
  if (relays(state, "kata-analyze")) return relayed(state, "kata-analyze", args);
  return analyze(state, args, AnalysisFormat::KataGo);
}

// lz-genmove_analyze and kata-genmove_analyze: genmove, with the search's updates while it thinks (from a move
// source that reports them) and `play VERTEX` as the last line. A failure before any update is answered as genmove's;
// after one, the `=` is out, and the response ends without a `play` line (as KataGo's does) and the game unchanged.
Reply genmoveAnalyze(State& state, const Args& args, AnalysisFormat format) {
  const std::optional<AnalyzeArgs> parsed = parseAnalyzeArgs(args, format, state.game.size());
  if (!parsed) return syntaxError();
  const Color color = parsed->color.value_or(state.game.toMove());
  const int size = state.game.size();
  StreamedResponse response(state);
  MoveProgress progress;
  if (parsed->interval.count() > 0) {
    progress.interval = parsed->interval;
    progress.report = [&](const SearchReport& report) {
      SearchReport shown = report;
      if (shown.candidates.size() > parsed->maxMoves) shown.candidates.resize(parsed->maxMoves);
      const std::string line = analysisLine(shown, size, format, {parsed->ownership, parsed->rootInfo});
      if (!line.empty()) response.line(line);
    };
  }
  const Reply move = generateMove(state, state.options.genmove, color, true, progress);
  if (!move.ok) return response.begun() ? response.end() : move;
  return response.end("play " + move.text);
}

Reply lzGenmoveAnalyze(State& state, const Args& args) {
  if (relays(state, "lz-genmove_analyze")) return relayed(state, "lz-genmove_analyze", args);
  return genmoveAnalyze(state, args, AnalysisFormat::LeelaZero);
}

Reply kataGenmoveAnalyze(State& state, const Args& args) {
  if (relays(state, "kata-genmove_analyze")) return relayed(state, "kata-genmove_analyze", args);
  return genmoveAnalyze(state, args, AnalysisFormat::KataGo);
}

Reply undo(State& state, const Args&) {
  if (!state.game.undo()) return failure(std::string(kCannotUndo));
  return success();
}

// The diagram starts on the line after `=`, as GNU Go's does.
Reply showboard(State& state, const Args&) {
  std::string text(1, '\n');
  text += state.game.board().toAscii();
  return success(std::move(text));
}

// Places handicap stones for Black on an empty board; White moves next.
Reply placeHandicap(State& state, const std::vector<Point>& points) {
  if (!state.game.addSetupStones(Color::Black, points)) return failure(std::string(kBadVertexList));
  state.game.setToMove(Color::White);
  return success(vertexList(points, state.game.size()));
}

Reply fixedHandicap(State& state, const Args& args) {
  if (args.empty()) return syntaxError();
  const std::optional<long> stones = parseInteger(args[0]);
  if (!stones) return syntaxError();
  if (!boardEmpty(state.game)) return failure(std::string(kBoardNotEmpty));
  if (*stones < 2 || *stones > 9) return failure(std::string(kInvalidNumberOfStones));
  const Result<std::vector<Point>> points = fixedHandicapPoints(state.game.size(), static_cast<int>(*stones));
  if (!points) return failure(std::string(kInvalidNumberOfStones));
  return placeHandicap(state, *points);
}

Reply placeFreeHandicap(State& state, const Args& args) {
  if (args.empty()) return syntaxError();
  const std::optional<long> stones = parseInteger(args[0]);
  if (!stones) return syntaxError();
  if (!boardEmpty(state.game)) return failure(std::string(kBoardNotEmpty));
  const int size = state.game.size();
  if (*stones < 2 || *stones > static_cast<long>(size) * size - 1) return failure(std::string(kInvalidNumberOfStones));
  // The fixed placement; GTP lets an engine place fewer stones than asked, which it does beyond the handicap points
  // the board has (9, or 4 on even sizes and 7x7). Boards under 7x7 have none.
  const int most = (size % 2 == 1 && size > 7) ? 9 : 4;
  const Result<std::vector<Point>> points = fixedHandicapPoints(size, static_cast<int>(std::min<long>(*stones, most)));
  if (!points) return failure(std::string(kInvalidNumberOfStones));
  return placeHandicap(state, *points);
}

Reply setFreeHandicap(State& state, const Args& args) {
  const int size = state.game.size();
  std::vector<VertexArg> vertices;
  for (const std::string& arg : args) {
    vertices.push_back(parseVertex(arg, size));
    if (vertices.back().kind == VertexArg::Kind::Invalid) return syntaxError();
  }
  if (!boardEmpty(state.game)) return failure(std::string(kBoardNotEmpty));
  if (vertices.size() < 2 || vertices.size() > static_cast<std::size_t>(size) * size - 1) {
    return failure(std::string(kBadVertexList));
  }
  std::vector<Point> points;
  for (const VertexArg& v : vertices) {
    const bool repeated = std::find(points.begin(), points.end(), v.point) != points.end();
    if (v.kind != VertexArg::Kind::OnBoard || repeated) return failure(std::string(kBadVertexList));
    points.push_back(v.point);
  }
  const Reply placed = placeHandicap(state, points);
  return placed.ok ? success() : placed;
}

Reply finalScore(State& state, const Args&) {
  // After a resignation the result is already known ("W+R").
  if (state.game.phase() == Phase::Finished && !state.game.result().empty()) return success(state.game.result());
  return success(state.analysis().score.result);
}

// The empty points the judgment gives to `color`, in reading order; `Color::Empty` gives the dame, the empty points it
// gives to nobody. The points of dead stones are not among them.
std::vector<Point> emptyPointsOf(State& state, Color color) {
  const Analysis& analysis = state.analysis();
  const Board& board = state.game.board();
  const int size = board.size();
  std::vector<Point> points;
  for (int row = 0; row < size; ++row) {
    for (int col = 0; col < size; ++col) {
      const std::size_t at = static_cast<std::size_t>(row) * size + col;
      if (board.at(Point{row, col}) == Color::Empty && at < analysis.owner.size() && analysis.owner[at] == color) {
        points.push_back({row, col});
      }
    }
  }
  return points;
}

// final_status_list's territory lists (and dame), on one line as GNU Go writes them.
std::string territoryList(State& state, Color color) {
  return vertexList(emptyPointsOf(state, color), state.game.size());
}

// alive, dead, seki: one line per chain, its stones in reading order (top row first, left to right), chains ordered by
// their first stone in that order; the statuses are the analysis's (analysis.h), as final_score counts them.
Reply finalStatusList(State& state, const Args& args) {
  if (args.size() != 1) return syntaxError();
  const std::string name = asciiLower(args[0]);
  std::optional<StoneStatus> wanted;
  for (StoneStatus s : {StoneStatus::Alive, StoneStatus::Dead, StoneStatus::Seki}) {
    if (name == statusName(s)) wanted = s;
  }
  if (!wanted) {
    // GNU Go's territory lists, which Kigo shows at the end of a game.
    if (name == "black_territory") return success(territoryList(state, Color::Black));
    if (name == "white_territory") return success(territoryList(state, Color::White));
    if (name == "dame") return success(territoryList(state, Color::Empty));
    return syntaxError();
  }
  const Analysis& analysis = state.analysis();

  const Game& game = state.game;
  const int size = game.size();
  std::vector<bool> seen(static_cast<std::size_t>(size) * size, false);
  std::vector<std::string> lines;
  for (int row = 0; row < size; ++row) {
    for (int col = 0; col < size; ++col) {
      const std::size_t at = static_cast<std::size_t>(row) * size + col;
      if (seen[at] || !isPlayer(game.board().at(Point{row, col}))) continue;
      std::vector<Point> chain = game.chainAt({row, col});
      std::sort(chain.begin(), chain.end(),
                [](const Point& a, const Point& b) { return a.row != b.row ? a.row < b.row : a.col < b.col; });
      for (const Point& p : chain) seen[static_cast<std::size_t>(p.row) * size + p.col] = true;
      if (analysis.status[at] == *wanted) lines.push_back(vertexList(chain, size));
    }
  }
  return success(joined(lines, "\n"));
}

// As GNU Go: `loadsgf FILE N` gives the position before move N (moves 1..N-1 played); without N, or with N past the
// end or below 1, the whole main line. The answer is the colour to move. The engine's rule set is kept; size and
// komi come from the file.
Reply loadsgf(State& state, const Args& args) {
  if (args.empty() || args.size() > 2) return syntaxError();
  std::optional<long> before;
  if (args.size() == 2) {
    before = parseInteger(args[1]);
    if (!before) return syntaxError();
  }
  const std::string& path = args[0];
  const Result<sgf::Collection> collection = sgf::parseFile(path);
  if (!collection) return failure("cannot load " + collection.error());
  if (collection->games().empty()) return failure("cannot load " + path + ": no game");
  Result<sgf::GameRecord> record = sgf::readRecord(collection->games().front());
  if (!record) return failure("cannot load " + path + ": " + record.error());

  sgf::GameRecord& rec = record.value();
  std::size_t keep = rec.moves.size();
  if (before && *before >= 1) keep = std::min(keep, static_cast<std::size_t>(*before - 1));
  // The colour of move N when the file has one: a record may give one colour two moves in a row.
  const std::optional<Color> next =
      keep < rec.moves.size() ? std::optional<Color>(rec.moves[keep].color) : std::nullopt;
  rec.moves.resize(keep);
  if (rec.comments.size() > keep) rec.comments.resize(keep);

  rec.config.handicap = 0;
  if (!rec.config.komi) rec.config.komi = state.options.game.komi;
  sgf::Replay replayed = sgf::replay(rec, state.options.game.rules);
  if (!replayed.setupError.empty()) return failure("cannot load " + path + ": " + replayed.setupError);
  if (replayed.illegal) {
    return failure("cannot load " + path + ": " + sgf::describe(*replayed.illegal, rec.config.size));
  }
  state.game = std::move(replayed.game);
  state.game.setStrictTurn(false);
  state.options.game.size = state.game.size();
  state.options.game.komi = rec.config.komi;
  resetClocks(state);
  return success(std::string(colorName(next.value_or(state.game.toMove()))));
}

Reply printsgf(State& state, const Args& args) {
  std::map<std::string, std::string> info;
  info["AP"] = state.options.name + (state.options.version.empty() ? "" : ":" + state.options.version);
  std::string text = sgf::writeGame(state.game, info);
  if (args.empty()) return success(text);
  if (!text.empty() && text.back() != '\n') text += '\n';
  if (const Status written = io::writeFileAtomically(args[0], text); !written) {
    return failure("cannot write " + written.error());
  }
  return success();
}

Reply timeSettings(State& state, const Args& args) {
  if (args.size() < 3) return syntaxError();
  const std::optional<long> mainTime = parseInteger(args[0]);
  const std::optional<long> byoYomi = parseInteger(args[1]);
  const std::optional<long> stones = parseInteger(args[2]);
  if (!mainTime || !byoYomi || !stones || *mainTime < 0 || *byoYomi < 0 || *stones < 0) return syntaxError();
  state.timeSettings = TimeSettings{*mainTime, *byoYomi, *stones};
  resetClocks(state);
  return success();
}

Reply timeLeft(State& state, const Args& args) {
  if (args.size() < 3) return syntaxError();
  const std::optional<Color> color = parsePlayer(args[0]);
  const std::optional<long> seconds = parseInteger(args[1]);
  const std::optional<long> stones = parseInteger(args[2]);
  if (!color || !seconds || !stones || *stones < 0) return syntaxError();
  // Settings that mean no limit keep every clock off: the time left is accepted and not used.
  const TimeControl control = state.timeSettings ? gtpTimeControl(*state.timeSettings) : TimeControl{};
  if (state.timeSettings && !control.timed()) return success();
  clockOf(state, *color) = gtpTimeLeft(*seconds, *stones, control);
  return success();
}

// is_legal and tengen-legal_reason share their reading of the arguments.
std::optional<RejectReason> legality(const State& state, const Args& args) {
  if (args.size() < 2) return std::nullopt;
  const std::optional<Color> color = parsePlayer(args[0]);
  const VertexArg vertex = parseVertex(args[1], state.game.size());
  if (!color || vertex.kind == VertexArg::Kind::Invalid) return std::nullopt;
  switch (vertex.kind) {
    case VertexArg::Kind::Pass:
      return checkMove(state, Move::pass(*color));
    case VertexArg::Kind::OnBoard:
      return checkMove(state, Move::play(*color, vertex.point));
    default:
      return RejectReason::OutOfBounds;
  }
}

Reply isLegal(State& state, const Args& args) {
  const std::optional<RejectReason> why = legality(state, args);
  if (!why) return syntaxError();
  return success(*why == RejectReason::None ? "1" : "0");
}

Reply legalReason(State& state, const Args& args) {
  const std::optional<RejectReason> why = legality(state, args);
  if (!why) return syntaxError();
  return success(std::string(reasonCode(*why)));
}

// As GNU Go: reading order, top row first, left to right.
Reply listStones(State& state, const Args& args) {
  if (args.empty()) return syntaxError();
  const std::optional<Color> color = parsePlayer(args[0]);
  if (!color) return syntaxError();
  const Board& board = state.game.board();
  std::vector<Point> stones;
  for (int row = 0; row < board.size(); ++row) {
    for (int col = 0; col < board.size(); ++col) {
      if (board.at(Point{row, col}) == *color) stones.push_back({row, col});
    }
  }
  return success(vertexList(stones, board.size()));
}

// `tengen-rules` answers the rule set; `tengen-rules NAME` replays the game so far under another one, and is refused
// (the game unchanged) when one of its moves is illegal there.
Reply rules(State& state, const Args& args) {
  if (args.empty()) return success(std::string(state.game.ruleSet().name));
  const std::optional<Rules> parsed = parseRules(args[0]);
  if (!parsed) {
    std::vector<std::string> names;
    for (const RuleSet& rs : allRuleSets()) names.emplace_back(rs.name);
    return failure("unknown rules: " + args[0] + " (known: " + joined(names, " ") + ")");
  }
  GameConfig config = state.game.config();
  config.rules = *parsed;
  config.komi = state.options.game.komi;
  config.handicap = 0;
  Result<Game> game = rebuild(state.game, config);
  if (!game) return failure(std::string(kIllegalMove) + ": " + game.error());
  state.game = std::move(game.value());
  state.options.game.rules = *parsed;
  return success();
}

// Listed so that GoGui knows it may interrupt a genmove with a `# interrupt` line (generateMove); it does nothing.
Reply goguiInterrupt(State&, const Args&) { return success(); }

// GoGui's analyze commands: the judgment's ownership drawn on the board, and the result in the status bar.
Reply analyzeCommands(State&, const Args&) {
  return success("gfx/Ownership/tengen-ownership\nstring/Estimate/tengen-estimate");
}

// The judgment's result in words: the count of a finished game, `(estimate)` after that of one in play, and the
// result of a resignation as it stands.
std::string judgmentResult(State& state) {
  if (state.game.phase() == Phase::Finished && !state.game.result().empty()) return state.game.result();
  const Analysis& analysis = state.analysis();
  return analysis.score.result + (analysis.final ? "" : " (estimate)");
}

// tengen-ownership, GoGui's gfx: each point's ownership by the judgment (INFLUENCE, Black's positive as GoGui
// draws it), and its result (TEXT).
Reply ownership(State& state, const Args&) {
  const std::string result = judgmentResult(state);
  return success(influenceLine(ownershipValueRows(state.analysis())) + "\nTEXT " + result);
}

// tengen-estimate: the judgment's result and the stones it reads as dead (and in seki, when any), on one line for
// GoGui's status bar: `B+3.5 (estimate); dead: C3 D3`.
Reply estimate(State& state, const Args&) {
  std::string text = judgmentResult(state);
  const Analysis& analysis = state.analysis();
  const int size = state.game.size();
  text += "; dead: " + (analysis.dead.empty() ? std::string("none") : vertexList(analysis.dead, size));
  if (!analysis.seki.empty()) text += "; seki: " + vertexList(analysis.seki, size);
  return success(text);
}

// --- GNU Go's commands, as the programs made for GNU Go (Kigo, qGo) send them ---

// estimate_score in GNU Go's form, `W+3.5 (upper bound: 5.5, lower: 1.5)`: the judgment's margin as White's lead (W+
// when White leads or it is even, GNU Go's tradition; B+ with Black's lead), and the bounds of White's lead: every
// empty point the judgment gives to nobody counted for White (upper) or for Black (lower). A finished game's count
// has no such point (its dame are nobody's for sure): both bounds are the count.
Reply estimateScore(State& state, const Args&) {
  const Analysis& analysis = state.analysis();
  const double whiteLead = -analysis.score.margin;
  const double open = analysis.final ? 0 : static_cast<double>(emptyPointsOf(state, Color::Empty).size());
  const std::string bounds =
      " (upper bound: " + decimal(whiteLead + open, 1) + ", lower: " + decimal(whiteLead - open, 1) + ")";
  // GNU Go's %3.1f: one decimal, and a lead of 0 is White's.
  if (whiteLead >= 0) return success("W+" + decimal(whiteLead, 1) + bounds);
  return success("B+" + decimal(-whiteLead, 1) + bounds);
}

// captures COLOR: the stones COLOR has taken off the board (its prisoners; an opponent's suicide counts for it).
Reply captures(State& state, const Args& args) {
  if (args.size() != 1) return syntaxError();
  const std::optional<Color> color = parsePlayer(args[0]);
  if (!color) return syntaxError();
  return success(std::to_string(state.game.board().captures(*color)));
}

// level N: GNU Go's strength, which Kigo sends before every genmove (qGo gives it on GNU Go's command line). Any
// integer is accepted, as GNU Go accepts it; it changes nothing: the moves are --engine's.
Reply level(State&, const Args& args) {
  if (args.size() != 1) return syntaxError();
  // An integer of any length, signed or not.
  const std::string_view word = args[0];
  const std::string_view digits = word.starts_with('-') || word.starts_with('+') ? word.substr(1) : word;
  const bool integer =
      !digits.empty() && std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; });
  if (!integer) return syntaxError();
  return success();
}

// The playouts of top_moves' search: a fixed number, so that the same position gives the same list.
constexpr long kTopMovesPlayouts = 1600;
// GNU Go lists at most ten moves.
constexpr int kTopMoves = 10;

// top_moves_black, top_moves_white and top_moves: the analysis search's best moves for that colour, `VERTEX VALUE`
// pairs on one line, the most visited first; the value is the move's winning rate in percent. Passes are left out,
// as GNU Go never lists one (Kigo reads every pair as a point).
Reply topMoves(State& state, Color color) {
  if (!state.options.analyze) return failure(std::string(kAnalysisUnavailable));
  if (state.game.phase() == Phase::Finished) return success();
  std::unique_ptr<Analyzer> analyzer;
  try {
    analyzer = state.options.analyze(playedOn(state.game), color);
    analyzer->search(kTopMovesPlayouts, {});
  } catch (const std::exception& e) {
    return failure(std::string(kAnalysisFailed) + e.what());
  }
  const SearchReport report = analyzer->report(kTopMoves + 1);
  std::vector<std::string> words;
  for (const SearchCandidate& c : report.candidates) {
    if (c.move.kind != MoveKind::Play || words.size() >= 2 * static_cast<std::size_t>(kTopMoves)) continue;
    words.push_back(gtpVertex(c.move.point, state.game.size()));
    words.push_back(decimal(c.winrate * 100, 2));
  }
  return success(joined(words, " "));
}

Reply topMovesBlack(State& state, const Args&) { return topMoves(state, Color::Black); }
Reply topMovesWhite(State& state, const Args&) { return topMoves(state, Color::White); }
// GNU Go's plain top_moves lists what its last genmove weighed; here the side to move's.
Reply topMovesToMove(State& state, const Args&) { return topMoves(state, state.game.toMove()); }

// move_history: the moves played, the last first, `COLOR VERTEX` a line (`PASS` for a pass), as GNU Go answers it.
// Kigo counts its lines to offer a loaded game's moves.
Reply moveHistory(State& state, const Args&) {
  std::vector<std::string> lines;
  const std::vector<Move>& moves = state.game.moves();
  for (auto it = moves.rbegin(); it != moves.rend(); ++it) {
    if (it->kind == MoveKind::Resign) continue;
    const std::string vertex = it->kind == MoveKind::Pass ? "PASS" : gtpVertex(it->point, state.game.size());
    lines.push_back(std::string(colorName(it->color)) + " " + vertex);
  }
  return success(joined(lines, "\n"));
}

// query_boardsize, get_komi, get_handicap: what Kigo asks after loadsgf.
Reply queryBoardsize(State& state, const Args&) { return success(std::to_string(state.game.size())); }

Reply getKomi(State& state, const Args&) {
  std::array<char, 32> buffer{};
  const auto [end, ec] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), state.game.komi());
  return success(std::string(buffer.data(), ec == std::errc() ? end : buffer.data()));
}

// The handicap stones: Black's setup stones (fixed_handicap, place_free_handicap, set_free_handicap or a record's
// AB), none when White has setup stones too (a composed position, not a handicap).
Reply getHandicap(State& state, const Args&) {
  int black = 0;
  for (const auto& [color, point] : state.game.setupStones()) {
    if (color != Color::Black) return success("0");
    ++black;
  }
  return success(std::to_string(black));
}

constexpr std::array kCommands = {
    CommandEntry{"boardsize", boardsize},
    CommandEntry{"captures", captures},
    CommandEntry{"clear_board", clearBoard},
    CommandEntry{"estimate_score", estimateScore},
    CommandEntry{"final_score", finalScore},
    CommandEntry{"final_status_list", finalStatusList},
    CommandEntry{"fixed_handicap", fixedHandicap},
    CommandEntry{"genmove", genmove},
    CommandEntry{"get_handicap", getHandicap},
    CommandEntry{"get_komi", getKomi},
    CommandEntry{"gogui-analyze_commands", analyzeCommands},
    CommandEntry{"gogui-interrupt", goguiInterrupt},
    CommandEntry{"is_legal", isLegal},
    CommandEntry{"kata-analyze", kataAnalyze},
    CommandEntry{"kata-genmove_analyze", kataGenmoveAnalyze},
    CommandEntry{"kgs-genmove_cleanup", genmoveCleanup},
    CommandEntry{"known_command", knownCommand},
    CommandEntry{"komi", komi},
    CommandEntry{"level", level},
    CommandEntry{"list_commands", listCommands},
    CommandEntry{"list_stones", listStones},
    CommandEntry{"loadsgf", loadsgf},
    CommandEntry{"lz-analyze", lzAnalyze},
    CommandEntry{"lz-genmove_analyze", lzGenmoveAnalyze},
    CommandEntry{"move_history", moveHistory},
    CommandEntry{"name", name},
    CommandEntry{"place_free_handicap", placeFreeHandicap},
    CommandEntry{"play", play},
    CommandEntry{"printsgf", printsgf},
    CommandEntry{"protocol_version", protocolVersion},
    CommandEntry{"query_boardsize", queryBoardsize},
    CommandEntry{"quit", quit},
    CommandEntry{"reg_genmove", regGenmove},
    CommandEntry{"set_free_handicap", setFreeHandicap},
    CommandEntry{"showboard", showboard},
    CommandEntry{"tengen-estimate", estimate},
    CommandEntry{"tengen-legal_reason", legalReason},
    CommandEntry{"tengen-ownership", ownership},
    CommandEntry{"tengen-rules", rules},
    CommandEntry{"time_left", timeLeft},
    CommandEntry{"time_settings", timeSettings},
    CommandEntry{"top_moves", topMovesToMove},
    CommandEntry{"top_moves_black", topMovesBlack},
    CommandEntry{"top_moves_white", topMovesWhite},
    CommandEntry{"undo", undo},
    CommandEntry{"version", version},
};

std::span<const CommandEntry> commandTable() { return kCommands; }

// The answer to a line longer than Engine::kMaxLineBytes, with the id its start gives, if any; nothing for a comment,
// which GTP ignores however long it is.
std::string tooLong(std::string_view start) {
  const std::size_t first = start.find_first_not_of(" \t");
  if (first != std::string_view::npos && start[first] == '#') return {};
  const std::optional<Command> command = parseCommand(start);
  return frame(command ? command->id : std::string(), failure(std::string(kLineTooLong)));
}

}  // namespace

Engine::Engine(EngineOptions options) {
  options.game.handicap = 0;
  m_state = std::make_unique<State>(std::move(options));
}

Engine::~Engine() = default;

std::string Engine::answer(std::string_view line) {
  const std::optional<Command> command = parseCommand(line);
  if (!command) return {};
  const auto entry =
      std::find_if(kCommands.begin(), kCommands.end(), [&](const CommandEntry& e) { return e.name == command->name; });
  if (command->name.empty() || entry == kCommands.end()) {
    return frame(command->id, failure(std::string(kUnknownCommand)));
  }
  m_state->id = command->id;
  return frame(command->id, entry->handler(*m_state, command->args));
}

void Engine::run(std::istream& in, std::ostream& out) {
  State::Session session{in, out, nullptr};
  // Every response is flushed as it is made; tied, the thread that reads the input during a stream would flush
  // `out` while the stream writes to it. Both are put back however run() ends.
  struct Attached {
    State& state;
    std::istream& in;
    std::ostream* tied;
    ~Attached() {
      state.session = nullptr;
      in.tie(tied);
    }
  } attached{*m_state, in, in.tie(nullptr)};
  m_state->session = &session;
  while (!m_state->quit) {
    std::optional<InputLine> line;
    if (session.pending) {
      line = session.pending->take();
      session.pending.reset();
    } else {
      line = readInputLine(in, kMaxLineBytes);
    }
    if (!line) break;
    const std::string response = line->tooLong ? tooLong(line->text) : answer(line->text);
    if (response.empty()) continue;
    out << response << std::flush;
    // The controller has gone away.
    if (!out) break;
  }
}

bool Engine::quitRequested() const { return m_state->quit; }

const Game& Engine::game() const { return m_state->game; }

const std::optional<TimeSettings>& Engine::timeSettings() const { return m_state->timeSettings; }

namespace {

int clampedInt(long value) { return static_cast<int>(std::clamp<long>(value, 0, std::numeric_limits<int>::max())); }

}  // namespace

TimeControl gtpTimeControl(const TimeSettings& settings) {
  const int mainSeconds = clampedInt(settings.mainTime);
  if (settings.byoYomiTime > 0 && settings.byoYomiStones > 0) {
    return TimeControl{TimeControl::Kind::Canadian, mainSeconds, clampedInt(settings.byoYomiTime), 0,
                       clampedInt(settings.byoYomiStones)};
  }
  if (settings.byoYomiTime == 0 && mainSeconds > 0) return TimeControl{TimeControl::Kind::Absolute, mainSeconds};
  return {};
}

GameClock gtpTimeLeft(long seconds, long stones, const TimeControl& control) {
  const std::int64_t ms = static_cast<std::int64_t>(std::max(0L, seconds)) * 1000;
  if (stones == 0) {
    const TimeControl main = control.timed() ? control : TimeControl{TimeControl::Kind::Absolute, clampedInt(seconds)};
    TimeLeft left = initialTime(main);
    left.mainMs = ms;
    return {main, left};
  }
  const TimeLeft left{.periodMs = ms, .stones = clampedInt(stones)};
  if (control.kind == TimeControl::Kind::Canadian) return {control, left};
  return {TimeControl{TimeControl::Kind::Canadian, 0, std::max(1, clampedInt(seconds)), 0, left.stones}, left};
}

std::optional<GameClock> Engine::clock(Color color) const {
  if (!isPlayer(color)) return std::nullopt;
  return m_state->clocks[static_cast<int>(color) - 1];
}

std::optional<TimeLeft> Engine::timeLeft(Color color) const {
  const std::optional<GameClock> kept = clock(color);
  if (!kept) return std::nullopt;
  return kept->left;
}

std::vector<std::string_view> Engine::commandNames() {
  std::vector<std::string_view> names;
  names.reserve(kCommands.size());
  for (const CommandEntry& e : kCommands) names.push_back(e.name);
  return names;
}

}  // namespace tengen::gtp
