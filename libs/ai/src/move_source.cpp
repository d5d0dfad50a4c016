#include "tengen/ai/move_source.h"

namespace tengen::ai {

Result<std::string> MoveSource::typedCommand(const Game&, std::string_view) {
  return Result<std::string>::failure("only a GTP engine takes typed commands; " + describe() + " is not one");
}

}  // namespace tengen::ai
