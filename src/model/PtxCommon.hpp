// What the PTX models ptx6 (PtxModel.cpp) and ptx75 (ProxyModel.cpp) share, written once:
// synchronisation (observation, release and acquire patterns, sync) and the axioms. Each model
// passes its own morally-strong, po-loc and causality relations.
#pragma once

#include "model/MemoryModel.hpp"

namespace ptx {

/// Morally strong (PTX 6): two distinct events related by po in either direction, or both
/// strong and in each other's scope; if both are memory operations, at the same location.
[[nodiscard]] RelExpr ptx6MorallyStrong();

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
    RelExpr ms, fr, cause, poLoc;
    /// Checks added to SC-per-Location beyond acyclic((ms & (rf|co|fr)) | po-loc), and the
    /// rule's text.
    std::vector<Check> scPerLocationExtra;
    std::string scPerLocationRule = "morally strong communication together with po-loc is acyclic";
};

/// Adds Coherence, FenceSC, Atomicity, NoThinAir, SCPerLocation and Causality, in that order.
void addPtxAxioms(MemoryModel& m, const PtxAxiomInputs& in);

} // namespace ptx
