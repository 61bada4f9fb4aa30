// diy7's job for PTX: every cycle of 2 to N edges over a vocabulary, each once (rotations of a
// cycle are one cycle), and every test they give, each once (two cycles whose tests have the
// same program and condition are duplicates: the first name in canonical order is kept).
#pragma once

#include "gen/Cycle.hpp"
#include "gen/Variant.hpp"
#include "support/Deadline.hpp"

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace ptx::gen {

struct CycleLimits {
    std::size_t maxEdges = 4; // cycles of 2 to maxEdges edges
    int minThreads = 2, maxThreads = 4;
};

struct CycleSet {
    std::vector<ResolvedCycle> cycles; // distinct, ordered by canonical spelling
    std::size_t sequences = 0;         // edge sequences tried (each rotation counts)
    std::size_t rejected = 0;          // sequences with no test (resolveCycle said why)
    std::size_t outsideThreads = 0;    // cycles left out by the thread range
};

/// The vocabulary's edges with their wildcards expanded (`Fence.sc.gpu` is d**: four edges),
/// each once, in the order given.
[[nodiscard]] std::vector<Edge> expandVocabulary(const std::vector<Edge>& vocabulary);

/// Called now and then during a search: the distinct cycles found so far, the sequences tried.
using CycleProgress = std::function<void(std::size_t cycles, std::size_t sequences)>;

/// Every distinct cycle over the vocabulary within the limits. Checks the deadline, and reports
/// progress, as it goes.
[[nodiscard]] CycleSet enumerateCycles(const std::vector<Edge>& vocabulary,
                                       const CycleLimits& limits, const Deadline& deadline,
                                       const CycleProgress& progress = {});

struct GeneratedTest {
    std::string name;
    std::string text;
};

struct GeneratedSuite {
    std::vector<GeneratedTest> tests; // sorted by name
    std::size_t duplicates = 0;       // tests left out because an earlier one has their body
};

/// The tests of the cycles under each placement, duplicates removed (the test of the cycle
/// first in canonical order is kept), sorted by name.
[[nodiscard]] GeneratedSuite cycleTests(const std::vector<ResolvedCycle>& cycles,
                                        const std::vector<Placement>& placements);

} // namespace ptx::gen
