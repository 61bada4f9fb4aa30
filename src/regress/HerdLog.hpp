// Reading herd7's output: the expectation files beside the tests (`X.expected`, one test) and
// herd7 logs given with `regress --expect-log` (any number of tests). Both are herd7's layout
// (herd/top.ml), of which a regression compares the test's name and kind, the states, the verdict
// and the condition:
//
//   # comments (optional, before a test's `Test` line; kept by --update)
//   Test MP Allowed                       Allowed | Forbidden | Required
//   States 3
//   1:r0=0; 1:r1=0;                       one line per state; order and spacing do not matter
//   ...
//   Ok                                    Ok | No, `Loop Ok` | `Loop No` when loops were cut
//   Witnesses                             -- herd7's other lines are accepted and skipped:
//   Positive: 1 Negative: 3               Witnesses, Positive:, Flag, Observation, Time, Hash=,
//   Condition exists (1:r0=1 /\ 1:r1=0)   Warning, Relax, Cycle=, Safe=, Topology, Generated
//   Observation MP Sometimes 1 3          and blank lines
//   Time MP 0.01
//   Hash=...
#pragma once

#include "regress/ExpectationFile.hpp"

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace ptx::regress {

/// Every test of a herd7 log, in file order, each with `where` set to `file:line` of its `Test`
/// line. Throws ExpectationError (`file:line: error: ...`) on a malformed test; a log without
/// any test is an error too.
[[nodiscard]] std::vector<Expectation> parseHerdLog(std::string_view text, const std::string& file);

/// The tests of the logs given with --expect-log, by test name. Throws ExpectationError when a
/// name appears twice (in one log or in two).
[[nodiscard]] std::map<std::string, Expectation>
readExpectationLogs(const std::vector<std::string>& files, const Deadline& deadline);

/// A state line in the one spelling regressions compare: `1:r0=0; x=1;` (registers `P1:r0` and
/// `1:%r0` read as `1:r0`, locations `[x]` as `x`, values in decimal, registers first then
/// locations, each sorted). Throws InputError (what() without a location) when an item is not
/// `name=value`.
[[nodiscard]] std::string normaliseState(std::string_view line);

} // namespace ptx::regress
