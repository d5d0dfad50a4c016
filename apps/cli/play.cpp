#include "play.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <istream>
#include <map>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

#include "tengen/ai/error_log.h"
#include "tengen/ai/move_source.h"
#include "tengen/ai/referee.h"
#include "tengen/core/analysis.h"
#include "tengen/core/board.h"
#include "tengen/core/coords.h"
#include "tengen/core/game.h"
#include "tengen/core/result.h"
#include "tengen/core/rules.h"
#include "tengen/core/text.h"
#include "tengen/core/types.h"
#include "tengen/engine/judgment.h"
#include "tengen/gtp/process.h"
#include "tengen/io/atomic_file.h"
#include "tengen/session/played_record.h"
#include "tengen/session/session.h"
#include "tengen/session/tree_record.h"
#include "tengen/sgf/sgf.h"
#include "tengen/sources/make_source.h"

#include "cli_options.h"

namespace tengen::cli {

namespace {

// "5%": the built-in engine's resignation threshold against a person.
std::string resignPercent() {
  return std::to_string(static_cast<int>(std::lround(sources::kInteractiveResign * 100))) + "%";
}

constexpr std::string_view kHelp =
    "Commands:\n"
    "  D4, q16   play at a point (column letter A..Z without I, row counted from the bottom)\n"
    "  pass      pass; two passes in a row end the game\n"
    "  resign    give up the game\n"
    "  undo      take back your last move and the opponent's reply\n"
    "  score     the engine's estimate of the game so far, with each point's likely owner\n"
    "  quit      leave the game (the end of input does the same)\n"
    "  help      this list\n";

constexpr std::string_view kScoringHelp =
    "Scoring commands:\n"
    "  done      accept the dead stones shown and end the game (the end of input does the same)\n"
    "  D4, q16   toggle the chain at that point between dead and alive\n"
    "  resume    go back to playing\n"
    "  help      this list\n";

// What the person decided about the end of the game.
enum class ScoringChoice { Accept, Resume };

// Today's date in UTC as SGF DT writes it (YYYY-MM-DD).
std::string utcDate() {
  const std::time_t now = std::time(nullptr);
  std::tm parts{};
  gmtime_r(&now, &parts);
  char text[16] = {};
  std::strftime(text, sizeof text, "%Y-%m-%d", &parts);
  return text;
}

// A validated game: what the options asked for, in the core's terms; a resumed game comes with its record.
struct GameSetup {
  GameConfig config;
  Color human = Color::Black;
  // The record's game tree, every line replayed by the rules, with its comments, variations and the properties
  // tengen does not use, all kept on every save.
  std::optional<session::GameTree> resumed;
  std::string resumedFrom;                  // its path
  std::string resumedNote;                  // where a variation of it was cut, "" when none was
  std::map<std::string, std::string> info;  // the record's other root properties (DT, EV, ...), kept on every save
  session::RecordedClock clock;             // the record's time control (the client's), kept on every save
  std::string opponent;                     // the ENGINE spec to play against
  std::string opponentFrom;                 // why that one: "--opponent", "the record's PW", "the default"
  std::string recordedModel;                // the model the record's openai: opponent asked (XMODELB/XMODELW)
};

// The options the opponent is made with: the command's, with a person's resignation threshold for the built-in
// engine (docs/cli.md) and the model it asks.
sources::SourceOptions opponentOptions(const PlayOptions& options, const sources::ModelOptions& model) {
  sources::SourceOptions source = sourceOptionsOf(options);
  source.builtinResign = sources::kInteractiveResign;
  source.model = model;
  return source;
}

// The game of a record to resume: its size, komi, rules, handicap and moves, the person's colour where the record
// names a human player, and the opponent tengen wrote in PB/PW unless --opponent says otherwise. A finished record
// (RE, or two passes at its end) and one the rules refuse are turned away, naming the move and the reason. The file
// is read once, as the client reads it (session::readPlayedRecordFile).
Result<GameSetup> resumeSetup(const PlayOptions& options, GameSetup setup) {
  using R = Result<GameSetup>;
  const std::string& path = *options.resume;
  Result<session::PlayedRecord> read = session::readPlayedRecordFile(path);
  if (!read) return R::failure("--resume " + read.error());
  session::PlayedRecord played = std::move(read).value();
  const session::TreeRecord& record = played.record;
  if (record.cut && record.cut->mainLine) {
    const session::TreeCut& cut = *record.cut;
    const std::string why =
        cut.why == session::TreeCut::Why::Illegal
            ? "move " + std::to_string(cut.moveNumber) + " (" + cut.move + "): " + std::string(reasonCode(cut.reason))
            : session::describe(cut);
    return R::failure("--resume " + path + ": " + why);
  }
  if (!played.result.empty()) {
    return R::failure("--resume " + path + ": the game is over (RE[" + played.result +
                      "]); there is nothing to resume");
  }
  const Game mainLine = record.tree.gameAt(record.tree.mainLineEnd());
  if (mainLine.phase() != Phase::Playing) {
    return R::failure("--resume " + path + ": the game is over (it ends with two passes); there is nothing to resume");
  }

  // The person is the side the record calls human; --human only decides when it names neither.
  if (played.human && options.human && *played.human != setup.human) {
    return R::failure("--human " + *options.human + ": the record " + path + " has you as " +
                      std::string(colorName(*played.human)));
  }
  if (played.human) setup.human = *played.human;
  if (!options.opponent) {
    // A gtp: engine is started once, later; any other spec is checked here without starting anything. A name
    // another program wrote ("GNU Go 3.8"), or the client ("built-in engine"), is no spec: the default opponent
    // plays.
    const std::string written = played.nameOf(opponent(setup.human));
    const bool usable = written.rfind("gtp:", 0) == 0 || (!written.empty() && sources::makeSource(written, {}).ok());
    if (usable) {
      setup.opponent = written;
      setup.opponentFrom = std::string("the record's ") + (setup.human == Color::Black ? "PW" : "PB");
      // The model it asked, unless --model names another.
      setup.recordedModel = played.modelOf(opponent(setup.human));
    }
  }

  // The tree the session plays on: the main line, with the record's variations.
  if (record.cut) setup.resumedNote = "in " + path + ", " + session::describe(*record.cut);
  setup.config = mainLine.config();
  setup.resumed = std::move(played.record.tree);
  setup.resumedFrom = path;
  setup.info = std::move(played.record.info);
  setup.clock = played.clock;
  return setup;
}

// Every check names the option and the value it refuses, so a usage error says what and where.
Result<GameSetup> validate(const PlayOptions& options) {
  using R = Result<GameSetup>;
  GameSetup setup;
  if (const std::string why = checkBoardSize(options.size); !why.empty()) return R::failure(why);
  setup.config.size = options.size;

  const Result<Rules> rules = rulesNamed(options.rules);
  if (!rules) return R::failure(rules.error());
  setup.config.rules = *rules;

  if (options.komi && !std::isfinite(*options.komi)) return R::failure("--komi: must be a finite number");

  if (options.handicap != 0 && (options.handicap < 2 || options.handicap > 9)) {
    return R::failure("--handicap " + std::to_string(options.handicap) + ": must be 0 or 2..9");
  }
  if (options.handicap != 0) {
    const Result<std::vector<Point>> points = fixedHandicapPoints(options.size, options.handicap);
    if (!points) return R::failure("--handicap " + std::to_string(options.handicap) + ": " + points.error());
  }
  setup.config.handicap = options.handicap;
  setup.config.komi = options.komi.value_or(defaultKomi(*rules, options.handicap));

  const std::optional<Color> human = parseColor(options.human.value_or("black"));
  if (!human || !isPlayer(*human)) {
    return R::failure("--human " + options.human.value_or("") + ": must be black or white");
  }
  setup.human = *human;
  setup.opponent = options.opponent.value_or("builtin");
  setup.opponentFrom = options.opponent ? "--opponent" : "the default";

  if (!options.noSgf && options.sgf.empty()) return R::failure("--sgf: the file name is empty");
  if (options.resume) {
    Result<GameSetup> resumed = resumeSetup(options, std::move(setup));
    if (!resumed) return resumed;
    setup = std::move(resumed).value();
  }

  // A gtp: engine is started only once everything else is known to be right; every other kind this build cannot
  // run is refused by makeSource without starting anything.
  if (const std::string why = checkRefereeOptions(options.referee); !why.empty()) {
    return R::failure(why);
  }
  if (!(std::isfinite(options.timeoutSeconds) && options.timeoutSeconds > 0)) {
    return R::failure("--timeout: must be a positive number of seconds");
  }
  // A gtp: engine is started only once everything else is known to be right; every other spec is checked now,
  // which starts nothing.
  if (setup.opponent.rfind("gtp:", 0) != 0) {
    const Result<std::unique_ptr<ai::MoveSource>> source = sources::makeSource(setup.opponent, {});
    if (!source) return R::failure("--opponent " + displayUrl(setup.opponent) + ": " + source.error());
  }

  // The core has the last word on what makes a game.
  const Result<GameConfig> checked = Game::validate(setup.config);
  if (!checked) return R::failure(checked.error());
  return setup;
}

std::string capitalized(std::string_view word) {
  std::string out(word);
  if (!out.empty()) out[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(out[0])));
  return out;
}

// One game between the person at the terminal and the opponent: the terminal's words over a session::Session,
// which holds the game, the person's moves and undo, the AI's turn and the count.
class TerminalGame {
 public:
  TerminalGame(GameSetup setup, std::unique_ptr<ai::MoveSource> opponent, sources::ModelOptions model,
               const PlayTerminal& terminal, const PlayOptions& options)
      : m_session(setup.resumed ? session::Session(std::move(*setup.resumed), setup.human)
                                : session::Session(setup.config, setup.human)),
        m_options(options),
        m_opponent(std::move(opponent)),
        m_opponentSpec(setup.opponent),
        m_model(std::move(model)),
        m_io(terminal),
        m_referee(refereeOptionsOf(options.referee, sources::errorContextOf("play", setup.opponent, m_model))),
        m_sgfPath(setup.resumed   ? setup.resumedFrom
                  : options.noSgf ? std::string()
                                  : options.sgf),
        m_sgfInfo(setup.info),
        m_setup(std::move(setup)) {
    if (!m_sgfInfo.contains("DT")) m_sgfInfo["DT"] = utcDate();
    m_sgfWritten = !m_setup.resumedFrom.empty();
  }

