#include "regress/CsvExpectations.hpp"
#include "regress/Shard.hpp"

#include <algorithm>
#include <doctest/doctest.h>
#include <numeric>

using namespace ptx::regress;

TEST_CASE("Dat3M CSV: entries, comments, blank lines, no trailing newline") {
    const auto entries = parseCsv("// header comment\n"
                                  "litmus/PTX/Manual/MP-cta.litmus,1\n"
                                  "\n"
                                  "litmus/PTX/Manual/MP+RMW.litmus, 0\r\n"
                                  "a,b.litmus,1",
                                  "t.csv");
    REQUIRE(entries.size() == 3);
    CHECK(entries[0].path == "litmus/PTX/Manual/MP-cta.litmus");
    CHECK(entries[0].ok);
    CHECK(entries[1].path == "litmus/PTX/Manual/MP+RMW.litmus");
    CHECK_FALSE(entries[1].ok);
    CHECK(entries[2].path == "a,b.litmus");

    const auto tests = csvTests(entries, "/suite");
    REQUIRE(tests.size() == 3);
    CHECK(tests[0].id == "litmus/PTX/Manual/MP-cta.litmus");
    CHECK(tests[0].litmus == "/suite/litmus/PTX/Manual/MP-cta.litmus");
    CHECK(tests[0].source == ExpectationSource::Csv);
    CHECK(tests[1].csvOk == false);
}

TEST_CASE("a CSV's property: Liveness in the name means termination unless told otherwise") {
    CHECK(detectCsvProperty("x/PTXv6_0-expected.csv") == CsvProperty::Condition);
    CHECK(detectCsvProperty("x/PTXv6_0-Liveness-expected.csv") == CsvProperty::Termination);
    CHECK(detectCsvProperty("x/my-LIVENESS.csv") == CsvProperty::Termination);
    CHECK(detectCsvProperty("liveness/PTX.csv") == CsvProperty::Condition); // the file's name only
    CHECK(parseCsvProperty("termination") == CsvProperty::Termination);
    CHECK_THROWS_AS(static_cast<void>(parseCsvProperty("hang")), ptx::InputError);
    CHECK(csvPropertyOf("a.csv", std::nullopt) == CsvProperty::Condition);
    CHECK(csvPropertyOf("L-Liveness.csv", std::nullopt) == CsvProperty::Termination);
    CHECK(csvPropertyOf("L-Liveness.csv", CsvProperty::Condition) ==
          CsvProperty::Condition); // told: run it as a condition CSV
    CHECK(csvPropertyOf("a.csv", CsvProperty::Termination) == CsvProperty::Termination);
}

TEST_CASE("malformed CSV lines are errors with the line number") {
    CHECK_THROWS_WITH_AS(parseCsv("a.litmus\n", "t.csv"),
                         "t.csv:1: error: expected `PATH,0` or `PATH,1`", CsvError);
    CHECK_THROWS_WITH_AS(parseCsv("\na.litmus,2\n", "t.csv"),
                         "t.csv:2: error: the expected value must be 0 or 1, found `2`", CsvError);
    CHECK_THROWS_AS(parseCsv("a.litmus,1\na.litmus,0\n", "t.csv"), CsvError);
    // One test under two spellings of its path is a duplicate too.
    CHECK_THROWS_WITH_AS(parseCsv("litmus/PTX/SB.litmus,1\n./litmus/PTX/SB.litmus,0\n", "t.csv"),
                         "t.csv:2: error: duplicate entry ./litmus/PTX/SB.litmus (the test of "
                         "line 1)",
                         CsvError);
    CHECK_THROWS_AS(parseCsv("a/b.litmus,1\na/c/../b.litmus,1\n", "t.csv"), CsvError);
    CHECK_THROWS_AS(parseCsv(",1\n", "t.csv"), CsvError);
}

