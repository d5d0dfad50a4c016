#include "tengen/gtp/command.h"

#include <algorithm>

namespace tengen::gtp {

namespace {

// GTP's control characters: bytes 0..31 and 127. Bytes of 128 and up are kept, so UTF-8 file names survive.
bool isControl(unsigned char ch) { return ch < 32 || ch == 127; }

bool isDigits(std::string_view word) {
  return !word.empty() && std::all_of(word.begin(), word.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
}

}  // namespace

std::optional<Command> parseCommand(std::string_view line) {
  std::string clean;
  clean.reserve(line.size());
  for (const char ch : line) {
    const auto byte = static_cast<unsigned char>(ch);
    if (ch == '#') break;
    if (ch == '\t') {
      clean += ' ';
    } else if (!isControl(byte)) {
      clean += ch;
    }
  }

  std::vector<std::string> words;
  std::size_t pos = 0;
  while (pos < clean.size()) {
    const std::size_t start = clean.find_first_not_of(' ', pos);
    if (start == std::string::npos) break;
    const std::size_t end = std::min(clean.find(' ', start), clean.size());
    words.emplace_back(clean, start, end - start);
    pos = end;
  }
  if (words.empty()) return std::nullopt;

  Command command;
  auto next = words.begin();
  if (isDigits(*next)) command.id = std::move(*next++);
  if (next != words.end()) command.name = std::move(*next++);
  command.args.assign(std::make_move_iterator(next), std::make_move_iterator(words.end()));
  return command;
}

}  // namespace tengen::gtp
