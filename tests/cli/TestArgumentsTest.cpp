// Test arguments: herd7's index files (a file whose name starts with '@'), `-`, one-test commands.
#include "cli/TestArguments.hpp"

#include "support/Errors.hpp"

#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

using namespace ptx::cli;
namespace fs = std::filesystem;

namespace {

/// A fresh folder under the system's temporary folder, removed at the end of the test.
struct TempDir {
    fs::path path;
    TempDir() {
        std::string pattern = (fs::temp_directory_path() / "ptxlitmus-args-XXXXXX").string();
        path = ::mkdtemp(pattern.data());
    }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
    void write(const std::string& name, const std::string& text) const {
        fs::create_directories((path / name).parent_path());
        std::ofstream(path / name) << text;
    }
};

/// The first error of the arguments: of expanding them, or of an input in its place.
std::string errorOf(const std::vector<std::string>& args) {
    try {
        for (const TestInput& input : testInputs(args, ptx::Deadline()))
            if (input.failure) (void)parseTestInput(input, ptx::Deadline());
    } catch (const ptx::InputError& e) {
        return e.what();
    }
    return "";
}

} // namespace

TEST_CASE("an index file lists tests relative to its folder, comments and blank lines skipped") {
    TempDir t;
    t.write("suite/@all", "# the suite\n\nMP.litmus\n  sub/SB.litmus  \n/abs/X.litmus\n@more\n");
    t.write("suite/@more", "LB.litmus\n");
    const std::string dir = (t.path / "suite").string();
    CHECK(expandTestArguments({"a.litmus", dir + "/@all", "-"}, ptx::Deadline()) ==
          std::vector<std::string>{"a.litmus", dir + "/MP.litmus", dir + "/sub/SB.litmus",
                                   "/abs/X.litmus", dir + "/LB.litmus", "-"});
    const auto inputs = testInputs({dir + "/@all"}, ptx::Deadline());
    REQUIRE(inputs.size() == 4);
    CHECK(inputs[0].listedIn == dir + "/@all:3");
    CHECK(inputs[3].listedIn == dir + "/@more:1");
    CHECK_FALSE(inputs[0].text);
}

TEST_CASE("a test an index file lists but that cannot be read says where it was listed") {
    TempDir t;
    t.write("@list", "missing.litmus\n");
    const auto inputs = testInputs({(t.path / "@list").string()}, ptx::Deadline());
    REQUIRE(inputs.size() == 1);
    try {
        (void)parseTestInput(inputs[0], ptx::Deadline());
        FAIL("expected an error");
    } catch (const ptx::LocatedInputError& e) {
        CHECK(std::string(e.what()) == (t.path / "missing.litmus").string() +
                                           ": error: cannot read the litmus test: No such file "
                                           "or directory (listed in " +
                                           (t.path / "@list").string() + ":1)");
    }
}

TEST_CASE("index files: empty, missing, a cycle") {
    TempDir t;
    t.write("@empty", "# nothing\n\n");
    t.write("@a", "@b\n");
    t.write("@b", "@a\n");
    t.write("list.txt", "x.litmus\n");
    const std::string dir = t.path.string();
    CHECK(errorOf({dir + "/@empty"}) ==
          dir + "/@empty: error: the index file lists no test (one path per line; blank lines "
                "and lines starting with '#' are skipped)");
    CHECK(errorOf({dir + "/@a"}) == dir +
                                        "/@a: error: the index file lists itself (through 2 "
                                        "index files) (listed in " +
                                        dir + "/@b:1)");
    CHECK(errorOf({dir + "/@nothing"}) ==
          dir + "/@nothing: error: cannot read the index file: No such file or directory");
    // `@list.txt` when only list.txt exists: herd7's convention is spelled out.
    CHECK(errorOf({dir + "/@list.txt"}) ==
          dir +
              "/@list.txt: error: cannot read the index file: No such file or directory (as "
              "in herd7, an index file's own name starts with '@': `" +
              dir + "/@list.txt` is the file " + dir + "/@list.txt, not " + dir + "/list.txt)");
}

TEST_CASE("index files that cannot be expanded stand in their tests' place, the rest is kept") {
    TempDir t;
    t.write("@empty", "# nothing\n");
    t.write("@nest", "@missing\nx.litmus\n");
    const std::string dir = t.path.string();
    const std::vector<TestInput> inputs = testInputs(
        {dir + "/a.litmus", dir + "/@empty", dir + "/@nest", dir + "/b.litmus"}, ptx::Deadline());
    REQUIRE(inputs.size() == 5);
    CHECK(inputs[0].file == dir + "/a.litmus");
    CHECK_FALSE(inputs[0].failure);
    CHECK(inputs[1].failure.value_or("").find("lists no test") != std::string::npos);
    CHECK(inputs[2].failure.value_or("") == dir +
                                                "/@missing: error: cannot read the index file: No "
                                                "such file or directory (listed in " +
                                                dir + "/@nest:1)");
    CHECK(inputs[3].file == dir + "/x.litmus");
    CHECK(inputs[3].listedIn == dir + "/@nest:2");
    CHECK(inputs[4].file == dir + "/b.litmus");
    CHECK_THROWS_AS((void)parseTestInput(inputs[1], ptx::Deadline()), ptx::InputError);
    // regress takes the paths alone: a bad index file is an error of the whole suite.
    CHECK_THROWS_AS(
        (void)expandTestArguments({dir + "/a.litmus", dir + "/@empty"}, ptx::Deadline()),
        ptx::InputError);
}

TEST_CASE("one-test commands reject an index file listing several") {
    TempDir t;
    t.write("@two", "a.litmus\nb.litmus\n");
    const std::string index = (t.path / "@two").string();
    try {
        (void)singleTestInput(index, "sim", ptx::Deadline());
        FAIL("expected an error");
    } catch (const ptx::InputError& e) {
        CHECK(std::string(e.what()) == index + ": error: `sim` takes one test, but the index "
                                               "file lists 2; give them one at a time");
    }
    CHECK(singleTestInput("x.litmus", "sim", ptx::Deadline()).file == "x.litmus");
}
