#include "check/MixedSizes.hpp"

#include "check/SourceInstruction.hpp"
#include "check/SplitAccesses.hpp"
#include "model/Names.hpp"
#include "model/Observables.hpp"
#include "model/Unsupported.hpp"
#include "parser/ProgramPrinter.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <tuple>

namespace ptx {
namespace {

/// One access: the bytes [offset, offset + bytes) of `base` (a physical location's base name).
struct Access {
    std::string base;
    std::int64_t offset = 0;
    int bytes = kUntypedAccessBytes;
    SourcePos pos;
    std::string text; // as written: the instruction, `x=1` of the init block, `x` of a condition

    [[nodiscard]] std::int64_t end() const { return offset + bytes; }
    [[nodiscard]] bool overlapsPartially(const Access& o) const {
        return base == o.base && offset < o.end() && o.offset < end() &&
               (offset != o.offset || bytes != o.bytes);
    }
    [[nodiscard]] std::string range() const {
        return "bytes " + std::to_string(offset) + ".." + std::to_string(end() - 1) + " of " + base;
    }
};

class AccessList {
  public:
    AccessList(const Program& program, const ProgramPaths& paths)
        : program_(program), instructions_(program), paths_(paths) {}

    /// Every access, in source order (line, column), each distinct one once.
    std::vector<Access> collect() {
        for (const InitEntry& e : program_.init) {
            const auto* value = std::get_if<std::int64_t>(&e.value);
            if (e.thread || (value && *value == 0)) continue;
            add(e.name, kUntypedAccessBytes, e.pos,
                e.name + "=" + (value ? std::to_string(*value) : "&" + valueTarget(e)) + " (init)");
        }
        for (std::size_t t = 0; t < paths_.threads.size(); ++t) {
            const Thread& thread = program_.threads[t];
            for (const auto* list : {&paths_.threads[t].paths, &paths_.threads[t].stuck})
                for (const ThreadPath& path : *list)
                    for (const Event& e : path.events) {
                        if (!isMemory(e)) continue;
                        const Instruction* ins = instructions_.at(thread.id, e.pos);
                        if (!ins) continue;
                        add(paths_.locations.names()[static_cast<std::size_t>(e.location)],
                            accessShape(*ins).bytes, e.pos,
                            "P" + std::to_string(thread.id) + ": " + printInstruction(*ins));
                    }
        }
        const auto read = [&](const CondCompare& c) {
            for (const Term* term : {&c.lhs, &c.rhs})
                if (const auto* l = std::get_if<LocTerm>(term))
                    add(l->location, kUntypedAccessBytes, c.pos, l->location + " (condition)");
        };
        forEachComparison(program_.condition.expr, read);
        if (program_.filter) forEachComparison(*program_.filter, read);
        for (const Observable& o : program_.locations)
            if (const auto* l = std::get_if<LocTerm>(&o))
                add(l->location, kUntypedAccessBytes, program_.condition.pos,
                    l->location + " (locations clause)");
        std::stable_sort(accesses_.begin(), accesses_.end(), [](const Access& a, const Access& b) {
            return std::tie(a.pos.line, a.pos.col) < std::tie(b.pos.line, b.pos.col);
        });
        return std::move(accesses_);
    }

  private:
    static std::string valueTarget(const InitEntry& e) {
        return std::get<AddressOf>(e.value).location;
    }

    /// `name` is a location or an alias: its physical location's base and offset.
    void add(const std::string& name, int bytes, const SourcePos& pos, std::string text) {
        const auto location = paths_.locations.find(name);
        if (!location) return;
        auto [base, offset] =
            locationParts(paths_.locations.names()[static_cast<std::size_t>(*location)]);
        if (!seen_.emplace(base, offset, bytes, pos.line, pos.col).second) return;
        accesses_.push_back({std::move(base), offset, bytes, pos, std::move(text)});
    }

    const Program& program_;
    SourceInstructions instructions_;
    const ProgramPaths& paths_;
    std::vector<Access> accesses_;
    std::set<std::tuple<std::string, std::int64_t, int, int, int>> seen_;
};

} // namespace

void refuseMixedSizes(const Program& program, const ProgramPaths& paths, const std::string& why) {
    const std::vector<Access> accesses = AccessList(program, paths).collect();
    // The first access (in source order) that overlaps an earlier one in part, and the first
    // such earlier one. Whether two accesses overlap in part depends on their ranges alone, so
    // each access is compared with the distinct ranges before it (by base), each standing for
    // the first access that has it: the accesses times the distinct ranges of their base, where
    // every pair was compared before (`sim` on one thread of 20,000 stores: 1.07 s, 80% of it
    // here).
    std::map<std::string, std::vector<std::size_t>> rangesOf; // base -> first access per range
    for (std::size_t i = 0; i < accesses.size(); ++i) {
        const Access& a = accesses[i];
        std::vector<std::size_t>& earlier = rangesOf[a.base];
        std::optional<std::size_t> first;
        bool known = false;
        for (const std::size_t j : earlier) { // in source order: the first overlap is the one
            const Access& b = accesses[j];
            if (a.overlapsPartially(b)) {
                first = j;
                break;
            }
            known = known || (b.offset == a.offset && b.bytes == a.bytes);
        }
        if (!known) earlier.push_back(i);
        if (!first) continue;
        const Access& b = accesses[*first];
        const std::string file = program.file.empty() ? program.name : program.file;
        throw Unsupported(InputError::Located{},
                          file + ":" + std::to_string(a.pos.line) + ":" +
                              std::to_string(a.pos.col) + ": error: " + a.text + " covers " +
                              a.range() + ", which overlaps " + b.text + " (line " +
                              std::to_string(b.pos.line) + ", column " + std::to_string(b.pos.col) +
                              "; " + b.range() + ") in part: " + why +
                              "; see docs/model-races.md, \"Mixed-size accesses\"");
    }
}

ProgramPaths expandModelled(const Program& program, int unroll, const Deadline& deadline,
                            bool starvedPrefixes) {
    ProgramPaths paths = expandSupported(program, unroll, deadline, starvedPrefixes);
    paths.splitBytes = splitMixedSizes(program, paths);
    return paths;
}

} // namespace ptx