  int run() {
    const GameSetup& setup = m_setup;
    const bool resumed = !setup.resumedFrom.empty();
    const Game& game = m_session.game();
    m_io.out << "tengen play: ";
    if (resumed) m_io.out << "resuming " << setup.resumedFrom << " after move " << game.moveCount() << ", ";
    m_io.out << game.size() << "x" << game.size() << ", " << game.ruleSet().name << " rules, komi " << game.komi();
    if (game.handicapStones() > 0) m_io.out << ", handicap " << game.handicapStones();
    m_io.out << ". You are " << colorName(m_session.human()) << " against " << displayUrl(setup.opponent);
    if (setup.opponent.starts_with("openai:") && !m_model.model.empty()) m_io.out << " (model " << m_model.model << ")";
    if (resumed) m_io.out << " (" << setup.opponentFrom << ")";
    m_io.out << " (seed " << m_options.seed << "). Type help for commands.\n";
    if (!setup.resumedNote.empty()) m_io.out << "Note: " << setup.resumedNote << ".\n";
    draw();
    for (;;) {
      while (m_session.game().phase() == Phase::Playing) {
        if (m_session.aiToMove()) {
          if (const int code = opponentMoves(); code != 0) return code;
          continue;
        }
        std::optional<std::string> line = ask(capitalized(colorName(m_session.human())) + " to move> ");
        if (!line) {
          m_io.out << "\nEnd of input: game left unfinished: " << howToContinue("") << '\n';
          return 0;
        }
        if (!handleCommand(*line)) return 0;
      }
      if (m_session.game().phase() == Phase::Finished) {  // a resignation
        m_io.out << capitalized(colorName(m_session.game().moves().back().color)) << " resigns.\n";
        m_io.out << "Result: " << m_session.game().result() << '\n';
        saveRecord();
        return 0;
      }
      if (scoreGame() == ScoringChoice::Accept) return 0;
    }
  }

