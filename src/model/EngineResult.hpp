// What an engine reports: every consistent execution's full final state, with the number of
// witnesses (distinct executions) that end in it.
//
// A witness is a distinct triple (candidate path choice, rf, final-write choice), where the
// final-write choice picks for every location one write with no co-successor. It is counted once
// however many coherence, fence-SC or barrier arrival orders make it consistent.
//
// When the request has a projection and does not count witnesses, the engines report the
// projected states packed instead (`outcomes`, values in projection order) and leave
// `witnesses` empty: neither maps of registers nor counts are needed then.
#pragma once

#include "model/PackedOutcomeSet.hpp"
#include "model/Program.hpp"

#include <compare>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace ptx {

struct FullState {
    std::map<RegTerm, std::int64_t> registers; // every register of every thread's path
    std::vector<std::int64_t> locations;       // final value of each location, by index
    friend bool operator==(const FullState&, const FullState&) = default;
    friend auto operator<=>(const FullState&, const FullState&) = default;
};

struct EngineResult {
    std::map<FullState, std::uint64_t> witnesses; // state -> number of witnesses ending in it
    PackedOutcomeSet outcomes;    // projected states, when projected and not counted (see above)
    std::uint64_t candidates = 0; // candidate path combinations examined
    /// With a goal (EngineRequest::goal) that no execution satisfies, the SMT engine's unsat
    /// cores over the axioms' guards, joined over the encodings asked: the axioms that forbid it
    /// (in the model's order; empty when the program's values alone rule it out, or from the
    /// explicit engine, which names none).
    std::vector<std::string> forbiddenBy;
    /// Whether any witness was found, in either form.
    [[nodiscard]] bool anyWitness() const { return !witnesses.empty() || !outcomes.empty(); }
};

} // namespace ptx
