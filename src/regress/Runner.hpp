// Running a suite: each test is checked (in parallel, results delivered in suite order) and
// compared with its expectation (a --expect-log entry of the same name, else `X.expected`);
// --update rewrites `.expected` files that disagree, except hand-reviewed ones unless forced.
// A test whose loops were cut by the bound says so in every report; --fail-on-bound fails it.
// With --liveness (or a termination CSV) a test is judged by its termination verdict instead,
// with --property races by its race kind (the `Races` line of its expectation).
#pragma once

#include "check/Checker.hpp"
#include "regress/ExpectationFile.hpp"
#include "regress/SuiteDiscovery.hpp"

#include <cstddef>
#include <functional>
#include <map>
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
    std::string expectation;         // where the expectation came from (`herd.log:12`, a path)
    std::optional<int> boundReached; // the loop bound (--unroll) when paths were cut by it
    double seconds = 0;
};

/// `PASS`, or `PASS (bound 2 reached)` when the test's loops were cut by the bound.
[[nodiscard]] std::string statusText(const TestReport& report);

struct RunOptions {
    CheckOptions check;
    unsigned threads = 1;
    bool update = false;         // rewrite expectation files that disagree or are missing
    bool forceReviewed = false;  // --update also rewrites hand-reviewed expectations
    bool failOnBound = false;    // a test whose loops were cut by the bound fails
    bool csvTermination = false; // a --csv file's 0/1 are about termination (CsvProperty)
    bool liveness = false;       // --liveness: a test passes when it always terminates
    bool races = false; // --property races: a test passes when its race kind is the expected one
    std::map<std::string, Expectation> logged; // --expect-log: expectations by test name
};

struct Summary {
    std::size_t passed = 0, failed = 0, errors = 0, unsupported = 0, updated = 0;
    std::size_t boundReached = 0; // tests (of any status) whose loops were cut by the bound
    std::size_t notRun = 0;       // interrupted: tests left undecided
    int signal = 0;               // the signal that interrupted the run (0: none)
    double seconds = 0;           // wall-clock time of the whole run
    [[nodiscard]] std::size_t total() const {
        return passed + failed + errors + unsupported + updated;
    }
    /// Failures, errors and interruptions fail a run; unsupported tests and updates do not.
    [[nodiscard]] bool success() const { return failed == 0 && errors == 0 && signal == 0; }
    void add(Status s);
    void add(const TestReport& report);
};

/// The exit status of a run: 0 a success, 1 failures or errors (a regression, or an
/// expectation that cannot be read), 128 + N interrupted by signal N.
[[nodiscard]] int exitCodeOf(const Summary& summary);

/// Runs and judges one test (never throws).
[[nodiscard]] TestReport runTest(const TestCase& test, const RunOptions& options);

/// Runs every test on options.threads threads; `deliver` sees each report in suite order. An
/// interruption (options.check.stop) ends the run at the first undecided test: the summary then
/// counts the tests not run and names the signal.
[[nodiscard]] Summary runSuite(const std::vector<TestCase>& tests, const RunOptions& options,
                               const std::function<void(const TestReport&)>& deliver);

} // namespace ptx::regress
