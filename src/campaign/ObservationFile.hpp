// What reading one observation file gives: its records, and the lines it skipped as not data
// (a harness's run log holds the shell's and the compiler's output between its data lines).
#pragma once

#include "campaign/ObservationRecord.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace ptx::campaign {

struct ReadOptions {
    /// A line that is not data where a format would skip it (a run log's shell or compiler
    /// output) is an error at its line instead (`validate --strict`).
    bool strict = false;
};

/// The lines of a file that were skipped as not data: how many, and the first one.
struct SkippedLines {
    std::string file;
    std::size_t count = 0;
    int firstLine = 0;
    std::string first; // its text, blanks at both ends removed
};

struct ObservationFile {
    std::vector<ObservationRecord> records; // in input order, at least one
    SkippedLines skipped;                   // count 0 when nothing was skipped
};

} // namespace ptx::campaign
