// One line of GTP v2 input split into its parts. Kept apart from the engine so that it can be tested and fuzzed on
// its own: it takes any bytes and never fails.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tengen::gtp {

struct Command {
  std::string id;    // the optional id, digits as given; "" when the line has none
  std::string name;  // the command name; "" only when the line holds an id and nothing else
  std::vector<std::string> args;
};

// Preprocesses one line as GTP v2 section 3.1 asks (control characters other than tab removed, everything from
// '#' on dropped, tabs read as spaces) and splits it at spaces. A first word made only of digits is the id.
// Returns nothing for a line that GTP ignores: empty, blank, or only a comment.
std::optional<Command> parseCommand(std::string_view line);

}  // namespace tengen::gtp
