// The campaign judge and runner on hand-built records: verdicts for named outcomes, condition
// counts and seen flags; "never observed" only for complete histograms; strict names; unmatched
// names on both sides; the reports.
#include "campaign/Campaign.hpp"
#include "campaign/CampaignReport.hpp"
#include "campaign/ObservationReaders.hpp"
#include "parser/Parser.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace ptx;
using namespace ptx::campaign;

namespace {

// MP with relaxed accesses (the weak outcome allowed, SC forbids it) and with release/acquire
// (the weak outcome forbidden).
const char* const kMpRelaxed = R"(PTX MP-relaxed
{ x=0; y=0; P1:r0=0; P1:r1=0; }
 P0@cta 0,gpu 0         | P1@cta 1,gpu 0         ;
 st.relaxed.gpu x, 1    | ld.relaxed.gpu r0, y   ;
 st.relaxed.gpu y, 1    | ld.relaxed.gpu r1, x   ;
exists (P1:r0 == 1 /\ P1:r1 == 0)
)";
const char* const kMpAcquire = R"(PTX MP
{ x=0; y=0; P1:r0=0; P1:r1=0; }
 P0@cta 0,gpu 0         | P1@cta 1,gpu 0         ;
 st.weak x, 1           | ld.acquire.gpu r0, y   ;
 st.release.gpu y, 1    | ld.weak r1, x          ;
exists (P1:r0 == 1 /\ P1:r1 == 0)
)";
const char* const kForall = R"(PTX MP-forall
{ x=0; y=0; P1:r0=0; P1:r1=0; }
 P0@cta 0,gpu 0         | P1@cta 1,gpu 0         ;
 st.weak x, 1           | ld.acquire.gpu r0, y   ;
 st.release.gpu y, 1    | ld.weak r1, x          ;
forall (P1:r0 == 0 \/ P1:r1 == 1)
)";

Outcome mp(std::int64_t r0, std::int64_t r1) {
    return Outcome{{RegTerm{1, "r0"}, r0}, {RegTerm{1, "r1"}, r1}};
}

ObservedOutcome counted(Outcome o, std::uint64_t n) {
    return ObservedOutcome{std::move(o), ConditionRuns::Weak, n, n > 0, 0};
}

ObservedOutcome weak(std::optional<std::uint64_t> n, bool seen,
                     ConditionRuns runs = ConditionRuns::Weak) {
    return ObservedOutcome{std::nullopt, runs, n, seen, 0};
}

ObservationRecord record(std::string test, std::vector<ObservedOutcome> outcomes,
                         std::optional<std::uint64_t> total, bool complete = false) {
    ObservationRecord r;
    r.test = std::move(test);
    r.file = "obs.log";
    r.line = 7;
    r.outcomes = std::move(outcomes);
    r.total = total;
    r.complete = complete;
    return r;
}

RecordVerdict judged(const char* text, const ObservationRecord& r) {
    const Program p = parseLitmus(text, "t.litmus");
    CheckOptions o;
    o.countWitnesses = false;
    o.extraObservables = observablesOf(r);
    const CheckResult model = check(p, o);
    o.model = ModelKind::Sc;
    const CheckResult sc = check(p, o);
    return judge(p, r, {model}, sc);
}

CampaignTest test(const char* text) {
    Program p = parseLitmus(text, "t.litmus");
    return CampaignTest{p.name + ".litmus", std::move(p)};
}

} // namespace

TEST_CASE("a weak outcome the model allows is weak-seen, one it forbids is FORBIDDEN-OBSERVED") {
    const auto r = record("MP", {counted(mp(1, 0), 12), counted(mp(1, 1), 88)}, 100, true);
    const RecordVerdict relaxed = judged(kMpRelaxed, r);
    CHECK(relaxed.verdict == Verdict::WeakSeen);
    REQUIRE(relaxed.outcomes.size() == 2);
    CHECK(relaxed.outcomes[0].allowed == std::vector<bool>{true});
    CHECK_FALSE(relaxed.outcomes[0].sc);
    CHECK(relaxed.outcomes[1].sc);
    const RecordVerdict acquire = judged(kMpAcquire, r);
    CHECK(acquire.verdict == Verdict::ForbiddenObserved);
    CHECK(acquire.outcomes[0].allowed == std::vector<bool>{false});
}

