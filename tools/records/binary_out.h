// Little-endian writers for the training files the learning tools write.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>

namespace tengen::tools {

inline void put16(std::string& out, unsigned value) {
  out.push_back(static_cast<char>(value & 0xFF));
  out.push_back(static_cast<char>((value >> 8) & 0xFF));
}

inline void put32(std::string& out, std::uint32_t value) {
  put16(out, value & 0xFFFF);
  put16(out, value >> 16);
}

inline void putFloat(std::string& out, float value) {
  std::uint32_t bits = 0;
  std::memcpy(&bits, &value, sizeof bits);
  put32(out, bits);
}

}  // namespace tengen::tools