TEST_CASE("--shard I/N parses 1-based slices and rejects nonsense") {
    const Shard s = parseShard("2/3");
    CHECK(s.index == 2);
    CHECK(s.count == 3);
    for (const char* bad : {"", "3", "0/3", "4/3", "1/0", "a/b", "1/3x", "-1/3", "1//3"})
        CHECK_THROWS_AS(static_cast<void>(parseShard(bad)), ptx::InputError);
}

TEST_CASE("shards partition a suite, deterministically and evenly") {
    std::vector<int> all(103);
    std::iota(all.begin(), all.end(), 0);
    for (std::size_t n : {1U, 2U, 4U, 7U, 200U}) {
        std::vector<int> seen;
        for (std::size_t i = 1; i <= n; ++i) {
            const auto part = shardOf(all, Shard{i, n});
            CHECK(part == shardOf(all, Shard{i, n})); // the same slice every time
            CHECK(part.size() >= all.size() / n);
            CHECK(part.size() <= all.size() / n + 1);
            seen.insert(seen.end(), part.begin(), part.end());
        }
        std::sort(seen.begin(), seen.end());
        CHECK(seen == all); // every test in exactly one shard
    }
}

TEST_CASE("balanced shards: longest first onto the lightest shard, every test in one shard") {
    // One expensive test and many cheap ones: round robin puts the expensive one with a quarter
    // of the cheap ones; balancing gives it a shard of its own.
    std::vector<double> costs(13, 1.0);
    costs[5] = 12.0;
    const auto shard = balancedShards(costs, 4);
    REQUIRE(shard.size() == costs.size());
    std::vector<double> load(4, 0.0);
    for (std::size_t k = 0; k < costs.size(); ++k) {
        REQUIRE(shard[k] >= 1);
        REQUIRE(shard[k] <= 4);
        load[shard[k] - 1] += costs[k];
    }
    CHECK(load[shard[5] - 1] == 12.0); // alone
    for (std::size_t k = 0; k < costs.size(); ++k)
        if (k != 5) CHECK(shard[k] != shard[5]);
    CHECK(*std::max_element(load.begin(), load.end()) == 12.0);
    CHECK(balancedShards(costs, 4) == shard); // deterministic
    // Equal costs: sizes differ by at most one.
    const auto even = balancedShards(std::vector<double>(10, 1.0), 3);
    CHECK(std::count(even.begin(), even.end(), 1U) == 4);
    CHECK(std::count(even.begin(), even.end(), 2U) == 3);
    CHECK(std::count(even.begin(), even.end(), 3U) == 3);
}

TEST_CASE("Dat3M CSV: quoted cells as RFC 4180 has them") {
    const auto entries = parseCsv("\"MP/MP.litmus\",1\n"
                                  "\"a,b.litmus\", \"0\"\n"
                                  " \"say \"\"hi\"\".litmus\" ,1\n",
                                  "t.csv");
    REQUIRE(entries.size() == 3);
    CHECK(entries[0].path == "MP/MP.litmus"); // the quotes are not part of the path
    CHECK(entries[0].ok);
    CHECK(entries[1].path == "a,b.litmus");
    CHECK_FALSE(entries[1].ok);
    CHECK(entries[2].path == "say \"hi\".litmus");
    CHECK_THROWS_WITH_AS(parseCsv("a.litmus,1\n\"MP/MP.litmus,1\n", "t.csv"),
                         "t.csv:2: error: found the quoted cell `\"MP/MP.litmus,1` without its "
                         "closing `\"`, expected `\"...\"` on one line",
                         CsvError);
    CHECK_THROWS_WITH_AS(parseCsv("\"a.litmus\"x,1\n", "t.csv"),
                         "t.csv:1: error: found `x,1` after a quoted cell, expected `,` or the end "
                         "of the line",
                         CsvError);
    CHECK_THROWS_WITH_AS(parseCsv("\"a.litmus\",1,0\n", "t.csv"),
                         "t.csv:1: error: found 3 cells, expected `PATH,0` or `PATH,1`", CsvError);
}