TEST_CASE("a complete histogram lists the allowed outcomes never seen, partial data never does") {
    const auto complete = judged(kMpAcquire, record("MP", {counted(mp(1, 1), 5)}, 5, true));
    CHECK(complete.verdict == Verdict::Ok);
    CHECK(complete.unobserved == std::vector<Outcome>{mp(0, 0), mp(0, 1)});
    const auto partial = judged(kMpAcquire, record("MP", {counted(mp(1, 1), 5)}, 100, false));
    CHECK(partial.unobserved.empty());
}

TEST_CASE("counts and flags of the condition's weak outcome") {
    // exists: the weak runs are those where the proposition held.
    CHECK(judged(kMpRelaxed, record("MP", {weak(214, true)}, 3200000)).verdict ==
          Verdict::WeakSeen);
    CHECK(judged(kMpAcquire, record("MP", {weak(214, true)}, 3200000)).verdict ==
          Verdict::ForbiddenObserved);
    CHECK(judged(kMpAcquire, record("MP", {weak(0, false)}, 3200000)).verdict == Verdict::Ok);
    CHECK(judged(kMpAcquire, record("MP", {weak(std::nullopt, true)}, std::nullopt)).verdict ==
          Verdict::ForbiddenObserved);
    CHECK(judged(kMpAcquire, record("MP", {weak(std::nullopt, false)}, std::nullopt)).verdict ==
          Verdict::Ok);
    // forall: the weak runs are those where it failed (here: r0=1, r1=0, forbidden).
    CHECK(judged(kForall, record("MP-forall", {weak(3, true)}, 10)).verdict ==
          Verdict::ForbiddenObserved);
    // litmus7's Positive / Negative: the proposition held in 0 runs, failed in 10.
    const auto lit7 = record(
        "MP-forall",
        {weak(0, false, ConditionRuns::Satisfying), weak(10, true, ConditionRuns::Violating)}, 10);
    CHECK(judged(kForall, lit7).verdict == Verdict::ForbiddenObserved);
}

TEST_CASE("an outcome naming a register, thread or location the test lacks is an error") {
    const Program p = parseLitmus(kMpAcquire, "t.litmus");
    auto bad = [&](Outcome o) { return record("MP", {counted(std::move(o), 1)}, 1, true); };
    CHECK_NOTHROW(checkOutcomes(bad(mp(1, 0)), p));
    CHECK_THROWS_WITH_AS(checkOutcomes(bad(Outcome{{RegTerm{1, "r9"}, 1}}), p),
                         doctest::Contains("obs.log:7: error: test MP: no register r9 in thread "
                                           "1 (its registers: r0 r1)"),
                         InputError);
    CHECK_THROWS_WITH_AS(checkOutcomes(bad(Outcome{{RegTerm{2, "r2"}, 1}}), p),
                         doctest::Contains("no thread 2 in the test (its threads: 0 1)"),
                         InputError);
    CHECK_THROWS_WITH_AS(checkOutcomes(bad(Outcome{{LocTerm{"z"}, 1}}), p),
                         doctest::Contains("no location z in the test (its locations: x y)"),
                         InputError);
}

