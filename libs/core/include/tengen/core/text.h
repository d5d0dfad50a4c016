// Small text helpers every reader of tengen's inputs shares.
#pragma once

#include <string>
#include <string_view>

namespace tengen {

// `s` without the ASCII white space (space, \t, \n, \v, \f, \r) at either end; the locale plays no part.
constexpr std::string_view trim(std::string_view s) {
  constexpr std::string_view kBlanks = " \t\n\v\f\r";
  const std::size_t first = s.find_first_not_of(kBlanks);
  if (first == std::string_view::npos) return {};
  return s.substr(first, s.find_last_not_of(kBlanks) - first + 1);
}

// Whether `s` is `lowerWord` in any mix of ASCII cases; `lowerWord` is in lower case.
constexpr bool equalsIgnoringCase(std::string_view s, std::string_view lowerWord) {
  if (s.size() != lowerWord.size()) return false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i] >= 'A' && s[i] <= 'Z' ? static_cast<char>(s[i] - 'A' + 'a') : s[i];
    if (c != lowerWord[i]) return false;
  }
  return true;
}

// `s` with the ASCII letters in lower case (or upper case); other bytes, UTF-8 included, stay as they are.
inline std::string asciiLower(std::string_view s) {
  std::string out(s);
  for (char& ch : out) {
    if (ch >= 'A' && ch <= 'Z') ch = static_cast<char>(ch - 'A' + 'a');
  }
  return out;
}
inline std::string asciiUpper(std::string_view s) {
  std::string out(s);
  for (char& ch : out) {
    if (ch >= 'a' && ch <= 'z') ch = static_cast<char>(ch - 'a' + 'A');
  }
  return out;
}

}  // namespace tengen
