// Shared-memory banks: the component (bank mapping, per-bank FIFO queues) and what the machine
// does with it on litmus tests whose locations are `.shared`: weak outcomes that only differing
// banks produce, and the ordering that release/acquire, fences and atomics keep.
#include "sim/SharedMemory.hpp"
#include "parser/OutcomeText.hpp"
#include "parser/Parser.hpp"
#include "sim/Condition.hpp"
#include "sim/SimProgram.hpp"
#include "sim/Simulator.hpp"

#include <doctest/doctest.h>

using namespace ptx;
using namespace ptx::sim;

namespace {

BankRequest request(int bank, int warp, BankOp op) {
    BankRequest r;
    r.bank = static_cast<std::int8_t>(bank);
    r.warp = static_cast<std::int16_t>(warp);
    r.thread = static_cast<std::int16_t>(warp);
    r.op = op;
    return r;
}

bool reaches(const Program& p, const SimResult& r) {
    for (const auto& [o, n] : r.histogram)
        if (evaluate(p.condition.expr, o)) return true;
    return false;
}

SimResult exhaustive(const Program& p, int window = 4, int banks = 32) {
    SimOptions o;
    o.machine.window = window;
    o.machine.sharedBanks = banks;
    return Simulator(p, o).runExhaustive();
}

/// Two threads of one CTA (so .cta scope is morally strong between them).
Program sameCta(const std::string& name, const std::string& body, const std::string& cond) {
    return parseLitmus("PTX " + name +
                           "\n{ x=0; y=0; d=0; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n" + body +
                           cond + "\n",
                       name + ".litmus");
}

/// Weak MP on shared memory with flag location `flag` (`y`: another bank, `x+128`: x's bank).
Program mpShared(const std::string& flag) {
    return sameCta("MP-shared",
                   " st.weak.shared [x], 1 | ld.weak.shared r0, [" + flag +
                       "] ;\n"
                       " st.weak.shared [" +
                       flag + "], 1 | ld.weak.shared r1, [x] ;\n",
                   "exists (P1:r0 == 1 /\\ P1:r1 == 0)");
}

} // namespace

TEST_CASE("shared memory: words in first-named order, bank = word mod 32") {
    std::vector<SimLocation> locs(4);
    locs[0] = SimLocation{"x", 0, true, 0, 0, -1};
    locs[1] = SimLocation{"x+128", 0, true, 0, 128, -1};
    locs[2] = SimLocation{"g", 0, false, 1, 0, -1};
    locs[3] = SimLocation{"y", 0, true, 2, 0, -1};
    assignSharedWords(locs);
    CHECK(locs[0].word == 0);
    CHECK(locs[1].word == 32); // 128 bytes on: 32 words, bank 0 again
    CHECK(locs[2].word == -1); // global: no word
    CHECK(locs[3].word == 33); // after x's 33 words
    CHECK(SharedMemory::bankOf(locs[1].word, 32) == 0);
    CHECK(SharedMemory::bankOf(locs[3].word, 32) == 1);
    CHECK(SharedMemory::bankOf(locs[3].word, 1) == 0);
}