TEST_CASE("an observed outcome that fails the test's filter is an error, not a forbidden one") {
    // MP counted only where the flag was seen: r0 = 0 is the ordinary SC outcome, but a
    // histogram of this test cannot hold it (litmus7 and the harness count it apart).
    const std::string text =
        std::string(kMpAcquire)
            .replace(std::string(kMpAcquire).find("exists"), 0, "filter (P1:r0 == 1)\n");
    const Program p = parseLitmus(text, "t.litmus");
    REQUIRE(p.filter.has_value());
    auto one = [&](Outcome o) { return record("MP", {counted(std::move(o), 1)}, 1, true); };
    CHECK_NOTHROW(checkOutcomes(one(mp(1, 0)), p));
    CHECK_THROWS_WITH_AS(checkOutcomes(one(mp(0, 0)), p),
                         doctest::Contains("obs.log:7: error: test MP: outcome 1:r0=0; 1:r1=0; "
                                           "fails the test's filter (1:r0=1)"),
                         InputError);
    // JSON has no lines: the message names the entry.
    const auto json = readObservations(
                          R"([{"outcome": {"1:r0": 1, "1:r1": 0}, "count": 1},
            {"outcome": {"1:r0": 0, "1:r1": 0}, "count": 2}])",
                          "o.json")
                          .records;
    CHECK_THROWS_WITH_AS(checkOutcomes(json.front(), p),
                         doctest::Contains("o.json: error: test MP, entry 2: outcome 1:r0=0; "
                                           "1:r1=0; fails the test's filter (1:r0=1)"),
                         InputError);
    // An outcome that does not name the filter's register cannot be decided: judged as before.
    CHECK_NOTHROW(checkOutcomes(one(Outcome{{RegTerm{1, "r1"}, 0}}), p));
}

TEST_CASE("a histogram's Positive must be the runs of its states where the proposition holds") {
    const Program p = parseLitmus(kMpAcquire, "t.litmus");
    // 4 runs of 1:r0=1; 1:r1=0; (the proposition), 6 of 1:r0=1; 1:r1=1;
    auto withPositive = [&](std::uint64_t positive) {
        auto r = record("MP", {counted(mp(1, 0), 4), counted(mp(1, 1), 6)}, 10, true);
        r.statedPositive = positive;
        r.statedPositiveLine = 12;
        return r;
    };
    CHECK_NOTHROW(checkOutcomes(withPositive(4), p));
    CHECK_THROWS_WITH_AS(checkOutcomes(withPositive(0), p),
                         doctest::Contains("obs.log:12: error: test MP: found Positive: 0, "
                                           "expected 4, the runs of the histogram's states where "
                                           "the condition's proposition (1:r0=1 /\\ 1:r1=0) "
                                           "holds"),
                         InputError);
    // Read from a log: the reader keeps the count and its line for this check.
    const auto records = readObservations("Test MP Allowed\nHistogram (1 states)\n"
                                          "5 :>1:r0=1; 1:r1=1;\nPositive: 5, Negative: 0\n",
                                          "l.txt")
                             .records;
    REQUIRE(records.size() == 1);
    CHECK(records.front().statedPositive == std::optional<std::uint64_t>(5));
    CHECK(records.front().statedPositiveLine == 4);
    CHECK_THROWS_WITH_AS(
        checkOutcomes(records.front(), p),
        doctest::Contains("l.txt:4: error: test MP: found Positive: 5, expected 0"), InputError);
}

