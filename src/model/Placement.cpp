#include "model/Placement.hpp"

#include "support/Errors.hpp"

#include <algorithm>
#include <map>
#include <utility>

namespace ptx {
namespace {

/// Why the test cannot move between CTAs, or "" when it can.
std::string pinnedBy(const Program& program) {
    if (std::any_of(program.spaces.begin(), program.spaces.end(),
                    [](const auto& kv) { return kv.second == StateSpace::Shared; }))
        return "a location in shared memory";
    for (const Thread& t : program.threads)
        for (const Instruction& ins : t.code) {
            if (std::holds_alternative<Barrier>(ins.body)) return "a barrier";
            const std::optional<StateSpace>* space = nullptr;
            if (const auto* l = std::get_if<Load>(&ins.body)) space = &l->space;
            if (const auto* s = std::get_if<Store>(&ins.body)) space = &s->space;
            if (const auto* a = std::get_if<Atomic>(&ins.body)) space = &a->space;
            if (space && *space == StateSpace::Shared) return "a .shared access";
        }
    return "";
}

/// The threads grouped by CTA (thread index -> group number, numbered by first appearance).
std::vector<int> groups(const Program& program) {
    std::map<std::pair<int, int>, int> number;
    std::vector<int> out;
    for (const Thread& t : program.threads)
        out.push_back(number.emplace(std::make_pair(t.gpu, t.cta), static_cast<int>(number.size()))
                          .first->second);
    return out;
}

} // namespace

const char* placementName(Placement p) {
    switch (p) {
    case Placement::AsWritten:
        return "as-written";
    case Placement::OneCta:
        return "one-cta";
    case Placement::CtaPerThread:
        return "cta-per-thread";
    }
    return "?";
}

std::optional<Placement> parsePlacement(std::string_view name) {
    for (const Placement p : {Placement::AsWritten, Placement::OneCta, Placement::CtaPerThread})
        if (name == placementName(p)) return p;
    return std::nullopt;
}

Program placed(Program program, Placement p) {
    if (p == Placement::AsWritten) return program;
    // A CTA belongs to one kernel, and the host has a GPU of its own: moving threads would mix
    // them, even where the CTAs keep their grouping.
    if (!program.host.empty())
        throw InputError("test " + program.name +
                         " has several kernels or a host thread: it is only validated as "
                         "written, not under the placement " +
                         placementName(p));
    const std::vector<int> before = groups(program);
    int index = 0;
    for (Thread& t : program.threads) {
        t.gpu = 0;
        t.cta = p == Placement::OneCta ? 0 : index;
        ++index;
    }
    if (groups(program) != before) {
        if (const std::string why = pinnedBy(program); !why.empty())
            throw InputError("test " + program.name + " has " + why +
                             ": it is only validated as written, not under the placement " +
                             placementName(p));
    }
    return program;
}

} // namespace ptx
