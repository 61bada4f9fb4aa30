// Path expansion (ThreadPath.hpp): loops and the unroll bound, predicated instructions, RMW
// values and the dependencies recorded on each path.
#include "enumerate/ThreadPath.hpp"
#include "parser/Parser.hpp"

#include <algorithm>
#include <doctest/doctest.h>

using namespace ptx;

namespace {

struct Expanded {
    Program program;
    ThreadPaths paths;
};

Expanded expand(const std::string& code, int unroll = 2) {
    Program p = parseLitmus(
        "PTX t\n{ x=0; y=0; }\n P0@cta 0,gpu 0 ;\n" + code + "exists (x == 0)\n", "t.litmus");
    const LocationTable locations(p);
    ThreadPaths paths =
        enumerateThreadPaths(p, p.threads.at(0), locations, unroll, ptx::Deadline());
    return {std::move(p), std::move(paths)};
}

bool has(const std::vector<EventPair>& pairs, int a, int b) {
    return std::find(pairs.begin(), pairs.end(), EventPair{a, b}) != pairs.end();
}

} // namespace

TEST_CASE("a loop on a read value is unrolled up to the bound, the rest is cut") {
    const std::string loop = " LC00: ;\n ld.relaxed.gpu r0, x ;\n bne r0, 1, LC00 ;\n";
    const Expanded two = expand(loop, 2);
    CHECK(two.paths.paths.size() == 3); // leaves after 1, 2 or 3 reads
    CHECK(two.paths.cut == 1);
    CHECK(two.paths.cutAt == std::vector<std::string>{"LC00"});
    std::vector<std::size_t> reads;
    for (const ThreadPath& p : two.paths.paths) {
        reads.push_back(p.events.size());
        CHECK(p.conditions.size() == p.events.size()); // one condition per branch taken or not
    }
    std::sort(reads.begin(), reads.end());
    CHECK(reads == std::vector<std::size_t>{1, 2, 3});
    const Expanded zero = expand(loop, 0);
    CHECK(zero.paths.paths.size() == 1);
    CHECK(zero.paths.cut == 1);
}

TEST_CASE("a branch with a constant condition does not fork") {
    const Expanded e =
        expand(" mov r0, 1 ;\n beq r0, 1, L ;\n st.weak x, 1 ;\n L: ;\n st.weak y, 2 ;\n");
    REQUIRE(e.paths.paths.size() == 1);
    CHECK(e.paths.paths[0].events.size() == 1);
    CHECK(e.paths.paths[0].conditions.empty());
}

TEST_CASE("a predicated instruction gives two paths, with opposite conditions") {
    const Expanded e = expand(" ld.weak r0, x ;\n setp.eq.s32 p, r0, 1 ;\n @p st.weak y, 1 ;\n");
    REQUIRE(e.paths.paths.size() == 2);
    std::vector<std::size_t> sizes;
    for (const ThreadPath& p : e.paths.paths) {
        sizes.push_back(p.events.size());
        REQUIRE(p.conditions.size() == 1);
        std::vector<std::int64_t> readValue(p.events.size(), 1); // the read sees 1
        const bool holds = p.values.evaluate(p.conditions[0], readValue) != 0;
        CHECK(holds == (p.events.size() == 2)); // the store happens exactly when x was 1
        if (p.events.size() == 2) CHECK(has(p.ctrl, 0, 1));
    }
    std::sort(sizes.begin(), sizes.end());
    CHECK(sizes == std::vector<std::size_t>{1, 2});
}

