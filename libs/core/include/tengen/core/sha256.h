// SHA-256 (FIPS 180-4), for the fingerprints tengen writes: an error-log record's id, the picture a model was shown,
// a long answer cut short, a prompt template. Nothing in tengen uses it for secrecy.
#pragma once

#include <string>
#include <string_view>

namespace tengen {

// The SHA-256 of the bytes, as 64 lower-case hex digits.
std::string sha256Hex(std::string_view bytes);

}  // namespace tengen
