// Printing a check result: herd7's layout, or one JSON object per line.
#pragma once

#include "check/Checker.hpp"
#include "model/Program.hpp"

#include <nlohmann/json.hpp>
#include <string>

namespace ptx::cli {

[[nodiscard]] std::string conditionText(const Program& program);
[[nodiscard]] const char* observationName(Observation o);
[[nodiscard]] std::string formatHerd(const Program& program, const CheckResult& result);
[[nodiscard]] nlohmann::json toJson(const Program& program, const CheckResult& result,
                                    const std::string& model);

} // namespace ptx::cli