TEST_CASE("RMW: a read and a write related by rmw, the written value is computed from the read") {
    const Expanded e =
        expand(" atom.relaxed.gpu.add r0, x, 5 ;\n atom.acq_rel.gpu.cas r1, y, 0, 7 ;\n");
    REQUIRE(e.paths.paths.size() == 1);
    const ThreadPath& p = e.paths.paths[0];
    REQUIRE(p.events.size() == 4);
    CHECK(has(p.rmw, 0, 1));
    CHECK(has(p.rmw, 2, 3));
    CHECK(p.events[0].isRmw);
    CHECK(p.events[2].sem == Sem::Acquire);
    CHECK(p.events[3].sem == Sem::Release);
    std::vector<std::int64_t> v{10, 0, 0, 0};
    CHECK(p.values.evaluate(p.events[1].value, v) == 15);
    CHECK(p.values.evaluate(p.events[3].value, v) == 7); // y was 0: cas succeeds
    v[2] = 3;
    CHECK(p.values.evaluate(p.events[3].value, v) == 3); // fails: writes the old value
    CHECK(has(p.data, 0, 1));
    CHECK(has(p.valueDeps, 0, 1));
    CHECK(p.values.evaluate(p.finalRegisters.at("r0"), v) == 10);
}

TEST_CASE("dependencies: data through registers, control after a branch, none after xor-zero") {
    const Expanded e = expand(" ld.weak r0, x ;\n add r1, r0, 1 ;\n st.weak y, r1 ;\n"
                              " xor r2, r0, r0 ;\n st.weak x, r2 ;\n beq r0, 9, L ;\n L: ;\n"
                              " st.weak y, 3 ;\n");
    REQUIRE(e.paths.paths.size() == 2); // the branch forks (both targets reach L)
    for (const ThreadPath& p : e.paths.paths) {
        REQUIRE(p.events.size() == 4);
        CHECK(has(p.data, 0, 1));
        CHECK(has(p.valueDeps, 0, 1));
        CHECK(has(p.data, 0, 2));            // syntactic dependency kept
        CHECK_FALSE(has(p.valueDeps, 0, 2)); // but the value is the constant 0
        CHECK(has(p.ctrl, 0, 3));
        CHECK_FALSE(has(p.ctrl, 0, 1));
    }
}

TEST_CASE("proxies: aliases share the physical location, not always the virtual address") {
    Program p = parseLitmus("PTX t\n{ x=0; g @ generic aliases x; t @ texture aliases x; "
                            "s @ surface aliases g; }\n P0@cta 0,gpu 0 ;\n st.weak x, 1 ;\n"
                            " ld.weak r0, g ;\n tld.weak r1, t ;\n sust.weak s, 2 ;\n"
                            " fence.proxy.alias ;\n fence.proxy.texture ;\n"
                            "exists (0:r0 == 0 /\\ t == 1 /\\ g == 1)\n",
                            "t.litmus");
    const LocationTable locations(p);
    CHECK(locations.size() == 1); // x only: aliases are not locations of their own
    CHECK(locations.find("t") == locations.find("x"));
    CHECK(locations.findVirtual("t") == locations.findVirtual("x")); // proxy alias
    CHECK(locations.findVirtual("g") != locations.findVirtual("x")); // generic alias
    CHECK(locations.findVirtual("s") == locations.findVirtual("g")); // proxy alias of g
    const ThreadPaths paths = enumerateThreadPaths(p, p.threads.at(0), locations, 2, Deadline());
    REQUIRE(paths.paths.size() == 1);
    const std::vector<Event>& ev = paths.paths[0].events;
    REQUIRE(ev.size() == 6);
    CHECK(ev[0].proxy == Proxy::Generic);
    CHECK(ev[1].location == ev[0].location);
    CHECK(ev[1].virtualLocation != ev[0].virtualLocation);
    CHECK(ev[2].proxy == Proxy::Texture);
    CHECK(ev[2].virtualLocation == ev[0].virtualLocation);
    CHECK(ev[3].proxy == Proxy::Surface);
    CHECK(ev[3].virtualLocation == ev[1].virtualLocation);
    CHECK(ev[4].fenceKind == FenceKind::ProxyAlias);
    CHECK_FALSE(ev[4].proxy.has_value());
    CHECK(ev[5].fenceKind == FenceKind::ProxyTexture);
    CHECK(ev[5].proxy == Proxy::Texture);
    CHECK(ev[5].sem == Sem::Weak); // neither a fence.sc nor an acq_rel fence
}

