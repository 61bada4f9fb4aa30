// Judging one observation record against the models' answers for its test: for each observed
// outcome (or count of the condition's runs), whether each model allows it and whether SC does;
// the record's verdict; and, for a complete histogram only, the allowed outcomes never seen.
// Only what the record says is judged: a seen flag is never turned into a count, and a partial
// record never yields "not observed".
#pragma once

#include "campaign/ObservationRecord.hpp"
#include "check/Checker.hpp"
#include "model/Program.hpp"

#include <string>
#include <vector>

namespace ptx::campaign {

enum class Verdict {
    Ok,                // nothing observed that the reference model forbids, nothing weak seen
    WeakSeen,          // an outcome the reference model allows and SC forbids was seen
    ForbiddenObserved, // an outcome the reference model forbids was seen
};

[[nodiscard]] const char* verdictName(Verdict v); // ok, weak-seen, FORBIDDEN-OBSERVED

struct OutcomeVerdict {
    ObservedOutcome observed;
    std::vector<bool> allowed; // by each model, in the campaign's order (the first: reference)
    bool sc = false;           // allowed by sequential consistency
};

struct RecordVerdict {
    Verdict verdict = Verdict::Ok;
    std::vector<OutcomeVerdict> outcomes;
    std::vector<Outcome> unobserved; // complete records only: allowed by the reference, not seen
    bool boundHit = false;           // a loop bound cut some path: the allowed sets may be short
    /// The reference model allows the test's weak outcome (what other models' answers, a
    /// record's modelAnswers, are compared with).
    bool weakAllowed = false;
};

/// Throws LocatedInputError (`file:line: error: test T: ...`) when an observed outcome names a
/// thread, register or location the test does not have (listing the names it has), or fails the
/// test's `filter`: a histogram holds only the runs that pass it (litmus7 and the CUDA harness
/// count the others apart), so such a record is not of this test; or when its counts of the
/// condition's runs disagree (checkConditionCounts).
void checkOutcomes(const ObservationRecord& record, const Program& program);

/// The observables the record's named outcomes mention (what the checks must project on).
[[nodiscard]] std::vector<Observable> observablesOf(const ObservationRecord& record);

/// Judges `record` against `models` (answers for the campaign's models, the first the reference)
/// and `sc`, all checked with the record's observables in their projection.
[[nodiscard]] RecordVerdict judge(const Program& program, const ObservationRecord& record,
                                  const std::vector<CheckResult>& models, const CheckResult& sc);

} // namespace ptx::campaign
