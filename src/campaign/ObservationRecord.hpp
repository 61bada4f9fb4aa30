// What a hardware campaign recorded for one test on one GPU, in any of the forms published data
// takes: a full histogram, counts of some outcomes out of a number of runs, the count of runs
// that showed the test's condition, or only whether an outcome was seen at all. The report built
// from a record never claims more than the record says (ObservationCheck.hpp).
#pragma once

#include "model/Outcome.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ptx::campaign {

/// Which runs an observation of the test's condition counts (one that names no outcome).
enum class ConditionRuns {
    Satisfying, // the condition's proposition held (litmus7's `Positive`)
    Violating,  // it did not (litmus7's `Negative`)
    Weak,       // the test's weak behaviour: Satisfying for `exists` and `~exists` tests,
                // Violating for `forall` tests (`weak: W` lines, seen / not-seen tables)
};

/// One observed outcome: a named one (registers and locations with their values), or runs of
/// the test's condition (`outcome` empty; `runs` says which). `count` when the data counts
/// runs; `seen` always (count > 0 when counted).
struct ObservedOutcome {
    std::optional<Outcome> outcome; // nullopt: runs of the condition, per `runs`
    ConditionRuns runs = ConditionRuns::Weak;
    std::optional<std::uint64_t> count;
    bool seen = false;
    int line = 0;  // in the record's file; 0 where the format has no lines (JSON)
    int entry = 0; // JSON: the entry's number in its histogram, from 1; 0 elsewhere
};

/// Another model's answer for the test, from a results table's model column (`INSTANCE`: the
/// model allows the test's weak outcome, `UNSAT`: it does not): compared with the reference
/// model's, never judged as an observation.
struct ModelAnswer {
    std::string model; // the column's name
    bool allowsWeak = false;
};

struct ObservationRecord {
    std::string test; // the name the data uses (matched to the litmus test's name line)
    std::string gpu;  // "" when the data names none (the campaign's --gpu applies)
    std::string file;
    int line = 0; // where the record starts; 0 where the format has no lines
    /// Every outcome of the runs is listed with its count: outcomes not listed were not seen.
    bool complete = false;
    std::optional<std::uint64_t> total; // runs, when the data says (a complete record's sum)
    std::vector<ObservedOutcome> outcomes;
    /// A full histogram's `Positive: P` (litmus7 logs), and its line: the runs of the states
    /// where the condition's proposition holds, checked once the test is known (checkOutcomes).
    std::optional<std::uint64_t> statedPositive;
    int statedPositiveLine = 0;
    /// Other models' answers for the test, given with the observation (a results table's row).
    std::vector<ModelAnswer> modelAnswers;

    /// `file:LINE` for messages, LINE `at` when given, else the record's (`file` without one).
    [[nodiscard]] std::string where(int at = 0) const {
        const int l = at > 0 ? at : line;
        return l > 0 ? file + ":" + std::to_string(l) : file;
    }

    /// The start of an error about this record, once matched to the test `testName`:
    /// `where(at): error: test T: `; for formats without lines (JSON) `file: error: test T,
    /// entry N: ` where the entry is known.
    [[nodiscard]] std::string errorAt(const std::string& testName, int at, int entry) const {
        const bool lineless = at <= 0 && line <= 0;
        return where(at) + ": error: test " + testName +
               (lineless && entry > 0 ? ", entry " + std::to_string(entry) : "") + ": ";
    }
};

} // namespace ptx::campaign
