#include "smt/SmtEngine.hpp"

#include "smt/AxiomEncoding.hpp"

#include <cmath>

namespace ptx {
namespace {

std::int64_t numeral(const z3::model& m, const z3::expr& e) {
    const z3::expr v = m.eval(e, true);
    std::uint64_t u = 0;
    if (!v.is_numeral_u64(u))
        throw SmtFailure("the solver gave a non-numeral value: " + v.to_string());
    return static_cast<std::int64_t>(u);
}

class SmtRun {
  public:
    explicit SmtRun(const EngineRequest& request) : req_(request) {}

    EngineResult run() {
        forEachCandidate(req_.program, req_.paths, [&](const CandidateExecution& c) {
            ++result_.candidates;
            explore(c);
            return true;
        });
        return std::move(result_);
    }

  private:
    void explore(const CandidateExecution& c) {
        z3::solver solver(ctx_);
        if (req_.timeoutSeconds) {
            z3::params p(ctx_);
            p.set("timeout", static_cast<unsigned>(std::ceil(*req_.timeoutSeconds * 1000)));
            solver.set(p);
        }
        smt::EncodedCandidate enc(ctx_, solver, c, req_.model, req_.disabledAxioms);
        const z3::expr_vector assumptions = enc.assumptions(ctx_);
        while (true) {
            const z3::check_result r = solver.check(assumptions);
            if (r == z3::unsat) return;
            if (r == z3::unknown)
                throw SmtFailure("the solver answered unknown: " + solver.reason_unknown());
            const z3::model m = solver.get_model();
            FullState state;
            z3::expr_vector same(ctx_);
            if (req_.countWitnesses) {
                for (const auto& [reg, v] : c.finalRegisters)
                    state.registers[reg] = numeral(m, enc.encoding.value(v));
                for (int l = 0; l < static_cast<int>(c.locations.size()); ++l)
                    state.locations.push_back(numeral(m, enc.encoding.finalValue(l)));
                for (const z3::expr& lit : enc.encoding.witnessLiterals())
                    if (m.eval(lit, true).is_true()) same.push_back(lit);
            } else {
                state.locations.assign(c.locations.size(), 0);
                for (const Observable& o : req_.projection) {
                    z3::expr term(ctx_);
                    if (const auto* reg = std::get_if<RegTerm>(&o)) {
                        auto it = c.finalRegisters.find(*reg);
                        if (it == c.finalRegisters.end()) {
                            state.registers[*reg] = 0; // never written on this path
                            continue;
                        }
                        term = enc.encoding.value(it->second);
                        state.registers[*reg] = numeral(m, term);
                    } else {
                        const auto l = req_.paths.locations.find(std::get<LocTerm>(o).location);
                        if (!l) continue;
                        term = enc.encoding.finalValue(*l);
                        state.locations[static_cast<std::size_t>(*l)] = numeral(m, term);
                    }
                    same.push_back(term == m.eval(term, true));
                }
            }
            ++result_.witnesses[state];
            if (same.empty()) return; // nothing left to vary
            solver.add(!z3::mk_and(same));
        }
    }

    const EngineRequest& req_;
    z3::context ctx_;
    EngineResult result_;
};

} // namespace

EngineResult runSmt(const EngineRequest& request) {
    return SmtRun(request).run();
}

} // namespace ptx
