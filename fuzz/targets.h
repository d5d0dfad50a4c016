// The fuzz targets' bodies, shared by the libFuzzer executables and by the regression test that replays the seed
// corpus and every input that once crashed. Each returns 0; a bug shows as a crash, a sanitizer report or an
// abort from a failed consistency check.
#pragma once

#include <cstddef>
#include <cstdint>

namespace tengen::fuzz {

// parseGtpVertex, parseSgfPoint and parseRowCol on every board size; what parses must print back the same.
int coordinates(const std::uint8_t* data, std::size_t size);

// The SGF reader: parse, write, parse again (the same tree), read the main line and replay it.
int sgf(const std::uint8_t* data, std::size_t size);

// The GTP engine side: every line of the input as a command to one engine.
int gtp(const std::uint8_t* data, std::size_t size);

}  // namespace tengen::fuzz
