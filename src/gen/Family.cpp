#include "gen/Family.hpp"

#include "support/Errors.hpp"

#include <map>
#include <stdexcept>

namespace ptx::gen {
namespace {

Access W(const char* loc, int v) {
    return {AccessKind::Write, loc, v, {}};
}
Access R(const char* loc, const char* reg) {
    return {AccessKind::Read, loc, 0, reg};
}

std::vector<Family> makeFamilies() {
    return {
        {"MP",
         "Message passing",
         {{W("x", 1), W("y", 1)}, {R("y", "r0"), R("x", "r1")}},
         "exists (P1:r0 == 1 /\\ P1:r1 == 0)"},
        {"SB",
         "Store buffering",
         {{W("x", 1), R("y", "r0")}, {W("y", 1), R("x", "r1")}},
         "exists (P0:r0 == 0 /\\ P1:r1 == 0)"},
        {"LB",
         "Load buffering",
         {{R("x", "r0"), W("y", 1)}, {R("y", "r1"), W("x", 1)}},
         "exists (P0:r0 == 1 /\\ P1:r1 == 1)"},
        {"CoRR",
         "Coherence read-read",
         {{W("x", 1)}, {R("x", "r0"), R("x", "r1")}},
         "exists (P1:r0 == 1 /\\ P1:r1 == 0)"},
        {"CoWW",
         "Coherence write-write (observed)",
         {{W("x", 1), W("x", 2)}, {R("x", "r0"), R("x", "r1")}},
         "exists (P1:r0 == 2 /\\ P1:r1 == 1)"},
        {"CoWR",
         "Coherence write-read",
         {{W("x", 1), R("x", "r0")}, {W("x", 2)}},
         "exists (P0:r0 == 2 /\\ x == 1)"},
        {"CoRW",
         "Coherence read-write",
         {{R("x", "r0"), W("x", 1)}, {W("x", 2)}},
         "exists (P0:r0 == 2 /\\ x == 2)"},
        {"IRIW",
         "Independent reads of independent writes",
         {{W("x", 1)}, {R("x", "r0"), R("y", "r1")}, {W("y", 1)}, {R("y", "r2"), R("x", "r3")}},
         "exists (P1:r0 == 1 /\\ P1:r1 == 0 /\\ P3:r2 == 1 /\\ P3:r3 == 0)"},
        {"WRC",
         "Write-to-read causality",
         {{W("x", 1)}, {R("x", "r0"), W("y", 1)}, {R("y", "r1"), R("x", "r2")}},
         "exists (P1:r0 == 1 /\\ P2:r1 == 1 /\\ P2:r2 == 0)"},
        {"ISA2",
         "Message passing through a third thread",
         {{W("x", 1), W("y", 1)}, {R("y", "r0"), W("z", 1)}, {R("z", "r1"), R("x", "r2")}},
         "exists (P1:r0 == 1 /\\ P2:r1 == 1 /\\ P2:r2 == 0)"},
        {"2+2W",
         "Two writers, two locations",
         {{W("x", 2), W("y", 1)}, {W("y", 2), W("x", 1)}},
         "exists (x == 2 /\\ y == 2)"},
        {"R",
         "Write-write against write-read",
         {{W("x", 1), W("y", 1)}, {W("y", 2), R("x", "r0")}},
         "exists (y == 2 /\\ P1:r0 == 0)"},
        {"S",
         "Write-write against read-write",
         {{W("x", 2), W("y", 1)}, {R("y", "r0"), W("x", 1)}},
         "exists (P1:r0 == 1 /\\ x == 2)"},
        {"RWC",
         "Read-to-write causality",
         {{W("x", 1)}, {R("x", "r0"), R("y", "r1")}, {W("y", 1), R("x", "r2")}},
         "exists (P1:r0 == 1 /\\ P1:r1 == 0 /\\ P2:r2 == 0)"},
    };
}

} // namespace

bool Family::singleWriterPerLocation() const {
    std::map<std::string, int> writes;
    for (const auto& t : threads)
        for (const Access& a : t)
            if (a.kind == AccessKind::Write && ++writes[a.location] > 1) return false;
    return true;
}

bool Family::uniformThreads() const {
    for (const auto& t : threads)
        if (t.size() != threads.front().size()) return false;
    return true;
}

const std::vector<Family>& families() {
    static const std::vector<Family> all = makeFamilies(); // immutable table, not state
    return all;
}

const Family& family(const std::string& name) {
    std::string known;
    for (const Family& f : families()) {
        if (f.name == name) return f;
        known += (known.empty() ? "" : " ") + f.name;
    }
    throw InputError("unknown family `" + name + "` (known: " + known + ")");
}

} // namespace ptx::gen
