#include "enumerate/PossibleSources.hpp"

#include "enumerate/CheckShapes.hpp"
#include "enumerate/ConcreteAlgebra.hpp"
#include "model/Evaluator.hpp"
#include "model/PossibleValues.hpp"

#include <algorithm>
#include <optional>

namespace ptx {
namespace {

bool monotoneInAll(const ShapedCheck& s) {
    return std::all_of(s.monotoneIn.begin(), s.monotoneIn.end(), [](bool m) { return m; });
}

/// Sets the chosen relations empty, and forgets the definitions that depend on them.
void emptyChosen(ConcreteAlgebra& algebra, Evaluator<ConcreteAlgebra>& eval, int n) {
    for (const BaseRel r : {BaseRel::Rf, BaseRel::Co, BaseRel::SyncFence, BaseRel::SyncBarrier})
        if (algebra.set(r, Relation(n))) eval.invalidate(r);
}

/// The model's checks evaluated on a partial rf, with co its lower bound and the other chosen
/// relations empty: every violation found holds in each execution that contains that rf.
class PartialRf {
  public:
    PartialRf(const CandidateExecution& c, const std::vector<ShapedCheck>& checks,
              ConcreteAlgebra& algebra, Evaluator<ConcreteAlgebra>& eval, const Relation& coMust)
        : n_(c.size()), checks_(checks), algebra_(algebra), eval_(eval), knownCo_(coMust) {
        // Coherence starts at the initial write, and has the known pairs.
        for (const Event& i : c.events)
            if (i.kind == EventKind::Write && i.isInit)
                for (const Event& w : c.events)
                    if (w.kind == EventKind::Write && !w.isInit && w.location == i.location)
                        knownCo_.add(i.id, w.id);
        eval_.clear(); // nothing of another candidate
        emptyChosen(algebra_, eval_, n_);
    }

    /// With rf = `rf` (and co ordering `a` before `b`, when a >= 0): the axiom of a check
    /// that fails in every execution containing them, or nothing.
    [[nodiscard]] std::optional<std::string> violated(const Relation& rf, int a = -1, int b = -1) {
        if (algebra_.set(BaseRel::Rf, rf)) eval_.invalidate(BaseRel::Rf);
        Relation lower = knownCo_;
        if (a >= 0) lower.add(a, b);
        std::optional<std::string> coAxiom;
        for (const ShapedCheck& s : checks_) {
            if (s.role != CheckRole::CoContains || !monotoneInAll(s)) continue;
            eval_.withValue(s.x, [&](const Relation& x) {
                if (!(x - lower).empty()) coAxiom = s.axiom;
                lower |= x;
            });
        }
        lower = lower.transitiveClosure(algebra_.interrupt());
        if (!lower.irreflexive()) return coAxiom ? *coAxiom : std::string("co");
        if (algebra_.set(BaseRel::Co, lower)) eval_.invalidate(BaseRel::Co);
        for (const ShapedCheck& s : checks_) {
            if (s.role != CheckRole::Forbid || !monotoneInAll(s)) continue;
            if (s.kind != CheckKind::Empty && s.kind != CheckKind::Irreflexive &&
                s.kind != CheckKind::Acyclic)
                continue; // a NonEmpty check can fail on a subset and pass on the whole
            if (!eval_.withValue(s.rel, [&](const Relation& rel) {
                    return passes(s.kind, rel, algebra_.interrupt());
                }))
                return s.axiom;
        }
        return std::nullopt;
    }

    /// Whether a CoTotal check makes co order `a` and `b` with the rf last given to violated().
    [[nodiscard]] bool mustOrder(int a, int b) {
        bool must = false;
        for (const ShapedCheck& s : checks_)
            if (s.role == CheckRole::CoTotal && monotoneInAll(s))
                eval_.withValue(
                    s.x, [&](const Relation& x) { must = must || x.has(a, b) || x.has(b, a); });
        return must;
    }

