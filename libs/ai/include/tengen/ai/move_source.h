// Where AI moves come from, as the referee and everything above it see a source: the interface, and what a request
// and an answer hold. The sources themselves are tengen::sources' (tengen/sources/make_source.h makes one from an
// ENGINE spec), so that what only asks for moves links none of them. Every source only proposes: the referee reads
// the answer and the rules decide.
//
// One reply of an AI goes through four types, each naming a different stage:
// - Answer (here): what a source gave back — its raw text, and for a model what it was asked and what it cost.
// - ReadMove (answer_parser.h): the move read out of an answer's text — a kind, a point that may lie off the
//   board, and the piece of text it came from; nothing when no move can be read.
// - Attempt (referee.h): the record of one request — the Answer, its ReadMove, the board vertex and the rules'
//   verdict with the reason; what `--json`, `tengen serve` and the error log show and parseAttempt reads back.
// - Rejection (here): what the next request is told about a refused Attempt — the move as read and why — so that
//   a source can name the rejected points in its retry.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

#include "tengen/ai/answer_parser.h"
#include "tengen/core/game.h"
#include "tengen/core/result.h"
#include "tengen/core/search_report.h"
#include "tengen/core/time_control.h"
#include "tengen/core/types.h"

namespace tengen::ai {

// An answer the referee refused earlier in this turn, for the retry line: the move as it was read (a point that
// may lie off the board, a pass or a resignation, with the answer's own text for it), and why.
struct Rejection {
  std::optional<ReadMove> read;  // nothing when no move could be read from the answer
  RejectReason reason = RejectReason::Unparseable;
};

// Reports of the built-in engine's search while it thinks about a move (GTP's genmove_analyze): its candidates, the
// ownership and the score about every `interval` and once at the end (engine::Engine::setProgress), on the thread
// that searches. An empty `report` asks for none; the other sources ignore it.
struct SearchProgress {
  std::function<void(const SearchReport&)> report;
  std::chrono::milliseconds interval{0};
};

// What a move is asked for. Cleanup is KGS's kgs-genmove_cleanup: the players disagreed about dead stones, so the
// game goes on and every stone left on the board at its end counts as alive; the mover is to capture the opponent's
// dead stones before it passes. The built-in source does (engine::Engine::genmoveCleanup); a GTP engine is asked
// with kgs-genmove_cleanup when its list_commands names it, else with genmove; the other sources are asked as for
// any move.
enum class MovePurpose : std::uint8_t { Play, Cleanup };

struct MoveRequest {
  const Game* game = nullptr;  // the position; the source must not keep the pointer
  Color color = Color::Black;  // who is to move
  std::vector<Rejection> rejected;
  // The time the mover has left, under timeControl, when the game is timed; sources that can budget their thinking
  // use it.
  std::optional<TimeLeft> clock;
  // The game's time control, when the caller knows it (Kind::None otherwise): a GTP engine is told it with
  // time_settings (docs/engines.md).
  TimeControl timeControl{};
  // RefereeOptions::cancel: sources that wait on a server (openai:, tengen:) give the request up when a stop is
  // requested, and the built-in engine its search.
  std::stop_token cancel{};
  // RefereeOptions::progress: the built-in source reports its search through it.
  SearchProgress progress{};
  MovePurpose purpose = MovePurpose::Play;
  // RefereeOptions::interrupt: the built-in engine answers at once with the best move it has found.
  std::stop_token interrupt{};
};

// The tokens a model server says one request took (the reply's `usage`), when it says so; attempts keep them too.
struct TokenUsage {
  long prompt = 0;      // usage.prompt_tokens: the messages, the picture's tokens included
  long completion = 0;  // usage.completion_tokens: the answer
};

struct Answer {
  std::string text;  // the raw answer: a GTP vertex for engines, free text for models
  long latencyMs = 0;
  // What a model was asked, for attempts and the error log; empty for engines: the whole prompt (system, a blank
  // line, user) and its system part alone.
  std::string prompt;
  std::string system;
  std::optional<TokenUsage> tokens;  // when the server reported them
  std::string imageSha256;           // of the PNG sent, "" when none
  int httpStatus = 0;                // 0 when not over HTTP
};

class MoveSource {
 public:
  virtual ~MoveSource() = default;
  // The spec it was made from, e.g. "random" or "gtp:/usr/games/gnugo --mode gtp".
  virtual std::string describe() const = 0;
  // Asks for one move. A failure is an error value, never an exception: ErrorKind::Unreachable when the source
  // could not be reached or failed below the rules, ErrorKind::NoLegalMove when it ran a referee of its own and
  // found nothing legal (a remote `tengen serve` answering ai_failed), so that asking again cannot help.
  virtual Result<Answer> propose(const MoveRequest& request) = 0;
  // A GTP command a person typed for the engine (tengen-qt's console), sent once the engine holds `game`'s
  // position: the engine's answer, "= TEXT" or "? TEXT". Which commands may be sent is the caller's to decide. Only a
  // GTP engine takes one; the other sources answer ErrorKind::Invalid.
  virtual Result<std::string> typedCommand(const Game& game, std::string_view line);
};

}  // namespace tengen::ai
