// One edge of a relaxation cycle (diy's vocabulary, with PTX annotations): a communication edge
// between two accesses of one location (Rfe, Fre, Coe and their internal forms) or a
// program-order edge inside a thread (Pod, Pos, DpAddr, DpData, DpCtrl, and fences). The edge
// language is documented in docs/gen.md, "Tests from relaxation cycles".
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace ptx::gen {

/// The direction of an access: a read or a write.
enum class Dir { R, W };

enum class EdgeKind {
    Rf,    // Rfe / Rfi: a write, then a read that reads it
    Fr,    // Fre / Fri: a read, then a write coherence-after the write it reads
    Co,    // Coe / Coi (also Wse / Wsi): a write, then a write coherence-after it
    Po,    // Pod / Pos: program order, nothing between
    Addr,  // DpAddr: the second access's address depends on the first (a read)
    Data,  // DpData: the value the second access (a write) stores depends on the first (a read)
    Ctrl,  // DpCtrl: a branch on the first access (a read) comes before the second
    Fence, // Fence.sc.S, Fence.acq_rel.S, Membar.L: a fence between the two accesses
};

struct Edge {
    EdgeKind kind = EdgeKind::Po;
    /// Communication edges: between two threads (e) or within one (i). Program-order edges are
    /// always internal.
    bool external = false;
    /// Program-order edges: the two accesses are to the same location (s) or to different ones
    /// (d). Communication edges always join accesses of one location.
    bool sameLocation = true;
    /// Directions of the two ends; unset is a wildcard (`*`), fixed by the neighbouring edges.
    std::optional<Dir> from, to;
    /// Communication edges: `.S` makes both ends strong (relaxed at scope S, or stronger).
    std::string scope;
    /// Communication edges: `.atom` performs the write end(s) with atom.exch.
    bool atom = false;
    /// Program-order edges: `.acq.S` makes the first access ld.acquire.S, `.rel.S` the second
    /// st.release.S.
    std::string acquireScope, releaseScope;
    /// Fence edges: the PTX instruction between the two accesses (`fence.sc.gpu`, `membar.gl`).
    std::string fence;

    [[nodiscard]] bool communication() const {
        return kind == EdgeKind::Rf || kind == EdgeKind::Fr || kind == EdgeKind::Co;
    }
    [[nodiscard]] bool programOrder() const { return !communication(); }
    /// Whether the two ends are in different threads.
    [[nodiscard]] bool crossesThreads() const { return communication() && external; }
    /// A program-order edge between two locations (Pod, Dp...d, Fence...d).
    [[nodiscard]] bool changesLocation() const { return programOrder() && !sameLocation; }
    /// Both directions fixed.
    [[nodiscard]] bool concrete() const { return from && to; }
    friend bool operator==(const Edge&, const Edge&) = default;
};

/// A malformed edge: `offset` is the position in the token where the problem starts.
struct EdgeSyntaxError {
    std::size_t offset = 0;
    std::string message;
};

/// Reads one edge token (`Rfe`, `PodWR.acq.gpu`, `Fence.sc.gpu.dWR`, `Fre.gpu.atom`, ...);
/// throws EdgeSyntaxError saying what was expected.
[[nodiscard]] Edge parseEdge(const std::string& token);

/// The edge's canonical spelling (what parseEdge reads back): `Rfe.gpu`, `PodRW.rel.cta`,
/// `Fence.sc.gpu.dW*`.
[[nodiscard]] std::string spell(const Edge& e);

/// The edge with its wildcard directions replaced by every possible one (the edge itself when
/// it is concrete), in the order R before W.
[[nodiscard]] std::vector<Edge> concreteForms(const Edge& e);

/// `po`, `addr`, `data`, `ctrl` or the fence's instruction, with `.acq.S` / `.rel.S`: how a
/// program-order edge appears in a test's name.
[[nodiscard]] std::string decoration(const Edge& e);

/// The edge as the shape of a test sees it: a program-order edge of any kind becomes `Pod`/`Pos`
/// with its directions, a communication edge loses its annotations.
[[nodiscard]] Edge skeleton(const Edge& e);

} // namespace ptx::gen