 private:
  // Shows `prompt` and reads one line; nothing at the end of input. Piped input is echoed after the prompt.
  std::optional<std::string> ask(const std::string& prompt) {
    m_io.out << prompt << std::flush;
    std::string line;
    if (!std::getline(m_io.in, line)) return std::nullopt;
    if (m_io.echoInput) m_io.out << line << '\n';
    return line;
  }

  // Answers one line from the person; false when they quit.
  bool handleCommand(const std::string& line) {
    const std::string command = asciiLower(trim(line));
    if (command.empty()) return true;
    if (command == "quit" || command == "exit") {
      m_io.out << "Game left unfinished: " << howToContinue("") << '\n';
      return false;
    }
    if (command == "help" || command == "?") {
      m_io.out << kHelp;
      return true;
    }
    if (command == "undo") {
      undo();
      return true;
    }
    if (command == "score" || command == "estimate") {
      showEstimate();
      return true;
    }
    const int size = m_session.game().size();
    const Result<ParsedVertex> parsed = parseGtpVertex(command, size);
    if (!parsed) {
      m_io.out << parsed.error() << " (type help for commands)\n";
      return true;
    }
    if (parsed->kind == MoveKind::Resign) {
      m_session.resign();
      saveRecord();
      return true;
    }
    const Move move =
        parsed->kind == MoveKind::Play ? Move::play(m_session.human(), parsed->point) : Move::pass(m_session.human());
    const RejectReason reason = move.kind == MoveKind::Play ? m_session.play(move.point) : m_session.pass();
    if (reason != RejectReason::None) {
      m_io.out << "Illegal move " << gtpMove(move, size) << ": " << reasonWords(reason) << '\n';
      return true;
    }
    saveRecord();
    // The board is drawn once per turn: while the opponent thinks, one line; the board follows its reply.
    if (m_session.aiToMove()) {
      m_io.out << capitalized(colorName(m_session.human())) << ' '
               << (move.kind == MoveKind::Pass ? "passes" : gtpMove(move, size)) << ". "
               << capitalized(colorName(m_session.aiColor())) << " is thinking...\n"
               << std::flush;
    } else {
      draw();
    }
    return true;
  }

