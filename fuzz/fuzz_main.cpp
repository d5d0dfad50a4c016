// The libFuzzer entry point; TENGEN_FUZZ_TARGET names the body from targets.h.
#include "targets.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return tengen::fuzz::TENGEN_FUZZ_TARGET(data, size);
}
