// Which synchronisation a generated lock or barrier keeps: the correct algorithm, or a variant
// whose acquires, releases or both are relaxed (the acq2rx / rel2rx bugs of Dat3M's GPU
// benchmarks, "Towards Unified Analysis of GPU Consistency", ASPLOS'24).
#pragma once

#include <string>
#include <vector>

namespace ptx::gen {

enum class SyncWeakening {
    None,    // every acquire and release as the algorithm has it
    Acquire, // each acquire (ld.acquire, atom.acquire) relaxed
    Release, // each release (st.release) relaxed
    Both,    // both
};

/// The command-line names: none acquire release both.
[[nodiscard]] std::string name(SyncWeakening w);
/// Throws InputError listing the names.
[[nodiscard]] SyncWeakening parseSyncWeakening(const std::string& s);
/// Every value, in that order.
[[nodiscard]] std::vector<SyncWeakening> allSyncWeakenings();
/// What a test's name gains: nothing, `+acq2rx`, `+rel2rx`, `+acqrel2rx`.
[[nodiscard]] std::string nameSuffix(SyncWeakening w);
/// What the weakening relaxes, for a description: `acquires relaxed`, `releases relaxed`,
/// `acquires and releases relaxed`; empty for None.
[[nodiscard]] std::string describe(SyncWeakening w);
/// The semantics an acquire of the algorithm gets under the weakening: `acquire` or `relaxed`.
[[nodiscard]] std::string acquireSemantics(SyncWeakening w);
/// The semantics a release gets: `release` or `relaxed`.
[[nodiscard]] std::string releaseSemantics(SyncWeakening w);

} // namespace ptx::gen
