// What `gen --ring`, `--lock` and `--barrier` ask for, read from the command line: the sizes
// (`--threads`, `--ctas`: N or A..B), the variants (`--relax`), and the tests or ring cycles of
// each shape at each size (src/gen/RingFamily, LockFamily, BarrierFamily).
#pragma once

#include "cli/GenOutput.hpp"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

namespace ptx::cli {

/// `v` with each element once, at its first place: a family, an axis value or a placement named
/// twice counts once (`gen MP MP`, `--scope gpu --scope gpu`).
template <class T> std::vector<T> distinctInOrder(const std::vector<T>& v) {
    std::vector<T> once;
    for (const T& x : v)
        if (std::find(once.begin(), once.end(), x) == once.end()) once.push_back(x);
    return once;
}

/// `A..B` or `N`: a range of counts, 1 <= A <= B <= max (`option` names it in the error).
[[nodiscard]] std::pair<int, int> countRange(const std::string& text, int max,
                                             const std::string& option);

/// The largest --threads (and --ctas) of `gen --ring`, `--lock` and `--barrier`.
inline constexpr int kMaxScaledCount = 64;

/// The cycles (in `--cycle` syntax) of each ring shape at each `threads` count, in that order.
[[nodiscard]] std::vector<std::string> ringCycles(const std::vector<std::string>& shapes,
                                                  const std::string& threads);

struct LockAndBarrierRequest {
    std::vector<std::string> locks, barriers;
    std::string threads, ctas;      // N or A..B; empty when not given
    std::vector<std::string> relax; // none acquire release both; empty: all four
};

/// The tests: one per lock (or barrier), count and weakening, in that order; in a folder of
/// their own (`caslock/generated`) when several locks or barriers are asked for.
[[nodiscard]] std::vector<GenOutput> lockAndBarrierTests(const LockAndBarrierRequest& r);

} // namespace ptx::cli
