// Recognition of a campaign file's format, and the dispatch to its reader.
#include "campaign/ObservationReaders.hpp"

#include "campaign/FormatReaders.hpp"
#include "campaign/ObservationText.hpp"

#include "support/InputFile.hpp"
#include "support/Text.hpp"

#include <algorithm>

namespace ptx::campaign {

ObservationFormat recognizeFormat(std::string_view text) {
    const auto first = text.find_first_not_of(" \t\r\n");
    if (first != std::string_view::npos && (text[first] == '[' || text[first] == '{'))
        return ObservationFormat::Json;
    const std::vector<std::string_view> lines = splitLines(text);
    const auto firstLine = std::find_if(
        lines.begin(), lines.end(), [](std::string_view l) { return !trimBlanksView(l).empty(); });
    if (firstLine != lines.end() && isSeenTableHeader(*firstLine))
        return ObservationFormat::SeenTable;
    if (std::any_of(lines.begin(), lines.end(), isWeakTotalLine))
        return ObservationFormat::WeakTotal;
    return ObservationFormat::Litmus7Log;
}

ObservationFile readObservations(std::string_view text, const std::string& file,
                                 const ReadOptions& options) {
    // A UTF-8 byte-order mark (spreadsheets write one before a CSV) is no part of any format:
    // left in, it hid a JSON file's `[` and a seen table's header.
    constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";
    if (text.substr(0, kByteOrderMark.size()) == kByteOrderMark)
        text.remove_prefix(kByteOrderMark.size());
    ObservationFile out;
    out.skipped.file = file;
    switch (recognizeFormat(text)) {
    case ObservationFormat::Json:
        out.records = readObservationJson(text, file);
        break;
    case ObservationFormat::SeenTable:
        out.records = readSeenTable(text, file);
        break;
    case ObservationFormat::WeakTotal:
        return readWeakTotalLog(text, file, options);
    case ObservationFormat::Litmus7Log:
        out.records = readLitmus7Log(text, file);
        break;
    }
    return out;
}

ObservationFile readObservationFile(const std::string& path, const Deadline& deadline,
                                    const ReadOptions& options) {
    std::string text;
    try {
        text = readInputFile(path, "observation file", deadline);
    } catch (const LocatedInputError& e) {
        throw ObservationError(e.what()); // the same message, as the readers' one error type
    }
    return readObservations(text, path == "-" ? "<stdin>" : path, options);
}

} // namespace ptx::campaign
