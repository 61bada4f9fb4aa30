// `parser_file_check malformed FILE`: parsing FILE fails with exactly the message in the sibling
// FILE.err (named by its base name, e.g. `07-missing-semi.litmus:9:1: error: ...`).
// `parser_file_check valid FILE`: FILE parses and round-trips.
#include "RoundTrip.hpp"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

namespace {

std::string readFile(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream buffer;
    buffer << in.rdbuf();
    return buffer.str();
}

int checkMalformed(const std::filesystem::path& file) {
    std::filesystem::path errFile = file;
    errFile.replace_extension(".err");
    if (!std::filesystem::exists(errFile)) {
        std::cerr << "missing " << errFile << "\n";
        return 1;
    }
    std::string expected = readFile(errFile);
    while (!expected.empty() && (expected.back() == '\n' || expected.back() == '\r'))
        expected.pop_back();
    try {
        ptx::Program program = ptx::parseLitmus(readFile(file), file.filename().string());
        std::cerr << "expected an error, but the file parsed:\n" << ptx::printProgram(program);
        return 1;
    } catch (const ptx::ParseError& e) {
        if (e.what() != expected) {
            std::cerr << "expected: " << expected << "\nactual:   " << e.what() << "\n";
            return 1;
        }
    }
    return 0;
}

int checkValid(const std::filesystem::path& file) {
    try {
        ptx::Program program = ptx::parseLitmusFile(file.string(), ptx::Deadline());
        if (auto problem = ptx::test::roundTripProblem(program)) {
            std::cerr << *problem << "\n";
            return 1;
        }
        std::cout << ptx::printProgram(program);
    } catch (const ptx::ParseError& e) {
        std::cerr << e.what() << "\n";
        return 1;
    }
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    if (argc != 3) {
        std::cerr << "usage: parser_file_check malformed|valid FILE\n";
        return 2;
    }
    std::string mode = argv[1];
    if (mode == "malformed") return checkMalformed(argv[2]);
    if (mode == "valid") return checkValid(argv[2]);
    std::cerr << "unknown mode " << mode << "\n";
    return 2;
}
