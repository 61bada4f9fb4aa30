// The values each location can ever hold, when the program says so with constants: its initial
// value and the immediates its stores and atomic exchanges write (an atom.cas adds its new value).
// A location written with a register, an arithmetic atomic or through a pointer has no known
// domain. Termination uses the domains to see that a failing `atom.exch` spin iteration writes
// back the value it read (LoopIterations: a zero-effect iteration).
#pragma once

#include "enumerate/LocationTable.hpp"
#include "model/Program.hpp"

#include <cstdint>
#include <optional>
#include <set>
#include <vector>

namespace ptx {

class ValueDomains {
  public:
    ValueDomains(const Program& program, const LocationTable& locations);

    /// The values location `location` can hold, if known.
    [[nodiscard]] const std::optional<std::set<std::int64_t>>& of(int location) const {
        return domains_.at(static_cast<std::size_t>(location));
    }

  private:
    std::vector<std::optional<std::set<std::int64_t>>> domains_;
};

} // namespace ptx