TEST_CASE("proxies: a pointer to an alias is refused, not read as address 0") {
    const Program p = parseLitmus("PTX t\n{ x=0; g @ generic aliases x; P0:r1=&g; }\n"
                                  " P0@cta 0,gpu 0 ;\n st.weak [r1], 1 ;\nexists (x == 1)\n",
                                  "t.litmus");
    CHECK_THROWS_AS((void)LocationTable{p}.addressValue("g"), EnumerationError);
    const LocationTable locations(p);
    CHECK_THROWS_AS((void)enumerateThreadPaths(p, p.threads.at(0), locations, 2, Deadline()),
                    EnumerationError);
}

TEST_CASE("proxies: an offset from an alias is refused") {
    const Program p = parseLitmus("PTX t\n{ x=0; g @ generic aliases x; }\n P0@cta 0,gpu 0 ;\n"
                                  " ld.weak r0, [g+4] ;\nexists (0:r0 == 0)\n",
                                  "t.litmus");
    CHECK_THROWS_AS(LocationTable{p}, EnumerationError);
}

TEST_CASE("pointers: an offset through a register names the location of that offset") {
    const Program p = parseLitmus("PTX t\n{ x=0; y=0; P0:r5=&y; }\n P0@cta 0,gpu 0 ;\n"
                                  " st.weak [y-4], 1 ;\n ld.weak r2, [%r5-4] ;\n"
                                  " ld.weak r3, [%r5+4] ;\n ld.weak r4, [y+4] ;\n"
                                  "exists (0:r2 == 1)\n",
                                  "t.litmus");
    const LocationTable locations(p);
    const ThreadPaths paths = enumerateThreadPaths(p, p.threads.at(0), locations, 2, Deadline());
    REQUIRE(paths.paths.size() == 1);
    std::vector<int> loads;
    for (const Event& e : paths.paths[0].events)
        if (e.kind == EventKind::Read) loads.push_back(e.location);
    REQUIRE(loads.size() == 3);
    // y-4 through r5 is the location [y-4] names, not 2^32 - 4 bytes past x (the base before).
    CHECK(loads[0] == *locations.find("y-4"));
    CHECK(loads[1] == *locations.find("y+4"));
    CHECK(loads[2] == loads[1]);
    // Pointer values near the ends of the 64-bit range designate nothing (no overflow).
    CHECK_FALSE(locations.locationOfAddress(INT64_MAX).has_value());
    CHECK_FALSE(locations.locationOfAddress(INT64_MIN).has_value());
}

TEST_CASE("pointers: an address is used only inside the location it was computed from") {
    auto expandText = [](const std::string& body) {
        const Program p = parseLitmus("PTX t\n{ x=0; y=0; P0:r5=&x; }\n P0@cta 0,gpu 0 ;\n" + body +
                                          "exists (0:r2 == 1)\n",
                                      "t.litmus");
        const LocationTable locations(p);
        return enumerateThreadPaths(p, p.threads.at(0), locations, 2, Deadline());
    };
    // &x + 4 stays in x (the location x+4); an offset written in the load too.
    CHECK(expandText(" st.weak [x+8], 1 ;\n add r7, r5, 4 ;\n ld.weak r2, [%r7+4] ;\n")
              .paths.size() == 1);
    // &x + 2^32 is y's pointer value, but reaching y that way is not modelled: refused.
    CHECK_THROWS_WITH_AS(
        (void)expandText(" st.weak y, 1 ;\n add r7, r5, 4294967296 ;\n ld.weak r2, [%r7] ;\n"),
        doctest::Contains("(line 6, column 2) was computed from &x but lies in another location "
                          "(y): pointer arithmetic across locations is not modelled"),
        EnumerationError);
    // A number that happens to be y's pointer value is no pointer.
    CHECK_THROWS_WITH_AS(
        (void)expandText(" st.weak y, 1 ;\n mov r7, 8589934592 ;\n ld.weak r2, [%r7] ;\n"),
        doctest::Contains("was not computed from a location's address"), EnumerationError);
    // Two pointers subtracted, or a pointer masked, point nowhere.
    CHECK_THROWS_AS((void)expandText(" add r7, r5, r5 ;\n ld.weak r2, [%r7] ;\n"),
                    EnumerationError);
}

