#include "regress/Runner.hpp"
#include "regress/HerdLog.hpp"
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

/// A test whose loop is cut by the bound (--unroll): the consumer spins on the flag.
const char* const kSpin = "PTX spin\n{\nx=0;\ny=0;\n}\n"
                          " P0@cta 0,gpu 0      | P1@cta 1,gpu 0         ;\n"
                          " st.weak x, 1        | LC00:                  ;\n"
                          " st.release.gpu y, 1 | ld.acquire.gpu r0, y   ;\n"
                          "                     | bne r0, 1, LC00        ;\n"
                          "                     | ld.weak r1, x          ;\n"
                          "exists (P1:r1 == 0)\n";

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
    const auto tests = discoverTests({s.dir.string(), s.path("a.litmus")}).tests;
    REQUIRE(tests.size() == 2);
    CHECK(tests[0].litmus == s.path("a.litmus"));
    CHECK(tests[1].expected == s.path("sub/MP.expected"));
    CHECK_THROWS_AS(static_cast<void>(discoverTests({s.path("missing")})), DiscoveryError);
    CHECK(expectedPathFor("x/MP+rel.gpu.litmus") == "x/MP+rel.gpu.expected");
}

TEST_CASE("a matching expectation passes, a broken one fails with a diff, --update repairs it") {
    Scratch s("update");
    const auto tests = discoverTests({s.dir.string()}).tests;
    REQUIRE(tests.size() == 1);
    CHECK(runTest(tests[0], options()).status == Status::Passed);

    // Break it: claim the weak outcome is forbidden (in a recorded, not a reviewed, expectation).
    Expectation e = readExpectationFile(tests[0].expected, ptx::Deadline());
    e.comments = {" recorded for the test"};
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
    CHECK(readExpectationFile(tests[0].expected, ptx::Deadline()).comments == e.comments); // kept
    CHECK(runTest(tests[0], options()).status == Status::Passed);
}

TEST_CASE("missing expectations and unparsable tests are errors, --update records") {
    Scratch s("missing");
    fs::remove(s.path("sub/MP.expected"));
    const auto tests = discoverTests({s.dir.string()}).tests;
    CHECK(runTest(tests[0], options()).status == Status::Error);
    CHECK(runTest(tests[0], options(true)).status == Status::Updated);
    CHECK(fs::exists(s.path("sub/MP.expected")));

    std::ofstream(s.path("bad.litmus"))
        << "PTX bad\n{}\n P0@cta 0,gpu 0 ;\n frob x ;\nexists (x == 1)\n";
    const TestReport bad = runTest(discoverTests({s.path("bad.litmus")}).tests[0], options());
    CHECK(bad.status == Status::Error);
    CHECK_FALSE(bad.message.empty());
}

TEST_CASE(
    "CSV expectations compare the verdict, proxy tests under ptx6 are unsupported, not passed") {
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
    const TestCase proxy{"proxy", s.path("proxy.litmus"), ExpectationSource::Csv, {}, true};
    CHECK(runTest(proxy, options()).status == Status::Passed); // the default model: ptx75
    RunOptions ptx6 = options();
    ptx6.check.model = ptx::ModelKind::Ptx6;
    const TestReport p = runTest(proxy, ptx6);
    CHECK(p.status == Status::Unsupported);
    Summary sum;
    sum.add(p.status);
    CHECK(sum.unsupported == 1);
    CHECK(sum.passed == 0);
    CHECK(sum.success());
}

TEST_CASE("a CSV verdict is decided by one question, not by listing every outcome") {
    // One thread of 20 weak stores to x, read by 6 weak loads in another CTA: 21^6 (85 million)
    // outcomes to list, far past the limit; whether x ends at 20 is one question.
    Scratch s("csv-verdict");
    std::ofstream file(s.path("observer.litmus"));
    file << "PTX observer\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n";
    for (int i = 0; i < 20; ++i)
        file << " st.weak x, " << i + 1 << " | "
             << (i < 6 ? "ld.weak r" + std::to_string(i) + ", x" : std::string()) << " ;\n";
    file << "exists (x == 20)\n";
    file.close();
    TestCase t{"observer", s.path("observer.litmus"), ExpectationSource::Csv, {}, true};
    RunOptions o = options();
    o.check.timeoutSeconds = 10;
    const TestReport r = runTest(t, o);
    CHECK_MESSAGE(r.status == Status::Passed, r.message);
    t.csvOk = false;
    const TestReport no = runTest(t, o);
    CHECK(no.status == Status::Failed);
    CHECK(no.message == "expected No (CSV 0), got Ok");
}

