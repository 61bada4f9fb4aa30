#include "cli/DotClusters.hpp"

#include <cctype>
#include <cstddef>
#include <string_view>

namespace ptx::cli {
namespace {

enum class Kind { Blank, Id, Quoted, Html, Punct, Edge };

struct Token {
    Kind kind;
    std::string_view text;
};

bool idStart(char c) {
    return std::isalpha(static_cast<unsigned char>(c)) || c == '_' ||
           static_cast<unsigned char>(c) >= 0x80;
}

bool idChar(char c) {
    return idStart(c) || std::isdigit(static_cast<unsigned char>(c));
}

/// DOT's lexical structure (graphviz.org/doc/info/lang.html): blanks and comments, IDs (names,
/// numerals, "quoted strings", <HTML strings>), punctuation and edge operators.
std::vector<Token> tokenize(std::string_view s) {
    std::vector<Token> out;
    std::size_t i = 0;
    auto push = [&](Kind k, std::size_t start) { out.push_back({k, s.substr(start, i - start)}); };
    while (i < s.size()) {
        const std::size_t start = i;
        const char c = s[i];
        if (std::isspace(static_cast<unsigned char>(c))) {
            while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i])))
                ++i;
            push(Kind::Blank, start);
        } else if (s.compare(i, 2, "//") == 0 || (c == '#' && (i == 0 || s[i - 1] == '\n'))) {
            while (i < s.size() && s[i] != '\n')
                ++i;
            push(Kind::Blank, start);
        } else if (s.compare(i, 2, "/*") == 0) {
            const std::size_t end = s.find("*/", i + 2);
            i = end == std::string_view::npos ? s.size() : end + 2;
            push(Kind::Blank, start);
        } else if (c == '"') {
            ++i;
            while (i < s.size() && s[i] != '"')
                i += s[i] == '\\' && i + 1 < s.size() ? 2 : 1;
            i = std::min(i + 1, s.size());
            push(Kind::Quoted, start);
        } else if (c == '<') {
            int depth = 0;
            do {
                if (s[i] == '<') ++depth;
                if (s[i] == '>') --depth;
                ++i;
            } while (i < s.size() && depth > 0);
            push(Kind::Html, start);
        } else if (s.compare(i, 2, "->") == 0 || s.compare(i, 2, "--") == 0) {
            i += 2;
            push(Kind::Edge, start);
        } else if (idStart(c)) {
            while (i < s.size() && idChar(s[i]))
                ++i;
            push(Kind::Id, start);
        } else if (std::isdigit(static_cast<unsigned char>(c)) || c == '.' || c == '-') {
            ++i;
            while (i < s.size() && (std::isdigit(static_cast<unsigned char>(s[i])) || s[i] == '.'))
                ++i;
            push(Kind::Id, start);
        } else {
            ++i;
            push(Kind::Punct, start);
        }
    }
    return out;
}

bool keyword(std::string_view id, std::string_view word) {
    if (id.size() != word.size()) return false;
    for (std::size_t i = 0; i < id.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(id[i])) != word[i]) return false;
    return true;
}

bool isKeyword(std::string_view id) {
    for (const char* w : {"graph", "digraph", "subgraph", "node", "edge", "strict"})
        if (keyword(id, w)) return true;
    return false;
}

/// `id` with `prefix` in front, always quoted (a numeral with a prefix is no bare ID).
std::string prefixed(const Token& t, const std::string& prefix) {
    if (t.kind == Kind::Quoted) return "\"" + prefix + std::string(t.text.substr(1));
    return "\"" + prefix + std::string(t.text) + "\"";
}

} // namespace

DrawnExecutions splitDotGraphs(const std::string& text) {
    DrawnExecutions d;
    std::size_t start = 0;
    std::string current;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        end = end == std::string::npos ? text.size() : end + 1;
        const std::string_view line(text.data() + start, end - start);
        if (line.rfind("digraph", 0) == 0) {
            if (!current.empty()) d.graphs.push_back(std::move(current));
            current.clear();
        }
        if (line.rfind("// Notice:", 0) == 0)
            d.more = true;
        else if (line.rfind("//", 0) != 0)
            current += line;
        start = end;
    }
    if (current.find("digraph") != std::string::npos) d.graphs.push_back(std::move(current));
    return d;
}

