#include "smt/CandidateQuery.hpp"

#include "smt/AxiomEncoding.hpp"
#include "smt/ContextAlarm.hpp"
#include "smt/DeadlineCheck.hpp"
#include "smt/GoalEncoding.hpp"
#include "smt/ModelValue.hpp"
#include "smt/SolverSettings.hpp"

#include <functional>
#include <stop_token>
#include <z3++.h>

namespace ptx::smt {
/// Runs `f`, translating a z3::exception (out of memory, the deadline, a solver failure).
template <class F> auto translated(const Deadline& deadline, Phase phase, F f) -> decltype(f()) {
    try {
        return f();
    } catch (const z3::exception& e) {
        rethrowSolverError(e, deadline, phase);
    }
}

struct CandidateQuery::Impl {
    Deadline deadline;
    Phase phase;
    ProcessSettings settings; // before the context: Z3's process-wide settings first
    z3::context ctx;
    // After the context: destroyed before it, so the alarm never reaches a deleted context.
    ContextAlarm alarm;
    z3::solver solver;
    const CandidateExecution& c;
    EncodedCandidate enc;
    std::vector<std::string> names;
    std::optional<z3::model> model;
    std::vector<std::string> core;

    Impl(const CandidateExecution& candidate, const MemoryModel& m, const Deadline& d, Phase ph)
        : deadline(d), phase(ph), alarm(ctx, d), solver(ctx), c(candidate),
          enc(ctx, solver, candidate, m, {}, Staging::AllAtOnce, TimeBudget{d, ph}) {
        configureSolver(ctx, solver);
        for (const AxiomGuard& g : enc.guards)
            names.push_back(g.name);
    }

    /// The final value of an observable: a register (0 where the path never writes it) or a
    /// location (0 where no path accesses it).
    z3::expr observableTerm(const Observable& o,
                            const std::function<std::optional<int>(const std::string&)>& loc) {
        if (const auto* r = std::get_if<RegTerm>(&o)) {
            const auto it = c.finalRegisters.find(*r);
            return it == c.finalRegisters.end() ? enc.encoding.valueConstant(0)
                                                : enc.encoding.value(it->second);
        }
        const auto l = loc(std::get<LocTerm>(o).location);
        return l ? enc.encoding.finalValue(*l) : enc.encoding.valueConstant(0);
    }

    z3::expr encode(const CondExpr& expr,
                    const std::function<std::optional<int>(const std::string&)>& loc) {
        return encodeGoal(
            ctx, expr, [&](const Observable& o) { return observableTerm(o, loc); },
            [&](std::int64_t v) { return enc.encoding.valueConstant(v); });
    }

    [[nodiscard]] Answer check(const std::vector<std::string>& on,
                               const std::optional<Shape>& shape);
    [[nodiscard]] ChosenRelations chosen();

    Relation read(BaseRel which) {
        return enc.encoding.base(which).holding(
            [&](const z3::expr& e) { return model->eval(e, true).is_true(); },
            enc.encoding.budget());
    }

