#include "input_line.h"

#include <limits>

namespace tengen::gtp {

std::optional<InputLine> readInputLine(std::istream& in, std::size_t maxBytes) {
  InputLine line;
  std::istream::sentry ready(in, true);
  if (!ready) return std::nullopt;
  std::streambuf& buffer = *in.rdbuf();
  bool any = false;
  for (;;) {
    const int ch = buffer.sbumpc();
    if (ch == std::char_traits<char>::eof()) {
      in.setstate(any ? std::ios::eofbit : std::ios::eofbit | std::ios::failbit);
      if (!any) return std::nullopt;
      return line;
    }
    any = true;
    if (ch == '\n') return line;
    if (line.text.size() == maxBytes) {
      // The rest of the line is read in the stream's own chunks and dropped.
      in.ignore(std::numeric_limits<std::streamsize>::max(), '\n');
      line.tooLong = true;
      return line;
    }
    line.text.push_back(static_cast<char>(ch));
  }
}

}  // namespace tengen::gtp
