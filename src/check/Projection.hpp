// Which registers and locations an outcome shows, and projecting full states onto them.
#pragma once

#include "enumerate/Candidates.hpp"
#include "model/EngineResult.hpp"
#include "model/Observables.hpp" // collectObservables, namedObservables
#include "model/Outcome.hpp"
#include "model/Program.hpp"

#include <vector>

namespace ptx {

/// The condition's observables, those of `locations [...]`, and `extra`; with `all`, every
/// register any path writes or initialises and every location. Sorted, distinct.
[[nodiscard]] std::vector<Observable> projectionOf(const Program& program,
                                                   const ProgramPaths& paths, bool all,
                                                   const std::vector<Observable>& extra);

/// A full state's values on the projection (a register a path never wrote reads 0).
[[nodiscard]] Outcome project(const FullState& state, const std::vector<Observable>& projection,
                              const ProgramPaths& paths);

} // namespace ptx
