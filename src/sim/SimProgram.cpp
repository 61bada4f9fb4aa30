// Compiling a litmus program for the simulator: the run over the whole program (locations,
// threads, state spaces), barrier quorums, and the program's address values. Locations:
// CompileLocations.cpp; instructions: CompileInstructions.cpp.
#include "sim/SimProgram.hpp"

#include "model/ApiOrder.hpp"
#include "model/RegisterAddresses.hpp"
#include "model/Unsupported.hpp"
#include "model/VectorAccess.hpp"
#include "sim/ProgramCompiler.hpp"
#include "sim/SharedMemory.hpp"

namespace ptx::sim {

SimProgram Compiler::run() {
    out_.name = p_.name;
    for (const auto& a : p_.aliases)
        aliasDecls_.emplace(a.name, &a);
    out_.usesProxies = !p_.aliases.empty();
    // Locations: init entries, every named address, every &x, condition terms.
    for (const auto& e : p_.init)
        if (!e.thread) baseIndex(e.name);
    for (const auto& t : p_.threads)
        for (const auto& ins : t.code) {
            forEachElementAddress(ins, [&](const Address& a) { collectAddress(a); });
            collectOperands(ins);
        }
    for (const auto& [base, offset] : locationsThroughRegisters(p_))
        location(base, offset);
    collectCondLocations(p_.condition.expr);
    if (p_.filter) collectCondLocations(*p_.filter);
    for (const auto& o : p_.locations)
        if (const auto* l = std::get_if<LocTerm>(&o)) named(l->location);
    for (const auto& a : p_.aliases) // every alias is a name of the outcome's locations
        named(a.name);
    for (const auto& e : p_.init) {
        if (e.thread) continue;
        const int loc = location(e.name, 0);
        out_.locations[static_cast<std::size_t>(loc)].init = initValue(e.value);
    }
    for (const auto& [name, space] : p_.spaces)
        if (auto it = bases_.find(name); it != bases_.end() && space == StateSpace::Shared)
            sharedBases_.insert(it->second);
    for (const auto& t : p_.threads)
        out_.threads.push_back(compileThread(t));
    if (!p_.host.empty()) {
        const ApiOrder order(p_);
        const int n = static_cast<int>(p_.threads.size());
        for (int t = 0; t < n; ++t)
            for (int u = 0; u < n; ++u)
                if (order.ordered(u, t))
                    out_.threads[static_cast<std::size_t>(t)].after.push_back(u);
    }
    computeQuorums();
    markLoneOrdering(out_);
    markUnobservedReleases(out_);
    markUnsynchronisedAcquires(out_);
    // A state space belongs to the variable: one `.shared` access of x+4 makes x shared too.
    // Texture, surface and constant memory and aliases are global memory's.
    for (auto& l : out_.locations) {
        l.aliased = aliasedPhys_.count(l.phys) > 0;
        l.init = out_.locations[static_cast<std::size_t>(l.phys)].init; // one memory
        const bool global = l.aliased || proxiedBases_.count(l.base) > 0;
        if (global && sharedBases_.count(l.base) > 0)
            throw Unsupported("sim: `" + l.name +
                              "` is in shared memory and reached through a proxy or an alias");
        l.shared = !global && (everyLocationShared_ || sharedBases_.count(l.base) > 0);
        if (l.shared && !p_.host.empty())
            throw Unsupported("sim: `" + l.name +
                              "` is in shared memory in a test with several kernels or a host "
                              "thread: a kernel's shared memory does not outlive it");
    }
    assignSharedWords(out_.locations);
    return std::move(out_);
}

void Compiler::computeQuorums() {
    auto sameKey = [](const SimInstr& x, const SimInstr& y) {
        if (x.a.isReg || y.a.isReg) return true;
        if (x.a.imm != y.a.imm) return false;
        const bool xr = x.hasB && x.b.isReg, yr = y.hasB && y.b.isReg;
        if (xr || yr) return true;
        return (x.hasB ? x.b.imm : 0) == (y.hasB ? y.b.imm : 0);
    };
    for (auto& t : out_.threads)
        for (auto& ins : t.code) {
            if (ins.kind != OpKind::Barrier) continue;
            for (std::size_t u = 0; u < out_.threads.size(); ++u) {
                const SimThread& other = out_.threads[u];
                if (other.gpu != t.gpu || other.cta != t.cta) continue;
                for (const auto& o : other.code)
                    if (o.kind == OpKind::Barrier && sameKey(ins, o)) {
                        ins.quorumThreads.push_back(static_cast<int>(u));
                        break;
                    }
            }
        }
}

std::int64_t addressValue(int baseIndex, std::int64_t offset) {
    return (static_cast<std::int64_t>(baseIndex) + 1) * (std::int64_t{1} << 32) + offset;
}

std::optional<int> SimProgram::locationOf(std::int64_t address) const {
    auto it = locationByAddress.find(address);
    if (it == locationByAddress.end()) return std::nullopt;
    return it->second;
}

SimProgram compileProgram(const Program& program, bool everyLocationShared) {
    return Compiler(program, everyLocationShared).run();
}

} // namespace ptx::sim
