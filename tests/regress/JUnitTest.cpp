#include "regress/JUnitWriter.hpp"
#include "regress/ProgressBar.hpp"
#include "support/Text.hpp"

#include <cstdio>
#include <cstdlib>
#include <doctest/doctest.h>
#include <filesystem>
#include <fstream>
#include <unistd.h>

using namespace ptx::regress;

namespace {

TestReport report(const std::string& id, Status s, std::string message = {},
                  std::string diff = {}) {
    TestReport r;
    r.test.id = id;
    r.test.litmus = id;
    r.status = s;
    r.message = std::move(message);
    r.diff = std::move(diff);
    return r;
}

std::size_t count(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (auto p = text.find(what); p != std::string::npos; p = text.find(what, p + 1))
        ++n;
    return n;
}

} // namespace

TEST_CASE("xmlText escapes markup and replaces control characters and invalid UTF-8") {
    CHECK(ptx::xmlText("a<b>&\"c'") == "a&lt;b&gt;&amp;&quot;c&apos;");
    CHECK(ptx::xmlText(std::string("x\x01y\n", 4)) == "x\xEF\xBF\xBDy\n");
    CHECK(ptx::xmlText("caf\xE9") == "caf\xEF\xBF\xBD"); // a Latin-1 byte
}

TEST_CASE("JUnit XML: one testcase per test, failures/errors/skipped, escaped text") {
    std::vector<TestReport> reports = {
        report("MP/MP.litmus", Status::Passed),
        report("MP/MP+rel&acq.litmus", Status::Failed, "outcomes differ", "- No\n+ Ok <&>\n"),
        report("SB/bad.litmus", Status::Error, "f:1:2: error: `<`, expected \"x\""),
        report("proxy/P.litmus", Status::Unsupported, "proxies are not in the model"),
        report("top.litmus", Status::Updated),
    };
    Summary s;
    for (const auto& r : reports)
        s.add(r.status);
    const std::string xml = junitXml("suite <1>", reports, s);
    CHECK(count(xml, "<testcase ") == 5);
    CHECK(count(xml, "<failure ") == 1);
    CHECK(count(xml, "<error ") == 1);
    CHECK(count(xml, "<skipped ") == 1);
    CHECK(xml.find("tests=\"5\" failures=\"1\" errors=\"1\" skipped=\"1\"") != std::string::npos);
    CHECK(xml.find("name=\"MP/MP+rel&amp;acq.litmus\"") != std::string::npos);
    CHECK(xml.find("+ Ok &lt;&amp;&gt;") != std::string::npos);
    CHECK(xml.find("classname=\"MP\"") != std::string::npos);
    CHECK(xml.find("suite &lt;1&gt;") != std::string::npos);

    // Well-formed for a real XML parser, when xmllint is installed (libxml2-utils).
    if (std::system("command -v xmllint >/dev/null 2>&1") == 0) {
        const auto path = std::filesystem::temp_directory_path() /
                          ("ptxlitmus-junit-" + std::to_string(::getpid()) + ".xml");
        std::ofstream(path) << xml;
        CHECK(std::system(("xmllint --noout " + path.string()).c_str()) == 0);
        std::filesystem::remove(path);
    } else {
        MESSAGE("xmllint not installed: XML well-formedness not checked by a parser");
    }
}

TEST_CASE("the JSON report carries the summary and every test") {
    std::vector<TestReport> reports = {report("a.litmus", Status::Passed),
                                       report("b.litmus", Status::Failed, "m", "- No\n+ Ok\n")};
    Summary s;
    for (const auto& r : reports)
        s.add(r.status);
    const auto j = reportJson(reports, s, RunScope{});
    CHECK(j["summary"]["total"] == 2);
    CHECK(j["summary"]["failed"] == 1);
    CHECK(j["summary"]["success"] == false);
    REQUIRE(j["tests"].size() == 2);
    CHECK(j["tests"][1]["status"] == "FAIL");
    CHECK(j["tests"][1]["diff"] == "- No\n+ Ok\n");
}

