// Z3 contexts kept across the tests of one run. Making a context costs about 0.6 ms (a loop of
// 1,000: 0.72 ms for a fresh context, solver and check, 0.12 ms in a kept context), several
// times the explicit engine's whole median test; on `litmus/` without the liveness tests, a kept
// context per worker took the SMT engine from 1.25 s to 0.83 s of CPU (docs/design-notes.md, "The
// SMT engine").
//
// A test leases a context for its whole run and gives it back at the end. A context that may be
// unusable is never given back: after any failure (an interrupted context makes every later call
// throw), or when its test's alarm fired. The pool is shared by the worker threads of a command;
// a context is used by one thread at a time.
#pragma once

#include "smt/SharedSolver.hpp"

#include <memory>
#include <mutex>
#include <vector>
#include <z3++.h>

namespace ptx::smt {

class ContextPool {
  public:
    /// A context kept by the pool, or a fresh one; back to the pool on destruction unless
    /// discarded.
    class Lease {
      public:
        Lease(const Lease&) = delete;
        Lease& operator=(const Lease&) = delete;
        ~Lease();

        [[nodiscard]] z3::context& context() { return *ctx_; }
        /// Not given back: deleted with the lease (on a stop, the engine abandons the lease
        /// whole: smt/Abandon.hpp).
        void discard() { pool_ = nullptr; }
        /// The lazy engine's solver (SolverUse::ManyCandidates), kept with the context across
        /// tests: made at the first call. A test leaves it as it found it, every candidate's
        /// scope closed; one that fails discards the lease.
        [[nodiscard]] SharedSolver& sharedSolver();

      private:
        friend class ContextPool;
        Lease(ContextPool* pool, std::unique_ptr<z3::context> ctx,
              std::unique_ptr<SharedSolver> solver, int uses);
        ContextPool* pool_; // none: a context of its own, deleted with the lease
        std::unique_ptr<z3::context> ctx_;
        std::unique_ptr<SharedSolver> solver_; // after ctx_: destroyed before it
        int uses_;                             // tests the context served, this one included
    };

    /// A context for one test: a kept one if any, else a fresh one.
    [[nodiscard]] std::unique_ptr<Lease> lease();
    /// A fresh context, deleted with the lease (no pool).
    [[nodiscard]] static std::unique_ptr<Lease> fresh();
    /// Contexts waiting for a test.
    [[nodiscard]] std::size_t keptCount();

    /// A context serves at most this many tests, then is deleted: what Z3 keeps from earlier
    /// tests (symbols, caches) does not grow without bound over a long suite.
    static constexpr int kUsesPerContext = 1000;

  private:
    struct Kept {
        std::unique_ptr<z3::context> ctx;
        std::unique_ptr<SharedSolver> solver; // after ctx: destroyed before it
        int uses = 0;
    };
    void giveBack(Kept kept);

    std::mutex mutex_;
    std::vector<Kept> kept_;
};

} // namespace ptx::smt