TEST_CASE("shared memory: FIFO per warp at a bank, banks and warps independent") {
    SharedMemory m;
    // Requests are told apart by their value; positions in the list are an implementation detail.
    auto add = [&](int bank, int warp, std::int64_t tag) {
        BankRequest r = request(bank, warp, BankOp::Store);
        r.value = tag;
        m.enqueue(r);
    };
    auto at = [&](std::int64_t tag) {
        for (std::size_t i = 0; i < m.size(); ++i)
            if (m[i].value == tag) return i;
        FAIL("no request " << tag);
        return std::size_t{0};
    };
    add(3, 0, 1); // warp 0 at bank 3
    add(5, 0, 2); // warp 0 at bank 5
    add(3, 0, 3); // warp 0 at bank 3, behind request 1
    add(3, 1, 4); // warp 1 at bank 3
    CHECK(m.atHead(at(1)));
    CHECK(m.atHead(at(2)));       // another bank: may be served first
    CHECK_FALSE(m.atHead(at(3))); // behind its warp's older request at bank 3
    CHECK(m.atHead(at(4)));       // another warp's queue at bank 3: the arbiter may pick it
    CHECK(m.queued(0, 3) == 2);
    CHECK(m.queued(1, 3) == 1);
    CHECK(m.queued(1, 5) == 0);
    const BankRequest r = m.serve(at(2));
    CHECK(r.bank == 5);
    CHECK(r.value == 2);
    CHECK_FALSE(m.atHead(at(3))); // still behind request 1
    m.serve(at(1));
    CHECK(m.atHead(at(3)));
    CHECK(m.size() == 2);
    m.serve(at(4));
    m.serve(at(3));
    CHECK(m.empty());
}

TEST_CASE("shared memory: the same queues in another interleaving are the same state") {
    SharedMemory a, b;
    a.enqueue(request(3, 0, BankOp::Load));
    a.enqueue(request(5, 1, BankOp::Load));
    b.enqueue(request(5, 1, BankOp::Load));
    b.enqueue(request(3, 0, BankOp::Load));
    CHECK(a == b);
}

TEST_CASE("the .shared qualifier of one access puts the whole variable in shared memory") {
    const SimProgram p = compileProgram(parseLitmus("PTX sp\n{ x=0; z=0; }\n P0@cta 0,gpu 0 ;\n"
                                                    " st.weak.shared [x+4], 1 ;\n"
                                                    " ld.weak r0, [x] ;\n ld.weak r1, [z] ;\n"
                                                    "exists (P0:r0 == 0)\n",
                                                    "sp.litmus"));
    const auto& x = p.locations[static_cast<std::size_t>(p.locationByName.at("x"))];
    const auto& x4 = p.locations[static_cast<std::size_t>(p.locationByName.at("x+4"))];
    CHECK(x.shared);
    CHECK(x4.shared);
    CHECK(x.word == 0);
    CHECK(x4.word == 1);
    CHECK_FALSE(p.locations[static_cast<std::size_t>(p.locationByName.at("z"))].shared);
}

TEST_CASE("weak shared MP: the weak outcome needs two banks (in-order issue)") {
    // With the window closed, only the banks can reorder: the producer's two stores or the
    // consumer's two loads complete out of order only when they are queued at different banks.
    const Program twoBanks = mpShared("y");
    const Program oneBank = mpShared("x+128");
    CHECK(reaches(twoBanks, exhaustive(twoBanks, 1)));
    CHECK_FALSE(reaches(oneBank, exhaustive(oneBank, 1)));
    CHECK_FALSE(reaches(twoBanks, exhaustive(twoBanks, 1, 1))); // one bank for everything
    // The trace names the banks and the queueing.
    SimOptions o;
    o.machine.window = 1;
    const auto lines = Simulator(twoBanks, o)
                           .trace(parseOutcomeText("1:r0=1 /\\ 1:r1=0", twoBanks, "target"), true);
    REQUIRE(lines.has_value());
    std::string all;
    for (const auto& l : *lines)
        all += l + "\n";
    CHECK(all.find("queues at shared-memory bank 1 of SM 0") != std::string::npos);
    CHECK(all.find("shared bank 0 serves P") != std::string::npos);
    CHECK(all.find("store buffer") == std::string::npos); // shared stores bypass it
}

