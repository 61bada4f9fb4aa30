// Which read the rf search decides next (CandidateSearch.hpp, orderByValues). In the fixed order
// a read may take a source whose value waits for reads decided much later: a ticket lock's
// acquiring load of `owner` reads another thread's release, whose value is that thread's load of
// `owner` plus one. The path condition (the ticket matches) waits with it, and every choice of
// the reads in between is tried under a source the condition will reject. Following such a
// source at once with the reads it waits for decides the condition as early as the values allow.
// Of those reads' thread, the loads of the same location that come before them in program order
// go first: coherence and their synchronisation (an acquire reading a release orders the two
// threads) rule out more of their sources, before the value's chain is followed through them.
#include "enumerate/CandidateSearch.hpp"

#include <algorithm>

namespace ptx {

int CandidateSearch::readAtLevel(std::size_t k) {
    if (!orderByValues_) return reads_[k];
    // The latest read whose value waits first: its chain is the one the search just entered.
    for (std::size_t j = k; j-- > 0;) {
        const int r = readAt_[j];
        if (values_.resolved(r)) continue;
        const int d = unassignedDependency(sourceOf_[static_cast<std::size_t>(r)]);
        if (d < 0) continue;
        const Event& waited = c_.events[static_cast<std::size_t>(d)];
        for (const int q : reads_) { // program order within a thread
            const Event& e = c_.events[static_cast<std::size_t>(q)];
            if (e.thread == waited.thread && e.location == waited.location &&
                e.index < waited.index && sourceOf_[static_cast<std::size_t>(q)] < 0)
                return q;
        }
        return d;
    }
    for (const int r : reads_)
        if (sourceOf_[static_cast<std::size_t>(r)] < 0) return r;
    return reads_[k]; // not reached: levels 0..k-1 hold k of the reads
}

int CandidateSearch::unassignedDependency(int write) {
    if (++visit_ == 0) { // wrapped: no mark may look current
        std::fill(visited_.begin(), visited_.end(), 0U);
        visit_ = 1;
    }
    std::vector<int> pending{write}; // writes whose value is not known yet
    while (!pending.empty()) {
        const int w = pending.back();
        pending.pop_back();
        for (const int d : valueReads_[static_cast<std::size_t>(w)]) {
            const auto i = static_cast<std::size_t>(d);
            if (c_.events[i].kind != EventKind::Read || values_.resolved(d) ||
                visited_[i] == visit_)
                continue; // a barrier's vote is resolved by its group, not searched
            visited_[i] = visit_;
            const int source = sourceOf_[i];
            if (source < 0) return d;
            pending.push_back(source); // waits for its own source's value
        }
    }
    return -1;
}

} // namespace ptx
