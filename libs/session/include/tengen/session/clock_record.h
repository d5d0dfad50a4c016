// The clock's part of a record (docs/client.md): the time control as the root's TM and OT (with the private
// XLOSEONTIME[0] when a flag does not end the game), and on each move's node of the game tree the time its player had
// left as BL/WL, with OB/OW for the byo-yomi periods or the Canadian stones left in the overtime.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "tengen/core/time_control.h"
#include "tengen/core/types.h"
#include "tengen/session/clock.h"
#include "tengen/sgf/sgf.h"

namespace tengen::session {

using Properties = std::map<std::string, std::string>;

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

// Puts the time `mover` had left after its move into its node's properties, replacing any time of that colour: BL
// or WL (seconds of main time or of the current period, one decimal) and OB or OW (periods or stones left, in the
// overtime only). Nothing is written for an untimed control.
void setMoveTime(std::vector<sgf::Property>& properties, Color mover, const TimeLeft& time, const TimeControl& control);
// The time a move's node says `mover` had left after it; nothing without a BL/WL of its colour or a clock.
std::optional<TimeLeft> moveTime(const std::vector<sgf::Property>& properties, Color mover, const TimeControl& control);

}  // namespace tengen::session
