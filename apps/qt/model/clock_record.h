// The clock's part of a record (docs/client.md): the time control as the root's TM and OT (with the private
// XLOSEONTIME[0] when a flag does not end the game), and after each move the time its player had left as BL/WL, with
// OB/OW for the byo-yomi periods or the Canadian stones left in the overtime.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "tengen/core/time_control.h"
#include "tengen/core/types.h"

#include "model/clock.h"

namespace tengen::qt {

using Properties = std::map<std::string, std::string>;
// Per move of a game, the time its player had left after it; nothing for a move made without a clock.
using MoveTimes = std::vector<std::optional<SideTime>>;

struct RecordedClock {
  TimeControl control;
  bool loseOnTime = true;
};

// The root properties of a clock: TM and OT (sgf::timeControlProperties), and XLOSEONTIME[0] when a flag that
// falls does not end the game; nothing for an untimed game.
Properties clockRootProperties(const RecordedClock& clock);
// The clock of a record's root properties, which are those of kClockRootIds.
RecordedClock readClockRoot(const Properties& info);
inline constexpr const char* kClockRootIds[] = {"TM", "OT", "XLOSEONTIME"};

// BL or WL (seconds of main time or of the current period, one decimal) and OB or OW (periods or stones left,
// in the overtime only) of each move, parallel to `moves`; empty maps for moves without a time.
std::vector<Properties> moveTimeProperties(const std::vector<Move>& moves, const MoveTimes& times,
                                           const TimeControl& control);
// The times of a record's moves, parallel to `moves`; nothing for a move whose node has no BL/WL of its colour.
MoveTimes readMoveTimes(const std::vector<Move>& moves, const std::vector<Properties>& properties,
                        const TimeControl& control);

}  // namespace tengen::qt
