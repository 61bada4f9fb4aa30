// Seen / not-seen tables: a CSV with a row per test and a column per GPU, saying only whether
// the test's weak behaviour was observed at least once on that GPU.
#include "campaign/FormatReaders.hpp"
#include "campaign/ObservationError.hpp"
#include "campaign/ObservationText.hpp"

#include "support/CsvLine.hpp"
#include "support/Text.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>

namespace ptx::campaign {

namespace {

/// The cells of a CSV line (csvCells), a malformed one an error at its place.
std::vector<std::string> cellsOf(std::string_view line, const Position& at) {
    try {
        return csvCells(line);
    } catch (const CsvLineError& e) {
        fail(at, e.what());
    }
}

/// seen (true), not seen (false), no data (nullopt) for a cell; an error for anything else.
std::optional<bool> seenOf(const std::string& cell, const Position& at) {
    std::string words; // lower case, blank runs folded to one space: `Not  Seen` is `not seen`
    for (const char c : lowerCase(cell)) {
        if (c == ' ' || c == '\t') {
            if (!words.empty() && words.back() != ' ') words += ' ';
        } else {
            words += c;
        }
    }
    if (words.empty()) return std::nullopt;
    if (words == "seen" || words == "yes" || words == "1") return true;
    if (words == "not seen" || words == "no" || words == "0") return false;
    fail(at, "found the cell " + quotedText(cell, '`') +
                 ", expected `seen`, `not seen`, `yes`, `no`, `1`, `0` or an empty cell");
}

struct Header {
    std::vector<std::string> gpus;
    int line = 0;
};

Header readHeader(std::string_view line, const Position& at) {
    std::vector<std::string> cells = cellsOf(line, at);
    Header header{{cells.begin() + 1, cells.end()}, at.line};
    if (header.gpus.empty())
        fail(at, "found the header " + quotedText(line, '`') +
                     " without GPU columns, expected `test,<gpu1>,<gpu2>,...`");
    for (std::size_t k = 0; k < header.gpus.size(); ++k) {
        const std::string& gpu = header.gpus[k];
        if (gpu.empty())
            fail(at, "found an empty GPU name in column " + std::to_string(k + 2) +
                         ", expected a name for every GPU column");
        const auto first = std::find(header.gpus.begin(), header.gpus.begin() + k, gpu);
        if (first != header.gpus.begin() + k)
            fail(at, "found the GPU " + quotedText(gpu, '`') + " in columns " +
                         std::to_string(first - header.gpus.begin() + 2) + " and " +
                         std::to_string(k + 2) + ", expected each GPU once");
    }
    return header;
}

} // namespace

bool isSeenTableHeader(std::string_view line) {
    std::string_view cell = trimBlanksView(line.substr(0, line.find(',')));
    if (cell.size() >= 2 && cell.front() == '"' && cell.back() == '"')
        cell = trimBlanksView(cell.substr(1, cell.size() - 2));
    const std::string name = lowerCase(cell);
    return name == "test" || name == "name";
}

std::vector<ObservationRecord> readSeenTable(std::string_view text, const std::string& file) {
    const std::vector<std::string_view> lines = splitLines(text);
    std::optional<Header> header;
    std::map<std::string, int> rowOf; // each test's line
    std::vector<ObservationRecord> records;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::string_view line = trimBlanksView(lines[i]);
        const Position at = Position::atLine(file, static_cast<int>(i) + 1);
        if (line.empty()) continue;
        if (!header) {
            if (!isSeenTableHeader(line))
                fail(at,
                     "found " + quotedText(line, '`') + ", expected the header `test,<gpu>,...`");
            header = readHeader(line, at);
            continue;
        }
        const std::vector<std::string> cells = cellsOf(line, at);
        if (cells.size() != header->gpus.size() + 1)
            fail(at, "found " + std::to_string(cells.size()) + " cells, expected " +
                         std::to_string(header->gpus.size() + 1) +
                         " (the test and one per GPU of the header, line " +
                         std::to_string(header->line) + ")");
        const std::string& test = cells[0];
        if (test.empty()) fail(at, "found an empty test name, expected one in the first cell");
        const auto [first, added] = rowOf.emplace(test, at.line);
        if (!added)
            fail(at, "found the test " + quotedText(test, '`') + " at lines " +
                         std::to_string(first->second) + " and " + std::to_string(at.line) +
                         ", expected one row per test");
        for (std::size_t k = 0; k < header->gpus.size(); ++k) {
            const std::optional<bool> seen = seenOf(cells[k + 1], at);
            if (!seen) continue;
            ObservationRecord record;
            record.test = test;
            record.gpu = header->gpus[k];
            record.file = file;
            record.line = at.line;
            record.outcomes.push_back(
                ObservedOutcome{std::nullopt, ConditionRuns::Weak, std::nullopt, *seen, at.line});
            records.push_back(std::move(record));
        }
    }
    if (records.empty())
        fail(Position{file, 0, "", ""},
             "found no seen or not-seen cell, expected rows `TEST,seen,not seen,...` after the "
             "header");
    return records;
}

} // namespace ptx::campaign
