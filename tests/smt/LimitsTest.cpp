// The SMT engine on large candidates (issue 12): values as deep as the thread is long are
// translated without recursion; the encoding checks the deadline as it builds its terms, and a
// stop interrupts it; reassigned terms are released (z3++'s move assignment leaks them).
#include "enumerate/Candidates.hpp"
#include "parser/Parser.hpp"
#include "smt/AxiomEncoding.hpp"
#include "smt/SmtEngine.hpp"

#include "../robustness/SmallStack.hpp"

#include <chrono>
#include <doctest/doctest.h>
#include <new>
#include <string>
#include <thread>
#include <vector>

using namespace ptx;
using namespace ptx::smt;

namespace {

std::string storesTo(int n) {
    std::string text = "PTX stores\n{ x=0; }\n P0@cta 0,gpu 0 ;\n";
    for (int i = 1; i <= n; ++i)
        text += " st.weak x, " + std::to_string(i) + " ;\n";
    return text + "exists (x == 1)\n";
}

double secondsSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

} // namespace

TEST_CASE("a value computed by 100,000 additions is translated on a small stack") {
    std::string text = "PTX chain\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n"
                       " ld.weak r0, y | st.weak y, 1 ;\n";
    for (int i = 0; i < 100000; ++i)
        text += " add r0, r0, 1 | ;\n";
    text += " st.weak x, r0 | ;\nexists (x == 1)\n";
    const Program program = parseLitmus(text, "chain.litmus");
    const ProgramPaths paths = expandProgram(program, 2, Deadline());
    const CandidateExecution c = buildCandidate(program, paths, {0, 0});
    ptx::test::runOnSmallStack([&] {
        z3::context ctx;
        z3::solver solver(ctx);
        CandidateEncoding encoding(ctx, solver, c, {});
        const Event& store = c.events.back();
        REQUIRE(store.kind == EventKind::Write);
        CHECK(encoding.value(store.value).is_bv());
    });
}

TEST_CASE("the encoding of a large candidate stops at the deadline") {
    // 400 writes to one location: the encoding alone takes far longer than the limit.
    const Program program = parseLitmus(storesTo(400), "stores.litmus");
    const ProgramPaths paths = expandProgram(program, 2, Deadline());
    const MemoryModel model = ptx6Model();
    const EngineRequest request{program, paths, model, {}, true, {}, Deadline(0.3, StopToken()),
                                nullptr};
    const auto start = std::chrono::steady_clock::now();
    CHECK_THROWS_AS(static_cast<void>(runSmt(request)), TimeLimitExceeded);
    CHECK(secondsSince(start) < 1.3);
}

TEST_CASE("a stop interrupts the encoding") {
    const Program program = parseLitmus(storesTo(400), "stores.litmus");
    const ProgramPaths paths = expandProgram(program, 2, Deadline());
    const MemoryModel model = ptx6Model();
    StopSource source;
    source.requestStop(2);
    const EngineRequest request{program, paths, model, {}, true, {}, Deadline({}, source.token()),
                                nullptr};
    CHECK_THROWS_AS(static_cast<void>(runSmt(request)), Interrupted);
}

TEST_CASE("reassigning a symbolic Boolean releases the term it held") {
    // z3++ 4.8.12's move assignment of an expr forgets the old term without releasing it: every
    // `r = r || x` leaked a term, and the leaked chains made deleting a context take seconds.
    // Z3 keeps freed memory for reuse, so a second round of the same work must need no more.
    z3::context ctx;
    auto round = [&](const char* name) { // terms over a fresh constant: nothing shared
        const z3::expr x = ctx.bool_const(name);
        SymBool acc(x);
        for (int i = 0; i < 100000; ++i)
            acc = acc || SymBool(x);
        SymRelation r(ctx, 2);
        for (int i = 0; i < 1000; ++i)
            r.set(0, 1, r.at(0, 1) || SymBool(x));
    };
    round("x");
    const std::uint64_t afterOne = Z3_get_estimated_alloc_size();
    round("y");
    const std::uint64_t afterTwo = Z3_get_estimated_alloc_size();
    CHECK(afterTwo <= afterOne + 256 * 1024); // leaking: 100,000 more terms, megabytes
}

