// A constraint one assignment of the solver's terms violates, as the literals that hold in it
// together and must not: the lazy engine's unit of refinement (smt/LazyRefinement.hpp). Refuted
// by a clause (the refinement loop) or by a propagator's conflict (smt/WitnessCounter.hpp).
#pragma once

#include "smt/SymRelation.hpp"

#include <functional>
#include <vector>
#include <z3++.h>

namespace ptx::smt {

/// The value of a Boolean term in the assignment looked at (a model, or a propagator's fixed
/// values).
using Holds = std::function<bool(const z3::expr&)>;

struct Violation {
    std::vector<z3::expr> terms; // each holds its value below in the assignment
    std::vector<bool> values;

    /// Adds `x == value`; a constant adds nothing (it holds in every assignment).
    void add(const SymBool& x, bool value, z3::context& ctx) {
        if (x.isTrue() || x.isFalse()) return;
        terms.push_back(x.expr(ctx));
        values.push_back(value);
    }
    void add(const z3::expr& term, bool value) {
        terms.push_back(term);
        values.push_back(value);
    }
    /// The clause that excludes it: some literal differs.
    [[nodiscard]] z3::expr clause(z3::context& ctx) const {
        z3::expr_vector some(ctx);
        for (std::size_t i = 0; i < terms.size(); ++i)
            some.push_back(values[i] ? !terms[i] : terms[i]);
        return z3::mk_or(some);
    }
};

} // namespace ptx::smt
