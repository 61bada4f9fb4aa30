#include "smt/DeadlineCheck.hpp"

#include "smt/SmtEngine.hpp"
#include "support/ProcessMemory.hpp"

#include <algorithm>
#include <chrono>
#include <new>
#include <optional>
#include <string>

namespace ptx::smt {

namespace {

/// The reserve for `bytes` held: 1.5 s per GB (see releaseReserve), on a processor of our own;
/// times `slowdown` where the run had less.
Deadline::Clock::duration reserveFor(std::uint64_t bytes, double slowdown) {
    constexpr double kSecondsPerGigabyte = 1.5;
    return std::chrono::duration_cast<Deadline::Clock::duration>(std::chrono::duration<double>(
        slowdown * kSecondsPerGigabyte * static_cast<double>(bytes) / 1e9));
}

/// How much longer than its processor time the run's wall time has been: 1 with a core of its
/// own, 3 with a third of one (a loaded machine), at most 4. Releasing memory is processor
/// work, so it stretches by as much (a loaded 2-core machine ran a 0.7 s release 1.6 s past a
/// 2 s limit). Early in a run the ratio means little: 1 for the first 0.2 s.
double slowdown(const Deadline& deadline, Deadline::Clock::time_point now, double cpuSeconds) {
    const double wall = std::chrono::duration<double>(now - deadline.start()).count();
    const double cpu = cpuSeconds - deadline.startCpuSeconds();
    if (wall < 0.2) return 1;
    return std::clamp(wall / std::max(cpu, 1e-3), 1.0, 4.0);
}

/// processUsage(), read at most once every 5 ms by each thread. Budgets are checked at every
/// row of a relation built and in every solver question: with a time limit that was 1.2 million
/// readings (a system call each) on 150 tests of the peer suite, 4.7 s of system time on all of
/// it; the peak and the processor time change little in 5 ms. A cache per thread, as each
/// thread checks its own budget; it holds a reading of the process, no state of a run.
ProcessUsage recentUsage(Deadline::Clock::time_point now) {
    constexpr auto kInterval = std::chrono::milliseconds(5);
    struct Reading {
        Deadline::Clock::time_point at;
        ProcessUsage usage;
    };
    thread_local std::optional<Reading> last;
    if (!last || now - last->at > kInterval) last = Reading{now, processUsage()};
    return last->usage;
}

/// The reserve for the larger of Z3's estimate and the process's peak resident memory: no less
/// than releaseReserve's, which reads the resident memory (a file) instead of the peak.
Deadline::Clock::duration reserveAtMost(const Deadline& deadline, Deadline::Clock::time_point now) {
    const ProcessUsage usage = recentUsage(now);
    return reserveFor(
        std::max<std::uint64_t>(Z3_get_estimated_alloc_size(), usage.peakResidentBytes),
        slowdown(deadline, now, usage.cpuSeconds));
}

/// A budget check that found more than kRoomy left beyond the reserve holds for the next 5 ms
/// of this thread's checks against the same deadline: the encoding checks its budget at every
/// row it builds, and reading Z3's estimate and the usage each time is wasted while the deadline
/// is far; in 5 ms the reserve grows by far less than kRoomy (1 GB/s more memory: 30 ms more
/// reserve at the slowest).
struct RoomyUntil {
    Deadline::Clock::time_point expiry, until;
};
constexpr auto kRoomy = std::chrono::milliseconds(100);

} // namespace

Deadline::Clock::duration releaseReserve(const Deadline& deadline) {
    // Measured on a 2-core machine: deleting a context takes 0.45 to 0.55 s per GB, and one call
    // that grows Z3's tables (an uninterruptible rehash) up to 0.9 s per GB. Z3's own estimate
    // leaves out much of what its terms hold: a thread of 500 stores under --timeout 5 held
    // 1 GB resident while the estimate kept the reserve too small to act, and freeing it ran
    // 0.8 to 1.9 s past the limit. So the larger of the estimate and the resident memory.
    const auto now = Deadline::Clock::now();
    const double slow = slowdown(deadline, now, processUsage().cpuSeconds);
    return reserveFor(std::max<std::uint64_t>(Z3_get_estimated_alloc_size(), residentBytes()),
                      slow);
}

void checkWithReserve(const Deadline& deadline, Phase phase) {
    // deadline.check(phase), reading the clock once for it and for the reserve: the encoding
    // checks its budget at every row it builds, and the clock was 2% of the lazy engine's time.
    if (deadline.stopRequested()) deadline.fail(phase);
    const auto expiry = deadline.expiry();
    if (!expiry) return;
    const auto now = Deadline::Clock::now();
    if (now >= *expiry) deadline.fail(phase);
    thread_local std::optional<RoomyUntil> roomy;
    if (roomy && roomy->expiry == *expiry && now < roomy->until) return;
    // Reading the resident memory opens a file: on the hot paths that check the budget a row at
    // a time that was a tenth of the run. The peak, a system call, bounds it from above, so the
    // file is read only once the time left is within the peak's reserve.
    const auto atMost = reserveAtMost(deadline, now);
    if (now + atMost < *expiry) {
        if (now + atMost + kRoomy < *expiry)
            roomy = RoomyUntil{*expiry, now + std::chrono::milliseconds(5)};
        return;
    }
    if (now + releaseReserve(deadline) >= *expiry) deadline.fail(phase);
}

z3::check_result checkWithin(z3::solver& solver, const z3::expr_vector& assumptions,
                             const Deadline& deadline, Phase phase) {
    checkWithReserve(deadline, phase);
    // A deadline further off than kTimerHorizon gets no timer of Z3's: a timer costs Z3 a
    // thread's wake-ups at every check (the lazy engine on the peer suite under --timeout 60:
    // 6 s of system time in 40,000 checks), and the alarm (ContextAlarm.hpp), which looks every
    // 50 ms, interrupts a check that runs into the reserve. Once the deadline is that near, every
    // check sets the timer again, the time left only shrinking. The resident memory (a file
    // read) is read only then: the peak's reserve, no smaller, says when.
    constexpr auto kTimerHorizon = std::chrono::milliseconds(2000);
    const auto expiry = deadline.expiry();
    const auto now = Deadline::Clock::now();
    if (expiry && *expiry - reserveAtMost(deadline, now) - now <= kTimerHorizon) {
        // Z3's own timer stops the search early enough to release its memory in time.
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            *expiry - releaseReserve(deadline) - Deadline::Clock::now());
        if (left <= kTimerHorizon) {
            z3::params p(solver.ctx());
            p.set("timeout", static_cast<unsigned>(std::max<long long>(left.count(), 1)));
            solver.set(p);
        }
    }
    const z3::check_result r = solver.check(assumptions);
    if (r == z3::unknown) {
        checkWithReserve(deadline, phase);
        // Z3's own timer, set from the deadline above, may fire a moment before the deadline
        // itself reads as expired: its `timeout`/`canceled` is then the deadline's.
        const std::string why = solver.reason_unknown();
        if (deadline.limitSeconds() && (why == "timeout" || why == "canceled"))
            deadline.fail(phase);
    }
    return r;
}

void rethrowSolverError(const z3::exception& e, const Deadline& deadline, Phase phase) {
    // An interrupted or timed-out context makes Z3 throw ("canceled"): the deadline says why.
    // The alarm (ContextAlarm) interrupts a moment before the deadline itself, when only the
    // release reserve is left, so a cancellation under a time limit is the limit's; so is any
    // other error once only the reserve is left: an interrupted check leaves no model, and
    // asking for one then throws "there is no current model" (scripts/fuzz pipeline found it,
    // under sanitizers, where the reserve is a large part of a 1 s limit).
    checkWithReserve(deadline, phase);
    const std::string message = e.msg();
    if (message == "canceled" && deadline.expiry()) deadline.fail(phase);
    // Z3 reports running out of memory as an exception ("out of memory", or "max. memory
    // exceeded" past its memory_max_size): the same failure as std::bad_alloc (exit status 3).
    // Only those two: other messages may mention memory too (an unknown parameter's lists
    // `max_memory` among the legal ones).
    if (message.find("out of memory") != std::string::npos ||
        message.find("max. memory exceeded") != std::string::npos)
        throw std::bad_alloc();
    throw SmtFailure("the solver failed: " + message);
}

} // namespace ptx::smt
