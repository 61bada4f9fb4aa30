#include "support/CsvLine.hpp"

#include "support/Text.hpp"

#include <algorithm>

namespace ptx {

std::vector<std::string> csvCells(std::string_view line) {
    std::vector<std::string> cells;
    std::size_t i = 0;
    const auto skipBlanks = [&] {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r'))
            ++i;
    };
    while (true) {
        skipBlanks();
        std::string cell;
        if (i < line.size() && line[i] == '"') {
            const std::size_t open = i++;
            while (true) {
                if (i >= line.size())
                    throw CsvLineError("found the quoted cell " +
                                       quotedText(line.substr(open), '`') +
                                       " without its closing `\"`, expected `\"...\"` on one line");
                if (line[i] == '"' && i + 1 < line.size() && line[i + 1] == '"') {
                    cell += '"';
                    i += 2;
                } else if (line[i] == '"') {
                    ++i;
                    break;
                } else {
                    cell += line[i++];
                }
            }
            skipBlanks();
            if (i < line.size() && line[i] != ',')
                throw CsvLineError("found " + quotedText(line.substr(i), '`') +
                                   " after a quoted cell, expected `,` or the end of the line");
        } else {
            const std::size_t comma = std::min(line.find(',', i), line.size());
            cell = trimBlanksView(line.substr(i, comma - i));
            i = comma;
        }
        cells.push_back(std::move(cell));
        if (i >= line.size()) return cells;
        ++i; // the comma
    }
}

} // namespace ptx
