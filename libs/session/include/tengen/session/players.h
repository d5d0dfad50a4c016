// Who played a recorded game, as the root of its SGF says it (docs/sgf.md, "Who played"): PB and PW hold the name of
// an AI side or "Human" (played_record.h), and for an `openai:` side the private property XMODELB or XMODELW holds
// the model it asked, so that a resumed game asks the same one.
#pragma once

#include <map>
#include <string>
#include <string_view>

#include "tengen/core/types.h"

namespace tengen::session {

inline constexpr const char* kModelPropertyBlack = "XMODELB";
inline constexpr const char* kModelPropertyWhite = "XMODELW";

inline const char* modelProperty(Color color) {
  return color == Color::Black ? kModelPropertyBlack : kModelPropertyWhite;
}

// Sets the model property of `color` in a root's properties when `spec` is an `openai:` engine with a model.
inline void recordModel(std::map<std::string, std::string>& root, Color color, std::string_view spec,
                        const std::string& model) {
  if (spec.starts_with("openai:") && !model.empty()) root[modelProperty(color)] = model;
}

// The model property of `color`, "" when the record has none.
inline std::string recordedModel(const std::map<std::string, std::string>& root, Color color) {
  const auto found = root.find(modelProperty(color));
  return found == root.end() ? std::string() : found->second;
}

}  // namespace tengen::session
