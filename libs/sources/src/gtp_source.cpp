#include "gtp_source.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "tengen/core/coords.h"
#include "tengen/core/text.h"
#include "tengen/gtp/command.h"

namespace tengen::sources {

namespace {

using ai::Answer;
using ai::MovePurpose;
using ai::MoveRequest;

using Clock = std::chrono::steady_clock;

std::string colorWord(Color c) { return c == Color::Black ? "B" : "W"; }

Result<std::unique_ptr<gtp::Client>> startClient(const std::vector<std::string>& argv,
                                                 const gtp::ClientOptions& options) {
  using R = Result<std::unique_ptr<gtp::Client>>;
  Result<std::unique_ptr<gtp::Client>> client = gtp::Client::start(argv, options);
  if (!client) return client;
  // Every GTP v2 engine knows protocol_version; an engine that cannot answer it is not one tengen can drive.
  const Result<gtp::Response> hello = (*client)->send("protocol_version");
  if (!hello) return R::failure(hello);
  return client;
}

}  // namespace

Result<std::unique_ptr<GtpSource>> GtpSource::start(std::string_view spec, std::string_view commandLine,
                                                    const SourceOptions& options) {
  using R = Result<std::unique_ptr<GtpSource>>;
  Result<std::vector<std::string>> argv = gtp::splitCommandLine(commandLine);
  if (!argv) return R::failure(argv);
  gtp::ClientOptions clientOptions;
  // A timeout that is not a positive number (0, NaN) means the default rather than no time at all.
  const double seconds = options.timeoutSeconds > 0 ? options.timeoutSeconds : SourceOptions{}.timeoutSeconds;
  const double ms = std::clamp(seconds * 1000.0, 1.0, 1e9);
  clientOptions.timeout = std::chrono::milliseconds(static_cast<long long>(std::llround(ms)));
  // Not a positive number (0, NaN): no report.
  const double noticeMs = options.slowStartSeconds > 0 ? std::min(options.slowStartSeconds * 1000.0, 1e9) : 0.0;
  clientOptions.slowStartNotice = std::chrono::milliseconds(static_cast<long long>(std::llround(noticeMs)));
  clientOptions.notice = options.notice;
  clientOptions.traffic = options.gtpTraffic;
  clientOptions.process.started = options.gtpStarted;
  Result<std::unique_ptr<gtp::Client>> client = startClient(*argv, clientOptions);
  if (!client) return R::failure(client);
  return std::unique_ptr<GtpSource>(
      new GtpSource(std::string(spec), std::move(argv).value(), std::move(clientOptions), std::move(client).value()));
}

Status GtpSource::sync(const Game& game, bool fully) {
  using R = Status;
  const std::vector<Move>& moves = game.moves();
  const bool samePrefix = m_mirror.valid && m_mirror.movesKnown && m_mirror.size == game.size() &&
                          m_mirror.setup == game.setupStones() && m_mirror.moves.size() <= moves.size() &&
                          std::equal(m_mirror.moves.begin(), m_mirror.moves.end(), moves.begin());
  const bool replay = fully || !samePrefix;

  std::vector<std::string> commands;
  std::size_t firstMove = m_mirror.moves.size();
  if (replay) {
    // A new game for the engine: its time settings are told again.
    m_timeTold.reset();
    if (!m_mirror.valid || m_mirror.size != game.size()) commands.push_back("boardsize " + std::to_string(game.size()));
    commands.emplace_back("clear_board");
    commands.push_back("komi " + shortestText(game.komi()));
    const auto& setup = game.setupStones();
    const bool allBlack =
        std::all_of(setup.begin(), setup.end(), [](const auto& s) { return s.first == Color::Black; });
    // Black stones alone are a handicap, which an engine should know as one (it plays differently after it);
    // GTP's set_free_handicap takes at least two stones.
    if (allBlack && setup.size() >= 2) {
      std::string command = "set_free_handicap";
      for (const auto& s : setup) command.append(" ").append(gtpVertex(s.second, game.size()));
      commands.push_back(command);
    } else {
      for (const auto& s : setup)
        commands.push_back("play " + colorWord(s.first) + " " + gtpVertex(s.second, game.size()));
    }
    firstMove = 0;
  } else if (m_mirror.komi != game.komi()) {
    commands.push_back("komi " + shortestText(game.komi()));
  }
  for (std::size_t i = firstMove; i < moves.size(); ++i) {
    // A resignation ends the game; GTP has nothing to play for it.
    if (moves[i].kind == MoveKind::Resign) continue;
    commands.push_back("play " + colorWord(moves[i].color) + " " + gtpMove(moves[i], game.size()));
  }
  if (commands.empty()) return Done{};

  // Until every command has been taken, nobody knows what the engine holds.
  m_mirror.valid = false;
  const Result<std::vector<gtp::Response>> responses = m_client->sendBatch(commands);
  if (!responses) return R::failure(responses);
  for (std::size_t i = 0; i < commands.size(); ++i) {
    const gtp::Response& r = (*responses)[i];
    if (!r.success) {
      return R::failure("engine " + m_argv[0] + " refused '" + commands[i] + "': " + r.text +
                            " (its rules or board sizes may differ from the game's)",
                        ErrorKind::Unreachable);
    }
  }
  m_mirror = {true, true, game.size(), game.komi(), game.setupStones(), moves};
  return Done{};
}

Result<bool> GtpSource::lists(std::string_view command) {
  if (!m_commands) {
    const Result<gtp::Response> listed = m_client->send("list_commands");
    if (!listed) return Result<bool>::failure(listed);
    // An engine that refuses list_commands lists nothing.
    std::vector<std::string> names;
    const std::string& text = listed->text;
    for (std::size_t start = 0; listed->success && start <= text.size();) {
      const std::size_t end = std::min(text.find('\n', start), text.size());
      names.emplace_back(trim(std::string_view(text).substr(start, end - start)));
      start = end + 1;
    }
    m_commands = std::move(names);
  }
  return std::find(m_commands->begin(), m_commands->end(), command) != m_commands->end();
}

Status GtpSource::sendTime(const MoveRequest& request) {
  using Kind = TimeControl::Kind;
  const TimeControl& control = request.timeControl;
  // Byo-yomi is told with KGS's own command to an engine that lists it.
  bool kgs = false;
  if (control.kind == Kind::ByoYomi) {
    const Result<bool> known = lists("kgs-time_settings");
    if (!known) return Status::failure(known);
    kgs = *known;
  }
  std::vector<std::string> commands;
  // An engine told a clock before and none now is told that there is no limit (byo-yomi time without stones).
  const bool untimedNow = !control.timed() && m_timeTold && m_timeTold->timed();
  if (untimedNow || (control.timed() && m_timeTold != control)) {
    const std::string main = std::to_string(control.mainSeconds);
    const std::string period = std::to_string(control.periodSeconds);
    switch (control.kind) {
      case Kind::None:
        commands.emplace_back("time_settings 0 1 0");
        break;
      case Kind::Absolute:
        commands.push_back("time_settings " + main + " 0 0");
        break;
      case Kind::ByoYomi:
        // Without KGS's command, each period is Canadian overtime of one stone: the same time per move, with the
        // engine unaware of the periods after the one it is in.
        commands.push_back(kgs ? "kgs-time_settings byoyomi " + main + " " + period + " " +
                                     std::to_string(control.periods)
                               : "time_settings " + main + " " + period + " 1");
        break;
      case Kind::Canadian:
        commands.push_back("time_settings " + main + " " + period + " " + std::to_string(control.stones));
        break;
    }
    m_timeTold = control;
  }
  if (control.timed() && request.clock) {
    const TimeLeft& clock = *request.clock;
    // Whole seconds, rounded down: an engine never believes it has more time than it has.
    const std::int64_t seconds = std::max<std::int64_t>(0, clock.stretchMs(control)) / 1000;
    // In KGS's byo-yomi the stones of time_left count the periods left; in the one-stone Canadian form, one.
    const bool kgsPeriods = kgs && clock.inOvertime(control) && clock.periods > 0;
    const int stones = kgsPeriods ? clock.periods : clock.stretchStones(control);
    commands.push_back("time_left " + std::string(request.color == Color::Black ? "b" : "w") + " " +
                       std::to_string(seconds) + " " + std::to_string(stones));
  }
  if (commands.empty()) return Done{};
  const Result<std::vector<gtp::Response>> responses = m_client->sendBatch(commands);
  if (!responses) return Status::failure(responses);
  return Done{};
}

Status GtpSource::revive() {
  if (m_client->alive()) return Done{};
  // The failure was reported when it happened; a new request deserves a fresh engine.
  m_client.reset();
  m_mirror = {};
  m_timeTold.reset();
  m_commands.reset();
  Result<std::unique_ptr<gtp::Client>> client = startClient(m_argv, m_options);
  if (!client) return Status::failure(client);
  m_client = std::move(client).value();
  return Done{};
}

void GtpSource::followPlayed(Color color, std::string_view text, int size) {
  const Result<ParsedVertex> parsed = parseGtpVertex(text, size);
  if (!parsed) {
    m_mirror.movesKnown = false;
  } else if (parsed->kind == MoveKind::Play) {
    m_mirror.moves.push_back(Move::play(color, parsed->point));
  } else if (parsed->kind == MoveKind::Pass) {
    m_mirror.moves.push_back(Move::pass(color));
  }
}

bool GtpSource::relays(std::string_view command) {
  if (!revive()) return false;
  const Result<bool> known = lists(command);
  return known && *known;
}

Result<gtp::AnalysisRelay::Outcome> GtpSource::relay(const Game& game, std::string_view command,
                                                     const std::function<void(std::string_view line)>& line,
                                                     const std::function<bool()>& stop) {
  using R = Result<Outcome>;
  // How long a read waits before `stop` is asked again.
  constexpr std::chrono::milliseconds kStopCheck{50};
  if (const Status revived = revive(); !revived) return R::failure(revived);
  if (const Status synced = sync(game, false); !synced) return R::failure(synced);
  const std::optional<gtp::Command> parsed = gtp::parseCommand(command);
  const bool genmove = parsed && parsed->name.ends_with("genmove_analyze");
  const std::optional<Color> asked = parsed && !parsed->args.empty() ? parseColor(parsed->args[0]) : std::nullopt;
  const Color color = asked.value_or(game.toMove());
  const Result<gtp::Response> begun = m_client->beginStream(command);
  if (!begun) return R::failure(begun);
  if (!begun->success) {
    if (genmove) m_mirror.valid = false;
    return Outcome{false, begun->text};
  }
  for (;;) {
    if (stop()) {
      if (const Status ended = m_client->endStream(); !ended) return R::failure(ended);
      return Outcome{};
    }
    const Result<std::optional<std::string>> next = m_client->readStreamLine(Clock::now() + kStopCheck);
    if (!next) return R::failure(next);
    if (!next->has_value()) continue;
    const std::string_view text = trim(**next);
    // The response ended on its own: a genmove_analyze after its move.
    if (text.empty()) return Outcome{};
    if (genmove && text.starts_with("play ")) followPlayed(color, trim(text.substr(5)), game.size());
    line(text);
  }
}

Result<std::string> GtpSource::typedCommand(const Game& game, std::string_view line) {
  using R = Result<std::string>;
  if (const Status revived = revive(); !revived) return R::failure(revived);
  if (const Status synced = sync(game, false); !synced) return R::failure(synced);
  const Result<gtp::Response> response = m_client->send(line);
  if (!response) return R::failure(response.error(), ErrorKind::Unreachable);
  return (response->success ? "= " : "? ") + response->text;
}

Result<Answer> GtpSource::propose(const MoveRequest& request) {
  using R = Result<Answer>;
  const Game& game = *request.game;
  if (const Status revived = revive(); !revived) return R::failure(revived);
  // A rejected answer has been played inside the engine: start over from the game.
  const Status synced = sync(game, !request.rejected.empty());
  if (!synced) return R::failure(synced);
  const Status timed = sendTime(request);
  if (!timed) return R::failure(timed);

  // A cleanup is asked with KGS's own command from an engine that lists it; any other engine gets genmove.
  std::string command = "genmove ";
  if (request.purpose == MovePurpose::Cleanup) {
    const Result<bool> known = lists("kgs-genmove_cleanup");
    if (!known) return R::failure(known);
    if (*known) command = "kgs-genmove_cleanup ";
  }
  command += request.color == Color::Black ? "b" : "w";
  const Clock::time_point started = Clock::now();
  const Result<gtp::Response> response = m_client->send(command);
  const long latencyMs =
      static_cast<long>(std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - started).count());
  if (!response) return R::failure(response);
  if (!response->success) {
    m_mirror.valid = false;
    return R::failure("engine " + m_argv[0] + " refused '" + command + "': " + response->text, ErrorKind::Unreachable);
  }

  followPlayed(request.color, response->text, game.size());
  Answer answer;
  answer.text = response->text;
  answer.latencyMs = latencyMs;
  return answer;
}

}  // namespace tengen::sources
