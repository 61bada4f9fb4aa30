#include "campaign/ConditionCounts.hpp"

#include "model/ConditionValue.hpp"
#include "model/HerdCondition.hpp"
#include "support/Errors.hpp"

#include <array>
#include <optional>
#include <stdexcept>
#include <string>

namespace ptx::campaign {
namespace {

/// What the record says of one side of the proposition: a count, and whether it was seen.
struct Side {
    std::optional<std::uint64_t> count;
    std::optional<bool> seen;
    int line = 0, entry = 0;     // where the count is (JSON: its entry)
    std::uint64_t namedRuns = 0; // runs of named outcomes on this side
    bool namedSeen = false;
    int namedLine = 0, namedEntry = 0; // the first one seen
};

const char* sideName(ConditionRuns r) {
    return r == ConditionRuns::Satisfying ? "satisfying" : "violating";
}

} // namespace

ConditionRuns resolvedRuns(ConditionRuns runs, const Program& program) {
    if (runs != ConditionRuns::Weak) return runs;
    return program.condition.kind == ConditionKind::Forall ? ConditionRuns::Violating
                                                           : ConditionRuns::Satisfying;
}

void checkConditionCounts(const ObservationRecord& record, const Program& program) {
    auto fail = [&](int line, const std::string& what, int entry = 0) {
        throw LocatedInputError(record.errorAt(program.name, line, entry) + what);
    };
    const std::string proposition =
        "the condition's proposition (" + printCondHerd(program.condition.expr) + ")";
    std::array<Side, 2> sides; // [0] satisfying, [1] violating
    bool decidable = true;     // every named outcome on a known side
    for (const ObservedOutcome& o : record.outcomes) {
        if (!o.outcome) {
            const ConditionRuns r = resolvedRuns(o.runs, program);
            Side& s = sides[r == ConditionRuns::Satisfying ? 0 : 1];
            if (o.count && s.count && *o.count != *s.count)
                fail(o.line,
                     "found " + std::to_string(*o.count) + " " + sideName(r) + " runs, expected " +
                         std::to_string(*s.count) + " as another entry counts the same runs",
                     o.entry);
            if (s.seen && *s.seen != o.seen)
                fail(o.line,
                     std::string("found the ") + sideName(r) + " runs " +
                         (o.seen ? "seen" : "not seen") +
                         ", expected what another entry says of the same runs (" +
                         (*s.seen ? "seen" : "not seen") + ")",
                     o.entry);
            if (o.count) s.count = o.count;
            s.seen = o.seen;
            s.line = o.line;
            s.entry = o.entry;
            continue;
        }
        bool holds = false;
        try {
            holds = satisfies(program.condition.expr, *o.outcome);
        } catch (const std::out_of_range&) {
            decidable = false; // the outcome does not name every observable of the condition
            continue;
        }
        Side& s = sides[holds ? 0 : 1];
        s.namedRuns += o.count.value_or(0);
        if (o.seen && !s.namedSeen) {
            s.namedLine = o.line;
            s.namedEntry = o.entry;
        }
        s.namedSeen = s.namedSeen || o.seen;
    }
    if (record.statedPositive && decidable && sides[0].namedRuns != *record.statedPositive)
        fail(record.statedPositiveLine,
             "found Positive: " + std::to_string(*record.statedPositive) + ", expected " +
                 std::to_string(sides[0].namedRuns) +
                 ", the runs of the histogram's states where " + proposition + " holds");
    if (sides[0].count && sides[1].count && record.total &&
        *sides[0].count + *sides[1].count != *record.total)
        fail(sides[1].line,
             "found " + std::to_string(*sides[0].count) + " satisfying and " +
                 std::to_string(*sides[1].count) + " violating runs, expected " +
                 "them to add up to the total, " + std::to_string(*record.total) +
                 " (every run satisfies " + proposition + " or not)",
             sides[1].entry);
    for (std::size_t k = 0; k < sides.size(); ++k) {
        const Side& s = sides[k];
        const char* name = sideName(k == 0 ? ConditionRuns::Satisfying : ConditionRuns::Violating);
        if (s.count && s.namedRuns > *s.count)
            fail(s.line,
                 "found " + std::to_string(*s.count) + " " + name + " runs, expected " +
                     "at least " + std::to_string(s.namedRuns) + ", the runs of the " +
                     "named outcomes on that side of " + proposition,
                 s.entry);
        if (s.seen && !*s.seen && s.namedSeen)
            fail(s.namedLine,
                 std::string("found an outcome on the ") + name + " side of " + proposition +
                     " seen, expected none: another entry says the " + name + " runs were not seen",
                 s.namedEntry);
    }
}

} // namespace ptx::campaign
