#include "enumerate/CandidateSearch.hpp"

#include "enumerate/BarrierSync.hpp"
#include "model/EventSets.hpp"

#include <algorithm>
#include <cstdint>

namespace ptx {
namespace {

std::size_t idx(Chosen c) {
    return static_cast<std::size_t>(c);
}

Relation intersectionOf(const std::vector<Relation>& options, int n) {
    if (options.empty()) return Relation(n);
    Relation r = options.front();
    for (const Relation& o : options)
        r &= o;
    return r;
}

bool hasDefinition(const MemoryModel& model, const std::string& name) {
    return std::any_of(model.definitions.begin(), model.definitions.end(),
                       [&](const Definition& d) { return d.name == name; });
}

} // namespace

CandidateSearch::CandidateSearch(const CandidateExecution& c, const MemoryModel& model,
                                 const std::vector<ShapedCheck>& checks, ConcreteAlgebra& algebra,
                                 Evaluator<ConcreteAlgebra>& eval, WitnessSink sink, Tick tick,
                                 std::optional<OutcomeMode> outcomeMode, SearchShare share,
                                 std::uint64_t candidate)
    : c_(c), checks_(checks), sink_(std::move(sink)), tick_(std::move(tick)),
      outcomeMode_(std::move(outcomeMode)), share_(share), candidate_(candidate), algebra_(algebra),
      eval_(eval), values_(c), writesOf_(c.locations.size()), initCo_(c.size()), rf_(c.size()),
      syncFence_(c.size()), fenceClosure_(Relation(c.size())) {
    for (const ShapedCheck& s : checks_)
        hasCoTotal_ = hasCoTotal_ || s.role == CheckRole::CoTotal;
    for (const Event& e : c.events) {
        if (e.kind == EventKind::Write)
            writesOf_[static_cast<std::size_t>(e.location)].push_back(e.id);
        if (e.kind == EventKind::Read) reads_.push_back(e.id);
    }
    for (const auto& ws : writesOf_)
        for (const int w : ws)
            if (w != ws.front()) initCo_.add(ws.front(), w);
    sourcesOf_.resize(static_cast<std::size_t>(c.size()));
    for (const int r : reads_)
        sourcesOf_[static_cast<std::size_t>(r)] = sourceOrder(r);
    // Round-robin over threads in program order: a write's value depends on earlier reads of
    // its thread, which come first, so values are known as early as possible.
    std::stable_sort(reads_.begin(), reads_.end(), [&](int a, int b) {
        const Event& ea = c.events[static_cast<std::size_t>(a)];
        const Event& eb = c.events[static_cast<std::size_t>(b)];
        return std::pair(ea.index, ea.thread) < std::pair(eb.index, eb.thread);
    });
    if (outcomeMode_) {
        // The reads deciding the outcome first, so that reported outcomes are cut early.
        const std::vector<int>& first = outcomeMode_->firstReads;
        std::stable_partition(reads_.begin(), reads_.end(), [&](int r) {
            return std::find(first.begin(), first.end(), r) != first.end();
        });
    }
    eval_.clear();
    // ms does not depend on the chosen relations: evaluate it with all of them empty.
    if (hasDefinition(model, "ms")) {
        const Relation ms = eval_.eval(model.ref("ms"));
        for (const Event& a : c.events)
            for (const Event& b : c.events)
                if (a.id < b.id && belongsTo(a, EventSet::FenceSc) &&
                    belongsTo(b, EventSet::FenceSc) && ms.has(a.id, b.id))
                    fencePairs_.emplace_back(a.id, b.id);
    }
}

std::vector<int> CandidateSearch::sourceOrder(int read) const {
    // Every write of the location, most plausible first (the order changes no result, only how
    // soon a consistent choice is met): the thread's own earlier writes, latest first, then the
    // initial write, the other threads' writes, and the thread's own later writes.
    const Event& r = c_.events[static_cast<std::size_t>(read)];
    std::vector<int> order = writesOf_[static_cast<std::size_t>(r.location)];
    auto rank = [&](int w) {
        const Event& e = c_.events[static_cast<std::size_t>(w)];
        if (e.thread == r.thread && e.index < r.index) return std::pair(0, -e.index);
        if (e.isInit) return std::pair(1, 0);
        if (e.thread != r.thread) return std::pair(2, 0);
        return std::pair(3, 0);
    };
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return rank(a) < rank(b); });
    return order;
}

