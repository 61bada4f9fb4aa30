#include "support/Deadline.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace ptx {

const char* phaseDescription(Phase phase) {
    switch (phase) {
    case Phase::PathExpansion:
        return "expanding loops and branches into thread paths";
    case Phase::CandidateEnumeration:
        return "combining thread paths into candidate executions";
    case Phase::ExplicitSearch:
        return "the explicit engine's search over rf, fence-SC and coherence choices";
    case Phase::Solver:
        return "the Z3 engine's encoding and solving";
    case Phase::Explanation:
        return "explaining the outcome (searching its ways and their violations)";
    case Phase::Drawing:
        return "drawing consistent executions (--show)";
    case Phase::Simulation:
        return "the simulator's runs";
    case Phase::Generation:
        return "generating cycles (gen --edges)";
    case Phase::Rendering:
        return "rendering the graph with Graphviz's dot (--svg)";
    case Phase::Reading:
        return "reading an input";
    case Phase::Parsing:
        return "parsing the litmus test";
    }
    return "checking";
}

const char* phaseHint(Phase phase) {
    switch (phase) {
    case Phase::PathExpansion:
        return "a lower --unroll, or a larger --timeout";
    case Phase::CandidateEnumeration:
        return "a lower --unroll, or a larger --timeout";
    case Phase::ExplicitSearch:
        return "--no-witnesses (outcomes without execution counts), --engine smt, or a larger "
               "--timeout";
    case Phase::Solver:
        return "--engine explicit, a lower --unroll, or a larger --timeout";
    case Phase::Explanation:
        return "--max-ways 1, a lower --unroll, or a larger --timeout";
    case Phase::Drawing:
        return "--show witness, a lower --max-graphs, or a larger --timeout";
    case Phase::Simulation:
        return "fewer --runs, a lower --bound, or a larger --timeout";
    case Phase::Generation:
        return "a smaller --size, fewer --edges, or a larger --timeout";
    case Phase::Rendering:
        return "--dot FILE (then run dot yourself), or a larger --timeout";
    case Phase::Reading:
        return "an input that is complete (a FIFO or a pipe is read until its writer closes "
               "it), or a larger --timeout";
    case Phase::Parsing:
        return "a larger --timeout";
    }
    return "a larger --timeout";
}

std::string secondsText(double seconds) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%g s", seconds);
    return buf;
}

namespace {

std::string limitMessage(Phase phase, double limit, const std::string& hint) {
    return "time limit of " + secondsText(limit) + " reached during " + phaseDescription(phase) +
           "; try " + (hint.empty() ? std::string(phaseHint(phase)) : hint);
}

} // namespace

TimeLimitExceeded::TimeLimitExceeded(Phase phase, double limitSeconds, std::string hint)
    : ResourceError(limitMessage(phase, limitSeconds, hint)), phase_(phase), limit_(limitSeconds) {}

TimeLimitExceeded TimeLimitExceeded::withHint(std::string hint) const {
    return TimeLimitExceeded(phase_, limit_, std::move(hint));
}

int StopToken::signal() const {
    return signal_ ? signal_->load() : 0;
}

StopSource::StopSource() : signal_(std::make_shared<std::atomic<int>>(0)) {}

void StopSource::requestStop(int signal) {
    int none = 0;
    signal_->compare_exchange_strong(none, signal);
    source_.request_stop();
}

StopToken StopSource::token() const {
    StopToken t;
    t.token_ = source_.get_token();
    t.signal_ = signal_;
    return t;
}

Deadline::Deadline(std::optional<double> seconds, StopToken stop)
    : limit_(seconds), stop_(std::move(stop)) {
    if (!seconds) return;
    const Clock::time_point now = Clock::now();
    // A limit past the clock's range (about 292 years of nanoseconds) is never reached: no
    // expiry, rather than a time point that wraps around into the past.
    const std::chrono::duration<double> limit(std::max(0.0, *seconds));
    if (limit >= std::chrono::duration<double>(Clock::time_point::max() - now)) return;
    at_ = now + std::chrono::duration_cast<Clock::duration>(limit);
}

Deadline Deadline::sooner(double seconds) const {
    Deadline d(seconds, stop_);
    d.start_ = start_;
    d.startCpu_ = startCpu_;
    if (at_ && *at_ < *d.at_) {
        d.at_ = at_;
        d.limit_ = limit_;
    }
    return d;
}

void Deadline::fail(Phase phase) const {
    if (stopRequested()) throw Interrupted(stop_.signal());
    throw TimeLimitExceeded(phase, limit_.value_or(0));
}

} // namespace ptx
