#include "smt/ConcreteAssignment.hpp"

#include "enumerate/CheckShapes.hpp"

#include <algorithm>

namespace ptx::smt {

namespace {

/// Past this many cells that may be left out, a reason names them all rather than trying them
/// one at a time (each try evaluates the check again).
constexpr std::size_t kMinimiseCells = 4096;

} // namespace

ConcreteAssignment::ConcreteAssignment(z3::context& ctx, const CandidateEncoding& encoding,
                                       const MemoryModel& model)
    : encoding_(encoding), algebra_(encoding.candidate(), encoding.statics(),
                                    [&encoding] { encoding.budget().check(); }),
      evaluator_(model, algebra_) {
    for (std::size_t i = 0; i < kChosen.size(); ++i) {
        const SymRelation r = encoding.base(kChosen[i]);
        constant_[i] = Relation(r.size());
        termAt_[i].assign(static_cast<std::size_t>(r.size()) * static_cast<std::size_t>(r.size()),
                          -1);
        for (int a = 0; a < r.size(); ++a)
            for (int b = 0; b < r.size(); ++b) {
                const SymBool& x = r.at(a, b);
                if (x.isTrue()) {
                    constant_[i].add(a, b);
                } else if (!x.isFalse()) {
                    termAt_[i][cellIndex(a, b)] = static_cast<int>(terms_.size());
                    terms_.push_back(x.expr(ctx));
                    cells_.push_back({i, a, b});
                }
            }
    }
    values_.assign(terms_.size(), false);
}

void ConcreteAssignment::set(std::size_t i, const Relation& r) {
    if (algebra_.set(kChosen[i], r)) evaluator_.invalidate(kChosen[i]);
}

void ConcreteAssignment::setCells(const std::vector<std::size_t>& terms, std::size_t from,
                                  std::size_t to, bool flipped) {
    std::array<bool, kChosen.size()> touched{};
    for (std::size_t k = from; k < to; ++k) {
        const Cell& c = cells_[terms[k]];
        if (values_[terms[k]] != flipped)
            current_[c.relation].add(c.a, c.b);
        else
            current_[c.relation].remove(c.a, c.b);
        touched[c.relation] = true;
    }
    for (std::size_t i = 0; i < kChosen.size(); ++i)
        if (touched[i]) set(i, current_[i]);
}

void ConcreteAssignment::read(const Holds& holds) {
    current_ = constant_;
    for (std::size_t t = 0; t < terms_.size(); ++t) {
        values_[t] = holds(terms_[t]);
        if (values_[t]) current_[cells_[t].relation].add(cells_[t].a, cells_[t].b);
    }
    for (std::size_t i = 0; i < kChosen.size(); ++i)
        set(i, current_[i]);
}

std::size_t ConcreteAssignment::cellIndex(int a, int b) const {
    return static_cast<std::size_t>(a) * static_cast<std::size_t>(encoding_.candidate().size()) +
           static_cast<std::size_t>(b);
}

void ConcreteAssignment::addCell(Violation& v, std::size_t relation, int a, int b,
                                 std::optional<bool> value) const {
    const int t = termAt_[relation][cellIndex(a, b)];
    if (t < 0) return; // constant
    const auto i = static_cast<std::size_t>(t);
    v.add(terms_[i], value.value_or(values_[i]));
}

bool ConcreteAssignment::fails(CheckKind kind, const RelExpr& rel) {
    return !passes(kind, evaluator_.eval(rel), [this] { encoding_.budget().check(); });
}

namespace {

/// The polarity of each chosen relation in a relation that mentions `occ`.
template <class Polarity, std::size_t N>
Polarity polarityFrom(const BaseOccurrences& occ, const std::array<BaseRel, N>& chosen) {
    Polarity p;
    for (std::size_t i = 0; i < N; ++i) {
        const unsigned bit = 1U << static_cast<int>(chosen[i]);
        p.positive[i] = (occ.negative & bit) == 0;
        p.negative[i] = (occ.positive & bit) == 0;
    }
    return p;
}

} // namespace

const ConcreteAssignment::CheckFacts& ConcreteAssignment::factsOf(CheckKind kind,
                                                                  const RelExpr& rel) {
    const auto known = facts_.find(rel.get());
    if (known != facts_.end()) return known->second;
    CheckFacts f;
    f.polarity = polarityFrom<Polarity>(occurrences(rel), kChosen);
    f.shape = coOrderShape(kind, rel);
    if (f.shape) f.xPolarity = polarityFrom<Polarity>(occurrences(f.shape->x), kChosen);
    return facts_.emplace(rel.get(), std::move(f)).first->second;
}

std::vector<Violation> ConcreteAssignment::reasons(CheckKind kind, const RelExpr& rel,
                                                   std::size_t most) {
    // The check fails on a relation that is large enough (acyclic, irreflexive, empty) or small
    // enough (non-empty). So for a chosen relation `rel` mentions only positively, the check
    // still fails with more of its pairs (grows[i]), or only negatively, with fewer (shrinks[i]);
    // neither for one mentioned both ways, both for one not mentioned.
    const bool large = kind != CheckKind::NonEmpty;
    const CheckFacts& facts = factsOf(kind, rel);
    const Polarity& p = facts.polarity;
    std::array<bool, kChosen.size()> grows{}, shrinks{};
    for (std::size_t i = 0; i < kChosen.size(); ++i) {
        grows[i] = large ? p.positive[i] : p.negative[i];
        shrinks[i] = large ? p.negative[i] : p.positive[i];
    }
    // An empty or irreflexive check fails at each pair it should not have: a reason per pair
    // (the solver learns them all from one model), each pair's presence being monotone as the
    // relation is.
    std::vector<Violation> out;
    if (const std::optional<CoOrderShape>& shape = facts.shape) {
        // empty(X - co), X not reading co: a pair fails by X's pair and co's missing cell (and
        // its inverse's, for X - (co | co^-1)), so the reason is X's for the pair and those
        // cells; no other co cell is tried.
        const Polarity& px = facts.xPolarity;
        for (std::size_t i = 0; i < kChosen.size(); ++i) {
            grows[i] = px.positive[i];
            shrinks[i] = px.negative[i];
        }
        const Relation r = evaluator_.eval(rel);
        for (int a = 0; a < r.size() && out.size() < most; ++a)
            for (int b = 0; b < r.size() && out.size() < most; ++b) {
                if (!r.has(a, b)) continue;
                Violation v =
                    reason(grows, shrinks, [&] { return evaluator_.eval(shape->x).has(a, b); });
                addCell(v, kCo, a, b);
                if (shape->role == CheckRole::CoTotal) addCell(v, kCo, b, a);
                out.push_back(std::move(v));
            }
        return out;
    }
    if (kind == CheckKind::Empty || kind == CheckKind::Irreflexive) {
        const Relation r = evaluator_.eval(rel);
        for (int a = 0; a < r.size() && out.size() < most; ++a)
            for (int b = 0; b < r.size() && out.size() < most; ++b)
                if (r.has(a, b) && (kind == CheckKind::Empty || a == b))
                    out.push_back(
                        reason(grows, shrinks, [&] { return evaluator_.eval(rel).has(a, b); }));
        return out;
    }
    out.push_back(reason(grows, shrinks, [&] { return fails(kind, rel); }));
    return out;
}

std::vector<Violation> ConcreteAssignment::orderImpliedByEachRf(CheckKind kind,
                                                                const RelExpr& rel) {
    std::vector<Violation> out;
    const CheckFacts& facts = factsOf(kind, rel);
    const std::optional<CoOrderShape>& shape = facts.shape;
    if (!shape || shape->role != CheckRole::CoContains) return out;
    // Nothing to order where the candidate fixes co: a violation there names rf cells alone,
    // and is learned from a model as any other (on the 127 Nvidia peer tests, 1.4% fewer
    // instructions than trying each rf cell).
    if (std::none_of(cells_.begin(), cells_.end(), [](const Cell& c) { return c.relation == kCo; }))
        return out;
    const Polarity& px = facts.xPolarity;
    for (std::size_t i = 0; i < kChosen.size(); ++i)
        if (!px.positive[i]) return out; // X may shrink as a relation grows
    current_ = constant_;
    for (std::size_t i = 0; i < kChosen.size(); ++i)
        set(i, current_[i]);
    const Relation base = evaluator_.eval(shape->x);
    const Relation& co = constant_[kCo];
    for (std::size_t t = 0; t < terms_.size(); ++t) {
        const Cell& c = cells_[t];
        if (c.relation != kRf) continue;
        current_[kRf].add(c.a, c.b);
        set(kRf, current_[kRf]);
        evaluator_.eval(shape->x).forEachPair([&](int a, int b) {
            if (base.has(a, b) || co.has(a, b)) return;
            Violation v;
            v.add(terms_[t], true);
            addCell(v, kCo, a, b, false);
            out.push_back(std::move(v));
        });
        current_[kRf].remove(c.a, c.b);
    }
    set(kRf, current_[kRf]);
    return out;
}

Violation ConcreteAssignment::reason(const std::array<bool, kChosen.size()>& grows,
                                     const std::array<bool, kChosen.size()>& shrinks,
                                     const std::function<bool()>& failure) {
    // A cell is left out when the failure stays whatever its value: flipped in the direction
    // that keeps the failure, and kept flipped while it still holds (leaveOut). Every
    // assignment that agrees with the named cells then lies, relation by relation, in the
    // failing direction from the last assignment tried, so it fails too.
    std::vector<bool> named(terms_.size(), true);
    std::vector<std::size_t> tries;
    for (std::size_t t = 0; t < terms_.size(); ++t) {
        const std::size_t i = cells_[t].relation;
        if (!grows[i] && !shrinks[i]) continue; // read both ways: named
        if (grows[i] && shrinks[i]) {
            named[t] = false; // the check does not read this relation
        } else if (values_[t] == grows[i]) {
            tries.push_back(t); // a pair it has and may lose, or lacks and may gain
        } else {
            named[t] = false; // it may only gain (lose) pairs in the failing direction
        }
    }
    if (tries.size() <= kMinimiseCells) {
        leaveOut(tries, 0, tries.size(), named, failure);
        std::vector<std::size_t> flipped;
        for (const std::size_t t : tries)
            if (!named[t]) flipped.push_back(t);
        setCells(flipped, 0, flipped.size(), false); // back to the assignment read
    }
    Violation v;
    for (std::size_t t = 0; t < terms_.size(); ++t)
        if (named[t]) v.add(terms_[t], values_[t]);
    return v;
}

void ConcreteAssignment::leaveOut(const std::vector<std::size_t>& tries, std::size_t from,
                                  std::size_t to, std::vector<bool>& named,
                                  const std::function<bool()>& failure) {
    if (from == to) return;
    encoding_.budget().check();
    setCells(tries, from, to, true);
    if (failure()) { // all of them left out, flipped
        for (std::size_t k = from; k < to; ++k)
            named[tries[k]] = false;
        return;
    }
    setCells(tries, from, to, false);
    if (to - from == 1) return; // named
    const std::size_t middle = from + (to - from) / 2;
    leaveOut(tries, from, middle, named, failure);
    leaveOut(tries, middle, to, named, failure);
}

} // namespace ptx::smt
