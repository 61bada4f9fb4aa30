#include "regress/Runner.hpp"

#include "check/Parallel.hpp"
#include "parser/Parser.hpp"
#include "support/Failure.hpp"

#include <chrono>
#include <filesystem>

namespace ptx::regress {
namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

std::string firstLine(const std::string& s) {
    return s.substr(0, s.find('\n'));
}

constexpr const char* kRecordedComment =
    " recorded by `ptxlitmus regress --update`: the checker's answer, not reviewed by hand";

/// --update: writes the checker's answer over (or as) the test's `.expected` file, unless the
/// expectation is hand-reviewed and --force-reviewed was not given.
void update(const TestCase& test, const std::optional<Expectation>& expected,
            const Expectation& actual, const RunOptions& options, TestReport& r) {
    Expectation written = actual;
    if (!expected) {
        written.comments = {kRecordedComment};
    } else if (!isHandReviewed(*expected)) {
        written.comments = expected->comments;
    } else if (options.forceReviewed) {
        written.comments = forcedRewriteComments(expected->comments);
    } else {
        r.status = Status::Failed;
        r.message = "outcomes differ from " + test.expected +
                    ", a hand-reviewed expectation: --update leaves it (investigate the "
                    "difference; --update --force-reviewed rewrites it)";
        return;
    }
    writeExpectationFile(test.expected, written);
    r.status = Status::Updated;
    r.message = !expected                   ? "expectation recorded"
                : isHandReviewed(*expected) ? "hand-reviewed expectation rewritten "
                                              "(--force-reviewed): review it again"
                                            : "expectation rewritten";
}

void judgeAgainstFile(const TestCase& test, const Program& program, const CheckResult& result,
                      const RunOptions& options, TestReport& r) {
    Expectation actual = expectationOf(program, result);
    if (const auto logged = options.logged.find(program.name); logged != options.logged.end()) {
        r.expectation = logged->second.where;
        if (!logged->second.termination) actual.termination.reset();
        if (!logged->second.races) actual.races.reset();
        r.diff = diffExpectations(logged->second, actual);
        if (r.diff.empty()) {
            r.status = Status::Passed;
            return;
        }
        r.status = Status::Failed;
        r.message = "outcomes differ from " + logged->second.where + " (test " + program.name +
                    (options.update ? "; --update does not rewrite herd7 logs)" : ")");
        return;
    }
    r.expectation = test.expected;
    std::error_code ec;
    const bool exists = std::filesystem::exists(test.expected, ec);
    if (!exists && !options.update) {
        r.status = Status::Error;
        r.message = "no expectation file " + test.expected + " (record one with --update)";
        return;
    }
    std::optional<Expectation> expected;
    if (exists) expected = readExpectationFile(test.expected, options.check.deadline());
    // Termination and races are compared when the expectation states them (older files and
    // herd7's do not).
    Expectation compared = actual;
    if (expected && !expected->termination) compared.termination.reset();
    if (expected && !expected->races) compared.races.reset();
    if (expected) r.diff = diffExpectations(*expected, compared);
    if (expected && r.diff.empty()) {
        r.status = Status::Passed;
        return;
    }
    if (options.update) {
        update(test, expected, actual, options, r);
        return;
    }
    r.status = Status::Failed;
    Expectation withoutTermination = compared;
    withoutTermination.termination = expected ? expected->termination : std::nullopt;
    Expectation withoutRaces = compared;
    withoutRaces.races = expected ? expected->races : std::nullopt;
    r.message =
        (expected && sameVerdict(*expected, withoutTermination) ? "termination differs from "
         : expected && sameVerdict(*expected, withoutRaces)     ? "races differ from "
                                                                : "outcomes differ from ") +
        test.expected;
}

/// --property races: the race kind against the expectation's `Races` line (a --expect-log
/// entry of the test's name, else X.expected).
void judgeRaces(const TestCase& test, const Program& program, const CheckResult& result,
                const RunOptions& options, TestReport& r) {
    std::optional<Expectation> expected;
    if (const auto logged = options.logged.find(program.name); logged != options.logged.end()) {
        expected = logged->second;
    } else {
        std::error_code ec;
        if (!std::filesystem::exists(test.expected, ec)) {
            r.status = Status::Error;
            r.message = "no expectation file " + test.expected + " (record one with --update)";
            return;
        }
        expected = readExpectationFile(test.expected, options.check.deadline());
    }
    r.expectation = expected->where;
    if (!expected->races) {
        r.status = Status::Error;
        r.message = "--property races: " + expected->where +
                    " has no `Races` line (record one with --update)";
        return;
    }
    if (!result.races) {
        r.status = Status::Error;
        r.message = "--property races: races are not decided (--no-races, or a model that "
                    "defines none)";
        return;
    }
    const std::string actual = raceKindName(result.races->kind);
    if (actual == *expected->races) {
        r.status = Status::Passed;
        return;
    }
    r.status = Status::Failed;
    r.message =
        "expected races `" + *expected->races + "` (" + expected->where + "), got `" + actual + "`";
    r.diff = "- Races " + program.name + " " + *expected->races + "\n+ Races " + program.name +
             " " + actual + "\n";
}

/// The termination verdict, `always terminates` for a test without loops or waiting barriers.
Termination terminationOf(const CheckResult& result) {
    return result.termination.value_or(Termination::AlwaysTerminates);
}

/// A termination CSV: 1 = always terminates, 0 = may hang; unknown (bound) is never expected.
void judgeTerminationAgainstCsv(const TestCase& test, const CheckResult& result, TestReport& r) {
    const Termination expected =
        test.csvOk.value_or(false) ? Termination::AlwaysTerminates : Termination::MayHang;
    const Termination actual = terminationOf(result);
    if (actual == expected) {
        r.status = Status::Passed;
        return;
    }
    r.status = Status::Failed;
    r.message = std::string("expected termination `") + terminationName(expected) + "` (CSV " +
                (test.csvOk.value_or(false) ? "1" : "0") + "), got `" + terminationName(actual) +
                "`" + (result.terminationReason.empty() ? "" : ": " + result.terminationReason);
    r.diff = std::string("- Termination ") + terminationName(expected) + "\n+ Termination " +
             terminationName(actual) + "\n";
}

/// --liveness: a test passes when it always terminates (under `progress`, which the hint names).
void judgeLiveness(const CheckResult& result, ProgressModel progress, TestReport& r) {
    const Termination t = terminationOf(result);
    r.status = t == Termination::AlwaysTerminates ? Status::Passed
               : t == Termination::MayHang        ? Status::Failed
               : t == Termination::Unknown        ? Status::Unsupported
                                                  : Status::Error;
    if (t == Termination::Unknown)
        r.message = "termination unknown (--liveness): " + result.terminationReason;
    if (t == Termination::MayHang)
        r.message = std::string("may hang (--liveness): `ptxlitmus explain --hang") +
                    (progress == ProgressModel::Fair
                         ? std::string()
                         : std::string(" --progress ") + progressName(progress)) +
                    "` shows how";
    else if (t == Termination::UnknownBound)
        r.message = "termination unknown within the loop bound (--liveness): loops that are "
                    "not spin loops were cut; try a larger --unroll";
}

void judgeAgainstCsv(const TestCase& test, const CheckResult& result, TestReport& r) {
    const bool expectedOk = test.csvOk.value_or(false);
    if (result.ok == expectedOk) {
        r.status = Status::Passed;
        return;
    }
    r.status = Status::Failed;
    r.message = std::string("expected ") + (expectedOk ? "Ok" : "No") + " (CSV " +
                (expectedOk ? "1" : "0") + "), got " + (result.ok ? "Ok" : "No");
    r.diff =
        std::string("- ") + (expectedOk ? "Ok" : "No") + "\n+ " + (result.ok ? "Ok" : "No") + "\n";
}

/// What a test's judge needs asked. A CSV of verdicts compares the condition's verdict alone:
/// the one question of --speedcheck (Checker.hpp) answers it without listing every outcome, and
/// without termination or races, which that judge never reads. The loop bound (boundHit) is
/// reported as before: it is a property of the paths, not of the question.
CheckOptions checkOptionsFor(const TestCase& test, const RunOptions& options) {
    CheckOptions o = options.check;
    o.racingPair = false; // the kind alone is compared (RaceCheck.hpp)
    const bool verdictOnly =
        test.source == ExpectationSource::Csv && !options.csvTermination && !options.liveness;
    if (verdictOnly) {
        o.speedcheck = true;
        o.termination = false;
        o.races = false;
    }
    return o;
}

} // namespace

