// Text in the charset an SGF file's CA names, converted to UTF-8 with glibc's iconv.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace tengen::sgf {

// The iconv name to decode text labelled `ca` with, or "" when the text is UTF-8 (or ASCII) already. Labels are
// widened to the charset's usual superset (GB2312 -> GB18030, Shift_JIS -> CP932, EUC-KR -> CP949): files labelled
// with the narrow name often hold characters of the wide one, and CP932 keeps byte 0x5C a backslash where glibc's
// SHIFT_JIS makes it a yen sign, which would break SGF escapes.
std::string decoderFor(std::string_view ca);

// The text converted from `charset` (an iconv name) to UTF-8; a byte that is not valid in the charset becomes
// U+FFFD. Nothing when iconv does not know the charset.
std::optional<std::string> toUtf8(std::string_view text, const std::string& charset);

}  // namespace tengen::sgf
