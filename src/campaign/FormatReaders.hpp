// One reader per campaign format, and the tests recognizeFormat asks of a text. Each reader
// returns the records in input order and at least one (no record at all is an error: a file
// of campaign data that says nothing is a wrong file).
#pragma once

#include "campaign/ObservationFile.hpp"
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

/// `Test NAME weak: W, total: T` lines (blanks optional around `:` and `,`; the comma optional;
/// a tail `, rate: R per second` allowed), alone or in a harness's run log:
///  * `Iteration: N` starts a block (the runs of one iteration); the part before the first is
///    one too. A test is in a block at most once; its blocks' W and T are added into one record
///    (one Weak condition entry with count W, total T, complete = false) at its first line.
///  * `Compiling NAME runner`, blank lines and `#` comments are skipped.
///  * Any other line is not data (the shell's and the compiler's output): skipped and counted
///    in `skipped`, or, with options.strict, an error. A line whose first word is `Test` or
///    `Iteration` but that does not have its form is an error either way.
/// W <= T on each line; sums never wrap.
[[nodiscard]] ObservationFile readWeakTotalLog(std::string_view text, const std::string& file,
                                               const ReadOptions& options);

/// A CSV table: the header `test,<col1>,<col2>,...` (first cell `test` or `name`, any case),
/// then one row per test with one cell per column (`"..."` quoting with `""` inside; blanks
/// around cells dropped; blank lines skipped). A column's first non-empty cell says its kind:
///  * a GPU's: `seen`, `yes`, `1` / `not seen`, `no`, `0` (any case). Each such cell is a record
///    at its row's line: gpu = the column's name, one Weak condition entry with `seen` and no
///    count, no total.
///  * a model's (a results table's `base`, `strengthened`): `INSTANCE` / `UNSAT` (Alloy's
///    answers), or `allowed` / `forbidden` (any case): whether that model allows the test's weak
///    outcome. The row's answers go with each of its records (modelAnswers, in column order);
///    a row with answers needs a GPU cell.
/// An empty cell is no data. A cell of the other kind than its column's is an error.
[[nodiscard]] std::vector<ObservationRecord> readSeenTable(std::string_view text,
                                                           const std::string& file);

/// Our JSON format; see ObservationJsonReader.cpp for the shapes it takes.
[[nodiscard]] std::vector<ObservationRecord> readObservationJson(std::string_view text,
                                                                 const std::string& file);

/// Whether `line` starts `Test NAME weak:` (what follows is the reader's to check: a malformed
/// count is its error, not another format).
[[nodiscard]] bool isWeakTotalLine(std::string_view line);

/// Whether a CSV line's first cell is `test` or `name` (any case, blanks and quotes around).
[[nodiscard]] bool isSeenTableHeader(std::string_view line);

} // namespace ptx::campaign
