#include "parser/TestStream.hpp"

#include <array>

namespace ptx {
namespace {

bool blank(char c) {
    return c == ' ' || c == '\t' || c == '\r';
}

/// Whether the line starting at `at` is a test header: blanks, an architecture, blanks, a name.
bool headerAt(std::string_view s, std::size_t at) {
    std::size_t i = at;
    while (i < s.size() && blank(s[i]))
        ++i;
    for (const std::string_view arch : std::array<std::string_view, 3>{"PTX", "ptx", "GPU_PTX"}) {
        if (s.compare(i, arch.size(), arch) != 0) continue;
        std::size_t j = i + arch.size();
        if (j >= s.size() || !blank(s[j])) continue;
        while (j < s.size() && blank(s[j]))
            ++j;
        return j < s.size() && s[j] != '\n';
    }
    return false;
}

} // namespace

std::vector<TestText> splitTestStream(std::string_view s) {
    std::vector<std::size_t> starts; // offsets of header lines
    std::vector<int> lines;          // their line numbers
    enum class In { Text, String, Comment } in = In::Text;
    int line = 1;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (i == 0 || s[i - 1] == '\n') {
            if (i > 0) ++line;
            if (in == In::Text && headerAt(s, i)) {
                starts.push_back(i);
                lines.push_back(line);
            }
        }
        const char c = s[i];
        if (in == In::Text) {
            if (c == '"') in = In::String;
            if (c == '(' && i + 1 < s.size() && s[i + 1] == '*') {
                in = In::Comment;
                ++i;
            }
        } else if (in == In::String) {
            if (c == '"') in = In::Text;
        } else if (c == '*' && i + 1 < s.size() && s[i + 1] == ')') {
            in = In::Text;
            ++i;
        }
    }
    std::vector<TestText> tests;
    if (starts.empty()) return {TestText{s, 1}};
    for (std::size_t k = 0; k < starts.size(); ++k) {
        // Text before the first header (blank lines, comments) stays with the first test.
        const std::size_t begin = k == 0 ? 0 : starts[k];
        const std::size_t end = k + 1 < starts.size() ? starts[k + 1] : s.size();
        tests.push_back(TestText{s.substr(begin, end - begin), k == 0 ? 1 : lines[k]});
    }
    return tests;
}

} // namespace ptx
