// The execution's relations the solver chooses: reads-from (one write per read, with equal
// values), coherence (a literal per ordered pair of writes to a location, never both ways; its
// transitivity is in CoherenceConstraints.cpp), the fence-SC order and barrier synchronisation
// (arrival ranks against a thread count), and the results of bar.red votes.
#include "smt/CandidateEncoding.hpp"

#include "enumerate/BarrierVotes.hpp"

#include "model/EventSets.hpp"

#include <map>
#include <string>
#include <vector>

namespace ptx::smt {
namespace {

constexpr unsigned kRankBits = 16; // barrier arrival times

std::string pairName(const char* what, int a, int b) {
    return std::string(what) + "_" + std::to_string(a) + "_" + std::to_string(b);
}

} // namespace

void CandidateEncoding::encodeRf() {
    for (const Event& r : c_.events) {
        if (r.kind != EventKind::Read) continue;
        budget_.check();
        z3::expr_vector choices(ctx_);
        for (const Event& w : c_.events) {
            if (w.kind != EventKind::Write || w.location != r.location) continue;
            if (possible_ && !possible_->canRead(w.id, r.id)) continue; // values never agree
            if (sources_ && !sources_->canRead(w.id, r.id)) continue;   // the checks forbid it
            const SymBool both = selection_.together(w.id, r.id);
            if (both.isFalse()) continue; // other paths of the read's thread
            const z3::expr x = ctx_.bool_const(pairName("rf", w.id, r.id).c_str());
            rf_.set(w.id, r.id, SymBool(x));
            if (!both.isTrue()) solver_.add(z3::implies(x, both.expr(ctx_)));
            const auto readsOne = fixedValue(r.value);
            if (!readsOne || fixedValue(w.value) != readsOne) // not known equal (canRead above)
                solver_.add(z3::implies(x, value(r.value) == value(w.value)));
            choices.push_back(x);
            witnessLiterals_.push_back(x);
            witnessChoices_.push_back({w.id, r.id});
        }
        solver_.add(whenTrue(selection_.occurs(r.id), z3::mk_or(choices)));
        if (choices.size() > 1) solver_.add(z3::atmost(choices, 1));
    }
    if (!sources_) return;
    for (const PossibleSources::Exclusion& e : sources_->exclusions()) {
        const SymBool& a = rf_.at(e.write, e.read);
        const SymBool& b = rf_.at(e.write, e.other);
        if (e.read < e.other && !a.isFalse() && !b.isFalse())
            solver_.add(!a.expr(ctx_) || !b.expr(ctx_));
    }
}

void CandidateEncoding::encodeCo() {
    writesOf_.assign(c_.locations.size(), {});
    coDecided_.assign(c_.locations.size(), true);
    for (const Event& w : c_.events)
        if (w.kind == EventKind::Write)
            writesOf_[static_cast<std::size_t>(w.location)].push_back(w.id);
    auto must = [&](int a, int b) { return forcedCo_ && forcedCo_->must.has(a, b); };
    auto never = [&](int a, int b) { return forcedCo_ && forcedCo_->never.has(a, b); };
    for (std::size_t l = 0; l < writesOf_.size(); ++l) {
        const auto& ws = writesOf_[l];
        for (const int a : ws) {
            budget_.check();
            for (const int b : ws) {
                if (a == b) continue;
                const Event& ea = c_.events[static_cast<std::size_t>(a)];
                const Event& eb = c_.events[static_cast<std::size_t>(b)];
                if (ea.isInit) {
                    co_.set(a, b, selection_.occurs(b));
                } else if (must(a, b)) {
                    co_.set(a, b, SymBool(ctx_, true));
                } else if (!eb.isInit && !never(a, b)) {
                    const SymBool both = selection_.together(a, b);
                    if (both.isFalse()) continue; // other paths of one thread
                    const z3::expr x = ctx_.bool_const(pairName("co", a, b).c_str());
                    co_.set(a, b, SymBool(x));
                    coDecided_[l] = false;
                    if (!both.isTrue()) solver_.add(z3::implies(x, both.expr(ctx_)));
                }
            }
        }
        if (coDecided_[l]) continue; // constants only: never both ways
        for (const int a : ws) {
            budget_.check();
            for (const int b : ws)
                if (a < b && !co_.at(a, b).isFalse() && !co_.at(b, a).isFalse())
                    solver_.add(!(co_.at(a, b).expr(ctx_) && co_.at(b, a).expr(ctx_)));
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
    // Barrier synchronisation (see docs/model.md, "Barrier sync"): barrier events of different
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

void CandidateEncoding::encodeVotes() {
    // bar.red (docs/model.md, "Barrier votes"): the result of each bar.red that occurs is the
    // vote over the predicates of the bar.red events of its group that occur with it.
    const z3::expr one = valueConstant(1), zero = valueConstant(0);
    for (const std::vector<int>& group : barrierVoteGroups(c_)) {
        for (const int e : group) {
            budget_.check();
            const BarrierReduction op = *c_.events[static_cast<std::size_t>(e)].barrierVote;
            z3::expr count = zero;
            z3::expr every = ctx_.bool_val(true), some = ctx_.bool_val(false);
            for (const int a : group) {
                const SymBool both = selection_.together(a, e);
                if (both.isFalse()) continue;
                const z3::expr votes =
                    both.expr(ctx_) &&
                    value(c_.events[static_cast<std::size_t>(a)].barrierPredicate) != zero;
                assign(count, count + z3::ite(votes, one, zero));
                assign(every, every && z3::implies(both.expr(ctx_), votes));
                assign(some, some || votes);
            }
            const z3::expr result = op == BarrierReduction::Popc  ? count
                                    : op == BarrierReduction::And ? z3::ite(every, one, zero)
                                                                  : z3::ite(some, one, zero);
            solver_.add(whenTrue(selection_.occurs(e), readValue(e) == result));
        }
    }
}

} // namespace ptx::smt