void CandidateSearch::set(Chosen r, const Relation& value) {
    if (algebra_.set(baseOf(r), value)) eval_.invalidate(baseOf(r));
}

bool CandidateSearch::usable(const ShapedCheck& check) const {
    for (int r = 0; r < kChosenCount; ++r)
        if (partial_[static_cast<std::size_t>(r)] && !check.monotoneIn[static_cast<std::size_t>(r)])
            return false;
    return true;
}

std::optional<Relation> CandidateSearch::coLowerBound() {
    Relation lower = initCo_;
    bool extra = false;
    for (const ShapedCheck& s : checks_) {
        if (s.role != CheckRole::CoContains || !usable(s)) continue;
        eval_.withValue(s.x, [&](const Relation& x) { lower |= x; });
        extra = true;
    }
    if (!extra) return lower; // already closed
    lower = lower.transitiveClosure();
    if (!lower.irreflexive()) return std::nullopt;
    return lower;
}

bool CandidateSearch::forbidChecksPass() {
    for (const ShapedCheck& s : checks_)
        if (s.role == CheckRole::Forbid && usable(s) &&
            !eval_.withValue(s.rel, [&](const Relation& rel) {
                return passes(s.kind, rel, algebra_.interrupt());
            }))
            return false;
    return true;
}

bool CandidateSearch::consistentSoFar() {
    std::optional<Relation> lower = coLowerBound();
    if (!lower) return false;
    set(Chosen::Co, *lower);
    return forbidChecksPass();
}

std::size_t CandidateSearch::unitDepth() const {
    if (share_.whole()) return 0;
    const std::uint64_t wanted =
        SearchShare::kUnitsPerPart * static_cast<std::uint64_t>(share_.parts);
    std::uint64_t units = 1;
    std::size_t depth = 0;
    while (depth < reads_.size() && units < wanted)
        units *= sourcesOf_[static_cast<std::size_t>(reads_[depth++])].size();
    return depth;
}

std::uint64_t CandidateSearch::unitOf(std::size_t k, const std::vector<std::size_t>& next) const {
    std::uint64_t unit = 0;
    for (std::size_t j = 0; j <= k; ++j)
        unit = unit * sourcesOf_[static_cast<std::size_t>(readAt_[j])].size() + (next[j] - 1);
    return unit;
}

void CandidateSearch::run() {
    // A split search: a candidate without reads is one unit (SearchShare.hpp).
    if (reads_.empty() && !share_.owns(candidate_, 0)) return;
    if (!values_.constantConditionsHold()) return;
    barriersDynamic_ = barriersDependOnReads(c_);
    if (!barriersDynamic_) {
        BarrierChoices b = barrierSync(c_, values_.readValues(), tick_);
        if (b.hangs) return;
        barrierOptions_ = std::move(b.options);
    }
    partial_[idx(Chosen::Rf)] = true;
    partial_[idx(Chosen::SyncBarrier)] = barriersDynamic_ || barrierOptions_.size() > 1;
    partial_[idx(Chosen::SyncFence)] = !fencePairs_.empty();
    partial_[idx(Chosen::Co)] = true;
    set(Chosen::SyncBarrier, intersectionOf(barrierOptions_, c_.size()));
    set(Chosen::SyncFence, Relation(c_.size()));
    set(Chosen::Rf, Relation(c_.size()));
    if (!exclusiveKnown_) findExclusiveSources();
    if (!consistentSoFar()) return;
    searchRf();
}

