// Running a suite: each test is checked (in parallel, results delivered in suite order) and
// compared with its expectation; --update rewrites `.expected` files that disagree.
#pragma once

#include "check/Checker.hpp"
#include "regress/ExpectationFile.hpp"
#include "regress/SuiteDiscovery.hpp"

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace ptx::regress {

enum class Status {
    Passed,      // agrees with its expectation
    Failed,      // disagrees: `diff` says how
    Error,       // could not be decided: parse error, solver failure, missing expectation...
    Unsupported, // the checker rejects the test as outside the model (e.g. proxies)
    Updated,     // --update: the expectation was (re)written
    Interrupted, // stopped by a signal before it was decided (not counted as run)
};

[[nodiscard]] const char* statusName(Status s); // PASS FAIL ERROR UNSUPPORTED UPDATED

struct TestReport {
    TestCase test;
    Status status = Status::Error;
    std::string name;    // the litmus test's own name (from its header), when it parsed
    std::string message; // one line: why it failed / errored / is unsupported
    std::string diff;    // Failed / Updated with an expectation file: the line diff
    std::string engine;
    double seconds = 0;
};

struct RunOptions {
    CheckOptions check;
    unsigned threads = 1;
    bool update = false; // rewrite expectation files that disagree or are missing
};

struct Summary {
    std::size_t passed = 0, failed = 0, errors = 0, unsupported = 0, updated = 0;
    std::size_t notRun = 0; // interrupted: tests left undecided
    int signal = 0;         // the signal that interrupted the run (0: none)
    double seconds = 0;     // wall-clock time of the whole run
    [[nodiscard]] std::size_t total() const {
        return passed + failed + errors + unsupported + updated;
    }
    /// Failures, errors and interruptions fail a run; unsupported tests and updates do not.
    [[nodiscard]] bool success() const { return failed == 0 && errors == 0 && signal == 0; }
    void add(Status s);
};

/// Runs and judges one test (never throws).
[[nodiscard]] TestReport runTest(const TestCase& test, const RunOptions& options);

/// Runs every test on options.threads threads; `deliver` sees each report in suite order. An
/// interruption (options.check.stop) ends the run at the first undecided test: the summary then
/// counts the tests not run and names the signal.
[[nodiscard]] Summary runSuite(const std::vector<TestCase>& tests, const RunOptions& options,
                               const std::function<void(const TestReport&)>& deliver);

} // namespace ptx::regress
