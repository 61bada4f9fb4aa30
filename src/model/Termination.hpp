// Termination (liveness): can a test run forever? The verdict, and the axiom that makes a finite
// execution fragment a faithful stand-in for an infinite fair one (docs/model-termination.md,
// "Termination").
//
// A hang witness is a candidate execution in which every thread either completes or is stuck, and
// at least one is stuck: at a barrier that can never fill, or in a loop whose last iteration (the
// repeated iteration, EventSet::Repeated) can repeat forever. The enumerator builds the stuck paths
// (enumerate/ThreadPath.cpp); the engines decide whether such a candidate is consistent with the
// memory model together with FairRepetition below.
#pragma once

#include "model/MemoryModel.hpp"

#include <optional>
#include <string>

namespace ptx {

enum class Termination {
    AlwaysTerminates, // no hang witness, and the loop bound cut no loop that could hide one
    MayHang,          // a hang witness is consistent
    UnknownBound,     // no hang witness within the loop bound, but a cut loop could hide one
    Unknown,          // not decided: the test uses what termination does not model (a reason)
};

/// `always terminates`, `may hang`, `unknown (bound)`, `unknown`: the words of the output and of
/// X.expected.
[[nodiscard]] const char* terminationName(Termination t);
/// The verdict called `text`, if any.
[[nodiscard]] std::optional<Termination> terminationNamed(const std::string& text);

/// The name of the axiom FairRepetition adds.
inline constexpr const char* kFairRepetition = "FairRepetition";

/// `model` with the axiom FairRepetition: repeating the stuck threads' last iterations forever is
/// fair and reads the same values each time. With R the repeated events:
///  - every write outside R is coherence-before every write in R to its location;
///  - a read in R reads a write that every other write to its location outside R precedes in co
///    (it reads the latest value, which nothing outside R overwrites: co/fr fairness);
///  - no read outside R reads a write in R.
[[nodiscard]] MemoryModel withFairRepetition(MemoryModel model);

} // namespace ptx