TEST_CASE("counts of the condition's runs that contradict each other are errors") {
    const Program p = parseLitmus(kMpAcquire, "t.litmus"); // exists: weak = satisfying
    auto check = [&](const std::string& json) {
        for (const ObservationRecord& r : readObservations(json, "o.json").records)
            checkOutcomes(r, p);
    };
    auto error = [&](const std::string& json) {
        try {
            check(json);
        } catch (const InputError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    // Consistent: the same runs counted alike, both sides adding up, named outcomes within.
    CHECK_NOTHROW(check(R"([{"condition": "weak", "count": 3}, {"condition": "satisfying",
                             "count": 3}])"));
    CHECK_NOTHROW(check(R"({"test": "MP", "total": 13, "histogram": [
        {"condition": "satisfying", "count": 3}, {"condition": "violating", "count": 10}]})"));
    CHECK_NOTHROW(check(R"([{"condition": "weak", "count": 5},
                            {"outcome": {"1:r0": 1, "1:r1": 0}, "count": 5}])"));
    CHECK(error(R"([{"condition": "weak", "count": 10}, {"condition": "satisfying",
                     "count": 3}])") == "o.json: error: test MP, entry 2: found 3 satisfying runs, "
                                        "expected 10 as another entry counts "
                                        "the same runs");
    CHECK(error(R"({"test": "MP", "total": 100, "histogram": [
        {"condition": "satisfying", "count": 3}, {"condition": "violating", "count": 10}]})") ==
          "o.json: error: test MP, entry 2: found 3 satisfying and 10 violating runs, expected "
          "them to add "
          "up to the total, 100 (every run satisfies the condition's proposition (1:r0=1 /\\ "
          "1:r1=0) or not)");
    CHECK(error(R"([{"condition": "weak", "seen": false},
                    {"outcome": {"1:r0": 1, "1:r1": 0}, "count": 5}])") ==
          "o.json: error: test MP, entry 2: found an outcome on the satisfying side of the "
          "condition's "
          "proposition (1:r0=1 /\\ 1:r1=0) seen, expected none: another entry says the "
          "satisfying runs were not seen");
    CHECK(error(R"([{"condition": "satisfying", "count": 2},
                    {"outcome": {"1:r0": 1, "1:r1": 0}, "count": 5}])") ==
          "o.json: error: test MP, entry 1: found 2 satisfying runs, expected at least 5, the runs "
          "of the "
          "named outcomes on that side of the condition's proposition (1:r0=1 /\\ 1:r1=0)");
    CHECK(error(R"([{"condition": "weak", "seen": true}, {"condition": "satisfying",
                     "seen": false}])")
              .find("found the satisfying runs not seen, expected what another entry says of "
                    "the same runs (seen)") != std::string::npos);
}

TEST_CASE("a campaign keeps unmatched names on both sides and judges the rest in order") {
    const std::vector<CampaignTest> tests{test(kMpRelaxed), test(kMpAcquire), test(kForall)};
    auto a = record("MP", {weak(5, true)}, 100);
    a.gpu = "H100";
    auto b = record("MP", {weak(0, false)}, 100);
    b.gpu = "A100";
    auto c = record("MP-relaxed", {weak(std::nullopt, true)}, std::nullopt);
    c.gpu = "H100";
    auto d = record("MP-typo", {weak(1, true)}, 10);
    CampaignOptions o;
    o.models = {{ModelKind::Ptx6, nullptr}, {ModelKind::Sc, nullptr}};
    o.threads = 2;
    const CampaignResult r = runCampaign(tests, {a, b, c, d}, o);
    REQUIRE(r.rows.size() == 4);
    CHECK(r.rows[0].record.gpu == "A100");
    CHECK(r.rows[0].verdict->verdict == Verdict::Ok);
    CHECK(r.rows[1].record.gpu == "H100");
    CHECK(r.rows[1].verdict->verdict == Verdict::ForbiddenObserved);
    CHECK(r.rows[2].record.test == "MP-relaxed");
    CHECK(r.rows[2].verdict->verdict == Verdict::WeakSeen);
    CHECK(r.rows[2].verdict->outcomes[0].allowed == std::vector<bool>{true, false});
    CHECK(r.rows[3].status == RowStatus::Unmatched);
    CHECK(r.testsWithoutData == std::vector<std::string>{"MP-forall"});

    const std::string table = formatCampaign(r, true);
    CHECK(table.find("MP          H100  weak 5/100") != std::string::npos);
    CHECK(table.find("FORBIDDEN-OBSERVED") != std::string::npos);
    CHECK(table.find("GPU H100: 2 observed, 1 weak-seen, 1 FORBIDDEN-OBSERVED, 0 undecided") !=
          std::string::npos);
    CHECK(table.find("obs.log:7: warning: no test named MP-typo") != std::string::npos);
    CHECK(table.find("Tests without observations (1): MP-forall") != std::string::npos);
    CHECK(table.find("Result: 1 test with a FORBIDDEN outcome observed; 1 weak-seen") !=
          std::string::npos);

    std::istringstream lines(campaignJsonLines(r));
    std::vector<nlohmann::json> objects;
    for (std::string l; std::getline(lines, l);)
        objects.push_back(nlohmann::json::parse(l));
    REQUIRE(objects.size() == 5);
    CHECK(objects[1]["status"] == "FORBIDDEN-OBSERVED");
    CHECK(objects[2]["outcomes"][0]["allowed"]["sc"] == false);
    CHECK(objects[4]["summary"]["forbiddenObserved"] == 1);
    CHECK(objects[4]["summary"]["unmatched"] == 1);

    const std::string xml = campaignJUnit(r);
    CHECK(xml.find("failures=\"1\" errors=\"1\"") != std::string::npos);
    CHECK(xml.find("<testcase classname=\"H100\" name=\"MP on H100\">") != std::string::npos);
}

