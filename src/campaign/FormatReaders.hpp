// One reader per campaign format, and the tests recognizeFormat asks of a text. Each reader
// returns the records in input order and at least one (no record at all is an error: a file
// of campaign data that says nothing is a wrong file).
#pragma once

#include "campaign/ObservationRecord.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace ptx::campaign {

/// litmus7 logs, many tests a file: `Test NAME ...` starts a block, which ends at the next
/// `Test` line, at its own `Observation NAME ...` line, or at the end of the file.
///  * `Histogram (N states)` and its N state lines `COUNT *>1:r0=1; x=2;` (or `:>`): a complete
///    record (each state an outcome with its count, total = their sum). N = 0 is a record of
///    0 runs (every run filtered out or capped). A second histogram in one block is an error. A
///    histogram outside a block starts a nameless one (its name comes from a following `Observation
///    NAME` line, if any).
///  * `Positive: P, Negative: N` (the comma optional) and `Observation NAME Never|Sometimes|
///    Always P N` give the condition's counts. With a histogram, P + N must equal its total;
///    without one, the record has two condition entries (Satisfying P, Violating N), total
///    P + N, complete = false. Both lines in one block must agree; `Never` needs P = 0,
///    `Always` N = 0, `Sometimes` both above 0.
///  * `Observation NAME ...` outside a block, or naming another test than the block's, is a
///    record of its own (summary files) at its line.
///  * A block with none of these lines is an error naming the test; `Positive:` outside a block
///    is an error. Every other line is skipped (litmus7 prints many: `%`, `Time`, `Hash=`,
///    `Condition`, `Ok`, `Witnesses`, the test's source).
[[nodiscard]] std::vector<ObservationRecord> readLitmus7Log(std::string_view text,
                                                            const std::string& file);

/// `Test NAME weak: W, total: T` lines (blanks optional around `:` and `,`; the comma optional);
/// blank lines and `#` comments allowed; any other line is an error. W <= T. Each line is a
/// record: one Weak condition entry with count W, total T, complete = false.
[[nodiscard]] std::vector<ObservationRecord> readWeakTotalLog(std::string_view text,
                                                              const std::string& file);

/// A CSV table: the header `test,<gpu1>,<gpu2>,...` (first cell `test` or `name`, any case),
/// then one row per test with one cell per GPU: `seen`, `yes`, `1` / `not seen`, `no`, `0` (any
/// case, blanks around; `"..."` quoting with `""` inside), or empty (no data: no record).
/// Blank lines are skipped. Each non-empty cell is a record at its row's line: gpu = the
/// column's header, one Weak condition entry with `seen` and no count, no total.
[[nodiscard]] std::vector<ObservationRecord> readSeenTable(std::string_view text,
                                                           const std::string& file);

/// Our JSON format; see ObservationJsonReader.cpp for the shapes it takes.
[[nodiscard]] std::vector<ObservationRecord> readObservationJson(std::string_view text,
                                                                 const std::string& file);

/// Whether `line` is `Test NAME weak: W, total: T` (W and T any digits: a count too large is
/// the reader's error, not another format).
[[nodiscard]] bool isWeakTotalLine(std::string_view line);

/// Whether a CSV line's first cell is `test` or `name` (any case, blanks and quotes around).
[[nodiscard]] bool isSeenTableHeader(std::string_view line);

} // namespace ptx::campaign
