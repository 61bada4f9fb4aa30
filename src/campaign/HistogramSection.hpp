// litmus7's histogram section, as litmus7 and our CUDA harness print it:
//
//   Histogram (3 states)
//   61234   :>1:r0=0; 1:r1=0;
//   4       *>1:r0=1; 1:r1=0;       (`*>`: the condition's proposition holds)
//   37745   :>1:r0=1; 1:r1=1;
#pragma once

#include "campaign/ObservationText.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ptx::campaign {

struct StateLine {
    Outcome outcome;
    std::uint64_t count = 0;
    bool marked = false; // `*>`
    int line = 0;
};

struct HistogramSection {
    int line = 0;                  // of the `Histogram (N states)` line
    std::vector<StateLine> states; // in input order: distinct outcomes, the same observables
    std::uint64_t total = 0;       // the sum of the counts (it fits in 64 bits)
    std::size_t next = 0;          // the index of the first line after the section
};

/// Whether a (trimmed) line opens a histogram section: it starts with `Histogram`.
[[nodiscard]] bool opensHistogram(std::string_view line);

/// Whether a line holds a state's mark, `:>` or `*>`, anywhere: a state, whole or damaged
/// (`12x *>x=1;`, `*>x=1;`). No other line of a litmus7 log holds one.
[[nodiscard]] bool holdsStateMark(std::string_view line);

/// The section whose `Histogram (N states)` line is lines[index] (lines numbered from 1 for
/// messages), its N state lines checked by OutcomeTally. N may be 0 here: whether an empty
/// histogram is an error is the reader's to say.
[[nodiscard]] HistogramSection readHistogramSection(const std::vector<std::string_view>& lines,
                                                    std::size_t index, const std::string& file);

} // namespace ptx::campaign
