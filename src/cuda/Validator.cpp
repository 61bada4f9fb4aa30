#include "cuda/Validator.hpp"

#include "support/Errors.hpp"

#include <algorithm>

namespace ptx::cuda {

ValidationReport validateHistogram(const Program& program, const Histogram& observed,
                                   CheckOptions options) {
    for (const auto& obs : observed.observables) {
        if (const auto* r = std::get_if<RegTerm>(&obs)) {
            const bool known = std::any_of(program.threads.begin(), program.threads.end(),
                                           [&](const Thread& t) { return t.id == r->thread; });
            if (!known)
                throw InputError(observed.file + ": the histogram reads " + observableName(obs) +
                                 " but test " + program.name + " has no thread " +
                                 std::to_string(r->thread));
        }
    }
    options.extraObservables = observed.observables;
    options.countWitnesses = false;
    // One time limit for the test: the model's check and SC's together.
    const Deadline deadline(options.timeoutSeconds, options.stop);
    const CheckResult model = check(program, options, deadline);
    CheckResult sc = model;
    if (options.model != ModelKind::Sc) {
        CheckOptions scOptions = options;
        scOptions.model = ModelKind::Sc;
        sc = check(program, scOptions, deadline);
    }
    return buildReport(observed, model, sc, options.model == ModelKind::Sc ? "sc" : "ptx6");
}

} // namespace ptx::cuda
