// Helpers of the cuda unit tests that parse litmus text (MixedSizeTest, VectorTest): plan a file,
// look for a PTX line, plan a two-thread test and return its refusal.
#pragma once

#include "cuda/HarnessPlan.hpp"
#include "parser/Parser.hpp"

#include <algorithm>
#include <string>
#include <vector>

namespace ptx::cuda::parsed {

inline const std::string kMixedSizeSuite = PTXLITMUS_SOURCE_DIR "/litmus/MixedSize/";

inline HarnessPlan planFile(const std::string& path) {
    return planHarness(parseLitmusFile(path, Deadline()));
}

inline bool has(const std::vector<std::string>& lines, const std::string& line) {
    return std::find(lines.begin(), lines.end(), line) != lines.end();
}

/// Test M of m.litmus, two threads of the given rows (P0 | P1, from line 6) and condition,
/// planned: the refusal's message, empty if it plans.
inline std::string refusal(const std::string& init, const std::string& rows,
                           const std::string& cond) {
    const std::string text = "PTX M\n{\n" + init + "\n}\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n" +
                             rows + "\n" + cond + "\n";
    try {
        (void)planHarness(parseLitmus(text, "m.litmus"));
    } catch (const HarnessUnsupported& e) {
        return e.what();
    }
    return "";
}

} // namespace ptx::cuda::parsed
