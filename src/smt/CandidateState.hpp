// The observable state of one encoded candidate: the terms of its registers' and locations'
// final values (a union's registers on the path each thread takes), the condition over them,
// and their values in a model, read as the engines report a state.
#pragma once

#include "enumerate/Candidates.hpp"
#include "model/EngineResult.hpp"
#include "model/Program.hpp"
#include "smt/AxiomEncoding.hpp"
#include "smt/ModelValue.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <vector>
#include <z3++.h>

namespace ptx::smt {

class CandidateState {
  public:
    /// `program` and `paths` (the run's), `candidate` and `encoded` (its encoding) must outlive
    /// it.
    CandidateState(z3::context& ctx, const Program& program, const ProgramPaths& paths,
                   const CandidateExecution& candidate, EncodedCandidate& encoded);

    /// The state of model `m`. With `projection`, its values in projection order go to `key`
    /// (a register never written on the path taken, or a location no path accesses, is 0), and
    /// unless `packed` the state holds them too (other locations 0); without, every final
    /// register and location. `same` receives `term == value` for each term read, and the
    /// paths taken in a union.
    [[nodiscard]] FullState read(const z3::model& m, const std::vector<Observable>* projection,
                                 bool packed, std::vector<std::int64_t>& key,
                                 z3::expr_vector& same);
    /// The state of the execution `choices` (of a candidate, not a union: a union's paths are
    /// read from a model), as read() reads it from a model of that execution.
    [[nodiscard]] FullState read(const WitnessChoices& choices,
                                 const std::vector<Observable>* projection);
    /// The state every execution of a candidate (not a union) has, as read() would read it
    /// from any model, when each of its terms is a constant (its reads' values fixed by the
    /// value analysis, say); nothing otherwise.
    [[nodiscard]] std::optional<FullState> fixedState(const std::vector<Observable>* projection);
    /// The condition `goal` over the final values (a location no path accesses is 0).
    [[nodiscard]] z3::expr goal(const CondExpr& goal);

  private:
    /// read()'s work, `values` read from `model` (needed for a union's paths) or from an
    /// execution's choices; `same` (if any) as read() says.
    [[nodiscard]] FullState read(ModelValues& values, const z3::model* model,
                                 const std::vector<Observable>* projection, bool packed,
                                 std::vector<std::int64_t>& key, z3::expr_vector* same);
    /// The registers of the paths `model` takes (see read for `same`).
    [[nodiscard]] std::vector<RegTerm> finalRegistersTaken(const z3::model* model,
                                                           z3::expr_vector* same);
    /// The final value of `reg` (0 where the path taken never writes it).
    [[nodiscard]] z3::expr registerTerm(const RegTerm& reg);
    /// The final value of `reg`: registerTerm's value, computed by `values` (`model`: the
    /// paths a union takes).
    [[nodiscard]] std::int64_t registerValue(const z3::model* model, ModelValues& values,
                                             const RegTerm& reg);
    /// The index of a projected location in the paths' locations (none: no path accesses it).
    [[nodiscard]] std::optional<int> locationOf(const Observable& o) const;

    z3::context& ctx_;
    const Program& program_;
    const ProgramPaths& paths_;
    const CandidateExecution& c_;
    EncodedCandidate& enc_;
    std::map<RegTerm, z3::expr> registerTerms_; // a union's, built once each
};

} // namespace ptx::smt
