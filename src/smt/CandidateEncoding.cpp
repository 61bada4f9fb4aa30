#include "smt/CandidateEncoding.hpp"

#include "model/EventSets.hpp"
#include "smt/Abandon.hpp"
#include "smt/Acyclicity.hpp"
#include "support/Deadline.hpp"

#include <stdexcept>
#include <string>

namespace ptx::smt {
namespace {

constexpr unsigned kRankBits = 16; // barrier arrival times

std::string pairName(const char* what, int a, int b) {
    return std::string(what) + "_" + std::to_string(a) + "_" + std::to_string(b);
}

} // namespace

CandidateEncoding::CandidateEncoding(z3::context& ctx, z3::solver& solver,
                                     const CandidateExecution& candidate, Options options,
                                     TimeBudget budget)
    : ctx_(ctx), solver_(solver), c_(candidate), postponeOrder_(options.postponeOrder),
      budget_(std::move(budget)),
      selection_(options.paths ? PathSelection(ctx, solver, *options.paths) : PathSelection(ctx)),
      static_(staticRelations(candidate, [this] { budget_.check(); })), n_(candidate.size()),
      translated_(candidate.values.size(), false), rf_(ctx, n_, budget_), co_(ctx, n_, budget_),
      syncFence_(ctx, n_, budget_), syncBarrier_(ctx, n_, budget_) {
    if (options.pruneRf && !options.wellFoundedValues)
        throw std::logic_error("CandidateEncoding: pruneRf is sound for well-founded values only");
    if (options.pruneRf) possible_.emplace(candidate);
    try {
        valueTerms_.reserve(candidate.values.size());
        for (std::size_t i = 0; i < candidate.values.size(); ++i)
            valueTerms_.push_back(ctx.bv_val(0, kValueBits));
        encodeValues();
        encodeRf();
        encodeCo();
        encodeBarriers();
        encodeFinalValues();
        // The paths taken identify a witness too (a union of candidates).
        for (const z3::expr& x : selection_.choiceLiterals())
            witnessLiterals_.push_back(x);
        orderPending_ = true;
        if (!postponeOrder_) assertPostponed();
        if (options.wellFoundedValues) {
            const SymRelation deps = selection_.guard(static_.valueDeps, budget_);
            requireAcyclic(rf_.unite(deps), ctx_.bool_val(true), "wf");
        }
    } catch (...) {
        // A stop (the exception may be Z3's "canceled"): the members would otherwise be freed
        // term by term.
        if (budget_.deadline.stopRequested()) abandonTerms();
        throw;
    }
}

void CandidateEncoding::abandonTerms() {
    abandon(valueTerms_);
    abandon(rf_);
    abandon(co_);
    abandon(syncFence_);
    abandon(syncBarrier_);
    abandon(finalValue_);
    abandon(finalLiteral_);
    abandon(witnessLiterals_);
}

z3::expr CandidateEncoding::value(ValueId v) {
    // Post-order over the operands with an explicit stack (a chain of a thousand `add`s is a
    // thousand levels deep); each node is translated once and memoised.
    std::vector<ValueId> stack{v};
    while (!stack.empty()) {
        const ValueId top = stack.back();
        if (translated_[static_cast<std::size_t>(top)]) {
            stack.pop_back();
            continue;
        }
        const ValueNode& n = c_.values.node(top);
        bool ready = true;
        for (const ValueId operand : {n.c, n.b, n.a}) // a on top: translated first, as before
            if (operand >= 0 && !translated_[static_cast<std::size_t>(operand)]) {
                stack.push_back(operand);
                ready = false;
            }
        if (!ready) continue;
        stack.pop_back();
        if ((++translatedCount_ & 1023U) == 0) budget_.check();
        assign(valueTerms_[static_cast<std::size_t>(top)], translate(n));
        translated_[static_cast<std::size_t>(top)] = true;
    }
    return valueTerms_[static_cast<std::size_t>(v)];
}

z3::expr CandidateEncoding::readValue(int event) const {
    return ctx_.bv_const(("val_" + std::to_string(event)).c_str(), kValueBits);
}

z3::expr CandidateEncoding::translate(const ValueNode& n) {
    // The operands are translated already.
    auto term = [&](ValueId x) { return valueTerms_[static_cast<std::size_t>(x)]; };
    z3::expr r(ctx_);
    auto bit = [&](const z3::expr& b) {
        return z3::ite(b, ctx_.bv_val(1, kValueBits), ctx_.bv_val(0, kValueBits));
    };
    switch (n.op) {
    case ValueOp::Const:
        r = ctx_.bv_val(static_cast<std::uint64_t>(n.constant), kValueBits);
        break;
    case ValueOp::Read:
        r = readValue(n.event);
        break;
    case ValueOp::Select:
        r = z3::ite(term(n.a) != 0, term(n.b), term(n.c));
        break;
    default: {
        const z3::expr a = term(n.a), b = term(n.b);
        const z3::expr zero = ctx_.bv_val(0, kValueBits);
        switch (n.op) {
        case ValueOp::Add:
            r = a + b;
            break;
        case ValueOp::Sub:
            r = a - b;
            break;
        case ValueOp::Mul:
            r = a * b;
            break;
        case ValueOp::Div:
            r = z3::ite(b == zero, zero, a / b);
            break; // bvsdiv
        case ValueOp::And:
            r = a & b;
            break;
        case ValueOp::Or:
            r = a | b;
            break;
        case ValueOp::Xor:
            r = a ^ b;
            break;
        case ValueOp::Min:
            r = z3::ite(a < b, a, b);
            break; // signed
        case ValueOp::Max:
            r = z3::ite(a > b, a, b);
            break;
        case ValueOp::Eq:
            r = bit(a == b);
            break;
        case ValueOp::Ne:
            r = bit(a != b);
            break;
        case ValueOp::Lt:
            r = bit(a < b);
            break;
        case ValueOp::Gt:
            r = bit(a > b);
            break;
        case ValueOp::Le:
            r = bit(a <= b);
            break;
        case ValueOp::Ge:
            r = bit(a >= b);
            break;
        case ValueOp::IncWrap:
            r = z3::ite(z3::uge(a, b), zero, a + 1);
            break;
        case ValueOp::DecWrap:
            r = z3::ite(a == zero || z3::ugt(a, b), b, a - 1);
            break;
        default:
            break;
        }
    }
    }
    return r;
}

void CandidateEncoding::encodeValues() {
    for (const ValueId cond : c_.pathConditions) {
        budget_.check();
        solver_.add(value(cond) != 0);
    }
    const CandidateUnion* u = selection_.candidateUnion();
    if (!u) return;
    for (std::size_t p = 0; p < u->paths.size(); ++p)
        for (const ValueId cond : u->paths[p].conditions) {
            budget_.check();
            solver_.add(whenTrue(selection_.taken(static_cast<int>(p)), value(cond) != 0));
        }
}

z3::expr CandidateEncoding::whenTrue(const SymBool& guard, const z3::expr& e) const {
    if (guard.isTrue()) return e;
    if (guard.isFalse()) return ctx_.bool_val(true);
    return z3::implies(guard.expr(ctx_), e);
}

void CandidateEncoding::encodeRf() {
    for (const Event& r : c_.events) {
        if (r.kind != EventKind::Read) continue;
        budget_.check();
        z3::expr_vector choices(ctx_);
        for (const Event& w : c_.events) {
            if (w.kind != EventKind::Write || w.location != r.location) continue;
            if (possible_ && !possible_->canRead(w.id, r.id)) continue; // values never agree
            const SymBool both = selection_.together(w.id, r.id);
            if (both.isFalse()) continue; // other paths of the read's thread
            const z3::expr x = ctx_.bool_const(pairName("rf", w.id, r.id).c_str());
            rf_.set(w.id, r.id, SymBool(x));
            if (!both.isTrue()) solver_.add(z3::implies(x, both.expr(ctx_)));
            solver_.add(z3::implies(x, value(r.value) == value(w.value)));
            choices.push_back(x);
            witnessLiterals_.push_back(x);
        }
        solver_.add(whenTrue(selection_.occurs(r.id), z3::mk_or(choices)));
        if (choices.size() > 1) solver_.add(z3::atmost(choices, 1));
    }
}

void CandidateEncoding::encodeCo() {
    writesOf_.assign(c_.locations.size(), {});
    for (const Event& w : c_.events)
        if (w.kind == EventKind::Write)
            writesOf_[static_cast<std::size_t>(w.location)].push_back(w.id);
    for (const auto& ws : writesOf_) {
        for (const int a : ws) {
            budget_.check();
            for (const int b : ws) {
                if (a == b) continue;
                const Event& ea = c_.events[static_cast<std::size_t>(a)];
                const Event& eb = c_.events[static_cast<std::size_t>(b)];
                if (ea.isInit) {
                    co_.set(a, b, selection_.occurs(b));
                } else if (!eb.isInit) {
                    const SymBool both = selection_.together(a, b);
                    if (both.isFalse()) continue; // other paths of one thread
                    const z3::expr x = ctx_.bool_const(pairName("co", a, b).c_str());
                    co_.set(a, b, SymBool(x));
                    if (!both.isTrue()) solver_.add(z3::implies(x, both.expr(ctx_)));
                }
            }
        }
        for (const int a : ws) {
            for (const int b : ws) {
                if (a >= b) continue;
                budget_.check();
                solver_.add(!(co_.at(a, b).expr(ctx_) && co_.at(b, a).expr(ctx_)));
            }
        }
    }
}

void CandidateEncoding::encodeSyncFence(const Rel& ms) {
    for (const Event& a : c_.events) {
        if (!belongsTo(a, EventSet::FenceSc)) continue;
        budget_.check();
        for (const Event& b : c_.events) {
            if (b.id <= a.id || !belongsTo(b, EventSet::FenceSc) || ms.at(a.id, b.id).isFalse())
                continue;
            const z3::expr x = ctx_.bool_const(pairName("sf", a.id, b.id).c_str());
            const SymBool both = ms.at(a.id, b.id);
            syncFence_.set(a.id, b.id, both && SymBool(x));
            syncFence_.set(b.id, a.id, both && !SymBool(x));
        }
    }
    requireAcyclic(syncFence_, ctx_.bool_val(true), "sf");
}

void CandidateEncoding::encodeBarriers() {
    // Barrier synchronisation (see docs/model.md, "Barriers"): barrier events of different
    // threads in the same CTA with equal instance and id synchronise, towards a waiting (sync)
    // barrier only. With a thread count c (quorum), a waiting barrier b is released once c
    // barriers of its group have arrived: a synchronises with b iff rank(a) <= max(rank(b), c),
    // ranks being the arrival positions; a group smaller than c hangs (no complete execution).
    std::vector<int> bars;
    for (const Event& e : c_.events)
        if (e.kind == EventKind::Barrier) bars.push_back(e.id);
    if (bars.empty()) return;
    auto sameGroup = [&](int a, int b) -> z3::expr {
        const Event& ea = c_.events[static_cast<std::size_t>(a)];
        const Event& eb = c_.events[static_cast<std::size_t>(b)];
        if (a == b) return ctx_.bool_val(true);
        const SymBool both = selection_.together(a, b);
        if (ea.cta != eb.cta || ea.gpu != eb.gpu || both.isFalse()) return ctx_.bool_val(false);
        return both.expr(ctx_) && value(ea.barrierInstance) == value(eb.barrierInstance) &&
               value(ea.barrierId) == value(eb.barrierId);
    };
    bool anyCount = false;
    for (const int b : bars)
        anyCount = anyCount || c_.events[static_cast<std::size_t>(b)].barrierCount.has_value();
    std::map<int, z3::expr> rank;
    if (anyCount) {
        std::map<int, z3::expr> time;
        for (const int b : bars)
            time.emplace(b, ctx_.bv_const(("bar_time_" + std::to_string(b)).c_str(), kRankBits));
        for (const int a : bars)
            for (const int b : bars)
                if (a < b) solver_.add(z3::implies(sameGroup(a, b), time.at(a) != time.at(b)));
        for (const int b : bars) {
            budget_.check();
            z3::expr r = ctx_.bv_val(1, kRankBits);
            for (const int a : bars)
                if (a != b)
                    assign(r, r + z3::ite(sameGroup(a, b) && z3::ult(time.at(a), time.at(b)),
                                          ctx_.bv_val(1, kRankBits), ctx_.bv_val(0, kRankBits)));
            rank.emplace(b, r);
        }
    }
    for (const int b : bars) {
        budget_.check();
        const Event& eb = c_.events[static_cast<std::size_t>(b)];
        if (eb.barrierArrive) continue;
        if (eb.barrierCount) {
            z3::expr size = ctx_.bv_val(0, kRankBits);
            for (const int a : bars)
                assign(size, size + z3::ite(sameGroup(a, b), ctx_.bv_val(1, kRankBits),
                                            ctx_.bv_val(0, kRankBits)));
            solver_.add(
                whenTrue(selection_.occurs(b),
                         z3::uge(size, ctx_.bv_val(static_cast<std::uint64_t>(*eb.barrierCount),
                                                   kRankBits))));
        }
        for (const int a : bars) {
            const Event& ea = c_.events[static_cast<std::size_t>(a)];
            if (ea.thread == eb.thread) continue;
            z3::expr s = sameGroup(a, b);
            if (eb.barrierCount) {
                const z3::expr count =
                    ctx_.bv_val(static_cast<std::uint64_t>(*eb.barrierCount), kRankBits);
                const z3::expr released = z3::ite(z3::ugt(rank.at(b), count), rank.at(b), count);
                assign(s, s && z3::ule(rank.at(a), released));
            }
            syncBarrier_.set(a, b, SymBool(s.simplify()));
        }
    }
}

void CandidateEncoding::encodeFinalValues() {
    finalLiteral_.assign(static_cast<std::size_t>(n_), ctx_.bool_val(false));
    for (std::size_t l = 0; l < c_.locations.size(); ++l) {
        z3::expr_vector choices(ctx_);
        z3::expr final = ctx_.bv_val(0, kValueBits);
        for (const Event& w : c_.events) {
            if (w.kind != EventKind::Write || w.location != static_cast<int>(l)) continue;
            budget_.check();
            const z3::expr x = ctx_.bool_const(("final_" + std::to_string(w.id)).c_str());
            finalLiteral_[static_cast<std::size_t>(w.id)] = x;
            const SymBool occurs = selection_.occurs(w.id);
            if (!occurs.isTrue()) solver_.add(z3::implies(x, occurs.expr(ctx_)));
            assign(final, z3::ite(x, value(w.value), final));
            choices.push_back(x);
            witnessLiterals_.push_back(x);
        }
        solver_.add(z3::mk_or(choices));
        if (choices.size() > 1) solver_.add(z3::atmost(choices, 1));
        finalValue_.push_back(final);
    }
}

CandidateEncoding::Rel CandidateEncoding::base(BaseRel r) const {
    switch (r) {
    case BaseRel::Id:
        return selection_.guard(Relation::identity(n_), budget_);
    case BaseRel::Po:
        return selection_.guard(static_.po, budget_);
    case BaseRel::Loc:
        return selection_.guard(static_.loc, budget_);
    case BaseRel::SameScope:
        return selection_.guard(static_.sameScope, budget_);
    case BaseRel::SameCta:
        return selection_.guard(static_.sameCta, budget_);
    case BaseRel::VLoc:
        return selection_.guard(static_.vloc, budget_);
    case BaseRel::SameProxy:
        return selection_.guard(static_.sameProxy, budget_);
    case BaseRel::Rmw:
        return selection_.guard(static_.rmw, budget_);
    case BaseRel::Addr:
        return selection_.guard(static_.addr, budget_);
    case BaseRel::Data:
        return selection_.guard(static_.data, budget_);
    case BaseRel::Ctrl:
        return selection_.guard(static_.ctrl, budget_);
    case BaseRel::Rf:
        return rf_;
    case BaseRel::Co:
        return co_;
    case BaseRel::SyncFence:
        return syncFence_;
    case BaseRel::SyncBarrier:
        return syncBarrier_;
    }
    return SymRelation(ctx_, n_, budget_);
}

CandidateEncoding::Rel CandidateEncoding::idOn(EventSet s) const {
    Relation r(n_);
    for (const Event& e : c_.events)
        if (belongsTo(e, s)) r.add(e.id, e.id);
    return selection_.guard(r, budget_);
}

CandidateEncoding::Rel CandidateEncoding::product(EventSet s1, EventSet s2) const {
    Relation r(n_);
    for (const Event& a : c_.events) {
        if (!belongsTo(a, s1)) continue;
        budget_.check(); // a row of n pairs
        for (const Event& b : c_.events)
            if (belongsTo(b, s2)) r.add(a.id, b.id);
    }
    return selection_.guard(r, budget_);
}

CandidateEncoding::Rel CandidateEncoding::opt(const Rel& a) const {
    if (!selection_.isUnion()) return a.reflexive();
    return a.unite(selection_.guard(Relation::identity(n_), budget_), budget_);
}

template <class F> void CandidateEncoding::forEachOrderConstraint(F f) const {
    // A constraint whose premise has a pair never in co (towards an initial write, or between
    // writes on different paths of one thread) holds already: left out.
    auto may = [&](int a, int b) { return !co_.at(a, b).isFalse(); };
    for (const auto& ws : writesOf_)
        for (const int a : ws)
            for (const int b : ws) {
                if (a == b || !may(a, b)) continue;
                for (const int d : ws)
                    if (d != a && d != b && may(b, d)) f(a, b, d);
            }
    for (const auto& ws : writesOf_)
        for (const int w : ws)
            for (const int v : ws)
                if (v != w && may(w, v)) f(w, v, -1);
}

std::size_t CandidateEncoding::postponedCount() const {
    if (!orderPending_) return 0;
    std::size_t n = 0;
    forEachOrderConstraint([&n](int, int, int) { ++n; });
    return n;
}

z3::expr CandidateEncoding::orderTerm(int a, int b, int d) const {
    if (d < 0) return !finalLiteral_[static_cast<std::size_t>(a)] || !co_.at(a, b).expr(ctx_);
    return !co_.at(a, b).expr(ctx_) || !co_.at(b, d).expr(ctx_) || co_.at(a, d).expr(ctx_);
}

void CandidateEncoding::assertPostponed() {
    if (!orderPending_) return;
    std::size_t added = 0;
    forEachOrderConstraint([&](int a, int b, int d) {
        if ((++added & 1023U) == 0) budget_.check();
        solver_.add(orderTerm(a, b, d));
    });
    orderPending_ = false;
}

void CandidateEncoding::requireAcyclic(const Rel& r, const z3::expr& guard,
                                       const std::string& tag) {
    smt::requireAcyclic(ctx_, solver_, r, guard, tag, budget_);
}

} // namespace ptx::smt
