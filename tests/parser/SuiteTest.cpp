// Every test of the Dat3M PTX peer suite parses and round-trips (parse -> print -> parse).
// Skips (exit code 77, shown as skipped by CTest) when ../shared is absent.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include "RoundTrip.hpp"

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <vector>

namespace fs = std::filesystem;

namespace {

const fs::path kSuite = fs::path(PTXLITMUS_SHARED_DIR) / "peer-suites/dat3m-ptx/litmus/PTX";

std::vector<fs::path> suiteFiles() {
    std::vector<fs::path> files;
    for (const auto& entry : fs::recursive_directory_iterator(kSuite))
        if (entry.is_regular_file() && entry.path().extension() == ".litmus")
            files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    return files;
}

} // namespace

TEST_CASE("every peer-suite test parses and round-trips") {
    std::vector<fs::path> files = suiteFiles();
    CHECK(files.size() == 748);
    int parsed = 0;
    for (const fs::path& file : files) {
        INFO("file: " << file.string());
        try {
            ptx::Program program = ptx::parseLitmusFile(file.string(), ptx::Deadline());
            ++parsed;
            auto problem = ptx::test::roundTripProblem(program);
            CHECK_MESSAGE(!problem, (problem ? *problem : ""));
        } catch (const ptx::ParseError& e) {
            FAIL_CHECK(std::string(e.what()));
        }
    }
    MESSAGE("parsed " << parsed << " of " << files.size() << " suite files");
}

TEST_CASE("the round-trip comparison can fail") {
    std::vector<fs::path> files = suiteFiles();
    REQUIRE(!files.empty());
    ptx::Program a = ptx::parseLitmusFile(files.front().string(), ptx::Deadline());
    ptx::Program b = a;
    REQUIRE(!b.threads.empty());
    b.threads[0].cta += 1;
    CHECK(ptx::programDifference(a, b).has_value());
    b = a;
    b.condition.kind = a.condition.kind == ptx::ConditionKind::Forall ? ptx::ConditionKind::Exists
                                                                      : ptx::ConditionKind::Forall;
    CHECK(ptx::programDifference(a, b).has_value());
    b = a;
    std::get<ptx::CondCompare>(b.condition.expr.node).lhs = std::int64_t{42};
    CHECK(ptx::programDifference(a, b).has_value());
    CHECK(!ptx::programDifference(a, a).has_value());
}

int main(int argc, char** argv) {
    if (!fs::is_directory(kSuite)) {
        std::cout << "SKIPPED: ../shared not found (" << kSuite.string() << ")\n";
        return 77;
    }
    doctest::Context context(argc, argv);
    return context.run();
}
