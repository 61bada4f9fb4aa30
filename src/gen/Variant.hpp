// The axes a generated test varies over, and the standard matrix `ptxlitmus gen` writes.
#pragma once

#include "gen/Family.hpp"

#include <string>
#include <vector>

namespace ptx::gen {

/// How accesses are ordered within a thread.
enum class Ordering {
    Weak,        // ld.weak / st.weak, nothing between
    Relaxed,     // ld.relaxed.S / st.relaxed.S
    RelAcq,      // every write st.release.S, every read ld.acquire.S
    FenceSc,     // relaxed accesses, fence.sc.S between consecutive accesses
    FenceAcqRel, // relaxed accesses, fence.acq_rel.S between consecutive accesses
    Barrier,     // weak accesses, bar.cta.sync 0 between consecutive accesses
};
/// The scope of strong accesses and fences. Mixed: cta on even threads, gpu on odd ones.
enum class ScopeChoice { Cta, Gpu, Sys, Mixed };
/// Where threads run: all in CTA 0 of GPU 0; each in its own CTA of GPU 0; each on its own GPU;
/// all in one warp of CTA 0 (a `scopeTree` places them).
enum class Placement { SameCta, DiffCta, DiffGpu, SameWarp };
/// How writes are performed.
enum class WriteOp { Store, AtomExch, AtomCas, AtomAdd, RedAdd };
/// A dependency from each read to the next access of its thread (diy's Dp* edges).
enum class Dependency { None, Addr, Data, Ctrl };

struct Variant {
    Ordering ordering = Ordering::Weak;
    ScopeChoice scope = ScopeChoice::Gpu;
    Placement placement = Placement::DiffCta;
    WriteOp write = WriteOp::Store;
    Dependency dep = Dependency::None;
};

/// Axis value names as used in test names and on the command line:
/// weak relaxed rel-acq fence.sc fence.acq_rel bar; cta gpu sys mixed;
/// same-cta diff-cta diff-gpu same-warp; st exch cas add red; none addr data ctrl.
[[nodiscard]] std::string name(Ordering v);
[[nodiscard]] std::string name(ScopeChoice v);
[[nodiscard]] std::string name(Placement v);
[[nodiscard]] std::string name(WriteOp v);
[[nodiscard]] std::string name(Dependency v);
/// Every value of each axis, in that order.
[[nodiscard]] std::vector<Ordering> allOrderings();
[[nodiscard]] std::vector<ScopeChoice> allScopes();
[[nodiscard]] std::vector<Placement> allPlacements();
[[nodiscard]] std::vector<WriteOp> allWrites();
[[nodiscard]] std::vector<Dependency> allDependencies();
/// Whether strong accesses and fences carry a scope under the ordering (weak and bar: none, and
/// the test's name shows none).
[[nodiscard]] bool scoped(Ordering o);
/// Parsers for those names (throw InputError listing the accepted names).
[[nodiscard]] Ordering parseOrdering(const std::string& s);
[[nodiscard]] ScopeChoice parseScope(const std::string& s);
[[nodiscard]] Placement parsePlacement(const std::string& s);
[[nodiscard]] WriteOp parseWriteOp(const std::string& s);
[[nodiscard]] Dependency parseDependency(const std::string& s);

/// Whether the variant makes sense for the family: atomics that compute values (cas, add, red)
/// need one writer per location; barriers need threads of equal length; weak and barrier
/// variants have no scope (only Gpu is accepted, as a placeholder); atomics are strong (not
/// with Weak or Barrier); dependencies need a read followed by another access and weak or
/// relaxed ordering, and data needs a read followed by a write.
[[nodiscard]] bool applicable(const Family& f, const Variant& v);

/// The test's name: `MP+rel-acq.gpu+diff-cta`, `LB+weak+diff-cta+data`,
/// `SB+relaxed.gpu+diff-cta+exch`.
[[nodiscard]] std::string testName(const Family& f, const Variant& v);

/// The standard matrix for a family (see docs/gen.md), applicable variants only.
[[nodiscard]] std::vector<Variant> standardVariants(const Family& f);

} // namespace ptx::gen
