#include "regress/CsvExpectations.hpp"

#include "support/CsvLine.hpp"
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
    const std::string name = lowerCase(std::filesystem::path(path).filename().string());
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
        const std::string where = file + ":" + std::to_string(lineNo) + ": error: ";
        std::vector<std::string> cells;
        try {
            cells = csvCells(line);
        } catch (const CsvLineError& e) {
            throw CsvError(where + e.what());
        }
        if (cells.size() == 1) throw CsvError(where + "expected `PATH,0` or `PATH,1`");
        if (cells.size() > 2 && line.find('"') == std::string::npos) {
            // Unquoted, a path may hold commas: the last one comes before the verdict.
            cells = {trimBlanks(line.substr(0, line.rfind(','))), cells.back()};
        } else if (cells.size() > 2) {
            throw CsvError(where + "found " + std::to_string(cells.size()) +
                           " cells, expected `PATH,0` or `PATH,1`");
        }
        CsvEntry e{cells[0], false};
        const std::string& verdict = cells[1];
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
