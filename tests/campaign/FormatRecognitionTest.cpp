// Which reader a text goes to, recognised from its content; reading files.
#include "TestSupport.hpp"

#include <doctest/doctest.h>

using namespace ptx;
using namespace ptx::campaign;
using campaign_test::dataFile;

TEST_CASE("recognition: JSON by its first non-blank character") {
    CHECK(recognizeFormat("  \n\t[{\"outcome\": {}}]") == ObservationFormat::Json);
    CHECK(recognizeFormat("\r\n{\"test\": \"MP\"}") == ObservationFormat::Json);
    CHECK(recognizeFormat("x [1]") == ObservationFormat::Litmus7Log);
}

TEST_CASE("recognition: a seen table by its header's first cell, test or name, any case") {
    CHECK(recognizeFormat("test,A100\nMP,seen\n") == ObservationFormat::SeenTable);
    CHECK(recognizeFormat("\n  \"Name\" ,H100\n") == ObservationFormat::SeenTable);
    CHECK(recognizeFormat("TEST\n") == ObservationFormat::SeenTable);
    // Only the first non-blank line counts: a later header is data of another format.
    CHECK(recognizeFormat("Test MP Allowed\ntest,A100\n") == ObservationFormat::Litmus7Log);
    CHECK(recognizeFormat("tests,A100\nMP,seen\n") == ObservationFormat::Litmus7Log);
}

TEST_CASE("recognition: weak/total lines by any line that starts like one, else a litmus7 log") {
    CHECK(recognizeFormat("# c\n\nTest A weak: 1, total: 2\n") == ObservationFormat::WeakTotal);
    // A malformed line elsewhere does not change the format: it is that reader's error.
    CHECK(recognizeFormat("garbage\nTest A weak:1 total:99999999999999999999999\n") ==
          ObservationFormat::WeakTotal);
    CHECK(recognizeFormat("Test A Allowed\nHistogram (1 states)\n1 :>x=1;\n") ==
          ObservationFormat::Litmus7Log);
    // `Test NAME weak:` starts a weak/total line even when the rest is wrong (litmus7 never
    // prints it), so that the error shows the expected form.
    CHECK(recognizeFormat("Test A weak: 1\n") == ObservationFormat::WeakTotal);
    CHECK(recognizeFormat("Test A weak: -1, total: 2\n") == ObservationFormat::WeakTotal);
    CHECK(recognizeFormat("Test A weakly Allowed\n") == ObservationFormat::Litmus7Log);
    CHECK(recognizeFormat("") == ObservationFormat::Litmus7Log);
}

TEST_CASE("readObservations sends each format to its reader") {
    CHECK(readObservations("[{\"outcome\": {\"x\": 1}, \"count\": 2}]", "f").records[0].total == 2);
    CHECK(readObservations("name,A100\nMP,yes\n", "f").records[0].gpu == "A100");
    CHECK(readObservations("Test MP weak: 1, total: 3\n", "f").records[0].total == 3);
    CHECK(readObservations("Observation MP Sometimes 1 3\n", "f").records[0].total == 4);
    // Lines that are not data beside weak/total lines: skipped and counted, or refused (--strict).
    CHECK(readObservations("garbage\nTest A weak: 1, total: 2\n", "f").skipped.count == 1);
    CHECK(campaign_test::errorOf(
              [](std::string_view text, const std::string& file) {
                  return readObservations(text, file, ReadOptions{true});
              },
              "garbage\nTest A weak: 1, total: 2\n", "f")
              .rfind("f:1: error: found `garbage`, expected `Test NAME weak: W, total: T`", 0) ==
          0);
    // Other formats skip nothing.
    CHECK(readObservations("name,A100\nMP,yes\n", "f").skipped.count == 0);
    CHECK(campaign_test::errorOf(campaign_test::readAny, "", "f")
              .rfind("f: error: found no observation", 0) == 0);
}

TEST_CASE("a UTF-8 byte-order mark before any format is skipped") {
    const std::string bom = "\xEF\xBB\xBF";
    CHECK(
        readObservations(bom + "[{\"outcome\": {\"x\": 1}, \"count\": 2}]", "f").records[0].total ==
        2);
    CHECK(readObservations(bom + "test,A100\nMP,yes\n", "f").records[0].gpu == "A100");
    CHECK(readObservations(bom + "Test MP weak: 1, total: 3\n", "f").records[0].total == 3);
    const auto log =
        readObservations(bom + "Test MP Allowed\nHistogram (1 states)\n5 :>x=1;\n", "f").records;
    REQUIRE(log.size() == 1);
    CHECK(log[0].test == "MP");
}

TEST_CASE("readObservationFile: records name the file, an unreadable file says why") {
    const std::string file = dataFile("weak-total.txt");
    CHECK(readObservationFile(file, ptx::Deadline()).records[0].where() == file + ":2");
    const std::string absent = dataFile("absent.txt");
    CHECK_THROWS_WITH_AS(static_cast<void>(readObservationFile(absent, ptx::Deadline())),
                         (absent + ": error: cannot read the observation file: No such file or "
                                   "directory")
                             .c_str(),
                         ObservationError);
    CHECK_THROWS_WITH_AS(
        static_cast<void>(readObservationFile(CAMPAIGN_TEST_DIR "/data", ptx::Deadline())),
        (std::string(CAMPAIGN_TEST_DIR) +
         "/data: error: cannot read the observation file: Is a directory")
            .c_str(),
        ObservationError);
}
