// The report of a hung machine state (docs/simulator.md, "Hangs"): per thread, where it is and
// why it never ends, its registers, and the memory's coherence-last values.
#include "sim/Simulator.hpp"

namespace ptx::sim {

HangReport Simulator::describeHang(const MachineState& s, std::vector<Transition> path,
                                   bool deadlock, std::uint64_t cycleStates,
                                   const std::vector<bool>& moving,
                                   const std::vector<bool>& starved) const {
    HangReport h;
    h.deadlock = deadlock;
    h.cycleStates = cycleStates;
    h.schedule = std::move(path);
    const SimProgram& program = machine_.program();
    const Topology& topo = machine_.topology();
    for (int t = 0; t < static_cast<int>(program.threads.size()); ++t) {
        const SimThread& th = program.threads[static_cast<std::size_t>(t)];
        const ThreadState& ts = s.threads[static_cast<std::size_t>(t)];
        const Placement& p = topo.threads[static_cast<std::size_t>(t)];
        HangReport::ThreadLine line;
        line.name = "P" + std::to_string(th.id);
        line.where = "CTA " + std::to_string(th.cta) + ", GPU " + std::to_string(th.gpu) +
                     ", warp " + std::to_string(p.warp) + " lane " + std::to_string(p.lane);
        line.stuck = !machine_.ended(s, t);
        line.status = machine_.position(s, t);
        line.starved = line.stuck && !starved.empty() && starved[static_cast<std::size_t>(t)];
        if (line.starved)
            line.status += "; starved: the schedule never runs its CTA again";
        else if (line.stuck) {
            if (const auto why = machine_.blockedBecause(s, t))
                line.status += "; " + *why;
            else if (moving[static_cast<std::size_t>(t)])
                line.status += "; keeps executing: no value it can read lets it leave its loop";
            else
                line.status += "; never executes again";
        }
        if (!ts.buffer.empty())
            line.status +=
                "; its store buffer holds " + std::to_string(ts.buffer.size()) + " write(s)";
        for (std::size_t r = 0; r < th.regNames.size(); ++r)
            line.registers += (line.registers.empty() ? "" : " ") + th.regNames[r] + "=" +
                              std::to_string(ts.regs[r]);
        h.threads.push_back(std::move(line));
    }
    for (std::size_t l = 0; l < program.locations.size(); ++l) {
        const SimLocation& loc = program.locations[l];
        if (loc.phys != static_cast<int>(l)) continue; // an alias: its target is listed
        h.memory += (h.memory.empty() ? "" : " ") + loc.name + "=" +
                    std::to_string(s.coherence.last(static_cast<int>(l)).value);
    }
    return h;
}

} // namespace ptx::sim
