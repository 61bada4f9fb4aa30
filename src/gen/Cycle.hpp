// A relaxation cycle (diy's input): edges e0 ... e(n-1), where access i is the target of edge
// i-1 and the source of edge i. Resolving a cycle fixes every access: read or write, its
// thread, its location, the value it writes or must read for the cycle to happen, and how
// strong it is. The resolved cycle is canonical: rotations of one cycle resolve alike.
#pragma once

#include "gen/Edge.hpp"

#include <string>
#include <variant>
#include <vector>

namespace ptx::gen {

/// Reads a cycle: edges separated by spaces or commas. `what` names the text in errors, which
/// are InputErrors saying `WHAT, column N: ...`.
[[nodiscard]] std::vector<Edge> parseCycle(const std::string& text, const std::string& what);

/// How strong an access is: ld.weak / st.weak, .relaxed.S, ld.acquire.S, st.release.S.
enum class Strength { Weak, Relaxed, Acquire, Release };

struct CycleAccess {
    Dir dir = Dir::R;
    Strength strength = Strength::Weak;
    std::string scope; // empty for weak
    bool atom = false; // a write done by atom.exch
    int thread = 0;
    int location = 0; // 0 is x, 1 is y, ... in order of first access
    /// A write: the value it stores. A read: the value it reads when the cycle happens.
    int value = 0;
};

struct ResolvedCycle {
    std::vector<Edge> edges; // concrete, in the canonical rotation (thread 0 starts at access 0)
    std::vector<CycleAccess> accesses; // access i: target of edge i-1, source of edge i
    int threads = 0;
    int locations = 0;
    std::string shape; // a classic name (MP, SB, ...) or the skeleton, e.g. `PodWR-Fre-PodWW-Coe`
    /// The cycle's canonical spelling: its edges in the canonical rotation.
    [[nodiscard]] std::string spelling() const;
};

/// Resolves a cycle, or says why it has no test: a direction no edge fixes or two edges
/// disagree on, no edge between threads, exactly one change of location, a one-location cycle
/// with no program-order edge, or two annotations that give one access different scopes.
[[nodiscard]] std::variant<ResolvedCycle, std::string> resolveCycle(const std::vector<Edge>& edges);

/// The classic shapes (MP, SB, LB, IRIW, WRC, ISA2, 2+2W, R, S, RWC, CoRR, CoRW, W+RWC, 3.SB,
/// 3.LB, 3.2W) as skeleton cycles in their usual rotation.
struct ClassicShape {
    const char* name;
    const char* skeleton;
};
[[nodiscard]] const std::vector<ClassicShape>& classicShapes();

} // namespace ptx::gen
