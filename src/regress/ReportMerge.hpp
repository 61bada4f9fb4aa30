// `regress --merge`: the JSON reports of the N shards of one suite (`regress --shard I/N
// --json FILE` on N machines) merged into the report of the whole suite, as one unsharded run
// would have written it (times aside); and the per-test times of a report, as the costs that
// `--shard-costs` balances shards by. docs/regress.md, "Splitting a suite".
#pragma once

#include "regress/JUnitWriter.hpp"
#include "regress/Runner.hpp"

#include <map>
#include <string>
#include <vector>

namespace ptx::regress {

struct MergedRun {
    std::vector<TestReport> reports; // in suite order
    Summary summary;                 // counts added up; seconds: the shards' sum
    RunScope scope;                  // the whole suite (no shard)
};

/// Reads and merges shard reports. InputError (naming the file) when a file is not a regress
/// JSON report, when the shards are not the N distinct shards of one suite, or when a shard's
/// tests do not add up to its size.
[[nodiscard]] MergedRun mergeShardReports(const std::vector<std::string>& files,
                                          const Deadline& deadline);

/// The seconds each test took in an earlier report (`regress --json`), by test id.
[[nodiscard]] std::map<std::string, double> readTestCosts(const std::string& file,
                                                          const Deadline& deadline);

} // namespace ptx::regress