TEST_CASE("a (test, GPU) observed twice, and a test name used by two files, are errors") {
    auto a = record("MP", {weak(5, true)}, 100);
    auto b = a;
    b.line = 9;
    CHECK_THROWS_WITH_AS(checkDistinct({a, b}),
                         doctest::Contains("obs.log:9: error: test MP is observed again (first "
                                           "at obs.log:7)"),
                         InputError);
    b.gpu = "H100";
    CHECK_NOTHROW(checkDistinct({a, b}));

    const auto dir = std::filesystem::temp_directory_path() / "campaign-load-test";
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    std::ofstream(dir / "a.litmus") << kMpAcquire;
    std::ofstream(dir / "b.litmus") << kMpAcquire;
    CHECK_THROWS_WITH_AS(static_cast<void>(loadTests({dir.string()}, ptx::CheckOptions{})),
                         doctest::Contains("b.litmus: error: test MP is also in"), InputError);
    std::filesystem::remove(dir / "b.litmus");
    CHECK(loadTests({dir.string()}, ptx::CheckOptions{}).size() == 1);
    std::filesystem::remove_all(dir);
}

TEST_CASE("the placement a campaign ran under decides the verdict, and the report says which") {
    // Release/acquire at CTA scope: no synchronisation across CTAs, full synchronisation inside.
    const char* const kCta = R"(PTX MP-cta
{ x=0; y=0; P1:r0=0; P1:r1=0; }
 P0@cta 0,gpu 0         | P1@cta 1,gpu 0         ;
 st.weak x, 1           | ld.acquire.cta r0, y   ;
 st.release.cta y, 1    | ld.weak r1, x          ;
exists (P1:r0 == 1 /\ P1:r1 == 0)
)";
    CampaignTest t = test(kCta);
    const auto r = record("MP-cta", {weak(3, true)}, 100);
    const CampaignResult written = runCampaign({t}, {r}, CampaignOptions{});
    CHECK(written.rows[0].verdict->verdict == Verdict::WeakSeen);
    CHECK(formatCampaign(written, false).find("Placement: as-written") != std::string::npos);
    t.placement = Placement::OneCta;
    const CampaignResult one = runCampaign({t}, {r}, CampaignOptions{});
    CHECK(one.rows[0].verdict->verdict == Verdict::ForbiddenObserved);
    CHECK(formatCampaign(one, false).find("Placement: one-cta") != std::string::npos);
    // Two placements in one report: a column.
    CampaignTest u = test(kMpAcquire);
    const CampaignResult mixed =
        runCampaign({t, u}, {r, record("MP", {weak(0, false)}, 10)}, CampaignOptions{});
    CHECK(formatCampaign(mixed, false).find("test    gpu  placement   observed") !=
          std::string::npos);
}