  // Plays the opponent's move as the referee accepted it and answers 0. When the opponent found no legal move or
  // could not be reached, says why; a person at a terminal then chooses to ask it again, change the opponent or
  // quit, while piped input ends the game there. Answers the exit code of the failure when the game ends so. The
  // referee never moves in the opponent's place.
  int opponentMoves() {
    for (;;) {
      session::AiTurnRecord seen;
      seen.opponent = displayUrl(m_opponentSpec);
      if (m_opponentSpec.rfind("openai:", 0) == 0) seen.coords = sources::coordFormatName(m_model.coords);
      const session::Session::AiTurn turn = m_session.playAiTurn(*m_opponent, m_referee, seen);
      const ai::RefereeOutcome& outcome = turn.outcome;
      for (const ai::Attempt& a : outcome.attempts) {
        if (!a.accepted()) m_io.out << ai::attemptLine(a) << '\n';
      }
      // Nothing changes the game while the terminal waits for the opponent: its move is played, or it failed.
      if (turn.result.end == session::AiTurnEnd::Played) {
        opponentPlayed(*outcome.move);
        return 0;
      }
      m_io.err << "tengen play: the opponent " << m_opponent->describe() << " failed: " << outcome.error << '\n';
      if (m_io.interactive && chooseAfterFailure() != session::FailureChoice::Quit) continue;
      m_io.err << "tengen play: " << howToContinue(" [--opponent ENGINE]") << '\n';
      return exitCodeOf(outcome.end);
    }
  }

