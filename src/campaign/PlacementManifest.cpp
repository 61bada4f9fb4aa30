#include "campaign/PlacementManifest.hpp"

#include "support/Errors.hpp"
#include "support/InputFile.hpp"
#include "support/Text.hpp"

#include <sstream>

namespace ptx::campaign {

std::map<std::string, Placement> readPlacements(std::string_view text, const std::string& file) {
    std::map<std::string, Placement> out;
    std::map<std::string, int> lineOf;
    std::istringstream in{std::string(text)};
    int line = 0;
    for (std::string raw; std::getline(in, raw);) {
        ++line;
        const std::string l = trimBlanks(raw);
        if (l.empty() || l[0] == '#') continue;
        auto fail = [&](const std::string& message) {
            throw LocatedInputError(file + ":" + std::to_string(line) + ": error: " + message);
        };
        const auto comma = l.find(',');
        if (comma == std::string::npos || l.find(',', comma + 1) != std::string::npos)
            fail("expected `TEST,PLACEMENT`, found `" + l + "`");
        const std::string test = trimBlanks(l.substr(0, comma));
        const std::string name = trimBlanks(l.substr(comma + 1));
        if (test == "test" && name == "placement" && out.empty()) continue; // the header
        const auto p = parsePlacement(name);
        if (test.empty()) fail("a placement without a test name");
        if (!p)
            fail("unknown placement `" + name + "` for test " + test +
                 " (expected as-written, one-cta or cta-per-thread)");
        if (const auto [it, fresh] = lineOf.emplace(test, line); !fresh)
            fail("test " + test + " is placed again (first at line " + std::to_string(it->second) +
                 ")");
        out.emplace(test, *p);
    }
    return out;
}

std::map<std::string, Placement> readPlacementFile(const std::string& path,
                                                   const Deadline& deadline) {
    return readPlacements(readInputFile(path, "placement file", deadline), path);
}

} // namespace ptx::campaign
