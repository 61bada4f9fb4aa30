// Observed histograms: litmus7's output (ours or litmus7's own files, where everything outside
// `Histogram (N states)` sections is skipped) or a JSON list of counts:
//
//   [{"outcome": {"1:r0": 1, "1:r1": 0}, "count": 5}, ...]
//   {"test": "MP", "histogram": [ ...the same list... ]}
//
// Register observables are `T:reg` (`PT:reg` accepted), locations `x` (`[x]` accepted). Counts
// are 64-bit unsigned: a count of 2^64 or more, or a histogram whose counts add up to 2^64 or
// more, is an error at its line, never a wrapped number; so is an outcome given twice (refused,
// not summed). The text itself is read by the campaign readers' pieces (campaign/
// ObservationText.hpp, HistogramSection.hpp, JsonFields.hpp), which read every format alike.
#pragma once

#include "campaign/ObservationError.hpp"
#include "campaign/ObservationText.hpp"

#include "model/Outcome.hpp"

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace ptx::cuda {

/// Malformed input; what() is `file:line: error: message` (`file: error: ...` for JSON entries).
/// The campaign readers' error: both readers share the pieces that throw it.
using HistogramError = campaign::ObservationError;

struct HistogramEntry {
    Outcome outcome;
    std::uint64_t count = 0;
    bool marked = false; // `*>`: the harness found the condition's proposition true
    int line = 0;        // 0 for JSON
};

struct Histogram {
    std::string test;                    // from `Test NAME` / `Observation NAME` / JSON "test"
    std::vector<Observable> observables; // sorted, the same for every entry
    std::vector<HistogramEntry> entries; // in input order, distinct outcomes
    std::string file;
    int line = 0; // of the `Histogram` line

    /// The sum of the counts; HistogramError if it does not fit in 64 bits (readHistograms
    /// already rejects such histograms, so only a hand-built one can).
    [[nodiscard]] std::uint64_t total() const;
};

/// `1:r0`, `P1:r0`, `x`, `[x]`; nullopt when the text is none of these.
using campaign::parseObservable;

/// Every histogram in the text (text or JSON, told apart by the first non-blank character).
[[nodiscard]] std::vector<Histogram> readHistograms(std::string_view text, const std::string& file);

/// Reads the file; an unreadable file is a HistogramError.
[[nodiscard]] std::vector<Histogram> readHistogramFile(const std::string& path);

/// The histogram for a test: the only one, or the one whose name matches.
[[nodiscard]] const Histogram& selectHistogram(const std::vector<Histogram>& histograms,
                                               const std::string& testName);

} // namespace ptx::cuda
