#include "cuda/ValidationReport.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

using namespace ptx;
using namespace ptx::cuda;

namespace {

const Observable r0 = RegTerm{1, "r0"};
const Observable r1 = RegTerm{1, "r1"};
const Observable x = LocTerm{"x"};

Outcome out(std::int64_t a, std::int64_t b) {
    return {{r0, a}, {r1, b}};
}

// A check result over (1:r0, 1:r1, x) where x is always 1.
CheckResult result(const std::vector<std::pair<int, int>>& allowed) {
    CheckResult r;
    r.name = "MP";
    r.projection = {r0, r1, x};
    for (const auto& [a, b] : allowed)
        r.outcomes.push_back({{r0, a}, {r1, b}, {x, 1}});
    return r;
}

Histogram observed(const std::vector<std::pair<Outcome, std::uint64_t>>& counts) {
    Histogram h;
    h.test = "MP";
    h.file = "mp.hist";
    h.observables = {r0, r1};
    for (const auto& [o, c] : counts)
        h.entries.push_back({o, c, false, 0});
    return h;
}

} // namespace

TEST_CASE("projection onto the histogram's observables") {
    const auto projected = projectOutcomes(result({{0, 0}, {1, 1}}), {r0});
    CHECK(projected == std::vector<Outcome>{{{r0, 0}}, {{r0, 1}}});
    CHECK_THROWS_AS((void)projectOutcomes(result({}), {LocTerm{"y"}}), ptx::InputError);
}

TEST_CASE("an observed outcome the model forbids is FORBIDDEN, weak ones are counted") {
    const CheckResult ptx = result({{0, 0}, {0, 1}, {1, 1}, {1, 0}});
    const CheckResult sc = result({{0, 0}, {0, 1}, {1, 1}});
    const auto ok = buildReport(observed({{out(0, 0), 10}, {out(1, 0), 2}}), ptx, sc, "ptx6");
    CHECK(ok.ok());
    CHECK(ok.weakOutcomes == 1);
    CHECK(ok.unobserved == std::vector<Outcome>{out(0, 1), out(1, 1)});

    const auto bad =
        buildReport(observed({{out(1, 1), 7}, {out(1, 0), 3}, {out(0, 0), 5}}), sc, sc, "ptx6");
    CHECK_FALSE(bad.ok());
    CHECK(bad.forbiddenOutcomes == 1);
    CHECK(bad.forbiddenRuns == 3);
    CHECK(bad.total == 15);
    REQUIRE(bad.rows.size() == 3);
    CHECK(bad.rows[0].outcome == out(0, 0)); // sorted
    CHECK_FALSE(bad.rows[1].allowed);
    CHECK_FALSE(bad.rows[1].sequentiallyConsistent);
    const std::string text = formatReport(bad);
    CHECK(text.find("  1:r0=1; 1:r1=0;             3  FORBIDDEN   no\n") != std::string::npos);
    CHECK(text.find("Result: 1 FORBIDDEN outcome observed (3 runs)") != std::string::npos);
    const auto json = nlohmann::json::parse(reportJson(bad));
    CHECK(json["ok"] == false);
    CHECK(json["forbidden"] == 1);
    CHECK(json["outcomes"][1]["outcome"]["1:r1"] == 0);
    CHECK(json["outcomes"][1]["allowed"] == false);
}

TEST_CASE("a zero count of a forbidden outcome is not an observation") {
    const CheckResult sc = result({{0, 0}});
    const auto r = buildReport(observed({{out(0, 0), 4}, {out(1, 0), 0}}), sc, sc, "sc");
    CHECK(r.ok());
    CHECK(formatReport(r).find("forbidden ") != std::string::npos);
}
