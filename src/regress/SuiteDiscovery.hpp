// Finding the tests of a suite: every `*.litmus` under the given paths, in a stable order.
//
// Folders are searched recursively. Skipped: hidden entries (a leading `.`, which includes the
// temporary files `.NAME.tmp-XXXXXX` that an interrupted atomic write may leave), and symbolic
// links to folders (not followed, so a link cannot make the search loop; a warning says so). A
// symbolic link that leads nowhere (dangling, or a loop) is a test when its name ends in
// `.litmus` (it then fails as a test that cannot be read) and is skipped with a warning otherwise.
#pragma once

#include "support/Errors.hpp"

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace ptx::regress {

/// How a test's result is judged.
enum class ExpectationSource {
    File, // the `.expected` file beside the test (herd layout), or a --expect-log entry
    Csv,  // a Dat3M CSV line: the verdict only (`1`: result Ok, `0`: result No)
};

/// One test to run.
struct TestCase {
    std::string id;     // the name reports use: the path as given or relative to the CSV root
    std::string litmus; // the path to read
    ExpectationSource source = ExpectationSource::File;
    std::string expected;      // ExpectationSource::File: the `.expected` path
    std::optional<bool> csvOk; // ExpectationSource::Csv: the expected verdict
    std::size_t index = 0;     // position in the whole suite (before --shard): reports sort by it
};

/// A path that does not exist, or a directory without tests.
class DiscoveryError : public LocatedInputError {
  public:
    using LocatedInputError::LocatedInputError;
};

/// The tests found, and what was skipped on the way (`path: warning: ...` lines).
struct Discovery {
    std::vector<TestCase> tests;
    std::vector<std::string> warnings;
};

/// `X.litmus` -> `X.expected`.
[[nodiscard]] std::string expectedPathFor(const std::string& litmusPath);

/// What a folder without any test is: accepted, or an error (which names the option that
/// accepts it, for a command that has `--allow-empty`).
enum class EmptyFolders { Accepted, Refused, RefusedUnlessAllowEmpty };

/// Each path is a `.litmus` file or a directory searched recursively. The tests are sorted by
/// path and free of duplicates. Throws DiscoveryError (`path: error: ...`) on a path that does
/// not exist or cannot be read, and on a folder without any test unless `empty` accepts it.
[[nodiscard]] Discovery discoverTests(const std::vector<std::string>& paths,
                                      EmptyFolders empty = EmptyFolders::Refused);

} // namespace ptx::regress
