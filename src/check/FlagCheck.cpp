#include "check/FlagCheck.hpp"

#include "enumerate/CheckShapes.hpp"
#include "enumerate/ExplicitEngine.hpp"
#include "smt/SmtEngine.hpp"

namespace ptx {

MemoryModel withExtraAxiom(const MemoryModel& model, Axiom extra) {
    MemoryModel m = model;
    m.flags.clear();
    m.axioms.push_back(std::move(extra));
    return m;
}

EngineResult runDeciding(const EngineRequest& request, std::string& engine) {
    if (engine == "explicit" && whyExplicitCannotDecide(request.model, request.disabledAxioms))
        engine = "smt";
    if (engine == "lazy") {
        EngineRequest lazy = request;
        lazy.lazy = true;
        return runSmt(lazy);
    }
    return engine == "smt" ? runSmt(request) : runExplicit(request);
}

std::vector<FlagResult> decideFlags(const EngineRequest& request, const std::string& engine,
                                    const OutcomesOf& outcomesOf) {
    std::vector<FlagResult> results;
    for (const Axiom& flag : request.model.flags) {
        const MemoryModel model =
            withExtraAxiom(request.model, {"flag:" + flag.name, flag.rule, flag.checks});
        EngineRequest asked{request.program,        request.paths, model,
                            request.disabledAxioms, false,         request.projection,
                            request.deadline,       nullptr};
        FlagResult f{flag.name, flag.rule, engine, {}};
        f.outcomes = outcomesOf(runDeciding(asked, f.engine));
        results.push_back(std::move(f));
    }
    return results;
}

} // namespace ptx