std::string asCluster(const std::string& graph, const std::string& prefix) {
    const std::vector<Token> tokens = tokenize(graph);
    const std::string p = prefix + "_";
    std::string out;
    // The next non-blank token after index i.
    auto next = [&](std::size_t i) -> const Token* {
        for (++i; i < tokens.size(); ++i)
            if (tokens[i].kind != Kind::Blank) return &tokens[i];
        return nullptr;
    };
    int brackets = 0;                // inside an attribute list [...]
    bool header = true;              // before the graph's opening '{'
    const Token* previous = nullptr; // the last non-blank token
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        const Token& t = tokens[i];
        if (header && t.kind == Kind::Blank) continue;
        if (t.kind == Kind::Blank) {
            out += t.text;
            continue;
        }
        const Token* after = next(i);
        if (header) { // `strict? digraph ID? {` becomes `subgraph "cluster_<prefix>" {`
            if (t.kind == Kind::Punct && t.text == "{") {
                out += "subgraph \"cluster_" + prefix + "\" {";
                header = false;
            }
            previous = &t;
            continue;
        }
        const bool isId = t.kind == Kind::Id || t.kind == Kind::Quoted;
        if (t.kind == Kind::Punct && t.text == "[") ++brackets;
        if (t.kind == Kind::Punct && t.text == "]") --brackets;
        const bool attributeName = after && after->kind == Kind::Punct && after->text == "=";
        const bool attributeValue = previous && previous->kind == Kind::Punct &&
                                    (previous->text == "=" || previous->text == ":");
        if (isId && previous && previous->kind == Kind::Id && keyword(previous->text, "subgraph")) {
            // Subgraph names: clusters stay clusters (`cluster_` first), all made distinct.
            const std::string name(t.kind == Kind::Quoted ? t.text.substr(1, t.text.size() - 2)
                                                          : t.text);
            out += name.rfind("cluster", 0) == 0 ? "\"cluster_" + p + name.substr(7) + "\""
                                                 : "\"" + p + name + "\"";
        } else if (isId && brackets == 0 && !attributeName && !attributeValue &&
                   !(t.kind == Kind::Id && isKeyword(t.text))) {
            out += prefixed(t, p); // a node id
        } else {
            out += t.text;
        }
        previous = &t;
    }
    return out;
}

std::string rootAttributes(const std::string& graph) {
    const std::vector<Token> tokens = tokenize(graph);
    std::vector<const Token*> solid; // the non-blank tokens
    for (const Token& t : tokens)
        if (t.kind != Kind::Blank) solid.push_back(&t);
    std::string out;
    int depth = 0;
    int brackets = 0;
    for (std::size_t i = 0; i < solid.size(); ++i) {
        const std::string_view t = solid[i]->text;
        if (solid[i]->kind == Kind::Punct) {
            depth += t == "{" ? 1 : t == "}" ? -1 : 0;
            brackets += t == "[" ? 1 : t == "]" ? -1 : 0;
        }
        // `name = value` directly inside the graph's braces, not in an attribute list.
        if (depth != 1 || brackets != 0 || i + 2 >= solid.size() || solid[i]->kind != Kind::Id ||
            solid[i + 1]->text != "=" || (i > 0 && solid[i - 1]->text == "="))
            continue;
        if (t == "label" || t == "labelloc" || t == "labeljust") continue; // the caption's own
        out += std::string(t) + "=" + std::string(solid[i + 2]->text) + "; ";
        i += 2;
    }
    return out;
}

std::string combinedGraph(const std::string& title, const std::vector<std::string>& clusters,
                          const std::string& attributes) {
    std::string quotedTitle = "\"";
    for (const char c : title) {
        if (c == '"' || c == '\\') quotedTitle += '\\';
        quotedTitle += c;
    }
    quotedTitle += "\"";
    std::string out =
        "digraph \"ptxlitmus\" {\n  " + attributes + "labelloc=t; label=" + quotedTitle + ";\n";
    for (const std::string& c : clusters)
        out += c;
    out += "}\n";
    return out;
}

std::string fileNameOf(const std::string& testName) {
    std::string out;
    for (const char c : testName)
        out += std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '+' ||
                       c == '-'
                   ? c
                   : '_';
    if (out.empty() || out[0] == '.') out.insert(0, "_");
    return out;
}

} // namespace ptx::cli