  void opponentPlayed(const Move& move) {
    saveRecord();
    const std::string who = capitalized(colorName(move.color));
    if (move.kind == MoveKind::Play) {
      m_io.out << who << " plays " << gtpMove(move, m_session.game().size()) << ".\n";
    } else if (move.kind == MoveKind::Pass) {
      m_io.out << who << " passes.\n";
    }
    if (move.kind != MoveKind::Resign) draw();
  }

  // After the opponent's failure, at a terminal: ask it again, change it (the person types an ENGINE spec as
  // --opponent takes it) or quit. The end of input quits.
  session::FailureChoice chooseAfterFailure() {
    for (;;) {
      const std::optional<std::string> line = ask("The opponent found no move. ask again, change opponent, or quit> ");
      if (!line) {
        m_io.out << '\n';
        return session::FailureChoice::Quit;
      }
      if (trim(*line).empty()) continue;
      const std::optional<session::FailureChoice> choice = session::parseFailureChoice(*line);
      if (!choice) {
        m_io.out << "Type ask (ask the opponent again), change (another opponent) or quit.\n";
        continue;
      }
      if (*choice != session::FailureChoice::ChangeOpponent) return *choice;
      if (changeOpponent()) return session::FailureChoice::ChangeOpponent;
    }
  }

  // Reads ENGINE specs until one starts; false when the person gives none (an empty line or the end of input).
  bool changeOpponent() {
    for (;;) {
      const std::optional<std::string> line = ask("Opponent ENGINE (as --opponent takes it; empty to go back)> ");
      const std::string spec(line ? trim(*line) : std::string_view());
      if (spec.empty()) return false;
      sources::SourceOptions sourceOptions = opponentOptions(m_options, m_options.model);
      if (const Status settled = settleModel("play", spec, sourceOptions, m_io.out); !settled) {
        m_io.out << "--opponent " << settled.error() << '\n';
        continue;
      }
      Result<std::unique_ptr<ai::MoveSource>> source = sources::makeSource(spec, sourceOptions);
      if (!source) {
        m_io.out << "--opponent " << displayUrl(spec) << ": " << source.error() << '\n';
        continue;
      }
      m_opponent = std::move(source).value();
      m_opponentSpec = spec;
      m_model = sourceOptions.model;
      m_referee = refereeOptionsOf(m_options.referee, sources::errorContextOf("play", spec, m_model));
      saveRecord();
      m_io.out << "Your opponent is now " << displayUrl(spec) << ".\n";
      return true;
    }
  }

  // The record names the players as session::writePlayedRecord writes them; the opponent's spec loses any
  // credentials in its URL.
  session::RecordPlayers players() const {
    return {m_session.human(), displayUrl(m_opponentSpec), displayUrl(m_opponentSpec), m_model.model};
  }

  // Takes back the person's last move and everything after it (the opponent's reply), so it is their turn again.
  void undo() {
    const int takenBack = m_session.undo();
    if (takenBack == 0) {
      m_io.out << "Nothing to undo.\n";
      return;
    }
    m_io.out << "Took back " << takenBack << (takenBack == 1 ? " move.\n" : " moves.\n");
    saveRecord();
    draw();
  }

  // The board with the last move in brackets, and the status line.
  void draw() {
    const Game& game = m_session.game();
    std::optional<Point> last;
    if (!game.moves().empty() && game.moves().back().kind == MoveKind::Play) last = game.moves().back().point;
    std::string board = game.board().toAscii(last);
    if (!board.empty() && board.back() != '\n') board += '\n';
    m_io.out << board << statusLine() << '\n';
  }

  std::string statusLine() const {
    const Game& game = m_session.game();
    const Board& board = game.board();
    std::string line = "Move " + std::to_string(game.moveCount());
    if (!game.moves().empty()) {
      const Move& last = game.moves().back();
      line += ", last " + std::string(colorLetter(last.color)) + " " + gtpMove(last, game.size());
    }
    line += " | captures: black " + std::to_string(board.captures(Color::Black)) + ", white " +
            std::to_string(board.captures(Color::White));
    if (game.phase() == Phase::Playing) {
      line += " | " + capitalized(colorName(game.toMove())) + " to move";
      if (game.toMove() == m_session.human()) line += " (you)";
    }
    return line;
  }

