#include "enumerate/BarrierVotes.hpp"

#include "model/Unsupported.hpp"

#include <map>
#include <tuple>

namespace ptx {

std::vector<std::vector<int>> barrierVoteGroups(const CandidateExecution& c) {
    std::map<std::tuple<int, int, std::int64_t>, std::vector<int>> groups; // gpu, cta, barrier
    for (const Event& e : c.events) {
        if (!e.barrierVote) continue;
        const auto number = c.values.constantValue(e.barrierInstance);
        if (!number) throw Unsupported("a bar.red whose barrier number is computed at run time");
        groups[{e.gpu, e.cta, *number}].push_back(e.id);
    }
    std::vector<std::vector<int>> out;
    for (auto& [key, group] : groups)
        out.push_back(std::move(group));
    return out;
}

ValueId foldVotes(ValuePool& pool, BarrierReduction op, const std::vector<ValueId>& predicates) {
    const ValueOp combine = op == BarrierReduction::Popc  ? ValueOp::Add
                            : op == BarrierReduction::And ? ValueOp::And
                                                          : ValueOp::Or;
    ValueId out = pool.constant(op == BarrierReduction::And ? 1 : 0);
    for (const ValueId p : predicates)
        out = pool.binary(combine, out, p);
    return out;
}

void linkBarrierVotes(CandidateExecution& c, bool fold) {
    for (const std::vector<int>& group : barrierVoteGroups(c)) {
        std::vector<ValueId> predicates;
        std::vector<int> reads;
        for (const int a : group) {
            const ValueId p = c.events[static_cast<std::size_t>(a)].barrierPredicate;
            predicates.push_back(p);
            for (const int r : c.values.readsOf(p))
                reads.push_back(r);
        }
        for (const int e : group) {
            for (const int r : reads)
                c.valueDeps.emplace_back(r, e);
            Event& ev = c.events[static_cast<std::size_t>(e)];
            if (fold) ev.barrierVoteResult = foldVotes(c.values, *ev.barrierVote, predicates);
        }
    }
}

} // namespace ptx