    /// The literals that pin rf and co to `shape`, and its fence-SC pairs.
    z3::expr_vector pin(const Shape& shape) {
        z3::expr_vector lits(ctx);
        for (const BaseRel which : {BaseRel::Rf, BaseRel::Co}) {
            const SymRelation r = enc.encoding.base(which);
            const Relation& want = which == BaseRel::Rf ? shape.rf : shape.co;
            for (int a = 0; a < r.size(); ++a) {
                enc.encoding.budget().check();
                for (int b = 0; b < r.size(); ++b) {
                    const SymBool& x = r.at(a, b);
                    if (x.isFalse() || x.isTrue()) continue;
                    const z3::expr e = x.expr(ctx);
                    lits.push_back(want.has(a, b) ? e : !e);
                }
            }
        }
        const SymRelation fence = enc.encoding.base(BaseRel::SyncFence);
        for (const auto& [a, b] : shape.fenceScBefore) {
            const SymBool& x = fence.at(a, b);
            if (!x.isTrue()) lits.push_back(x.isFalse() ? ctx.bool_val(false) : x.expr(ctx));
        }
        return lits;
    }
};

CandidateQuery::CandidateQuery(const CandidateExecution& candidate, const MemoryModel& model,
                               const Deadline& deadline, Phase phase)
    : impl_(translated(deadline, phase,
                       [&] { return std::make_unique<Impl>(candidate, model, deadline, phase); })) {
}

CandidateQuery::~CandidateQuery() = default;

const std::vector<std::string>& CandidateQuery::axioms() const {
    return impl_->names;
}

void CandidateQuery::require(
    const CondExpr& expr,
    const std::function<std::optional<int>(const std::string&)>& locationIndex) {
    translated(impl_->deadline, impl_->phase,
               [&] { impl_->solver.add(impl_->encode(expr, locationIndex)); });
}

Answer CandidateQuery::check(const std::vector<std::string>& on,
                             const std::optional<Shape>& shape) {
    return translated(impl_->deadline, impl_->phase, [&] { return impl_->check(on, shape); });
}

Answer CandidateQuery::Impl::check(const std::vector<std::string>& on,
                                   const std::optional<Shape>& shape) {
    Impl& s = *this;
    s.model.reset();
    s.core.clear();
    z3::expr_vector assumptions(s.ctx);
    for (const AxiomGuard& g : s.enc.guards)
        for (const std::string& name : on)
            if (g.name == name) assumptions.push_back(g.literal);
    if (shape) {
        s.solver.push();
        s.solver.add(z3::mk_and(s.pin(*shape)));
    }
    const z3::check_result r = checkWithin(s.solver, assumptions, s.deadline, s.phase);
    if (r == z3::sat) s.model = s.solver.get_model();
    if (r == z3::unsat) {
        const z3::expr_vector core = s.solver.unsat_core();
        for (const AxiomGuard& g : s.enc.guards)
            for (unsigned i = 0; i < core.size(); ++i)
                if (z3::eq(core[static_cast<int>(i)], g.literal)) s.core.push_back(g.name);
    }
    if (shape) s.solver.pop();
    return r == z3::sat ? Answer::Sat : r == z3::unsat ? Answer::Unsat : Answer::Unknown;
}

std::vector<std::string> CandidateQuery::core() const {
    return impl_->core;
}

ChosenRelations CandidateQuery::model() const {
    return translated(impl_->deadline, impl_->phase, [&] { return impl_->chosen(); });
}

ChosenRelations CandidateQuery::Impl::chosen() {
    Impl& s = *this;
    ChosenRelations out{s.read(BaseRel::Rf),
                        s.read(BaseRel::Co),
                        s.read(BaseRel::SyncFence),
                        s.read(BaseRel::SyncBarrier),
                        {},
                        {},
                        {}};
    ModelValues values(*s.model, s.enc.encoding);
    for (const Event& e : s.c.events)
        out.eventValue.push_back(isMemory(e) && e.value >= 0 ? values.value(e.value) : 0);
    for (std::size_t l = 0; l < s.c.locations.size(); ++l)
        out.finalValue.push_back(values.finalValue(static_cast<int>(l)));
    for (const auto& [reg, v] : s.c.finalRegisters)
        out.registers[reg] = values.value(v);
    return out;
}

void CandidateQuery::exclude(const Shape& shape) {
    translated(impl_->deadline, impl_->phase, [&] {
        const z3::expr_vector lits = impl_->pin(shape);
        if (lits.empty()) {
            impl_->solver.add(impl_->ctx.bool_val(false));
            return;
        }
        impl_->solver.add(!z3::mk_and(lits));
    });
}

std::string CandidateQuery::reasonUnknown() const {
    return translated(impl_->deadline, impl_->phase,
                      [&] { return std::string(impl_->solver.reason_unknown()); });
}

} // namespace ptx::smt
