#include "check/TerminationCheck.hpp"

#include "enumerate/EngineRequest.hpp"
#include "enumerate/ExplicitEngine.hpp"
#include "model/Unsupported.hpp"
#include "smt/SmtEngine.hpp"

namespace ptx {

bool hasLoopsOrBarriers(const ProgramPaths& paths) {
    for (const ThreadPaths& t : paths.threads)
        if (t.hasLoop || t.hasWaitingBarrier) return true;
    return false;
}

TerminationOutcome decideTermination(const Program& program, const ProgramPaths& paths,
                                     const MemoryModel& model,
                                     const std::set<std::string>& disabledAxioms, bool smt,
                                     bool dropFailedCas, const Deadline& deadline,
                                     ProgressModel progress) {
    const ProgramPaths hang = hangQuery(paths, dropFailedCas, progress);
    const MemoryModel fair = withFairRepetition(model);
    // No observable: one witness of any hang is enough (the explicit engine's outcome mode stops
    // each candidate's search at its first witness).
    EngineRequest request{program,  hang,   fair, disabledAxioms, false, std::vector<Observable>{},
                          deadline, nullptr};
    request.firstWitnessOnly = true;
    TerminationOutcome out;
    EngineResult found;
    try {
        found = smt ? runSmt(request) : runExplicit(request);
    } catch (const Unsupported& e) {
        out.verdict = Termination::Unknown;
        out.reason = e.what();
        return out;
    }
    out.candidates = found.candidates;
    if (found.anyWitness()) {
        out.verdict = Termination::MayHang;
        return out;
    }
    for (std::size_t t = 0; t < paths.threads.size(); ++t) {
        const ThreadPaths& thread = paths.threads[t];
        std::vector<std::string> cut = thread.cutNonSpin;
        if (!dropFailedCas)
            cut.insert(cut.end(), thread.cutFailedCasOnly.begin(), thread.cutFailedCasOnly.end());
        for (const std::string& label : cut)
            out.cutLoops.push_back("P" + std::to_string(program.threads[t].id) + " at " + label);
    }
    if (!out.cutLoops.empty()) out.verdict = Termination::UnknownBound;
    return out;
}

} // namespace ptx