void CandidateSearch::searchRf() {
    // Depth-first over the reads, one level per read, with an explicit stack (a recursion per
    // read would overflow the thread's stack on a long thread): next[k] is the index in read
    // k's sources of the choice to try next, so the choice applied at level k is next[k] - 1.
    const std::size_t count = reads_.size();
    if (count == 0) {
        rfComplete();
        return;
    }
    std::vector<std::size_t> next(count, 0);
    // The source applied at each level. Not next[k] - 1: outcome mode sets next[] of applied
    // levels past their last source once their outcome is reported (below), and undoing them
    // must still remove what they applied.
    std::vector<int> applied(count, -1);
    std::vector<char> decided(count, 0); // outcome mode: the outcome was fixed at level k
    readAt_.assign(count, -1);
    sourceOf_.assign(static_cast<std::size_t>(c_.size()), -1);
    if (orderByValues_) {
        valueReads_.assign(static_cast<std::size_t>(c_.size()), {});
        for (const Event& e : c_.events)
            if (e.kind == EventKind::Write)
                valueReads_[static_cast<std::size_t>(e.id)] = c_.values.readsOf(e.value);
        visited_.assign(static_cast<std::size_t>(c_.size()), 0);
    }
    const std::size_t unitDepth = this->unitDepth(); // a split search: levels naming a unit
    // Outcome mode dives through the levels after the outcome is decided: one consistent
    // completion is all it needs, and the first sources tried usually give one. A dive applies
    // those choices unchecked and checks only the leaf (the checks are anti-monotone in rf: a
    // leaf that passes passes on every prefix, and one that fails would fail the later stages
    // too), so the leaves that reach the later stages are the checked search's, in its order.
    // A dive ends at its first failure, which checks the prefixes it skipped (verifyAbove): no
    // subtree is searched that a check would have cut. `unchecked` is the first level whose
    // choice was applied unchecked (count: none).
    std::size_t unchecked = count;
    // Dives go on while at most as many failed as passed: a failed dive costs about a check more
    // than the checked search (diving always made the peer suite's outcome mode 15% slower, on
    // CADP loops whose paths most rf choices contradict).
    std::size_t divesPassed = 0, divesFailed = 0;
    auto undoLevel = [&](std::size_t j) {
        rf_.remove(applied[j], readAt_[j]);
        sourceOf_[static_cast<std::size_t>(readAt_[j])] = -1;
        values_.undo();
        if (unchecked == j) unchecked = count;
    };
    // Levels 0..k-1 are applied, some unchecked, and a choice below them failed: checks the
    // prefixes through the unchecked levels, shallowest first; the first that fails is undone
    // with the levels below it, and the search goes on at its level.
    auto verifyAbove = [&](std::size_t& k) {
        ++divesFailed;
        Relation prefix(c_.size());
        for (std::size_t j = 0; j < unchecked; ++j)
            prefix.add(applied[j], readAt_[j]);
        for (std::size_t j = unchecked; j < k; ++j) {
            prefix.add(applied[j], readAt_[j]);
            set(Chosen::Rf, prefix);
            if (!consistentSoFar()) {
                while (k > j)
                    undoLevel(--k);
                break;
            }
        }
        unchecked = count;
    };
    std::size_t k = 0;
    readAt_[0] = readAtLevel(0);
    tick_();
    while (true) {
        const int r = readAt_[k];
        const std::vector<int>& sources = sourcesOf_[static_cast<std::size_t>(r)];
        if (next[k] == sources.size()) { // every source of this read tried: back up one level
            set(Chosen::Rf, rf_);
            if (k == 0) return;
            undoLevel(--k);
            if (unchecked < k) verifyAbove(k);
            continue;
        }
        const int w = sources[next[k]++];
        // A split search skips the units of other parts, before anything depends on the choice.
        if (k + 1 == unitDepth && !share_.owns(candidate_, unitOf(k, next))) continue;
        applied[k] = w;
        sourceOf_[static_cast<std::size_t>(r)] = w;
        bool cut = !values_.assign(r, w) || sharesExclusiveSource(r, w) ||
                   (cutWhen_ && cutWhen_(values_)) || swappedSmaller();
        if (!cut && outcomeMode_) {
            decided[k] = outcomeDecided();
            // A reported outcome is cut before rf is set (the outcome depends on the values
            // alone). It is looked up where it becomes decided only: below that level it is the
            // same, and still not reported (a witness below ends the levels under that one).
            cut = decided[k] && (k == 0 || !decided[k - 1]) && alreadyReported();
        }
        if (!cut) {
            rf_.add(w, r);
            set(Chosen::Rf, rf_);
            const bool leaf = k + 1 == count;
            bool pass = true;
            if (!leaf && decided[k] && (unchecked < count || divesFailed <= divesPassed)) {
                unchecked = std::min(unchecked, k); // dive
            } else if (!leaf || unchecked < count) {
                pass = consistentSoFar();
                if (pass && unchecked < count) {
                    unchecked = count;
                    ++divesPassed;
                }
            } // else the last read goes straight to the later stages, which evaluate the checks
            if (pass) {
                if (!leaf) { // descend; the choice is undone when the level below ends
                    next[++k] = 0;
                    readAt_[k] = readAtLevel(k);
                    tick_();
                    continue;
                }
                rfComplete();
                if (outcomeMode_ && !found_.empty()) {
                    // The outcome is reported, and fixed since the level where the reads it
                    // depends on were all resolved: the other choices of the levels after that
                    // one would only be cut one by one.
                    std::size_t first = 0;
                    while (first < k && !decided[first])
                        ++first;
                    for (std::size_t j = first + 1; j <= k; ++j)
                        next[j] = sourcesOf_[static_cast<std::size_t>(readAt_[j])].size();
                }
            }
            rf_.remove(w, r);
        }
        sourceOf_[static_cast<std::size_t>(r)] = -1;
        values_.undo();
        if (unchecked < k) verifyAbove(k); // a choice failed below an unchecked level
    }
}

