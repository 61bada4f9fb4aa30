// Printing a check result: herd7's layout, or one JSON object per line.
#pragma once

#include "check/Checker.hpp"
#include "model/Program.hpp"

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>

namespace ptx::cli {

/// The condition in herd7's spelling: `exists (1:r0=1 /\ 1:r1=0)`.
[[nodiscard]] std::string conditionText(const Program& program);
/// The `Positive: P Negative: N` pair as herd7 prints it (herd/top.ml, check_wit): executions
/// satisfying / not satisfying the proposition, swapped for `~exists` (where a "positive"
/// witness is one that refutes the test's claim). `Observation` keeps them unswapped.
[[nodiscard]] std::pair<std::uint64_t, std::uint64_t> witnessCounts(const Program& program,
                                                                    const CheckResult& result);
[[nodiscard]] const char* observationName(Observation o);
/// `Races MP none`, `Races MP uniform-size: P0 st.weak x, 1 (line 7) | P1 ld.weak r1, x (line
/// 8)`: the race kind and, for a race, the racing pair of one execution.
[[nodiscard]] std::string racesLine(const std::string& test, const RaceResult& races);
[[nodiscard]] std::string formatHerd(const Program& program, const CheckResult& result);
[[nodiscard]] nlohmann::json toJson(const Program& program, const CheckResult& result,
                                    const std::string& model);

} // namespace ptx::cli
