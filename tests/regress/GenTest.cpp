#include "gen/Family.hpp"
#include "gen/TestWriter.hpp"
#include "gen/Variant.hpp"
#include "parser/Parser.hpp"

#include <doctest/doctest.h>
#include <set>

using namespace ptx::gen;

TEST_CASE("the generator knows the fourteen classic families") {
    std::vector<std::string> names;
    for (const Family& f : families())
        names.push_back(f.name);
    CHECK(names == std::vector<std::string>{"MP", "SB", "LB", "CoRR", "CoWW", "CoWR", "CoRW",
                                            "IRIW", "WRC", "ISA2", "2+2W", "R", "S", "RWC"});
    CHECK(family("IRIW").threads.size() == 4);
    CHECK_THROWS_AS(static_cast<void>(family("XYZ")), ptx::InputError);
    CHECK(family("MP").singleWriterPerLocation());
    CHECK_FALSE(family("2+2W").singleWriterPerLocation());
    CHECK(family("SB").uniformThreads());
    CHECK_FALSE(family("WRC").uniformThreads());
}

TEST_CASE("axis names round-trip and test names are diy-like") {
    for (const char* o : {"weak", "relaxed", "rel-acq", "fence.sc", "fence.acq_rel", "bar"})
        CHECK(name(parseOrdering(o)) == o);
    CHECK_THROWS_AS(static_cast<void>(parseScope("warp")), ptx::InputError);
    const Variant v{Ordering::RelAcq, ScopeChoice::Gpu, Placement::DiffCta, WriteOp::Store,
                    Dependency::None};
    CHECK(testName(family("MP"), v) == "MP+rel-acq.gpu+diff-cta");
    const Variant d{Ordering::Weak, ScopeChoice::Gpu, Placement::DiffCta, WriteOp::Store,
                    Dependency::Data};
    CHECK(testName(family("LB"), d) == "LB+weak+diff-cta+data");
}

TEST_CASE("applicability: atomics, barriers, dependencies") {
    Variant v{Ordering::Relaxed, ScopeChoice::Gpu, Placement::DiffCta, WriteOp::AtomAdd,
              Dependency::None};
    CHECK(applicable(family("MP"), v));
    CHECK_FALSE(applicable(family("2+2W"), v)); // two writes to x: add would change values
    v.write = WriteOp::AtomExch;
    CHECK(applicable(family("2+2W"), v));
    v.ordering = Ordering::Weak;
    CHECK_FALSE(applicable(family("MP"), v)); // atomics are strong
    const Variant bar{Ordering::Barrier, ScopeChoice::Gpu, Placement::SameCta, WriteOp::Store,
                      Dependency::None};
    CHECK(applicable(family("SB"), bar));
    CHECK_FALSE(applicable(family("IRIW"), bar));
    Variant data{Ordering::Weak, ScopeChoice::Gpu, Placement::DiffCta, WriteOp::Store,
                 Dependency::Data};
    CHECK(applicable(family("LB"), data));
    CHECK_FALSE(applicable(family("SB"), data)); // no read followed by an access
    CHECK_FALSE(applicable(family("MP"), data)); // reads followed by reads only
    data.dep = Dependency::Addr;
    CHECK(applicable(family("MP"), data));
}

TEST_CASE("every standard variant of every family is a distinct, parsable, deterministic test") {
    std::set<std::string> names;
    std::size_t total = 0;
    for (const Family& f : families()) {
        for (const Variant& v : standardVariants(f)) {
            const std::string text = writeTest(f, v);
            CHECK(text == writeTest(f, v));
            CHECK(names.insert(testName(f, v)).second);
            const ptx::Program p = ptx::parseLitmus(text, testName(f, v) + ".litmus");
            CHECK(p.name == testName(f, v));
            CHECK(p.threads.size() == f.threads.size());
            ++total;
        }
    }
    CHECK(total >= 300);
}

TEST_CASE("the writer: fences, release/acquire, atomics, dependencies") {
    const Family& mp = family("MP");
    const std::string fence = writeTest(mp, {Ordering::FenceSc, ScopeChoice::Mixed,
                                             Placement::SameCta, WriteOp::Store, Dependency::None});
    CHECK(fence.find("fence.sc.cta") != std::string::npos); // P0: cta
    CHECK(fence.find("fence.sc.gpu") != std::string::npos); // P1: gpu
    CHECK(fence.find("P1@cta 0,gpu 0") != std::string::npos);
    const std::string ra = writeTest(mp, {Ordering::RelAcq, ScopeChoice::Sys, Placement::DiffGpu,
                                          WriteOp::AtomCas, Dependency::None});
    CHECK(ra.find("atom.release.sys.cas rw1, y, 0, 1") != std::string::npos);
    CHECK(ra.find("ld.acquire.sys r0, y") != std::string::npos);
    CHECK(ra.find("P1@cta 0,gpu 1") != std::string::npos);
    const std::string data =
        writeTest(family("LB"), {Ordering::Weak, ScopeChoice::Gpu, Placement::DiffCta,
                                 WriteOp::Store, Dependency::Data});
    CHECK(data.find("xor rd0, r0, r0") != std::string::npos);
    CHECK(data.find("st.weak y, rd0") != std::string::npos);
    const std::string addr = writeTest(mp, {Ordering::Weak, ScopeChoice::Gpu, Placement::DiffCta,
                                            WriteOp::Store, Dependency::Addr});
    CHECK(addr.find("P1:rp0=&x;") != std::string::npos);
    CHECK(addr.find("ld.weak r1, [ra0]") != std::string::npos);
}
