// Finding the tests of a suite: every `*.litmus` under the given paths, in a stable order.
#pragma once

#include "support/Errors.hpp"

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace ptx::regress {

/// How a test's result is judged.
enum class ExpectationSource {
    File, // the `.expected` file beside the test (herd layout)
    Csv,  // a Dat3M CSV line: the verdict only (`1`: result Ok, `0`: result No)
};

/// One test to run.
struct TestCase {
    std::string id;     // the name reports use: the path as given or relative to the CSV root
    std::string litmus; // the path to read
    ExpectationSource source = ExpectationSource::File;
    std::string expected;      // ExpectationSource::File: the `.expected` path
    std::optional<bool> csvOk; // ExpectationSource::Csv: the expected verdict
};

/// A path that does not exist, or a directory without tests.
class DiscoveryError : public LocatedInputError {
  public:
    using LocatedInputError::LocatedInputError;
};

/// `X.litmus` -> `X.expected`.
[[nodiscard]] std::string expectedPathFor(const std::string& litmusPath);

/// Each path is a `.litmus` file or a directory searched recursively (hidden entries skipped).
/// The result is sorted by path and free of duplicates; throws DiscoveryError on a missing path.
[[nodiscard]] std::vector<TestCase> discoverTests(const std::vector<std::string>& paths);

} // namespace ptx::regress
