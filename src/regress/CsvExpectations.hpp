// Dat3M-style CSV expectations: `<path relative to ROOT>,<0|1>` per line; `//` comments and
// blank lines ignored. `1` means the checker's result is `Ok`, `0` that it is `No`.
#pragma once

#include "support/Errors.hpp"

#include "regress/SuiteDiscovery.hpp"

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace ptx::regress {

class CsvError : public LocatedInputError {
  public:
    using LocatedInputError::LocatedInputError;
};

struct CsvEntry {
    std::string path; // as written, relative to the root
    bool ok = false;  // the expected verdict
};

/// Parses CSV text; throws CsvError (`file:line: ...`) on a malformed line or a duplicate path.
[[nodiscard]] std::vector<CsvEntry> parseCsv(std::string_view text, const std::string& file);
[[nodiscard]] std::vector<CsvEntry> readCsvFile(const std::string& path);

/// The tests the entries name, with `root` prepended to each path, in the CSV's order.
[[nodiscard]] std::vector<TestCase> csvTests(const std::vector<CsvEntry>& entries,
                                             const std::string& root);

} // namespace ptx::regress
