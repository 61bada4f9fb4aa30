// Shared helpers of the enumerate tests: parse a litmus text, run the explicit engine, and look
// at its states projected on a few registers or locations.
#pragma once

#include "enumerate/Candidates.hpp"
#include "enumerate/EngineRequest.hpp"
#include "enumerate/ExplicitEngine.hpp"
#include "model/MemoryModel.hpp"
#include "parser/Parser.hpp"

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace ptx::test {

/// A test program with its paths (the request refers to both, so they live together).
struct Prepared {
    Program program;
    ProgramPaths paths;
};

inline Prepared prepare(const std::string& text, int unroll = 2) {
    Program p = parseLitmus(text, "test.litmus");
    ProgramPaths paths = expandProgram(p, unroll, ptx::Deadline());
    return {std::move(p), std::move(paths)};
}

inline EngineResult runExplicitOn(const Prepared& t, const MemoryModel& model,
                                  std::set<std::string> disabled = {}) {
    const EngineRequest request{t.program, t.paths, model, std::move(disabled),
                                true,      {},      {},    nullptr};
    return runExplicit(request);
}

/// The full states of `paths` under ptx6, witnesses not counted (states only: the spin and
/// failed-CAS reductions keep them, not the executions).
inline std::set<FullState> statesOf(const Program& program, const ProgramPaths& paths) {
    const MemoryModel model = ptx6Model();
    const EngineRequest request{program, paths, model, {}, false, std::nullopt, {}, nullptr};
    std::set<FullState> out;
    for (const auto& [state, n] : runExplicit(request).witnesses)
        out.insert(state);
    return out;
}

/// Register value in a state (0 when absent).
inline std::int64_t reg(const FullState& s, int thread, const std::string& name) {
    const auto it = s.registers.find(RegTerm{thread, name});
    return it == s.registers.end() ? 0 : it->second;
}

/// The states' values of the given registers (thread, name), as vectors, with witness counts.
inline std::map<std::vector<std::int64_t>, std::uint64_t>
project(const EngineResult& r, const std::vector<std::pair<int, std::string>>& regs) {
    std::map<std::vector<std::int64_t>, std::uint64_t> out;
    for (const auto& [state, count] : r.witnesses) {
        std::vector<std::int64_t> key;
        for (const auto& [t, name] : regs)
            key.push_back(reg(state, t, name));
        out[key] += count;
    }
    return out;
}

inline std::set<std::vector<std::int64_t>>
outcomes(const EngineResult& r, const std::vector<std::pair<int, std::string>>& regs) {
    std::set<std::vector<std::int64_t>> out;
    for (const auto& [key, count] : project(r, regs))
        out.insert(key);
    return out;
}

inline std::uint64_t totalWitnesses(const EngineResult& r) {
    std::uint64_t n = 0;
    for (const auto& [state, count] : r.witnesses)
        n += count;
    return n;
}

} // namespace ptx::test
