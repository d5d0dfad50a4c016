// The `gtp:COMMAND ARGS...` source: a GTP engine as a child process, kept in step with the game it is asked about.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tengen/ai/move_source.h"
#include "tengen/gtp/analysis.h"
#include "tengen/gtp/client.h"
#include "tengen/sources/make_source.h"

namespace tengen::sources {

class GtpSource final : public ai::MoveSource, public gtp::AnalysisRelay {
 public:
  // Starts the engine from commandLine (split without a shell) and checks that it answers GTP. Fails, saying why,
  // when it cannot be started or does not answer.
  static Result<std::unique_ptr<GtpSource>> start(std::string_view spec, std::string_view commandLine,
                                                  const SourceOptions& options);

  std::string describe() const override { return m_spec; }

  // Brings the engine to request.game's position (boardsize, clear_board, komi, setup stones, moves: only the
  // missing moves when the engine's position is an earlier point of the same game, everything again otherwise or
  // after a rejected answer), tells it the time (sendTime), then answers the result of `genmove COLOR`, or for a
  // cleanup of `kgs-genmove_cleanup COLOR` when the engine lists it. A dead engine is started again first. Fails
  // with the transport error when the engine crashes, hangs, answers garbage or refuses a command other than a time
  // command.
  Result<ai::Answer> propose(const ai::MoveRequest& request) override;
  // The typed line as it is (its own id, if any, included), after the engine is brought to `game`.
  Result<std::string> typedCommand(const Game& game, std::string_view line) override;

  // Whether the engine's list_commands names `command`; false when the engine cannot be asked.
  bool relays(std::string_view command) override;
  // The engine brought to `game` as propose() does, then `command`'s stream read line by line (gtp::Client's
  // beginStream) and ended when `stop` says so. A genmove_analyze's `play` is followed in what the engine holds.
  Result<Outcome> relay(const Game& game, std::string_view command,
                        const std::function<void(std::string_view line)>& line,
                        const std::function<bool()>& stop) override;

 private:
  // What the engine has been told, so that the next request sends only what is new.
  struct Mirror {
    bool valid = false;      // false until a complete sync; then the fields below are what the engine holds
    bool movesKnown = true;  // false when the engine answered something it may have played but tengen cannot read
    int size = 0;
    double komi = 0;
    std::vector<std::pair<Color, Point>> setup;
    std::vector<Move> moves;
  };

  GtpSource(std::string spec, std::vector<std::string> argv, gtp::ClientOptions options,
            std::unique_ptr<gtp::Client> client)
      : m_spec(std::move(spec)), m_argv(std::move(argv)), m_options(std::move(options)), m_client(std::move(client)) {}

  // A dead engine is started again, with nothing told to it yet.
  Status revive();
  Status sync(const Game& game, bool fully);
  // The time control (time_settings, or kgs-time_settings for byo-yomi when the engine lists it) when the engine
  // has not been told it since its last clear_board, and the mover's clock (time_left) when the request has one.
  // An engine that refuses them still plays: only a transport failure fails.
  Status sendTime(const ai::MoveRequest& request);
  // What the engine has played on its own board after answering `text` to a genmove for `color`: the mirror follows
  // so that an accepted answer needs no command next time; anything it cannot follow forces a full sync.
  void followPlayed(Color color, std::string_view text, int size);
  // Whether the engine's list_commands names `command` (the list is asked for once per engine).
  Result<bool> lists(std::string_view command);

  std::string m_spec;
  std::vector<std::string> m_argv;
  gtp::ClientOptions m_options;
  std::unique_ptr<gtp::Client> m_client;
  Mirror m_mirror;
  // The time control the engine was told since its last clear_board; nothing when none was.
  std::optional<TimeControl> m_timeTold;
  std::optional<std::vector<std::string>> m_commands;  // the engine's list_commands, once asked
};

}  // namespace tengen::sources
