#include "model/Termination.hpp"

namespace ptx {

const char* terminationName(Termination t) {
    switch (t) {
    case Termination::AlwaysTerminates:
        return "always terminates";
    case Termination::MayHang:
        return "may hang";
    case Termination::UnknownBound:
        return "unknown (bound)";
    case Termination::Unknown:
        return "unknown";
    }
    return "?";
}

std::optional<Termination> terminationNamed(const std::string& text) {
    for (const Termination t : {Termination::AlwaysTerminates, Termination::MayHang,
                                Termination::UnknownBound, Termination::Unknown})
        if (text == terminationName(t)) return t;
    return std::nullopt;
}

MemoryModel withFairRepetition(MemoryModel model) {
    const RelExpr rf = base(BaseRel::Rf), co = base(BaseRel::Co), loc = base(BaseRel::Loc);
    const RelExpr repeatedWrite = id(EventSet::Write) & id(EventSet::Repeated);
    const RelExpr repeatedRead = id(EventSet::Read) & id(EventSet::Repeated);
    const RelExpr otherWrite = id(EventSet::Write) - id(EventSet::Repeated);
    const RelExpr otherRead = id(EventSet::Read) - id(EventSet::Repeated);
    // co must contain: other writes before repeated writes; other writes before what a repeated
    // read reads (both are the `empty(X - co)` shape the explicit engine searches minimally).
    const RelExpr writesLast = seq(otherWrite, loc, repeatedWrite);
    const RelExpr readsLatest =
        seq(seq(otherWrite, loc, rf), repeatedRead, inverse(rf)) - id(EventSet::All);
    // Where the repetition writes a location, its reads of it read the repetition's writes from
    // the round before (the infix stands for it) or this round: after finitely many rounds only
    // the repeated iterations write there, and reading an older write for ever is unfair.
    const RelExpr outsideRounds =
        id(EventSet::Write) - (id(EventSet::Repeated) | id(EventSet::Infix));
    const RelExpr readsOlderRound = seq(seq(outsideRounds, rf, repeatedRead), loc, repeatedWrite);
    model.axiom(kFairRepetition,
                "the repeated iterations read the latest values and their writes come last: "
                "repeating them forever is fair",
                {empty(writesLast - co), empty(readsLatest - co),
                 empty(seq(repeatedWrite, rf, otherRead)), empty(readsOlderRound)});
    return model;
}

} // namespace ptx
