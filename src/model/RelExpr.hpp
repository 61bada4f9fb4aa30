// The relational algebra in which memory models are written once and interpreted by every engine:
// base relations, event sets, union, intersection, difference, sequence, inverse, transitive and
// reflexive closure, and references to named definitions.
#pragma once

#include <memory>
#include <string>

namespace ptx {

/// Relations every candidate execution provides. Rf, Co and SyncFence are chosen by the engines;
/// the others follow from the candidate's paths (SyncBarrier from its barrier ids' values).
enum class BaseRel {
    Id,        // identity
    Po,        // program order
    Loc,       // same location (memory events)
    SameScope, // sr: each event's scope includes the other's thread
    SameCta,   // same CTA on the same GPU (scta)
    Rf,        // reads-from
    Co,        // coherence
    Rmw,       // read and write of one atomic operation
    Addr,
    Data,
    Ctrl,
    SyncFence,       // the fence-SC order (chosen)
    SyncBarrier,     // barrier synchronisation
    VLoc,            // same virtual (generic) address (memory events; PTX 7.5 proxies)
    SameProxy,       // both events act through the same proxy (see Event::proxy)
    Api,             // CUDA API synchronisation: events of a kernel whose completion is ordered
                     // before another kernel's (or the host's) start, to that one's (ApiOrder.hpp)
    CompleteOverlap, // memory events whose instructions cover the same bytes (loc without the
                     // pieces of partly overlapping accesses, check/MixedSizes.hpp)
    SameAccess,      // two distinct pieces of one mixed-size access (check/SplitAccesses.hpp)
};

/// Sets of events, used as [S] (identity on S) and S x S'.
enum class EventSet {
    All,
    Memory,
    Read,
    Write,
    Init,        // initial writes
    Fence,       // every fence (incl. fence.sc)
    FenceSc,     // fence.sc (and membar)
    FenceAcqRel, // fence.acq_rel and fence.sc (a fence.sc is also an acq_rel fence)
    Barrier,
    Strong, // strong reads and writes (relaxed, acquire, release; atomics) and every fence
    StrongRead,
    StrongWrite,
    AcquireRead,   // ld.acquire, the read of atom.acquire/acq_rel
    ReleaseWrite,  // st.release, the write of atom.release/acq_rel
    GenericAccess, // memory events through the generic proxy (ld, st, atom, red; initial writes)
    ProxyFence,    // fence.proxy.surface, fence.proxy.texture, fence.proxy.constant
    AliasFence,    // fence.proxy.alias
    GenericProxy,  // every event through the generic proxy: accesses, fence.sc/acq_rel, inits
    SurfaceProxy,  // suld/sust and fence.proxy.surface
    TextureProxy,  // tld and fence.proxy.texture
    ConstantProxy, // cold and fence.proxy.constant
    ScopeCta,      // strong accesses and fences of scope .cta (Dat3M's CTA tag)
    ScopeGpu,      // ... of scope .gpu
    ScopeSys,      // ... of scope .sys
    Repeated, // termination: events of the repeated iteration of a stuck loop (Termination.hpp)
    Infix,    // termination: events of the iteration before a repeated one with side effects
};

[[nodiscard]] const char* baseRelName(BaseRel r);
[[nodiscard]] const char* eventSetName(EventSet s);

struct RelNode;
/// An immutable relational expression (shared structure; cheap to copy).
using RelExpr = std::shared_ptr<const RelNode>;

enum class RelOp { Base, Ref, IdOn, Product, Union, Inter, Diff, Seq, Inverse, Plus, Opt };

struct RelNode {
    RelOp op = RelOp::Base;
    BaseRel base = BaseRel::Id;    // Base
    EventSet set1 = EventSet::All; // IdOn, Product
    EventSet set2 = EventSet::All; // Product
    int ref = -1;                  // Ref: index of a definition of the model
    std::string name;              // Ref: its name
    RelExpr a, b;                  // operands
    /// The longest chain of nodes from this one down to a leaf, through the definitions it
    /// refers to: how deep a recursive walk over the expression goes (set by makeNode).
    std::size_t height = 1;
};

/// The node `n` with its height computed from its operands': every node is built by this (the
/// builders below, MemoryModel::define, the engine's hoisting).
[[nodiscard]] RelExpr makeNode(RelNode n);

// ---- builders: the model files read like the model's text ----------------------------------
[[nodiscard]] RelExpr base(BaseRel r);
[[nodiscard]] RelExpr id(EventSet s);                    // [S]
[[nodiscard]] RelExpr product(EventSet s1, EventSet s2); // S1 x S2
[[nodiscard]] RelExpr operator|(RelExpr a, RelExpr b);   // union
[[nodiscard]] RelExpr operator&(RelExpr a, RelExpr b);   // intersection
[[nodiscard]] RelExpr operator-(RelExpr a, RelExpr b);   // difference
[[nodiscard]] RelExpr seq(RelExpr a, RelExpr b);         // a ; b
[[nodiscard]] RelExpr seq(RelExpr a, RelExpr b, RelExpr c);
[[nodiscard]] RelExpr inverse(RelExpr a); // a^-1
[[nodiscard]] RelExpr plus(RelExpr a);    // a+
[[nodiscard]] RelExpr opt(RelExpr a);     // a? = a | id
[[nodiscard]] RelExpr star(RelExpr a);    // a* = (a+)?

/// True when base relation `r` occurs in `e` (following references through `resolve`).
[[nodiscard]] bool mentions(const RelExpr& e, BaseRel r);

/// Text of an expression, in the notation of the model's documentation.
[[nodiscard]] std::string toString(const RelExpr& e);

} // namespace ptx
