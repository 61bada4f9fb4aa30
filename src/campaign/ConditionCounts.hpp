// Whether a record's counts of the condition's runs agree with each other and with its named
// outcomes, once the test (its condition) is known. Readers check what a format alone can (a
// histogram's total against Positive + Negative); these checks need the proposition.
#pragma once

#include "campaign/ObservationRecord.hpp"
#include "model/Program.hpp"

namespace ptx::campaign {

/// The runs `Weak` stands for: the proposition's for `exists` and `~exists` tests (Satisfying),
/// the others for `forall` tests (Violating); other runs as they are.
[[nodiscard]] ConditionRuns resolvedRuns(ConditionRuns runs, const Program& program);

/// Throws LocatedInputError (`file:line: error: test T: ...`) when:
///  * a histogram's `Positive: P` is not the runs of its states where the proposition holds;
///  * two entries count the same runs (`weak` and `satisfying` of an `exists` test) differently,
///    or one says they were seen and the other not;
///  * the satisfying and the violating runs are both counted and do not add up to the total;
///  * the named outcomes on one side of the proposition were seen more often than that side's
///    count says (or at all, where it says not seen).
/// Named outcomes that do not name every observable of the condition are not weighed.
void checkConditionCounts(const ObservationRecord& record, const Program& program);

} // namespace ptx::campaign