  // After two passes: shows the dead stones core's count proposes and the score, and lets the person toggle chains
  // until they accept (`done` or the end of input), which finishes the game, or `resume` play.
  ScoringChoice scoreGame() {
    const std::vector<Point> seki = m_session.proposeDeadStones();
    const int size = m_session.game().size();
    m_io.out << "Two passes: the game is over. The stones tengen takes as dead are shown in lower case.\n";
    if (!seki.empty()) {
      m_io.out << "Seki (alive, no territory under territory rules):";
      for (const Point& p : seki) m_io.out << ' ' << gtpVertex(p, size);
      m_io.out << '\n';
    }
    showScore();
    for (;;) {
      const std::optional<std::string> line = ask("Score: done, a point to toggle, or resume> ");
      if (!line) {
        m_io.out << '\n';
        break;
      }
      const std::string command = asciiLower(trim(*line));
      if (command.empty()) continue;
      if (command == "done" || command == "quit" || command == "exit") break;
      if (command == "help" || command == "?") {
        m_io.out << kScoringHelp;
        continue;
      }
      if (command == "resume") {
        m_session.resumePlay();
        saveRecord();
        m_io.out << "Play resumes.\n";
        draw();
        return ScoringChoice::Resume;
      }
      const Result<ParsedVertex> parsed = parseGtpVertex(command, size);
      if (!parsed || parsed->kind != MoveKind::Play) {
        m_io.out << (parsed ? "'" + command + "' is not a point to toggle" : parsed.error())
                 << " (type help for scoring commands)\n";
        continue;
      }
      if (m_session.game().ruleSet().rules == Rules::TrompTaylor) {
        m_io.out << "Tromp-Taylor rules score the board as it stands: no stone is taken off.\n";
        continue;
      }
      toggleChain(parsed->point);
      showScore();
    }
    m_session.acceptScore();
    m_io.out << "Result: " << m_session.game().result() << '\n';
    saveRecord();
    return ScoringChoice::Accept;
  }

  // Marks the chain at p dead when any of it was alive, alive otherwise, and says which.
  void toggleChain(Point p) {
    const std::string vertex = gtpVertex(p, m_session.game().size());
    const std::size_t stones = m_session.game().chainAt(p).size();
    if (!m_session.toggleDeadChain(p)) {
      m_io.out << "No stone at " << vertex << ".\n";
      return;
    }
    m_io.out << "The chain at " << vertex << " (" << stones << (stones == 1 ? " stone" : " stones") << ") is now "
             << (m_session.model().isDead(p) ? "dead" : "alive") << ".\n";
  }

  // The board with dead stones in lower case, the list of them, and the score they give.
  void showScore() {
    const Game& game = m_session.game();
    std::string board = game.board().toAscii();
    // toAscii() puts row r on line r + 1 and column c at character 3 + 2c.
    const int size = game.size();
    std::vector<std::size_t> lineStart{0};
    for (std::size_t i = 0; i < board.size(); ++i) {
      if (board[i] == '\n') lineStart.push_back(i + 1);
    }
    std::vector<Point> sorted = m_session.model().deadStones();
    std::sort(sorted.begin(), sorted.end(),
              [](Point a, Point b) { return a.col != b.col ? a.col < b.col : a.row > b.row; });
    std::string list;
    for (const Point p : sorted) {
      const std::size_t at = lineStart[static_cast<std::size_t>(p.row) + 1] + 3 + 2 * static_cast<std::size_t>(p.col);
      if (at < board.size()) board[at] = asciiLower(board[at]);
      list += " " + gtpVertex(p, size);
    }
    if (!board.empty() && board.back() != '\n') board += '\n';
    m_io.out << board << "Dead:" << (list.empty() ? " none" : list) << '\n';
    const Score score = m_session.score();
    m_io.out << "Score (" << game.ruleSet().name << " rules): black " << score.black << ", white " << score.white
             << " + komi " << score.komi << " -> " << score.result << '\n';
  }

