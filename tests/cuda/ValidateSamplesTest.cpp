// Validation of the bundled sample histograms against the model (needs the checker).
#include "cuda/Validator.hpp"
#include "parser/Parser.hpp"

#include <doctest/doctest.h>

using namespace ptx;
using namespace ptx::cuda;

namespace {

ValidationReport validateSample(const std::string& test, const std::string& sample,
                                ModelKind model = ModelKind::Ptx6) {
    const Program p = parseLitmusFile(CUDA_TEST_DIR "/data/" + test + ".litmus");
    const auto hs = readHistogramFile(CUDA_TEST_DIR "/samples/" + sample);
    CheckOptions options;
    options.model = model;
    return validateHistogram(p, selectHistogram(hs, p.name), options);
}

} // namespace

TEST_CASE("MP: the observed outcomes are allowed") {
    const auto r = validateSample("MP", "MP.hist");
    CHECK(r.ok());
    CHECK(r.total == 100000);
    CHECK(r.weakOutcomes == 0);
}

TEST_CASE("MP: an observed 1:r0=1, 1:r1=0, is FORBIDDEN") {
    const auto r = validateSample("MP", "MP-forbidden.hist");
    CHECK_FALSE(r.ok());
    CHECK(r.forbiddenOutcomes == 1);
    CHECK(r.forbiddenRuns == 4);
    CHECK(formatReport(r).find("FORBIDDEN") != std::string::npos);
}

TEST_CASE("MP-relaxed: the weak outcome is allowed by PTX, not by SC") {
    const auto ptx = validateSample("MP-relaxed", "MP-relaxed.hist");
    CHECK(ptx.ok());
    CHECK(ptx.weakOutcomes == 1);
    const auto sc = validateSample("MP-relaxed", "MP-relaxed.hist", ModelKind::Sc);
    CHECK_FALSE(sc.ok());
    CHECK(sc.forbiddenRuns == 17);
}

TEST_CASE("SB from litmus7's own output, CoRR from JSON") {
    CHECK(validateSample("SB", "SB.litmus7.txt").ok());
    CHECK(validateSample("CoRR", "CoRR.json").ok());
}
