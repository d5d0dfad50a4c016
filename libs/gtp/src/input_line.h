// One line of a GTP session's input, read with a bound on what it may cost: a controller that sends a line of
// hundreds of megabytes (or no line end at all) gets an answer, not a process that grows until it is killed.
#pragma once

#include <cstddef>
#include <istream>
#include <optional>
#include <string>

namespace tengen::gtp {

struct InputLine {
  // The line without its '\n'; for a line too long, its first maxBytes bytes (which hold its id, if any).
  std::string text;
  bool tooLong = false;
};

// The next line of `in`, or nothing at the end of the input. A line longer than maxBytes is not stored: its first
// maxBytes bytes are kept, the rest are skipped up to its '\n' (or the end of the input), and it comes back tooLong.
// A last line without a '\n' is a line.
std::optional<InputLine> readInputLine(std::istream& in, std::size_t maxBytes);

}  // namespace tengen::gtp