// ---- termination: the paths that stop for ever (model/Termination.hpp) ----------------------

namespace {

std::size_t repeatedEvents(const ThreadPath& p) {
    return static_cast<std::size_t>(
        std::count_if(p.events.begin(), p.events.end(), [](const Event& e) { return e.repeated; }));
}

} // namespace

TEST_CASE("a spin loop may stop for ever after each of its iterations, repeating the last one") {
    const Expanded e = expand(" LC00: ;\n ld.relaxed.gpu r0, x ;\n bne r0, 1, LC00 ;\n", 2);
    CHECK(e.paths.hasLoop);
    CHECK_FALSE(e.paths.hasWaitingBarrier);
    REQUIRE(e.paths.stuck.size() == 3); // after 1, 2 and 3 iterations (the third is cut)
    for (std::size_t k = 0; k < e.paths.stuck.size(); ++k) {
        const ThreadPath& p = e.paths.stuck[k];
        REQUIRE(p.stuck);
        CHECK(p.stuck->kind == StuckAt::Kind::Loop);
        CHECK(p.stuck->label == "LC00");
        CHECK(p.stuck->pos.line == 6); // the backward branch
        CHECK(p.events.size() == k + 1);
        CHECK(repeatedEvents(p) == 1); // only the last read repeats
        CHECK(p.events.back().repeated);
    }
    CHECK(e.paths.cutNonSpin.empty()); // a spin loop: the bound hides no hang
}

TEST_CASE("a loop that carries a register is never in the same state: no stuck path, and its "
          "cut makes termination unknown") {
    const Expanded e = expand(
        " mov r1, 0 ;\n LC00: ;\n add r1, r1, 1 ;\n ld.relaxed.gpu r0, x ;\n bne r0, 1, LC00 ;\n");
    CHECK(e.paths.stuck.empty()); // r1 differs at the start and the end of every iteration
    CHECK(e.paths.cutNonSpin == std::vector<std::string>{"LC00"});
}

TEST_CASE("an iteration with a side effect repeats only the same iteration before it") {
    const Expanded e = expand(" LC00: ;\n atom.relaxed.gpu.exch r0, x, 1 ;\n bne r0, 0, LC00 ;\n");
    // No stuck path after the first iteration (nothing to compare it with); after the second and
    // third, the values read and written must equal the previous iteration's: one condition
    // (r0 of the last two iterations equal) beyond the branches taken (the written 1s fold).
    REQUIRE(e.paths.stuck.size() == 2);
    CHECK(e.paths.stuck[0].conditions.size() == 2 + 1);
    CHECK(e.paths.stuck[1].conditions.size() == 3 + 1);
    for (const ThreadPath& p : e.paths.stuck)
        CHECK(repeatedEvents(p) == 2); // the atom's read and write
}

