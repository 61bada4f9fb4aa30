#include "regress/CsvExpectations.hpp"

#include "support/InputFile.hpp"
#include "support/Text.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>

namespace ptx::regress {

CsvProperty parseCsvProperty(const std::string& text) {
    if (text == "condition") return CsvProperty::Condition;
    if (text == "termination") return CsvProperty::Termination;
    throw InputError("--property: expected condition or termination, found `" + text + "`");
}

CsvProperty detectCsvProperty(const std::string& path) {
    std::string name = std::filesystem::path(path).filename().string();
    std::transform(name.begin(), name.end(), name.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return name.find("liveness") != std::string::npos ? CsvProperty::Termination
                                                      : CsvProperty::Condition;
}

CsvProperty csvPropertyOf(const std::string& path, std::optional<CsvProperty> given) {
    return given ? *given : detectCsvProperty(path);
}

std::vector<CsvEntry> parseCsv(std::string_view text, const std::string& file) {
    std::vector<CsvEntry> entries;
    std::map<std::string, int> seen; // normalised path (`./a/../b` is `b`) -> its line
    std::istringstream in{std::string(text)};
    std::string raw;
    int lineNo = 0;
    while (std::getline(in, raw)) {
        ++lineNo;
        const std::string line = trimBlanks(raw);
        if (line.empty() || line.rfind("//", 0) == 0) continue;
        const auto comma = line.rfind(',');
        const std::string where = file + ":" + std::to_string(lineNo) + ": error: ";
        if (comma == std::string::npos) throw CsvError(where + "expected `PATH,0` or `PATH,1`");
        CsvEntry e{trimBlanks(line.substr(0, comma)), false};
        const std::string verdict = trimBlanks(line.substr(comma + 1));
        if (verdict != "0" && verdict != "1")
            throw CsvError(where + "the expected value must be 0 or 1, found `" + verdict + "`");
        if (e.path.empty()) throw CsvError(where + "empty path");
        const std::string normal = std::filesystem::path(e.path).lexically_normal().string();
        if (const auto [it, fresh] = seen.emplace(normal, lineNo); !fresh)
            throw CsvError(where + "duplicate entry " + e.path + " (the test of line " +
                           std::to_string(it->second) + ")");
        e.ok = verdict == "1";
        entries.push_back(std::move(e));
    }
    return entries;
}

std::vector<CsvEntry> readCsvFile(const std::string& path, const Deadline& deadline) {
    return parseCsv(readInputFile(path, "CSV file", deadline), path);
}

std::vector<TestCase> csvTests(const std::vector<CsvEntry>& entries, const std::string& root) {
    std::vector<TestCase> tests;
    tests.reserve(entries.size());
    for (const CsvEntry& e : entries) {
        const std::string full = (std::filesystem::path(root) / e.path).string();
        tests.push_back({e.path, full, ExpectationSource::Csv, {}, e.ok});
    }
    return tests;
}

} // namespace ptx::regress
