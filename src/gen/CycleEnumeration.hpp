// diy7's job for PTX: every cycle of 2 to N edges over a vocabulary, each once (rotations of a
// cycle are one cycle), and every test they give, each once (two cycles whose tests have the
// same program and condition are duplicates: the first name in canonical order is kept).
#pragma once

#include "gen/Cycle.hpp"
#include "gen/Variant.hpp"
#include "support/Deadline.hpp"
#include "support/Text.hpp"

#include <cstddef>
#include <functional>
#include <string>
#include <unordered_set>
#include <vector>

namespace ptx::gen {

struct CycleLimits {
    std::size_t maxEdges = 4; // cycles of 2 to maxEdges edges
    int minThreads = 2, maxThreads = 4;
};

struct CycleCounts {
    std::size_t found = 0;          // distinct cycles
    std::size_t sequences = 0;      // edge sequences tried (each rotation counts)
    std::size_t rejected = 0;       // sequences with no test (resolveCycle said why)
    std::size_t outsideThreads = 0; // cycles left out by the thread range
};

struct CycleSet : CycleCounts {
    std::vector<ResolvedCycle> cycles; // distinct, ordered by canonical spelling
};

/// The vocabulary's edges with their wildcards expanded (`Fence.sc.gpu` is d**: four edges),
/// each once, in the order given.
[[nodiscard]] std::vector<Edge> expandVocabulary(const std::vector<Edge>& vocabulary);

/// Called now and then during a search: the distinct cycles found so far, the sequences tried.
using CycleProgress = std::function<void(std::size_t cycles, std::size_t sequences)>;

/// Called once for each distinct cycle, when the search meets it.
using CycleSink = std::function<void(const ResolvedCycle&)>;

/// Every distinct cycle over the vocabulary within the limits, passed to `sink` as the search
/// meets it (depth first, in the vocabulary's order), each once: the search keeps nothing per
/// cycle, so its memory does not grow with their number. Checks the deadline, and reports
/// progress, as it goes.
CycleCounts searchCycles(const std::vector<Edge>& vocabulary, const CycleLimits& limits,
                         const Deadline& deadline, const CycleSink& sink,
                         const CycleProgress& progress = {});

/// How many edge sequences searchCycles tries (CycleCounts::sequences), counted without trying
/// them: to refuse, before it starts, a search that would never end. A double: it can pass 2^64.
[[nodiscard]] double sequencesToTry(const std::vector<Edge>& vocabulary, const CycleLimits& limits);

/// searchCycles's cycles, collected and ordered by canonical spelling.
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

/// The tests of cycles under each placement as the cycles come, each program and condition once:
/// a test whose body (testBody) an earlier cycle's test had is a duplicate, left out and counted.
/// Keeps a 128-bit fingerprint per body, not the body.
class DistinctTests {
  public:
    explicit DistinctTests(std::vector<Placement> placements)
        : placements_(std::move(placements)) {}
    /// The tests of `cycle` that are not duplicates.
    [[nodiscard]] std::vector<GeneratedTest> of(const ResolvedCycle& cycle);
    [[nodiscard]] std::size_t duplicates() const { return duplicates_; }

  private:
    std::vector<Placement> placements_;
    std::unordered_set<Fingerprint, Fingerprint::Hash> bodies_;
    std::size_t duplicates_ = 0;
};

/// The tests of the cycles under each placement, duplicates removed (the test of the cycle
/// first in canonical order is kept), sorted by name.
[[nodiscard]] GeneratedSuite cycleTests(const std::vector<ResolvedCycle>& cycles,
                                        const std::vector<Placement>& placements);

} // namespace ptx::gen
