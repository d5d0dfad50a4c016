// What the AI saw and answered for one of its moves, kept on the move's node of the game tree in the private SGF
// property XAITURN so that it travels with the record and never mixes with the player's comments (docs/client.md,
// "What the AI saw"). The picture a model was shown is not kept: it is drawn again from the position before the
// move and checked against the hash recorded when it was sent (sources::redrawPicture).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "tengen/ai/referee.h"
#include "tengen/core/game.h"
#include "tengen/sgf/sgf.h"

namespace tengen::session {

// The private SGF property the record is written in: one value holding a JSON object.
inline constexpr const char* kAiTurnProperty = "XAITURN";

struct AiTurnRecord {
  std::string opponent;  // the ENGINE spec as the record shows it (no URL password)
  // The coordinate format the model was asked in ("gtp", "rowcol"); "" for engines, which are shown no picture.
  std::string coords;
  // Every attempt of the move in order, with the error log's fields (docs/error-log.md): answer, move, verdict and
  // reason, latency, tokens, and for a model the prompt, its system part and the hash of the picture sent. Read
  // back, an attempt has no `read` move: its answer, or its vertex, says what it named.
  std::vector<ai::Attempt> attempts;
};

// The property's value: {"opponent", "coords" (null for engines), "attempts": [...]} on one line.
std::string aiTurnJson(const AiTurnRecord& record);

// The record in a property's value; nothing when it is not one (another program's XAITURN, a damaged file).
std::optional<AiTurnRecord> parseAiTurn(const std::string& json);

// The value of the record's property among a node's properties, or null when there is none.
const std::string* aiTurnText(const std::vector<sgf::Property>& properties);
// The record kept in a node's properties; nothing when there is none or it cannot be read.
std::optional<AiTurnRecord> aiTurnIn(const std::vector<sgf::Property>& properties);
// Keeps `record` in a node's properties, in place of any earlier one.
void setAiTurn(std::vector<sgf::Property>& properties, const AiTurnRecord& record);

}  // namespace tengen::session
