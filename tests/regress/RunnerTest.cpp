#include "regress/Runner.hpp"
#include "regress/SuiteDiscovery.hpp"

#include <algorithm>
#include <doctest/doctest.h>
#include <filesystem>
#include <fstream>
#include <unistd.h>

using namespace ptx::regress;
namespace fs = std::filesystem;

namespace {

/// A scratch folder with a copy of litmus/MP/MP.litmus and its expectation.
/// Named by the test and the process, so that CTest may run the cases in parallel.
struct Scratch {
    fs::path dir;
    explicit Scratch(const std::string& name)
        : dir(fs::temp_directory_path() /
              ("ptxlitmus-regress-" + name + "-" + std::to_string(::getpid()))) {
        fs::remove_all(dir);
        fs::create_directories(dir / "sub");
        const fs::path src = fs::path(PTXLITMUS_SOURCE_DIR) / "litmus" / "MP";
        fs::copy_file(src / "MP.litmus", dir / "sub" / "MP.litmus");
        fs::copy_file(src / "MP.expected", dir / "sub" / "MP.expected");
    }
    ~Scratch() { fs::remove_all(dir); }
    [[nodiscard]] std::string path(const std::string& rel) const { return (dir / rel).string(); }
};

RunOptions options(bool update = false) {
    RunOptions o;
    o.threads = 2;
    o.update = update;
    return o;
}

} // namespace

TEST_CASE("discovery finds .litmus files recursively, sorted, with their .expected") {
    Scratch s("discovery");
    std::ofstream(s.path("a.litmus")) << "junk";
    std::ofstream(s.path("notes.txt")) << "not a test";
    const auto tests = discoverTests({s.dir.string(), s.path("a.litmus")});
    REQUIRE(tests.size() == 2);
    CHECK(tests[0].litmus == s.path("a.litmus"));
    CHECK(tests[1].expected == s.path("sub/MP.expected"));
    CHECK_THROWS_AS(static_cast<void>(discoverTests({s.path("missing")})), DiscoveryError);
    CHECK(expectedPathFor("x/MP+rel.gpu.litmus") == "x/MP+rel.gpu.expected");
}

TEST_CASE("a matching expectation passes, a broken one fails with a diff, --update repairs it") {
    Scratch s("update");
    const auto tests = discoverTests({s.dir.string()});
    REQUIRE(tests.size() == 1);
    CHECK(runTest(tests[0], options()).status == Status::Passed);

    // Break it: claim the weak outcome is forbidden.
    Expectation e = readExpectationFile(tests[0].expected);
    e.states.erase(std::remove(e.states.begin(), e.states.end(), "1:r0=1; 1:r1=0;"),
                   e.states.end());
    e.ok = false;
    writeExpectationFile(tests[0].expected, e);
    const TestReport failed = runTest(tests[0], options());
    CHECK(failed.status == Status::Failed);
    CHECK(failed.diff.find("- States 3\n+ States 4\n") != std::string::npos);
    CHECK(failed.diff.find("+ 1:r0=1; 1:r1=0;\n") != std::string::npos);
    CHECK(failed.diff.find("- No\n+ Ok\n") != std::string::npos);

    std::vector<Status> seen;
    const Summary summary =
        runSuite(tests, options(true), [&](const TestReport& r) { seen.push_back(r.status); });
    CHECK(seen == std::vector<Status>{Status::Updated});
    CHECK(summary.updated == 1);
    CHECK(summary.success());
    CHECK(readExpectationFile(tests[0].expected).comments == e.comments); // kept
    CHECK(runTest(tests[0], options()).status == Status::Passed);
}

TEST_CASE("missing expectations and unparsable tests are errors, --update records") {
    Scratch s("missing");
    fs::remove(s.path("sub/MP.expected"));
    const auto tests = discoverTests({s.dir.string()});
    CHECK(runTest(tests[0], options()).status == Status::Error);
    CHECK(runTest(tests[0], options(true)).status == Status::Updated);
    CHECK(fs::exists(s.path("sub/MP.expected")));

    std::ofstream(s.path("bad.litmus"))
        << "PTX bad\n{}\n P0@cta 0,gpu 0 ;\n frob x ;\nexists (x == 1)\n";
    const TestReport bad = runTest(discoverTests({s.path("bad.litmus")})[0], options());
    CHECK(bad.status == Status::Error);
    CHECK_FALSE(bad.message.empty());
}

TEST_CASE("CSV expectations compare the verdict, proxy tests are unsupported, not passed") {
    Scratch s("csv");
    TestCase t{"MP.litmus", s.path("sub/MP.litmus"), ExpectationSource::Csv, {}, true};
    CHECK(runTest(t, options()).status == Status::Passed);
    t.csvOk = false;
    const TestReport r = runTest(t, options());
    CHECK(r.status == Status::Failed);
    CHECK(r.message == "expected No (CSV 0), got Ok");

    std::ofstream(s.path("proxy.litmus"))
        << "PTX proxy\n{\nx=0;\n}\n P0@cta 0,gpu 0 ;\n st.weak x, 1 ;\n fence.proxy.alias ;\n"
           "exists (x == 1)\n";
    const TestReport p =
        runTest({"proxy", s.path("proxy.litmus"), ExpectationSource::Csv, {}, true}, options());
    CHECK(p.status == Status::Unsupported);
    Summary sum;
    sum.add(p.status);
    CHECK(sum.unsupported == 1);
    CHECK(sum.passed == 0);
    CHECK(sum.success());
}
