// Reports of a run for machines: JUnit XML (one <testcase> per test) and JSON.
#pragma once

#include "regress/Runner.hpp"

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace ptx::regress {

/// A JUnit XML document: one <testsuite> named `suite`; a failure is <failure>, an error
/// <error>, an unsupported test <skipped>; the diff goes in the element's text. A test whose
/// loops were cut by the bound has a `bound_reached` property and says so in <system-out>; the
/// suite's properties count those (`tests_with_bound_reached`) and, after an interruption, name the
/// signal
/// (`interrupted`) and count the tests not run (`not_run`, also said in <system-err>). Text is
/// escaped by xmlText (support/Text.hpp): invalid UTF-8 and forbidden control characters become
/// U+FFFD.
[[nodiscard]] std::string junitXml(const std::string& suite, const std::vector<TestReport>& reports,
                                   const Summary& summary);

/// {"summary": {"total", "passed", "failed", "errors", "unsupported", "updated",
/// "bound_reached", "not_run", "interrupted", "seconds", "success"}, "tests": [{"id", "file",
/// "name", "status", "message", "diff", "engine", "expectation", "bound_reached", "seconds"}]}
[[nodiscard]] nlohmann::json reportJson(const std::vector<TestReport>& reports,
                                        const Summary& summary);

} // namespace ptx::regress