TEST_CASE("a solver error is out of memory only when Z3 says so") {
    using ptx::smt::rethrowSolverError;
    const ptx::Deadline none;
    CHECK_THROWS_AS(rethrowSolverError(z3::exception("out of memory"), none, ptx::Phase::Solver),
                    std::bad_alloc);
    CHECK_THROWS_AS(
        rethrowSolverError(z3::exception("max. memory exceeded"), none, ptx::Phase::Solver),
        std::bad_alloc);
    // An unknown parameter's message lists the legal ones, `max_memory` among them: a failure
    // of the solver, reported as such (it was taken for out of memory).
    CHECK_THROWS_AS(rethrowSolverError(z3::exception("unknown parameter 'x'\nLegal parameters "
                                                     "are:\n  max_memory (unsigned int)"),
                                       none, ptx::Phase::Solver),
                    ptx::SmtFailure);
}

TEST_CASE("a time limit past the clock's range never expires, and the engines finish under it") {
    // 1e10 s is past the steady clock's range of nanoseconds from now: it wrapped into the past
    // and every test ran out of time at once.
    for (const double seconds : {1e10, 1e15, 1e308}) {
        CAPTURE(seconds);
        const Deadline d(seconds, StopToken());
        CHECK_FALSE(d.expired());
        CHECK_FALSE(d.expiry().has_value());
        CHECK(d.limitSeconds() == seconds);
        CHECK_NOTHROW(d.check(Phase::Solver));
        // The earlier of two limits is still the earlier one.
        CHECK(d.sooner(5).expiry().has_value());
    }
    const Program program = parseLitmus(storesTo(3), "stores.litmus");
    const ProgramPaths paths = expandProgram(program, 2, Deadline(1e10, StopToken()));
    const MemoryModel model = ptx6Model();
    const EngineRequest request{program, paths, model, {}, true, {}, Deadline(1e10, StopToken()),
                                nullptr};
    const EngineResult result = runSmt(request);
    CHECK(result.witnesses.size() == 1); // x ends as 3: co follows the program's order
}

TEST_CASE("the release reserve counts the process's resident memory, not only Z3's estimate") {
    // Memory outside Z3's estimate (here a plain buffer, touched so that it is resident) costs
    // time to release too: a 1 GB encoding once ran 1.9 s past its limit because the estimate
    // left most of it out.
    const Deadline run;
    const double before = std::chrono::duration<double>(releaseReserve(run)).count();
    std::vector<char> held(std::size_t{400} << 20U);
    for (std::size_t i = 0; i < held.size(); i += 4096)
        held[i] = 1;
    const double after = std::chrono::duration<double>(releaseReserve(run)).count();
    // 1.5 s per GB (DeadlineCheck.cpp): 400 MB adds about 0.6 s.
    CHECK(after - before > 0.5);
    CHECK(held[4096] == 1);
}

TEST_CASE("the release reserve stretches when the run has had less than a core") {
    // A run that waited (as one does on a loaded machine) has used little processor time for
    // its wall time: releasing memory will take longer by as much, up to 4 times.
    std::vector<char> held(std::size_t{200} << 20U);
    for (std::size_t i = 0; i < held.size(); i += 4096)
        held[i] = 1;
    const Deadline quiet;
    const double busy = std::chrono::duration<double>(releaseReserve(quiet)).count();
    const Deadline waiting;
    std::this_thread::sleep_for(std::chrono::milliseconds(600));
    const double waited = std::chrono::duration<double>(releaseReserve(waiting)).count();
    CHECK(waited > 3 * busy);
    CHECK(held[4096] == 1);
}
