// Reports of a run for machines: JUnit XML (one <testcase> per test) and JSON.
#pragma once

#include "regress/Runner.hpp"

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace ptx::regress {

/// A JUnit XML document: one <testsuite> named `suite`; a failure is <failure>, an error
/// <error>, an unsupported test <skipped>; the diff goes in the element's text. Text is escaped by
/// xmlText (support/Text.hpp): invalid UTF-8 and forbidden control characters become U+FFFD.
[[nodiscard]] std::string junitXml(const std::string& suite, const std::vector<TestReport>& reports,
                                   const Summary& summary);

/// {"summary": {...}, "tests": [{"id", "name", "status", "message", "diff", "seconds"}...]}
[[nodiscard]] nlohmann::json reportJson(const std::vector<TestReport>& reports,
                                        const Summary& summary);

} // namespace ptx::regress
