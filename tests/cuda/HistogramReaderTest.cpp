#include "cuda/HistogramReader.hpp"

#include <doctest/doctest.h>

using namespace ptx;
using namespace ptx::cuda;

namespace {

std::string errorOf(const std::string& text) {
    try {
        (void)readHistograms(text, "h.txt");
    } catch (const HistogramError& e) {
        return e.what();
    }
    return "";
}

} // namespace

TEST_CASE("our layout and litmus7's: marks, counts, spacing, test names") {
    const auto hs = readHistograms("% header\nTest MP Allowed\nHistogram (2 states)\n"
                                   "5000  *>1:r0=1; 1:r1=0;\n"
                                   "  17 :> 1:r0=0;1:r1=-1; \nOk\n",
                                   "h.txt");
    REQUIRE(hs.size() == 1);
    const Histogram& h = hs[0];
    CHECK(h.test == "MP");
    CHECK(h.line == 3);
    CHECK(h.total() == 5017);
    REQUIRE(h.entries.size() == 2);
    CHECK(h.entries[0].marked);
    CHECK(h.entries[0].count == 5000);
    CHECK(formatOutcome(h.entries[1].outcome) == "1:r0=0; 1:r1=-1;");
    CHECK(h.observables == std::vector<Observable>{RegTerm{1, "r0"}, RegTerm{1, "r1"}});
}

TEST_CASE("litmus7 output with several tests, the name may come from Observation") {
    const auto hs = readHistograms("Test A Allowed\nHistogram (1 states)\n3 :>0:r0=1; x=2;\n"
                                   "Observation A Never 0 3\n"
                                   "Histogram (1 state)\n4 *>[x]=0x10;\nObservation B Always 4 0\n",
                                   "h.txt");
    REQUIRE(hs.size() == 2);
    CHECK(hs[0].test == "A");
    CHECK(hs[1].test == "B");
    CHECK(hs[1].entries[0].outcome.at(LocTerm{"x"}) == 16);
    CHECK(&selectHistogram(hs, "B") == &hs[1]);
    CHECK_THROWS_AS((void)selectHistogram(hs, "C"), HistogramError);
}

TEST_CASE("JSON: a list, or an object with a test name") {
    const auto list = readHistograms(R"([{"outcome": {"1:r0": 1, "x": 2}, "count": 5},
                                         {"outcome": {"1:r0": 0, "x": 2}, "count": 0}])",
                                     "h.json");
    REQUIRE(list.size() == 1);
    CHECK(list[0].total() == 5);
    CHECK(list[0].observables.size() == 2);
    const auto obj = readHistograms(R"({"test": "T", "histogram": []})", "h.json");
    CHECK(obj[0].test == "T");
    CHECK(obj[0].entries.empty());
}

TEST_CASE("malformed input: file:line errors") {
    CHECK(errorOf("Histogram (3 states)\n1 :>x=1;\n") ==
          "h.txt:1: error: the histogram announces 3 states but the file ends after 1");
    CHECK(errorOf("Histogram (1 states)\nlots :>x=1;\n")
              .rfind("h.txt:2: error: expected a state", 0) == 0);
    CHECK(errorOf("Histogram (1 states)\n1 :>x=one;\n") ==
          "h.txt:2: error: value `one` of x is not an integer");
    CHECK(errorOf("Histogram (1 states)\n1 :>x;\n") == "h.txt:2: error: `x` is not `name=value`");
    CHECK(errorOf("Histogram (2 states)\n1 :>x=1;\n2 :>y=1;\n") ==
          "h.txt:3: error: outcome y=1; has other observables than the first one");
    CHECK(errorOf("Histogram (two states)\n") == "h.txt:1: error: expected `Histogram (N states)`");
    CHECK(errorOf("nothing here\n") == "h.txt: error: no `Histogram (N states)` section");
    CHECK(errorOf("[{\"outcome\": {\"x\": 1}}]") ==
          "h.txt: error: entry 1: expected {\"outcome\": {...}, \"count\": N}");
    CHECK(errorOf("[\n{\"outcome\": \n}").rfind("h.txt:3: error: malformed JSON", 0) == 0);
    CHECK(errorOf("[{\"outcome\": {\"x\": 1}, \"count\": -1}]").find("non-negative") !=
          std::string::npos);
}

