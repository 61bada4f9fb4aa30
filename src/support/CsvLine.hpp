// The cells of one line of a CSV file (RFC 4180, one record per line): the one reader of CSV
// cells, for Dat3M's expectation CSVs (src/regress) and seen/not-seen tables (src/campaign).
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace ptx {

/// A line that is not a CSV record; what() says why (`found ..., expected ...`), without the
/// place: the caller names the file and line.
class CsvLineError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/// The cells of `line`: comma-separated, blanks around each dropped; a cell in double quotes may
/// hold commas, and `""` inside it stands for one quote. Throws CsvLineError for a quoted cell
/// without its closing quote (a record continued on the next line is not read) or with text
/// after it.
[[nodiscard]] std::vector<std::string> csvCells(std::string_view line);

} // namespace ptx
