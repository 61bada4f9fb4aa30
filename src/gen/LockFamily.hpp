// Spin locks of N threads as litmus tests (`ptxlitmus gen --lock`), the shapes of Dat3M's GPU
// benchmarks: each thread takes the lock with a spin loop, increments a counter with weak
// accesses (ld.weak; add; st.weak) and releases the lock; the condition `exists (~(x == N))`
// asks for a lost increment, which the model forbids for a correct lock and allows once its
// acquire or release is relaxed (SyncWeakening). One thread per CTA, gpu scope.
#pragma once

#include "gen/SyncWeakening.hpp"

#include <string>
#include <vector>

namespace ptx::gen {

enum class LockKind {
    Cas,    // caslock: spin on atom.acquire.cas m 0 -> 1; release: st.release m, 0
    Ticket, // ticketlock: ticket = atom.relaxed.add next; spin on ld.acquire owner until it is the
            // ticket; release: st.release owner, owner + 1
    Ttas,   // ttaslock: spin on ld.relaxed m until 0, then atom.acquire.exch m, 1; retry unless it
            // read 0; release: st.release m, 0
};

/// The command-line names: caslock ticketlock ttaslock.
[[nodiscard]] std::string name(LockKind k);
/// Throws InputError listing the names.
[[nodiscard]] LockKind parseLockKind(const std::string& s);

/// `caslock-6`, `caslock-6+acq2rx`, `ticketlock-4+rel2rx`.
[[nodiscard]] std::string lockTestName(LockKind kind, int threads, SyncWeakening weakening);

/// The litmus text (deterministic). Precondition: threads >= 1.
[[nodiscard]] std::string writeLockTest(LockKind kind, int threads, SyncWeakening weakening);

} // namespace ptx::gen
