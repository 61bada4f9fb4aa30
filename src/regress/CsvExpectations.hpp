// Dat3M-style CSV expectations: `<path relative to ROOT>,<0|1>` per line, cells as RFC 4180 has
// them (a cell in double quotes may hold commas, `""` in it stands for a quote; unquoted, a path
// may hold commas too: the last comma ends it); `//` comments and blank lines ignored. `1` means
// the checker's result is `Ok`, `0` that it is `No`.
//
// A CSV's 0/1 are about one property. Dat3M has two: the final condition (PTXv6_0-expected.csv)
// and termination (PTXv6_0-Liveness-expected.csv: `1` = no execution hangs in a spin loop or at a
// barrier). Running a termination CSV as a condition CSV gives false failures, so the property is
// detected from the file name (it contains `liveness`, in any case: termination) unless
// --property says it.
#pragma once

#include "support/Deadline.hpp"
#include "support/Errors.hpp"

#include "regress/SuiteDiscovery.hpp"

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace ptx::regress {

class CsvError : public LocatedInputError {
  public:
    using LocatedInputError::LocatedInputError;
};

/// What a CSV's verdicts are about.
enum class CsvProperty {
    Condition,   // the final condition holds (`Ok`) or not (`No`)
    Termination, // every execution terminates (liveness): 1 always terminates, 0 may hang
};

/// `condition` or `termination`; throws InputError on anything else.
[[nodiscard]] CsvProperty parseCsvProperty(const std::string& text);

/// The property a CSV is about, from its file name: Termination when the name contains
/// `liveness` (any case), Condition otherwise.
[[nodiscard]] CsvProperty detectCsvProperty(const std::string& path);

/// The CSV's property: `given`, else detected from its name.
[[nodiscard]] CsvProperty csvPropertyOf(const std::string& path, std::optional<CsvProperty> given);

struct CsvEntry {
    std::string path; // as written, relative to the root
    bool ok = false;  // the expected verdict
};

/// Parses CSV text; throws CsvError (`file:line: ...`) on a malformed line or a duplicate path.
[[nodiscard]] std::vector<CsvEntry> parseCsv(std::string_view text, const std::string& file);
[[nodiscard]] std::vector<CsvEntry> readCsvFile(const std::string& path, const Deadline& deadline);

/// The tests the entries name, with `root` prepended to each path, in the CSV's order.
[[nodiscard]] std::vector<TestCase> csvTests(const std::vector<CsvEntry>& entries,
                                             const std::string& root);

} // namespace ptx::regress
