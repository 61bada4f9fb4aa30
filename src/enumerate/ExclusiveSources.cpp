// Atomic reads that cannot share a source: a look-ahead of the coherence stage, known once per
// candidate, so that the rf search never builds the executions where two read-modify-writes read
// the same write. It has one of two sources:
//   - the rf analysis (PossibleSources.hpp), which the explicit engine runs on candidates of at
//     most 64 events to refute them before a search; useSources takes its exclusions and its
//     possible sources, and nothing is asked again;
//   - on larger candidates, where that analysis (the model evaluated once per (write, read) pair)
//     would cost more than it saves, findExclusiveSources asks the same questions on the search's
//     own state, when there are at most kMaxExclusionQuestions of them.
#include "enumerate/CandidateSearch.hpp"

#include <algorithm>

namespace ptx {

void CandidateSearch::useSources(const PossibleSources& sources) {
    for (const int r : reads_) {
        std::vector<int>& mine = sourcesOf_[static_cast<std::size_t>(r)];
        std::erase_if(mine, [&](int w) { return !sources.canRead(w, r); });
    }
    exclusive_.assign(static_cast<std::size_t>(c_.size()), {});
    for (const PossibleSources::Exclusion& e : sources.exclusions())
        exclusive_[static_cast<std::size_t>(e.read)].emplace_back(e.other, e.write);
    exclusiveKnown_ = true;
}

bool CandidateSearch::coCannotExtend(int a, int b) {
    const std::optional<Relation> lower = coLowerBound();
    if (!lower) return true;
    set(Chosen::Co, *lower);
    if (!forbidChecksPass()) return true;
    if (lower->has(a, b) || lower->has(b, a)) return false;
    bool mustOrder = false; // does a CoTotal check make co order a and b?
    for (const ShapedCheck& s : checks_)
        if (s.role == CheckRole::CoTotal && usable(s))
            eval_.withValue(s.x, [&](const Relation& x) {
                mustOrder = mustOrder || x.has(a, b) || x.has(b, a);
            });
    if (!mustOrder) return false;
    for (const auto& [from, to] : {std::pair(a, b), std::pair(b, a)}) {
        Relation co = *lower;
        co.add(from, to);
        co = co.transitiveClosure();
        if (!co.irreflexive()) continue;
        set(Chosen::Co, co);
        if (forbidChecksPass()) return false;
    }
    return true;
}

void CandidateSearch::findExclusiveSources() {
    exclusive_.assign(static_cast<std::size_t>(c_.size()), {});
    auto locationOf = [&](int e) { return c_.events[static_cast<std::size_t>(e)].location; };
    auto sources = [&](int r) -> const std::vector<int>& {
        return sourcesOf_[static_cast<std::size_t>(r)];
    };
    // The questions: pairs of atomic reads of one location and each source they have in common.
    struct Question {
        EventPair first, second; // (read, write) of each read-modify-write
        int source;
    };
    std::vector<Question> questions;
    for (std::size_t i = 0; i < c_.rmw.size(); ++i)
        for (std::size_t j = i + 1; j < c_.rmw.size(); ++j) {
            const EventPair p = c_.rmw[i], q = c_.rmw[j];
            if (locationOf(p.first) != locationOf(q.first)) continue;
            for (const int w : sources(p.first))
                if (std::find(sources(q.first).begin(), sources(q.first).end(), w) !=
                    sources(q.first).end())
                    questions.push_back({p, q, w});
            if (questions.size() > kMaxExclusionQuestions) return;
        }
    for (const Question& q : questions) {
        tick_();
        Relation rf(c_.size());
        rf.add(q.source, q.first.first);
        rf.add(q.source, q.second.first);
        set(Chosen::Rf, rf);
        if (!coCannotExtend(q.first.second, q.second.second)) continue;
        exclusive_[static_cast<std::size_t>(q.first.first)].emplace_back(q.second.first, q.source);
        exclusive_[static_cast<std::size_t>(q.second.first)].emplace_back(q.first.first, q.source);
    }
    set(Chosen::Rf, rf_);
}

bool CandidateSearch::sharesExclusiveSource(int read, int source) const {
    return std::any_of(exclusive_[static_cast<std::size_t>(read)].begin(),
                       exclusive_[static_cast<std::size_t>(read)].end(), [&](const EventPair& o) {
                           return o.second == source && rf_.has(source, o.first);
                       });
}

} // namespace ptx
