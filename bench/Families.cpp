#include "Families.hpp"

#include "support/Errors.hpp"

#include <stdexcept>

namespace ptx::bench {
namespace {

std::string loc(const std::string& base, int i) {
    return base + std::to_string(i);
}

/// Assembles a test from per-thread instruction lists (threads in CTA 0 of GPU 0).
std::string assemble(const std::string& name, const std::vector<std::string>& locations,
                     const std::vector<std::vector<std::string>>& code,
                     const std::string& condition) {
    std::string out = "PTX " + name + "\n{\n";
    for (const std::string& l : locations)
        out += l + "=0; ";
    out += "\n}\n";
    std::size_t rows = 0;
    for (const auto& c : code)
        rows = std::max(rows, c.size());
    for (std::size_t t = 0; t < code.size(); ++t)
        out += " P" + std::to_string(t) + "@cta 0,gpu 0 " + (t + 1 < code.size() ? "|" : ";");
    out += "\n";
    for (std::size_t r = 0; r < rows; ++r) {
        for (std::size_t t = 0; t < code.size(); ++t)
            out += " " + (r < code[t].size() ? code[t][r] : std::string()) +
                   (t + 1 < code.size() ? " |" : " ;");
        out += "\n";
    }
    return out + "exists (" + condition + ")\n";
}

std::string conj(const std::vector<std::string>& parts) {
    std::string out;
    for (const std::string& p : parts)
        out += (out.empty() ? "" : " /\\ ") + p;
    return out.empty() ? "true" : out;
}

} // namespace

const std::vector<Family>& families() {
    static const std::vector<Family> all{
        {"sb-ring", "N-thread store-buffering ring: st.relaxed x_i; fence.sc; ld.relaxed x_{i+1}",
         2, 8},
        {"iriw", "IRIW with N reader threads (2 writers), acquire loads", 2, 6},
        {"wrc-chain", "message passing along a chain of N hops (WRC/ISA2 style), release/acquire",
         2, 8},
        {"st-st-ld-fence-ld", "N threads: st x; st y; ld x; fence.sc.gpu; ld y", 2, 8},
        {"straight", "2 threads, straight-line code of length L (alternating st/ld on x, y)", 2,
         12},
    };
    return all;
}

std::string generate(const std::string& name, int n) {
    std::vector<std::vector<std::string>> code;
    std::vector<std::string> locations, cond;
    if (name == "sb-ring") {
        for (int i = 0; i < n; ++i) {
            locations.push_back(loc("x", i));
            code.push_back({"st.relaxed.gpu " + loc("x", i) + ", 1", "fence.sc.gpu",
                            "ld.relaxed.gpu r0, " + loc("x", (i + 1) % n)});
            cond.push_back("P" + std::to_string(i) + ":r0 == 0");
        }
    } else if (name == "iriw") {
        locations = {"x", "y"};
        code.push_back({"st.relaxed.gpu x, 1"});
        code.push_back({"st.relaxed.gpu y, 1"});
        for (int i = 0; i < n; ++i) {
            const bool xFirst = i % 2 == 0;
            code.push_back({std::string("ld.acquire.gpu r0, ") + (xFirst ? "x" : "y"),
                            std::string("ld.acquire.gpu r1, ") + (xFirst ? "y" : "x")});
            cond.push_back("P" + std::to_string(i + 2) + ":r0 == 1");
            cond.push_back("P" + std::to_string(i + 2) + ":r1 == 0");
        }
    } else if (name == "wrc-chain") {
        // P0 writes data and flag f0; Pi (0 < i < n) acquires f{i-1} and releases f{i}; the last
        // thread acquires f{n-1} and reads the data.
        locations.push_back("d");
        for (int i = 0; i < n; ++i)
            locations.push_back(loc("f", i));
        code.push_back({"st.weak d, 1", "st.release.gpu f0, 1"});
        for (int i = 1; i < n; ++i) {
            code.push_back(
                {"ld.acquire.gpu r0, " + loc("f", i - 1), "st.release.gpu " + loc("f", i) + ", 1"});
            cond.push_back("P" + std::to_string(i) + ":r0 == 1");
        }
        code.push_back({"ld.acquire.gpu r0, " + loc("f", n - 1), "ld.weak r1, d"});
        cond.push_back("P" + std::to_string(n) + ":r0 == 1");
        cond.push_back("P" + std::to_string(n) + ":r1 == 0");
    } else if (name == "st-st-ld-fence-ld") {
        locations = {"x", "y"};
        for (int i = 0; i < n; ++i) {
            const std::string v = std::to_string(i + 1);
            code.push_back({"st.weak x, " + v, "st.weak y, " + v, "ld.weak r0, x", "fence.sc.gpu",
                            "ld.weak r1, y"});
            cond.push_back("P" + std::to_string(i) + ":r1 == " + v);
        }
    } else if (name == "straight") {
        locations = {"x", "y"};
        for (int t = 0; t < 2; ++t) {
            std::vector<std::string> c;
            for (int i = 0; i < n; ++i) {
                const std::string l = (i + t) % 2 == 0 ? "x" : "y";
                c.push_back(i % 2 == t ? "st.relaxed.gpu " + l + ", " + std::to_string(i + 1)
                                       : "ld.relaxed.gpu r" + std::to_string(i) + ", " + l);
            }
            code.push_back(c);
        }
        cond.push_back("x == 1");
    } else {
        std::string known;
        for (const Family& f : families())
            known += " " + f.name;
        throw InputError("unknown family `" + name + "`; the families are:" + known);
    }
    return assemble(name + "-" + std::to_string(n), locations, code, conj(cond));
}

} // namespace ptx::bench
