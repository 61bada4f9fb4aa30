// What the PTX models ptx6 (PtxModel.cpp) and ptx75 (ProxyModel.cpp) share, written once:
// synchronisation (observation, release and acquire patterns, sync) and the axioms. Each model
// passes its own morally-strong, po-loc and causality relations.
#pragma once

#include "model/MemoryModel.hpp"

namespace ptx {

/// Morally strong (PTX 6): two distinct events related by po in either direction, or both
/// strong and in each other's scope; if both are memory operations, at the same location.
[[nodiscard]] RelExpr ptx6MorallyStrong();
/// ptx6MorallyStrong without its complete-overlap condition: memory operations need only overlap
/// (share a byte). Two overlapping atomics, each in the other's scope, do not interleave, in part
/// or completely (the Atomicity axiom; docs/model-races.md, "Mixed-size accesses").
[[nodiscard]] RelExpr ptx6StrongOverlap();

struct PtxSynchronisation {
    RelExpr observation;
    RelExpr sync;
};

/// Defines observation, release-pattern, acquire-pattern and sync in `m` over the model's `ms`
/// (morally strong) and `poLoc`.
[[nodiscard]] PtxSynchronisation defineSynchronisation(MemoryModel& m, const RelExpr& ms,
                                                       const RelExpr& poLoc);

/// The relations the axioms read.
struct PtxAxiomInputs {
    RelExpr ms;
    RelExpr msOverlap; // ms, with overlap in place of complete overlap (Atomicity)
    RelExpr fr, cause, poLoc;
    /// Checks added to SC-per-Location beyond acyclic((ms & (rf|co|fr)) | po-loc), and the
    /// rule's text.
    std::vector<Check> scPerLocationExtra;
    std::string scPerLocationRule = "morally strong communication together with po-loc is acyclic";
};

/// Adds Coherence, FenceSC, Atomicity, NoThinAir, SCPerLocation and Causality, in that order.
void addPtxAxioms(MemoryModel& m, const PtxAxiomInputs& in);

/// The name of the data-race relation a model defines (absent: the model decides no races).
inline constexpr const char* kRaceDefinition = "race";

/// Defines `race` in `m` (PTX ISA, "Data races"; docs/model-races.md, "Data races"): the pairs of
/// conflicting operations (the same location, at least one a write, neither an initial write)
/// that are not morally strong (`ms`) and that causality (`cause`) orders neither way, nor program
/// order where they overlap through one proxy and address (`msOverlap`, mixed sizes). Only
/// `cause` depends on the engine's choices (rf, co, the fence-SC order, barrier
/// synchronisation), and it grows with them: with none chosen, `race` holds every pair that can
/// race in some execution of the candidate (check/RaceCheck.cpp relies on it).
RelExpr defineRace(MemoryModel& m, const RelExpr& ms, const RelExpr& msOverlap,
                   const RelExpr& cause);

} // namespace ptx