std::string statusText(const TestReport& report) {
    std::string text = statusName(report.status);
    if (report.boundReached)
        text += " (bound " + std::to_string(*report.boundReached) + " reached)";
    return text;
}

const char* statusName(Status s) {
    switch (s) {
    case Status::Passed:
        return "PASS";
    case Status::Failed:
        return "FAIL";
    case Status::Error:
        return "ERROR";
    case Status::Unsupported:
        return "UNSUPPORTED";
    case Status::Updated:
        return "UPDATED";
    case Status::Interrupted:
        return "INTERRUPTED";
    }
    return "ERROR";
}

void Summary::add(Status s) {
    switch (s) {
    case Status::Passed:
        ++passed;
        break;
    case Status::Failed:
        ++failed;
        break;
    case Status::Error:
        ++errors;
        break;
    case Status::Unsupported:
        ++unsupported;
        break;
    case Status::Updated:
        ++updated;
        break;
    case Status::Interrupted:
        break;
    }
}

void Summary::add(const TestReport& report) {
    add(report.status);
    if (report.boundReached && report.status != Status::Interrupted) ++boundReached;
}

TestReport runTest(const TestCase& test, const RunOptions& options) {
    TestReport r;
    r.test = test;
    const auto start = Clock::now();
    try {
        // One limit for the test, its reading and parsing included.
        const Deadline deadline = options.check.deadline();
        const Program program = parseLitmusFile(test.litmus, deadline);
        r.name = program.name;
        const CheckResult result = check(program, checkOptionsFor(test, options), deadline);
        r.engine = result.engine;
        if (result.boundHit) r.boundReached = options.check.unroll;
        if (result.boundHit && options.failOnBound) {
            r.status = Status::Failed;
            r.message = "loop bound " + std::to_string(options.check.unroll) +
                        " reached (--fail-on-bound): " +
                        (result.onlySpinLoopsCut
                             ? std::string("only spin loops were cut; ") + kSpinBoundNote
                             : "paths were cut, outcomes that need more iterations are missing; "
                               "try a larger --unroll");
        } else if (options.liveness) {
            judgeLiveness(result, options.check.progressModel, r);
        } else if (test.source == ExpectationSource::Csv && options.csvTermination) {
            judgeTerminationAgainstCsv(test, result, r);
        } else if (test.source == ExpectationSource::Csv) {
            judgeAgainstCsv(test, result, r);
        } else if (options.races && !options.update) {
            judgeRaces(test, program, result, options, r);
        } else {
            judgeAgainstFile(test, program, result, options, r);
        }
        if (result.boundHit && !options.failOnBound && r.status == Status::Failed &&
            r.message.rfind("outcomes differ", 0) == 0)
            r.message += result.onlySpinLoopsCut
                             ? std::string(" (loop bound reached in spin loops only: ") +
                                   kSpinBoundNote + ")"
                             : " (loop bound reached: try a larger --unroll)";
    } catch (const Unsupported& e) {
        r.status = Status::Unsupported;
        r.message = firstLine(e.what());
    } catch (const Interrupted& e) {
        r.status = Status::Interrupted;
        r.message = e.what();
    } catch (...) {
        r.status = Status::Error;
        r.message = firstLine(describeFailure(std::current_exception(), "").message);
    }
    r.seconds = since(start);
    return r;
}

int exitCodeOf(const Summary& summary) {
    return summary.signal != 0 ? interruptedExitCode(summary.signal)
           : summary.success() ? kExitOk
                               : kExitCheckFailed;
}

Summary runSuite(const std::vector<TestCase>& tests, const RunOptions& options,
                 const std::function<void(const TestReport&)>& deliver) {
    Summary summary;
    const auto start = Clock::now();
    runOrdered<TestReport>(
        tests.size(), options.threads, [&](std::size_t i) { return runTest(tests[i], options); },
        [&](std::size_t, TestReport& r) {
            if (r.status == Status::Interrupted) return false;
            summary.add(r);
            deliver(r);
            return true;
        });
    if (options.check.stop.stopRequested()) {
        summary.signal = options.check.stop.signal();
        summary.notRun = tests.size() - summary.total();
    }
    summary.seconds = since(start);
    return summary;
}

} // namespace ptx::regress