TEST_CASE("a bound reached shows in JUnit and JSON, an interruption counts the tests not run") {
    std::vector<TestReport> reports = {report("spin.litmus", Status::Passed),
                                       report("MP.litmus", Status::Failed, "m", "- No\n+ Ok\n")};
    reports[0].boundReached = 2;
    reports[1].boundReached = 2;
    Summary s;
    for (const auto& r : reports)
        s.add(r);
    s.signal = 2; // SIGINT
    s.notRun = 3;
    CHECK(s.boundReached == 2);
    const std::string xml = junitXml("suite", reports, s);
    CHECK(xml.find("<system-out>PASS (bound 2 reached): loops were cut by --unroll 2") !=
          std::string::npos);
    CHECK(xml.find("<system-out>FAIL (bound 2 reached)") != std::string::npos);
    CHECK(count(xml, "<property name=\"bound_reached\" value=\"2\"/>") == 2); // per test
    CHECK(xml.find("<property name=\"tests_with_bound_reached\" value=\"2\"/>") !=
          std::string::npos);
    CHECK(xml.find("<property name=\"interrupted\" value=\"interrupted (SIGINT)\"/>") !=
          std::string::npos);
    CHECK(xml.find("<property name=\"not_run\" value=\"3\"/>") != std::string::npos);
    CHECK(xml.find("<system-err>regress: interrupted (SIGINT); 3 tests not run</system-err>") !=
          std::string::npos);
    if (std::system("command -v xmllint >/dev/null 2>&1") == 0) {
        const auto path = std::filesystem::temp_directory_path() /
                          ("ptxlitmus-junit-bound-" + std::to_string(::getpid()) + ".xml");
        std::ofstream(path) << xml;
        CHECK(std::system(("xmllint --noout " + path.string()).c_str()) == 0);
        std::filesystem::remove(path);
    }
    const auto j = reportJson(reports, s, RunScope{});
    CHECK(j["summary"]["bound_reached"] == 2);
    CHECK(j["summary"]["not_run"] == 3);
    CHECK(j["summary"]["interrupted"] == "interrupted (SIGINT)");
    CHECK(j["tests"][0]["bound_reached"] == 2);
    CHECK(j["tests"][0]["status"] == "PASS");

    Summary clean;
    clean.add(report("a.litmus", Status::Passed));
    const auto k = reportJson({report("a.litmus", Status::Passed)}, clean, RunScope{});
    CHECK(k["summary"]["interrupted"].is_null());
    CHECK(k["tests"][0]["bound_reached"].is_null());
    CHECK(junitXml("s", {report("a.litmus", Status::Passed)}, clean).find("not_run") ==
          std::string::npos);
}

TEST_CASE("trimBlanks drops spaces, tabs and carriage returns at both ends only") {
    CHECK(ptx::trimBlanks(" \tMP.litmus,Ok\r") == "MP.litmus,Ok");
    CHECK(ptx::trimBlanks("a b") == "a b");
    CHECK(ptx::trimBlanks(" \t\r ").empty());
    CHECK(ptx::trimBlanks("").empty());
    CHECK(ptx::trimBlanks("\nx\n") == "\nx\n"); // line breaks are the caller's business
}

TEST_CASE("countNoun: one test, two tests, no tests") {
    CHECK(ptx::countNoun(1, "test") == "1 test");
    CHECK(ptx::countNoun(2, "test") == "2 tests");
    CHECK(ptx::countNoun(0, "test") == "0 tests");
}

TEST_CASE("terminalText escapes what a terminal would obey, keeps what it shows") {
    CHECK(ptx::terminalText("MP\x1b[31mRED") == "MP\\x1b[31mRED"); // an escape sequence
    CHECK(ptx::terminalText(std::string("a\0b\r\x7f", 5)) == "a\\x00b\\x0d\\x7f");
    CHECK(ptx::terminalText("line\n\ttab") == "line\n\ttab");
    CHECK(ptx::terminalText("caf\xC3\xA9 caf\xE9") == "caf\xC3\xA9 caf\xE9"); // UTF-8, Latin-1
    CHECK(ptx::terminalText("\xC2\x9B"
                            "2J \x9B"
                            "2J") == "\\xc2\\x9b2J \\x9b2J");   // C1 CSI
    CHECK(ptx::terminalText("\xE2\x80\x9C") == "\xE2\x80\x9C"); // a continuation byte 0x80..0x9f
    CHECK(ptx::terminalText(ptx::terminalText("\x1b")) == "\\x1b"); // escaping twice: the same
    CHECK(ptx::firstControlCharacter("ab\x1b") == 2);
    CHECK(ptx::firstControlCharacter("caf\xC3\xA9") == std::string::npos);
}

TEST_CASE("a report's lines escape control characters of names, paths and expectation lines") {
    const std::string lines = reportLines(report("d\x1b]0;x\x07/MP.litmus", Status::Failed,
                                                 "outcomes differ", "- Test MP\x1b[32m Allowed\n"));
    CHECK(lines.find('\x1b') == std::string::npos);
    CHECK(lines.find("d\\x1b]0;x\\x07/MP.litmus") != std::string::npos);
    CHECK(lines.find("    - Test MP\\x1b[32m Allowed") != std::string::npos);
}

TEST_CASE("lowerCase: ASCII letters only") {
    CHECK(ptx::lowerCase("LD.Relaxed.GPU") == "ld.relaxed.gpu");
    CHECK(ptx::lowerCase("Caf\xC3\x89") == "caf\xC3\x89");
}
