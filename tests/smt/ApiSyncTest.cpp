// CUDA API synchronisation between kernels (model/ApiOrder.hpp, the relation `api`): both engines
// and every built-in model honour it, the static relation holds the right pairs, races see it,
// and a cat model that never names it refuses a multi-kernel test.
#include "CheckHelpers.hpp"
#include "check/Checker.hpp"
#include "enumerate/Candidates.hpp"
#include "model/MemoryModel.hpp"
#include "model/Unsupported.hpp"
#include "model/cat/CatModel.hpp"
#include "parser/Parser.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <string>

namespace {

/// Kernel 0 writes x then y (weak), kernel 1 reads y then x; the host's steps as given.
std::string mp(const std::string& steps) {
    return "PTX MP-kernels\n{ x=0; y=0; }\n"
           " P0@cta 0,gpu 0 | P1@cta 1,gpu 0,kernel 1 ;\n"
           " st.weak x, 1   | ld.weak r0, y ;\n"
           " st.weak y, 1   | ld.weak r1, x ;\n"
           "host { " +
           steps + " }\nexists (1:r0=1 /\\ 1:r1=0)\n";
}

const char* const kSameStream = "launch kernel 0 stream 0; launch kernel 1 stream 0";
const char* const kTwoStreams = "launch kernel 0 stream 0; launch kernel 1 stream 1";

using ptx::test::states;

ptx::CheckResult checkText(const std::string& text, ptx::EngineKind engine, ptx::ModelKind model) {
    return ptx::test::checkText(text, engine, {}, model);
}

} // namespace

TEST_CASE("api: the candidate's static relation orders every event of kernel 0 before kernel 1's") {
    const ptx::Program p = ptx::parseLitmus(mp(kSameStream), "t.litmus");
    const ptx::ProgramPaths paths = ptx::expandProgram(p, 2, ptx::Deadline());
    const ptx::CandidateExecution c = ptx::buildCandidate(p, paths, {0, 0});
    const ptx::StaticRelations s = ptx::staticRelations(c);
    int pairs = 0;
    for (const ptx::Event& a : c.events)
        for (const ptx::Event& b : c.events) {
            const bool expected = !a.isInit && !b.isInit && a.thread == 0 && b.thread == 1;
            CHECK(s.api.has(a.id, b.id) == expected);
            pairs += expected ? 1 : 0;
        }
    CHECK(pairs == 4);
    const ptx::Program apart = ptx::parseLitmus(mp(kTwoStreams), "t.litmus");
    const ptx::CandidateExecution d =
        ptx::buildCandidate(apart, ptx::expandProgram(apart, 2, ptx::Deadline()), {0, 0});
    CHECK(ptx::staticRelations(d).api.empty());
}

TEST_CASE("api: both engines and every model forbid MP across kernels of one stream") {
    for (const auto engine : {ptx::EngineKind::Explicit, ptx::EngineKind::Smt})
        for (const auto model : {ptx::ModelKind::Ptx6, ptx::ModelKind::Ptx75, ptx::ModelKind::Sc}) {
            CAPTURE(static_cast<int>(engine));
            CAPTURE(ptx::modelKindName(model));
            const auto ordered = checkText(mp(kSameStream), engine, model);
            CHECK_FALSE(ordered.ok);
            CHECK(states(ordered) == std::set<std::string>{"1:r0=1; 1:r1=1;"});
            // Two streams: concurrent kernels, the four states of MP without synchronisation
            // (SC: three, the weak one excluded).
            const auto apart = checkText(mp(kTwoStreams), engine, model);
            CHECK(apart.ok == (model != ptx::ModelKind::Sc));
            CHECK(states(apart).size() == (model == ptx::ModelKind::Sc ? 3U : 4U));
        }
}

TEST_CASE("api: the API order makes kernels of one stream race-free, of two streams racy") {
    ptx::CheckOptions o;
    o.engine = ptx::EngineKind::Explicit;
    const auto ordered = ptx::check(ptx::parseLitmus(mp(kSameStream), "t.litmus"), o);
    REQUIRE(ordered.races);
    CHECK(ordered.races->kind == ptx::RaceKind::None);
    const auto apart = ptx::check(ptx::parseLitmus(mp(kTwoStreams), "t.litmus"), o);
    REQUIRE(apart.races);
    CHECK(apart.races->kind != ptx::RaceKind::None);
}

TEST_CASE("api: a cat model that never names api refuses a multi-kernel test") {
    const auto dir = std::filesystem::temp_directory_path() / "ptxlitmus-api-cat";
    std::filesystem::create_directories(dir);
    {
        std::ofstream f(dir / "noapi.cat");
        f << "NOAPI\nacyclic (po | rf | co | (rf^-1 ; co)) as SC\n";
    }
    const ptx::MemoryModel m = ptx::cat::loadModel((dir / "noapi.cat").string(), {});
    const auto shared = std::make_shared<const ptx::MemoryModel>(m);
    const ptx::Program p = ptx::parseLitmus(mp(kSameStream), "t.litmus");
    CHECK_THROWS_AS(static_cast<void>(ptx::modelFor(ptx::ModelKind::Ptx, shared, p)),
                    ptx::Unsupported);
    // One kernel, no host block: the model is taken as it is.
    const ptx::Program one = ptx::parseLitmus(
        "PTX one\n{ x=0; }\n P0@cta 0,gpu 0 ;\n st.weak x, 1 ;\nexists (x=1)\n", "t.litmus");
    CHECK(ptx::modelFor(ptx::ModelKind::Ptx, shared, one).name == m.name);
    std::filesystem::remove_all(dir);
}
