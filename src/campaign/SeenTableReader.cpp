// Seen / not-seen tables: a CSV with a row per test and a column per GPU, saying only whether
// the test's weak behaviour was observed at least once on that GPU; results tables add columns
// of other models' answers (`INSTANCE` / `UNSAT`: whether the model allows that behaviour).
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

/// What a column holds, known from its first non-empty cell.
enum class ColumnKind { Unknown, Gpu, Model };

/// A non-empty cell: a GPU's flag (seen or not) or a model's answer (allows the weak outcome
/// or not).
struct CellValue {
    ColumnKind kind = ColumnKind::Unknown;
    bool yes = false;
};

constexpr const char* kGpuCells = "`seen`, `not seen`, `yes`, `no`, `1`, `0`";
constexpr const char* kModelCells = "`INSTANCE`, `UNSAT`, `allowed`, `forbidden`";

/// What a cell says; nullopt for an empty cell (no data); an error for anything else.
std::optional<CellValue> valueOf(const std::string& cell, const Position& at) {
    std::string words; // lower case, blank runs folded to one space: `Not  Seen` is `not seen`
    for (const char c : lowerCase(cell)) {
        if (c == ' ' || c == '\t') {
            if (!words.empty() && words.back() != ' ') words += ' ';
        } else {
            words += c;
        }
    }
    if (words.empty()) return std::nullopt;
    if (words == "seen" || words == "yes" || words == "1") return CellValue{ColumnKind::Gpu, true};
    if (words == "not seen" || words == "no" || words == "0")
        return CellValue{ColumnKind::Gpu, false};
    if (words == "instance" || words == "allowed") return CellValue{ColumnKind::Model, true};
    if (words == "unsat" || words == "forbidden") return CellValue{ColumnKind::Model, false};
    fail(at, "found the cell " + quotedText(cell, '`') + ", expected " + kGpuCells +
                 " (a GPU's), " + kModelCells + " (a model's) or an empty cell");
}

struct Column {
    std::string name;
    ColumnKind kind = ColumnKind::Unknown;
    int kindLine = 0; // the line of its first non-empty cell
    std::string kindCell;
};

struct Header {
    std::vector<Column> columns;
    int line = 0;
};

Header readHeader(std::string_view line, const Position& at) {
    std::vector<std::string> cells = cellsOf(line, at);
    Header header{{}, at.line};
    for (std::size_t k = 1; k < cells.size(); ++k) {
        Column column;
        column.name = cells[k];
        header.columns.push_back(std::move(column));
    }
    if (header.columns.empty())
        fail(at, "found the header " + quotedText(line, '`') +
                     " without GPU columns, expected `test,<gpu1>,<gpu2>,...`");
    for (std::size_t k = 0; k < header.columns.size(); ++k) {
        const std::string& name = header.columns[k].name;
        if (name.empty())
            fail(at, "found an empty column name in column " + std::to_string(k + 2) +
                         ", expected a name for every GPU or model column");
        for (std::size_t j = 0; j < k; ++j)
            if (header.columns[j].name == name)
                fail(at, "found the column " + quotedText(name, '`') + " in columns " +
                             std::to_string(j + 2) + " and " + std::to_string(k + 2) +
                             ", expected each GPU or model once");
    }
    return header;
}

/// The cell's value, checked against its column's kind (set by the column's first cell).
std::optional<CellValue> cellOfColumn(const std::string& cell, Column& column, const Position& at) {
    const std::optional<CellValue> value = valueOf(cell, at);
    if (!value) return std::nullopt;
    if (column.kind == ColumnKind::Unknown) {
        column.kind = value->kind;
        column.kindLine = at.line;
        column.kindCell = cell;
    } else if (column.kind != value->kind) {
        const bool gpu = column.kind == ColumnKind::Gpu;
        fail(at, "found the cell " + quotedText(cell, '`') + " in the " + (gpu ? "GPU" : "model") +
                     " column " + quotedText(column.name, '`') + " (line " +
                     std::to_string(column.kindLine) + " has " + quotedText(column.kindCell, '`') +
                     "), expected " + (gpu ? kGpuCells : kModelCells) + " or an empty cell");
    }
    return value;
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
        if (cells.size() != header->columns.size() + 1)
            fail(at, "found " + std::to_string(cells.size()) + " cells, expected " +
                         std::to_string(header->columns.size() + 1) +
                         " (the test and one per column of the header, line " +
                         std::to_string(header->line) + ")");
        const std::string& test = cells[0];
        if (test.empty()) fail(at, "found an empty test name, expected one in the first cell");
        const auto [first, added] = rowOf.emplace(test, at.line);
        if (!added)
            fail(at, "found the test " + quotedText(test, '`') + " at lines " +
                         std::to_string(first->second) + " and " + std::to_string(at.line) +
                         ", expected one row per test");
        const std::size_t firstRecord = records.size();
        std::vector<ModelAnswer> answers;
        for (std::size_t k = 0; k < header->columns.size(); ++k) {
            Column& column = header->columns[k];
            const std::optional<CellValue> value = cellOfColumn(cells[k + 1], column, at);
            if (!value) continue;
            if (value->kind == ColumnKind::Model) {
                answers.push_back(ModelAnswer{column.name, value->yes});
                continue;
            }
            ObservationRecord record;
            record.test = test;
            record.gpu = column.name;
            record.file = file;
            record.line = at.line;
            record.outcomes.push_back(ObservedOutcome{std::nullopt, ConditionRuns::Weak,
                                                      std::nullopt, value->yes, at.line});
            records.push_back(std::move(record));
        }
        if (!answers.empty() && records.size() == firstRecord)
            fail(at, "found model answers for test " + test +
                         " but no GPU's seen or not-seen cell, expected one at least (the "
                         "answers are compared on the GPUs' rows of the test)");
        for (std::size_t r = firstRecord; r < records.size(); ++r)
            records[r].modelAnswers = answers;
    }
    if (records.empty())
        fail(Position{file, 0, "", ""},
             "found no seen or not-seen cell, expected rows `TEST,seen,not seen,...` after the "
             "header");
    return records;
}

} // namespace ptx::campaign
