// Validation of the bundled sample histograms against the model (the campaign judge over one
// test), in every format the samples hold: our harness's output, litmus7's, JSON.
#include "campaign/Campaign.hpp"
#include "campaign/ObservationReaders.hpp"
#include "parser/Parser.hpp"

#include <doctest/doctest.h>

using namespace ptx;
using namespace ptx::campaign;

namespace {

RecordVerdict validateSample(const std::string& test, const std::string& sample,
                             ModelKind model = ModelKind::Ptx6) {
    CampaignTest t{test,
                   parseLitmusFile(CUDA_TEST_DIR "/data/" + test + ".litmus", ptx::Deadline())};
    std::vector<ObservationRecord> records;
    for (ObservationRecord& r : readObservationFile(CUDA_TEST_DIR "/samples/" + sample, ptx::Deadline()).records)
        if (r.test.empty() || r.test == t.program.name) {
            r.test = t.program.name;
            records.push_back(std::move(r));
        }
    REQUIRE(records.size() == 1);
    CampaignOptions options;
    options.models = {JudgingModel{model, nullptr}};
    const CampaignResult result = runCampaign({t}, records, options);
    REQUIRE(result.rows.size() == 1);
    REQUIRE(result.rows[0].verdict.has_value());
    return *result.rows[0].verdict;
}

std::uint64_t runs(const RecordVerdict& v, bool forbiddenOnly) {
    std::uint64_t n = 0;
    for (const OutcomeVerdict& o : v.outcomes)
        if (!forbiddenOnly || !o.allowed.front()) n += o.observed.count.value_or(0);
    return n;
}

} // namespace

TEST_CASE("MP: the observed outcomes are allowed") {
    const auto r = validateSample("MP", "MP.hist");
    CHECK(r.verdict == Verdict::Ok);
    CHECK(runs(r, false) == 100000);
    CHECK(r.unobserved.empty());
}

TEST_CASE("MP: an observed 1:r0=1, 1:r1=0, is FORBIDDEN") {
    const auto r = validateSample("MP", "MP-forbidden.hist");
    CHECK(r.verdict == Verdict::ForbiddenObserved);
    CHECK(runs(r, true) == 4);
}

TEST_CASE("MP-relaxed: the weak outcome is allowed by PTX, not by SC") {
    CHECK(validateSample("MP-relaxed", "MP-relaxed.hist").verdict == Verdict::WeakSeen);
    const auto sc = validateSample("MP-relaxed", "MP-relaxed.hist", ModelKind::Sc);
    CHECK(sc.verdict == Verdict::ForbiddenObserved);
    CHECK(runs(sc, true) == 17);
}

TEST_CASE("SB from litmus7's own output, CoRR from JSON") {
    CHECK(validateSample("SB", "SB.litmus7.txt").verdict == Verdict::Ok);
    CHECK(validateSample("CoRR", "CoRR.json").verdict == Verdict::Ok);
}
