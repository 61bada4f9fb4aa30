// Expanding one thread into its control-flow paths, with symbolic register values.
#pragma once

#include "support/Deadline.hpp"

#include "support/Errors.hpp"

#include "enumerate/LocationTable.hpp"
#include "model/CandidateExecution.hpp"
#include "model/Program.hpp"

#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace ptx {

/// One path through a thread: its events (ids local to the path, 0..n-1), the values they read
/// and write, its dependencies and the conditions under which the path is taken.
struct ThreadPath {
    std::vector<Event> events;
    ValuePool values;
    std::vector<EventPair> rmw, addr, data, ctrl, valueDeps;
    std::vector<ValueId> conditions;
    std::map<std::string, ValueId> finalRegisters;
};

struct ThreadPaths {
    std::vector<ThreadPath> paths;
    int cut = 0;                    // paths abandoned at the loop bound
    std::vector<std::string> cutAt; // labels whose backward jumps hit the bound
};

/// A construct the enumerator cannot model (e.g. an address computed from a value read).
class EnumerationError : public InputError {
  public:
    using InputError::InputError;
};

/// Every path of `thread` taking each backward jump to a label at most `unroll` times.
/// Throws EnumerationError for unsupported constructs, or when paths exceed `maxPaths`.
/// Checks `deadline` as it goes (Phase::PathExpansion).
[[nodiscard]] ThreadPaths enumerateThreadPaths(const Program& program, const Thread& thread,
                                               const LocationTable& locations, int unroll,
                                               const Deadline& deadline, int maxPaths = 4096);

} // namespace ptx
