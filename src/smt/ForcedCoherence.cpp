#include "smt/ForcedCoherence.hpp"

#include "enumerate/CheckShapes.hpp"
#include "enumerate/ConcreteAlgebra.hpp"
#include "model/Evaluator.hpp"

#include <algorithm>
#include <functional>

namespace ptx::smt {
namespace {

class Forcing {
  public:
    Forcing(const CandidateExecution& c, Evaluator<ConcreteAlgebra>& eval, const TimeBudget& budget)
        : c_(c), n_(c.size()), check_([&budget] { budget.check(); }),
          eval_(eval), forced_{Relation(n_), Relation(n_), {}} {
        // The chosen relations stay empty: lower bounds.
    }

    /// empty(X - co): X's write pairs are in co.
    void contains(const ShapedCheck& s) {
        eval_.withValue(s.x, [&](const Relation& x) { addMust(x, s.axiom); });
        forced_.must = forced_.must.transitiveClosure(check_);
    }

    /// acyclic(F | (co & G)): co(b,a) is impossible where G(b,a) and F | (must & G) joins a to b.
    void acyclic(const ShapedCheck& s) {
        Relation guard(n_), paths(n_);
        for (const RelExpr& g : s.coGuards)
            eval_.withValue(g, [&](const Relation& r) { guard |= r; });
        for (const RelExpr& m : s.coFree)
            eval_.withValue(m, [&](const Relation& r) { paths |= r; });
        paths |= s.coUnguarded ? forced_.must : (forced_.must & guard);
        paths = paths.transitiveClosure(check_);
        paths.forEachPair([&](int a, int b) {
            if (!coPair(a, b) || !(s.coUnguarded || guard.has(b, a))) return;
            if (!forced_.never.has(b, a)) note(s.axiom);
            forced_.never.add(b, a);
        });
    }

    /// empty(X - (co | co^-1)): a pair of X one of whose orientations is impossible has the other.
    void total(const ShapedCheck& s) {
        Relation orient(n_);
        eval_.withValue(s.x, [&](const Relation& x) {
            x.forEachPair([&](int a, int b) {
                if (forced_.never.has(b, a)) orient.add(a, b);
            });
        });
        addMust(orient, s.axiom);
        forced_.must = forced_.must.transitiveClosure(check_);
    }

    /// The result; nothing forced when the pairs contradict each other.
    ForcedCoherence finish() {
        Relation both = forced_.must & forced_.never;
        if (!forced_.must.irreflexive() || !both.empty())
            return ForcedCoherence{Relation(n_), Relation(n_), {}};
        forced_.never |= forced_.must.inverse();
        return std::move(forced_);
    }

  private:
    /// Distinct non-initial writes to one location: the pairs co may relate either way.
    [[nodiscard]] bool coPair(int a, int b) const {
        const Event& ea = c_.events[static_cast<std::size_t>(a)];
        const Event& eb = c_.events[static_cast<std::size_t>(b)];
        return a != b && ea.kind == EventKind::Write && eb.kind == EventKind::Write && !ea.isInit &&
               !eb.isInit && ea.location == eb.location;
    }

    void addMust(const Relation& x, const std::string& axiom) {
        x.forEachPair([&](int a, int b) {
            if (!coPair(a, b) || forced_.must.has(a, b)) return;
            forced_.must.add(a, b);
            note(axiom);
        });
    }

    void note(const std::string& axiom) {
        if (std::find(forced_.axioms.begin(), forced_.axioms.end(), axiom) == forced_.axioms.end())
            forced_.axioms.push_back(axiom);
    }

    const CandidateExecution& c_;
    int n_;
    std::function<void()> check_;
    Evaluator<ConcreteAlgebra>& eval_;
    ForcedCoherence forced_;
};

bool monotoneInAll(const ShapedCheck& s) {
    return std::all_of(s.monotoneIn.begin(), s.monotoneIn.end(), [](bool m) { return m; });
}

} // namespace

ForcedCoherence forcedCoherence(const CandidateExecution& candidate, const MemoryModel& model,
                                const std::set<std::string>& disabled, const TimeBudget& budget) {
    std::vector<ShapedCheck> checks;
    try {
        checks = shapeChecks(model, disabled);
    } catch (const UnshapedModel&) {
        return ForcedCoherence{Relation(candidate.size()), Relation(candidate.size()), {}};
    }
    ConcreteAlgebra algebra(candidate, [&budget] { budget.check(); });
    Evaluator<ConcreteAlgebra> eval(model, algebra);
    return forcedCoherence(candidate, checks, eval, budget);
}

ForcedCoherence forcedCoherence(const CandidateExecution& candidate,
                                const std::vector<ShapedCheck>& checks,
                                Evaluator<ConcreteAlgebra>& eval, const TimeBudget& budget) {
    // One pass, in this order: what co must contain, what it cannot have given that, and the
    // orientations totality then leaves (as CandidateSearch::forceCoOrders, statically).
    Forcing forcing(candidate, eval, budget);
    for (const ShapedCheck& s : checks)
        if (s.role == CheckRole::CoContains && monotoneInAll(s)) forcing.contains(s);
    for (const ShapedCheck& s : checks)
        if (s.role == CheckRole::Forbid && !s.coFree.empty() && monotoneInAll(s))
            forcing.acyclic(s);
    for (const ShapedCheck& s : checks)
        if (s.role == CheckRole::CoTotal && monotoneInAll(s)) forcing.total(s);
    return forcing.finish();
}

} // namespace ptx::smt