TEST_CASE("other models' answers are compared with the reference's on the weak outcome") {
    // ptx6 allows MP-relaxed's weak outcome and forbids MP's (release/acquire).
    const std::vector<CampaignTest> tests{test(kMpRelaxed), test(kMpAcquire)};
    auto answered = [](ObservationRecord r, bool base, bool strong) {
        r.modelAnswers = {ModelAnswer{"base", base}, ModelAnswer{"strong", strong}};
        return r;
    };
    // MP-relaxed: base agrees (allows), strong differs; MP on two GPUs: base differs (allows),
    // strong agrees; MP's second GPU counts once.
    auto a = answered(record("MP-relaxed", {weak(std::nullopt, true)}, std::nullopt), true, false);
    auto b = answered(record("MP", {weak(std::nullopt, false)}, std::nullopt), true, false);
    b.gpu = "A100";
    auto c = b;
    c.gpu = "H100";
    auto d = record("MP", {weak(0, false)}, 10); // no answers: `-`
    d.gpu = "GH200";
    CampaignResult r = runCampaign(tests, {a, b, c, d}, CampaignOptions{});
    CHECK(r.answerColumns == std::vector<std::string>{"base", "strong"});
    REQUIRE(r.rows.size() == 4);
    CHECK_FALSE(r.rows[0].verdict->weakAllowed); // MP on A100
    CHECK(r.rows[3].verdict->weakAllowed);       // MP-relaxed
    CHECK(compareAnswers(r, "base").tests == 2);
    CHECK(compareAnswers(r, "base").differ == 1);
    CHECK(compareAnswers(r, "strong").differ == 1);

    r.skipped = {SkippedLines{"h.txt", 6, 5, "./tune.sh: line 43: bc: command not found"},
                 SkippedLines{"s.csv", 0, 0, ""}};
    const std::string table = formatCampaign(r, false);
    CHECK(table.find("observed   ptx6     sc         base                   strong          "
                     "       status\n") != std::string::npos);
    CHECK(table.find("\nMP          A100   not seen   -        -          allows (ptx6 forbids)  "
                     "forbids                ok\n") != std::string::npos);
    CHECK(table.find("\nMP          GH200  weak 0/10  -        -          -                      "
                     "-                      ok\n") != std::string::npos);
    CHECK(table.find("\nMP-relaxed  -      seen       allowed  forbids 1  allows                 "
                     "forbids (ptx6 allows)  weak-seen\n") != std::string::npos);
    CHECK(table.find("\nModel base: differs from ptx6 on 1 of 2 tests (the weak outcome allowed "
                     "or not)\nModel strong: differs from ptx6 on 1 of 2 tests") !=
          std::string::npos);
    CHECK(table.find("\nh.txt: 6 lines not data, skipped (the first, line 5: `./tune.sh: line 43: "
                     "bc: command not foun...`; --strict refuses them)\n") != std::string::npos);
    CHECK(table.find("s.csv:") == std::string::npos); // nothing skipped: no line

    std::istringstream lines(campaignJsonLines(r));
    std::vector<nlohmann::json> objects;
    for (std::string l; std::getline(lines, l);)
        objects.push_back(nlohmann::json::parse(l));
    REQUIRE(objects.size() == 5);
    CHECK(objects[0]["modelAnswers"] ==
          nlohmann::json::parse(R"({"base": {"allows": true, "agrees": false},
                                    "strong": {"allows": false, "agrees": true}})"));
    CHECK_FALSE(objects[1].contains("modelAnswers")); // MP on GH200
    CHECK(objects[4]["summary"]["modelAnswers"] ==
          nlohmann::json::parse(R"({"base": {"tests": 2, "differ": 1},
                                    "strong": {"tests": 2, "differ": 1}})"));
    CHECK(objects[4]["summary"]["skippedLines"] ==
          nlohmann::json::parse(R"([{"file": "h.txt", "count": 6, "firstLine": 5,
                                     "first": "./tune.sh: line 43: bc: command not found"}])"));
}
