#include "gen/TestLayout.hpp"

#include <algorithm>

namespace ptx::gen {

std::string threadHeader(Placement placement, std::size_t thread) {
    const std::string i = std::to_string(thread);
    const std::string p = "P" + i + "@";
    switch (placement) {
    case Placement::SameCta:
        return p + "cta 0,gpu 0";
    case Placement::DiffCta:
        return p + "cta " + i + ",gpu 0";
    case Placement::DiffGpu:
        return p + "cta 0,gpu " + i;
    case Placement::SameWarp:
        return "P" + i;
    }
    return p + "cta 0,gpu 0";
}

std::string placementTree(Placement placement, std::size_t threads) {
    if (placement != Placement::SameWarp) return {};
    std::string tree = "scopeTree\n(device (cta (warp";
    for (std::size_t t = 0; t < threads; ++t)
        tree += " P" + std::to_string(t);
    return tree + ")))\n";
}

std::string programRows(const std::vector<std::vector<std::string>>& columns) {
    std::size_t rows = 0;
    std::vector<std::size_t> widths;
    for (const auto& column : columns) {
        rows = std::max(rows, column.size());
        std::size_t width = 0;
        for (const std::string& cell : column)
            width = std::max(width, cell.size());
        widths.push_back(width);
    }
    std::string out;
    for (std::size_t r = 0; r < rows; ++r) {
        for (std::size_t t = 0; t < columns.size(); ++t) {
            const std::string cell = r < columns[t].size() ? columns[t][r] : "";
            out += " " + cell + std::string(widths[t] - cell.size() + 1, ' ');
            out += t + 1 < columns.size() ? "|" : ";";
        }
        out += "\n";
    }
    return out;
}

std::string testText(const std::string& name, const std::string& description,
                     const std::vector<std::string>& locations,
                     const std::vector<std::vector<std::string>>& columns,
                     const std::string& condition) {
    std::string out = "PTX " + name + "\n\"" + description + "\"\n{\n";
    for (const std::string& l : locations)
        out += l + "=0; ";
    if (!locations.empty()) out.back() = '\n';
    return out + "}\n" + programRows(columns) + condition + "\n";
}

} // namespace ptx::gen
