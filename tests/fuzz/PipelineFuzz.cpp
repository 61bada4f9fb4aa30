// libFuzzer harness for the whole pipeline: parse -> check, each check under a 1 s deadline.
// Findings: a crash or sanitizer report anywhere; a parse error not of the documented form; a
// printed program that does not parse back to the same program; a failure that is not an input
// error, a time limit or an Unsupported test (an internal error, a solver `unknown` for another
// reason than the limit); and the two engines disagreeing on a test both decided in time (full
// states, witness counts and verdict: the differential test's oracle).
#include "FuzzChecks.hpp"
#include "check/Checker.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace {

/// The engine's answer, or nothing when the test is outside what can be decided in time.
std::optional<ptx::CheckResult> decide(const ptx::Program& program, ptx::EngineKind engine,
                                       std::string_view input) {
    return ptx::fuzz::decidedOrNothing(
        [&] {
            ptx::CheckOptions o;
            o.engine = engine;
            o.timeoutSeconds = 1.0;
            o.unroll = 1;
            o.allObservables = true;
            return ptx::check(program, o);
        },
        input, "check");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const std::optional<ptx::Program> parsed = ptx::fuzz::parsedOrChecked(text);
    if (!parsed) return 0;
    const ptx::Program& program = *parsed;
    ptx::fuzz::checkRoundTrip(program, text);
    const auto explicitResult = decide(program, ptx::EngineKind::Explicit, text);
    const auto smtResult = decide(program, ptx::EngineKind::Smt, text);
    if (explicitResult && smtResult) {
        const ptx::CheckResult& a = *explicitResult;
        const ptx::CheckResult& b = *smtResult;
        if (a.outcomes != b.outcomes || a.positive != b.positive || a.negative != b.negative ||
            a.ok != b.ok)
            ptx::fuzz::die("the engines disagree: explicit " + std::to_string(a.outcomes.size()) +
                               " outcomes, " + std::to_string(a.positive) + "/" +
                               std::to_string(a.negative) + "; smt " +
                               std::to_string(b.outcomes.size()) + " outcomes, " +
                               std::to_string(b.positive) + "/" + std::to_string(b.negative),
                           text);
    }
    return 0;
}
