// Readers of hardware-campaign data: every observation a file records, as ObservationRecords,
// whatever form the campaign published it in. The formats (FormatReaders.hpp has the rules):
//
//   litmus7 logs      `Test MP Allowed` / `Histogram (N states)` / ... / `Observation MP ...`
//                     blocks, many tests a file (litmus7's own output and our CUDA harness's)
//   weak/total lines  `Test wrc-TB_01_2 weak: 214189, total: 3200000`, alone or in a harness's
//                     run log (`Iteration: N` blocks, summed; other lines skipped and counted)
//   seen tables       a CSV `test,A100,H100` with `seen` / `not seen` (yes/no, 1/0) cells, and
//                     model columns of `INSTANCE` / `UNSAT` (results tables)
//   JSON              our histogram format: `[{"outcome": {"1:r0": 1}, "count": 5}, ...]`,
//                     `{"test": "MP", "gpu": "H100", "total": N, "histogram": [...]}` or a list
//                     of such objects
//
// Every reader is strict: what it cannot read exactly is an error at its line (or its JSON
// entry), never guessed (a run log's lines that are not data are skipped, counted, and refused
// under ReadOptions::strict); an empty histogram and a repeated outcome are errors;
// counts are 64-bit unsigned and never wrap. Whether the names exist in the litmus test is not
// checked here (the judge does that, with the program).
#pragma once

#include "campaign/ObservationError.hpp"
#include "campaign/ObservationFile.hpp"
#include "campaign/ObservationRecord.hpp"
#include "support/Deadline.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace ptx::campaign {

enum class ObservationFormat { Litmus7Log, WeakTotal, SeenTable, Json };

/// The format of `text`, recognised from its content: JSON if the first non-blank character is
/// `[` or `{`; a seen table if the first non-blank line's first comma-separated cell is `test`
/// or `name` (any case); weak/total lines if a line is `Test NAME weak: W, total: T`; otherwise
/// a litmus7 log.
[[nodiscard]] ObservationFormat recognizeFormat(std::string_view text);

/// Every record in `text`, in input order, and the lines skipped as not data; the format is
/// recognised from the content. At least one record, else an ObservationError.
[[nodiscard]] ObservationFile readObservations(std::string_view text, const std::string& file,
                                               const ReadOptions& options = {});

/// Reads the file (`-`: standard input); an unreadable file is an ObservationError naming it
/// and the operating system's reason.
[[nodiscard]] ObservationFile readObservationFile(const std::string& path, const Deadline& deadline,
                                                  const ReadOptions& options = {});

} // namespace ptx::campaign
