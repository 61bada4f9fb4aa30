#include "sim/Scheduler.hpp"

#include "sim/Simulator.hpp"

namespace ptx::sim {

std::optional<Scheduler> parseScheduler(std::string_view name) {
    if (const auto m = progressNamed(std::string(name))) return Scheduler{*m};
    if (name == "lockstep") return Scheduler{Mechanism::Lockstep};
    if (name == "occupancy") return Scheduler{Mechanism::Occupancy};
    return std::nullopt;
}

const char* schedulerName(const Scheduler& s) {
    if (const auto* m = std::get_if<ProgressModel>(&s)) return progressName(*m);
    return std::get<Mechanism>(s) == Mechanism::Lockstep ? "lockstep" : "occupancy";
}

std::vector<std::string> schedulerNames() {
    std::vector<std::string> out = progressNames();
    out.emplace_back("lockstep");
    out.emplace_back("occupancy");
    return out;
}

std::string describeScheduler(const Scheduler& s, int resident) {
    if (const auto* m = std::get_if<ProgressModel>(&s)) {
        if (*m == ProgressModel::Fair)
            return "independent thread scheduling, a warp per thread, every CTA resident";
        return std::string("progress model ") + progressName(*m) +
               ": independent thread scheduling, a warp per thread, every CTA resident; the "
               "schedule runs " +
               progressGuarantee(*m) + " and may starve the other CTAs (never schedule them again)";
    }
    if (std::get<Mechanism>(s) == Mechanism::Lockstep)
        return "lockstep SIMT: a CTA's threads are the lanes of one warp, run by a reconvergence "
               "stack; CTAs interleave";
    return std::to_string(resident) +
           " resident CTA(s) per GPU, each until all its threads end (no preemption), "
           "launched in any order; independent thread scheduling inside";
}

void applyScheduler(const Scheduler& s, int resident, SimOptions& options) {
    const Mechanism* mechanism = std::get_if<Mechanism>(&s);
    const bool lockstep = mechanism && *mechanism == Mechanism::Lockstep;
    const bool occupancy = mechanism && *mechanism == Mechanism::Occupancy;
    options.machine.simt = lockstep ? SimtMode::Lockstep : SimtMode::Its;
    options.machine.layout.packWarps = lockstep;
    options.machine.residentCtas = occupancy ? resident : 0;
    const ProgressModel* model = std::get_if<ProgressModel>(&s);
    options.progress = model ? *model : ProgressModel::Fair;
}

} // namespace ptx::sim
