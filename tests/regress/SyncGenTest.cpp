// gen --lock and gen --barrier (src/gen/LockFamily, BarrierFamily): names, and tests that parse
// and have the algorithm's shape: one spin loop per thread, the counter updated by weak accesses,
// the synchronisation at the semantics the variant asks for, the XF barrier's flags and roles.
#include "gen/BarrierFamily.hpp"
#include "gen/LockFamily.hpp"
#include "gen/SyncWeakening.hpp"
#include "model/Names.hpp"
#include "parser/Parser.hpp"

#include <doctest/doctest.h>

#include <map>
#include <set>

using namespace ptx::gen;

namespace {

/// The address's location name (every generated access names one).
std::string locationOf(const ptx::Address& a) {
    return std::get<std::string>(a.base);
}

/// What a thread does: its backward jumps (loops), and per location the semantics of its
/// loads, stores and atomics, as `ld.acquire`, `st.weak`, `atom.relaxed`.
struct ThreadShape {
    int backwardJumps = 0;
    std::map<std::string, std::multiset<std::string>> accesses;
};

ThreadShape shapeOf(const ptx::Thread& t) {
    ThreadShape shape;
    std::set<std::string> labelsSeen;
    for (const ptx::Instruction& i : t.code) {
        if (const auto* l = std::get_if<ptx::Label>(&i.body)) labelsSeen.insert(l->name);
        if (const auto* b = std::get_if<ptx::Branch>(&i.body))
            shape.backwardJumps += labelsSeen.count(b->target) > 0 ? 1 : 0;
        if (const auto* l = std::get_if<ptx::Load>(&i.body))
            shape.accesses[locationOf(l->addr)].insert(std::string("ld.") + ptx::semName(l->sem));
        if (const auto* s = std::get_if<ptx::Store>(&i.body))
            shape.accesses[locationOf(s->addr)].insert(std::string("st.") + ptx::semName(s->sem));
        if (const auto* a = std::get_if<ptx::Atomic>(&i.body))
            shape.accesses[locationOf(a->addr)].insert(std::string("atom.") + ptx::semName(a->sem));
    }
    return shape;
}

using Accesses = std::multiset<std::string>;

} // namespace

TEST_CASE("lock and barrier test names, and the variants' names round-trip") {
    CHECK(lockTestName(LockKind::Cas, 6, SyncWeakening::None) == "caslock-6");
    CHECK(lockTestName(LockKind::Ticket, 4, SyncWeakening::Acquire) == "ticketlock-4+acq2rx");
    CHECK(lockTestName(LockKind::Ttas, 3, SyncWeakening::Release) == "ttaslock-3+rel2rx");
    CHECK(xfBarrierTestName(8, 4, SyncWeakening::Both) == "xf-barrier-8x4+acqrel2rx");
    for (const char* k : {"caslock", "ticketlock", "ttaslock"})
        CHECK(name(parseLockKind(k)) == k);
    for (const SyncWeakening w : allSyncWeakenings())
        CHECK(parseSyncWeakening(name(w)) == w);
    CHECK_THROWS_AS(static_cast<void>(parseLockKind("spinlock")), ptx::InputError);
    CHECK_THROWS_AS(static_cast<void>(parseSyncWeakening("acq")), ptx::InputError);
}

TEST_CASE("a lock test: N threads, one per CTA, each a spin loop and a weak increment of x") {
    for (const LockKind kind : {LockKind::Cas, LockKind::Ticket, LockKind::Ttas})
        for (const SyncWeakening w : allSyncWeakenings())
            for (const int n : {1, 3, 6}) {
                const std::string name = lockTestName(kind, n, w);
                CAPTURE(name);
                const std::string text = writeLockTest(kind, n, w);
                CHECK(text == writeLockTest(kind, n, w)); // deterministic
                const ptx::Program p = ptx::parseLitmus(text, name + ".litmus");
                CHECK(p.name == name);
                REQUIRE(p.threads.size() == std::size_t(n));
                CHECK(text.find("exists (~(x == " + std::to_string(n) + "))") != std::string::npos);
                for (const ptx::Thread& t : p.threads) {
                    CHECK(t.cta == t.id);
                    const ThreadShape s = shapeOf(t);
                    CHECK(s.backwardJumps == (kind == LockKind::Ttas ? 2 : 1));
                    CHECK(s.accesses.at("x") == Accesses{"ld.weak", "st.weak"});
                }
            }
}

