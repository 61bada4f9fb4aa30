// Expectation files (`X.expected` beside `X.litmus`): the lines of herd7's output that a
// regression compares, i.e. the test's name and kind, the allowed states, the verdict and the
// condition, in herd7's layout and spelling (src/regress/HerdLog.hpp reads them, a pasted herd7
// log of the one test included):
//
//   # comment lines (kept by --update)
//   Test MP Allowed
//   States 3
//   1:r0=0; 1:r1=0;
//   ...
//   Ok
//   Condition exists (1:r0=1 /\ 1:r1=0)
//   Termination MP always terminates   (only for tests with loops or waiting barriers)
//   Races MP uniform-size              (the race kind, under a model that defines races)
//
// A file whose comments hold a line starting `hand-reviewed` is a hand-reviewed expectation:
// --update leaves it unless --force-reviewed is given.
#pragma once

#include "support/Deadline.hpp"
#include "support/Errors.hpp"

#include "check/Checker.hpp"
#include "model/Program.hpp"

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace ptx::regress {

/// A malformed expectation file; what() says which line and why.
class ExpectationError : public LocatedInputError {
  public:
    using LocatedInputError::LocatedInputError;
};

struct Expectation {
    std::vector<std::string> comments; // leading `#` lines, without the `#`
    std::string name;                  // `Test NAME ...`
    std::string kind;                  // Allowed | Forbidden | Required
    std::vector<std::string> states;   // herd's state lines, normalised and sorted
    bool ok = false;                   // Ok | No
    bool loop = false;                 // `Loop Ok` / `Loop No`: loops were cut by the bound
    bool undefined = false;            // `Undef`: a mixed-size race (docs/model-races.md)
    std::string condition;             // the text after `Condition `, in herd7's spelling
    /// `Termination NAME VERDICT` after the condition (ptxlitmus's line, for tests with loops or
    /// waiting barriers): the verdict. Compared only when the expectation has one.
    std::optional<std::string> termination;
    /// `Races NAME KIND` after the condition (and the termination): the race kind (`none`,
    /// `uniform-size`). Compared only when the expectation has one.
    std::optional<std::string> races;
    std::string where; // `file:line` of the `Test` line (read from a file)
};

/// Parses an expectation file: herd7's layout, exactly one test (throws ExpectationError
/// `file:line: error: ...`; a file of several tests says to use --expect-log).
[[nodiscard]] Expectation parseExpectation(std::string_view text, const std::string& file);
[[nodiscard]] Expectation readExpectationFile(const std::string& path, const Deadline& deadline);

/// The file's canonical text (comments first, states sorted).
[[nodiscard]] std::string formatExpectation(const Expectation& e);
void writeExpectationFile(const std::string& path, const Expectation& e);

/// What the checker says about the program, as an expectation (no comments).
[[nodiscard]] Expectation expectationOf(const Program& program, const CheckResult& result);

/// True when a comment line starts with `hand-reviewed` (after blanks).
[[nodiscard]] bool isHandReviewed(const Expectation& e);

/// The comments of a hand-reviewed expectation rewritten by `--update --force-reviewed`: each
/// `hand-reviewed...` line becomes `rewritten by ... --force-reviewed, to be reviewed again; it
/// was hand-reviewed...`, so the file no longer claims a review and keeps the argument.
[[nodiscard]] std::vector<std::string> forcedRewriteComments(const std::vector<std::string>& c);

/// True when the two agree on name, kind, states, verdict and condition (comments ignored).
[[nodiscard]] bool sameVerdict(const Expectation& expected, const Expectation& actual);

/// A line diff of the canonical texts without comments: ` ` common, `-` expected only,
/// `+` actual only; empty when they agree.
[[nodiscard]] std::string diffExpectations(const Expectation& expected, const Expectation& actual);

/// A plain line diff (longest common subsequence), one line per output line with a prefix.
[[nodiscard]] std::string lineDiff(const std::vector<std::string>& a,
                                   const std::vector<std::string>& b);

} // namespace ptx::regress
