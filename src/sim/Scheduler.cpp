#include "sim/Scheduler.hpp"

namespace ptx::sim {

std::optional<Scheduler> parseScheduler(std::string_view name) {
    if (name == "fair") return Scheduler::Fair;
    if (name == "lockstep") return Scheduler::Lockstep;
    if (name == "occupancy") return Scheduler::Occupancy;
    return std::nullopt;
}

const char* schedulerName(Scheduler s) {
    switch (s) {
    case Scheduler::Fair:
        return "fair";
    case Scheduler::Lockstep:
        return "lockstep";
    case Scheduler::Occupancy:
        return "occupancy";
    }
    return "?";
}

std::string describeScheduler(Scheduler s, int resident) {
    switch (s) {
    case Scheduler::Fair:
        return "independent thread scheduling, a warp per thread, every CTA resident";
    case Scheduler::Lockstep:
        return "lockstep SIMT: a CTA's threads are the lanes of one warp, run by a reconvergence "
               "stack; CTAs interleave";
    case Scheduler::Occupancy:
        return std::to_string(resident) +
               " resident CTA(s) per GPU, each until all its threads end (no preemption), "
               "launched in any order; independent thread scheduling inside";
    }
    return {};
}

void applyScheduler(Scheduler s, int resident, MachineOptions& options) {
    options.simt = s == Scheduler::Lockstep ? SimtMode::Lockstep : SimtMode::Its;
    options.layout.packWarps = s == Scheduler::Lockstep;
    options.residentCtas = s == Scheduler::Occupancy ? resident : 0;
}

} // namespace ptx::sim
