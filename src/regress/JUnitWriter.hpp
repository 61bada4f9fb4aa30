// Reports of a run for machines: JUnit XML (one <testcase> per test) and JSON.
#pragma once

#include "regress/Runner.hpp"

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace ptx::regress {

/// `s` with &, <, >, " and ' escaped, and characters XML 1.0 forbids replaced by `?`.
[[nodiscard]] std::string xmlEscape(std::string_view s);

/// A JUnit XML document: one <testsuite> named `suite`; a failure is <failure>, an error
/// <error>, an unsupported test <skipped>; the diff goes in the element's text.
[[nodiscard]] std::string junitXml(const std::string& suite, const std::vector<TestReport>& reports,
                                   const Summary& summary);

/// {"summary": {...}, "tests": [{"id", "name", "status", "message", "diff", "seconds"}...]}
[[nodiscard]] nlohmann::json reportJson(const std::vector<TestReport>& reports,
                                        const Summary& summary);

} // namespace ptx::regress
