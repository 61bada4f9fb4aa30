// Cutting a stream of tests (`ptxlitmus gen MP | ptxlitmus -`) into tests.
#include "parser/TestStream.hpp"

#include <doctest/doctest.h>

#include <string>

using ptx::splitTestStream;

TEST_CASE("a stream is cut where a header line starts, each piece with its first line") {
    const std::string s = "PTX A\n{ x=0; }\nexists (x==0)\n\nGPU_PTX B\n{ }\n  ptx C\nX";
    const auto tests = splitTestStream(s);
    REQUIRE(tests.size() == 3);
    CHECK(tests[0].text == "PTX A\n{ x=0; }\nexists (x==0)\n\n");
    CHECK(tests[0].firstLine == 1);
    CHECK(tests[1].text == "GPU_PTX B\n{ }\n");
    CHECK(tests[1].firstLine == 5);
    CHECK(tests[2].text == "  ptx C\nX");
    CHECK(tests[2].firstLine == 7);
}

TEST_CASE("headers inside descriptions and comments, and text before the first test, do not cut") {
    const std::string s = "(* PTX in a comment\nPTX X *)\nPTX A \"a description\nPTX Y\n\"\n"
                          "{ }\n(*\nPTX Z *)\nPTX B\n";
    const auto tests = splitTestStream(s);
    REQUIRE(tests.size() == 2);
    CHECK(tests[0].firstLine == 1); // the leading comment stays with the first test
    CHECK(tests[0].text.substr(0, 3) == "(* ");
    CHECK(tests[1].text == "PTX B\n");
    CHECK(tests[1].firstLine == 9);
}

TEST_CASE("a stream without a header is one piece, and `PTX` alone is not a header") {
    CHECK(splitTestStream("").size() == 1);
    CHECK(splitTestStream("{ x=0; }\n").size() == 1);
    const auto tests = splitTestStream("PTX A\nPTX\nPTXB C\n");
    REQUIRE(tests.size() == 1);
}
