// The verdict on an observed histogram: for each observed outcome its count, whether the model
// allows it and whether sequential consistency does; the model's outcomes never observed. Built
// from check results, so it needs no solver; printed as a table or as JSON.
#pragma once

#include "check/Checker.hpp"
#include "cuda/HistogramReader.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace ptx::cuda {

struct ValidationRow {
    Outcome outcome;
    std::uint64_t count = 0;
    bool allowed = false;                // by the reference model
    bool sequentiallyConsistent = false; // allowed by the SC model
};

struct ValidationReport {
    std::string test;
    std::string model;                   // "ptx6" or "sc": the reference model
    std::string source;                  // histogram file
    std::vector<Observable> observables; // the histogram's, sorted
    std::vector<ValidationRow> rows;     // observed outcomes, sorted
    std::vector<Outcome> unobserved;     // allowed by the model, never observed
    std::uint64_t total = 0;
    std::size_t forbiddenOutcomes = 0;
    std::uint64_t forbiddenRuns = 0;
    std::size_t weakOutcomes = 0; // observed, allowed, and not SC
    bool boundHit = false;        // the loop bound cut some path: the model's set may be short

    [[nodiscard]] bool ok() const { return forbiddenOutcomes == 0; }
};

/// The check results' outcomes restricted to `observables`; throws std::invalid_argument when the
/// result's projection lacks one of them.
[[nodiscard]] std::vector<Outcome> projectOutcomes(const CheckResult& result,
                                                   const std::vector<Observable>& observables);

[[nodiscard]] ValidationReport buildReport(const Histogram& observed, const CheckResult& model,
                                           const CheckResult& sc, const std::string& modelName);

/// The table, ending with the `Result:` line.
[[nodiscard]] std::string formatReport(const ValidationReport& report);

/// One line: `{"test", "model", "histogram", "total", "ok", "forbidden", "weak", "boundHit",
/// "outcomes":
/// [{"outcome": {...}, "count", "allowed", "sc"}], "unobserved": [{...}]}`
[[nodiscard]] std::string reportJson(const ValidationReport& report);

} // namespace ptx::cuda
