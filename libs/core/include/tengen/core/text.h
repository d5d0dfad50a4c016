// Small text helpers every reader of tengen's inputs shares.
#pragma once

#include <charconv>
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

// `c` in lower case when it is an ASCII capital; any other byte, UTF-8 included, as it is. The locale plays no part.
constexpr char asciiLower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

// Whether `a` and `b` are the same text in any mix of ASCII cases (HTTP header names, GTP and rules words).
constexpr bool equalsIgnoringCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (asciiLower(a[i]) != asciiLower(b[i])) return false;
  }
  return true;
}

// The shortest text that reads back as the same double ("7.5", "0.25", "1e+20"), whatever the locale: GTP's floats,
// the metrics' sums, a default in the engine's help.
inline std::string shortestText(double value) {
  char buffer[32];  // the longest double std::to_chars writes is 24 characters
  const std::to_chars_result written = std::to_chars(buffer, buffer + sizeof buffer, value);
  return {buffer, written.ptr};
}

// `s` with the ASCII letters in lower case (or upper case); other bytes, UTF-8 included, stay as they are.
inline std::string asciiLower(std::string_view s) {
  std::string out(s);
  for (char& ch : out) ch = asciiLower(ch);
  return out;
}
inline std::string asciiUpper(std::string_view s) {
  std::string out(s);
  for (char& ch : out) {
    if (ch >= 'a' && ch <= 'z') ch = static_cast<char>(ch - 'a' + 'A');
  }
  return out;
}

// U+FFFD REPLACEMENT CHARACTER in UTF-8: what stands for a byte that is not part of well-formed UTF-8.
inline constexpr std::string_view kReplacementCharacter = "\xEF\xBF\xBD";

// The length of the well-formed UTF-8 sequence `text` starts with; 0 when it does not start with one (or is empty).
constexpr std::size_t utf8Length(std::string_view text) {
  if (text.empty()) return 0;
  const auto byte = [text](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(0);
  if (lead < 0x80) return 1;
  std::size_t length = 0;
  // The range the second byte may take: narrower after some leads, which rules out overlong forms, surrogates and
  // code points beyond U+10FFFF.
  unsigned char low = 0x80;
  unsigned char high = 0xBF;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    if (lead == 0xE0) low = 0xA0;
    if (lead == 0xED) high = 0x9F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    if (lead == 0xF0) low = 0x90;
    if (lead == 0xF4) high = 0x8F;
  } else {
    return 0;
  }
  if (text.size() < length || byte(1) < low || byte(1) > high) return 0;
  for (std::size_t i = 2; i < length; ++i) {
    if (byte(i) < 0x80 || byte(i) > 0xBF) return 0;
  }
  return length;
}

// `text` with every byte that is not part of well-formed UTF-8 replaced by U+FFFD; well-formed text as it is.
inline std::string validUtf8(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  while (!text.empty()) {
    const std::size_t length = utf8Length(text);
    if (length == 0) {
      out += kReplacementCharacter;
      text.remove_prefix(1);
    } else {
      out.append(text.substr(0, length));
      text.remove_prefix(length);
    }
  }
  return out;
}

// A URL (or any text holding one, such as an engine spec) without the user:password@ part, for messages and logs.
inline std::string displayUrl(std::string_view url) {
  const auto scheme = url.find("://");
  if (scheme == std::string_view::npos) return std::string(url);
  const auto hostStart = scheme + 3;
  const auto hostEnd = url.find_first_of("/?#", hostStart);
  const auto at = url.rfind('@', hostEnd == std::string_view::npos ? std::string_view::npos : hostEnd);
  if (at == std::string_view::npos || at < hostStart) return std::string(url);
  return std::string(url.substr(0, hostStart)) + std::string(url.substr(at + 1));
}

}  // namespace tengen
