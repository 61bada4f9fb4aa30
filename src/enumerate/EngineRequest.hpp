// What every engine (explicit, SMT) is asked: the program, its expanded paths, the model, the
// axioms switched off, and whether witnesses must be counted.
#pragma once

#include "enumerate/Candidates.hpp"
#include "model/EngineResult.hpp"
#include "model/MemoryModel.hpp"
#include "model/Program.hpp"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace ptx {

struct EngineRequest {
    const Program& program;
    const ProgramPaths& paths;
    const MemoryModel& model;
    std::set<std::string> disabledAxioms;
    /// When false, an engine need not count witnesses (counts are then 1 per state) and may
    /// enumerate only the states' values on `projection` (other registers absent, other
    /// locations 0), which is much cheaper for the SMT engine on large tests.
    bool countWitnesses = true;
    std::vector<Observable> projection;
    /// Seconds before the engine gives up (SMT: solver timeout); none = no limit.
    std::optional<double> timeoutSeconds;
};

} // namespace ptx
