// The instructions that make an access depend on the read before it in its thread (diy's Dp*
// edges), shared by the family generator and the cycle generator. Each builds the dependency
// from the read's register so that it computes nothing: xor of the register with itself is 0.
#pragma once

#include "gen/Variant.hpp"

#include <string>
#include <vector>

namespace ptx::gen {

struct DependencyCode {
    std::vector<std::string> code;  // instructions between the read and the next access
    std::vector<std::string> inits; // register initialisations (`rp0=&y`) of the thread
    std::string address;            // the address the next access uses (`y` or `[ra0]`)
    std::string valueRegister;      // data: the register the next write stores (else empty)
};

/// The code for a dependency of `kind` from the read into `readRegister` to the next access, to
/// `nextLocation` (storing `nextValue` when it is a write). `k` makes the labels and registers
/// unique within the thread. Data needs a write next; None gives no code.
[[nodiscard]] DependencyCode dependencyCode(Dependency kind, const std::string& readRegister,
                                            const std::string& nextLocation, int nextValue,
                                            bool nextIsWrite, std::size_t k);

} // namespace ptx::gen
