// The later stages of CandidateSearch (CandidateSearch.hpp): the fence-SC order and the minimal
// coherence orders, each an iterative depth-first search with an explicit stack, since their
// depth grows with the test (a level per morally strong fence pair, a level per coherence pair).
#include "enumerate/CandidateSearch.hpp"

#include <algorithm>

namespace ptx {
namespace {

/// Fewer pairs than this are searched without forceCoOrders first: its closure and evaluations
/// cost more than such a search (docs/design-notes.md, "Minimal coherence orders").
constexpr std::size_t kForcePairs = 64;

std::size_t idx(Chosen c) {
    return static_cast<std::size_t>(c);
}

} // namespace

bool CandidateSearch::fenceDive() {
    // The first leaf of the pruned search (every pair oriented a -> b, a < b: acyclic), reached
    // without evaluating the checks on the way; in outcome mode one consistent leaf suffices.
    for (const auto& [a, b] : fencePairs_)
        syncFence_.add(a, b);
    set(Chosen::SyncFence, syncFence_);
    partial_[idx(Chosen::SyncFence)] = false;
    searchCo();
    partial_[idx(Chosen::SyncFence)] = true;
    syncFence_ = Relation(c_.size());
    set(Chosen::SyncFence, syncFence_);
    return allFound();
}

void CandidateSearch::searchFenceOrder() {
    if (outcomeMode_ && !fencePairs_.empty() && fenceDive()) return;
    auto leaf = [&] {
        partial_[idx(Chosen::SyncFence)] = false;
        searchCo();
        partial_[idx(Chosen::SyncFence)] = !fencePairs_.empty();
    };
    const std::size_t count = fencePairs_.size();
    if (count == 0) {
        leaf();
        return;
    }
    // One level per morally strong pair, with an explicit stack: tried[k] orientations of pair
    // k were tried (0: none, 1: a -> b, 2: b -> a as well); marks[k] is where the closure's undo
    // log stood before level k oriented its pair.
    auto orientation = [&](std::size_t k, int which) {
        const auto [a, b] = fencePairs_[k];
        return which == 0 ? std::pair(a, b) : std::pair(b, a);
    };
    std::vector<int> tried(count, 0);
    std::vector<std::size_t> marks(count, 0);
    std::size_t k = 0;
    while (true) {
        bool descended = false;
        while (tried[k] < 2) {
            if (allFound()) break;
            const auto [from, to] = orientation(k, tried[k]++);
            if (fenceClosure_.has(to, from)) continue; // would close a cycle
            tick_();
            marks[k] = fenceClosure_.mark();
            fenceClosure_.add(from, to);
            syncFence_.add(from, to);
            set(Chosen::SyncFence, syncFence_);
            if (k + 1 == count || consistentSoFar()) {
                if (k + 1 < count) { // descend; the orientation is undone when the level ends
                    tried[++k] = 0;
                    descended = true;
                    break;
                }
                leaf();
            }
            syncFence_.remove(from, to);
            fenceClosure_.undoTo(marks[k]);
        }
        if (descended) continue;
        set(Chosen::SyncFence, syncFence_);
        if (k == 0) return;
        --k;
        const auto [from, to] = orientation(k, tried[k] - 1);
        syncFence_.remove(from, to);
        fenceClosure_.undoTo(marks[k]);
    }
}

void CandidateSearch::searchCo() {
    std::optional<Relation> lower = coLowerBound();
    if (!lower) return;
    Relation total(c_.size());
    for (const ShapedCheck& s : checks_)
        if (s.role == CheckRole::CoTotal)
            eval_.withValue(s.x, [&](const Relation& x) { total |= x; });
    std::vector<std::pair<int, int>> pairs;
    bool reflexive = false; // co is irreflexive: it cannot order an event with itself
    total.forEachPair([&](int a, int b) {
        if (a == b)
            reflexive = true;
        else if (a < b || !total.has(b, a))
            pairs.emplace_back(std::min(a, b), std::max(a, b));
    });
    if (reflexive) return;
    std::sort(pairs.begin(), pairs.end());
    pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
    if (pairs.size() >= kForcePairs && !forceCoOrders(pairs, *lower)) return;
    orientCo(pairs, std::move(*lower));
}

bool CandidateSearch::forceCoOrders(const std::vector<std::pair<int, int>>& pairs,
                                    Relation& lower) {
    // One pass: the orientations forced by what is known now. Those they force in turn (a path
    // through a forced edge) are left to the search, which a second pass did not repay.
    const int n = c_.size();
    bool changed = false;
    set(Chosen::Co, lower);
    for (const ShapedCheck& s : checks_) {
        if (s.coFree.empty() || !usable(s)) continue;
        tick_();
        Relation guard(n), paths(n);
        for (const RelExpr& g : s.coGuards)
            eval_.withValue(g, [&](const Relation& r) { guard |= r; });
        for (const RelExpr& m : s.coFree)
            eval_.withValue(m, [&](const Relation& r) { paths |= r; });
        Relation guarded = lower;
        if (!s.coUnguarded) guarded &= guard;
        paths |= guarded;
        paths = paths.transitiveClosure();
        const auto inGuard = [&](int a, int b) { return s.coUnguarded || guard.has(a, b); };
        for (const auto& [a, b] : pairs) {
            if (lower.has(a, b) || lower.has(b, a)) continue;
            // Either orientation alone would close a cycle: no co at all.
            const bool notBA = inGuard(b, a) && paths.has(a, b);
            const bool notAB = inGuard(a, b) && paths.has(b, a);
            if (notBA && notAB) return false;
            if (notBA || notAB) {
                lower.add(notBA ? a : b, notBA ? b : a);
                changed = true;
            }
        }
    }
    if (!changed) return true;
    lower = lower.transitiveClosure();
    return lower.irreflexive();
}

void CandidateSearch::orientCo(const std::vector<std::pair<int, int>>& pairs, Relation lower) {
    // Depth-first over the pairs co must order, one level per pair not yet ordered when its turn
    // comes, with an explicit stack; co grows by closed additions and is restored from its undo
    // log (200 writes to one location give 19,900 pairs: neither a recursion nor a copy of co
    // per level would fit).
    UndoableClosure co(std::move(lower));
    struct Level {
        std::size_t pair; // the pair this level orients
        int tried;        // orientations tried so far (0, 1 or 2)
        std::size_t mark; // co's undo log before this level's orientation
    };
    std::vector<Level> levels;
    // Enters the node whose co is the current one, with pairs from `k` on still to orient:
    // records the maximal writes at a leaf, or pushes a level when there is a pair to orient.
    auto enter = [&](std::size_t k) {
        tick_();
        while (k < pairs.size() &&
               (co.has(pairs[k].first, pairs[k].second) || co.has(pairs[k].second, pairs[k].first)))
            ++k;
        set(Chosen::Co, co.relation());
        if (k == pairs.size()) {
            if (forbidChecksPass()) recordMaximalWrites(co.relation());
            return;
        }
        if (!forbidChecksPass()) return; // anti-monotone: more co edges cannot help
        levels.push_back(Level{k, 0, co.mark()});
    };
    enter(0);
    while (!levels.empty()) {
        Level& top = levels.back();
        co.undoTo(top.mark); // the orientation tried last, and everything below it
        if (top.tried == 2 || allFound()) {
            levels.pop_back();
            continue;
        }
        const auto [a, b] = pairs[top.pair];
        const auto [from, to] = top.tried == 0 ? std::pair(a, b) : std::pair(b, a);
        ++top.tried;
        const std::size_t next = top.pair + 1;
        co.add(from, to); // a and b are unordered, so no cycle can appear
        enter(next);      // may push a level (`top` is not used after this)
    }
}

void CandidateSearch::recordMaximalWrites(const Relation& co) {
    std::vector<std::vector<int>> maximal(writesOf_.size());
    for (std::size_t l = 0; l < writesOf_.size(); ++l) {
        for (const int a : writesOf_[l])
            if (std::none_of(writesOf_[l].begin(), writesOf_[l].end(),
                             [&](int b) { return co.has(a, b); }))
                maximal[l].push_back(a);
        if (maximal[l].empty()) return; // co is cyclic at l: no final write
    }
    // Outcome mode reports registers only: one final-write choice stands for all of them.
    if (outcomeMode_) {
        std::vector<int> first;
        for (const std::vector<int>& m : maximal)
            first.push_back(m.front());
        found_.insert(std::move(first));
        return;
    }
    // Every combination of one maximal write per location, the last location varying fastest.
    std::vector<std::size_t> digit(maximal.size(), 0);
    std::vector<int> choice(maximal.size());
    while (true) {
        tick_();
        for (std::size_t l = 0; l < maximal.size(); ++l)
            choice[l] = maximal[l][digit[l]];
        found_.insert(choice);
        std::size_t l = maximal.size();
        while (l > 0 && ++digit[l - 1] == maximal[l - 1].size())
            digit[--l] = 0;
        if (l == 0) return;
    }
}

} // namespace ptx