bool CandidateSearch::swappedSmaller() const {
    // The swapped execution X' reads, at read r, the image of what X reads at swap[r].
    for (const ThreadSymmetry::Swap& swap : swaps_) {
        for (const int r : reads_) {
            const int mine = sourceOf_[static_cast<std::size_t>(r)];
            const int image =
                sourceOf_[static_cast<std::size_t>(swap[static_cast<std::size_t>(r)])];
            if (mine < 0 || image < 0) break; // not chosen yet: the comparison is open
            const int theirs = swap[static_cast<std::size_t>(image)];
            if (mine < theirs) break;
            if (mine > theirs) return true;
        }
    }
    return false;
}

bool CandidateSearch::outcomeDecided() const {
    return std::all_of(outcomeMode_->firstReads.begin(), outcomeMode_->firstReads.end(),
                       [&](int r) { return values_.resolved(r); });
}

void CandidateSearch::rfComplete() {
    found_.clear(); // what searchRf reads after the call: this rf's witnesses only
    if (!values_.allResolved()) return; // a value on a cycle of rf | valueDeps: not well-founded
    partial_[idx(Chosen::Rf)] = false;
    std::vector<Relation> options = barrierOptions_;
    if (barriersDynamic_) {
        BarrierChoices b = barrierSync(c_, values_.readValues(), tick_);
        if (b.hangs) {
            partial_[idx(Chosen::Rf)] = true;
            return;
        }
        options = std::move(b.options);
        set(Chosen::SyncBarrier, intersectionOf(options, c_.size()));
    }
    upperBound_ = SIZE_MAX;
    if (options.size() > 1 || !fencePairs_.empty() || hasCoTotal_) {
        // Every final-write choice lies among the maximal writes of the coherence lower bound
        // known now; once all of them are found, other orders cannot add witnesses.
        partial_[idx(Chosen::SyncBarrier)] = options.size() > 1;
        if (const std::optional<Relation> lower = coLowerBound()) {
            upperBound_ = 1;
            for (const auto& ws : writesOf_) {
                std::size_t maximal = 0;
                for (const int a : ws)
                    maximal +=
                        std::none_of(ws.begin(), ws.end(), [&](int b) { return lower->has(a, b); });
                upperBound_ *= maximal;
            }
        } else {
            upperBound_ = 0;
        }
    }
    for (const Relation& sb : options) {
        if (allFound()) break;
        partial_[idx(Chosen::SyncBarrier)] = false;
        set(Chosen::SyncBarrier, sb);
        searchFenceOrder();
    }
    for (const std::vector<int>& finalWrite : found_)
        sink_(values_, finalWrite);
    partial_[idx(Chosen::Rf)] = true;
    partial_[idx(Chosen::SyncBarrier)] = barriersDynamic_ || barrierOptions_.size() > 1;
    set(Chosen::SyncBarrier, intersectionOf(barrierOptions_, c_.size()));
}

} // namespace ptx