  // The judgment of the game so far (the built-in engine's estimate while it is in play): the result, and the board
  // with each point's likely owner: stones X and O (x and o when probably dead), empty points b or w when they are
  // likely Black's or White's, . or + when nobody's yet.
  void showEstimate() {
    const Game& game = m_session.game();
    const Analysis judged = engine::judge(game);
    std::string board = game.board().toAscii();
    const int size = game.size();
    std::vector<std::size_t> lineStart{0};
    for (std::size_t i = 0; i < board.size(); ++i) {
      if (board[i] == '\n') lineStart.push_back(i + 1);
    }
    int black = 0;
    int white = 0;
    for (int row = 0; row < size; ++row) {
      for (int col = 0; col < size; ++col) {
        const std::size_t i = static_cast<std::size_t>(row) * size + col;
        const std::size_t at = lineStart[static_cast<std::size_t>(row) + 1] + 3 + 2 * static_cast<std::size_t>(col);
        const Color owner = judged.owner[i];
        black += owner == Color::Black;
        white += owner == Color::White;
        if (at >= board.size()) continue;
        if (judged.status[i] == StoneStatus::Dead) {
          board[at] = asciiLower(board[at]);
        } else if (game.board().at(Point{row, col}) == Color::Empty && isPlayer(owner)) {
          board[at] = owner == Color::Black ? 'b' : 'w';
        }
      }
    }
    std::string dead;
    for (const Point& p : judged.dead) dead += " " + gtpVertex(p, size);
    m_io.out << board;
    m_io.out << (judged.final ? "Count" : "Estimate") << " (" << game.ruleSet().name << " rules, komi " << game.komi()
             << "): " << judged.score.result << (judged.final ? "" : " (estimate)") << '\n';
    auto points = [](int n) { return std::to_string(n) + (n == 1 ? " point" : " points"); };
    m_io.out << "Likely Black's: " << points(black) << ", White's: " << points(white) << " (b, w on empty points); "
             << (judged.final ? "dead:" : "probably dead:") << (dead.empty() ? " none" : dead) << " (x, o)\n";
  }

  // Where the unfinished game is kept and the command that continues it (`extra` after it: options worth adding),
  // or why it is not kept: --no-sgf, no move played yet, or a record that could not be written.
  std::string howToContinue(std::string_view extra) const {
    if (m_sgfPath.empty()) return "the game is not saved (--no-sgf)";
    if (m_sgfFailed) return "the game is not saved: " + m_sgfPath + " could not be written";
    if (!m_sgfWritten) return "no move was played, so nothing was saved";
    return "the game is saved in " + m_sgfPath + "; continue it with: tengen play --resume " +
           gtp::joinCommandLine({m_sgfPath}) + std::string(extra);
  }

  // Rewrites the record after every change so that a crash or a closed terminal loses nothing; a failure is told
  // once and never stops the game.
  void saveRecord() {
    if (m_sgfPath.empty()) return;
    const std::string error = io::writeFileAtomically(m_sgfPath, session::writePlayedRecord(m_session.tree(), m_sgfInfo,
                                                                                            players(), m_setup.clock))
                                  .error();
    if (!error.empty() && !m_sgfFailed) {
      m_io.err << "tengen play: cannot save the game record: " << error << "; the game goes on without it\n";
    }
    m_sgfFailed = m_sgfFailed || !error.empty();
    m_sgfWritten = m_sgfWritten || error.empty();
  }

  session::Session m_session;
  const PlayOptions& m_options;
  std::unique_ptr<ai::MoveSource> m_opponent;
  std::string m_opponentSpec;
  sources::ModelOptions m_model;  // what an openai: opponent asks
  const PlayTerminal& m_io;
  ai::RefereeOptions m_referee;
  std::string m_sgfPath;  // empty with --no-sgf
  std::map<std::string, std::string> m_sgfInfo;
  bool m_sgfFailed = false;
  bool m_sgfWritten = false;  // the record is on disk: written once, or the resumed file
  // What the game was started with (its tree is the session's): where it was resumed from, who chose the opponent.
  GameSetup m_setup;
};

}  // namespace

