#include "check/FlagCheck.hpp"

#include "enumerate/CheckShapes.hpp"
#include "enumerate/ExplicitEngine.hpp"
#include "smt/SmtEngine.hpp"

#include <stdexcept>

namespace ptx {
namespace {

/// The model whose allowed outcomes are the flag's: every axiom, and the flag's check as one more.
MemoryModel withFlagAsAxiom(const MemoryModel& model, const Axiom& flag) {
    MemoryModel m = model;
    m.flags.clear();
    m.axioms.push_back({"flag:" + flag.name, flag.rule, flag.checks});
    return m;
}

bool explicitEngineDecides(const MemoryModel& model, const std::set<std::string>& disabled) {
    return !whyExplicitCannotDecide(model, disabled);
}

} // namespace

std::vector<FlagResult> decideFlags(const EngineRequest& request, const std::string& engine,
                                    const OutcomesOf& outcomesOf) {
    std::vector<FlagResult> results;
    for (const Axiom& flag : request.model.flags) {
        const MemoryModel model = withFlagAsAxiom(request.model, flag);
        EngineRequest asked{request.program,        request.paths, model,
                            request.disabledAxioms, false,         request.projection,
                            request.deadline,       nullptr};
        FlagResult f{flag.name, flag.rule, engine, {}};
        if (engine == "explicit" && !explicitEngineDecides(model, request.disabledAxioms))
            f.engine = "smt";
        f.outcomes = outcomesOf(f.engine == "smt" ? runSmt(asked) : runExplicit(asked));
        results.push_back(std::move(f));
    }
    return results;
}

} // namespace ptx
