// Explanations of a test with a filter: an outcome the model allows only in executions that fail
// the filter is "excluded by the filter", never "forbidden by the model".
#include "explain/ExplainText.hpp"
#include "explain/Explainer.hpp"
#include "model/MemoryModel.hpp"
#include "parser/OutcomeText.hpp"
#include "parser/Parser.hpp"

#include <doctest/doctest.h>

using namespace ptx;
using namespace ptx::explain;

namespace {

// MP with weak accesses, counted only where the flag was seen.
const char* const kFilteredMp = "PTX MPf\n{ x=0; y=0; }\n"
                                " P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n"
                                " st.weak x, 1   | ld.weak r0, y  ;\n"
                                " st.weak y, 1   | ld.weak r1, x  ;\n"
                                "filter (P1:r0 == 1)\n"
                                "forall (P1:r1 == 1)\n";

Explanation explainOutcome(const std::string& outcome) {
    const Program p = parseLitmus(kFilteredMp, "MPf.litmus");
    ExplainOptions o;
    o.outcome = parseOutcomeText(outcome, p, "--outcome");
    return ptx::explain::explain(p, o);
}

} // namespace

TEST_CASE("filter: an outcome only the filter excludes is allowed by the model, with a witness") {
    const Explanation e = explainOutcome("1:r0=0");
    CHECK_FALSE(e.allowed);
    CHECK(e.excludedByFilter);
    CHECK(e.ways.empty());
    REQUIRE(e.witness.has_value());
    const std::string text = formatExplanation(e, ptx6Model());
    CHECK(text.find("is allowed by the ptx6 model, but only in executions that fail the test's "
                    "filter (1:r0=1)") != std::string::npos);
    CHECK(text.find("forbidden") == std::string::npos);
}

TEST_CASE("filter: an outcome that passes the filter is judged by the model alone") {
    const Explanation e = explainOutcome("1:r0=1 /\\ 1:r1=0"); // weak MP: allowed
    CHECK(e.allowed);
    CHECK_FALSE(e.excludedByFilter);
}

TEST_CASE("filter: an outcome no execution gives, with or without the filter, names the filter") {
    const Explanation e = explainOutcome("1:r0=2");
    CHECK_FALSE(e.allowed);
    CHECK_FALSE(e.excludedByFilter);
    CHECK(e.ways.empty());
    const std::string text = formatExplanation(e, ptx6Model());
    CHECK(text.find("is forbidden by the ptx6 model") != std::string::npos);
    CHECK(text.find("passes the test's filter (1:r0=1)") != std::string::npos);
}