TEST_CASE("a lock's acquire and release take the semantics the variant asks for") {
    const auto lockAccesses = [](LockKind kind, SyncWeakening w) {
        const ptx::Program p = ptx::parseLitmus(writeLockTest(kind, 2, w), "t.litmus");
        const auto accesses = shapeOf(p.threads[1]).accesses;
        return kind == LockKind::Ticket ? std::make_pair(accesses.at("next"), accesses.at("owner"))
                                        : std::make_pair(accesses.at("m"), Accesses{});
    };
    CHECK(lockAccesses(LockKind::Cas, SyncWeakening::None).first ==
          Accesses{"atom.acquire", "st.release"});
    CHECK(lockAccesses(LockKind::Cas, SyncWeakening::Acquire).first ==
          Accesses{"atom.relaxed", "st.release"});
    CHECK(lockAccesses(LockKind::Cas, SyncWeakening::Release).first ==
          Accesses{"atom.acquire", "st.relaxed"});
    CHECK(lockAccesses(LockKind::Ttas, SyncWeakening::None).first ==
          Accesses{"ld.relaxed", "atom.acquire", "st.release"});
    CHECK(lockAccesses(LockKind::Ttas, SyncWeakening::Both).first ==
          Accesses{"ld.relaxed", "atom.relaxed", "st.relaxed"});
    // ticketlock: a relaxed fetch-and-add of next; acquire spin on owner, relaxed read of owner
    // and release store of owner + 1 to unlock.
    CHECK(lockAccesses(LockKind::Ticket, SyncWeakening::None) ==
          std::make_pair(Accesses{"atom.relaxed"},
                         Accesses{"ld.acquire", "ld.relaxed", "st.release"}));
    CHECK(lockAccesses(LockKind::Ticket, SyncWeakening::Both).second ==
          Accesses{"ld.relaxed", "ld.relaxed", "st.relaxed"});
}

TEST_CASE("an XF barrier: M CTAs of T threads, a master CTA, one flag and one leader per CTA") {
    for (const SyncWeakening w : {SyncWeakening::None, SyncWeakening::Both})
        for (const auto& [m, t] :
             {std::pair{2, 1}, std::pair{2, 2}, std::pair{5, 2}, std::pair{8, 4}}) {
            const std::string name = xfBarrierTestName(m, t, w);
            CAPTURE(name);
            const std::string text = writeXfBarrierTest(m, t, w);
            const ptx::Program p = ptx::parseLitmus(text, name + ".litmus");
            REQUIRE(p.threads.size() == std::size_t(m * t));
            const std::string acq = w == SyncWeakening::None ? "ld.acquire" : "ld.relaxed";
            const std::string rel = w == SyncWeakening::None ? "st.release" : "st.relaxed";
            std::map<std::string, int> waitersOf; // flag -> threads of CTA 0 that spin on it
            for (const ptx::Thread& th : p.threads) {
                const int c = th.id / t, rank = th.id % t;
                CHECK(th.cta == c);
                const ThreadShape s = shapeOf(th);
                // its own location before, the next CTA's thread of its rank after
                CHECK(s.accesses.at("d" + std::to_string(th.id)) == Accesses{"st.weak"});
                CHECK(s.accesses.at("d" + std::to_string((c + 1) % m * t + rank)) ==
                      Accesses{"ld.weak"});
                CHECK(text.find("P" + std::to_string(th.id) + ":r1 == 0") != std::string::npos);
                if (c == 0) {
                    int flags = 0; // each spun on in a loop of its own
                    for (const auto& [loc, acc] : s.accesses)
                        if (loc[0] == 'f') {
                            CHECK(acc == Accesses{acq, rel});
                            ++waitersOf[loc];
                            ++flags;
                        }
                    CHECK(s.backwardJumps == flags);
                } else if (rank == 0) {
                    CHECK(s.accesses.at("f" + std::to_string(c)) == Accesses{rel, acq});
                    CHECK(s.backwardJumps == 1);
                } else {
                    CHECK(s.backwardJumps == 0);
                    CHECK(s.accesses.size() == 2); // its d and the one it reads
                }
            }
            CHECK(waitersOf.size() == std::size_t(m - 1)); // every other CTA's flag, once each
            for (const auto& [flag, waiters] : waitersOf)
                CHECK(waiters == 1);
        }
}