TEST_CASE("discovery skips hidden and temporary files, reports links that lead nowhere") {
    Scratch s("links");
    // What an interrupted atomic write leaves: never a test, never an expectation.
    std::ofstream(s.path("sub/.MP.expected.tmp-a1B2c3")) << "Test MP Allowed\n";
    std::ofstream(s.path("sub/.MP2.litmus.tmp-x9Y8z7")) << "junk";
    fs::create_symlink("loop", s.path("loop"));                 // a link to itself
    fs::create_symlink("loop2.litmus", s.path("loop2.litmus")); // the same, named as a test
    fs::create_symlink("sub", s.path("linked"));                // a link to a folder
    const Discovery found = discoverTests({s.dir.string()});
    REQUIRE(found.tests.size() == 2);
    CHECK(found.tests[0].litmus == s.path("loop2.litmus")); // fails when read, as a test
    CHECK(found.tests[1].litmus == s.path("sub/MP.litmus"));
    REQUIRE(found.warnings.size() == 2);
    CHECK(found.warnings[0].rfind(s.path("linked") + ": warning: skipped: symbolic links to", 0) ==
          0);
    CHECK(found.warnings[1].rfind(s.path("loop") + ": warning: skipped: a symbolic link that", 0) ==
          0);
    const TestReport r = runTest(found.tests[0], options());
    CHECK(r.status == Status::Error);
    CHECK(r.message.find("cannot read the litmus test") != std::string::npos);
    // A path that is a looping link, an empty folder: errors that say so.
    CHECK_THROWS_WITH_AS(static_cast<void>(discoverTests({s.path("loop")})),
                         (s.path("loop") + ": error: Too many levels of symbolic links").c_str(),
                         DiscoveryError);
    fs::create_directories(s.path("empty"));
    // The option that accepts an empty folder is named only for a command that has it
    // (regress); validate's campaign mode has no --allow-empty.
    CHECK_THROWS_WITH_AS(static_cast<void>(discoverTests({s.path("empty")})),
                         (s.path("empty") + ": error: no .litmus files under it").c_str(),
                         DiscoveryError);
    CHECK_THROWS_WITH_AS(
        static_cast<void>(discoverTests({s.path("empty")}, EmptyFolders::RefusedUnlessAllowEmpty)),
        (s.path("empty") + ": error: no .litmus files under it (--allow-empty accepts a run "
                           "without tests)")
            .c_str(),
        DiscoveryError);
    CHECK(discoverTests({s.path("empty")}, EmptyFolders::Accepted).tests.empty());
}

TEST_CASE("a loop bound reached is part of the result, --fail-on-bound fails the test") {
    Scratch s("bound");
    std::ofstream(s.path("spin.litmus")) << kSpin;
    const TestCase t = discoverTests({s.path("spin.litmus")}).tests[0];
    const TestReport recorded = runTest(t, options(true));
    CHECK(recorded.status == Status::Updated);
    REQUIRE(recorded.boundReached);
    CHECK(*recorded.boundReached == 2);
    CHECK(statusText(recorded) == "UPDATED (bound 2 reached)");
    CHECK(readExpectationFile(t.expected, ptx::Deadline()).loop); // `Loop No`, as herd7 writes it

    const TestReport passed = runTest(t, options());
    CHECK(passed.status == Status::Passed);
    CHECK(statusText(passed) == "PASS (bound 2 reached)");
    Summary sum;
    sum.add(passed);
    CHECK(sum.boundReached == 1);
    CHECK(sum.success());

    RunOptions strict = options();
    strict.failOnBound = true;
    const TestReport failed = runTest(t, strict);
    CHECK(failed.status == Status::Failed);
    CHECK(statusText(failed) == "FAIL (bound 2 reached)");
    CHECK(failed.message.find("--fail-on-bound") != std::string::npos);

    // A test without loops says nothing about a bound.
    const TestReport mp = runTest(discoverTests({s.path("sub/MP.litmus")}).tests[0], strict);
    CHECK(mp.status == Status::Passed);
    CHECK_FALSE(mp.boundReached);
}

TEST_CASE("--update leaves a hand-reviewed expectation (a failure with the diff) unless forced") {
    Scratch s("reviewed");
    const TestCase t = discoverTests({s.dir.string()}).tests[0];
    Expectation e = readExpectationFile(t.expected, ptx::Deadline());
    REQUIRE(isHandReviewed(e));
    e.ok = false; // a reviewed expectation that the checker now contradicts
    writeExpectationFile(t.expected, e);
    const std::string before = formatExpectation(readExpectationFile(t.expected, ptx::Deadline()));

    const TestReport refused = runTest(t, options(true));
    CHECK(refused.status == Status::Failed);
    CHECK(refused.message.find("hand-reviewed") != std::string::npos);
    CHECK(refused.diff.find("- No\n+ Ok\n") != std::string::npos); // the diff is shown
    CHECK(formatExpectation(readExpectationFile(t.expected, ptx::Deadline())) ==
          before); // untouched

    RunOptions force = options(true);
    force.forceReviewed = true;
    const TestReport forced = runTest(t, force);
    CHECK(forced.status == Status::Updated);
    CHECK(forced.diff.find("- No\n+ Ok\n") != std::string::npos);
    const Expectation rewritten = readExpectationFile(t.expected, ptx::Deadline());
    CHECK_FALSE(isHandReviewed(rewritten));
    CHECK(rewritten.comments[0].find("--force-reviewed") != std::string::npos);
    CHECK(rewritten.comments.size() == e.comments.size());
    CHECK(runTest(t, options()).status == Status::Passed);
}

TEST_CASE("a --expect-log entry of the test's name is its expectation, instead of X.expected") {
    Scratch s("log");
    const TestCase t = discoverTests({s.dir.string()}).tests[0];
    fs::remove(t.expected);
    RunOptions o = options();
    const std::string log = "Test MP Allowed\nStates 4\n1:r0=0; 1:r1=0;\n1:r0=0; 1:r1=1;\n"
                            "1:r0=1; 1:r1=0;\n1:r0=1; 1:r1=1;\nOk\nWitnesses\n"
                            "Positive: 1 Negative: 3\nCondition exists (1:r0=1 /\\ 1:r1=0)\n"
                            "Observation MP Sometimes 1 3\nTime MP 0.01\n\n";
    for (Expectation& e : parseHerdLog(log, "herd.log"))
        o.logged.emplace(e.name, e);
    const TestReport pass = runTest(t, o);
    CHECK(pass.status == Status::Passed);
    CHECK(pass.expectation == "herd.log:1");
    o.logged.at("MP").ok = false;
    const TestReport fail = runTest(t, o);
    CHECK(fail.status == Status::Failed);
    CHECK(fail.message == "outcomes differ from herd.log:1 (test MP)");
    o.update = true; // logs are never rewritten
    CHECK(runTest(t, o).status == Status::Failed);
    CHECK_FALSE(fs::exists(t.expected));
}
