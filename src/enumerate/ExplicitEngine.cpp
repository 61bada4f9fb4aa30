// runExplicit (ExplicitEngine.hpp): one run over the request (ExplicitRun.hpp), or a run per
// thread over a share of the search each, their results merged.
#include "enumerate/ExplicitEngine.hpp"

#include "enumerate/ExplicitRun.hpp"

#include <algorithm>
#include <exception>
#include <thread>

namespace ptx {
namespace {

/// Adds `part`'s witnesses and outcomes to `into`.
void merge(EngineResult& into, EngineResult part, bool countWitnesses) {
    into.candidates = std::max(into.candidates, part.candidates);
    for (auto& [state, count] : part.witnesses) {
        if (countWitnesses)
            into.witnesses[state] += count;
        else
            into.witnesses.emplace(state, count);
    }
    const PackedOutcomeSet& rows = part.outcomes;
    for (std::size_t i = 0; i < rows.size(); ++i)
        into.outcomes.insert(rows.row(i));
}

/// The search split over `request.threads` threads (SearchShare.hpp), the results merged: the
/// same result as one thread's, since states are sets and witness counts add up over disjoint
/// parts. The first failure (time limit, stop, memory) is rethrown once every thread stopped.
EngineResult runSplit(const EngineRequest& request, int parts) {
    SplitControl control;
    std::vector<EngineResult> results(static_cast<std::size_t>(parts));
    std::vector<std::exception_ptr> failures(static_cast<std::size_t>(parts));
    {
        std::vector<std::jthread> threads;
        for (int p = 0; p < parts; ++p)
            threads.emplace_back([&, p] {
                const auto i = static_cast<std::size_t>(p);
                try {
                    results[i] = ExplicitRun(request, SearchShare{p, parts}, &control).run();
                } catch (const SearchAbandoned&) {
                    // another thread failed; its failure is the one reported
                } catch (...) {
                    failures[i] = std::current_exception();
                    control.abandon = true;
                }
            });
    }
    for (const std::exception_ptr& f : failures)
        if (f) std::rethrow_exception(f);
    // The largest part first: the others' rows are added to its set.
    std::sort(results.begin(), results.end(), [](const EngineResult& a, const EngineResult& b) {
        return a.outcomes.size() + a.witnesses.size() > b.outcomes.size() + b.witnesses.size();
    });
    EngineResult out = std::move(results.front());
    for (std::size_t i = 1; i < results.size(); ++i)
        merge(out, std::move(results[i]), request.countWitnesses);
    return out;
}

} // namespace

EngineResult runExplicit(const EngineRequest& request) {
    if (request.threads > 1) return runSplit(request, request.threads);
    return ExplicitRun(request).run();
}

} // namespace ptx