CLI::App* addPlayCommand(CLI::App& app, PlayOptions* options) {
  CLI::App* play = app.add_subcommand("play", "Play a game in the terminal against an opponent engine");
  CLI::Option* size = play->add_option("--size", options->size, "Board size, 2..25")->capture_default_str();
  CLI::Option* komi = play->add_option("--komi", options->komi, "Komi (default: the rule set's; 0.5 with a handicap)");
  CLI::Option* rules = play->add_option("--rules", options->rules, "Rule set: " + knownRuleNames())
                           ->type_name("NAME")
                           ->capture_default_str();
  CLI::Option* handicap =
      play->add_option("--handicap", options->handicap, "Fixed handicap stones, 0 or 2..9")->capture_default_str();
  play->add_option("--seed", options->seed, "Seed of the opponent's randomness")
      ->check(notNegative())
      ->capture_default_str();
  play->add_option("--opponent", options->opponent,
                   "Opponent ENGINE spec: " + std::string(sources::kEngineKinds) +
                       " (default builtin, which resigns below a " + resignPercent() + " winning rate)")
      ->type_name("ENGINE");
  play->add_option("--human", options->human, "Your colour: black (default) or white")->type_name("COLOR");
  addModelOptions(*play, &options->model, &options->timeoutSeconds);
  addRefereeOptions(*play, &options->referee);
  CLI::Option* sgf = play->add_option("--sgf", options->sgf, "The game record, rewritten after every move")
                         ->type_name("FILE")
                         ->capture_default_str();
  CLI::Option* noSgf = play->add_flag("--no-sgf", options->noSgf, "Write no game record")->excludes(sgf);
  CLI::Option* resume =
      play->add_option("--resume", options->resume,
                       "Continue the unfinished game in FILE (default tengen-game.sgf) and keep saving it there")
          ->type_name("[FILE]")
          ->expected(0, 1)
          ->default_str("tengen-game.sgf");
  // A resumed game keeps the record's settings and file: options that would change them are refused.
  play->parse_complete_callback([=] {
    if (resume->count() == 0) return;
    for (CLI::Option* fixed : {size, komi, rules, handicap, sgf, noSgf}) {
      if (fixed->count() > 0) {
        throw CLI::ValidationError(fixed->get_name() + " cannot be given with --resume: the game keeps the " +
                                   (fixed == sgf || fixed == noSgf ? std::string("record it is saved to")
                                                                   : "record's " + fixed->get_name().substr(2)));
      }
    }
  });
  play->footer(
      "Moves are typed as D4 or q16; also pass, resign, undo, score, quit, help. Input may be piped; its end quits. "
      "After "
      "two passes: done, a point to toggle its chain dead or alive, or resume; the end of input accepts.");
  return play;
}

int runPlay(const PlayOptions& options, const PlayTerminal& terminal) {
  Result<GameSetup> setup = validate(options);
  if (!setup) {
    terminal.err << "tengen play: " << setup.error() << '\n';
    return 2;
  }
  // A resumed game asks the model its record names unless --model says otherwise.
  sources::ModelOptions model = options.model;
  if (model.model.empty()) model.model = setup->recordedModel;
  sources::SourceOptions sourceOptions = opponentOptions(options, model);
  if (const Status settled = settleModel("play", setup->opponent, sourceOptions, terminal.err); !settled) {
    terminal.err << "tengen play: " << settled.error() << '\n';
    return exitCodeOf(settled.errorKind());
  }
  Result<std::unique_ptr<ai::MoveSource>> opponent = sources::makeSource(setup->opponent, sourceOptions);
  if (!opponent) {
    terminal.err << "tengen play: " << opponent.error() << '\n';
    return exitCodeOf(opponent.errorKind());
  }
  TerminalGame game(std::move(setup).value(), std::move(opponent).value(), sourceOptions.model, terminal, options);
  return game.run();
}

}  // namespace tengen::cli
