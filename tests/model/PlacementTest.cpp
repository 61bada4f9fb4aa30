// Placements: threads moved into one CTA or a CTA each, and tests with barriers or shared memory
// refused any placement that changes which threads share a CTA.
#include "model/Placement.hpp"
#include "parser/Parser.hpp"
#include "support/Errors.hpp"

#include <doctest/doctest.h>

using namespace ptx;

namespace {

const char* const kTwoCtas = R"(PTX MP
{ x=0; y=0; }
 P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;
 st.weak x, 1   | ld.weak r0, y  ;
 st.weak y, 1   | ld.weak r1, x  ;
exists (P1:r0 == 1 /\ P1:r1 == 0)
)";

const char* const kBarrier = R"(PTX BAR
{ x=0; }
 P0@cta 0,gpu 0   | P1@cta 0,gpu 0   ;
 st.weak x, 1     | bar.cta.sync 0   ;
 bar.cta.sync 0   | ld.weak r0, x    ;
exists (P1:r0 == 0)
)";

} // namespace

TEST_CASE("placements move threads between CTAs") {
    const Program p = parseLitmus(kTwoCtas, "t.litmus");
    const Program one = placed(p, Placement::OneCta);
    CHECK(one.threads[0].cta == 0);
    CHECK(one.threads[1].cta == 0);
    const Program each = placed(one, Placement::CtaPerThread);
    CHECK(each.threads[0].cta == 0);
    CHECK(each.threads[1].cta == 1);
    CHECK(placed(p, Placement::AsWritten).threads[1].cta == 1);
    CHECK(parsePlacement("one-cta") == Placement::OneCta);
    CHECK(parsePlacement("cta-per-thread") == Placement::CtaPerThread);
    CHECK_FALSE(parsePlacement("one_cta").has_value());
}

TEST_CASE("a test with a barrier keeps the CTAs it was written with") {
    const Program p = parseLitmus(kBarrier, "t.litmus");
    CHECK_THROWS_WITH_AS(static_cast<void>(placed(p, Placement::CtaPerThread)),
                         "test BAR has a barrier: it is only validated as written, not under the "
                         "placement cta-per-thread",
                         InputError);
    CHECK(placed(p, Placement::OneCta).threads[1].cta == 0); // the same grouping: allowed
}

TEST_CASE("a test with several kernels or a host thread is only taken as written") {
    // Each thread has a CTA of its own already, so cta-per-thread keeps the grouping; it would
    // still move the host onto GPU 0, into the gpu scope of the kernels' threads.
    const Program p = parseLitmus("PTX K\n{ x=0; }\n P0@cta 0,gpu 0 | P1@host ;\n"
                                  " st.weak x, 1 | ld.weak r0, x ;\n"
                                  "host { launch kernel 0 stream 0; sync device }\n"
                                  "exists (P1:r0 == 0)\n",
                                  "t.litmus");
    CHECK_THROWS_WITH_AS(static_cast<void>(placed(p, Placement::CtaPerThread)),
                         "test K has several kernels or a host thread: it is only validated as "
                         "written, not under the placement cta-per-thread",
                         InputError);
    CHECK(placed(p, Placement::AsWritten).threads[1].gpu == 1);
}