TEST_CASE("a loop with a store is not a spin loop, one of failed exchanges may be") {
    // A failed exch of 1 on a location that holds only 0 or 1 writes back what it read: a spin
    // iteration when the location allows it (settleFailedCas decides; FailedCasTest.cpp).
    const Expanded lock =
        expand(" LC00: ;\n atom.relaxed.gpu.exch r0, x, 1 ;\n bne r0, 0, LC00 ;\n");
    CHECK(lock.paths.cutAt == std::vector<std::string>{"LC00"});
    CHECK(lock.paths.cutNonSpin.empty());
    CHECK(lock.paths.cutFailedCas.count("LC00") == 1);
    CHECK(lock.paths.failedExchLocations.size() == 1);
    // Exchanging in 2 while going round on anything but 0: it may write 2 over a 1.
    const Expanded two = expand(" LC00: ;\n atom.relaxed.gpu.exch r0, x, 2 ;\n"
                                " atom.relaxed.gpu.exch r1, x, 1 ;\n bne r0, 0, LC00 ;\n");
    CHECK(two.paths.cutNonSpin == std::vector<std::string>{"LC00"});
    const Expanded store = expand(" LC00: ;\n st.relaxed.gpu y, 1 ;\n ld.relaxed.gpu r0, x ;\n"
                                  " bne r0, 1, LC00 ;\n");
    CHECK(store.paths.cutNonSpin == std::vector<std::string>{"LC00"});
}

TEST_CASE("a waiting barrier may wait for ever, an arrival never waits") {
    const Expanded counted = expand(" bar.cta.sync 1, 1, 2 ;\n");
    CHECK(counted.paths.hasWaitingBarrier);
    REQUIRE(counted.paths.stuck.size() == 1);
    const ThreadPath& p = counted.paths.stuck.front();
    REQUIRE(p.stuck);
    CHECK(p.stuck->kind == StuckAt::Kind::Barrier);
    CHECK(p.stuck->barrierEvent == 0);
    CHECK(p.events.front().barrierArrive); // it arrives but never passes
    CHECK_FALSE(counted.paths.paths.front().events.front().barrierArrive);
    const Expanded plain = expand(" bar.cta.sync 1 ;\n"); // whether it blocks: hangBarriersHold
    CHECK(plain.paths.hasWaitingBarrier);
    CHECK(plain.paths.stuck.size() == 1);
    const Expanded arrive = expand(" bar.cta.arrive 1, 1, 2 ;\n");
    CHECK_FALSE(arrive.paths.hasWaitingBarrier);
    CHECK(arrive.paths.stuck.empty());
}

TEST_CASE("starved prefixes: one per point before an instruction, only when asked for") {
    const Program p = parseLitmus("PTX t\n{ x=0; y=0; }\n P0@cta 1,gpu 0 ;\n"
                                  " st.relaxed.gpu x, 1 ;\n mov.u32 r1, 2 ;\n"
                                  " ld.relaxed.gpu r0, y ;\n st.relaxed.gpu y, r1 ;\n"
                                  "exists (x == 0)\n",
                                  "t.litmus");
    const LocationTable locations(p);
    // A fair scheduler starves nobody: no prefixes (the termination query of --progress fair).
    CHECK(enumerateThreadPaths(p, p.threads.at(0), locations, 2, Deadline()).starved.empty());
    const ThreadPaths paths =
        enumerateThreadPaths(p, p.threads.at(0), locations, 2, Deadline(), 4096, true);
    REQUIRE(paths.paths.size() == 1);
    // Before the first store (not started), before the mov (the load after it adds the next
    // event) and before the last store: one per number of events.
    REQUIRE(paths.starved.size() == 3);
    std::vector<std::size_t> sizes;
    for (const ThreadPath& s : paths.starved) {
        REQUIRE(s.stuck.has_value());
        CHECK(s.stuck->kind == StuckAt::Kind::Starved);
        CHECK(s.stuck->cta == 1);
        sizes.push_back(s.events.size());
    }
    CHECK(sizes == std::vector<std::size_t>{0, 1, 2});
    CHECK(paths.starved[0].stuck->pos.line == 4); // where each stops: the first store,
    CHECK(paths.starved[1].stuck->pos.line == 5); // the mov,
    CHECK(paths.starved[2].stuck->pos.line == 7); // the last store
}