TEST_CASE("the bundled samples read") {
    const std::string dir = CUDA_TEST_DIR "/samples/";
    CHECK(readHistogramFile(dir + "MP.hist")[0].total() == 100000);
    CHECK(readHistogramFile(dir + "MP-forbidden.hist")[0].entries.size() == 4);
    CHECK(readHistogramFile(dir + "SB.litmus7.txt")[0].test == "SB");
    CHECK(readHistogramFile(dir + "CoRR.json")[0].test == "CoRR");
    CHECK_THROWS_WITH(
        readHistogramFile(dir + "malformed.hist"),
        (dir + "malformed.hist:4: error: value `zero` of 1:r0 is not an integer").c_str());
    CHECK_THROWS_AS(readHistogramFile(dir + "absent.hist"), ptx::LocatedInputError);
}

TEST_CASE("counts that do not fit in 64 bits are errors at their line, never garbage") {
    // 2^64: one more than the largest count; before, an empty optional was dereferenced.
    CHECK(errorOf("Histogram (1 states)\n18446744073709551616 :>x=1;\n") ==
          "h.txt:2: error: the count 18446744073709551616 does not fit in 64 bits (at most "
          "18446744073709551615)");
    CHECK(errorOf("Histogram (1 states)\n99999999999999999999999999 *>x=1;\n")
              .rfind("h.txt:2: error: the count 99999999999999999999999999 does not fit", 0) == 0);
    // The largest count reads exactly.
    const auto max = readHistograms("Histogram (1 states)\n18446744073709551615 :>x=1;\n", "h");
    CHECK(max[0].entries[0].count == UINT64_MAX);
    CHECK(max[0].total() == UINT64_MAX);
    // JSON: above 2^64 nlohmann gives a float; 2^63..2^64-1 are unsigned, not negative.
    CHECK(errorOf(R"([{"outcome": {"x": 1}, "count": 18446744073709551616}])") ==
          "h.txt: error: entry 1: \"count\" does not fit in 64 bits (at most "
          "18446744073709551615)");
    const auto big =
        readHistograms(R"([{"outcome": {"x": 1}, "count": 18446744073709551615}])", "h");
    CHECK(big[0].total() == UINT64_MAX);
}

TEST_CASE("totals that would wrap are errors, not a wrapped sum") {
    // Two outcomes of 2^64-1 each: the total does not fit.
    CHECK(errorOf("Histogram (2 states)\n18446744073709551615 :>x=1;\n"
                  "18446744073709551615 :>x=2;\n") ==
          "h.txt:3: error: the histogram's total 18446744073709551615 + 18446744073709551615 "
          "does not fit in 64 bits (at most 18446744073709551615)");
    // One outcome given twice is refused, not merged (a sum would hide a bad merge or edit).
    CHECK(errorOf("Histogram (2 states)\n18446744073709551615 :>x=1;\n1 :>x=1;\n") ==
          "h.txt:3: error: found the outcome x=1; again at line 3 (first at line 2), expected "
          "each outcome once (a repeated outcome is refused, not summed)");
    CHECK(errorOf(R"([{"outcome": {"x": 1}, "count": 1}, {"outcome": {"x": 1}, "count": 2}])") ==
          "h.txt: error: found the outcome x=1; again at entry 2 (first at entry 1), expected "
          "each outcome once (a repeated outcome is refused, not summed)");
    CHECK(errorOf(R"([{"outcome": {"x": 1}, "count": 18446744073709551615},
                      {"outcome": {"x": 2}, "count": 1}])")
              .rfind("h.txt: error: the histogram's total", 0) == 0);
    // A sum that fits exactly is fine.
    const auto fits = readHistograms("Histogram (2 states)\n18446744073709551614 :>x=1;\n"
                                     "1 :>x=2;\n",
                                     "h");
    CHECK(fits[0].total() == UINT64_MAX);
    // A hand-built histogram: total() checks too.
    Histogram h;
    h.file = "hand";
    h.entries.resize(2);
    h.entries[0].count = UINT64_MAX;
    h.entries[1].count = 1;
    CHECK_THROWS_AS(static_cast<void>(h.total()), HistogramError);
}
