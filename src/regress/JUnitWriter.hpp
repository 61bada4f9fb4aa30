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

/// Where a run's tests came from: the JUnit suite name, the shard (empty: the whole suite), how
/// many tests the whole suite and this shard have. `regress --merge` checks the shards with it.
struct RunScope {
    std::string suite = "ptxlitmus regress";
    std::string shard; // `I/N`, or empty
    std::size_t suiteSize = 0;
    std::size_t shardSize = 0;
    /// The whole suite's test ids in order, hashed (suiteFingerprint): shards of one suite agree
    /// on it, shards run over folders that changed in between do not.
    std::string fingerprint;
};

/// A hash (FNV-1a, 16 hex digits) of the tests' ids in suite order.
[[nodiscard]] std::string suiteFingerprint(const std::vector<TestCase>& tests);

/// {"summary": {"suite", "shard", "suite_size", "suite_fingerprint", "shard_size", "total",
/// "passed", "failed", "errors", "unsupported", "updated", "bound_reached", "not_run",
/// "interrupted", "seconds", "success"}, "tests": [{"index", "id", "file", "name", "status",
/// "message", "diff", "engine", "expectation", "bound_reached", "seconds"}]}; `index`: the test's
/// place in the whole suite.
[[nodiscard]] nlohmann::json reportJson(const std::vector<TestReport>& reports,
                                        const Summary& summary, const RunScope& scope);

} // namespace ptx::regress
