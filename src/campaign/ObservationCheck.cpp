#include "campaign/ObservationCheck.hpp"

#include "campaign/ConditionCounts.hpp"

#include "model/ConditionValue.hpp"
#include "model/HerdCondition.hpp"
#include "parser/OutcomeText.hpp"
#include "parser/Parser.hpp"
#include "support/Errors.hpp"

#include <algorithm>
#include <set>

namespace ptx::campaign {
namespace {

/// Some allowed outcome of `r` agrees with `o` on every observable `o` names.
bool allows(const CheckResult& r, const Outcome& o) {
    return std::any_of(r.outcomes.begin(), r.outcomes.end(), [&](const Outcome& allowed) {
        return std::all_of(o.begin(), o.end(), [&](const auto& kv) {
            const auto it = allowed.find(kv.first);
            return it != allowed.end() && it->second == kv.second;
        });
    });
}

/// Some execution `r` allows has the runs' property (with witnesses or states counted alike).
bool allows(const CheckResult& r, ConditionRuns runs) {
    return runs == ConditionRuns::Satisfying ? r.positive > 0 : r.negative > 0;
}

bool allows(const CheckResult& r, const ObservedOutcome& o, const Program& program) {
    return o.outcome ? allows(r, *o.outcome) : allows(r, resolvedRuns(o.runs, program));
}

/// The outcomes of `r` restricted to `keys`, sorted and distinct.
std::vector<Outcome> restricted(const CheckResult& r, const std::vector<Observable>& keys) {
    std::set<Outcome> out;
    for (const Outcome& o : r.outcomes) {
        Outcome p;
        for (const Observable& k : keys)
            if (const auto it = o.find(k); it != o.end()) p.emplace(k, it->second);
        out.insert(std::move(p));
    }
    return {out.begin(), out.end()};
}

} // namespace

const char* verdictName(Verdict v) {
    switch (v) {
    case Verdict::Ok:
        return "ok";
    case Verdict::WeakSeen:
        return "weak-seen";
    case Verdict::ForbiddenObserved:
        return "FORBIDDEN-OBSERVED";
    }
    return "?";
}

void checkOutcomes(const ObservationRecord& record, const Program& program) {
    for (const ObservedOutcome& o : record.outcomes) {
        if (!o.outcome) continue;
        auto error = [&](const std::string& what) {
            return LocatedInputError(record.errorAt(program.name, o.line, o.entry) + what);
        };
        // The names go through the litmus condition grammar's own checks (parseOutcomeText),
        // which list the threads, registers or locations the test has.
        std::string text;
        for (const auto& [obs, value] : *o.outcome)
            text += observableName(obs) + "=" + std::to_string(value) + "; ";
        try {
            static_cast<void>(parseOutcomeText(text, program, "outcome"));
        } catch (const ParseError& e) {
            throw error(e.message());
        }
        if (!program.filter) continue;
        bool passes = true;
        try {
            passes = satisfies(*program.filter, *o.outcome);
        } catch (const std::out_of_range&) {
            continue; // the outcome does not name every observable of the filter: not decidable
        }
        if (!passes)
            throw error("outcome " + text + "fails the test's filter (" +
                        printCondHerd(*program.filter) +
                        "): a histogram holds only the runs that pass it (litmus7 and `ptxlitmus "
                        "cuda` count the others apart)");
    }
    checkConditionCounts(record, program);
}

std::vector<Observable> observablesOf(const ObservationRecord& record) {
    std::set<Observable> out;
    for (const ObservedOutcome& o : record.outcomes)
        if (o.outcome)
            for (const auto& kv : *o.outcome)
                out.insert(kv.first);
    return {out.begin(), out.end()};
}

RecordVerdict judge(const Program& program, const ObservationRecord& record,
                    const std::vector<CheckResult>& models, const CheckResult& sc) {
    RecordVerdict v;
    v.boundHit = sc.boundHit;
    for (const CheckResult& m : models)
        v.boundHit = v.boundHit || m.boundHit;
    v.weakAllowed = allows(models.front(), resolvedRuns(ConditionRuns::Weak, program));
    for (const ObservedOutcome& o : record.outcomes) {
        OutcomeVerdict ov;
        ov.observed = o;
        for (const CheckResult& m : models)
            ov.allowed.push_back(allows(m, o, program));
        ov.sc = allows(sc, o, program);
        if (o.seen && !ov.allowed.front())
            v.verdict = Verdict::ForbiddenObserved;
        else if (o.seen && !ov.sc && v.verdict == Verdict::Ok)
            v.verdict = Verdict::WeakSeen;
        v.outcomes.push_back(std::move(ov));
    }
    // "Never observed" only where the record lists every outcome of its runs, all over the same
    // observables (a histogram).
    if (!record.complete || record.outcomes.empty()) return v;
    std::vector<Observable> keys;
    std::set<Outcome> seen;
    for (const ObservedOutcome& o : record.outcomes) {
        if (!o.outcome) return v;
        std::vector<Observable> k;
        for (const auto& kv : *o.outcome)
            k.push_back(kv.first);
        if (keys.empty()) keys = k;
        if (k != keys) return v;
        if (o.seen) seen.insert(*o.outcome);
    }
    for (Outcome& o : restricted(models.front(), keys))
        if (!seen.count(o)) v.unobserved.push_back(std::move(o));
    return v;
}

} // namespace ptx::campaign
