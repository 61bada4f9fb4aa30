#include "check/FirstAnswer.hpp"

#include "enumerate/ExplicitEngine.hpp"
#include "smt/SmtEngine.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <optional>
#include <stop_token>
#include <thread>

#ifdef __linux__
#include <cerrno>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace ptx {
namespace {

constexpr int kExplicitNiceness = 5; // weight 335 against the solver's 1024

/// One engine's run: its deadline is the request's limit with a stop token of its own, which
/// the request's stop (Ctrl-C) and the other engine's answer both set.
struct Runner {
    StopSource stop;
    std::optional<EngineResult> result;
    std::exception_ptr failure;

    EngineRequest requestFrom(const EngineRequest& request) const {
        EngineRequest r = request;
        std::optional<double> seconds;
        if (const auto at = request.deadline.expiry())
            seconds = std::chrono::duration<double>(*at - Deadline::Clock::now()).count();
        r.deadline = Deadline(seconds, stop.token());
        return r;
    }
};

/// The explicit search yields to the solver when the process's processors are busy: under the
/// scheduler's share of a loaded machine, two equal threads would each run at half speed (a
/// solver's answer of 8 s took 18 s); at a lower priority the solver keeps about three quarters
/// of the share, and an idle core still goes to the explicit search whole.
void lowerThisThreadsPriority() {
#ifdef __linux__
    const auto self = static_cast<id_t>(syscall(SYS_gettid));
    errno = 0;
    const int now = getpriority(PRIO_PROCESS, self);
    if (errno == 0) (void)setpriority(PRIO_PROCESS, self, std::min(now + kExplicitNiceness, 19));
#endif
}

} // namespace

FirstAnswer firstAnswerOf(const EngineRequest& request) {
    Runner explicitRun, solverRun;
    std::atomic<int> first{-1}; // 0: the explicit engine answered first, 1: the solver
    const std::stop_callback onStop(request.deadline.stop().native(), [&] {
        const int signal = request.deadline.stop().signal();
        explicitRun.stop.requestStop(signal);
        solverRun.stop.requestStop(signal);
    });
    EngineRequest explicitRequest = explicitRun.requestFrom(request);
    // A split explicit search leaves one of its cores to the solver.
    explicitRequest.threads = std::max(1, request.threads - 1);
    const EngineRequest solverRequest = solverRun.requestFrom(request);
    auto answered = [&](int engine, Runner& other) {
        int none = -1;
        if (first.compare_exchange_strong(none, engine)) other.stop.requestStop(0);
    };
    {
        std::jthread explicitThread([&] {
            lowerThisThreadsPriority();
            try {
                explicitRun.result = runExplicit(explicitRequest);
                answered(0, solverRun);
            } catch (...) {
                explicitRun.failure = std::current_exception();
            }
        });
        try {
            solverRun.result = runSmt(solverRequest);
            answered(1, explicitRun);
        } catch (...) {
            solverRun.failure = std::current_exception();
        }
    }
    if (first == 0) return {std::move(*explicitRun.result), "explicit"};
    if (first == 1) return {std::move(*solverRun.result), "smt"};
    // Neither answered. Each engine's limit is the request's, measured from a moment later:
    // the request's own failure names the limit the user gave.
    if (request.deadline.stopRequested() || request.deadline.expired())
        request.deadline.fail(Phase::Solver);
    std::rethrow_exception(solverRun.failure ? solverRun.failure : explicitRun.failure);
}

} // namespace ptx