  private:
    int n_;
    const std::vector<ShapedCheck>& checks_;
    ConcreteAlgebra& algebra_;
    Evaluator<ConcreteAlgebra>& eval_;
    Relation knownCo_;
};

} // namespace

PossibleSources::PossibleSources(const CandidateExecution& c, const MemoryModel& model,
                                 const std::set<std::string>& disabled, const Relation& coMust,
                                 const std::function<void()>& tick)
    : values_(c), rf_(c.size()) {
    addPairsValuesAllow(c);
    std::vector<ShapedCheck> checks;
    try {
        checks = shapeChecks(model, disabled);
    } catch (const UnshapedModel&) {
        propagate();
        return;
    }
    ConcreteAlgebra algebra(c, tick);
    Evaluator<ConcreteAlgebra> eval(model, algebra);
    analyse(c, checks, algebra, eval, coMust, tick);
}

PossibleSources::PossibleSources(const CandidateExecution& c,
                                 const std::vector<ShapedCheck>& checks, ConcreteAlgebra& algebra,
                                 Evaluator<ConcreteAlgebra>& eval, const Relation& coMust,
                                 const std::function<void()>& tick)
    : values_(c), rf_(c.size()) {
    addPairsValuesAllow(c);
    analyse(c, checks, algebra, eval, coMust, tick);
    emptyChosen(algebra, eval, c.size());
}

void PossibleSources::addPairsValuesAllow(const CandidateExecution& c) {
    const PossibleValues& values = values_;
    for (const Event& r : c.events) {
        if (r.kind != EventKind::Read) continue;
        reads_.push_back(r.id);
        for (const Event& w : c.events)
            if (w.kind == EventKind::Write && w.location == r.location &&
                values.canRead(w.id, r.id))
                rf_.add(w.id, r.id);
    }
}

void PossibleSources::analyse(const CandidateExecution& c, const std::vector<ShapedCheck>& checks,
                              ConcreteAlgebra& algebra, Evaluator<ConcreteAlgebra>& eval,
                              const Relation& coMust, const std::function<void()>& tick) {
    PartialRf test(c, checks, algebra, eval, coMust);
    auto note = [&](const std::string& axiom) {
        if (std::find(axioms_.begin(), axioms_.end(), axiom) == axioms_.end())
            axioms_.push_back(axiom);
    };
    // Each pair with the pairs every execution has (`must`); none at first.
    auto prunePairs = [&](const Relation& must) {
        Relation with = must;
        for (const int r : reads_)
            for (int w = 0; w < c.size(); ++w) {
                if (!rf_.has(w, r) || must.has(w, r)) continue;
                tick();
                with.add(w, r);
                if (const std::optional<std::string> axiom = test.violated(with)) {
                    rf_.remove(w, r);
                    note(*axiom);
                }
                with.remove(w, r);
            }
    };
    // Whether two read-modify-writes of one location can read the write `w` together.
    auto exclude = [&](EventPair first, EventPair second, int w) {
        const auto [r1, w1] = first;
        const auto [r2, w2] = second;
        Relation both(c.size());
        both.add(w, r1);
        both.add(w, r2);
        std::optional<std::string> axiom = test.violated(both);
        if (!axiom && test.mustOrder(w1, w2)) {
            const std::optional<std::string> forward = test.violated(both, w1, w2);
            const std::optional<std::string> backward =
                forward ? test.violated(both, w2, w1) : std::nullopt;
            if (forward && backward) {
                note(*forward);
                axiom = backward;
            }
        }
        if (!axiom) return;
        note(*axiom);
        exclusions_.push_back({r1, r2, w});
        exclusions_.push_back({r2, r1, w});
    };
    // Asks the first kMaxExclusionQuestions (pair, common source) questions, no more.
    auto askExclusions = [&] {
        std::size_t questions = 0;
        for (std::size_t i = 0; i < c.rmw.size(); ++i)
            for (std::size_t j = i + 1; j < c.rmw.size(); ++j)
                for (int w = 0; w < c.size(); ++w) {
                    if (!rf_.has(w, c.rmw[i].first) || !rf_.has(w, c.rmw[j].first)) continue;
                    if (questions++ == kMaxExclusionQuestions) return;
                    tick();
                    exclude(c.rmw[i], c.rmw[j], w);
                }
    };
    prunePairs(Relation(c.size()));
    askExclusions();
    propagate();
    // A read left with one source reads it in every execution: the other pairs are tested again
    // together with all such pairs, until none is added.
    Relation must(c.size());
    while (!impossible_) {
        Relation next(c.size());
        for (const int r : reads_)
            if (sourcesOf(r) == 1)
                for (int w = 0; w < c.size(); ++w)
                    if (rf_.has(w, r)) next.add(w, r);
        if (next == must) break;
        must = next;
        if (const std::optional<std::string> axiom = test.violated(must)) {
            note(*axiom);
            impossible_ = true;
            break;
        }
        prunePairs(must);
        propagate();
    }
}

int PossibleSources::sourcesOf(int read) const {
    int n = 0;
    for (int w = 0; w < rf_.size(); ++w)
        n += rf_.has(w, read) ? 1 : 0;
    return n;
}

void PossibleSources::propagate() {
    auto sources = [&](int r) { return sourcesOf(r); };
    // A read with one source left takes it from every read it excludes there.
    for (bool changed = true; changed;) {
        changed = false;
        for (const Exclusion& e : exclusions_)
            if (rf_.has(e.write, e.read) && rf_.has(e.write, e.other) && sources(e.read) == 1) {
                rf_.remove(e.write, e.other);
                changed = true;
            }
    }
    impossible_ =
        std::any_of(reads_.begin(), reads_.end(), [&](int r) { return sources(r) == 0; }) ||
        !distinctSourcesFit();
}

bool PossibleSources::excludeEverywhere(int a, int b) const {
    for (int w = 0; w < rf_.size(); ++w) {
        if (!rf_.has(w, a) || !rf_.has(w, b)) continue;
        const bool excluded =
            std::any_of(exclusions_.begin(), exclusions_.end(),
                        [&](const auto& e) { return e.read == a && e.other == b && e.write == w; });
        if (!excluded) return false;
    }
    return true;
}

bool PossibleSources::distinctSourcesFit() const {
    std::vector<int> excluding; // the reads some exclusion names
    for (const Exclusion& e : exclusions_)
        if (std::find(excluding.begin(), excluding.end(), e.read) == excluding.end())
            excluding.push_back(e.read);
    // From each such read, a set of reads of which no two can share a source (grown
    // greedily): they read distinct writes, so they need a matching into their sources.
    for (const int start : excluding) {
        std::vector<int> group{start};
        for (const int r : excluding)
            if (r != start && std::all_of(group.begin(), group.end(),
                                          [&](int g) { return excludeEverywhere(r, g); }))
                group.push_back(r);
        if (group.size() > 1 && !hasMatching(group)) return false;
    }
    return true;
}

bool PossibleSources::hasMatching(const std::vector<int>& group) const {
    // Kuhn's augmenting paths: matchedTo[w] is the read of `group` matched to write w.
    std::vector<int> matchedTo(static_cast<std::size_t>(rf_.size()), -1);
    std::vector<bool> visited;
    std::function<bool(int)> augment = [&](int r) {
        for (int w = 0; w < rf_.size(); ++w) {
            if (!rf_.has(w, r) || visited[static_cast<std::size_t>(w)]) continue;
            visited[static_cast<std::size_t>(w)] = true;
            int& m = matchedTo[static_cast<std::size_t>(w)];
            if (m < 0 || augment(m)) {
                m = r;
                return true;
            }
        }
        return false;
    };
    for (const int r : group) {
        visited.assign(static_cast<std::size_t>(rf_.size()), false);
        if (!augment(r)) return false;
    }
    return true;
}

} // namespace ptx
