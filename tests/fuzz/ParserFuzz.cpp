// libFuzzer harness: the parser never crashes, every error has the documented form, and every
// program it accepts survives print -> parse with an equal program and an identical printed form.
#include "FuzzChecks.hpp"

#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    if (const auto program = ptx::fuzz::parsedOrChecked(text))
        ptx::fuzz::checkRoundTrip(*program, text);
    return 0;
}