TEST_CASE("shared LB: a load waiting at its bank is overtaken by a later store, not by its use") {
    const Program lb = sameCta("LB-shared",
                               " ld.weak.shared r0, [x] | ld.weak.shared r1, [y] ;\n"
                               " st.weak.shared [y], 1 | st.weak.shared [x], 1 ;\n",
                               "exists (P0:r0 == 1 /\\ P1:r1 == 1)");
    CHECK(reaches(lb, exhaustive(lb, 1)));
    const Program data = sameCta("LB-shared+data",
                                 " ld.weak.shared r0, [x] | ld.weak.shared r1, [y] ;\n"
                                 " st.weak.shared [y], r0 | st.weak.shared [x], r1 ;\n",
                                 "exists (P0:r0 == 1 /\\ P1:r1 == 1)");
    const auto e = exhaustive(data);
    CHECK_FALSE(reaches(data, e));
    CHECK(e.histogram.size() == 1); // only zeros: the store waits for its register
}

TEST_CASE("shared memory keeps release/acquire, fences, coherence and atomicity") {
    const std::string mp = "exists (P1:r0 == 1 /\\ P1:r1 == 0)";
    const Program relAcq = sameCta("MP-shared+rel+acq",
                                   " st.weak.shared [x], 1 | ld.acquire.cta.shared r0, [y] ;\n"
                                   " st.release.cta.shared [y], 1 | ld.weak.shared r1, [x] ;\n",
                                   mp);
    const Program fences = sameCta("MP-shared+fences",
                                   " st.weak.shared [x], 1 | ld.relaxed.cta.shared r0, [y] ;\n"
                                   " fence.acq_rel.cta | fence.acq_rel.cta ;\n"
                                   " st.relaxed.cta.shared [y], 1 | ld.weak.shared r1, [x] ;\n",
                                   mp);
    // The flag in shared memory, the data global: the acquire stalls the thread until its bank
    // serves it, so the global load cannot be performed earlier.
    const Program mixed = sameCta("MP-shared-flag",
                                  " st.weak [d], 1 | ld.acquire.cta.shared r0, [y] ;\n"
                                  " st.release.cta.shared [y], 1 | ld.weak r1, [d] ;\n",
                                  mp);
    const Program sb = sameCta("SB-shared+fence.sc",
                               " st.weak.shared [x], 1 | st.weak.shared [y], 1 ;\n"
                               " fence.sc.cta | fence.sc.cta ;\n"
                               " ld.weak.shared r0, [y] | ld.weak.shared r1, [x] ;\n",
                               "exists (P0:r0 == 0 /\\ P1:r1 == 0)");
    const Program corr = sameCta("CoRR-shared",
                                 " st.relaxed.cta.shared [x], 1 | ld.relaxed.cta.shared r1, [x] ;\n"
                                 " | ld.relaxed.cta.shared r2, [x] ;\n",
                                 "exists (P1:r1 == 1 /\\ P1:r2 == 0)");
    for (const Program* p : {&relAcq, &fences, &mixed, &sb, &corr}) {
        INFO(p->name);
        for (int window : {1, 4}) {
            const auto e = exhaustive(*p, window);
            CHECK_FALSE(e.boundHit);
            CHECK_FALSE(e.hangReachable);
            CHECK_FALSE(e.histogram.empty());
            CHECK_FALSE(reaches(*p, e));
        }
    }
    // Without the fences, SB is reached: both loads are served before either store.
    const Program sbWeak = sameCta("SB-shared",
                                   " st.weak.shared [x], 1 | st.weak.shared [y], 1 ;\n"
                                   " ld.weak.shared r0, [y] | ld.weak.shared r1, [x] ;\n",
                                   "exists (P0:r0 == 0 /\\ P1:r1 == 0)");
    CHECK(reaches(sbWeak, exhaustive(sbWeak, 1)));
    const Program atoms = sameCta(
        "Atom-shared",
        " atom.relaxed.cta.shared.add r0, [x], 1 | atom.relaxed.cta.shared.add r1, [x], 1 ;\n",
        "forall (x == 2 /\\ P0:r0 != P1:r1)");
    const auto a = exhaustive(atoms);
    REQUIRE(a.histogram.size() == 2);
    for (const auto& [o, n] : a.histogram)
        CHECK(evaluate(atoms.condition.expr, o));
}
